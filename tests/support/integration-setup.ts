/**
 * Runs around every integration file (vitest.config.ts setupFiles). Files share worker
 * processes (isolate: false): what one file set up must not reach the next. Each file builds
 * its own application context (fixtures.ts: useTestDatabase / useTestContext); here the
 * databases it left open are closed and its context is dropped.
 */
import { afterAll } from "vitest";
import { useAppContext } from "~/server/context.server";
import { jobRunnerStarted, stopJobRunner } from "~/server/jobs.server";
import { closeLeftoverDatabases } from "./fixtures";

afterAll(async () => {
  // A job runner left by the file (loading the server build starts one; page-cache.test.ts ends
  // with the build's shutdown) would tick in the next files, which read the process's context:
  // it delivered mail-outbox's mails ("two runners … deliver a batch once" claimed 16 of 30).
  // Stopped here, and the file that left it fails, named.
  const leftRunner = jobRunnerStarted();
  stopJobRunner();
  await closeLeftoverDatabases();
  useAppContext(undefined);
  if (leftRunner) throw new Error("Este archivo dejó corriendo las tareas programadas: detenlas al terminar");
});

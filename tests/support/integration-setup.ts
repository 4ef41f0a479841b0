/**
 * Runs around every integration file (vitest.config.ts setupFiles). Files share worker
 * processes (isolate: false): what one file set up must not reach the next. Each file builds
 * its own application context (fixtures.ts: useTestDatabase / useTestContext); here the
 * databases it left open are closed and its context is dropped.
 */
import { afterAll, beforeAll } from "vitest";
import { useAppContext } from "~/server/context.server";
import { jobRunnerStarted, stopJobRunner } from "~/server/jobs.server";
import { closeLeftoverDatabases } from "./fixtures";

beforeAll(() => {
  // A file that loads the server build (page-cache, behind-proxy) starts its job runner, whose
  // ticks read the process's context: left running, it delivered the next file's mails
  // (mail-outbox: "two runners … deliver a batch once" claimed 16 of 30).
  if (jobRunnerStarted()) throw new Error("Un archivo anterior dejó corriendo las tareas programadas");
});

afterAll(async () => {
  stopJobRunner();
  await closeLeftoverDatabases();
  useAppContext(undefined);
});

/**
 * Runs around every integration file (vitest.config.ts setupFiles). Files share worker
 * processes (isolate: false): what one file set up must not reach the next. Each file builds
 * its own application context (fixtures.ts: useTestDatabase / useTestContext); here the
 * databases it left open are closed and its context is dropped.
 */
import { afterAll } from "vitest";
import { useAppContext } from "~/server/context.server";
import { closeLeftoverDatabases } from "./fixtures";

afterAll(async () => {
  await closeLeftoverDatabases();
  useAppContext(undefined);
});

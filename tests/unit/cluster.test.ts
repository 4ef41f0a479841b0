/** server/cluster.js: how many processes serve. PGlite is one process; PostgreSQL uses every core. */
import os from "node:os";
import { afterEach, describe, expect, it, vi } from "vitest";
import { clusterWorkers } from "../../server/cluster.js";

afterEach(() => vi.unstubAllEnvs());

describe("clusterWorkers", () => {
  it("runs one process per core in production on PostgreSQL, or WEB_CONCURRENCY of them", () => {
    vi.stubEnv("NODE_ENV", "production");
    vi.stubEnv("DATABASE_URL", "postgres://localhost/michel");
    vi.stubEnv("WEB_CONCURRENCY", "");
    expect(clusterWorkers()).toBe(os.availableParallelism());
    vi.stubEnv("WEB_CONCURRENCY", "3");
    expect(clusterWorkers()).toBe(3);
    vi.stubEnv("WEB_CONCURRENCY", "cero");
    expect(clusterWorkers()).toBe(os.availableParallelism());
  });

  it("keeps the embedded database, and development, in one process", () => {
    vi.stubEnv("NODE_ENV", "production");
    vi.stubEnv("DATABASE_URL", "");
    vi.stubEnv("WEB_CONCURRENCY", "4");
    expect(clusterWorkers()).toBe(1);
    vi.stubEnv("NODE_ENV", "development");
    vi.stubEnv("DATABASE_URL", "postgres://localhost/michel");
    expect(clusterWorkers()).toBe(1);
  });
});

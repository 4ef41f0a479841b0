/** server/cluster.js: how many processes serve. PGlite is one process; PostgreSQL uses every core. */
import os from "node:os";
import { describe, expect, it } from "vitest";
import { clusterWorkers } from "../../server/cluster.js";

describe("clusterWorkers", () => {
  it("runs one process per core in production on PostgreSQL, or WEB_CONCURRENCY of them", () => {
    const production = { NODE_ENV: "production", DATABASE_URL: "postgres://localhost/michel" };
    expect(clusterWorkers({ ...production, WEB_CONCURRENCY: "" })).toBe(os.availableParallelism());
    expect(clusterWorkers({ ...production, WEB_CONCURRENCY: "3" })).toBe(3);
    expect(clusterWorkers({ ...production, WEB_CONCURRENCY: "cero" })).toBe(os.availableParallelism());
  });

  it("keeps the embedded database, and development, in one process", () => {
    expect(clusterWorkers({ NODE_ENV: "production", DATABASE_URL: "", WEB_CONCURRENCY: "4" })).toBe(1);
    expect(clusterWorkers({ NODE_ENV: "development", DATABASE_URL: "postgres://localhost/michel", WEB_CONCURRENCY: "4" })).toBe(1);
  });
});

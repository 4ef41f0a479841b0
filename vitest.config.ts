import { defineConfig } from "vitest/config";

// Kept apart from vite.config.ts: the React Router plugin must not load under Vitest.
export default defineConfig({
  resolve: { tsconfigPaths: true },
  test: {
    // Two files at once on a 2-core machine (Vitest's default is one fewer than the cores): each
    // integration file starts a process of its own and waits on its database as much as it
    // computes (the PGlite integration suite 6 min 34 s → 5 min 16 s). The end-to-end and fault
    // files still run one at a time (fileParallelism: false below).
    maxWorkers: 2,
    projects: [
      {
        extends: true,
        test: { name: "unit", include: ["app/**/*.test.ts", "tests/unit/**/*.test.ts"], environment: "node" },
      },
      {
        extends: true,
        test: {
          name: "integration",
          include: ["tests/integration/**/*.test.ts"],
          // Files share the two worker processes and their loaded modules (the server graph,
          // Better Auth, PGlite's compiled engine): each file builds its own application context
          // and database (ADR 031), and integration-setup.ts drops them after the file.
          isolate: false,
          setupFiles: ["tests/support/integration-setup.ts"],
          testTimeout: 60_000,
          hookTimeout: 120_000,
        },
      },
      {
        extends: true,
        test: {
          // Database faults and shutdown against the real server process (npm run test:faults).
          name: "faults",
          include: ["tests/faults/**/*.test.ts"],
          globalSetup: ["tests/faults/global-setup.ts"],
          // A new embedded database is created by the server under test: seconds when idle,
          // most of a minute on two busy cores.
          testTimeout: 180_000,
          hookTimeout: 120_000,
          fileParallelism: false,
        },
      },
      {
        extends: true,
        test: {
          name: "e2e",
          include: ["tests/e2e/**/*.test.ts"],
          globalSetup: ["tests/e2e/global-setup.ts"],
          // A busy 2-core machine (CI, other work) can take seconds to answer a click.
          expect: { poll: { timeout: 15_000 } },
          testTimeout: 120_000,
          hookTimeout: 180_000,
          // Two files at a time (maxWorkers above): they share one server and one Chromium
          // (global-setup.ts), make their own accounts, codes, products and categories, and each
          // is a visitor of its own address (shared-browser.ts), with its own rate limits.
        },
      },
    ],
  },
});

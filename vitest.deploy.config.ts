import { defineConfig } from "vitest/config";

// npm run test:deploy: the production topology on this machine (tests/deploy/). Kept out of
// vitest.config.ts so that `npm test` does not run it; CI runs it as a step of its own.
export default defineConfig({
  resolve: { tsconfigPaths: true },
  test: {
    name: "deploy",
    include: ["tests/deploy/**/*.test.ts"],
    expect: { poll: { timeout: 20_000 } },
    testTimeout: 120_000,
    // the production build (a minute or two when the sources changed), Caddy, the app's start
    hookTimeout: 300_000,
    fileParallelism: false,
  },
});

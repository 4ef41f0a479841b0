/**
 * The production build the tests run (the end-to-end server, the fault tests' servers, the
 * page cache's integration test): built once per state of the sources and kept in
 * .tmp/test-build under a hash of everything the build reads, so one `npm test` builds once
 * instead of three times, and CI's PostgreSQL steps reuse it (each build is one to two minutes
 * of a 2-core machine). A build is made under a name of its own and renamed when complete;
 * a lock directory makes a second caller wait for the first one's build instead of building
 * beside it.
 */
import { execFileSync } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import { hashOfFiles } from "./hash-files";

const ROOT = path.resolve(".tmp/test-build");
/** What the build reads: the app, what it imports, its configuration and its packages. */
const INPUTS = [
  "app",
  "content",
  "public",
  "seed",
  "vite.config.ts",
  "react-router.config.ts",
  "tsconfig.json",
  "package.json",
  "package-lock.json",
];
/** A lock older than this is a build that died with its process: taken over. */
const STALE_LOCK_MS = 15 * 60 * 1000;

/** The path of a complete production build of the sources as they are now (built if needed). */
export async function productionBuild(): Promise<string> {
  const name = hashOfFiles([process.env.SOURCEMAP ?? ""], INPUTS);
  const done = path.join(ROOT, name);
  const lock = path.join(ROOT, `${name}.lock`);
  fs.mkdirSync(ROOT, { recursive: true });
  for (;;) {
    if (fs.existsSync(done)) return done;
    try {
      fs.mkdirSync(lock);
    } catch {
      const age = Date.now() - (fs.statSync(lock, { throwIfNoEntry: false })?.mtimeMs ?? Date.now());
      if (age > STALE_LOCK_MS) fs.rmSync(lock, { recursive: true, force: true });
      else await new Promise((resolve) => setTimeout(resolve, 500));
      continue;
    }
    try {
      if (fs.existsSync(done)) return done;
      const partial = path.join(ROOT, `${name}.${process.pid}`);
      fs.rmSync(partial, { recursive: true, force: true });
      // NODE_ENV=production: vitest sets "test", and Vite would then bundle React's development
      // build (165 KiB of JavaScript instead of 105), not the production server's pages.
      execFileSync("npx", ["react-router", "build"], {
        env: { ...process.env, NODE_ENV: "production", BUILD_DIR: partial },
        stdio: "ignore",
      });
      // Older states' builds are of no more use.
      for (const entry of fs.readdirSync(ROOT)) {
        if (entry !== name && !entry.endsWith(".lock") && /^[0-9a-f]{16}$/.test(entry)) {
          fs.rmSync(path.join(ROOT, entry), { recursive: true, force: true });
        }
      }
      fs.renameSync(partial, done);
      return done;
    } finally {
      fs.rmSync(lock, { recursive: true, force: true });
    }
  }
}

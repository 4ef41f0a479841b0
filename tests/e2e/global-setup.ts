/**
 * End-to-end tests run against the real production server: built into a private folder,
 * started on a free port with a fresh DATA_DIR (embedded database, demo data, outbox).
 */
import { execFileSync } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import type { TestProject } from "vitest/node";
import type { BrowserServer } from "playwright-core";
import { launchBrowserServer } from "../support/browser";
import { productionBuild } from "../support/build";
import { demoMediaCache } from "../support/demo-media-cache";
import { type ServerProcess, freePort, startServerProcess } from "../support/server-process";

declare module "vitest" {
  export interface ProvidedContext {
    baseURL: string;
    dataDir: string;
    /** the production build the server runs (tests/support/build.ts) */
    buildDir: string;
    /** the Chromium every file connects to (tests/e2e/shared-browser.ts) */
    browserWSEndpoint: string;
  }
}

/**
 * The studio's account of the tests, made with the create-admin command before the server
 * starts (ADMIN_EMAILS only promotes verified addresses, and a sign-up verifies nothing).
 */
export const E2E_ADMIN = { name: "Michel", email: "estudio-e2e@example.com", password: "clave-del-estudio-e2e" };

let server: ServerProcess | undefined;
let chromium: BrowserServer | undefined;

export default async function setup(project: TestProject) {
  // Inside the project so that the server build resolves node_modules.
  fs.mkdirSync(".tmp", { recursive: true });
  const root = fs.mkdtempSync(path.join(process.cwd(), ".tmp", "e2e-"));
  const buildDir = await productionBuild();
  const dataDir = path.join(root, "data");
  const port = await freePort();
  const baseURL = `http://127.0.0.1:${port}`;
  const serverEnv = {
    DATA_DIR: dataDir,
    SEED_DEMO: "",
    // As deployed, behind one proxy: each test file's browser is a visitor of its own, named by
    // X-Forwarded-For (tests/e2e/shared-browser.ts), so files running at once do not share the
    // rate limits of 127.0.0.1.
    TRUST_PROXY: "1",
    // the demo's drawings, copied when a run before drew them (demo-media.test.ts, this set-up)
    DEMO_MEDIA_CACHE: process.env.DEMO_MEDIA_CACHE ?? demoMediaCache(),
  };
  // The admin account (tests/e2e/admin.test.ts), as a studio makes its first one: the command
  // runs while no server holds the database (it creates it; the server then seeds the demo).
  execFileSync(
    "npx",
    ["tsx", "scripts/create-admin.ts", E2E_ADMIN.email, "--password", E2E_ADMIN.password, "--nombre", E2E_ADMIN.name],
    // its output travels in the error if it fails
    { env: { ...process.env, ...serverEnv, PUBLIC_URL: baseURL, DATABASE_URL: "" }, stdio: ["ignore", "pipe", "pipe"] },
  );
  // Chromium starts while the server seeds its database (a first start draws the demo's images).
  const browserStarted = launchBrowserServer();
  try {
    server = await startServerProcess({ buildDir, env: serverEnv, port, readyTimeoutMs: 300_000 });
    chromium = await browserStarted;
  } catch (error) {
    // Vitest runs no teardown for a set-up that failed: nothing is left running.
    await browserStarted.then((browser) => browser.close()).catch(() => undefined);
    await server?.stop("SIGKILL");
    fs.rmSync(root, { recursive: true, force: true });
    throw error;
  }
  project.provide("browserWSEndpoint", chromium.wsEndpoint());
  project.provide("baseURL", baseURL);
  project.provide("dataDir", dataDir);
  project.provide("buildDir", buildDir);

  return async () => {
    await chromium?.close();
    await server?.stop("SIGTERM");
    fs.rmSync(root, { recursive: true, force: true });
  };
}

/**
 * End-to-end tests run against the real production server: built into a private folder,
 * started on a free port with a fresh DATA_DIR (embedded database, demo data, outbox).
 */
import { type ChildProcess, execFileSync, spawn } from "node:child_process";
import fs from "node:fs";
import net from "node:net";
import path from "node:path";
import type { TestProject } from "vitest/node";
import type { BrowserServer } from "playwright-core";
import { launchBrowserServer } from "../support/browser";
import { productionBuild } from "../support/build";
import { demoMediaCache } from "../support/demo-media-cache";

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

let server: ChildProcess | undefined;
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
    ...process.env,
    NODE_ENV: "production",
    BUILD_DIR: path.relative(process.cwd(), buildDir) || buildDir,
    DATA_DIR: dataDir,
    PORT: String(port),
    PUBLIC_URL: baseURL,
    DATABASE_URL: "",
    // the demo's drawings, copied when a run before drew them (demo-media.test.ts, this set-up)
    DEMO_MEDIA_CACHE: process.env.DEMO_MEDIA_CACHE ?? demoMediaCache(),
  };
  // The admin account (tests/e2e/admin.test.ts), as a studio makes its first one: the command
  // runs while no server holds the database (it creates it; the server then seeds the demo).
  restoreDemoMedia(buildDir, dataDir);
  execFileSync(
    "npx",
    ["tsx", "scripts/create-admin.ts", E2E_ADMIN.email, "--password", E2E_ADMIN.password, "--nombre", E2E_ADMIN.name],
    // its output travels in the error if it fails
    { env: serverEnv, stdio: ["ignore", "pipe", "pipe"] },
  );
  server = spawn(process.execPath, ["server.js"], { env: serverEnv, stdio: ["ignore", "pipe", "pipe"] });
  let log = "";
  server.stdout?.on("data", (chunk) => (log += chunk));
  server.stderr?.on("data", (chunk) => (log += chunk));
  // Chromium starts while the server seeds its database.
  const browserStarted = launchBrowserServer();
  try {
    await waitForHealth(baseURL, () => log);
    chromium = await browserStarted;
  } catch (error) {
    // Vitest runs no teardown for a set-up that failed: nothing is left running.
    await browserStarted.then((browser) => browser.close()).catch(() => undefined);
    if (server.exitCode === null) {
      server.kill("SIGKILL");
      await new Promise((resolve) => server?.once("exit", resolve));
    }
    fs.rmSync(root, { recursive: true, force: true });
    throw error;
  }
  keepDemoMedia(buildDir, dataDir);
  project.provide("browserWSEndpoint", chromium.wsEndpoint());
  project.provide("baseURL", baseURL);
  project.provide("dataDir", dataDir);
  project.provide("buildDir", buildDir);

  return async () => {
    await chromium?.close();
    if (server && server.exitCode === null) {
      server.kill("SIGTERM");
      await new Promise((resolve) => server?.once("exit", resolve));
    }
    fs.rmSync(root, { recursive: true, force: true });
  };
}

/**
 * The demo's images, drawn by the server's first seeding (842 files: a minute of an idle
 * 2-core machine, four of a busy one), kept beside the build whose sources drew them (the build's
 * hash covers seed/): a later run copies them into its new DATA_DIR, and the seeding, which
 * writes only missing files (seed/media/generate.ts), finds them there.
 */
const MEDIA_DIRS = ["uploads", "private"];
const demoMediaCache = (buildDir: string) => path.join(buildDir, "e2e-demo-media");

function restoreDemoMedia(buildDir: string, dataDir: string) {
  const cache = demoMediaCache(buildDir);
  if (!fs.existsSync(cache)) return;
  for (const dir of MEDIA_DIRS) {
    if (fs.existsSync(path.join(cache, dir))) {
      fs.cpSync(path.join(cache, dir), path.join(dataDir, dir), { recursive: true });
    }
  }
}

/** Right after the first start, before any test writes an upload of its own. */
function keepDemoMedia(buildDir: string, dataDir: string) {
  const cache = demoMediaCache(buildDir);
  if (fs.existsSync(cache)) return;
  const partial = `${cache}.${process.pid}`;
  fs.rmSync(partial, { recursive: true, force: true });
  for (const dir of MEDIA_DIRS) {
    if (fs.existsSync(path.join(dataDir, dir))) {
      fs.cpSync(path.join(dataDir, dir), path.join(partial, dir), { recursive: true });
    }
  }
  try {
    fs.renameSync(partial, cache);
  } catch {
    // another run kept its copy first
    fs.rmSync(partial, { recursive: true, force: true });
  }
}

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = net.createServer();
    probe.listen(0, "127.0.0.1", () => {
      const { port } = probe.address() as net.AddressInfo;
      probe.close(() => resolve(port));
    });
    probe.on("error", reject);
  });
}

/**
 * A first start creates the database, imports the demo and draws its images (in the
 * seeding child process) before the server listens: seconds on an idle machine, minutes
 * on two cores shared with other test runs.
 */
async function waitForHealth(baseURL: string, log: () => string) {
  const deadline = Date.now() + 300_000;
  while (Date.now() < deadline) {
    if (server?.exitCode !== null) throw new Error(`El servidor terminó al arrancar:\n${log()}`);
    try {
      const response = await fetch(`${baseURL}/healthz`);
      if (response.ok) return;
    } catch {}
    await new Promise((r) => setTimeout(r, 250));
  }
  throw new Error(`El servidor no respondió a tiempo:\n${log()}`);
}

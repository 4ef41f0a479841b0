/**
 * npm run bench:start — build time, cold start on an empty DATA_DIR (migrations + demo
 * seed + media), warm start on the same DATA_DIR, and memory after boot.
 */
import { execFileSync } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import { rssMiB, startServer } from "./server";

const dataDir = path.resolve(".tmp/bench-start");
fs.rmSync(dataDir, { recursive: true, force: true });

let t = performance.now();
execFileSync("npx", ["react-router", "build"], { stdio: "ignore" });
const buildMs = performance.now() - t;

const cold = await startServer(dataDir, 3291);
const coldRss = rssMiB(cold.process.pid!);
await cold.stop();

t = performance.now();
const warm = await startServer(dataDir, 3291);
await fetch(`${warm.baseURL}/`);
const warmRss = rssMiB(warm.process.pid!);
await warm.stop();

const rows = [
  ["build (react-router build)", `${(buildMs / 1000).toFixed(1)} s`],
  ["cold start, empty DATA_DIR (migrate + seed + media)", `${(cold.readyMs / 1000).toFixed(1)} s`],
  ["RSS after cold boot", `${coldRss} MiB`],
  ["warm start, existing DATA_DIR", `${(warm.readyMs / 1000).toFixed(1)} s`],
  ["RSS after warm boot and one page", `${warmRss} MiB`],
];
for (const [name, value] of rows) console.log(`${name.padEnd(55)} ${value}`);
fs.rmSync(dataDir, { recursive: true, force: true });

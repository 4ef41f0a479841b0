#!/usr/bin/env node
/**
 * npm run test:busy — the whole suite (or the Vitest arguments given) with the machine's cores
 * kept busy by other work, as on a shared CI host (issue 26: no test may fail because the
 * machine is busy). One busy loop per core runs beside Vitest, at the same priority, for the
 * whole run; the exit code is Vitest's.
 *
 *   npm run test:busy                       # npm test with a hog per core
 *   HOGS=1 npm run test:busy -- --project e2e
 */
import { spawn } from "node:child_process";
import os from "node:os";

const count = Number(process.env.HOGS ?? os.availableParallelism());
const hogs = Array.from({ length: count }, () => spawn(process.execPath, ["-e", "for (;;) {}"], { stdio: "ignore" }));
const stopHogs = () => {
  for (const hog of hogs) hog.kill("SIGKILL");
};
process.on("exit", stopHogs);
console.log(`${count} busy loop(s) beside the suite`);

const started = Date.now();
const vitest = spawn("npx", ["vitest", "run", ...process.argv.slice(2)], { stdio: "inherit" });
for (const signal of ["SIGINT", "SIGTERM"]) process.on(signal, () => vitest.kill(signal));
vitest.on("exit", (code, signal) => {
  stopHogs();
  console.log(
    `test:busy: ${Math.round((Date.now() - started) / 1000)} s with ${count} busy loop(s), exit ${code ?? signal}`,
  );
  process.exit(code ?? 1);
});

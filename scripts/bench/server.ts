/** Starts the production server on a fresh or given DATA_DIR and reports when it is healthy. */
import { type ChildProcess, spawn } from "node:child_process";
import fs from "node:fs";

export type RunningServer = { process: ChildProcess; baseURL: string; readyMs: number; stop: () => Promise<void> };

export async function startServer(
  dataDir: string,
  port: number,
  extraEnv: Record<string, string> = {},
  /** another checkout whose build to serve (its own server.js and build/) */
  cwd?: string,
): Promise<RunningServer> {
  const started = performance.now();
  const child = spawn(process.execPath, ["server.js"], {
    env: {
      ...process.env,
      NODE_ENV: "production",
      DATA_DIR: dataDir,
      PORT: String(port),
      DATABASE_URL: "",
      ...extraEnv,
    },
    stdio: "ignore",
    cwd,
  });
  // A bench that dies (Chromium missing, say) takes its server with it: an orphan would keep the
  // port and serve the next run's deleted DATA_DIR.
  const orphanGuard = () => child.kill("SIGTERM");
  process.once("exit", orphanGuard);
  const baseURL = `http://127.0.0.1:${port}`;
  for (;;) {
    if (child.exitCode !== null) throw new Error("el servidor terminó al arrancar");
    try {
      if ((await fetch(`${baseURL}/healthz`)).ok) break;
    } catch {}
    await new Promise((r) => setTimeout(r, 50));
  }
  const readyMs = performance.now() - started;
  return {
    process: child,
    baseURL,
    readyMs,
    stop: async () => {
      process.off("exit", orphanGuard);
      if (child.exitCode !== null || child.signalCode !== null) return;
      child.kill("SIGTERM");
      await new Promise((r) => child.once("exit", r));
    },
  };
}

/** Resident memory of a process in MiB (Linux). */
export function rssMiB(pid: number): number {
  const status = fs.readFileSync(`/proc/${pid}/status`, "utf8");
  const kb = Number(status.match(/VmRSS:\s+(\d+)/)?.[1] ?? 0);
  return Math.round(kb / 1024);
}

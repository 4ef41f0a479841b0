/**
 * The studio's commands (scripts/commands/: admin:create, backup, restore) in tests, on a
 * DATA_DIR of the test's own (no PostgreSQL, no bucket):
 *
 *   await runInProcess(backupCommand, [], dataDir)          // most cases: no process, no tsx
 *   await npmRun("backup", [], dataDir)                     // the entry point, as the studio runs it
 *   const app = await holdLockInAnotherProcess(dataDir)     // a running app's lock on the folder
 *
 * In-process, the command runs in a context of its own read from the test's environment plus
 * DATA_DIR (ADR 031), as the script's would be. A lock that holds this process's pid is taken
 * over by this process (client.server.ts, acquireLock), so "another process holds the folder"
 * needs a live process of its own: `holdLockInAnotherProcess` starts a bare `node` that takes
 * the lock the way the app does (the lock file created with its pid) and stays alive.
 */
import { execFile, spawn } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import { once } from "node:events";
import { createAppContext, runInAppContext } from "~/server/context.server";
import type { Command } from "../../scripts/commands/command";

export type CommandRun = {
  code: number;
  stdout: string;
  stderr: string;
  /** both, as a terminal shows them */
  out: string;
};

/** The variables of a command on `dataDir`: the test process's, without PostgreSQL or a bucket. */
export const commandEnvironment = (dataDir: string) => ({
  ...process.env,
  DATA_DIR: dataDir,
  DATABASE_URL: "",
  S3_BUCKET: "",
});

/** Runs `command` in this process, in a context read from commandEnvironment(dataDir). */
export async function runInProcess(command: Command, args: string[], dataDir: string): Promise<CommandRun> {
  const stdout: string[] = [];
  const stderr: string[] = [];
  const out: string[] = [];
  const context = createAppContext({ environment: commandEnvironment(dataDir) });
  const code = await runInAppContext(context, () =>
    command(args, {
      log: (line) => {
        stdout.push(`${line}\n`);
        out.push(`${line}\n`);
      },
      error: (line) => {
        stderr.push(`${line}\n`);
        out.push(`${line}\n`);
      },
    }),
  );
  return { code, stdout: stdout.join(""), stderr: stderr.join(""), out: out.join("") };
}

/** `npm run <script> -- <args>` in a process of its own on `dataDir`, as the studio runs it. */
export function npmRun(script: string, args: string[], dataDir: string): Promise<CommandRun> {
  return new Promise((resolve) => {
    execFile(
      "npm",
      ["run", script, ...(args.length > 0 ? ["--", ...args] : [])],
      { env: commandEnvironment(dataDir), timeout: 200_000 },
      (error, stdout, stderr) =>
        resolve({ code: error ? Number(error.code ?? 1) : 0, stdout, stderr, out: stdout + stderr }),
    );
  });
}

/**
 * Another live process holding `dataDir`'s lock, as a running app does; `release` ends it
 * (the process this started, by its pid) and removes the lock it leaves behind.
 */
export async function holdLockInAnotherProcess(dataDir: string): Promise<{ pid: number; release(): Promise<void> }> {
  const lockFile = path.join(dataDir, "pglite.lock");
  fs.mkdirSync(dataDir, { recursive: true });
  const child = spawn(
    process.execPath,
    [
      "-e",
      `require("node:fs").writeFileSync(process.argv[1], String(process.pid), { flag: "wx" });
       process.stdout.write("ready\\n");
       setInterval(() => {}, 60_000);`,
      lockFile,
    ],
    { stdio: ["ignore", "pipe", "inherit"] },
  );
  const exited = once(child, "exit");
  const ready = once(child.stdout, "data");
  await Promise.race([
    ready,
    exited.then(([code]) => {
      throw new Error(`The lock holder exited (${code}) before taking ${lockFile}`);
    }),
  ]);
  return {
    pid: child.pid!,
    release: async () => {
      if (child.exitCode === null && child.signalCode === null) {
        child.kill();
        await exited;
      }
      fs.rmSync(lockFile, { force: true });
    },
  };
}

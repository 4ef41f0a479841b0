/**
 * The one test-server starter: `node server.js` over a production build, on a free port,
 * with the environment a test gives it (its own DATA_DIR, or DATABASE_URL). The e2e set-up's
 * shared server, the mode tests' deployments, the fault and shutdown tests all start it here.
 *
 *   const server = await startServerProcess({ buildDir, env: { DATABASE_URL: url } });
 *   await fetch(`${server.baseURL}/healthz`);
 *   const { code } = await server.stop("SIGTERM");
 */
import { type ChildProcess, spawn } from "node:child_process";
import net from "node:net";
import path from "node:path";

export type ServerProcess = {
  baseURL: string;
  port: number;
  child: ChildProcess;
  /** Everything the process printed so far. */
  log: () => string;
  /** Resolves when the process has exited. */
  exited: Promise<{ code: number | null; signal: NodeJS.Signals | null }>;
  /** Resolves once the process printed a line containing `text`. */
  printed: (text: string) => Promise<void>;
  /** Sends the signal and waits for the exit. */
  stop: (signal?: NodeJS.Signals) => Promise<{ code: number | null; signal: NodeJS.Signals | null }>;
};

export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = net.createServer();
    probe.listen(0, "127.0.0.1", () => {
      const { port } = probe.address() as net.AddressInfo;
      probe.close(() => resolve(port));
    });
    probe.on("error", reject);
  });
}

export async function startServerProcess(options: {
  buildDir: string;
  env: Record<string, string>;
  /** Called with everything printed so far, after each chunk (to act before the app is ready). */
  onOutput?: (output: string) => void;
  /** A port chosen before (freePort), e.g. to run a command with the same settings first. */
  port?: number;
  /** Wait for /healthz (default), or return at once: a process expected to refuse to start. */
  waitUntilReady?: boolean;
  /** How long /healthz may take: a first start that seeds the demo takes longer. */
  readyTimeoutMs?: number;
}): Promise<ServerProcess> {
  const port = options.port ?? (await freePort());
  const baseURL = `http://127.0.0.1:${port}`;
  const child = spawn(process.execPath, ["server.js"], {
    env: {
      ...process.env,
      NODE_ENV: "production",
      BUILD_DIR: path.relative(process.cwd(), options.buildDir) || options.buildDir,
      PORT: String(port),
      PUBLIC_URL: baseURL,
      DATABASE_URL: "",
      SEED_DEMO: "0",
      ...options.env,
    },
    stdio: ["ignore", "pipe", "pipe"],
  });
  let output = "";
  const watchers: { text: string; resolve: () => void }[] = [];
  const onOutput = (chunk: Buffer) => {
    output += chunk.toString("utf8");
    options.onOutput?.(output);
    for (const watcher of [...watchers]) {
      if (output.includes(watcher.text)) {
        watchers.splice(watchers.indexOf(watcher), 1);
        watcher.resolve();
      }
    }
  };
  child.stdout?.on("data", onOutput);
  child.stderr?.on("data", onOutput);
  const exited = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((resolve) =>
    child.once("exit", (code, signal) => resolve({ code, signal })),
  );

  const server: ServerProcess = {
    baseURL,
    port,
    child,
    log: () => output,
    exited,
    printed: (text) =>
      output.includes(text) ? Promise.resolve() : new Promise((resolve) => watchers.push({ text, resolve })),
    stop: async (signal = "SIGTERM") => {
      if (child.exitCode === null && child.signalCode === null) child.kill(signal);
      return exited;
    },
  };

  if (options.waitUntilReady === false) return server;
  const deadline = Date.now() + (options.readyTimeoutMs ?? 120_000);
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`El servidor terminó al arrancar:\n${output}`);
    try {
      if ((await fetch(`${baseURL}/healthz`)).ok) return server;
    } catch {}
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  child.kill("SIGKILL");
  throw new Error(`El servidor no respondió a tiempo:\n${output}`);
}

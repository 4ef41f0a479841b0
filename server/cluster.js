// All cores on PostgreSQL (ADR 015): in production with DATABASE_URL, server.js becomes a small
// primary that prepares the database once (migrations, demo seed: server/prepare.js in a child
// process) and then forks WEB_CONCURRENCY workers (default: one per core) that share the port.
// A worker that dies is replaced; SIGINT/SIGTERM are passed on to the workers, which close
// themselves (server.js), and the primary leaves when they are gone. The embedded database
// (PGlite) is one process: without DATABASE_URL nothing changes.
import { fork } from "node:child_process";
import cluster from "node:cluster";
import os from "node:os";

/** How many worker processes to run: 1 (no cluster) unless production on PostgreSQL. */
export function clusterWorkers(environment = process.env) {
  if (environment.NODE_ENV !== "production" || !environment.DATABASE_URL) return 1;
  const asked = Number.parseInt(environment.WEB_CONCURRENCY ?? "", 10);
  return asked > 0 ? asked : os.availableParallelism();
}

/** Prepares the database, forks the workers and keeps them running; never returns. */
export async function runPrimary(workers) {
  const prepared = await new Promise((resolve) => {
    const child = fork(new URL("./prepare.js", import.meta.url), { stdio: "inherit" });
    child.once("exit", (code) => resolve(code === 0));
  });
  if (!prepared) {
    console.error("No se pudo preparar la base de datos: el servidor no arranca.");
    process.exit(1);
  }

  let stopping = false;
  // Our own count: Node removes a worker from cluster.workers only after both its 'exit' and
  // 'disconnect', in either order, so at 'exit' the list may still hold it.
  const alive = new Set();
  const start = () => alive.add(cluster.fork({ DATABASE_PREPARED: "1" }));
  for (let i = 0; i < workers; i++) start();
  cluster.on("exit", (worker, code, signal) => {
    alive.delete(worker);
    if (stopping) {
      if (alive.size === 0) process.exit(0);
      return;
    }
    console.error(`El proceso ${worker.process.pid} terminó (${signal ?? code}); se inicia otro.`);
    setTimeout(start, 1000);
  });
  for (const signal of ["SIGINT", "SIGTERM"]) {
    process.once(signal, () => {
      stopping = true;
      if (alive.size === 0) process.exit(0);
      for (const worker of alive) worker.process.kill(signal);
    });
  }
  return new Promise(() => {});
}

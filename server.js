// The HTTP entry: wiring only. In production it serves the React Router build (whose server
// entry is server/app.ts); in development Vite in middleware mode loads the same module.
import compression from "compression";
import express from "express";
import { clusterWorkers, runPrimary } from "./server/cluster.js";

const PORT = Number(process.env.PORT || 3000);
const DEVELOPMENT = process.env.NODE_ENV !== "production";
const BUILD_DIR = process.env.BUILD_DIR || "build";

// Production on PostgreSQL: a primary that forks one worker per core (server/cluster.js).
const WORKERS = clusterWorkers();
if (WORKERS > 1 && !process.env.DATABASE_PREPARED) await runPrimary(WORKERS);

const server = express();
server.disable("x-powered-by");
server.use(compression());

let appModule;
if (DEVELOPMENT) {
  const vite = await import("vite");
  const viteDevServer = await vite.createServer({ server: { middlewareMode: true } });
  server.use(viteDevServer.middlewares);
  appModule = await viteDevServer.ssrLoadModule("./server/app.ts");
  server.use(async (req, res, next) => {
    try {
      const source = await viteDevServer.ssrLoadModule("./server/app.ts");
      return await source.app(req, res, next);
    } catch (error) {
      if (error instanceof Error) viteDevServer.ssrFixStacktrace(error);
      next(error);
    }
  });
} else {
  // Fingerprinted assets never change: cache them for a year.
  server.use("/assets", express.static(`${BUILD_DIR}/client/assets`, { immutable: true, maxAge: "1y" }));
  server.use(express.static(`${BUILD_DIR}/client`, { maxAge: "1h", index: false }));
  appModule = await import(new URL(`${BUILD_DIR}/server/index.js`, `file://${process.cwd()}/`).href);
  server.use(appModule.app);
}

const listener = server.listen(PORT, () => {
  console.log(`Michel Alvarez escuchando en http://localhost:${PORT}`);
});

// Close the database cleanly so PGlite flushes to DATA_DIR and releases its lock.
for (const signal of ["SIGINT", "SIGTERM"]) {
  process.once(signal, async () => {
    listener.close();
    await appModule.shutdown?.();
    process.exit(0);
  });
}

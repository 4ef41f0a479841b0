// The HTTP entry: wiring only. In production it serves the React Router build (whose server
// entry is server/app.ts); in development Vite in middleware mode loads the same module.
import http from "node:http";
import compression from "compression";
import express from "express";
import expressStaticGzip from "express-static-gzip";
import { clusterWorkers, runPrimary } from "./server/cluster.js";

const PORT = Number(process.env.PORT || 3000);
// The address to listen on: every interface unless HOST names one (127.0.0.1 behind a proxy on
// the same machine: nobody else can reach the app and forge the X-Forwarded-For it trusts).
const HOST = process.env.HOST || undefined;
const DEVELOPMENT = process.env.NODE_ENV !== "production";
const BUILD_DIR = process.env.BUILD_DIR || "build";

// Production on PostgreSQL: a primary that forks one worker per core (server/cluster.js).
const WORKERS = clusterWorkers();
if (WORKERS > 1 && !process.env.DATABASE_PREPARED) await runPrimary(WORKERS);

const server = express();
server.disable("x-powered-by");
// Behind one reverse proxy: protocol, host and client IP from exactly one hop (as the app: ADR 013).
server.set("trust proxy", process.env.TRUST_PROXY === "1" ? 1 : false);
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
  appModule = await import(new URL(`${BUILD_DIR}/server/index.js`, `file://${process.cwd()}/`).href);
  // Security headers (app/server/http/security.server.ts) first: the static files get them too.
  server.use(appModule.securityHeaders);
  // Fingerprinted assets never change: cache them for a year. The build compressed them
  // (Brotli, Zopfli gzip: vite.config.ts); the browser gets the one it accepts.
  server.use(
    "/assets",
    expressStaticGzip(`${BUILD_DIR}/client/assets`, {
      enableBrotli: true,
      orderPreference: ["br", "gz"],
      index: false,
      serveStatic: { immutable: true, maxAge: "1y" },
    }),
  );
  // The other build files (favicon, robots...) have an extension; a page's path does not, so
  // pages skip the file-system check (it was a large share of a cached page's cost).
  const publicFiles = express.static(`${BUILD_DIR}/client`, { maxAge: "1h", index: false });
  server.use((req, res, next) => (/\.[A-Za-z0-9]+$/.test(req.path) ? publicFiles(req, res, next) : next()));
  server.use(appModule.app);
}

// In production, public pages stored by the page cache (app/server/http/page-cache.server.ts)
// are answered before Express, with their headers laid out and already compressed: a hit
// costs about what a static file does. Everything else goes to Express.
const handle = DEVELOPMENT ? server : (req, res) => appModule.cachedPages(req, res, () => server(req, res));
// A lesson video of up to 2 GB (app/domain/limits.ts) from a studio's connection takes longer
// than Node's default 5 minutes for a whole request: an hour (about 5 Mbit/s for 2 GB). Every
// other body is within 1 MB; headers still have Node's 60 s.
const REQUEST_TIMEOUT_MS = 60 * 60_000;
const listener = http.createServer({ requestTimeout: REQUEST_TIMEOUT_MS }, handle).listen(PORT, HOST, () => {
  console.log(`Michel Alvarez escuchando en http://${HOST ?? "localhost"}:${PORT}`);
});

/** How long requests in flight may take to finish after SIGTERM/SIGINT before they are cut. */
const GRACE_MS = Number(process.env.SHUTDOWN_GRACE_MS || 10_000);
let stopping = false;

/**
 * A graceful stop (SIGTERM from the process manager, Ctrl+C): no new connections, requests
 * in flight finish (at most GRACE_MS, then their connections are closed), idle keep-alive
 * connections are closed at once, then the database is closed (PGlite flushes DATA_DIR and
 * releases its lock) and the process exits 0. A second signal cuts the wait short.
 */
async function stop(signal) {
  if (stopping) {
    listener.closeAllConnections();
    return;
  }
  stopping = true;
  console.log(`${signal}: cerrando (se terminan las solicitudes en curso)...`);
  const closed = new Promise((resolve) => listener.close(resolve));
  // Keep-alive connections would hold close() open: close each one as soon as it is idle.
  listener.closeIdleConnections();
  const idle = setInterval(() => listener.closeIdleConnections(), 250);
  const force = setTimeout(() => {
    console.error(`Solicitudes sin terminar tras ${GRACE_MS / 1000} s: se cierran sus conexiones.`);
    listener.closeAllConnections();
  }, GRACE_MS);
  await closed;
  clearInterval(idle);
  clearTimeout(force);
  try {
    // A request cut after the grace period may still hold a database connection: give the
    // close a few seconds, not forever.
    const late = new Promise((_, reject) =>
      setTimeout(() => reject(new Error("no terminó en 5 s")), 5_000).unref(),
    );
    await Promise.race([appModule.shutdown?.(), late]);
  } catch (error) {
    console.error("No se pudo cerrar la base de datos:", error);
    process.exit(1);
  }
  console.log("Servidor detenido.");
  process.exit(0);
}

for (const signal of ["SIGINT", "SIGTERM"]) process.on(signal, () => void stop(signal));

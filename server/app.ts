/**
 * The server build's entry: opens the database, prepares it, and serves the application
 * (app/server/http/app.server.ts) with React Router's page handler. Built as the SSR entry
 * so that everything shares one module graph (one PGlite per process, ADR 001).
 */
import { createRequestHandler } from "@react-router/express";
import "react-router";
import { closeDatabase, getDatabase, initDatabase } from "~/server/db/index.server";
import { createApp } from "~/server/http/app.server";
import { loadContext } from "~/server/http/request.server";
import { prepareDatabase } from "~/server/startup.server";

declare module "react-router" {
  interface AppLoadContext {
    /** the client's IP (http/request.server.ts: the socket, or the trusted proxy's hop) */
    clientIp: string;
  }
}

const startedAt = Date.now();
// A cluster worker (server/cluster.js) finds the database already migrated and seeded.
if (process.env.DATABASE_PREPARED === "1") await initDatabase();
else await prepareDatabase();
console.log(`Base de datos lista (${getDatabase().kind}) en ${Date.now() - startedAt} ms`);

/** React Router's page handler (tests/integration/page-cache.test.ts puts it behind a test app). */
export const pages = createRequestHandler({
  build: () => import("virtual:react-router/server-build"),
  getLoadContext: loadContext,
});

export const app = createApp({ pages });

export async function shutdown() {
  await closeDatabase();
}

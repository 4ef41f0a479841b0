/**
 * The server build's entry: opens the database, prepares it, and serves the application
 * (app/server/http/app.server.ts) with React Router's page handler. Built as the SSR entry
 * so that everything shares one module graph (one PGlite per process, ADR 001).
 */
import { createRequestHandler } from "@react-router/express";
import "react-router";
import { closeDatabase, getDatabase } from "~/server/db/index.server";
import { env } from "~/server/env.server";
import { createApp } from "~/server/http/app.server";
import { loadContext } from "~/server/http/request.server";
import { securityHeaders } from "~/server/security.server";
import { prepareDatabase } from "~/server/startup.server";

declare module "react-router" {
  interface AppLoadContext {
    /** the client's IP (http/request.server.ts: the socket, or the trusted proxy's hop) */
    clientIp: string;
    /** this request's Content-Security-Policy nonce (security.server.ts), for app/entry.server.tsx */
    cspNonce?: string;
  }
}

const startedAt = Date.now();
await prepareDatabase();
console.log(`Base de datos lista (${getDatabase().kind}) en ${Date.now() - startedAt} ms`);

/** server.js runs these before the static files, so that assets get them too. */
export { securityHeaders };

export const app = createApp({
  // `npm run dev` runs this module in Vite (NODE_ENV unset); production sets NODE_ENV.
  development: !env.isProduction,
  pages: createRequestHandler({
    build: () => import("virtual:react-router/server-build"),
    getLoadContext: loadContext,
  }),
});

export async function shutdown() {
  await closeDatabase();
}

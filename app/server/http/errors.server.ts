/**
 * The database is unreachable (a restart, a network cut): every door answers 503 with the
 * same Spanish message instead of a 500 or a raw driver error, and the process stays up;
 * the pool reconnects by itself when the database is back (db/client.server.ts).
 *
 * - pages: `withDatabaseFaults` turns a loader's or action's connection error into a 503
 *   route error, which the root boundary shows as 'Servicio no disponible';
 * - API calls: `databaseErrors`, the app's last error handler, answers JSON
 *   `{ error: { icon, title, text } }` (or a small HTML page to a browser), and handlers
 *   that catch their own errors ask `answeredUnavailable` first.
 */
import type { Request as ExpressRequest, Response as ExpressResponse, NextFunction } from "express";
import { type ServerBuild, data } from "react-router";
import { site } from "~/config/site";
import { serviceUnavailable } from "~/domain/messages";
import { describeDatabaseError, isDatabaseUnavailable } from "../db/faults.server";
import { logError } from "../log.server";

/** Seconds a client may wait before trying again. */
const RETRY_AFTER = "30";

function logUnavailable(where: string, error: unknown) {
  logError(`Base de datos no disponible (${where}): ${describeDatabaseError(error)}`);
}

/** Answers 503 when `error` is the database being unreachable; false (nothing sent) otherwise. */
export function answeredUnavailable(error: unknown, req: ExpressRequest, res: ExpressResponse): boolean {
  if (!isDatabaseUnavailable(error)) return false;
  logUnavailable(`${req.method} ${req.path}`, error);
  if (res.headersSent) {
    res.destroy();
    return true;
  }
  res.status(503).set({ "Retry-After": RETRY_AFTER, "Cache-Control": "no-store" });
  if (req.accepts(["json", "html"]) === "html") res.type("html").send(unavailablePage);
  else res.json({ error: serviceUnavailable });
  return true;
}

/** Express error handler, mounted last: database faults become 503; anything else goes on to Express. */
export function databaseErrors(error: unknown, req: ExpressRequest, res: ExpressResponse, next: NextFunction) {
  if (!answeredUnavailable(error, req, res)) next(error);
}

/** For requests that never reach React Router (an error before the page handler). */
const unavailablePage = `<!doctype html>
<html lang="es-MX">
<head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><meta name="robots" content="noindex"><title>${serviceUnavailable.title} | ${site.name}</title></head>
<body style="font-family: system-ui, sans-serif; text-align: center; padding: 6rem 1rem; color: #3b2f2a; background: #fbf7f2">
<h1>${serviceUnavailable.title}</h1>
<p>${serviceUnavailable.text}</p>
</body>
</html>
`;

const guardedBuilds = new WeakMap<ServerBuild, ServerBuild>();

/**
 * The server build with every route's loader and action guarded: a database connection
 * error is thrown on as a 503 route error response, so the page answers 503 and its error
 * boundary knows why (a plain Error reaches the browser only as 'Unexpected Server Error').
 */
export function withDatabaseFaults(build: ServerBuild): ServerBuild {
  let guarded = guardedBuilds.get(build);
  if (!guarded) {
    const routes: ServerBuild["routes"] = {};
    for (const [id, route] of Object.entries(build.routes)) {
      if (!route) continue;
      const { loader, action } = route.module;
      routes[id] = {
        ...route,
        module: {
          ...route.module,
          ...(loader ? { loader: guard(loader) } : {}),
          ...(action ? { action: guard(action) } : {}),
        },
      };
    }
    guarded = { ...build, routes };
    guardedBuilds.set(build, guarded);
  }
  return guarded;
}

function guard<Handler extends (args: never, ...rest: never[]) => unknown>(handler: Handler): Handler {
  const run = handler as unknown as (...params: unknown[]) => unknown;
  const guarded = async (...params: unknown[]) => {
    try {
      return await run(...params);
    } catch (error) {
      if (!isDatabaseUnavailable(error)) throw error;
      const { request } = params[0] as { request: Request };
      logUnavailable(`${request.method} ${new URL(request.url).pathname}`, error);
      throw data(serviceUnavailable, {
        status: 503,
        statusText: "Service Unavailable",
        headers: { "Retry-After": RETRY_AFTER, "Cache-Control": "no-store" },
      });
    }
  };
  return guarded as unknown as Handler;
}

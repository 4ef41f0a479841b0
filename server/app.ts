/**
 * The server build's entry: checks the configuration for the mode (startup.server.ts), opens
 * the database, prepares it, and serves the application
 * (app/server/http/app.server.ts) with React Router's page handler. Built as the SSR entry
 * so that everything shares one module graph (one PGlite per process, ADR 001).
 */
import { createRequestHandler } from "@react-router/express";
import "react-router";
import { createAppContext, processAppContext, useAppContext } from "~/server/context.server";
import { closeDatabase, getDatabase, initDatabase } from "~/server/db/index.server";
import { env } from "~/server/env.server";
import { createApp, pageCacheFor } from "~/server/http/app.server";
import "~/server/jobs-registry.server";
import { startJobRunner, stopJobRunner } from "~/server/jobs.server";
import { settleMailDeliveries } from "~/server/mail.server";
import { settleMessageDeliveries } from "~/server/messages/messages.server";
import { scheduleDailyBackup } from "~/server/backup/job.server";
import { scheduleGlobalInvoice } from "~/server/invoicing/global.server";
import { logError } from "~/server/log.server";
import { withDatabaseFaults } from "~/server/http/errors.server";
import { withFormGate } from "~/server/http/form-gate.server";
import { loadContext } from "~/server/http/request.server";
import { securityHeaders, writeOriginHosts } from "~/server/http/security.server";
import { prepareDatabaseWhenReachable, startupCheck } from "~/server/startup.server";
import { sweepUploadSpool } from "~/server/upload.server";

declare module "react-router" {
  interface AppLoadContext {
    /** the application context (ADR 031): configuration, mode, database, storage */
    app: import("~/server/context.server").AppContext;
    /** the client's IP (http/request.server.ts: the socket, or the trusted proxy's hop) */
    clientIp: string;
    /** this request's Content-Security-Policy nonce (http/security.server.ts), for app/entry.server.tsx */
    cspNonce?: string;
  }
}

// The application context (ADR 031): this process's configuration, mode, database and storage,
// built once from its environment. In development Vite loads this module again after an edit,
// and a test that loads the build has made its own: the context (and its open database) stays.
if (!processAppContext()) useAppContext(createAppContext());

// A deployment missing a setting stops here, before the database is opened or a port listened on.
const check = startupCheck();
for (const line of check.lines) (check.ok ? console.log : console.error)(line);
if (!check.ok) process.exit(1);

const startedAt = Date.now();
// A cluster worker (server/cluster.js) finds the database already migrated and seeded.
if (process.env.DATABASE_PREPARED === "1") await initDatabase();
else await prepareDatabaseWhenReachable();
console.log(`Base de datos lista (${getDatabase().kind}) en ${Date.now() - startedAt} ms`);

// Upload folders left by a process that died mid-upload.
void sweepUploadSpool().catch(() => undefined);

// The daily backup (ADR 029): its next run in place; the job schedules the one after.
if (env.backupDaily)
  await scheduleDailyBackup(getDatabase().db).catch((error) => logError("Copia diaria: no se pudo programar", error));

// The monthly global invoice (issue 28): this month's in place; each run schedules the next.
await scheduleGlobalInvoice(getDatabase().db).catch((error) => logError("Factura global: no se pudo programar", error));

// Scheduled jobs (vouchers that expire, reminders): every instance polls, each job runs once.
startJobRunner(() => getDatabase().db, Number(process.env.JOBS_INTERVAL_MS || 30_000));

/** server.js runs these before the static files, so that assets get them too. */
export { securityHeaders };

// `npm run dev` runs this module in Vite (NODE_ENV unset); production sets NODE_ENV.
const development = !env.isProduction;

// Forms with control characters are refused before their action (http/form-gate.server.ts);
// loaders and actions that meet an unreachable database answer 503 (http/errors.server.ts).
// React Router refuses an action whose Origin differs from the address it rebuilt from the
// request: PUBLIC_URL's origin (and in the demo this server's loopback names) are the site's
// own, whatever Host a proxy passed on (http/security.server.ts: the same list for every write).
const loadBuild = async () => ({
  ...withDatabaseFaults(withFormGate(await import("virtual:react-router/server-build"))),
  allowedActionOrigins: writeOriginHosts(),
});

/**
 * React Router's page handler (tests/integration/page-cache.test.ts puts it behind a test app).
 * In production it gets the build itself: given a function, React Router calls it and derives
 * its routes and static handler again on every request (about 1 ms of each page's time,
 * ADR 020); in development the function lets Vite hand it the edited modules.
 */
export const pages = createRequestHandler({
  build: development ? loadBuild : await loadBuild(),
  getLoadContext: loadContext,
});
const pageCache = pageCacheFor({ development });

/**
 * Stored public pages answered before anything else (server.js runs it ahead of Express);
 * everything else goes on. The app runs the same cache.
 */
export const cachedPages: NonNullable<typeof pageCache>["hits"] = pageCache?.hits ?? ((_req, _res, next) => next());

// server.js answers the stored pages (`cachedPages`) before Express: the app does not look again.
export const app = createApp({ development, pages, pageCache: pageCache ?? false, hitsAnsweredBefore: true });

export async function shutdown() {
  stopJobRunner();
  pageCache?.close();
  // mails handed to SMTP in the background of requests: their outcome is written first
  // WhatsApp messages sent in the background of requests (ADR 038), then their fallback mails
  await settleMessageDeliveries(5_000);
  await settleMailDeliveries(5_000);
  await closeDatabase();
}

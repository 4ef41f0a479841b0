/**
 * The Express application: every route the site answers, in order. server/app.ts builds it
 * with React Router's page handler for the real server; tests build the same stack
 * (`tests/support/app.ts`) with the pages left out or a handler of their own, so what they
 * exercise is what production runs.
 */
import { type FacturapiWebhookOptions, facturapiWebhookRoutes } from "./facturapi-webhook.server";
import { type EnviaWebhookOptions, enviaWebhookRoutes } from "./envia-webhook.server";
import { whatsappWebhookRoutes } from "./whatsapp-webhook.server";
import express, { type RequestHandler } from "express";
import { sql } from "drizzle-orm";
import { handleAuthRequest } from "./auth.server";
import { serveCourseHls } from "./course-hls.server";
import { serveCourseVideo } from "./course-video.server";
import { describeDatabaseError } from "../db/faults.server";
import { getDatabase } from "../db/index.server";
import { env, uploadsDir } from "../env.server";
import { logError } from "../log.server";
import { getStorage } from "../storage/index.server";
import { UPLOAD_PATH } from "../upload.server";
import { bodyLimit } from "./body-limit.server";
import { databaseErrors } from "./errors.server";
import { PageCache, type PageCacheOptions } from "./page-cache.server";
import { FULL_CSS_PATH, serveFullCss } from "./page-css.server";
import { type PaymentApiOptions, paymentRoutes } from "./payment-api.server";
import { requestLog } from "./request-log.server";
import { privateCaching, sameOriginWrites, securityHeadersFor } from "./security.server";
import { adminUploadLimit, handleUpload } from "./upload.server";
import { aftercarePhotoLimit } from "../booking/aftercare-photo-limit.server";
import { practiceUploadLimit } from "../school/practice.server";
import { toFetchRequest } from "./request.server";

export type AppOptions = {
  /** React Router's handler for the pages (absent in tests that only call the API) */
  pages?: RequestHandler;
  /** tests: providers pointed at local stubs */
  payments?: PaymentApiOptions;
  /** tests: Facturapi's webhook secret and a provider pointed at its stub */
  facturapi?: FacturapiWebhookOptions;
  /** tests: Envia's webhook secret and a provider pointed at its stub */
  envia?: EnviaWebhookOptions;
  /** Vite's dev server (npm run dev): a looser Content-Security-Policy */
  development?: boolean;
  /**
   * the rendered-page cache in front of the pages (ADR 015); on in production unless
   * PAGE_CACHE=0 (`pageCacheFor`). Options make one for this app; server/app.ts passes its own
   * so that server.js can answer hits before anything else.
   */
  pageCache?: PageCache | PageCacheOptions | false;
  /**
   * The caller answers stored pages before the app (server.js runs `PageCache.hits` ahead of
   * Express): the app does not look them up a second time on a miss.
   */
  hitsAnsweredBefore?: boolean;
};

/** The page cache production runs (env.server.ts), or none. */
export function pageCacheFor(options: { development?: boolean } = {}): PageCache | undefined {
  if (options.development || !env.isProduction || !env.pageCache.enabled) return undefined;
  return new PageCache({ maxBytes: env.pageCache.maxBytes });
}

/**
 * Behind one reverse proxy (TRUST_PROXY=1) Express takes the protocol, host and client IP
 * from exactly one hop (its X-Forwarded-Proto / -Host / -For): React Router then rebuilds the
 * browser's https:// address, and its action check compares like with like. server.js sets
 * the same on its outer app.
 */
export function trustProxySetting(app: express.Express) {
  app.set("trust proxy", env.trustProxy ? 1 : false);
}

async function databaseReady(): Promise<"ok" | "unavailable"> {
  try {
    await getDatabase().db.execute(sql`select 1`);
    return "ok";
  } catch (error) {
    logError(`Salud: la base de datos no responde (${describeDatabaseError(error)}).`);
    return "unavailable";
  }
}

/** The storage answers a read (a missing file is an answer; a bucket that cannot be reached is not). */
async function storageReady(): Promise<"ok" | "unavailable"> {
  try {
    await getStorage("private").get("salud/listo.txt");
    return "ok";
  } catch (error) {
    logError("Salud: el almacenamiento no responde", error);
    return "unavailable";
  }
}

export function createApp(options: AppOptions = {}) {
  const app = express();
  app.disable("x-powered-by");
  trustProxySetting(app);
  const cache =
    options.pageCache instanceof PageCache
      ? options.pageCache
      : options.pageCache
        ? new PageCache(options.pageCache)
        : options.pageCache === undefined && options.pages
          ? pageCacheFor(options)
          : undefined;
  // Stored public pages first: a hit needs nothing below (in production server.js has
  // already answered them, before Express).
  if (cache && options.pages && !options.hitsAnsweredBefore) app.use(cache.hits);
  app.use(
    requestLog,
    securityHeadersFor({ development: options.development }),
    sameOriginWrites,
    // 1 MB for every body, but an admin's form with files on an admin edit screen (ADR 004).
    // and a healing photo sent from an aftercare link (issue 30): its own limit, the link verified first
    bodyLimit({
      skip: (path) => path === UPLOAD_PATH,
      larger: async (req) =>
        aftercarePhotoLimit(req.path) ??
        (await practiceUploadLimit(req.path, toFetchRequest(req))) ??
        adminUploadLimit(req),
    }),
  );

  // Health for the service manager and the proxy: /healthz says the process answers;
  // /readyz that it can serve (database and storage reachable). Errors stay in the log.
  app.get("/healthz", (_req, res) => {
    res.set("Cache-Control", "no-store");
    res.json({ status: "ok" });
  });
  app.get("/readyz", async (_req, res) => {
    res.set("Cache-Control", "no-store");
    const [database, storage] = await Promise.all([databaseReady(), storageReady()]);
    const ok = database === "ok" && storage === "ok";
    res.status(ok ? 200 : 503).json({
      status: ok ? "ok" : "unavailable",
      database: { status: database, kind: getDatabase().kind },
      storage: { status: storage },
    });
  });

  // The whole stylesheet, which pages fetch after their first paint (ADR 027).
  app.get(FULL_CSS_PATH, serveFullCss);

  // Public uploads (product, service and gallery images). Course videos live elsewhere.
  app.use("/media", express.static(uploadsDir(), { maxAge: env.isProduction ? "7d" : 0, fallthrough: false }));

  // Everything below may depend on who asks: personal answers are never cached (security.server.ts).
  app.use(privateCaching);

  // Course videos: private files, streamed (with Range) only to students enrolled in the course.
  app.get("/curso-video/:videoId", serveCourseVideo);
  // The same videos as HLS for phones, with short-lived signed URLs (ADR 048).
  app.get("/curso-hls/:videoId/*file", serveCourseHls);

  // Better Auth (sign-up, log-in, log-out, password reset, Google/Facebook), rate-limited per
  // client IP. Before any body parser: it reads the raw request itself.
  app.all("/api/auth/*splat", handleAuthRequest);

  // The spec's upload call: admin session only; images stored in four sizes (http/upload.server.ts).
  app.post(UPLOAD_PATH, handleUpload);

  // Payments (SPEC §7): checkout API (session, same origin, JSON) and Stripe's signed webhook.
  app.use(paymentRoutes(options.payments));
  // Facturapi's signed events: a CFDI cancellation's status (ADR 034).
  app.use(facturapiWebhookRoutes(options.facturapi));
  // Envia.com's signed tracking events: the guía's parcel picked up, delivered (ADR 036).
  app.use(enviaWebhookRoutes(options.envia));
  // WhatsApp Cloud API: the GET handshake and signed statuses / BAJA replies (ADR 039).
  app.use(whatsappWebhookRoutes());

  // Anonymous public pages from memory (ETag, CDN-friendly Cache-Control); the rest `private`.
  if (options.pages) {
    if (cache) app.use(cache.middleware);
    app.use(options.pages);
  }

  // The database unreachable: 503 with a Spanish message, whichever route met it.
  app.use(databaseErrors);
  return app;
}

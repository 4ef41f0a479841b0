/**
 * The Express application: every route the site answers, in order. server/app.ts builds it
 * with React Router's page handler for the real server; tests build the same stack
 * (`tests/support/app.ts`) with the pages left out or a handler of their own, so what they
 * exercise is what production runs.
 */
import express, { type RequestHandler } from "express";
import { sql } from "drizzle-orm";
import { handleAuthRequest } from "../auth.server";
import { serveCourseVideo } from "../courses.server";
import { getDatabase } from "../db/index.server";
import { env, uploadsDir } from "../env.server";
import { sameOriginWrites, securityHeaders } from "../security.server";
import { UPLOAD_PATH, handleUpload } from "../upload.server";
import { type PageCacheOptions, pageCache } from "./page-cache.server";
import { type PaymentApiOptions, paymentRoutes } from "./payment-api.server";

export type AppOptions = {
  /** React Router's handler for the pages (absent in tests that only call the API) */
  pages?: RequestHandler;
  /** tests: providers pointed at local stubs */
  payments?: PaymentApiOptions;
  /** the rendered-page cache in front of the pages (ADR 015); on in production unless PAGE_CACHE=0 */
  pageCache?: PageCacheOptions | false;
};

export function createApp(options: AppOptions = {}) {
  const app = express();
  app.disable("x-powered-by");
  app.use(securityHeaders, sameOriginWrites);

  app.get("/healthz", async (_req, res) => {
    try {
      await getDatabase().db.execute(sql`select 1`);
      res.json({ status: "ok", database: { status: "ok", kind: getDatabase().kind } });
    } catch (error) {
      res.status(503).json({ status: "error", database: { status: "error", message: String(error) } });
    }
  });

  // Public uploads (product, service and gallery images). Course videos live elsewhere.
  app.use("/media", express.static(uploadsDir(), { maxAge: env.isProduction ? "7d" : 0, fallthrough: false }));

  // Course videos: private files, streamed (with Range) only to students enrolled in the course.
  app.get("/curso-video/:videoId", serveCourseVideo);

  // Better Auth (sign-up, log-in, log-out, password reset, Google/Facebook), rate-limited per
  // client IP. Before any body parser: it reads the raw request itself.
  app.all("/api/auth/*splat", handleAuthRequest);

  // The spec's upload call: admin session only; images stored in four sizes (upload.server.ts).
  app.post(UPLOAD_PATH, handleUpload);

  // Payments (SPEC §7): checkout API (session, same origin, JSON) and Stripe's signed webhook.
  app.use(paymentRoutes(options.payments));

  // Anonymous public pages from memory (ETag, CDN-friendly Cache-Control); the rest `private`.
  const cache = options.pageCache ?? (env.isProduction && env.pageCache.enabled ? { maxBytes: env.pageCache.maxBytes } : false);
  if (options.pages) {
    if (cache) app.use(pageCache(cache));
    app.use(options.pages);
  }
  return app;
}

/**
 * The application: database start-up, health check, media, API, and the React Router
 * handler. Built as the SSR entry so that everything shares one module graph.
 */
import { createRequestHandler } from "@react-router/express";
import express from "express";
import "react-router";
import { sql } from "drizzle-orm";
import { closeDatabase, getDatabase } from "~/server/db/index.server";
import { env, uploadsDir } from "~/server/env.server";
import { sameOriginWrites, securityHeaders } from "~/server/security.server";
import { handleAuthRequest } from "~/server/auth.server";
import { prepareDatabase } from "~/server/startup.server";
import { UPLOAD_PATH, handleUpload } from "~/server/upload.server";
import { serveCourseVideo } from "~/server/courses.server";
import { paymentRoutes } from "~/server/payments/api.server";

declare module "react-router" {
  interface AppLoadContext {
    /** the client's IP from the socket (we trust no proxy headers unless configured) */
    clientIp: string;
  }
}

const startedAt = Date.now();
await prepareDatabase();
console.log(`Base de datos lista (${getDatabase().kind}) en ${Date.now() - startedAt} ms`);

export const app = express();
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
app.use(paymentRoutes());

app.use(
  createRequestHandler({
    build: () => import("virtual:react-router/server-build"),
    getLoadContext: (req) => ({ clientIp: req.socket.remoteAddress ?? "desconocida" }),
  }),
);

export async function shutdown() {
  await closeDatabase();
}

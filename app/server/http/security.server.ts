/**
 * The security rules of every HTTP answer, in one place:
 *
 * - `securityHeaders`: Content-Security-Policy with a nonce per request (the page renderer
 *   puts it on every script React Router writes: app/entry.server.tsx), HSTS when the site
 *   is served over https, and the usual hardening headers. server.js runs it before the
 *   static files, so assets get the headers too.
 * - `privateCaching`: personal answers are never kept by any cache (`private, no-store`):
 *   the paths of PERSONAL_PATHS, every answer to a request that carries cookies (the
 *   header shows the account and the cart) and every answer that sets a cookie.
 * - `sameOriginWrites`: a POST, PUT, PATCH or DELETE whose Origin (or, lacking it, Referer)
 *   names another site is refused, so no other site can make a logged-in browser change
 *   anything here (CSRF).
 */
import { randomBytes } from "node:crypto";
import type { NextFunction, Request, Response } from "express";
import onHeaders from "on-headers";
import { env } from "../env.server";
import { type Mode, currentMode, isLoopbackOrigin } from "../mode.server";
import { paymentPanelConfig } from "../payments/index.server";
import { VISIT_PATH_PREFIX } from "../visits/visits.server";

export type SecurityOptions = {
  /** Vite's dev server (npm run dev): inline styles and scripts, and its websocket */
  development?: boolean;
};

/** Stripe's hosts, allowed only while the checkout loads Stripe.js (payments/index.server.ts). */
const STRIPE = {
  script: ["https://js.stripe.com", "https://*.js.stripe.com"],
  connect: ["https://api.stripe.com"],
  frame: ["https://js.stripe.com", "https://*.js.stripe.com", "https://hooks.stripe.com"],
};

/** The studio's map (components/site/map-block.tsx). */
const MAP_FRAME = "https://www.openstreetmap.org";

const isHttps = () => env.publicUrl.startsWith("https:");

/** The private bucket's origin, when files live in one (its presigned URLs point there). */
function bucketOrigin(): string[] {
  try {
    return env.s3 ? [new URL(env.s3.endpoint).origin] : [];
  } catch {
    return [];
  }
}

/** The policy of one answer; `nonce` is that request's. */
export function contentSecurityPolicy(nonce: string, options: SecurityOptions = {}): string {
  const stripe = paymentPanelConfig().provider === "stripe";
  const dev = options.development === true;
  const directives: [string, ...string[]][] = [
    ["default-src", "'self'"],
    // With a nonce, browsers ignore 'unsafe-inline'; Vite's dev server needs the latter.
    [
      "script-src",
      "'self'",
      ...(dev ? ["'unsafe-inline'", "'unsafe-eval'"] : [`'nonce-${nonce}'`]),
      ...(stripe ? STRIPE.script : []),
    ],
    ["style-src", "'self'", dev ? "'unsafe-inline'" : `'nonce-${nonce}'`],
    // style="" attributes (an image's aspect ratio) cannot carry a nonce and cannot run code.
    ["style-src-attr", "'unsafe-inline'"],
    ["img-src", "'self'", "data:", "blob:", "https:"],
    ["media-src", "'self'", "blob:", "https:"],
    ["font-src", "'self'", "data:"],
    // the bucket: hls.js reads a lesson's presigned segments from it (ADR 048)
    ["connect-src", "'self'", ...(dev ? ["ws:", "wss:"] : []), ...(stripe ? STRIPE.connect : []), ...bucketOrigin()],
    // hls.js demuxes in a worker it builds from a blob (ADR 048)
    ["worker-src", "'self'", "blob:"],
    ["frame-src", MAP_FRAME, ...(stripe ? STRIPE.frame : [])],
    ["frame-ancestors", "'none'"],
    ["form-action", "'self'"],
    ["base-uri", "'self'"],
    ["object-src", "'none'"],
  ];
  if (isHttps()) directives.push(["upgrade-insecure-requests"]);
  return directives.map((d) => d.join(" ")).join("; ");
}

/** The nonce of this request's page (React Router's load context hands it to the renderer). */
export function cspNonce(res: Response): string | undefined {
  return res.locals.cspNonce as string | undefined;
}

export function securityHeadersFor(options: SecurityOptions = {}) {
  return function securityHeaders(_req: Request, res: Response, next: NextFunction) {
    // server.js runs this before the static files and the app runs it again: once is enough.
    if (res.locals.cspNonce) return next();
    const nonce = randomBytes(16).toString("base64");
    res.locals.cspNonce = nonce;
    res.setHeader("Content-Security-Policy", contentSecurityPolicy(nonce, options));
    if (isHttps()) res.setHeader("Strict-Transport-Security", "max-age=31536000");
    res.setHeader("X-Content-Type-Options", "nosniff");
    res.setHeader("Referrer-Policy", "strict-origin-when-cross-origin");
    res.setHeader("X-Frame-Options", "DENY");
    res.setHeader("Permissions-Policy", "camera=(), microphone=(), geolocation=()");
    res.setHeader("Cross-Origin-Opener-Policy", "same-origin-allow-popups");
    next();
  };
}

/** The production headers (tests and the static files use these). */
export const securityHeaders = securityHeadersFor();

// ---------------------------------------------------------------- personal answers

/**
 * Pages and endpoints whose answers belong to one person (their data requests too: React
 * Router asks for '/mis-compras.data'). Everything else is public unless the request carries
 * cookies or the answer sets one.
 */
const PERSONAL_PATHS: RegExp[] = [
  /^\/mis-compras(\/.*)?$/,
  // booking: free times change by the minute, the forms and appointments are personal
  /^\/agendar(\/[^/]+)?$/,
  /^\/cita\/[^/]+(\/pago)?$/,
  // the waitlist, its offers' links, the aftercare photo page and its photos (issue 30)
  /^\/agendar\/[^/]+\/lista-de-espera$/,
  /^\/lista-de-espera\/[^/]+$/,
  /^\/cuidados\/[^/]+(\/foto\/[^/]+)?$/,
  /^\/mis-citas$/,
  // the one-click unsubscribe: its signed token names a client (ADR 036)
  /^\/correos\/baja$/,
  /^\/mi-perfil$/,
  /^\/editar-perfil$/,
  /^\/mis-cursos$/,
  /^\/mis-favoritos$/,
  /^\/pagar$/,
  /^\/pagar-curso\/[^/]+$/,
  /^\/carrito$/,
  /^\/gracias$/,
  /^\/restablecer-contrasena$/,
  /^\/verificar-correo$/,
  // search (ADR 037): endless URLs, one per thing typed; no shared cache keeps them
  /^\/buscar$/,
  /^\/curso-michel-alvarez\/[^/]+(\/.*)?$/,
  /^\/examen-michel-alvare\/[^/]+$/,
  /^\/curso-video\//,
  /^\/curso-hls\//,
  /^\/admin(\/.*)?$/,
  /^\/api\//,
  /^\/auth\//,
  new RegExp(`^/${VISIT_PATH_PREFIX}[^/]*/[^/]+(/.*)?$`),
];

/** The page a request is for: '/mis-compras.data' and '/mis-compras/' are '/mis-compras'. */
function pagePath(path: string): string {
  const page = path.replace(/\.data$/, "").replace(/(.)\/+$/, "$1");
  try {
    return decodeURIComponent(page);
  } catch {
    return page;
  }
}

export function isPersonalPath(path: string): boolean {
  // React Router matches paths ignoring case: '/MIS-COMPRAS' is the same page.
  const page = pagePath(path).toLowerCase();
  return PERSONAL_PATHS.some((re) => re.test(page));
}

export const PRIVATE = "private, no-store";

/**
 * Decided when the headers leave, so that no route can forget it: a personal answer gets
 * `private, no-store` unless its route already chose a private rule of its own (a course
 * video kept an hour in the student's browser, for seeking).
 */
export function privateCaching(req: Request, res: Response, next: NextFunction) {
  const personal = isPersonalPath(req.path) || Boolean(req.headers.cookie);
  onHeaders(res, () => {
    const alreadyPrivate = /\bprivate\b/.test(String(res.getHeader("Cache-Control") ?? ""));
    if ((personal || res.getHeader("Set-Cookie") !== undefined) && !alreadyPrivate) {
      res.setHeader("Cache-Control", PRIVATE);
    }
    if (!personal && res.getHeader("Set-Cookie") === undefined) {
      // A public page looks different to a visitor with cookies (the header's account and cart).
      res.vary("Cookie");
    }
  });
  next();
}

// ---------------------------------------------------------------- writes from other sites

const SAFE_METHODS = new Set(["GET", "HEAD", "OPTIONS"]);

/** Paths that receive writes from other origins by design (signed provider webhooks). */
const CROSS_ORIGIN_ALLOWED = [/^\/webhooks\//];

/**
 * The hosts (`host[:port]`) besides the request's own whose writes are accepted: PUBLIC_URL's
 * (behind a proxy that rewrites Host the request's own host is the proxy's upstream), and in
 * the demo on this machine the loopback names of this server's port (ADR 013). React Router's
 * action check reads the same list (server/app.ts: the build's `allowedActionOrigins`).
 */
export function writeOriginHosts(mode: Mode = currentMode(), publicUrl = env.publicUrl, port = env.port): string[] {
  const hosts = [new URL(publicUrl).host];
  if (mode.loopback) hosts.push(`localhost:${port}`, `127.0.0.1:${port}`, `[::1]:${port}`);
  return [...new Set(hosts)];
}

/**
 * Whether a write from `source` (an Origin) may change anything here, for a request whose own
 * origin is `requestOrigin` (its protocol and host, behind a trusted proxy the forwarded ones).
 */
export function isAllowedWriteOrigin(source: string, requestOrigin: string, mode: Mode = currentMode()) {
  let url: URL;
  try {
    url = new URL(source);
  } catch {
    return false;
  }
  if (url.protocol !== "https:" && url.protocol !== "http:") return false;
  if (url.origin === new URL(env.publicUrl).origin) return true;
  // The demo on this machine: every loopback origin, as the log-in trusts them (ADR 013).
  if (mode.loopback && isLoopbackOrigin(source)) return true;
  return url.origin === requestOrigin;
}

export function sameOriginWrites(req: Request, res: Response, next: NextFunction) {
  if (SAFE_METHODS.has(req.method) || CROSS_ORIGIN_ALLOWED.some((re) => re.test(req.path))) return next();
  const source = req.get("origin") ?? refererOrigin(req.get("referer"));
  // Non-browser clients send neither header; browsers always send Origin on cross-site POSTs.
  if (!source) return next();
  // Behind a trusted proxy (TRUST_PROXY=1) the protocol and host it forwarded.
  if (isAllowedWriteOrigin(source, `${req.protocol}://${req.host}`)) return next();
  res.status(403).json({ error: "Solicitud rechazada: origen no permitido." });
}

function refererOrigin(referer: string | undefined): string | undefined {
  if (!referer) return undefined;
  try {
    return new URL(referer).origin;
  } catch {
    return undefined;
  }
}

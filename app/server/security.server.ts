/**
 * Security headers for every response, and the origin check for every write: a POST, PUT,
 * PATCH or DELETE whose Origin (or, lacking it, Referer) names another site is refused, so
 * no other site can make a logged-in browser change anything here (CSRF).
 */
import type { NextFunction, Request, Response } from "express";

export function securityHeaders(_req: Request, res: Response, next: NextFunction) {
  res.setHeader("X-Content-Type-Options", "nosniff");
  res.setHeader("Referrer-Policy", "strict-origin-when-cross-origin");
  res.setHeader("X-Frame-Options", "SAMEORIGIN");
  res.setHeader("Permissions-Policy", "camera=(), microphone=(), geolocation=()");
  res.setHeader("Cross-Origin-Opener-Policy", "same-origin-allow-popups");
  next();
}

const SAFE_METHODS = new Set(["GET", "HEAD", "OPTIONS"]);

/** Paths that receive writes from other origins by design (signed provider webhooks). */
const CROSS_ORIGIN_ALLOWED = [/^\/webhooks\//];

export function sameOriginWrites(req: Request, res: Response, next: NextFunction) {
  if (SAFE_METHODS.has(req.method) || CROSS_ORIGIN_ALLOWED.some((re) => re.test(req.path))) return next();
  const source = req.get("origin") ?? refererOrigin(req.get("referer"));
  // Non-browser clients send neither header; browsers always send Origin on cross-site POSTs.
  if (!source) return next();
  const host = req.get("host");
  let sourceHost: string | null = null;
  try {
    sourceHost = new URL(source).host;
  } catch {}
  if (sourceHost && sourceHost === host) return next();
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

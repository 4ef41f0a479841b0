/**
 * The HTTP edge, in one place: the client's IP (read by every rate limit) and the Fetch
 * API view of an Express request (for the session and cookie readers, which speak Fetch).
 * Express handlers that need the logged-in user call `requestUser(req)`.
 */
import type { IncomingMessage } from "node:http";
import { type AppContext, appContext } from "../context.server";
import { env } from "../env.server";
import { type SessionUser, currentUser } from "../session.server";

/**
 * The client's IP: the socket's peer, or behind one trusted reverse proxy (TRUST_PROXY=1)
 * the address that proxy appended to X-Forwarded-For. Anything else a client writes in
 * headers is ignored, so nobody can pick their own rate-limit bucket.
 */
export function clientIp(req: IncomingMessage): string {
  if (env.trustProxy) {
    const forwarded = req.headers["x-forwarded-for"];
    const hops = (Array.isArray(forwarded) ? forwarded.join(",") : (forwarded ?? "")).split(",");
    const last = hops[hops.length - 1]?.trim();
    if (last) return last;
  }
  return req.socket.remoteAddress ?? "desconocida";
}

/**
 * React Router's load context for a request: the application context (ADR 031), what loaders
 * and actions may know of the HTTP edge, and the page's Content-Security-Policy nonce (set by security.server.ts).
 */
export function loadContext(
  req: IncomingMessage,
  res?: { locals?: Record<string, unknown> },
): { app: AppContext; clientIp: string; cspNonce?: string } {
  const nonce = res?.locals?.cspNonce;
  return { app: appContext(), clientIp: clientIp(req), cspNonce: typeof nonce === "string" ? nonce : undefined };
}

/** The Fetch API view of a Node request for readers of cookies and sessions: URL and headers, as a GET (never the body). */
export function toFetchRequest(req: IncomingMessage & { originalUrl?: string }): Request {
  const headers = new Headers();
  for (const [name, value] of Object.entries(req.headers)) {
    if (typeof value === "string") headers.set(name, value);
    else if (Array.isArray(value)) for (const v of value) headers.append(name, v);
  }
  const url = new URL(req.originalUrl ?? req.url ?? "/", `http://${req.headers.host ?? "localhost"}`);
  return new Request(url, { headers });
}

/** The logged-in user of an Express request, or null. */
export function requestUser(req: IncomingMessage & { originalUrl?: string }): Promise<SessionUser | null> {
  return currentUser(toFetchRequest(req));
}

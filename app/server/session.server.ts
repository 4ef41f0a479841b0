import { redirect } from "react-router";
import { getAuth } from "./auth.server";

export type SessionUser = {
  id: string;
  name: string;
  email: string;
  role: string;
  terminos: boolean;
  /** whether the address was proved (the mailed link, a password reset, Google/Facebook, the create-admin command) */
  emailVerified: boolean;
};

/** Better Auth's session cookie (plain, or `__Secure-` over HTTPS). */
const SESSION_COOKIE = /(?:^|;\s*)(?:__Secure-)?better-auth\.session_token=/;

/**
 * Session lookups running now, by Cookie header: a page's loaders (the root's and the page's)
 * run together and each asks; one lookup answers them all. Only while it runs, and only for
 * reads (React Router hands each loader a Request of its own, so the cookie is the key).
 */
const running = new Map<string, Promise<SessionUser | null>>();

/** The logged-in user of this request, or null. */
export function currentUser(request: Request): Promise<SessionUser | null> {
  const cookie = request.headers.get("cookie") ?? "";
  if ((request.method !== "GET" && request.method !== "HEAD") || !SESSION_COOKIE.test(cookie)) return readSession(request);
  let session = running.get(cookie);
  if (!session) {
    session = readSession(request);
    running.set(cookie, session);
    const done = () => running.delete(cookie);
    session.then(done, done);
  }
  return session;
}

async function readSession(request: Request): Promise<SessionUser | null> {
  // Without the session cookie there is no session: most visitors skip Better Auth entirely.
  if (!SESSION_COOKIE.test(request.headers.get("cookie") ?? "")) return null;
  const result = await getAuth().api.getSession({ headers: request.headers });
  if (!result) return null;
  const u = result.user as typeof result.user & { role?: string; terminos?: boolean };
  return {
    id: u.id,
    name: u.name,
    email: u.email,
    role: u.role ?? "cliente",
    terminos: Boolean(u.terminos),
    emailVerified: u.emailVerified === true,
  };
}

/** Guarded routes (SPEC section 2): no session → redirect to / on the server. */
export async function requireUser(request: Request): Promise<SessionUser> {
  const user = await currentUser(request);
  if (!user) throw redirect("/");
  return user;
}

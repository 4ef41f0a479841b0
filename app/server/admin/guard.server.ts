/**
 * The one door to /admin and to every admin-only answer: `adminCheck` is the only place that
 * decides whether a request comes from the studio (a logged-in user whose role is 'admin', set
 * only by `npm run admin:create` or a verified ADMIN_EMAILS address, never from a request).
 * Everything that asks goes through it and only words the refusal its own way:
 * - admin loaders and actions (`requireAdmin`): the site's plain 404 for everyone else, so the
 *   area does not even admit it exists. Every admin loader and action calls it (the layout's
 *   check alone is not enough: a request can reach an action, or a child's data, without the
 *   layout rendering);
 * - the upload API (http/upload.server.ts): 401 without a session, 403 for a client;
 * - the larger body limit of an admin's form with files (http/upload.server.ts adminUploadLimit).
 * `isAdmin` is the rule itself, for code that already holds the user (an invoice's owner or
 * an admin; the header's link to /admin).
 */
import { data } from "react-router";
import { type SessionUser, currentUser } from "../session.server";

export function isAdmin(user: Pick<SessionUser, "role"> | null | undefined): boolean {
  return user?.role === "admin";
}

/** Who asks: the admin, a logged-in user who is not one, or nobody logged in. */
export type AdminCheck =
  | { admin: true; user: SessionUser }
  | { admin: false; user: SessionUser }
  | { admin: false; user: null };

/** The check every admin-only answer makes (a Fetch request: Express handlers pass `toFetchRequest(req)`). */
export async function adminCheck(request: Request): Promise<AdminCheck> {
  const user = await currentUser(request);
  if (!user) return { admin: false, user: null };
  return isAdmin(user) ? { admin: true, user } : { admin: false, user };
}

/** The admin of this request, or a 404 thrown for anyone else (admin pages do not exist for them). */
export async function requireAdmin(request: Request): Promise<SessionUser> {
  const check = await adminCheck(request);
  if (!check.admin) throw data(null, { status: 404 });
  return check.user;
}

/**
 * The action of an admin screen that writes nothing (the layout, the home, the order list):
 * a non-admin still gets the 404, never a 405 that would tell the path exists.
 */
export async function refuseWrites(request: Request): Promise<never> {
  await requireAdmin(request);
  throw data(null, { status: 405 });
}

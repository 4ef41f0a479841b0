/**
 * Who is the studio: users whose role is 'admin' (set only by `npm run admin:create`, never
 * from a request). Everyone else, logged in or not, gets a 404 from admin pages.
 */
import { data } from "react-router";
import { type SessionUser, currentUser } from "./session.server";

export function isAdmin(user: Pick<SessionUser, "role"> | null | undefined): boolean {
  return user?.role === "admin";
}

/** The admin of this request, or a 404 thrown for anyone else (admin pages do not exist for them). */
export async function requireAdmin(request: Request): Promise<SessionUser> {
  const user = await currentUser(request);
  if (!user || !isAdmin(user)) throw data(null, { status: 404 });
  return user;
}

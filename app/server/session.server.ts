import { redirect } from "react-router";
import { getAuth } from "./auth.server";

export type SessionUser = {
  id: string;
  name: string;
  email: string;
  role: string;
  terminos: boolean;
};

/** The logged-in user of this request, or null. */
export async function currentUser(request: Request): Promise<SessionUser | null> {
  const result = await getAuth().api.getSession({ headers: request.headers });
  if (!result) return null;
  const u = result.user as typeof result.user & { role?: string; terminos?: boolean };
  return { id: u.id, name: u.name, email: u.email, role: u.role ?? "cliente", terminos: Boolean(u.terminos) };
}

/** Guarded routes (SPEC section 2): no session → redirect to / on the server. */
export async function requireUser(request: Request): Promise<SessionUser> {
  const user = await currentUser(request);
  if (!user) throw redirect("/");
  return user;
}

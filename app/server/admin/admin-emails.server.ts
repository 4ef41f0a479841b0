/**
 * ADMIN_EMAILS (comma-separated): addresses that get role 'admin' when they log in, once the
 * address is verified (`emailVerified`: a Google or Facebook log-in that vouches for it, or
 * an account made with the create-admin command). An address someone merely typed into
 * the sign-up form is not proof of anything: whoever registered it first would otherwise
 * get the studio's admin area. Made for a first set-up where the create-admin command
 * cannot open the database the running server holds. Nobody is ever demoted by it.
 */
import { and, eq, ne } from "drizzle-orm";
import type { Db } from "../db/index.server";
import { user } from "../db/schema";
import { env } from "../env.server";

export function listedAdminEmails(value = env.adminEmails): Set<string> {
  return new Set(
    value
      .split(",")
      .map((e) => e.trim().toLowerCase())
      .filter(Boolean),
  );
}

/** The role ADMIN_EMAILS gives an account: admin only for a listed address that is verified. */
export function listedRole(
  account: { email: string; emailVerified: boolean },
  listed = listedAdminEmails(),
): "admin" | "cliente" {
  return account.emailVerified && listed.has(account.email.trim().toLowerCase()) ? "admin" : "cliente";
}

/** At log-in (sign-up logs in too): a listed, verified address that is not admin yet becomes one. */
export async function promoteListedAdmin(db: Db, userId: string, listed = listedAdminEmails()): Promise<void> {
  if (listed.size === 0) return;
  const [u] = await db
    .select({ email: user.email, emailVerified: user.emailVerified })
    .from(user)
    .where(eq(user.id, userId));
  // Written only when it changes anything (an admin already stays as she is).
  if (u && listedRole(u, listed) === "admin") {
    await db
      .update(user)
      .set({ role: "admin" })
      .where(and(eq(user.id, userId), ne(user.role, "admin")));
  }
}

/**
 * ADMIN_EMAILS (comma-separated): addresses that get role 'admin' when they sign up or log
 * in. Made for the end-to-end tests and a first set-up, where the create-admin CLI cannot
 * open the database the running server holds. Whoever registers a listed address first gets
 * the role, so list only addresses already registered by the studio (or use the CLI).
 * Nobody is ever demoted by it.
 */
import { eq } from "drizzle-orm";
import type { Db } from "../db/index.server";
import { user } from "../db/schema";

export function listedAdminEmails(value = process.env.ADMIN_EMAILS ?? ""): Set<string> {
  return new Set(
    value
      .split(",")
      .map((e) => e.trim().toLowerCase())
      .filter(Boolean),
  );
}

/** The role a new account starts with. */
export function roleAtSignUp(email: string, listed = listedAdminEmails()): "admin" | "cliente" {
  return listed.has(email.trim().toLowerCase()) ? "admin" : "cliente";
}

/** At log-in: a listed address that is not admin yet becomes one. */
export async function promoteListedAdmin(db: Db, userId: string, listed = listedAdminEmails()): Promise<void> {
  if (listed.size === 0) return;
  const [u] = await db.select({ email: user.email, role: user.role }).from(user).where(eq(user.id, userId));
  if (u && u.role !== "admin" && roleAtSignUp(u.email, listed) === "admin") {
    await db.update(user).set({ role: "admin" }).where(eq(user.id, userId));
  }
}

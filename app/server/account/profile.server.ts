/**
 * The user record beyond Better Auth's own fields: the accepted terms and the profile name.
 */
import { eq } from "drizzle-orm";
import { legalDocument } from "../content.server";
import { getDb } from "../db/index.server";
import { user } from "../db/schema";

/**
 * The terms in force, recorded with each acceptance: the date of their last update, the one
 * the terms page prints (`actualizado` in content/legal/terminos-y-condiciones.md).
 */
export const TERMINOS_VERSION = legalDocument("terminos-y-condiciones").actualizado;

/** SPEC section 4: accepting the terms prompt sets terminos = true, with when and which. */
export async function acceptTerms(userId: string): Promise<void> {
  await getDb()
    .update(user)
    .set({ terminos: true, terminosAceptadosEn: new Date(), terminosVersion: TERMINOS_VERSION, updatedAt: new Date() })
    .where(eq(user.id, userId));
}

export async function hasAcceptedTerms(userId: string): Promise<boolean> {
  const [row] = await getDb().select({ terminos: user.terminos }).from(user).where(eq(user.id, userId)).limit(1);
  return row?.terminos ?? false;
}

export async function updateProfileName(userId: string, nombre: string): Promise<void> {
  await getDb().update(user).set({ name: nombre, updatedAt: new Date() }).where(eq(user.id, userId));
}

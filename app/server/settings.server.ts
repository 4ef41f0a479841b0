/**
 * The studio's settings (table `ajustes`, one JSON value per key), read and written here and
 * nowhere else. Each key's meaning is owned by one rule: `envio` by shipping (free shipping),
 * `aviso` by the purchase pause, `sitio` by the site's media, `cursos` by the school's
 * enrolment (school/enrolment.server.ts). The admin edits them through
 * admin/settings.server.ts.
 */
import { eq } from "drizzle-orm";
import type { Db, DbOrTx } from "./db/index.server";
import { ajustes } from "./db/schema";

export const SETTING = {
  /** { estado: "Gratis" | "Normal" }: free shipping in the whole shop */
  envio: "envio",
  /** { desde, hasta }: purchases paused between two dates (SPEC §8 'Aviso') */
  aviso: "aviso",
  /** hero, studio video and facilities photos */
  sitio: "sitio",
  /** courses that grant another and the free-second-course promotion (app/config/courses.ts) */
  cursos: "cursos",
} as const;

/** A setting's stored value, or null when it was never set. */
export async function readSetting(db: DbOrTx, key: string): Promise<unknown> {
  const [row] = await db.select({ valor: ajustes.valor }).from(ajustes).where(eq(ajustes.clave, key)).limit(1);
  return row?.valor ?? null;
}

/** Stores a setting; null removes it. */
export async function writeSetting(db: Db, key: string, valor: unknown): Promise<void> {
  if (valor === null) {
    await db.delete(ajustes).where(eq(ajustes.clave, key));
    return;
  }
  await db
    .insert(ajustes)
    .values({ clave: key, valor })
    .onConflictDoUpdate({ target: ajustes.clave, set: { valor, updatedAt: new Date() } });
}

/**
 * The photo lists of products, services, courses and visits: one table each, the same
 * shape (an owner, a url, a position). Removing a photo removes its stored files first; if
 * that fails the photo stays and the spec's 'Error al aliminar archivo 1' is answered.
 */
import { type SQL, and, asc, eq, sql } from "drizzle-orm";
import type { PgColumn, PgTable } from "drizzle-orm/pg-core";
import type { GalleryImage } from "~/domain/admin-form";
import type { AlertMessage } from "~/domain/messages";
import type { Db } from "../db/index.server";
import { type StoredImage, deleteFiles } from "./uploads.server";

export type GallerySource = {
  table: PgTable;
  id: PgColumn;
  url: PgColumn;
  posicion: PgColumn;
  owner: PgColumn;
  /** a further condition (a visit's 'antes' or 'despues' photos) */
  filter?: SQL;
  /** the row to insert for a new photo */
  row(ownerId: string, image: StoredImage, posicion: number): Record<string, unknown>;
};

const where = (g: GallerySource, ownerId: string) => and(eq(g.owner, ownerId), g.filter);

export async function listImages(db: Db, g: GallerySource, ownerId: string): Promise<GalleryImage[]> {
  const rows = await db
    .select({ id: g.id, url: g.url })
    .from(g.table)
    .where(where(g, ownerId))
    .orderBy(asc(g.posicion), asc(g.id));
  return rows as GalleryImage[];
}

/** Appends photos after the existing ones. */
export async function addImages(db: Db, g: GallerySource, ownerId: string, images: StoredImage[]): Promise<void> {
  if (images.length === 0) return;
  const [last] = await db
    .select({ max: sql<number | null>`max(${g.posicion})` })
    .from(g.table)
    .where(where(g, ownerId));
  const start = (last?.max ?? -1) + 1;
  await db.insert(g.table).values(images.map((image, i) => g.row(ownerId, image, start + i)));
}

/**
 * Moves one photo to place `to` (0 is the first: a product's cover) and numbers the
 * positions 0, 1, 2… again, inside the caller's transaction. Answers false when the photo
 * is not this owner's (a stale page): nothing changes.
 */
export async function moveImage(db: Db, g: GallerySource, ownerId: string, imageId: number, to: number): Promise<boolean> {
  const images = await listImages(db, g, ownerId);
  const from = images.findIndex((i) => i.id === imageId);
  if (from < 0 || !Number.isSafeInteger(to)) return false;
  const order = images.map((i) => i.id);
  order.splice(from, 1);
  order.splice(Math.min(Math.max(to, 0), order.length), 0, imageId);
  for (const [posicion, id] of order.entries()) {
    // every gallery table names its column `posicion` (drizzle cannot type a table chosen at run time)
    await db
      .update(g.table)
      .set({ posicion } as never)
      .where(eq(g.id, id));
  }
  return true;
}

/** Removes one photo (files, then row); answers its url, or the alert when it could not. */
export async function removeImage(
  db: Db,
  g: GallerySource,
  ownerId: string,
  imageId: number,
): Promise<{ url: string } | { alert: AlertMessage }> {
  const [image] = await db
    .select({ url: g.url })
    .from(g.table)
    .where(and(where(g, ownerId), eq(g.id, Number.isSafeInteger(imageId) ? imageId : -1)))
    .limit(1);
  if (!image) return { alert: { icon: "error", title: "Error!", text: "Esa foto ya no existe." } };
  const url = String(image.url);
  const failed = await deleteFiles([url]);
  if (failed) return { alert: failed };
  await db.delete(g.table).where(eq(g.id, imageId));
  return { url };
}

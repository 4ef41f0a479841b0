/** The user's favourite products (the spec's user.favoritos), one row per product. */
import { and, desc, eq } from "drizzle-orm";
import { getDb } from "../db/index.server";
import { favoritos, productos } from "../db/schema";
import { productCardColumns } from "../shop/catalog.server";
import type { ProductCard } from "~/domain/catalog";

export type { ProductCard as FavoriteProduct } from "~/domain/catalog";

/** The favourites of a user, newest first; products no longer published are left out. */
export async function listFavoriteProducts(userId: string): Promise<ProductCard[]> {
  return getDb()
    .select(productCardColumns)
    .from(favoritos)
    .innerJoin(productos, eq(productos.id, favoritos.productoId))
    .where(and(eq(favoritos.userId, userId), eq(productos.publicado, true)))
    .orderBy(desc(favoritos.createdAt), productos.nombre);
}

export type ToggleResult = { favorito: boolean } | { error: "producto-inexistente" };

/** SPEC section 4: adds the product to the favourites, or removes it when already there. */
export async function toggleFavorite(userId: string, productoId: string): Promise<ToggleResult> {
  const db = getDb();
  const [producto] = await db.select({ id: productos.id }).from(productos).where(eq(productos.id, productoId)).limit(1);
  if (!producto) return { error: "producto-inexistente" };
  const removed = await db
    .delete(favoritos)
    .where(and(eq(favoritos.userId, userId), eq(favoritos.productoId, productoId)))
    .returning({ productoId: favoritos.productoId });
  if (removed.length > 0) return { favorito: false };
  await db.insert(favoritos).values({ userId, productoId }).onConflictDoNothing();
  return { favorito: true };
}

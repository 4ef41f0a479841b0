/**
 * Reads of the product catalogue: categories, category listings, one product with its
 * gallery, related products. Only published products are visible to the shop.
 */
import { and, asc, count, desc, eq, inArray, ne, sql } from "drizzle-orm";
import type { Category, ProductCard, ProductDetail } from "~/domain/catalog";
import { PRODUCTS_PER_PAGE, type Page, paginate } from "~/domain/pagination";
import type { Db, DbOrTx } from "../db/index.server";
import { categorias, favoritos, productoImagenes, productos } from "../db/schema";
import { untilNextWrite } from "../http/cache-version.server";
import { sendLowStockAlert } from "./stock-alert.server";

export type { Category, ProductCard as ProductCardData, ProductDetail } from "~/domain/catalog";

/** The columns of a product card (app/domain/catalog.ts ProductCard): every listing selects these. */
export const productCardColumns = {
  id: productos.id,
  nombre: productos.nombre,
  marca: productos.marca,
  precio: productos.precio,
  precioAntes: productos.precioAntes,
  urlImagen: productos.urlImagen,
  cantidad: productos.cantidad,
};

/** Every category in the studio's order: kept in memory until the next catalogue write (shared: never changed by callers). */
export const listCategories: (db: Db) => Promise<readonly Category[]> = untilNextWrite((db) =>
  db
    .select({ id: categorias.id, nombre: categorias.nombre })
    .from(categorias)
    .orderBy(asc(categorias.posicion), asc(categorias.nombre)),
);

/** Past this page a listing's first query is not tried (the offset would be absurd): it counts first. */
const MAX_LISTING_PAGE = 100_000;

/**
 * One page of a category's products (8 per page, SPEC section 9). null when the category
 * does not exist. A page past the end is clamped to the last one.
 */
export async function listCategoryProducts(
  db: Db,
  categoriaId: string,
  requestedPage: number,
): Promise<{ category: Category; products: ProductCard[]; total: number; page: Page } | null> {
  // from the kept list of categories (no query while nothing was written)
  const category = (await listCategories(db)).find((c) => c.id === categoriaId);
  if (!category) return null;

  const visible = and(eq(productos.categoriaId, categoriaId), eq(productos.publicado, true));
  // The page asked for and the category's count in one query (count(*) over the matches);
  // only a page past the end (no rows, so no count) counts apart and reads the last page.
  const pageAt = (offset: number) =>
    db
      .select({ ...productCardColumns, total: sql<number>`count(*) over ()` })
      .from(productos)
      .where(visible)
      // id breaks ties so that a product never shows on two pages
      .orderBy(asc(productos.nombre), asc(productos.id))
      .limit(PRODUCTS_PER_PAGE)
      .offset(offset);
  const asked = Math.min(Math.max(Number.isFinite(requestedPage) ? Math.trunc(requestedPage) : 1, 1), MAX_LISTING_PAGE);
  let rows = await pageAt((asked - 1) * PRODUCTS_PER_PAGE);
  const total =
    rows.length > 0
      ? Number(rows[0]!.total)
      : ((await db.select({ n: count() }).from(productos).where(visible))[0]?.n ?? 0);
  const page = paginate(total, requestedPage, PRODUCTS_PER_PAGE);
  if (rows.length === 0 && total > 0) rows = await pageAt(page.offset);
  const products: ProductCard[] = rows.map(({ total: _total, ...card }) => card);
  return { category, products, total, page };
}

/** A published product with its category name and gallery, or null. */
export async function getProduct(db: Db, id: string): Promise<ProductDetail | null> {
  // The product, its category's name and its gallery in one query (the gallery as JSON).
  const [row] = await db
    .select({
      ...productCardColumns,
      sku: productos.sku,
      categoriaId: productos.categoriaId,
      categoriaNombre: categorias.nombre,
      especificacion: productos.especificacion,
      imagenes: sql<{ nombre: string; url: string }[] | string>`coalesce((
        select json_agg(json_build_object('nombre', ${productoImagenes.nombre}, 'url', ${productoImagenes.url})
          order by ${productoImagenes.posicion}, ${productoImagenes.id})
        from ${productoImagenes} where ${productoImagenes.productoId} = ${productos.id}), '[]'::json)`,
    })
    .from(productos)
    .innerJoin(categorias, eq(categorias.id, productos.categoriaId))
    .where(and(eq(productos.id, id), eq(productos.publicado, true)));
  if (!row) return null;
  const { imagenes: gallery, ...product } = row;
  // both drivers parse json; a driver that hands it as text is parsed here
  const imagenes: { nombre: string; url: string }[] = typeof gallery === "string" ? JSON.parse(gallery) : gallery;
  // The main image leads the gallery unless the gallery already holds it.
  return {
    ...product,
    imagenes:
      product.urlImagen && !imagenes.some((i) => i.url === product.urlImagen)
        ? [{ nombre: product.nombre, url: product.urlImagen }, ...imagenes]
        : imagenes,
  };
}

/**
 * Up to `limit` other published products (SPEC: 3 related products), in stock first (issue
 * 29): the same category's in stock, then other categories' in stock, and only then sold-out
 * ones (the same category's first), so the page shows 3 whenever the catalogue has them and
 * a sold-out product only when there are not enough in stock.
 */
export async function relatedProducts(
  db: Db,
  product: { id: string; categoriaId: string },
  limit = 3,
): Promise<ProductCard[]> {
  // Index walks in name order (productos_relacionados, productos_existencia_nombre) that stop
  // after the rows still missing, rather than sorting the whole catalogue for 3 cards; most
  // products need only the first.
  const sameCategory = and(eq(productos.categoriaId, product.categoriaId), ne(productos.id, product.id));
  const otherCategories = ne(productos.categoriaId, product.categoriaId);
  const inStock = sql`${productos.cantidad} > 0`;
  const soldOut = sql`${productos.cantidad} <= 0`;
  const found: ProductCard[] = [];
  for (const where of [
    and(sameCategory, inStock),
    and(otherCategories, inStock),
    and(sameCategory, soldOut),
    and(otherCategories, soldOut),
  ]) {
    if (found.length >= limit) break;
    found.push(
      ...(await db
        .select(productCardColumns)
        .from(productos)
        .where(and(where, eq(productos.publicado, true)))
        .orderBy(sql`(${productos.cantidad} > 0) desc`, asc(productos.nombre), asc(productos.id))
        .limit(limit - found.length)),
    );
  }
  return found;
}

/** Products for the home carousel: published, in stock first, newest first. */
export async function featuredProducts(db: Db, limit: number): Promise<ProductCard[]> {
  return db
    .select(productCardColumns)
    .from(productos)
    .where(eq(productos.publicado, true))
    .orderBy(sql`(${productos.cantidad} > 0) desc`, desc(productos.createdAt), asc(productos.id))
    .limit(limit);
}

/** Which of `productIds` the user has in favourites (for the cards' heart). */
export async function favoriteIdsAmong(db: Db, userId: string | null, productIds: string[]): Promise<string[]> {
  if (!userId || productIds.length === 0) return [];
  const rows = await db
    .select({ productoId: favoritos.productoId })
    .from(favoritos)
    .where(and(eq(favoritos.userId, userId), inArray(favoritos.productoId, productIds)));
  return rows.map((r) => r.productoId);
}

/**
 * Takes the stock of the product lines of a paid order, inside its transaction: a
 * conditional decrement per line, never below 0 (the column's CHECK is the last guard).
 * Returns the names of the lines the stock could no longer serve (the caller rolls back).
 */
export async function takeStock(
  tx: DbOrTx,
  lines: readonly { tipo: string; id: string; nombre: string; cantidad: number }[],
): Promise<string[]> {
  const gone: string[] = [];
  for (const line of lines) {
    if (line.tipo !== "producto") continue;
    // One statement under the row's lock: concurrent sales queue on it, so exactly one sees the
    // stock go from above the threshold to it or below (ADR 036); it counts the crossing.
    const updated = await tx
      .update(productos)
      .set({
        cantidad: sql`${productos.cantidad} - ${line.cantidad}`,
        alertasStock: sql`${productos.alertasStock} + case when ${productos.stockMinimo} > 0
          and ${productos.cantidad} > ${productos.stockMinimo}
          and ${productos.cantidad} - ${line.cantidad} <= ${productos.stockMinimo} then 1 else 0 end`,
      })
      .where(and(eq(productos.id, line.id), sql`${productos.cantidad} >= ${line.cantidad}`))
      .returning({
        id: productos.id,
        nombre: productos.nombre,
        cantidad: productos.cantidad,
        stockMinimo: productos.stockMinimo,
        alertasStock: productos.alertasStock,
      });
    if (updated.length === 0) gone.push(line.nombre);
    const [left] = updated;
    if (left && left.stockMinimo > 0 && left.cantidad <= left.stockMinimo && left.cantidad + line.cantidad > left.stockMinimo) {
      await sendLowStockAlert(tx, left);
    }
  }
  return gone;
}

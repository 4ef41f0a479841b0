/**
 * Reads of the product catalogue: categories, category listings, one product with its
 * gallery, related products. Only published products are visible to the shop.
 */
import { and, asc, count, eq, inArray, ne } from "drizzle-orm";
import { PRODUCTS_PER_PAGE, type Page, paginate } from "~/domain/pagination";
import type { Db } from "./db/index.server";
import { categorias, favoritos, productoImagenes, productos } from "./db/schema";

export type Category = { id: string; nombre: string };

/** What a product card shows (see app/components/products/product-card.tsx). */
export type ProductCardData = {
  id: string;
  nombre: string;
  marca: string;
  /** centavos */
  precio: number;
  urlImagen: string;
  /** stock; 0 or below shows 'Agotado' */
  cantidad: number;
};

export type ProductDetail = ProductCardData & {
  categoriaId: string;
  categoriaNombre: string;
  especificacion: string;
  imagenes: { nombre: string; url: string }[];
};

const cardColumns = {
  id: productos.id,
  nombre: productos.nombre,
  marca: productos.marca,
  precio: productos.precio,
  urlImagen: productos.urlImagen,
  cantidad: productos.cantidad,
};

export async function listCategories(db: Db): Promise<Category[]> {
  return db
    .select({ id: categorias.id, nombre: categorias.nombre })
    .from(categorias)
    .orderBy(asc(categorias.posicion), asc(categorias.nombre));
}

/**
 * One page of a category's products (8 per page, SPEC section 9). null when the category
 * does not exist. A page past the end is clamped to the last one.
 */
export async function listCategoryProducts(
  db: Db,
  categoriaId: string,
  requestedPage: number,
): Promise<{ category: Category; products: ProductCardData[]; total: number; page: Page } | null> {
  const [category] = await db
    .select({ id: categorias.id, nombre: categorias.nombre })
    .from(categorias)
    .where(eq(categorias.id, categoriaId));
  if (!category) return null;

  const visible = and(eq(productos.categoriaId, categoriaId), eq(productos.publicado, true));
  const [{ total }] = await db.select({ total: count() }).from(productos).where(visible);
  const page = paginate(total, requestedPage, PRODUCTS_PER_PAGE);
  const products = await db
    .select(cardColumns)
    .from(productos)
    .where(visible)
    // id breaks ties so that a product never shows on two pages
    .orderBy(asc(productos.nombre), asc(productos.id))
    .limit(PRODUCTS_PER_PAGE)
    .offset(page.offset);
  return { category, products, total, page };
}

/** A published product with its category name and gallery, or null. */
export async function getProduct(db: Db, id: string): Promise<ProductDetail | null> {
  const [row] = await db
    .select({
      ...cardColumns,
      categoriaId: productos.categoriaId,
      categoriaNombre: categorias.nombre,
      especificacion: productos.especificacion,
    })
    .from(productos)
    .innerJoin(categorias, eq(categorias.id, productos.categoriaId))
    .where(and(eq(productos.id, id), eq(productos.publicado, true)));
  if (!row) return null;
  const imagenes = await db
    .select({ nombre: productoImagenes.nombre, url: productoImagenes.url })
    .from(productoImagenes)
    .where(eq(productoImagenes.productoId, id))
    .orderBy(asc(productoImagenes.posicion), asc(productoImagenes.id));
  // The main image leads the gallery unless the gallery already holds it.
  const gallery = row.urlImagen && !imagenes.some((i) => i.url === row.urlImagen)
    ? [{ nombre: row.nombre, url: row.urlImagen }, ...imagenes]
    : imagenes;
  return { ...row, imagenes: gallery };
}

/** Up to `limit` other products of the same category (SPEC: 3 related products). */
export async function relatedProducts(
  db: Db,
  product: { id: string; categoriaId: string },
  limit = 3,
): Promise<ProductCardData[]> {
  return db
    .select(cardColumns)
    .from(productos)
    .where(
      and(eq(productos.categoriaId, product.categoriaId), ne(productos.id, product.id), eq(productos.publicado, true)),
    )
    .orderBy(asc(productos.nombre), asc(productos.id))
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

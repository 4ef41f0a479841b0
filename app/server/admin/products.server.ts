/**
 * Admin: products (name, brand, price, stock, weight, category, specification, published,
 * photos). The first photo is the product's cover (urlImagen) on cards and lists.
 *
 * Stock is edited as an adjustment: the form carries back the stock it showed, and a save
 * adds the difference the studio typed to the stock of that moment. A sale made while the
 * form was open stays sold (5 shown, 1 sold, saved with 5: 4 remain).
 */
import { and, asc, count, eq, ilike, inArray, ne, or, sql } from "drizzle-orm";
import type { FormValues } from "~/domain/admin-form";
import { formatPrice } from "~/domain/money";
import type { Db } from "../db/index.server";
import { categorias, productoImagenes, productos } from "../db/schema";
import { checkbox, gallery, hiddenInteger, integer, money, moneyValue, select, text, textarea } from "./fields.server";
import { type GallerySource, addImages, listImages, moveImage, removeImage } from "./galleries.server";
import { type AdminResource, type SaveResult, likePattern, saveRow } from "./resource.server";
import { deleteFiles } from "./uploads.server";

const photos: GallerySource = {
  table: productoImagenes,
  id: productoImagenes.id,
  url: productoImagenes.url,
  posicion: productoImagenes.posicion,
  owner: productoImagenes.productoId,
  row: (productoId, image, posicion) => ({ productoId, url: image.url, posicion }),
};

async function productFields(db: Db) {
  const categories = await db
    .select({ value: categorias.id, label: categorias.nombre })
    .from(categorias)
    .orderBy(asc(categorias.posicion), asc(categorias.nombre));
  return {
    nombre: text("Nombre", { required: true }),
    marca: text("Marca"),
    precio: money("Precio (pesos)", { required: true, placeholder: "249.50" }),
    precioAntes: money("Precio antes (pesos)", {
      placeholder: "299.00",
      help: "Opcional: en oferta, la tienda lo muestra tachado («antes $299.00»). Debe ser mayor que el precio.",
    }),
    sku: text("SKU (código del producto)", { max: 40, help: "Opcional; no puede repetirse entre productos." }),
    cantidad: integer("Existencias (piezas)", {
      required: true,
      min: 0,
      help: "Con 0 la tienda lo muestra como agotado.",
    }),
    /** the stock the form showed (see `adjustStock`) */
    cantidadMostrada: hiddenInteger(),
    stockMinimo: integer("Avisarme cuando queden (piezas)", {
      min: 0,
      max: 100_000,
      help: "Te mandamos un correo cuando una venta deja las existencias en este número o menos. Con 0 no avisa.",
    }),
    peso: integer("Peso (gramos)", { min: 0, help: "Sirve para calcular el envío." }),
    categoriaId: select("Categoría", categories, { required: true }),
    especificacion: textarea("Especificación"),
    publicado: checkbox("Publicado en la tienda"),
    galeria: gallery("Fotos", "productos", {
      help: "La primera foto es la portada. Ordénalas con las flechas o arrastrándolas.",
      reorder: true,
    }),
  };
}

/** Another product already has this SKU (the unique index productos_sku_unico). */
async function skuTaken(db: Db, sku: string, id: string | null): Promise<boolean> {
  if (!sku) return false;
  const [other] = await db
    .select({ id: productos.id })
    .from(productos)
    .where(and(eq(productos.sku, sku), id ? ne(productos.id, id) : undefined))
    .limit(1);
  return Boolean(other);
}

const SKU_TAKEN = "Otro producto ya tiene ese SKU: usa uno distinto.";

/** A save that would undo or overdraw sales made while the form was open. */
class StockChanged extends Error {}

/**
 * The studio typed `edited` over the `shown` stock: the stock becomes current + (edited −
 * shown), in one statement, so that sales made meanwhile (which take stock the same way)
 * are never undone. Refused when it would go below zero, or when the form did not say what
 * it showed.
 */
async function adjustStock(tx: Db, id: string, edited: number, shown: number | null) {
  if (shown === null) {
    throw new StockChanged("No sabemos qué existencias mostraba el formulario: recarga la página y guarda de nuevo.");
  }
  const delta = edited - shown;
  if (delta === 0) return;
  const [row] = await tx
    .update(productos)
    .set({ cantidad: sql`${productos.cantidad} + ${delta}` })
    .where(and(eq(productos.id, id), sql`${productos.cantidad} + ${delta} >= 0`))
    .returning({ cantidad: productos.cantidad });
  if (row) return;
  const [now] = await tx.select({ cantidad: productos.cantidad }).from(productos).where(eq(productos.id, id));
  throw new StockChanged(
    `El inventario cambió mientras editabas: ahora hay ${now?.cantidad ?? 0} piezas, no ${shown}. ` +
      "Revisa las existencias y guarda de nuevo.",
  );
}

/** Gives a product without a cover (or that just lost it) its first photo as cover. */
async function refreshCover(db: Db, id: string, removedUrl?: string) {
  const [product] = await db.select({ urlImagen: productos.urlImagen }).from(productos).where(eq(productos.id, id));
  if (!product || (product.urlImagen && product.urlImagen !== removedUrl)) return;
  const [first] = await listImages(db, photos, id);
  await db
    .update(productos)
    .set({ urlImagen: first?.url ?? "" })
    .where(eq(productos.id, id));
}

/** The admin list's search: name or brand contains the term. */
const productMatches = (q?: string) =>
  q ? or(ilike(productos.nombre, likePattern(q)), ilike(productos.marca, likePattern(q))) : undefined;

export const productsResource: AdminResource<Awaited<ReturnType<typeof productFields>>> = {
  section: "productos",
  title: "Productos",
  singular: "producto",
  search: "Nombre o marca",
  fields: (db) => productFields(db),
  defaults: { publicado: true, cantidad: "0", stockMinimo: "0", peso: "0" },

  async count(db, { q }) {
    const [row] = await db.select({ n: count() }).from(productos).where(productMatches(q));
    return row?.n ?? 0;
  },

  async list(db, { q, limit, offset }) {
    // A page's ids first, in name order from the index alone (productos_nombre, when there is
    // no search), then only those rows joined to their category: a far page skips index
    // entries instead of joining and sorting the whole catalogue.
    const pageIds =
      limit === undefined
        ? undefined
        : db
            .select({ id: productos.id })
            .from(productos)
            .where(productMatches(q))
            .orderBy(asc(productos.nombre), asc(productos.id))
            .limit(limit)
            .offset(offset ?? 0);
    const rows = await db
      .select({
        id: productos.id,
        nombre: productos.nombre,
        precio: productos.precio,
        cantidad: productos.cantidad,
        publicado: productos.publicado,
        urlImagen: productos.urlImagen,
        categoria: categorias.nombre,
      })
      .from(productos)
      .innerJoin(categorias, eq(categorias.id, productos.categoriaId))
      .where(pageIds ? inArray(productos.id, pageIds) : productMatches(q))
      .orderBy(asc(productos.nombre), asc(productos.id));
    return rows.map((p) => ({
      id: p.id,
      title: p.nombre,
      detail: `${formatPrice(p.precio)} · ${p.cantidad} pzas · ${p.categoria}`,
      image: p.urlImagen,
      badge: !p.publicado ? "Oculto" : p.cantidad <= 0 ? "Agotado" : undefined,
    }));
  },

  async load(db, id) {
    const [p] = await db.select().from(productos).where(eq(productos.id, id));
    if (!p) return null;
    const images = await listImages(db, photos, id);
    // An imported product may have a cover that is not among its photos: show it first.
    const galeria =
      p.urlImagen && !images.some((i) => i.url === p.urlImagen) ? [{ id: 0, url: p.urlImagen }, ...images] : images;
    return {
      nombre: p.nombre,
      marca: p.marca,
      precio: moneyValue(p.precio),
      precioAntes: moneyValue(p.precioAntes),
      sku: p.sku,
      cantidad: String(p.cantidad),
      cantidadMostrada: String(p.cantidad),
      stockMinimo: String(p.stockMinimo),
      peso: String(p.peso),
      categoriaId: p.categoriaId,
      especificacion: p.especificacion,
      publicado: p.publicado,
      galeria,
    } satisfies FormValues;
  },

  check(v) {
    if (v.precioAntes !== null && v.precio !== null && v.precioAntes <= v.precio) {
      return { precioAntes: "Debe ser mayor que el precio (o déjalo vacío si no está en oferta)." };
    }
    return null;
  },

  async save(db, id, v): Promise<SaveResult> {
    const sku = v.sku.trim();
    if (await skuTaken(db, sku, id)) return { errors: { sku: SKU_TAKEN } };
    const columns = {
      nombre: v.nombre,
      marca: v.marca,
      precio: v.precio ?? 0,
      precioAntes: v.precioAntes,
      sku,
      // a new product starts with the stock typed; an existing one is adjusted (adjustStock)
      ...(id ? {} : { cantidad: v.cantidad }),
      stockMinimo: v.stockMinimo ?? 0,
      peso: v.peso,
      categoriaId: v.categoriaId,
      especificacion: v.especificacion,
      publicado: v.publicado,
    };
    try {
      return await saveRow(db, productos, id, columns, v.nombre, {
        inTransaction: async (tx, productId) => {
          if (id) await adjustStock(tx, productId, v.cantidad, v.cantidadMostrada);
          await addImages(tx, photos, productId, v.galeria);
          await refreshCover(tx, productId);
        },
      });
    } catch (error) {
      if (error instanceof StockChanged) return { errors: { cantidad: error.message } };
      // two saves with one SKU at once: the unique index refuses the second
      if ((error as { cause?: { constraint?: string }; constraint?: string })?.cause?.constraint === "productos_sku_unico" ||
        (error as { constraint?: string })?.constraint === "productos_sku_unico") {
        return { errors: { sku: SKU_TAKEN } };
      }
      throw error;
    }
  },

  async remove(db, id) {
    const images = await listImages(db, photos, id);
    const [p] = await db.delete(productos).where(eq(productos.id, id)).returning({ urlImagen: productos.urlImagen });
    return deleteFiles([p?.urlImagen, ...images.map((i) => i.url)]);
  },

  async moveImage(db, id, _field, imageId, to) {
    // An imported cover that is not a photo row (shown first with id 0) becomes one first, so
    // that it can move like the others.
    let moving = imageId;
    const moved = await db.transaction(async (tx) => {
      const [p] = await tx
        .select({ urlImagen: productos.urlImagen })
        .from(productos)
        .where(eq(productos.id, id))
        .for("update");
      if (!p) return false;
      const images = await listImages(tx, photos, id);
      if (p.urlImagen && !images.some((i) => i.url === p.urlImagen)) {
        const [first] = await tx
          .insert(productoImagenes)
          .values({ productoId: id, url: p.urlImagen, posicion: (images.length ? -1 : 0) - images.length })
          .returning({ id: productoImagenes.id });
        if (imageId === 0) moving = first!.id;
      }
      if (!(await moveImage(tx, photos, id, moving, to))) return false;
      // the first photo is the cover (cards, lists, the product's schema.org image)
      const [cover] = await listImages(tx, photos, id);
      await tx
        .update(productos)
        .set({ urlImagen: cover?.url ?? "" })
        .where(eq(productos.id, id));
      return true;
    });
    return moved ? null : { icon: "error", title: "Error!", text: "Esa foto ya no existe." };
  },

  async removeImage(db, id, _field, imageId) {
    if (imageId !== 0) {
      const result = await removeImage(db, photos, id, imageId);
      if ("alert" in result) return result.alert;
      await refreshCover(db, id, result.url);
      return null;
    }
    // the imported cover shown first (not a photo row): forget it, and its file if ours
    const [p] = await db.select({ urlImagen: productos.urlImagen }).from(productos).where(eq(productos.id, id));
    const failed = await deleteFiles([p?.urlImagen]);
    if (failed) return failed;
    await refreshCover(db, id, p?.urlImagen);
    return null;
  },
};

/** How many published products are out of stock (for the admin home). */
export async function soldOutCount(db: Db): Promise<number> {
  const [row] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(productos)
    .where(sql`${productos.publicado} and ${productos.cantidad} <= 0`);
  return row?.n ?? 0;
}

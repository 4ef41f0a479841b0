/**
 * Issue 29 part 5, the catalogue's chores on a real database: photos put in order from the
 * admin (the first is the cover), a sale price shown as "antes $X" (cards, the product page,
 * its schema.org Offer), the SKU, reviews hidden and shown again, the server refusing more
 * than the stock, and related products in stock first.
 */
import { asc, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { ProductCard } from "~/domain/catalog";
import { priceBefore } from "~/domain/catalog";
import type { Database } from "~/server/db/client.server";
import { carritoLineas, comentarios, productoImagenes, productos } from "~/server/db/schema";
import { listReviews } from "~/server/reviews/reviews.server";
import { listCategoryProducts, relatedProducts } from "~/server/shop/catalog.server";
import * as editar from "~/routes/admin/editar";
import * as resenas from "~/routes/admin/resenas";
import * as producto from "~/routes/producto";
import { callAction, callLoader } from "../support/actions";
import { makeCategory, makeProduct, signUpUser, useTestDatabase } from "../support/fixtures";

let database: Database;
let adminCookie: string;
let clientCookie: string;
let categoriaId: string;

beforeAll(async () => {
  database = await useTestDatabase();
  adminCookie = (await signUpUser({ role: "admin" })).cookie;
  clientCookie = (await signUpUser()).cookie;
  categoriaId = (await makeCategory({ id: "cejas", nombre: "Cejas" })).id;
});
afterAll(() => database.close());

const db = () => database.db;

async function photosOf(productoId: string) {
  const rows = await db()
    .select({ id: productoImagenes.id, url: productoImagenes.url })
    .from(productoImagenes)
    .where(eq(productoImagenes.productoId, productoId))
    .orderBy(asc(productoImagenes.posicion), asc(productoImagenes.id));
  return rows;
}
const coverOf = async (id: string) =>
  (await db().select({ url: productos.urlImagen }).from(productos).where(eq(productos.id, id)))[0]?.url;

function move(productoId: string, imagen: number | string, a: number | string, cookie = adminCookie) {
  return callAction(
    editar.action,
    `/admin/productos/${productoId}`,
    { intent: "mover-imagen", campo: "galeria", imagen: String(imagen), a: String(a) },
    { cookie, params: { id: productoId } },
  );
}

function saveProduct(productoId: string, fields: Record<string, string>) {
  return callAction(
    editar.action,
    `/admin/productos/${productoId}`,
    {
      intent: "guardar",
      nombre: "Pigmento Café",
      precio: "450.00",
      cantidad: "5",
      cantidadMostrada: "5",
      peso: "100",
      categoriaId,
      publicado: "on",
      ...fields,
    },
    { cookie: adminCookie, params: { id: productoId } },
  );
}

describe("photos in order", () => {
  it("moves a photo with the buttons' and the drag's form; the first is the cover", async () => {
    const p = await makeProduct({ categoriaId, urlImagen: "/media/uno.webp" });
    await db()
      .insert(productoImagenes)
      .values(["uno", "dos", "tres"].map((n, posicion) => ({ productoId: p.id, url: `/media/${n}.webp`, posicion })));
    const [uno, dos, tres] = await photosOf(p.id);

    // 'Hacer la foto 3 la portada' by drag (to 0), then 'Mover la foto 1 después' (to 1)
    expect((await move(p.id, tres!.id, 0)).status).toBe(200);
    expect((await photosOf(p.id)).map((f) => f.url)).toEqual([
      "/media/tres.webp",
      "/media/uno.webp",
      "/media/dos.webp",
    ]);
    expect(await coverOf(p.id)).toBe("/media/tres.webp");
    expect((await move(p.id, tres!.id, 1)).status).toBe(200);
    expect((await photosOf(p.id)).map((f) => f.id)).toEqual([uno!.id, tres!.id, dos!.id]);
    expect(await coverOf(p.id)).toBe("/media/uno.webp");
    // past the end is the end
    await move(p.id, uno!.id, 99);
    expect((await photosOf(p.id)).map((f) => f.id)).toEqual([tres!.id, dos!.id, uno!.id]);
    expect((await callLoader(producto.loader, `/producto/${p.id}`, { params: { id: p.id } })).body).toMatchObject({
      product: {
        urlImagen: "/media/tres.webp",
        imagenes: [{ url: "/media/tres.webp" }, { url: "/media/dos.webp" }, { url: "/media/uno.webp" }],
      },
    });
  });

  it("makes an imported cover that is not a photo one of them, so it can move too", async () => {
    const p = await makeProduct({ categoriaId, urlImagen: "/media/importada.webp" });
    await db().insert(productoImagenes).values({ productoId: p.id, url: "/media/nueva.webp", posicion: 0 });
    expect((await move(p.id, 0, 1)).status).toBe(200);
    expect((await photosOf(p.id)).map((f) => f.url)).toEqual(["/media/nueva.webp", "/media/importada.webp"]);
    expect(await coverOf(p.id)).toBe("/media/nueva.webp");
  });

  it("refuses another product's photo, nonsense, and anyone but the studio; nothing moves", async () => {
    const p = await makeProduct({ categoriaId });
    const other = await makeProduct({ categoriaId });
    await db()
      .insert(productoImagenes)
      .values([
        { productoId: p.id, url: "/media/a.webp", posicion: 0 },
        { productoId: p.id, url: "/media/b.webp", posicion: 1 },
        { productoId: other.id, url: "/media/otra.webp", posicion: 0 },
      ]);
    const [otherPhoto] = await photosOf(other.id);
    const [a] = await photosOf(p.id);
    const stale = await move(p.id, otherPhoto!.id, 0);
    expect(stale.status).toBe(409);
    expect(stale.body).toMatchObject({ alert: { text: "Esa foto ya no existe." } });
    for (const [imagen, to] of [
      ["x", "0"],
      [String(a!.id), "-1"],
      [String(a!.id), "abc"],
      [String(a!.id), "1e9"],
    ]) {
      expect((await move(p.id, imagen!, to!)).status).toBe(400);
    }
    expect((await move(p.id, a!.id, 1, clientCookie)).status).toBe(404);
    expect((await move(p.id, a!.id, 1, "")).status).toBe(404);
    expect((await photosOf(p.id)).map((f) => f.url)).toEqual(["/media/a.webp", "/media/b.webp"]);
  });
});

describe("sale price and SKU", () => {
  it("saves 'precio antes' only above the price, and shows it on cards, the page and its Offer", async () => {
    const p = await makeProduct({ categoriaId, nombre: "Pigmento Café" });
    const notAbove = await saveProduct(p.id, { precioAntes: "450.00" });
    expect(notAbove.status).toBe(400);
    expect(notAbove.body).toMatchObject({ errors: { precioAntes: expect.stringContaining("mayor que el precio") } });
    expect((await saveProduct(p.id, { precioAntes: "600.00", sku: "PC-001" })).status).toBe(200);

    const [row] = await db().select().from(productos).where(eq(productos.id, p.id));
    expect(row).toMatchObject({ precio: 45_000, precioAntes: 60_000, sku: "PC-001" });
    const listing = await listCategoryProducts(db(), categoriaId, 1);
    const card = listing?.products.find((c: ProductCard) => c.id === p.id);
    expect(card && priceBefore(card)).toBe(60_000);

    const page = await callLoader(producto.loader, `/producto/${p.id}`, { params: { id: p.id } });
    expect(page.body).toMatchObject({ product: { precio: 45_000, precioAntes: 60_000, sku: "PC-001" } });
    expect(page.body.schema).toMatchObject({
      sku: "PC-001",
      offers: {
        "@type": "Offer",
        price: "450.00",
        priceSpecification: {
          "@type": "UnitPriceSpecification",
          priceType: "https://schema.org/StrikethroughPrice",
          price: "600.00",
          priceCurrency: "MXN",
        },
      },
    });

    // emptied: no longer on sale, no strikethrough in the Offer; the price charged never changed
    expect((await saveProduct(p.id, { precioAntes: "", sku: "PC-001" })).status).toBe(200);
    const after = await callLoader(producto.loader, `/producto/${p.id}`, { params: { id: p.id } });
    expect(
      (after.body.schema as { offers: { priceSpecification?: unknown } }).offers.priceSpecification,
    ).toBeUndefined();
  });

  it("refuses a SKU another product has, in Spanish", async () => {
    const p = await makeProduct({ categoriaId });
    const taken = await saveProduct(p.id, { sku: "PC-001" });
    expect(taken.status).toBe(400);
    expect(taken.body).toMatchObject({ errors: { sku: "Otro producto ya tiene ese SKU: usa uno distinto." } });
    expect((await saveProduct(p.id, { sku: "" })).status).toBe(200);
    expect((await saveProduct(p.id, { sku: "x".repeat(41) })).status).toBe(400);
  });
});

describe("reviews hidden by the studio", () => {
  it("hides a review from the page and the average, and shows it again", async () => {
    const p = await makeProduct({ categoriaId });
    const [mala, buena] = await db()
      .insert(comentarios)
      .values([
        { productoId: p.id, nombre: "Spam", comentarios: "Compra en otro sitio", calificacion: 1 },
        { productoId: p.id, nombre: "Ana", comentarios: "Excelente", calificacion: 5 },
      ])
      .returning({ id: comentarios.id });
    expect(await listReviews(db(), { productoId: p.id })).toMatchObject({ count: 2, average: 3 });

    const hide = (intent: string, resenaId: string, cookie = adminCookie) =>
      callAction(resenas.action, "/admin/resenas", { intent, resenaId }, { cookie });
    expect((await hide("ocultar", String(mala!.id))).status).toBe(200);
    const shown = await listReviews(db(), { productoId: p.id });
    expect(shown).toMatchObject({ count: 1, average: 5 });
    expect(shown.reviews.map((r) => r.nombre)).toEqual(["Ana"]);
    const page = await callLoader(producto.loader, `/producto/${p.id}`, { params: { id: p.id } });
    expect(page.body.schema).toMatchObject({ aggregateRating: { ratingValue: 5, reviewCount: 1 } });

    const admin = await callLoader(resenas.loader, "/admin/resenas", { cookie: adminCookie });
    expect((admin.body.reviews as { id: number; oculto: boolean }[]).find((r) => r.id === mala!.id)).toMatchObject({
      oculto: true,
    });

    expect((await hide("mostrar", String(mala!.id))).status).toBe(200);
    expect(await listReviews(db(), { productoId: p.id })).toMatchObject({ count: 2 });

    // nonsense, a review that does not exist, and anyone but the studio
    expect((await hide("borrar", String(buena!.id))).status).toBe(400);
    expect((await hide("ocultar", "999999")).status).toBe(404);
    expect((await hide("ocultar", "1; drop")).status).toBe(404);
    expect((await hide("ocultar", String(buena!.id), clientCookie)).status).toBe(404);
    expect((await callLoader(resenas.loader, "/admin/resenas", { cookie: clientCookie })).status).toBe(404);
    expect(await listReviews(db(), { productoId: p.id })).toMatchObject({ count: 2 });
  });
});

describe("quantity and stock", () => {
  it("the server refuses more than the stock from the product page's form, saying what is left", async () => {
    const p = await makeProduct({ categoriaId, cantidad: 3 });
    const add = (cantidad: string, cookie = "") =>
      callAction(producto.action, `/producto/${p.id}`, { intent: "add", cantidad }, { params: { id: p.id }, cookie });
    const tooMany = await add("4");
    expect(tooMany.status).toBe(400);
    expect(tooMany.body).toMatchObject({
      ok: false,
      message: { title: "Sin existencias suficientes", text: "Solo quedan 3 disponibles." },
    });
    expect(await db().select().from(carritoLineas).where(eq(carritoLineas.productoId, p.id))).toEqual([]);

    const two = await add("2");
    expect(two.status).toBe(200);
    const cartCookie = (two.headers.get("set-cookie") ?? "").split(";")[0]!;
    const again = await add("2", cartCookie);
    expect(again.status).toBe(400);
    expect(again.body).toMatchObject({ message: { text: "Solo quedan 3 disponibles y ya tienes 2 en tu carrito." } });
    expect((await add("1", cartCookie)).status).toBe(200);
    const lines = await db().select().from(carritoLineas).where(eq(carritoLineas.productoId, p.id));
    expect(lines.map((l) => l.cantidad)).toEqual([3]);
  });
});

describe("related products", () => {
  it("prefers products in stock, the same category's first, and shows sold-out ones only to fill", async () => {
    const labios = await makeCategory({ nombre: "Labios" });
    const otra = await makeCategory({ nombre: "Otra" });
    const main = await makeProduct({ categoriaId: labios.id, nombre: "M principal" });
    await makeProduct({ id: "a-agotado", categoriaId: labios.id, nombre: "A agotado", cantidad: 0 });
    await makeProduct({ id: "b-existe", categoriaId: labios.id, nombre: "B en existencia", cantidad: 4 });
    await makeProduct({ id: "c-otra", categoriaId: otra.id, nombre: "C otra categoría", cantidad: 2 });
    await makeProduct({ id: "d-otra-agotado", categoriaId: otra.id, nombre: "D otra agotado", cantidad: 0 });
    await db().update(productos).set({ cantidad: 0 }).where(eq(productos.categoriaId, categoriaId));

    const related = await relatedProducts(db(), main, 3);
    expect(related.map((r) => r.id)).toEqual(["b-existe", "c-otra", "a-agotado"]);
    expect((await relatedProducts(db(), main, 2)).map((r) => r.id)).toEqual(["b-existe", "c-otra"]);
  });
});

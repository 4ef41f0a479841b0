/** The public pages' reads (site/catalog.server.ts, school/catalog.server.ts) on a real database holding the demo export. */
import { and, asc, eq, inArray, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { galleryPages, galleryPreview, getService, listServices, siteMedia } from "~/server/site/catalog.server";
import {
  getInPersonCourse,
  getOnlineCourse,
  listInPersonCourses,
  listOnlineCourses,
} from "~/server/school/catalog.server";
import type { Database } from "~/server/db/client.server";
import { getDb } from "~/server/db/index.server";
import { listReviews } from "~/server/reviews/reviews.server";
import { readDemoExport } from "~/server/seed.server";
import { saveSiteMedia } from "~/server/site/media.server";
import { categorias, productoImagenes, productos } from "~/server/db/schema";
// engine-neutral: on PostgreSQL untilNextWrite reads every time; it keeps only on PGlite
import { untilNextWrite } from "~/server/http/cache-version.server";
import { getProduct, listCategories, listCategoryProducts } from "~/server/shop/catalog.server";
import { useDemoDatabase } from "../support/fixtures";

let database: Database;
beforeAll(async () => {
  database = await useDemoDatabase();
});
afterAll(() => database.close());

describe("services", () => {
  it("lists services by position and reads one by id, null when unknown", async () => {
    const services = await listServices();
    expect(services.slice(0, 3).map((s) => s.id)).toEqual(["cejas", "labios", "estrias"]);
    const cejas = await getService("cejas");
    expect(cejas?.opcion1).toBeTruthy();
    expect(cejas?.preguntas.length).toBeGreaterThan(0);
    expect(await getService("no-existe")).toBeNull();
  });
});

describe("gallery", () => {
  it("shows 6 per page, pages accumulating, until nothing is left", async () => {
    const first = await galleryPages(null, 1);
    expect(first.images).toHaveLength(6);
    expect(first.total).toBe(48);
    expect(first.hayMas).toBe(true);
    const third = await galleryPages(null, 3);
    expect(third.images).toHaveLength(18);
    // The first pages are the same images in the same order: 'Ver más...' appends.
    expect(third.images.slice(0, 6)).toEqual(first.images);
    const all = await galleryPages(null, 8);
    expect(all.images).toHaveLength(48);
    expect(all.hayMas).toBe(false);
    expect(new Set(all.images.map((i) => i.id)).size).toBe(48);
    expect((await galleryPages(null, 50)).images).toHaveLength(48);
  });

  it("filters by service, with sizes for every image", async () => {
    const cejas = await galleryPages("cejas", 1);
    expect(cejas.total).toBe(8);
    expect(cejas.images.every((i) => i.servicioId === "cejas" && i.ancho && i.alto)).toBe(true);
    const rest = await galleryPages("cejas", 2);
    expect(rest.images).toHaveLength(8);
    expect(rest.hayMas).toBe(false);
    expect(await galleryPages("no-existe", 1)).toMatchObject({ images: [], total: 0, hayMas: false });
  });

  it("treats a nonsense page number as page 1", async () => {
    for (const pagina of [0, -3, Number.NaN, 1.7]) {
      expect((await galleryPages(null, pagina)).images).toHaveLength(6);
    }
  });

  it("previews one image of each service before repeating one", async () => {
    const preview = await galleryPreview(6);
    expect(new Set(preview.map((i) => i.servicioId)).size).toBe(6);
  });
});

describe("courses", () => {
  it("lists published online courses and in-person courses by position", async () => {
    expect((await listOnlineCourses()).map((c) => c.id)).toEqual([
      "microblading-online",
      "lip-blush-online",
      "automaquillaje-online",
    ]);
    expect((await listInPersonCourses()).map((c) => c.id)).toEqual([
      "microblading-presencial",
      "labios-presencial",
      "estrias-presencial",
      "ombre-presencial",
      "maquillaje-presencial",
    ]);
  });

  it("reads an online course with units in order, video titles only, and reviews", async () => {
    const course = await getOnlineCourse("microblading-online");
    expect(course).not.toBeNull();
    expect(course!.precio).toBe(499000);
    expect(course!.precioDescuento).toBe(399000);
    expect(course!.unidades.map((u) => u.id)).toEqual([1, 2, 3, 4, 5].map((n) => `microblading-online-u${n}`));
    // The video files are for students only: the public page gets titles, never URLs.
    expect(JSON.stringify(course!.unidades)).not.toContain("private:");
    // its reviews come apart, the newest only (app/server/reviews/reviews.server.ts)
    expect("comentarios" in course!).toBe(false);
    expect((await listReviews(getDb(), { cursoId: "microblading-online" })).count).toBe(3);
  });

  it("has no online page for an unpublished, in-person or unknown course", async () => {
    for (const id of ["camuflaje-estrias-online", "microblading-presencial", "no-existe"]) {
      expect(await getOnlineCourse(id)).toBeNull();
    }
    expect((await getInPersonCourse("labios-presencial"))?.precio).toBe(1190000);
    expect(await getInPersonCourse("microblading-online")).toBeNull();
  });
});

describe("site media", () => {
  it("shows no hero, video or facilities until the site's images are set, then the demo's, then the studio's", async () => {
    // The importer leaves `_sitio` alone: the seeding step stores it (seed/seed-demo.ts).
    expect(await siteMedia()).toEqual({
      hero: "",
      heroAncho: 1600,
      heroAlto: 1000,
      video: "",
      poster: "",
      instalaciones: [],
    });

    const demoExport = (await readDemoExport()) as { _sitio: unknown };
    await saveSiteMedia(database.db, demoExport._sitio);
    const demo = await siteMedia();
    expect(demo.hero).toMatch(/^\/media\/demo\/sitio\/hero-[0-9a-f]{16}-grande\.jpg$/);
    expect(demo.video).toMatch(/\.webm$/);
    expect(demo.poster).toMatch(/^\/media\/demo\/video\/estudio-poster\./);
    expect(demo.instalaciones.length).toBeGreaterThanOrEqual(6);
    expect(demo.instalaciones[0]).toMatchObject({ nombre: "Recepción", ancho: 1200, alto: 900 });

    await saveSiteMedia(database.db, {
      hero: "/media/estudio/portada.jpg",
      instalaciones: [{ url: "/media/estudio/1.jpg", titulo: "Cabina" }],
    });
    const own = await siteMedia();
    expect(own.hero).toBe("/media/estudio/portada.jpg");
    expect(own.poster).toBe("/media/estudio/portada.jpg");
    expect(own.video).toBe("");
    expect(own.instalaciones).toEqual([{ url: "/media/estudio/1.jpg", nombre: "Cabina", ancho: null, alto: null }]);
  });

  it("refuses a malformed _sitio block, naming the field, and keeps what was set", async () => {
    const before = await siteMedia();
    await expect(saveSiteMedia(database.db, { hero: "javascript:alert(1)" })).rejects.toThrow(
      '_sitio, campo "hero": La dirección debe empezar con / o con http(s)://.',
    );
    await expect(saveSiteMedia(database.db, { instalaciones: [{ titulo: "Sin foto" }] })).rejects.toThrow(
      /_sitio, campo "instalaciones\.0\.url"/,
    );
    await expect(saveSiteMedia(database.db, "hero.jpg")).rejects.toThrow(/_sitio/);
    expect(await siteMedia()).toEqual(before);
  });
});

describe("categories kept until the next write (untilNextWrite, ADR 020)", () => {
  it("reads once, then answers from memory until a write to a public table, in a transaction or not", async () => {
    let reads = 0;
    const names = untilNextWrite(async (db) => {
      reads++;
      return (await db.select({ id: categorias.id }).from(categorias)).map((c) => c.id);
    });
    // kept on PGlite only (on PostgreSQL every call reads)
    // engine-neutral: the PostgreSQL side of untilNextWrite is a plain read
    const embedded = database.kind === "pglite";
    const first = await names(getDb());
    if (embedded) expect(await names(getDb())).toBe(first);
    expect(reads).toBe(1);
    await getDb().insert(categorias).values({ id: "kept-1", nombre: "Guardada", posicion: 99 });
    expect(await names(getDb())).toContain("kept-1");
    expect(reads).toBe(2);
    // the listing finds a new category at once, through the kept list
    await getDb().transaction(async (tx) => {
      await tx.insert(categorias).values({ id: "kept-2", nombre: "Guardada 2", posicion: 99 });
      // a transaction reads for itself, never the kept list
      expect((await listCategories(tx as never)).map((c) => c.id)).toContain("kept-2");
    });
    expect((await listCategories(getDb())).map((c) => c.id)).toContain("kept-2");
    expect((await listCategoryProducts(getDb(), "kept-2", 1))?.category.nombre).toBe("Guardada 2");
    await getDb().update(categorias).set({ nombre: "Cambiada" }).where(eq(categorias.id, "kept-2"));
    expect((await listCategoryProducts(getDb(), "kept-2", 1))?.category.nombre).toBe("Cambiada");
    await getDb()
      .delete(categorias)
      .where(inArray(categorias.id, ["kept-1", "kept-2"]));
    expect(await listCategoryProducts(getDb(), "kept-2", 1)).toBeNull();
  });
});

describe("category listing", () => {
  it("pages a category 8 at a time, each product once, its count with the page, a page past the end the last", async () => {
    const first = await listCategoryProducts(getDb(), "pigmentos", 1);
    if (!first) throw new Error("sin pigmentos");
    expect(first.total).toBeGreaterThan(8);
    expect(first.products).toHaveLength(8);
    const seen: string[] = [];
    for (let pagina = 1; pagina <= first.page.pages; pagina++) {
      const listed = await listCategoryProducts(getDb(), "pigmentos", pagina);
      expect(listed?.total).toBe(first.total);
      expect(listed?.page.page).toBe(pagina);
      seen.push(...(listed?.products.map((p) => p.id) ?? []));
    }
    expect(seen).toHaveLength(first.total);
    expect(new Set(seen).size).toBe(first.total);
    const past = await listCategoryProducts(getDb(), "pigmentos", 10 ** 12);
    expect(past?.page.page).toBe(first.page.pages);
    expect(past?.products.map((p) => p.id)).toEqual(seen.slice((first.page.pages - 1) * 8));
    expect(past?.products[0]).not.toHaveProperty("total");
    await getDb().insert(categorias).values({ id: "vacia", nombre: "Vacía", posicion: 99 });
    expect(await listCategoryProducts(getDb(), "vacia", 3)).toMatchObject({
      total: 0,
      products: [],
      page: { page: 1, pages: 0 },
    });
    await getDb().delete(categorias).where(eq(categorias.id, "vacia"));
  });
});

describe("product page", () => {
  it("reads the product, its category and its gallery in order, the main image first unless the gallery holds it", async () => {
    const [withGallery] = await getDb()
      .select({ id: productoImagenes.productoId })
      .from(productoImagenes)
      .groupBy(productoImagenes.productoId)
      .having(sql`count(*) > 1`)
      .limit(1);
    if (!withGallery) throw new Error("ningún producto con galería en la demostración");
    const product = await getProduct(getDb(), withGallery.id);
    const gallery = await getDb()
      .select({ nombre: productoImagenes.nombre, url: productoImagenes.url })
      .from(productoImagenes)
      .where(eq(productoImagenes.productoId, withGallery.id))
      .orderBy(asc(productoImagenes.posicion), asc(productoImagenes.id));
    const main = product?.urlImagen && !gallery.some((i) => i.url === product.urlImagen);
    expect(product?.imagenes).toEqual(
      main ? [{ nombre: product!.nombre, url: product!.urlImagen }, ...gallery] : gallery,
    );
    expect(product?.categoriaNombre).toBeTruthy();
    const [bare] = await getDb()
      .select({ id: productos.id })
      .from(productos)
      .where(
        and(
          eq(productos.publicado, true),
          sql`not exists (select 1 from producto_imagenes i where i.producto_id = ${productos.id})`,
        ),
      )
      .limit(1);
    if (bare) {
      const alone = await getProduct(getDb(), bare.id);
      expect(alone?.imagenes).toEqual(alone?.urlImagen ? [{ nombre: alone.nombre, url: alone.urlImagen }] : []);
    }
    expect(await getProduct(getDb(), "no-existe")).toBeNull();
  });
});

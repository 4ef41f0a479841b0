// @engine: the page cache's version comes from LISTEN/NOTIFY and the pool's own writes on PostgreSQL
/**
 * The rendered-page cache (ADR 015, app/server/http/page-cache.server.ts) in front of the real
 * pages: the tests' shared production build (tests/support/build.ts), its React Router handler
 * is put behind two test apps on the demo database, two instances sharing one database. What
 * must never happen: someone's page served to someone else, a price or stock older than the
 * last write, a personal page marked public.
 */
import path from "node:path";
import { pathToFileURL } from "node:url";
import { eq, sql } from "drizzle-orm";
import type { RequestHandler } from "express";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { formatPrice } from "~/domain/money";
import { categoriesResource } from "~/server/admin/categories.server";
import { type Database, queryRows } from "~/server/db/client.server";
import { categorias, productos } from "~/server/db/schema";
import { PUBLIC_CACHE_CONTROL, cacheablePath, isAnonymous } from "~/server/http/page-cache.server";
import { cartCookie } from "~/server/shop/cart-cookie.server";
import { type TestApp, startTestApp } from "../support/app";
import { productionBuild } from "../support/build";
import { makeCart, signUpUser, useDemoDatabase } from "../support/fixtures";

const PRODUCT = "pig-01";

let database: Database;
/** the server build's entry (server/app.ts): its pages, and the shutdown a deployment runs */
let built: { pages: RequestHandler; shutdown: () => Promise<void> } | undefined;
let app: TestApp;
let other: TestApp;

beforeAll(async () => {
  database = await useDemoDatabase({ environment: { SEED_DEMO: "0" } });
  const buildDir = await productionBuild();
  // Loading the server build adopts this file's database (it is already open and migrated).
  built = (await import(pathToFileURL(path.join(buildDir, "server", "index.js")).href)) as NonNullable<typeof built>;
  app = await startTestApp({ pages: built.pages, pageCache: {} });
  other = await startTestApp({ pages: built.pages, pageCache: {} });
}, 600_000);

afterAll(async () => {
  await app?.close();
  await other?.close();
  // What loading the build started stops with it (its job runner, its page cache's listener),
  // as a deployment's shutdown does: files after this one share the worker. It closes the
  // database the build adopted, which is this file's.
  if (built) await built.shutdown();
  else await database?.close();
});

const price = async (id: string) =>
  (await database.db.select({ precio: productos.precio }).from(productos).where(eq(productos.id, id)))[0].precio;

describe("anonymous visitors", () => {
  it("get the catalogue from the cache, with an ETag that answers 304 and a Cache-Control a CDN may keep", async () => {
    const first = await app.get(`/producto/${PRODUCT}`);
    const html = await first.text();
    expect(first.status).toBe(200);
    expect(first.headers.get("cache-control")).toBe(PUBLIC_CACHE_CONTROL);
    expect(first.headers.get("vary")).toMatch(/Cookie/);
    const etag = first.headers.get("etag");
    expect(etag).toBeTruthy();

    const second = await app.get(`/producto/${PRODUCT}`);
    expect(second.headers.get("x-cache")).toBe("HIT");
    expect(await second.text()).toBe(html);
    expect(second.headers.get("etag")).toBe(etag);

    const revalidated = await app.get(`/producto/${PRODUCT}`, undefined, { "if-none-match": etag as string });
    expect(revalidated.status).toBe(304);
    expect(await revalidated.text()).toBe("");
  });

  it("get React Router's data for client navigation from the cache too", async () => {
    await app.get(`/producto/${PRODUCT}.data`);
    const second = await app.get(`/producto/${PRODUCT}.data`);
    expect(second.status).toBe(200);
    expect(second.headers.get("x-cache")).toBe("HIT");
    expect(second.headers.get("cache-control")).toBe(PUBLIC_CACHE_CONTROL);
  });
});

describe("hits answered from memory, before the Express chain (PageCache.hits)", () => {
  /** The headers of an answer, less those that belong to one exchange. */
  const headersOf = (answer: Response, ...leaveOut: string[]) => {
    const kept: Record<string, string> = {};
    for (const [name, value] of answer.headers) {
      // x-request-id: the id of the request that drew the page (log.server.ts); a hit has none.
      if (!["date", "connection", "keep-alive", "x-cache", "x-request-id", ...leaveOut].includes(name)) kept[name] = value;
    }
    return kept;
  };

  it("carry exactly the headers the page had when rendered (security headers, CSP, Cache-Control, Vary, ETag), in every encoding and as 304", async () => {
    const page = "/terminos-y-condiciones";
    const identity = { "accept-encoding": "identity" };
    const rendered = await app.get(page, undefined, identity);
    const html = await rendered.text();
    expect(rendered.headers.get("x-cache")).toBe("MISS");
    expect(rendered.headers.get("content-security-policy")).toMatch(/nonce-/);
    expect(rendered.headers.get("x-frame-options")).toBe("DENY");

    const hit = await app.get(page, undefined, identity);
    expect(hit.headers.get("x-cache")).toBe("HIT");
    expect(headersOf(hit)).toEqual(headersOf(rendered));
    expect(await hit.text()).toBe(html);

    for (const encoding of ["gzip", "br"]) {
      const compressed = await app.get(page, undefined, { "accept-encoding": `${encoding}, deflate` });
      expect(compressed.headers.get("x-cache")).toBe("HIT");
      expect(compressed.headers.get("content-encoding")).toBe(encoding);
      expect(Number(compressed.headers.get("content-length"))).toBeLessThan(html.length / 2);
      expect(headersOf(compressed, "content-encoding", "content-length")).toEqual(headersOf(rendered, "content-length"));
      expect(await compressed.text()).toBe(html);
    }

    const revalidated = await app.get(page, undefined, { "if-none-match": rendered.headers.get("etag") as string });
    expect(revalidated.status).toBe(304);
    expect(headersOf(revalidated)).toEqual(headersOf(rendered, "content-type", "content-length"));
  });

  it("a page asked with a query string is its own entry, and HEAD is never answered from memory", async () => {
    await app.get("/galeria?pagina=2");
    expect((await app.get("/galeria?pagina=2")).headers.get("x-cache")).toBe("HIT");
    expect((await app.get("/galeria?pagina=3")).headers.get("x-cache")).toBe("MISS");
    const head = await fetch(`${app.baseURL}/galeria?pagina=2`, { method: "HEAD" });
    expect(head.headers.get("x-cache")).toBeNull();
  });
});

describe("a write shows on the next request, on every instance", () => {
  it("a price changed in the database (no app involved) replaces the cached page and its data", async () => {
    const before = await price(PRODUCT);
    for (const instance of [app, other]) {
      expect(await (await instance.get(`/producto/${PRODUCT}`)).text()).toContain(formatPrice(before));
      await instance.get(`/producto/${PRODUCT}`);
      await instance.get(`/producto/${PRODUCT}.data`);
    }
    const after = before + 12_345;
    await database.db.update(productos).set({ precio: after }).where(eq(productos.id, PRODUCT));
    for (const instance of [app, other]) {
      const page = await instance.get(`/producto/${PRODUCT}`);
      expect(page.headers.get("x-cache")).not.toBe("HIT");
      const html = await page.text();
      expect(html).toContain(formatPrice(after));
      expect(html).not.toContain(formatPrice(before));
      expect(await (await instance.get(`/producto/${PRODUCT}.data`)).text()).toContain(String(after));
    }
  });

  it("stock taken in an order's transaction shows the product sold out on its page", async () => {
    const page = `/producto/${PRODUCT}`;
    expect(await (await app.get(page)).text()).toContain("schema.org/InStock");
    expect((await app.get(page)).headers.get("x-cache")).toBe("HIT");
    await database.db.transaction(async (tx) => {
      await tx.execute(sql`select 1 from productos where id = ${PRODUCT} for update`);
      await tx.update(productos).set({ cantidad: 0 }).where(eq(productos.id, PRODUCT));
    });
    const html = await (await app.get(page)).text();
    expect(html).toContain("schema.org/OutOfStock");
    expect(html).not.toContain("schema.org/InStock");
  });

  it("a category renamed through the admin module shows on /categorias", async () => {
    const [category] = await database.db.select().from(categorias).limit(1);
    expect(await (await app.get("/categorias")).text()).toContain(category.nombre);
    expect((await app.get("/categorias")).headers.get("x-cache")).toBe("HIT");
    const saved = await categoriesResource.save(database.db, category.id, {
      nombre: "Categoría recién renombrada",
      posicion: category.posicion,
    } as never);
    expect(saved).toEqual({ id: category.id });
    expect(await (await app.get("/categorias")).text()).toContain("Categoría recién renombrada");
  });

  it("a write rolled back changes nothing and keeps the cache", async () => {
    await app.get("/servicios");
    expect((await app.get("/servicios")).headers.get("x-cache")).toBe("HIT");
    await expect(
      database.db.transaction(async (tx) => {
        await tx.update(productos).set({ precio: 1 }).where(eq(productos.id, PRODUCT));
        throw new Error("rollback");
      }),
    ).rejects.toThrow("rollback");
    expect((await app.get("/servicios")).headers.get("x-cache")).toBe("HIT");
  });
});

describe("personal pages", () => {
  it("a logged-in visitor is never served from the cache, and her page never reaches anyone else", async () => {
    const clienta = await signUpUser({ name: "Ximena Cachetona" });
    // Her request comes first: it must not fill the cache for the anonymous one after it.
    const hers = await app.get("/nosotros", clienta.cookie);
    expect(hers.headers.get("x-cache")).toBeNull();
    expect(hers.headers.get("cache-control")).not.toMatch(/public/);
    expect(await hers.text()).toContain("Ximena");
    const anonymous = await app.get("/nosotros");
    expect(await anonymous.text()).not.toContain("Ximena");
    expect((await app.get("/nosotros")).headers.get("x-cache")).toBe("HIT");
    // With the page cached, she still gets her own.
    const again = await app.get("/nosotros", clienta.cookie);
    expect(again.headers.get("x-cache")).toBeNull();
    expect(await again.text()).toContain("Ximena");
    const data = await app.get("/_root.data", clienta.cookie);
    expect(data.headers.get("x-cache")).toBeNull();
    expect(await data.text()).toContain("Ximena");
  });

  it("a visitor with a cart sees her own count, never the cached page's", async () => {
    await app.get("/");
    expect((await app.get("/")).headers.get("x-cache")).toBe("HIT");
    const cartId = await makeCart([{ productoId: "pig-02", cantidad: 3 }]);
    const cookie = (await cartCookie.serialize(cartId)).split(";")[0];
    const withCart = await app.get("/", cookie);
    expect(withCart.headers.get("x-cache")).toBeNull();
    expect(withCart.headers.get("cache-control")).not.toMatch(/public/);
    expect(await withCart.text()).toContain("Carrito, 3 artículos");
    expect(await (await app.get("/")).text()).toContain("Carrito, 0 artículos");
  });

  it("account, cart, checkout and admin pages are never public, for anyone", async () => {
    const clienta = await signUpUser();
    const admin = await signUpUser({ role: "admin" });
    for (const page of ["/carrito", "/pagar", "/mis-compras", "/mis-cursos", "/mis-favoritos", "/mi-perfil", "/admin", "/admin/productos"]) {
      for (const cookie of [undefined, clienta.cookie, admin.cookie]) {
        const answer = await fetch(app.baseURL + page, {
          headers: { "if-none-match": "*", ...(cookie ? { cookie } : {}) },
          redirect: "manual",
        });
        expect(answer.headers.get("cache-control") ?? "", `${page} ${cookie ? "con sesión" : "anónimo"}`).not.toMatch(/public/);
        expect(answer.headers.get("x-cache")).toBeNull();
        expect(answer.status).not.toBe(304);
      }
    }
  });

  it("who counts as anonymous: only third-party cookies the server never reads", () => {
    const req = (cookie?: string) => ({ headers: cookie ? { cookie } : {} });
    expect(isAnonymous(req())).toBe(true);
    expect(isAnonymous(req("_ga=GA1.1.1; _gid=GA1.2.3; __cf_bm=x"))).toBe(true);
    expect(isAnonymous(req("better-auth.session_token=abc"))).toBe(false);
    expect(isAnonymous(req("__Secure-better-auth.session_token=abc"))).toBe(false);
    expect(isAnonymous(req("_ga=1; carrito=abc"))).toBe(false);
    expect(isAnonymous(req("checkout=abc"))).toBe(false);
    expect(isAnonymous(req("algo-nuevo=1"))).toBe(false);
    expect(isAnonymous({ headers: { authorization: "Bearer x" } })).toBe(false);
    expect(cacheablePath("/_root.data")).toBe("/");
    expect(cacheablePath("/producto/x.data")).toBe("/producto/x");
    expect(cacheablePath("/tu-visita-con-ana/abc")).toBeNull();
    expect(cacheablePath("/carrito")).toBeNull();
  });
});

describe("the version triggers", () => {
  /** Tables no public page shows: writing them keeps the cache. Every other table needs the trigger. */
  const PRIVATE_TABLES = [
    "__drizzle_migrations",
    "accounts",
    // the agenda (issue 15): shown only on uncached pages (/agendar, /cita, /mis-citas, admin)
    "agenda_bloqueos",
    "cache_version",
    "carrito_lineas",
    "carritos",
    "citas",
    // the artist's notes per session (the client record, ADR 041)
    "cita_notas",
    "compra_lineas",
    "compras",
    // signed consents and the versions signed (issue 30): health data, on uncached pages only
    "consentimiento_versiones",
    "consentimientos",
    // the mail outbox (ADR 028): never shown on a public page
    "correos",
    // students' questions under a course unit (ADR 046): the enrolment-guarded viewer and admin only
    "dudas",
    // WhatsApp messages and the numbers' consent (ADR 039): admin and Mi perfil only
    "mensajes",
    "whatsapp_consentimientos",
    // an order's guía (ADR 036): only the admin's order screen shows it
    "guias",
    // the order counters per month (ADR 020), kept by triggers on compras
    "compras_por_mes",
    "cuentas_importadas",
    "cursos_otorgados",
    "datos_fiscales",
    "diplomas",
    "examen_intentos",
    // practice submissions and their photos (issue 31, ADR 045): the viewer and admin only
    "practica_entregas",
    "practica_fotos",
    "facturas",
    "favoritos",
    "inscripciones",
    // invitations to a course by e-mail (ADR 047): admin only
    "invitaciones_curso",
    "pagos",
    "rate_limits",
    "sessions",
    // durable jobs (ADR 023)
    "tareas",
    // refunds (ADR 032), whole-order codes and code redemptions (issue 28): read only by
    // admin, /pagar and the payment, never by a cached public page
    "reembolsos",
    "notas_credito",
    "codigos_pedido",
    "canjes_codigos",
    // the monthly global invoices and their orders (admin only)
    "facturas_globales",
    "facturas_globales_compras",
    "users",
    "verifications",
    "visita_fotos",
    "visitas",
    // the waitlist, its offers and the aftercare photos (issue 30): pages that are never cached
    "lista_espera",
    "ofertas_espera",
    "cuidados_fotos",
    // a student's progress per unit (ADR 044): the viewer, Mis cursos and admin, never cached
    "unidades_terminadas",
    // a lesson's HLS copy and its state (ADR 048): read by the viewer only, never a cached page
    "videos_hls",
  ];

  it("every table is either private or bumps cache_version when written (a new table must choose)", async () => {
    const tables = await queryRows<{ table_name: string }>(
      database.db,
      sql`select table_name from information_schema.tables where table_schema = 'public' and table_type = 'BASE TABLE'`,
    );
    const triggers = await queryRows<{ table_name: string }>(
      database.db,
      sql`select c.relname as table_name from pg_trigger t join pg_class c on c.oid = t.tgrelid
          where t.tgname = c.relname || '_cache_version'`,
    );
    const withTrigger = new Set(triggers.map((t) => t.table_name));
    const unclassified = tables.map((t) => t.table_name).filter((t) => !withTrigger.has(t) && !PRIVATE_TABLES.includes(t));
    expect(unclassified).toEqual([]);
    expect(withTrigger.has("productos")).toBe(true);
    expect(withTrigger.has("ajustes")).toBe(true);
  });

  it("one committed transaction bumps the version once, however many rows it wrote", async () => {
    const version = async () =>
      Number((await queryRows<{ version: string }>(database.db, sql`select version from cache_version`))[0].version);
    const start = await version();
    await database.db.transaction(async (tx) => {
      await tx.update(productos).set({ peso: 101 });
      await tx.update(categorias).set({ posicion: 3 });
    });
    expect(await version()).toBe(start + 1);
    await database.db.execute(sql`select count(*) from productos`);
    expect(await version()).toBe(start + 1);
  });
});

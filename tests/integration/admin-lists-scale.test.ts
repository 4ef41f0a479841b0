/**
 * Admin lists on a grown shop (scripts/seed-scale.ts at a small size on the demo catalogue):
 * products, visits, orders and students are paginated and searched in the database, with
 * counts that match the tables, and any page or search input gives a page, never a 500. The
 * sitemap, streamed a batch of products at a time, stays one valid document with every
 * published product once.
 */
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { loader as studentsLoader } from "~/routes/admin/alumnas";
import { loader as ordersLoader } from "~/routes/admin/pedidos";
import { SITEMAP_BATCH, loader as sitemapLoader } from "~/routes/sitemap.xml";
import { productsResource } from "~/server/admin/products.server";
import { ADMIN_PER_PAGE } from "~/server/admin/resource.server";
import { listStudents } from "~/server/admin/students.server";
import { listScreen } from "~/server/admin/sections.server";
import type { Database } from "~/server/db/client.server";
import { queryRows } from "~/server/db/client.server";
import { REVIEWS_SHOWN, listReviews } from "~/server/reviews/reviews.server";
import { seedScale } from "../../scripts/seed-scale";
import { signUpUser, useDemoDatabase } from "../support/fixtures";

let database: Database;
let adminCookie: string;

const SCALE = {
  categories: 8,
  products: 1_100,
  accounts: 300,
  orders: 400,
  productReviews: 100,
  courseReviews: 100,
  visits: 45,
};

beforeAll(async () => {
  database = await useDemoDatabase();
  adminCookie = (await signUpUser({ email: "estudio-escala@example.com", role: "admin" })).cookie;
  await seedScale(database.db, SCALE);
}, 120_000);

afterAll(async () => {
  await database.close();
});

const request = (pathname: string, cookie = adminCookie) =>
  new Request(`http://localhost${pathname}`, { headers: { cookie } });

async function countOf(query: ReturnType<typeof sql>): Promise<number> {
  const [row] = await queryRows<{ n: number }>(database.db, query);
  return Number(row?.n ?? 0);
}

// biome-ignore lint/suspicious/noExplicitAny: a route loader called as React Router would
const args = (pathname: string) => ({ request: request(pathname), params: {}, context: {} }) as any;

describe("seed:scale", () => {
  it("fills the database to the sizes asked, and a second run adds nothing", async () => {
    const counts = async () => ({
      productos: await countOf(sql`select count(*) n from productos`),
      categorias: await countOf(sql`select count(*) n from categorias`),
      compras: await countOf(sql`select count(*) n from compras where id like 'ESC%'`),
      cuentas: await countOf(sql`select count(*) n from users where id like 'esc-u-%'`),
      visitas: await countOf(sql`select count(*) n from visitas where id like 'esc-v-%'`),
      lineas: await countOf(sql`select count(*) n from compra_lineas`),
    });
    const first = await counts();
    expect(first).toMatchObject({ productos: 1_100, categorias: 8, compras: 400, cuentas: 300, visitas: 45 });
    expect(first.lineas).toBeGreaterThanOrEqual(400);
    await seedScale(database.db, SCALE);
    expect(await counts()).toEqual(first);
  });
});

describe("admin products and visits", () => {
  it("shows one page of products at a time with the total, in name order", async () => {
    const total = await countOf(sql`select count(*) n from productos`);
    const first = await listScreen(request("/admin/productos"));
    expect(first.pager).toMatchObject({ page: 1, pages: Math.ceil(total / ADMIN_PER_PAGE), total, from: 1 });
    expect(first.items).toHaveLength(ADMIN_PER_PAGE);
    const second = await listScreen(request("/admin/productos?pagina=2"));
    expect(second.pager?.from).toBe(ADMIN_PER_PAGE + 1);
    expect(second.items[0]!.id).not.toBe(first.items[0]!.id);
    const names = [...first.items, ...second.items].map((i) => i.title);
    expect(names).toEqual([...names].sort((a, b) => (a < b ? -1 : a > b ? 1 : 0)));
    const last = await listScreen(request("/admin/productos?pagina=9999"));
    expect(last.pager?.page).toBe(last.pager?.pages);
    expect(last.items).toHaveLength(total - (last.pager!.pages - 1) * ADMIN_PER_PAGE);
  });

  it("gives every page of products and students, searched or not, as a plain OFFSET over the table would", async () => {
    for (const q of ["", "rosa"]) {
      const filter = q ? sql`where nombre ilike ${`%${q}%`} or marca ilike ${`%${q}%`}` : sql``;
      const all = (await queryRows<{ id: string }>(database.db, sql`select id from productos ${filter} order by nombre, id`)).map(
        (r) => r.id,
      );
      for (const pagina of [1, 2, Math.ceil(all.length / ADMIN_PER_PAGE)]) {
        const offset = (pagina - 1) * ADMIN_PER_PAGE;
        const page = await productsResource.list(database.db, { q, limit: ADMIN_PER_PAGE, offset });
        expect(page.map((p) => p.id)).toEqual(all.slice(offset, offset + ADMIN_PER_PAGE));
      }
    }
    for (const q of ["", "a"]) {
      const filter = q ? sql`where u.name ilike ${`%${q}%`} or u.email ilike ${`%${q}%`}` : sql``;
      const all = (
        await queryRows<{ k: string }>(
          database.db,
          sql`select i.user_id || '/' || i.curso_id k from inscripciones i join users u on u.id = i.user_id ${filter}
              order by i.created_at desc, i.user_id desc, i.curso_id desc`,
        )
      ).map((r) => r.k);
      expect(all.length).toBeGreaterThan(ADMIN_PER_PAGE);
      for (let pagina = 1; pagina <= Math.ceil(all.length / ADMIN_PER_PAGE); pagina++) {
        const { rows } = await listStudents(database.db, { q, curso: "", pagina });
        const at = (pagina - 1) * ADMIN_PER_PAGE;
        expect(rows.map((r) => `${r.userId}/${r.cursoId}`)).toEqual(all.slice(at, at + ADMIN_PER_PAGE));
      }
    }
  });

  it("searches in the database and counts what matches", async () => {
    const expected = await countOf(
      sql`select count(*) n from productos where nombre ilike '%rosa%' or marca ilike '%rosa%'`,
    );
    expect(expected).toBeGreaterThan(ADMIN_PER_PAGE);
    const screen = await listScreen(request("/admin/productos?q=rosa"));
    expect(screen.pager?.total).toBe(expected);
    expect(screen.items.every((i) => /rosa/i.test(i.title))).toBe(true);
    const visits = await listScreen(request("/admin/visitas?q=Luc%C3%ADa"));
    expect(visits.pager?.total).toBe(await countOf(sql`select count(*) n from visitas where clienta ilike '%Lucía%'`));
    expect(visits.items.length).toBeGreaterThan(0);
  });

  it("answers a page for any page or search input", async () => {
    for (const query of [
      "?pagina=abc",
      "?pagina=-3",
      "?pagina=0",
      "?pagina=1e9",
      "?pagina=99999999999999999999",
      "?q=%25",
      "?q=_",
      "?q=%5C",
      `?q=${"x".repeat(5000)}`,
      "?q=%00",
      "?q='%3B drop table productos --",
    ]) {
      const screen = await listScreen(request(`/admin/productos${query}`));
      expect(screen.pager, query).not.toBeNull();
      expect(screen.pager!.page, query).toBeGreaterThanOrEqual(1);
    }
    // '%' and '_' are matched as themselves, not as wildcards
    expect((await listScreen(request("/admin/productos?q=%25"))).pager?.total).toBe(0);
    expect((await listScreen(request("/admin/visitas?q=_"))).pager?.total).toBe(0);
  });
});

describe("admin orders and students", () => {
  it("counts and pages the orders, and searches them by e-mail", async () => {
    const total = await countOf(sql`select count(*) n from compras`);
    const first = await ordersLoader(args("/admin/pedidos"));
    expect(first.total).toBe(total);
    expect(first.items).toHaveLength(ADMIN_PER_PAGE);
    const far = await ordersLoader(args("/admin/pedidos?pagina=500"));
    expect(far.filter.pagina).toBe(far.pages);
    expect(far.items.length).toBe(total - (far.pages - 1) * ADMIN_PER_PAGE);
    const email = "clienta000042@escala.example";
    const mine = await ordersLoader(args(`/admin/pedidos?q=${email}`));
    expect(mine.total).toBe(
      await countOf(
        sql`select count(*) n from compras c join users u on u.id = c.comprador_id where u.email = ${email}`,
      ),
    );
    expect(mine.total).toBeGreaterThan(0);
    expect(mine.items.every((i) => i.detail.includes(email))).toBe(true);
    for (const query of ["?pagina=x", "?estado=7&pagina=-1", "?q=%25%25", "?q=%00", `?q=${"a".repeat(3000)}`]) {
      const screen = await ordersLoader(args(`/admin/pedidos${query}`));
      expect(screen.filter.pagina, query).toBeGreaterThanOrEqual(1);
    }
  });

  it("lists every enrolment as a student, paged, searched by name or e-mail and filtered by course", async () => {
    const total = await countOf(sql`select count(*) n from inscripciones`);
    expect(total).toBeGreaterThan(0);
    const all = await studentsLoader(args("/admin/alumnas"));
    expect(all.total).toBe(total);
    expect(all.items).toHaveLength(Math.min(total, ADMIN_PER_PAGE));
    const [one] = await queryRows<{ email: string; curso_id: string }>(
      database.db,
      sql`select u.email, i.curso_id from inscripciones i join users u on u.id = i.user_id order by u.email limit 1`,
    );
    const found = await studentsLoader(args(`/admin/alumnas?q=${encodeURIComponent(one!.email)}`));
    expect(found.total).toBe(
      await countOf(
        sql`select count(*) n from inscripciones i join users u on u.id = i.user_id where u.email ilike ${`%${one!.email}%`}`,
      ),
    );
    const byCourse = await studentsLoader(args(`/admin/alumnas?curso=${encodeURIComponent(one!.curso_id)}`));
    expect(byCourse.total).toBe(
      await countOf(sql`select count(*) n from inscripciones where curso_id = ${one!.curso_id}`),
    );
    for (const query of [
      "?pagina=abc",
      "?curso=no-existe",
      `?curso=${"c".repeat(500)}`,
      "?curso=%00",
      "?q=%5C%25%00",
    ]) {
      const screen = await studentsLoader(args(`/admin/alumnas${query}`));
      expect(screen.filter.pagina, query).toBeGreaterThanOrEqual(1);
    }
  });

  it("is the studio's only", async () => {
    const client = (await signUpUser({ email: "clienta-escala@example.com" })).cookie;
    await expect(
      studentsLoader({ request: request("/admin/alumnas", client), params: {}, context: {} } as never),
    ).rejects.toMatchObject({
      init: { status: 404 },
    });
  });
});

describe("reviews on a grown catalogue", () => {
  it("lists a course's newest reviews only, with the count and average of all of them", async () => {
    const [busiest] = await queryRows<{ curso_id: string; n: number; media: number }>(
      database.db,
      sql`select curso_id, count(*)::int n, ceil(avg(calificacion))::int media from comentarios
          where curso_id is not null group by curso_id order by count(*) desc limit 1`,
    );
    expect(busiest!.n).toBeGreaterThan(REVIEWS_SHOWN);
    const data = await listReviews(database.db, { cursoId: busiest!.curso_id });
    expect(data.reviews).toHaveLength(REVIEWS_SHOWN);
    expect(data.count).toBe(busiest!.n);
    expect(data.average).toBe(busiest!.media);
    const dates = data.reviews.map((r) => r.fecha);
    expect(dates).toEqual([...dates].sort().reverse());
  });
});

describe("sitemap on a grown catalogue", () => {
  it("streams one valid document with every published product once", async () => {
    const response = await sitemapLoader();
    expect(response.headers.get("content-type")).toContain("application/xml");
    const xml = await response.text();
    expect(xml.startsWith('<?xml version="1.0" encoding="UTF-8"?>\n<urlset')).toBe(true);
    expect(xml.trimEnd().endsWith("</urlset>")).toBe(true);
    expect(xml.match(/<urlset/g)).toHaveLength(1);
    expect(xml.match(/<url>/g)?.length).toBe(xml.match(/<\/url>/g)?.length);
    const products = [...xml.matchAll(/<loc>[^<]*\/producto\/([^<]+)<\/loc>/g)].map((m) => decodeURI(m[1]!));
    const published = await countOf(sql`select count(*) n from productos where publicado`);
    expect(published).toBeGreaterThan(SITEMAP_BATCH); // more than one batch
    expect(products).toHaveLength(published);
    expect(new Set(products).size).toBe(published);
    expect(xml).toContain("/productos/pigmentos</loc>");
  });

  it("writes an id that is not a plain path segment encoded and XML-escaped, in its batch", async () => {
    const odd = "esc-p-0500 ñ&'x";
    await database.db.execute(sql`insert into productos (id, nombre, precio, categoria_id)
      select ${odd}, 'Raro', 100, categoria_id from productos where id = 'pig-01'`);
    try {
      const xml = await (await sitemapLoader()).text();
      expect(xml).toContain("/producto/esc-p-0500%20%C3%B1&amp;'x</loc>".replace("'", "&apos;"));
      const locs = xml.match(/<loc>/g)?.length ?? 0;
      const published = await countOf(sql`select count(*) n from productos where publicado`);
      expect(xml.match(/\/producto\//g)).toHaveLength(published);
      expect(locs).toBeGreaterThan(published);
    } finally {
      await database.db.execute(sql`delete from productos where id = ${odd}`);
    }
  });
});

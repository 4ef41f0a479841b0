// @engine: the search leans on each engine's contrib (unaccent, the Spanish stemmer, pg_trgm): the 20 queries must find the same on PGlite and on PostgreSQL
/**
 * Search (ADR 037): the clients' /buscar and the owner's /admin/buscar on a real database.
 * Search quality on a fixed list of 20 queries, typed the way clients type them (no accents,
 * capitals, a letter missing or swapped, plurals, a brand, a SKU), and bad input: a Spanish
 * 4xx or nothing found, never a 500.
 */
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { SearchResult } from "~/domain/search";
import { SEARCH_PER_PAGE, parseSearch, searchMessages } from "~/domain/search";
import type { Database } from "~/server/db/client.server";
import { categorias, compras, cursos, productos, servicios, user } from "~/server/db/schema";
import * as adminBuscar from "~/routes/admin/buscar";
import * as buscar from "~/routes/buscar";
import { callLoader } from "../support/actions";
import { signUpUser, useTestDatabase } from "../support/fixtures";

let database: Database;
let adminCookie: string;
let clientCookie: string;

beforeAll(async () => {
  database = await useTestDatabase();
  const db = database.db;
  await db.insert(categorias).values([
    { id: "pigmentos", nombre: "Pigmentos" },
    { id: "cuidado", nombre: "Cuidado" },
    { id: "herramientas", nombre: "Herramientas" },
  ]);
  const product = (id: string, nombre: string, extra: Partial<typeof productos.$inferInsert> = {}) => ({
    id,
    nombre,
    precio: 45_000,
    cantidad: 5,
    categoriaId: "pigmentos",
    ...extra,
  });
  await db.insert(productos).values([
    product("pig-cafe", "Pigmento Café", {
      marca: "Perma Blend",
      especificacion: "Pigmento orgánico para cejas, tono café medio.",
      precioAntes: 60_000,
    }),
    product("pig-cafe-oscuro", "Pigmento Café Oscuro", { marca: "Perma Blend", cantidad: 0 }),
    product("pig-negro", "Pigmento Negro Intenso", { marca: "Perma Blend" }),
    product("pig-borgona", "Pigmento Borgoña", { publicado: false }),
    product("labial-rojo", "Labial Mate Rojo Pasión", {
      marca: "Michel Alvarez",
      categoriaId: "cuidado",
      especificacion: "Labial de larga duración.",
    }),
    product("crema", "Crema Cicatrizante Post-tratamiento", {
      marca: "Tina Davies",
      categoriaId: "cuidado",
      especificacion: "Acelera la recuperación después del microblading.",
    }),
    product("agujas", "Agujas para Microblading 0.18 mm", {
      marca: "Phibrows",
      sku: "AG-018",
      categoriaId: "herramientas",
    }),
    product("serum", "Sérum de Pestañas", { marca: "Lash Lift", categoriaId: "cuidado" }),
    product("lapiz", "Lápiz Delineador de Cejas", { marca: "Michel Alvarez", categoriaId: "herramientas" }),
  ]);
  // Scale: 40 unrelated products in one statement (the pages and the ranking among noise).
  await db.execute(sql`insert into productos (id, nombre, marca, precio, cantidad, categoria_id)
    select 'relleno-' || n, 'Brocha Kabuki ' || n, 'Estudio', 10000 + n, 3, 'herramientas'
      from generate_series(1, 40) n`);
  await db.insert(cursos).values([
    {
      id: "microblading-online",
      titulo: "Microblading Online",
      tipo: "online",
      publicado: true,
      precio: 500_000,
      precioDescuento: 400_000,
      descripcion: "Aprende la técnica pelo a pelo.",
    },
    { id: "curso-labios", titulo: "Micropigmentación de Labios", tipo: "presencial", precio: 900_000 },
    { id: "borrador", titulo: "Curso Secreto de Microblading", tipo: "online", publicado: false },
  ]);
  await db.insert(servicios).values([
    {
      id: "cejas",
      nombre: "Cejas",
      slogan: "Microblading y microshading",
      descripcion: "Cejas naturales pelo a pelo.",
    },
    {
      id: "estrias",
      nombre: "Estrías",
      slogan: "Camuflaje de estrías",
      descripcion: "Disimula las estrías con pigmento.",
    },
    { id: "labios", nombre: "Labios", slogan: "Color natural", descripcion: "Labios con color y definición." },
  ]);
  adminCookie = (await signUpUser({ name: "Michel", role: "admin" })).cookie;
  const jose = await signUpUser({ name: "José Pérez Núñez", email: "jose.perez@example.com" });
  clientCookie = jose.cookie;
  await db.insert(compras).values({
    id: "MA-20260315-ABC123",
    compradorId: jose.id,
    total: 45_000,
    pagoId: "pago-busqueda-1",
    proveedor: "demo",
    datosContacto: { correo: "jose.perez@example.com", telefono: "33 1234 5678" },
  });
});
afterAll(() => database.close());

async function search(q: string, pagina?: number) {
  const query = new URLSearchParams({ q });
  if (pagina) query.set("pagina", String(pagina));
  const answer = await callLoader(buscar.loader, `/buscar?${query}`);
  return answer as typeof answer & {
    body: {
      results: SearchResult[];
      total: number;
      error: string | null;
      page: { page: number; pages: number } | null;
    };
  };
}
const ids = (results: SearchResult[]) => results.map((r) => `${r.tipo}:${r.id}`);

/** The fixed list: what a client types → what must come first, and what must (not) be found. */
const QUERIES: { q: string; first?: string; has?: string[]; not?: string[]; none?: boolean }[] = [
  { q: "pigmeto cafe", first: "producto:pig-cafe" }, // a letter missing, no accent
  { q: "Pigmento Café", first: "producto:pig-cafe", has: ["producto:pig-cafe-oscuro"] },
  { q: "PIGMENTO CAFE", first: "producto:pig-cafe" },
  { q: "pigmentos", has: ["producto:pig-cafe", "producto:pig-negro"], not: ["producto:pig-borgona"] }, // plural
  {
    q: "microblading",
    has: ["curso:microblading-online", "producto:agujas", "servicio:cejas"],
    not: ["curso:borrador"],
  },
  { q: "microblanding", first: "curso:microblading-online" }, // a letter too many
  { q: "labial rojo", first: "producto:labial-rojo" },
  { q: "lavial", first: "producto:labial-rojo" }, // b for v
  { q: "estrias", first: "servicio:estrias" },
  { q: "ESTRÍAS", first: "servicio:estrias" },
  { q: "serum pestanas", first: "producto:serum" }, // ñ typed as n
  { q: "sérum", first: "producto:serum" },
  { q: "perma blend", has: ["producto:pig-cafe", "producto:pig-negro", "producto:pig-cafe-oscuro"] }, // brand
  { q: "AG-018", first: "producto:agujas" }, // SKU
  { q: "micropigmentacion labios", first: "curso:curso-labios" },
  { q: "cicatrizante", first: "producto:crema" },
  { q: "cicatrisante", first: "producto:crema" }, // s for z
  { q: "lapiz cejas", first: "producto:lapiz" },
  { q: "borgoña", none: true }, // unpublished: not in the shop
  { q: "xyzzy", none: true },
];

describe("search quality", () => {
  it("has 20 queries", () => expect(QUERIES).toHaveLength(20));

  for (const { q, first, has = [], not = [], none } of QUERIES) {
    it(`“${q}”`, async () => {
      const answer = await search(q);
      expect(answer.status).toBe(200);
      const found = ids(answer.body.results);
      if (none) expect(found).toEqual([]);
      if (first) expect(found[0]).toBe(first);
      for (const id of has) expect(found).toContain(id);
      for (const id of not) expect(found).not.toContain(id);
    });
  }

  it("asks more of a short word: 'cafe' is not every word starting with 'ca', and a multi-word search needs each word", async () => {
    await database.db.insert(productos).values([
      { id: "camuflaje", nombre: "Camuflaje Canela", precio: 100, categoriaId: "cuidado" },
      { id: "cartuchos", nombre: "Cartuchos Calmantes", precio: 100, categoriaId: "herramientas" },
    ]);
    expect(ids((await search("cafe")).body.results)).toEqual(["producto:pig-cafe", "producto:pig-cafe-oscuro"]);
    expect(ids((await search("pigmento negro")).body.results)).toEqual(["producto:pig-negro"]);
  });

  it("answers what a card needs: link, price with its 'antes', stock", async () => {
    const [cafe] = (await search("pigmento cafe")).body.results;
    expect(cafe).toMatchObject({ href: "/producto/pig-cafe", precio: 45_000, precioAntes: 60_000, cantidad: 5 });
    const course = (await search("microblading online")).body.results.find((r) => r.tipo === "curso");
    expect(course).toMatchObject({ href: "/cursos/microblading-online", precio: 400_000, precioAntes: 500_000 });
    const service = (await search("estrias")).body.results[0];
    expect(service).toMatchObject({ href: "/servicios/estrias", precio: null });
  });

  it("pages like the catalogue: 12 a page, no result twice, a page past the end is the last", async () => {
    const first = await search("brocha kabuki");
    expect(first.body.total).toBe(40);
    expect(first.body.results).toHaveLength(SEARCH_PER_PAGE);
    expect(first.body.page).toMatchObject({ page: 1, pages: 4 });
    const seen = new Set<string>();
    for (let pagina = 1; pagina <= 4; pagina++) {
      for (const r of (await search("brocha kabuki", pagina)).body.results) seen.add(r.id);
    }
    expect(seen.size).toBe(40);
    const past = await search("brocha kabuki", 99);
    expect(past.body.page).toMatchObject({ page: 4, pages: 4 });
    expect(past.body.results).toHaveLength(4);
  });
});

describe("bad input", () => {
  it("refuses an overlong search or control characters with a Spanish 400, and an empty one finds nothing", async () => {
    const long = await search("a".repeat(101));
    expect(long.status).toBe(400);
    expect(long.body.error).toBe(searchMessages.tooLong);
    expect((await search("x".repeat(5000))).status).toBe(400);
    for (const q of ["pigmento\u0000", "caf\u001be", "\u0085labial"]) {
      const answer = await search(q);
      expect(answer.status).toBe(400);
      expect(answer.body.error).toBe(searchMessages.invalid);
    }
    for (const q of ["", "   ", "&|!():*'\"\\", "%_%"]) {
      const answer = await search(q);
      expect(answer.status).toBe(200);
      expect(answer.body.results).toEqual([]);
    }
    // tsquery syntax typed as text is only words
    expect((await search("pigmento & !cafe | (negro")).status).toBe(200);
    expect(parseSearch(null)).toEqual({ ok: true, query: null });
  });
});

describe("admin search", () => {
  async function adminSearch(q: string, cookie = adminCookie) {
    return callLoader(adminBuscar.loader, `/admin/buscar?${new URLSearchParams({ q })}`, { cookie });
  }

  it("is the studio's only: a client and a visitor get the 404", async () => {
    expect((await adminSearch("cafe", clientCookie)).status).toBe(404);
    expect((await adminSearch("cafe", "")).status).toBe(404);
  });

  it("finds unpublished products, orders by folio or phone, clients by name without accents, e-mail or phone", async () => {
    const hidden = await adminSearch("borgona");
    expect((hidden.body.catalogo as SearchResult[]).map((r) => r.id)).toContain("pig-borgona");
    const draft = await adminSearch("curso secreto");
    expect((draft.body.catalogo as SearchResult[])[0]?.id).toBe("borrador");

    for (const q of ["abc123", "MA-20260315", "1234 5678", "3312345678"]) {
      const answer = await adminSearch(q);
      expect(
        (answer.body.pedidos as { id: string }[]).map((p) => p.id),
        q,
      ).toEqual(["MA-20260315-ABC123"]);
    }
    for (const q of ["jose perez", "Jose Peres", "JOSÉ", "nunez", "jose.perez@", "33 1234 5678"]) {
      const answer = await adminSearch(q);
      expect(
        (answer.body.clientes as { nombre: string }[]).map((c) => c.nombre),
        q,
      ).toContain("José Pérez Núñez");
    }
    const client = (await adminSearch("jose perez")).body.clientes as { telefono: string; correo: string }[];
    expect(client[0]).toMatchObject({ correo: "jose.perez@example.com", telefono: "33 1234 5678" });
  });

  it("answers bad input in Spanish, never a 500", async () => {
    const long = await adminSearch("z".repeat(300));
    expect(long.status).toBe(400);
    expect(long.body.error).toBe(searchMessages.tooLong);
    expect((await adminSearch("%")).status).toBe(200);
    expect((await adminSearch("____")).body.clientes).toEqual([]);
  });
});

describe("the engine's dictionaries", () => {
  it("take accents and case off, and stem Spanish, alike on both engines", async () => {
    const [row] = (
      (await database.db.execute(
        sql`select public.texto_busqueda('Pigmento CAFÉ Ñandú') as t,
                   to_tsvector('public.es_busqueda', 'Labiales Estrías pestañas')::text as v`,
      )) as unknown as { rows: { t: string; v: string }[] }
    ).rows;
    expect(row).toEqual({ t: "pigmento cafe nandu", v: "'estri':2 'labial':1 'pestan':3" });
  });
});

describe("indexes", () => {
  it("the migration made the extensions and the search's indexes", async () => {
    const rows = (await database.db.execute(
      sql`select indexname from pg_indexes
           where indexname in ('productos_busqueda_fts', 'productos_busqueda_trgm', 'users_busqueda_nombre_trgm',
                               'citas_busqueda_nombre_trgm', 'compras_telefono_trgm') order by 1`,
    )) as unknown as { rows: { indexname: string }[] };
    expect(rows.rows.map((r) => r.indexname)).toEqual([
      "citas_busqueda_nombre_trgm",
      "compras_telefono_trgm",
      "productos_busqueda_fts",
      "productos_busqueda_trgm",
      "users_busqueda_nombre_trgm",
    ]);
    void user;
  });
});

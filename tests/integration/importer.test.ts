import fs from "node:fs";
import path from "node:path";
import { and, asc, count, eq, sql } from "drizzle-orm";
import { afterEach, describe, expect, it } from "vitest";
import type { Database } from "~/server/db/client.server";
import * as t from "~/server/db/schema";
import { COLLECTIONS, formatIssue, ImportError, type ImportIssue, importExport } from "~/server/import/index.server";
import { listOrders } from "~/server/shop/orders.server";
import { priceCourse } from "~/server/shop/pricing.server";
import { createTestDatabase } from "../support/db";
import { STUDENTS, studioExport } from "../support/studio-export";

type Doc = Record<string, unknown> & { id: string };
type Demo = Record<(typeof COLLECTIONS)[number], Doc[]> & Record<string, unknown>;

const demo = (): Demo => JSON.parse(fs.readFileSync(path.join(process.cwd(), "seed", "demo.json"), "utf8"));

/** Every table the importer writes, in full, in a stable order. */
const TABLES = [
  "categorias",
  "productos",
  "producto_imagenes",
  "comentarios",
  "servicios",
  "servicio_imagenes",
  "cursos",
  "curso_imagenes",
  "unidades",
  "unidad_videos",
  "preguntas",
  "visitas",
  "visita_fotos",
  "promociones",
  "promociones_cursos",
  "bandas_envio",
  "ajustes",
  "users",
  "accounts",
  "cuentas_importadas",
  "favoritos",
  "inscripciones",
  "compras",
  "compra_lineas",
];

/** Every row of those tables; `withoutClock` drops the columns the database fills with now(). */
async function snapshot(database: Database, withoutClock = false) {
  const out: Record<string, unknown[]> = {};
  for (const table of TABLES) {
    const result = (await database.db.execute(sql.raw(`select * from ${table} order by 1, 2`))) as unknown as {
      rows: Record<string, unknown>[];
    };
    out[table] = withoutClock
      ? result.rows.map((row) =>
          Object.fromEntries(
            Object.entries(row).filter(([k]) => !["created_at", "updated_at", "importada_en"].includes(k)),
          ),
        )
      : result.rows;
  }
  return out;
}

async function rejected(database: Database, data: unknown): Promise<ImportIssue[]> {
  try {
    await importExport(database.db, data);
  } catch (error) {
    if (error instanceof ImportError) return error.errors;
    throw error;
  }
  throw new Error("the import was expected to fail");
}

// engine-neutral: only names the engine in the title
describe(`importer (${process.env.TEST_DATABASE_URL ? "PostgreSQL" : "PGlite"})`, () => {
  let database: Database | undefined;
  const open = async () => {
    database = await createTestDatabase();
    return database;
  };
  afterEach(async () => {
    await database?.close();
    database = undefined;
  });

  it("imports the demo export: counts, centavos, the 'precensial' spelling, exam answers, shipping", async () => {
    const { db } = await open();
    const data = demo();
    const result = await importExport(db, data);

    for (const collection of COLLECTIONS) {
      expect(result.counts[collection], collection).toBe(collection === "envios" ? 1 : (data[collection]?.length ?? 0));
    }
    expect(result.formato).toBe("listas");
    expect(result.medios).toBeNull();
    expect(result.notas).toEqual([]);
    const [{ n: products }] = await db.select({ n: count() }).from(t.productos);
    expect(products).toBe(data.producto.length);
    expect(products).toBeGreaterThanOrEqual(30);

    // pesos → centavos, including a price with decimals
    const set = data.producto.find((p) => p.precio === 1299.5)!;
    const [row] = await db.select().from(t.productos).where(eq(t.productos.id, set.id));
    expect(row!.precio).toBe(129950);
    expect(row!.urlImagen).toBe(set.urlImagen);

    // one category has more than 16 products (3 listing pages of 8)
    const perCategory = await db
      .select({ categoriaId: t.productos.categoriaId, n: count() })
      .from(t.productos)
      .groupBy(t.productos.categoriaId);
    expect(Math.max(...perCategory.map((c) => c.n))).toBeGreaterThan(16);

    // galleries and reviews land in their own tables
    const images = await db
      .select()
      .from(t.productoImagenes)
      .where(eq(t.productoImagenes.productoId, set.id))
      .orderBy(asc(t.productoImagenes.posicion));
    expect(images.map((i) => i.url)).toEqual((set.galeria as { url: string }[]).map((g) => g.url));
    const reviewed = data.producto.find((p) => (p.comentarios as unknown[]).length > 0)!;
    const reviews = await db.select().from(t.comentarios).where(eq(t.comentarios.productoId, reviewed.id));
    expect(reviews).toHaveLength((reviewed.comentarios as unknown[]).length);
    expect(reviews.every((r) => r.calificacion >= 1 && r.calificacion <= 5 && r.fecha instanceof Date)).toBe(true);

    // 'precensial' is stored as 'presencial'; the five in-person pages exist, in order
    const inPerson = await db
      .select()
      .from(t.cursos)
      .where(eq(t.cursos.tipo, "presencial"))
      .orderBy(asc(t.cursos.posicion));
    expect(inPerson.map((c) => c.id)).toEqual([
      "microblading-presencial",
      "labios-presencial",
      "estrias-presencial",
      "ombre-presencial",
      "maquillaje-presencial",
    ]);
    expect(inPerson.every((c) => c.descripcionSecundaria === null)).toBe(true);
    const tipos = await db.selectDistinct({ tipo: t.cursos.tipo }).from(t.cursos);
    expect(tipos.map((r) => r.tipo).sort()).toEqual(["online", "presencial"]);
    const online = await db.select().from(t.cursos).where(eq(t.cursos.id, "microblading-online"));
    expect(online[0]!.precio).toBe(499000);
    expect(online[0]!.precioDescuento).toBe(399000);

    // respuesta_correcta given as the answer's text is stored as its number
    const byText = data.preguntas.find((q) => typeof q.respuesta_correcta === "string")!;
    const [question] = await db.select().from(t.preguntas).where(eq(t.preguntas.id, byText.id));
    expect(question!.respuestaCorrecta).toBe(
      [byText.respuesta_1, byText.respuesta_2, byText.respuesta_3].indexOf(byText.respuesta_correcta) + 1,
    );

    // course videos stay private references
    const videos = await db.select().from(t.unidadVideos);
    expect(videos.length).toBeGreaterThan(0);
    expect(videos.every((v) => v.video.startsWith("private:"))).toBe(true);

    // visits keep their random ids and codes
    const visits = await db.select().from(t.visitas);
    expect(visits.map((v) => v.id).every((id) => /^[A-Za-z0-9_-]{22}$/.test(id))).toBe(true);
    expect(visits.map((v) => v.codigo).every((c) => /^[A-Z0-9]{8}$/.test(c))).toBe(true);
    const [{ n: photos }] = await db.select({ n: count() }).from(t.visitaFotos);
    expect(photos).toBe(8);

    // shipping: 7 prices in centavos per band, the state in ajustes
    const bands = await db.select().from(t.bandasEnvio).orderBy(asc(t.bandasEnvio.gramosMinimos));
    const exported = (data.envios[0]!.estandar as { precios: number[] }[])[0]!;
    expect(bands[0]!.precios).toEqual(exported.precios.map((p) => p * 100));
    expect(bands.at(-1)!.gramosMaximos).toBe(30000);
    const [setting] = await db.select().from(t.ajustes).where(eq(t.ajustes.clave, "envio"));
    expect(setting!.valor).toEqual({ estado: "Normal" });

    // promotions
    const promos = await db.select().from(t.promociones).where(eq(t.promociones.codigo, "BIENVENIDA10"));
    expect(promos.length).toBeGreaterThan(1);
    expect(promos.every((p) => p.descuento === 10)).toBe(true);
  });

  it("rejects a broken export naming each document and field, and writes nothing", async () => {
    const database = await open();
    const data = demo();
    const product = data.producto[0]!;
    product.precio = "abc";
    data.unidades[0]!.curso_id = "curso-que-no-existe";
    data.producto[1]!.categoria = "sin-categoria";
    data.promociones[0]!.descuento = 150;
    (data.producto[2]!.comentarios as unknown[]) = [
      { comentarios: "Muy bueno", nombre: "Ana", fecha: "ayer", calificacion: "6" },
    ];
    (data.envios[0]!.estandar as { precios: number[] }[])[0]!.precios = [100, 200];
    data.cursos[0]!.tipo = "hibrido";

    const errors = await rejected(database, data);
    const lines = errors.map(formatIssue);
    expect(lines).toContain(`producto "${product.id}", campo "precio": debe ser un número mayor o igual a 0`);
    expect(errors).toContainEqual({
      collection: "unidades",
      id: data.unidades[0]!.id,
      field: "curso_id",
      message: 'el curso "curso-que-no-existe" no existe en la exportación ni en la base de datos',
    });
    expect(errors).toContainEqual(
      expect.objectContaining({ collection: "producto", id: data.producto[1]!.id, field: "categoria" }),
    );
    expect(errors).toContainEqual(
      expect.objectContaining({
        collection: "promociones",
        id: data.promociones[0]!.id,
        field: "descuento",
        message: "debe ser un número entero del 1 al 100",
      }),
    );
    expect(errors).toContainEqual(
      expect.objectContaining({ collection: "producto", id: data.producto[2]!.id, field: "comentarios[0].fecha" }),
    );
    expect(errors).toContainEqual(
      expect.objectContaining({
        collection: "producto",
        id: data.producto[2]!.id,
        field: "comentarios[0].calificacion",
      }),
    );
    expect(errors).toContainEqual(expect.objectContaining({ collection: "envios", field: "estandar[0].precios" }));
    expect(errors).toContainEqual(
      expect.objectContaining({
        collection: "cursos",
        id: data.cursos[0]!.id,
        field: "tipo",
        message: 'debe ser "online" o "precensial"',
      }),
    );
    // a broken product is still "in the export": its promotions get no second, misleading error
    expect(errors.filter((e) => e.collection === "promociones" && e.field === "producto_id")).toEqual([]);

    const { db } = database;
    for (const table of [t.categorias, t.productos, t.unidades, t.cursos, t.visitas, t.bandasEnvio, t.ajustes]) {
      const [{ n }] = await db.select({ n: count() }).from(table);
      expect(n).toBe(0);
    }
  });

  it("is idempotent: importing the same export twice leaves every row identical", async () => {
    const database = await open();
    await importExport(database.db, demo());
    const first = await snapshot(database);
    await importExport(database.db, demo());
    const second = await snapshot(database);
    expect(second).toEqual(first);
    expect(first.productos!.length).toBe(demo().producto.length);
  });

  it("a later export updates documents and replaces their lists, keeping reviews written on the site", async () => {
    const database = await open();
    const { db } = database;
    const data = demo();
    await importExport(db, data);
    const product = data.producto[0]!;
    await db.insert(t.user).values({ id: "u1", name: "Clienta", email: "clienta@example.com" });
    await db
      .insert(t.comentarios)
      .values({ productoId: product.id, userId: "u1", nombre: "Clienta", comentarios: "Me encantó", calificacion: 5 });

    product.precio = 750.25;
    product.galeria = [{ name: "nueva", url: "/media/productos/nueva.jpg" }];
    product.comentarios = [];
    await importExport(db, data);

    const [row] = await db.select().from(t.productos).where(eq(t.productos.id, product.id));
    expect(row!.precio).toBe(75025);
    const images = await db.select().from(t.productoImagenes).where(eq(t.productoImagenes.productoId, product.id));
    expect(images.map((i) => i.url)).toEqual(["/media/productos/nueva.jpg"]);
    const reviews = await db.select().from(t.comentarios).where(eq(t.comentarios.productoId, product.id));
    expect(reviews.map((r) => r.comentarios)).toEqual(["Me encantó"]);
  });

  it("accepts the store's variants: documents keyed by id, numbers as text, timestamps, answers by text, no tipo", async () => {
    const { db } = await open();
    const result = await importExport(db, {
      categoria: { cejas: { nombre: "Cejas" } },
      producto: [
        {
          id: "p1",
          nombre: "Pigmento",
          precio: "450",
          cantidad: -2,
          categoria: "cejas",
          galeria: [{ name: "frente", url: "https://firebasestorage.googleapis.com/v0/b/x/o/p1.jpg" }],
          comentarios: [
            { comentarios: "Bien", nombre: "Ana", fecha: { seconds: 1700000000, nanoseconds: 0 }, calificacion: 4 },
          ],
          peso: 40.4,
        },
      ],
      cursos: [
        { id: "c1", titulo: "Curso online", descripcion_secundaria: "Videos", precio: 100 },
        { id: "c2", titulo: "Curso presencial", tipo: "Precensial" },
      ],
      preguntas: [
        {
          id: "q1",
          curso: "c1",
          pregunta: "¿?",
          respuesta_1: "Sí",
          respuesta_2: "No",
          respuesta_3: "Tal vez",
          respuesta_correcta: "no",
        },
        {
          id: "q2",
          curso: "c1",
          pregunta: "¿?",
          respuesta_1: "A",
          respuesta_2: "B",
          respuesta_3: "C",
          respuesta_correcta: "3",
        },
      ],
      codigosVisitas: [{ id: "v1", codigo: "ABC", clienta: "Ana", imagenes: { antes: ["/media/a.jpg"], despues: [] } }],
      usuarios: [{ id: "x", correo: " Xime@Example.COM ", nombre: null, terminos: "true" }],
      carrito: [{ id: "c1", productos: [] }],
      _sitio: { hero: "/media/hero.jpg" },
    });
    expect(result.counts.categoria).toBe(1);
    expect(result.notas.join("\n")).toMatch(/Se ignoró "carrito"/);
    // `usuarios` is the `user` collection: e-mail in lower case, a name from it when there is none
    const [account] = await db.select().from(t.user);
    expect(account).toMatchObject({ id: "x", email: "xime@example.com", name: "xime", terminos: true });
    expect(result.notas.join("\n")).toMatch(/existencia -2/);
    expect(result.notas.join("\n")).toMatch(/codigosVisitas "v1"/);

    const [p] = await db.select().from(t.productos);
    expect(p).toMatchObject({
      precio: 45000,
      cantidad: 0,
      peso: 40,
      categoriaId: "cejas",
      urlImagen: expect.stringContaining("p1.jpg"),
    });
    const [review] = await db.select().from(t.comentarios);
    expect(review!.fecha.toISOString()).toBe("2023-11-14T22:13:20.000Z");
    const courses = await db.select().from(t.cursos).orderBy(asc(t.cursos.id));
    expect(courses.map((c) => [c.tipo, c.publicado])).toEqual([
      ["online", false],
      ["presencial", true],
    ]);
    const questions = await db.select().from(t.preguntas).orderBy(asc(t.preguntas.id));
    expect(questions.map((q) => q.respuestaCorrecta)).toEqual([2, 3]);
  });

  it("refuses a visit code that already belongs to another visit", async () => {
    const database = await open();
    await importExport(database.db, demo());
    const visit = demo().codigosVisitas[0]!;
    const errors = await rejected(database, { codigosVisitas: [{ ...visit, id: "otra-visita-con-id-largo-123" }] });
    expect(errors).toEqual([
      {
        collection: "codigosVisitas",
        id: "otra-visita-con-id-largo-123",
        field: "codigo",
        message: `el código "${visit.codigo}" ya pertenece a otra visita`,
      },
    ]);
  });

  it("refuses what is not an export", async () => {
    const database = await open();
    expect(await rejected(database, [1, 2])).toEqual([
      { collection: "", id: "", field: "", message: "el archivo debe ser un objeto JSON con una lista por colección" },
    ]);
    expect(await rejected(database, { producto: "x" })).toEqual([
      { collection: "producto", id: "", field: "", message: "debe ser una lista de documentos" },
    ]);
  });

  it("refuses two spellings of one code for the same product or course, naming the code", async () => {
    const database = await open();
    await importExport(database.db, demo());
    const data = demo();
    const product = data.producto[0]!.id;
    const course = data.cursos.find((c) => c.descripcion_secundaria !== undefined)!.id;
    const errors = await rejected(database, {
      promociones: [
        { id: "verano-a", codigo: "VERANO", producto_id: product, descuento: 10 },
        { id: "verano-b", codigo: "verano", producto_id: product, descuento: 90 },
        // the same code for another product is another promotion
        { id: "verano-c", codigo: "Verano", producto_id: data.producto[1]!.id, descuento: 15 },
      ],
      promocionesCursos: [
        { id: "alumna-a", codigo: " Alumna ", curso_id: course, descuento: 20 },
        { id: "alumna-b", codigo: "ALUMNA", curso_id: course, descuento: 30 },
      ],
    });
    expect(errors).toEqual([
      {
        collection: "promociones",
        id: "verano-b",
        field: "codigo",
        message: `el código "verano" ya está en la exportación como "VERANO" (documento "verano-a") para el producto "${product}"; mayúsculas y minúsculas no distinguen códigos`,
      },
      {
        collection: "promocionesCursos",
        id: "alumna-b",
        field: "codigo",
        message: `el código "ALUMNA" ya está en la exportación como "Alumna" (documento "alumna-a") para el curso "${course}"; mayúsculas y minúsculas no distinguen códigos`,
      },
    ]);
  });

  it("a code already in the database for that product or course, in any case, is updated rather than doubled", async () => {
    const database = await open();
    const { db } = database;
    await importExport(db, demo());
    const data = demo();
    const promo = data.promociones[0]!;
    const coursePromo = data.promocionesCursos[0]!;
    await importExport(db, {
      promociones: [{ ...promo, id: "otra-promo", codigo: ` ${String(promo.codigo).toLowerCase()} `, descuento: 15 }],
      promocionesCursos: [
        { ...coursePromo, id: "otra-promo-curso", codigo: String(coursePromo.codigo).toLowerCase(), descuento: 35 },
      ],
    });
    const rows = await db
      .select()
      .from(t.promociones)
      .where(
        and(
          sql`lower(${t.promociones.codigo}) = lower(${promo.codigo})`,
          eq(t.promociones.productoId, String(promo.producto_id)),
        ),
      );
    expect(rows).toEqual([
      expect.objectContaining({ id: promo.id, codigo: String(promo.codigo).toLowerCase(), descuento: 15 }),
    ]);
    const courseRows = await db
      .select()
      .from(t.promocionesCursos)
      .where(
        and(
          sql`lower(${t.promocionesCursos.codigo}) = lower(${coursePromo.codigo})`,
          eq(t.promocionesCursos.cursoId, String(coursePromo.curso_id)),
        ),
      );
    expect(courseRows).toEqual([expect.objectContaining({ id: coursePromo.id, descuento: 35 })]);
  });

  it("a course code in the spec's shape (no descuento) gives the course's discounted price", async () => {
    const { db } = await open();
    const result = await importExport(db, studioExport("listas"));
    expect(result.notas.join("\n")).toMatch(
      /promocionesCursos: "ALUMNA" no tiene descuento: da el precio con descuento del curso/,
    );
    const [row] = await db.select().from(t.promocionesCursos);
    expect(row).toMatchObject({ codigo: "ALUMNA", cursoId: "c-micro", descuento: 0, activo: true });

    // at checkout the code is valid and the buyer pays precioDescuento (3,990), no further percent
    const priced = await priceCourse(db, "c-micro", "alumna");
    expect(priced.ok && priced.draft.lines[0]).toMatchObject({ precioOriginal: 499000, precio: 399000 });
    expect(priced.ok && priced.draft.total).toBe(399000);
    expect((await priceCourse(db, "c-micro", "OTRO")).ok).toBe(false);
  });

  it("imports students and their orders: accounts, favourites, courses and order history", async () => {
    const database = await open();
    const { db } = database;
    const result = await importExport(db, studioExport("listas"));
    expect(result.counts).toMatchObject({ user: 3, compras: 2 });
    expect(result.notas.join("\n")).toMatch(
      /user "uid-ana-7Qz", favoritos: el producto "p-borrado" no existe; se omitió/,
    );

    const ana = STUDENTS.ana.uid;
    const [account] = await db.select().from(t.user).where(eq(t.user.id, ana));
    expect(account).toMatchObject({
      email: STUDENTS.ana.email,
      name: "Ana Pérez",
      role: "cliente",
      terminos: true,
      terminosVersion: "sitio-anterior",
      lastLogin: new Date("2025-01-10T18:00:00.000Z"),
    });
    // no Authentication export: no password, every account waits for its first one
    expect(await db.select().from(t.account)).toEqual([]);
    expect((await db.select().from(t.cuentasImportadas)).map((r) => r.userId).sort()).toEqual(
      [STUDENTS.ana.uid, STUDENTS.bea.uid, STUDENTS.caro.uid].sort(),
    );

    expect(await db.select({ p: t.favoritos.productoId }).from(t.favoritos).where(eq(t.favoritos.userId, ana))).toEqual(
      [{ p: "p-pigmento" }],
    );
    expect(await db.select().from(t.inscripciones)).toEqual([
      expect.objectContaining({ userId: ana, cursoId: "c-micro", compraId: "pi_3Kx2" }),
    ]);

    // /mis-compras reads them like any order: newest first, shipping apart, lines linked
    const orders = await listOrders(db, ana);
    expect(orders.map((o) => o.id)).toEqual(["pi_3Kx2", "pi_3Kx1"]);
    expect(orders[1]).toMatchObject({
      pagoId: "importado:pi_3Kx1",
      fecha: new Date("2024-11-05T17:30:12.000Z"),
      total: 152700,
      envio: 14900,
      curso: false,
      estadoEnvio: 1,
      datosEnvio: expect.objectContaining({ codigo_postal: "44100", ciudad: "Guadalajara" }),
      datosContacto: { correo: STUDENTS.ana.email, telefono: "3312345678" },
      lines: [
        {
          nombre: "Pigmento Café Oscuro",
          url: expect.stringContaining("pigmento.jpg"),
          precio: 68900,
          precioOriginal: 68900,
          cantidad: 2,
        },
      ],
    });
    const lines = await db.select().from(t.compraLineas).orderBy(asc(t.compraLineas.id));
    expect(lines.map((l) => [l.compraId, l.productoId, l.cursoId])).toEqual([
      ["pi_3Kx1", "p-pigmento", null],
      ["pi_3Kx2", null, "c-micro"],
    ]);
    const [order] = await db.select().from(t.compras).where(eq(t.compras.id, "pi_3Kx1"));
    expect(order).toMatchObject({ proveedor: "importado", compradorId: ana });

    // importing twice changes nothing
    const first = await snapshot(database);
    await importExport(db, studioExport("listas"));
    expect(await snapshot(database)).toEqual(first);
  });

  it("reads the three export shapes into the same database", async () => {
    const snapshots: Record<string, unknown>[] = [];
    for (const shape of ["listas", "firestore-export-import", "node-firestore-import-export"] as const) {
      const database = await createTestDatabase();
      try {
        const result = await importExport(database.db, studioExport(shape));
        expect(result.formato).toBe(shape);
        expect(result.counts).toMatchObject({ producto: 2, cursos: 1, user: 3, compras: 2, codigosVisitas: 1 });
        // dates and references came through, not just ids
        const [order] = await database.db.select().from(t.compras).where(eq(t.compras.id, "pi_3Kx1"));
        expect(order).toMatchObject({ compradorId: STUDENTS.ana.uid, fecha: new Date("2024-11-05T17:30:12.000Z") });
        snapshots.push(await snapshot(database, true));
      } finally {
        await database.close();
      }
    }
    expect(snapshots[1]).toEqual(snapshots[0]);
    expect(snapshots[2]).toEqual(snapshots[0]);
  });

  it("names the subcollections it skips", async () => {
    const { db } = await open();
    const data = studioExport("node-firestore-import-export") as {
      __collections__: Record<string, Record<string, Record<string, unknown>>>;
    };
    data.__collections__.producto!["p-kit"]!.__collections__ = { resenas: { r1: { texto: "hola" } } };
    const result = await importExport(db, data);
    expect(result.notas).toContain('producto "p-kit": se ignoraron sus subcolecciones (resenas).');
  });

  it("refuses an e-mail or an order id that another account or order of the new site already has", async () => {
    const database = await open();
    const { db } = database;
    await db.insert(t.user).values({ id: "cuenta-nueva", name: "Ana", email: STUDENTS.ana.email });
    await db
      .insert(t.compras)
      .values({ id: "pi_3Kx1", compradorId: "cuenta-nueva", total: 100, pagoId: "pi_real", proveedor: "stripe" });
    const errors = await rejected(database, studioExport("listas"));
    expect(errors).toEqual([
      {
        collection: "user",
        id: STUDENTS.ana.uid,
        field: "correo",
        message: `el correo "${STUDENTS.ana.email}" ya es de otra cuenta del sitio nuevo ("cuenta-nueva"); decide cuál es la suya antes de importar`,
      },
      {
        collection: "compras",
        id: "doc-compra-1",
        field: "id_compra",
        message: '"pi_3Kx1" ya es una compra hecha en el sitio nuevo',
      },
    ]);
    const [{ n }] = await db.select({ n: count() }).from(t.productos);
    expect(n).toBe(0);
  });
});

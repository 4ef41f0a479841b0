import fs from "node:fs";
import path from "node:path";
import { asc, count, eq, sql } from "drizzle-orm";
import { afterEach, describe, expect, it } from "vitest";
import type { Database } from "~/server/db/client.server";
import * as t from "~/server/db/schema";
import { COLLECTIONS, formatIssue, ImportError, type ImportIssue, importExport } from "~/server/importer.server";
import { createTestDatabase } from "../support/db";

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
];

async function snapshot(database: Database) {
  const out: Record<string, unknown[]> = {};
  for (const table of TABLES) {
    const result = (await database.db.execute(sql.raw(`select * from ${table} order by 1`))) as unknown as {
      rows: Record<string, unknown>[];
    };
    out[table] = result.rows;
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
      expect(result.counts[collection], collection).toBe(collection === "envios" ? 1 : data[collection].length);
    }
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
      usuarios: [{ id: "x" }],
      _sitio: { hero: "/media/hero.jpg" },
    });
    expect(result.counts.categoria).toBe(1);
    expect(result.notas.join("\n")).toMatch(/usuarios/);
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

  it("refuses a visit code or promotion that already belongs to another document", async () => {
    const database = await open();
    await importExport(database.db, demo());
    const data = demo();
    const visit = data.codigosVisitas[0]!;
    const errors = await rejected(database, {
      codigosVisitas: [{ ...visit, id: "otra-visita-con-id-largo-123" }],
      promociones: [{ ...data.promociones[0]!, id: "otra-promo" }],
    });
    expect(errors).toEqual([
      expect.objectContaining({ collection: "codigosVisitas", id: "otra-visita-con-id-largo-123", field: "codigo" }),
      expect.objectContaining({ collection: "promociones", id: "otra-promo", field: "codigo" }),
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
});

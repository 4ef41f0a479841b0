/**
 * Importer for a JSON export in the ORIGINAL document store's shape: top-level keys are the
 * spec's collection names (`categoria`, `producto`, `servicios`, `cursos`, `unidades`,
 * `preguntas`, `codigosVisitas`, `promociones`, `promocionesCursos`, `envios`), each a list
 * of documents (or an object keyed by document id) with the spec's field names, misspellings
 * included (`tipo: "precensial"`), prices in pesos. seed/demo.json is such an export, so
 * seeding and migrating the studio's real data are the same path.
 *
 * 1. Everything is validated first (zod, Spanish messages), cross references included (a
 *    product's category must exist in the export or in the database, and so on). Every
 *    problem is collected as { collection, id, field, message }; if there is any, an
 *    ImportError carrying the list is thrown and NOTHING is written.
 * 2. Then everything is written in ONE transaction: documents are upserted by id; the lists a
 *    document holds (gallery images, reviews, videos, visit photos, shipping bands) are
 *    replaced for each parent in the export when they differ, so importing the same file
 *    twice leaves the database identical (same rows, same serial ids).
 *
 * An import adds and updates; it never deletes a document the export does not mention.
 * Reviews written on the new site (they have a user) are never touched: only imported
 * reviews (no user) are replaced. Keys starting with `_` are ignored (the demo's `_sitio`);
 * `usuarios`/`compras` (accounts and orders) are not imported: they live in the new system.
 *
 * Mappings worth knowing: pesos → integer centavos; `tipo` 'precensial' → 'presencial' (a
 * course without `tipo` is online when it has `descripcion_secundaria`, as the spec says);
 * `publicado` missing → true for in-person courses (the original listed them without that
 * flag), false for online ones; `respuesta_correcta` may be 1..3 or the text of the right
 * answer; `calificacion` "1".."5"; `fecha` ISO text, epoch milliseconds or a Firestore
 * timestamp {seconds, nanoseconds}; negative stock becomes 0 (with a note); the first
 * `envios` document is used and its `estado` goes to ajustes 'envio' as { estado }.
 */
import { and, inArray, isNull, type SQL, sql } from "drizzle-orm";
import { toSnakeCase } from "drizzle-orm/casing";
import type { PgColumn, PgTable } from "drizzle-orm/pg-core";
import { z } from "zod";
import { pesosToCentavos } from "~/domain/money";
import type { Db } from "./db/client.server";
import * as t from "./db/schema";

// ---------------------------------------------------------------- public types

export const COLLECTIONS = [
  "categoria",
  "producto",
  "servicios",
  "cursos",
  "unidades",
  "preguntas",
  "codigosVisitas",
  "promociones",
  "promocionesCursos",
  "envios",
] as const;

export type Coleccion = (typeof COLLECTIONS)[number];

/** One problem in the export: which collection, which document, which field, what is wrong. */
export type ImportIssue = { collection: string; id: string; field: string; message: string };

export class ImportError extends Error {
  readonly errors: ImportIssue[];
  constructor(errors: ImportIssue[]) {
    const shown = errors.slice(0, 10).map(formatIssue).join("\n");
    const more = errors.length > 10 ? `\n… y ${errors.length - 10} más` : "";
    super(
      `La exportación tiene ${errors.length} ${errors.length === 1 ? "error" : "errores"}; no se importó nada.\n${shown}${more}`,
    );
    this.name = "ImportError";
    this.errors = errors;
  }
}

/** `producto "pig-01", campo "precio": debe ser un número mayor o igual a 0` */
export function formatIssue(issue: ImportIssue): string {
  const where = [
    issue.collection && (issue.id ? `${issue.collection} "${issue.id}"` : issue.collection),
    issue.field && `campo "${issue.field}"`,
  ].filter(Boolean);
  return where.length ? `${where.join(", ")}: ${issue.message}` : issue.message;
}

export type ImportResult = {
  /** documents written per collection (envios: 1 when the rate table was imported) */
  counts: Record<Coleccion, number>;
  /** rows of the lists documents hold, as the export has them */
  detalle: {
    imagenesProducto: number;
    comentariosProducto: number;
    imagenesServicio: number;
    imagenesCurso: number;
    comentariosCurso: number;
    videos: number;
    fotosVisita: number;
    bandasEnvio: number;
  };
  /** things worth knowing that did not stop the import (ignored keys, adjusted values) */
  notas: string[];
};

// ---------------------------------------------------------------- field schemas (Spanish messages)

type IssueInput = { input?: unknown };
const missing = (v: unknown) => v === undefined || v === null;
/** The message for a wrong value, or 'es obligatorio' when there is none. */
const msg = (text: string) => ({ error: (iss: IssueInput) => (missing(iss.input) ? "es obligatorio" : text) });

const NUMERIC = /^\s*-?\d+(\.\d+)?\s*$/;
/** Document stores often hold numbers typed as text ("450"); null means absent. */
const numeric = (v: unknown) => (v === null ? undefined : typeof v === "string" && NUMERIC.test(v) ? Number(v) : v);
const absentIfNull = (v: unknown) => (v === null ? undefined : v);

const PESOS = "debe ser un número mayor o igual a 0";
const pesos = () => z.preprocess(numeric, z.number(msg(PESOS)).min(0, { error: PESOS })).transform(pesosToCentavos);
const pesosOpcional = () =>
  z
    .preprocess((v) => (v === "" ? undefined : numeric(v)), z.number(msg(PESOS)).min(0, { error: PESOS }).optional())
    .transform((v) => (v === undefined ? undefined : pesosToCentavos(v)));

function entero(min: number, max?: number) {
  const text =
    max === undefined
      ? min === 0
        ? "debe ser un número entero mayor o igual a 0"
        : `debe ser un número entero mayor o igual a ${min}`
      : `debe ser un número entero del ${min} al ${max}`;
  let schema = z.number(msg(text)).int({ error: text }).min(min, { error: text });
  if (max !== undefined) schema = schema.max(max, { error: text });
  return z.preprocess(numeric, schema);
}
const enteroOpcional = (min: number, max?: number) =>
  z.preprocess(numeric, (entero(min, max) as z.ZodType<number>).optional());

const gramos = () =>
  z
    .preprocess(
      numeric,
      z.number(msg(PESOS)).min(0, { error: "debe ser un número de gramos mayor o igual a 0" }).optional(),
    )
    .transform((v) => (v === undefined ? 0 : Math.round(v)));

const textoRequerido = () =>
  z.preprocess(absentIfNull, z.string(msg("debe ser un texto")).trim().min(1, { error: "no puede estar vacío" }));
/** Free text that may be absent (→ "") or a number the store kept as such (→ its digits). */
const texto = () =>
  z
    .preprocess(absentIfNull, z.union([z.string(), z.number()], { error: "debe ser un texto" }).optional())
    .transform((v) => (v === undefined ? "" : String(v).trim()));

const ID_MESSAGE = "debe ser un identificador de texto sin «/»";
const id = () =>
  z
    .preprocess(
      (v) => (typeof v === "number" ? String(v) : absentIfNull(v)),
      z
        .string(msg(ID_MESSAGE))
        .trim()
        .min(1, { error: "no puede estar vacío" })
        .max(200, { error: "es demasiado largo (máximo 200 caracteres)" })
        .refine((v) => !v.includes("/"), { error: ID_MESSAGE }),
    )
    .transform((v) => v as string);

/** Where an image, video or link may point: https, a site path, or private storage. */
const URL_PATTERN = /^(https?:\/\/[^\s]+|\/(?!\/)[^\s]*|private:[^\s]+)$/i;
const URL_MESSAGE = "debe ser una URL que empiece con https://, / o private:";
const url = () =>
  z.preprocess(absentIfNull, z.string(msg(URL_MESSAGE)).trim().regex(URL_PATTERN, { error: URL_MESSAGE }));
const urlOpcional = () =>
  z
    .preprocess(absentIfNull, z.string({ error: URL_MESSAGE }).trim().optional())
    .refine((v) => !v || URL_PATTERN.test(v), { error: URL_MESSAGE })
    .transform((v) => v ?? "");

const booleano = () =>
  z.preprocess(
    (v) => (v === "true" ? true : v === "false" ? false : absentIfNull(v)),
    z.boolean({ error: "debe ser verdadero o falso" }).optional(),
  );

const FECHA_MESSAGE = "debe ser una fecha (texto ISO 8601, p. ej. 2025-03-12T18:20:00Z)";
function toDate(v: unknown): unknown {
  if (v === null) return undefined;
  if (typeof v === "string" && v.trim() !== "") {
    const ms = Date.parse(v);
    return Number.isNaN(ms) ? v : new Date(ms);
  }
  if (typeof v === "number" && Number.isFinite(v)) return new Date(v);
  if (v && typeof v === "object" && !(v instanceof Date)) {
    const o = v as Record<string, unknown>;
    const seconds = o.seconds ?? o._seconds;
    const nanos = o.nanoseconds ?? o._nanoseconds ?? 0;
    if (typeof seconds === "number" && typeof nanos === "number") return new Date(seconds * 1000 + nanos / 1e6);
  }
  return v;
}
const fecha = () => z.preprocess(toDate, z.date(msg(FECHA_MESSAGE)));

const lista = <T extends z.ZodType>(item: T) =>
  z
    .preprocess(absentIfNull, z.array(item, { error: "debe ser una lista" }).optional())
    .transform((v) => (v ?? []) as z.output<T>[]);

const objeto = <T extends z.ZodRawShape>(shape: T) => z.object(shape, { error: "debe ser un objeto" });

// ---------------------------------------------------------------- document schemas

const imagen = objeto({ name: texto(), nombre: texto(), url: url() });

const comentario = objeto({
  comentarios: textoRequerido(),
  nombre: texto(),
  fecha: fecha(),
  calificacion: entero(1, 5),
});

const categoriaDoc = objeto({ id: id(), nombre: textoRequerido(), posicion: enteroOpcional(0) });

const productoDoc = objeto({
  id: id(),
  nombre: textoRequerido(),
  marca: texto(),
  precio: pesos(),
  cantidad: z.preprocess(
    numeric,
    z.number({ error: "debe ser un número entero" }).int({ error: "debe ser un número entero" }).optional(),
  ),
  categoria: id(),
  galeria: lista(imagen),
  especificacion: texto(),
  comentarios: lista(comentario),
  urlImagen: urlOpcional(),
  peso: gramos(),
  publicado: booleano(),
});

const OPCIONES_MESSAGE = "debe ser un texto o un objeto con opcion1..3 y url1..3";
const opcionesObjeto = objeto({
  opcion1: texto(),
  opcion2: texto(),
  opcion3: texto(),
  url1: urlOpcional(),
  url2: urlOpcional(),
  url3: urlOpcional(),
});

const servicioDoc = objeto({
  id: id(),
  nombre: textoRequerido(),
  slogan: texto(),
  descripcion: texto(),
  opciones: z.preprocess(absentIfNull, z.union([z.string(), opcionesObjeto], { error: OPCIONES_MESSAGE }).optional()),
  opcion1: texto(),
  opcion2: texto(),
  opcion3: texto(),
  url1: urlOpcional(),
  url2: urlOpcional(),
  url3: urlOpcional(),
  urlImagen: urlOpcional(),
  urlInterna: urlOpcional(),
  preguntas: lista(objeto({ pregunta: textoRequerido(), respuesta: textoRequerido() })),
  galeria: lista(
    objeto({
      url: url(),
      name: texto(),
      nombre: texto(),
      width: enteroOpcional(1),
      height: enteroOpcional(1),
    }),
  ),
  posicion: enteroOpcional(0),
});

const TIPO_MESSAGE = 'debe ser "online" o "precensial"';
const cursoDoc = objeto({
  id: id(),
  titulo: textoRequerido(),
  titulo_secundario: texto(),
  titulo_exterior: texto(),
  nombre: texto(),
  descripcion: texto(),
  descripcion_secundaria: z.preprocess(absentIfNull, z.string({ error: "debe ser un texto" }).optional()),
  requisitos: texto(),
  precio: pesosOpcional(),
  precioDescuento: pesosOpcional(),
  alumnos: texto(),
  horas: texto(),
  online: texto(),
  certificado: texto(),
  kit: texto(),
  video: urlOpcional(),
  publicado: booleano(),
  tipo: z.preprocess(
    (v) => (typeof v === "string" ? v.trim().toLowerCase() : absentIfNull(v)),
    z.enum(["online", "precensial", "presencial"], { error: TIPO_MESSAGE }).optional(),
  ),
  posicion: enteroOpcional(0),
  examen: booleano(),
  certificadoUrl: urlOpcional(),
  urlExterno: urlOpcional(),
  urlKit: urlOpcional(),
  imagenes: z.preprocess(
    absentIfNull,
    objeto({ imagenExterior: urlOpcional(), imagenInterior: urlOpcional(), galeria: lista(imagen) }).optional(),
  ),
  galeria: lista(imagen),
  comentarios: lista(comentario),
  fechaInicio: z
    .preprocess((v) => {
      const d = typeof v === "object" && v !== null ? toDate(v) : v;
      return d instanceof Date ? d.toISOString().slice(0, 10) : d;
    }, texto())
    .transform((v) => v as string),
  duracion: texto(),
});

const unidadDoc = objeto({
  id: id(),
  curso_id: id(),
  posicion: enteroOpcional(0),
  nombre: textoRequerido(),
  videos: lista(
    objeto({
      titulo: textoRequerido(),
      nombre: texto(),
      video: url(),
      descripcion: texto(),
      poster: urlOpcional(),
    }),
  ),
});

const CORRECTA_MESSAGE = "debe ser 1, 2, 3 o el texto de una de las tres respuestas";
const preguntaDoc = objeto({
  id: id(),
  curso: id(),
  posicion: enteroOpcional(0),
  pregunta: textoRequerido(),
  respuesta_1: textoRequerido(),
  respuesta_2: textoRequerido(),
  respuesta_3: textoRequerido(),
  respuesta_correcta: z.preprocess(absentIfNull, z.union([z.number(), z.string()], msg(CORRECTA_MESSAGE))),
}).transform((doc, ctx) => {
  const answers = [doc.respuesta_1, doc.respuesta_2, doc.respuesta_3];
  const given = doc.respuesta_correcta;
  let correcta: number | undefined;
  if (typeof given === "number" || NUMERIC.test(given)) {
    const n = Number(given);
    if (Number.isInteger(n) && n >= 1 && n <= 3) correcta = n;
  }
  if (correcta === undefined && typeof given === "string") {
    const wanted = normalizeAnswer(given);
    const index = answers.findIndex((a) => normalizeAnswer(a) === wanted);
    if (index >= 0) correcta = index + 1;
  }
  if (correcta === undefined) {
    ctx.addIssue({ code: "custom", path: ["respuesta_correcta"], message: CORRECTA_MESSAGE });
    return z.NEVER;
  }
  return { ...doc, respuesta_correcta: correcta };
});

const visitaDoc = objeto({
  id: id(),
  codigo: textoRequerido().refine((v) => (v as string).length <= 64, {
    error: "es demasiado largo (máximo 64 caracteres)",
  }),
  clienta: textoRequerido(),
  imagenes: z.preprocess(absentIfNull, objeto({ antes: lista(url()), despues: lista(url()) }).optional()),
});

const DESCUENTO = { min: 1, max: 100 };
const promocionDoc = objeto({
  id: id(),
  codigo: textoRequerido(),
  producto_id: id(),
  descuento: entero(DESCUENTO.min, DESCUENTO.max),
  producto: texto(),
  activo: booleano(),
});

const promocionCursoDoc = objeto({
  id: id(),
  codigo: textoRequerido(),
  curso_id: id(),
  descuento: entero(DESCUENTO.min, DESCUENTO.max),
  activo: booleano(),
});

const SIETE = "debe ser una lista de exactamente 7 precios (números mayores o iguales a 0)";
const banda = objeto({
  gramos_minimos: entero(0),
  gramos_maximos: entero(0),
  cantidad: enteroOpcional(0),
  precios: z.preprocess(absentIfNull, z.array(pesos(), msg(SIETE)).length(7, { error: SIETE })),
}).refine((b) => b.gramos_minimos <= b.gramos_maximos, {
  path: ["gramos_maximos"],
  error: "debe ser mayor o igual que gramos_minimos",
});

const envioDoc = objeto({
  id: z.preprocess(absentIfNull, id().optional()),
  estandar: z.preprocess(
    absentIfNull,
    z
      .array(banda, msg("debe ser una lista de bandas de peso"))
      .min(1, { error: "debe tener al menos una banda de peso" }),
  ),
  estado: z.preprocess(
    (v) =>
      typeof v === "string"
        ? (({ gratis: "Gratis", normal: "Normal" } as Record<string, string>)[v.trim().toLowerCase()] ?? v)
        : absentIfNull(v),
    z.enum(["Gratis", "Normal"], { error: 'debe ser "Gratis" o "Normal"' }).optional(),
  ),
});

const SCHEMAS = {
  categoria: categoriaDoc,
  producto: productoDoc,
  servicios: servicioDoc,
  cursos: cursoDoc,
  unidades: unidadDoc,
  preguntas: preguntaDoc,
  codigosVisitas: visitaDoc,
  promociones: promocionDoc,
  promocionesCursos: promocionCursoDoc,
  envios: envioDoc,
} satisfies Record<Coleccion, z.ZodType>;

type Parsed = { [K in Coleccion]: z.output<(typeof SCHEMAS)[K]>[] };

const IGNORED: Record<string, string> = {
  usuarios: "las cuentas se crean en el sitio nuevo (el registro y la contraseña no se pueden migrar)",
  user: "las cuentas se crean en el sitio nuevo (el registro y la contraseña no se pueden migrar)",
  compras: "el historial de compras no se importa; las compras nuevas se registran en el sitio",
  carrito: "los carritos abiertos no se importan",
};

function normalizeAnswer(s: string): string {
  return s
    .normalize("NFD")
    .replace(/[\u0300-\u036f]/g, "")
    .replace(/\s+/g, " ")
    .trim()
    .toLowerCase();
}

// ---------------------------------------------------------------- validation

function fieldPath(path: readonly PropertyKey[]): string {
  let out = "";
  for (const part of path) {
    if (typeof part === "number") out += `[${part}]`;
    else out += out ? `.${String(part)}` : String(part);
  }
  return out;
}

/** Lists the documents of one collection; an object keyed by id is accepted too. */
function documentsOf(value: unknown): { docs: { doc: unknown; key: string }[] } | null {
  if (Array.isArray(value)) return { docs: value.map((doc, i) => ({ doc, key: `#${i + 1}` })) };
  if (value && typeof value === "object") {
    return {
      docs: Object.entries(value as Record<string, unknown>).map(([key, doc]) => ({
        doc: doc && typeof doc === "object" && !Array.isArray(doc) && !("id" in doc) ? { id: key, ...doc } : doc,
        key,
      })),
    };
  }
  return null;
}

function docLabel(doc: unknown, fallback: string): string {
  if (doc && typeof doc === "object" && "id" in doc) {
    const value = (doc as { id: unknown }).id;
    if ((typeof value === "string" && value.trim()) || typeof value === "number") return String(value).trim();
  }
  return fallback;
}

async function validate(db: Db, data: unknown): Promise<{ parsed: Parsed; notas: string[] }> {
  const errors: ImportIssue[] = [];
  const notas: string[] = [];
  const parsed = Object.fromEntries(COLLECTIONS.map((c) => [c, []])) as unknown as Parsed;
  const present = Object.fromEntries(COLLECTIONS.map((c) => [c, new Set<string>()])) as Record<Coleccion, Set<string>>;

  if (!data || typeof data !== "object" || Array.isArray(data)) {
    throw new ImportError([
      { collection: "", id: "", field: "", message: "el archivo debe ser un objeto JSON con una lista por colección" },
    ]);
  }
  const root = data as Record<string, unknown>;
  for (const key of Object.keys(root)) {
    if (key.startsWith("_") || (COLLECTIONS as readonly string[]).includes(key)) continue;
    notas.push(IGNORED[key] ? `Se ignoró "${key}": ${IGNORED[key]}.` : `Se ignoró la clave desconocida "${key}".`);
  }

  for (const collection of COLLECTIONS) {
    if (root[collection] === undefined || root[collection] === null) continue;
    const listed = documentsOf(root[collection]);
    if (!listed) {
      errors.push({ collection, id: "", field: "", message: "debe ser una lista de documentos" });
      continue;
    }
    const docs = collection === "envios" ? listed.docs.slice(0, 1) : listed.docs;
    if (collection === "envios" && listed.docs.length > 1) {
      notas.push(`envios: se usó el primer documento y se ignoraron ${listed.docs.length - 1}.`);
    }
    const seen = new Set<string>();
    for (const { doc, key } of docs) {
      const label = docLabel(doc, key);
      present[collection].add(label);
      const result = SCHEMAS[collection].safeParse(doc);
      if (!result.success) {
        for (const issue of result.error.issues) {
          errors.push({ collection, id: label, field: fieldPath(issue.path), message: issue.message });
        }
        continue;
      }
      const value = result.data as { id?: string };
      if (value.id !== undefined) {
        if (seen.has(value.id)) {
          errors.push({ collection, id: label, field: "id", message: "está repetido en la exportación" });
          continue;
        }
        seen.add(value.id);
      }
      (parsed[collection] as unknown[]).push(value);
    }
  }

  // a document that failed validation still exists in the export: no second error for its references
  await checkReferences(db, parsed, errors, present);
  if (errors.length) throw new ImportError(errors);

  for (const p of parsed.producto) {
    if (p.cantidad !== undefined && p.cantidad < 0) {
      notas.push(`producto "${p.id}": existencia ${p.cantidad} se guardó como 0 (agotado).`);
    }
  }
  for (const v of parsed.codigosVisitas) {
    if (v.id.length < 16) {
      notas.push(
        `codigosVisitas "${v.id}": el id es corto y podría adivinarse; se conservó, pero conviene uno aleatorio de 22 caracteres.`,
      );
    }
  }
  const bands = [...(parsed.envios[0]?.estandar ?? [])].sort((a, b) => a.gramos_minimos - b.gramos_minimos);
  for (let i = 1; i < bands.length; i++) {
    if (bands[i]!.gramos_minimos <= bands[i - 1]!.gramos_maximos) {
      notas.push(
        `envios: las bandas ${bands[i - 1]!.gramos_minimos}–${bands[i - 1]!.gramos_maximos} g y ${bands[i]!.gramos_minimos}–${bands[i]!.gramos_maximos} g se traslapan; se usa la primera que coincida.`,
      );
    }
  }
  return { parsed, notas };
}

/** Ids present in the export or, for those that are not, in the database. */
async function existing(db: Db, column: PgColumn, table: PgTable, inExport: Set<string>, wanted: string[]) {
  const ask = [...new Set(wanted.filter((w) => !inExport.has(w)))];
  const found = new Set(inExport);
  if (ask.length) {
    const rows = (await db.select({ id: column }).from(table).where(inArray(column, ask))) as { id: string }[];
    for (const row of rows) found.add(row.id);
  }
  return found;
}

async function checkReferences(db: Db, parsed: Parsed, errors: ImportIssue[], present: Record<Coleccion, Set<string>>) {
  const categorias = await existing(
    db,
    t.categorias.id,
    t.categorias,
    present.categoria,
    parsed.producto.map((p) => p.categoria),
  );
  for (const p of parsed.producto) {
    if (!categorias.has(p.categoria)) {
      errors.push({
        collection: "producto",
        id: p.id,
        field: "categoria",
        message: `la categoría "${p.categoria}" no existe en la exportación ni en la base de datos`,
      });
    }
  }

  const cursos = await existing(db, t.cursos.id, t.cursos, present.cursos, [
    ...parsed.unidades.map((u) => u.curso_id),
    ...parsed.preguntas.map((q) => q.curso),
    ...parsed.promocionesCursos.map((p) => p.curso_id),
  ]);
  const missingCourse = (curso: string) => `el curso "${curso}" no existe en la exportación ni en la base de datos`;
  for (const u of parsed.unidades) {
    if (!cursos.has(u.curso_id))
      errors.push({ collection: "unidades", id: u.id, field: "curso_id", message: missingCourse(u.curso_id) });
  }
  for (const q of parsed.preguntas) {
    if (!cursos.has(q.curso))
      errors.push({ collection: "preguntas", id: q.id, field: "curso", message: missingCourse(q.curso) });
  }
  for (const p of parsed.promocionesCursos) {
    if (!cursos.has(p.curso_id)) {
      errors.push({ collection: "promocionesCursos", id: p.id, field: "curso_id", message: missingCourse(p.curso_id) });
    }
  }

  const productos = await existing(
    db,
    t.productos.id,
    t.productos,
    present.producto,
    parsed.promociones.map((p) => p.producto_id),
  );
  for (const p of parsed.promociones) {
    if (!productos.has(p.producto_id)) {
      errors.push({
        collection: "promociones",
        id: p.id,
        field: "producto_id",
        message: `el producto "${p.producto_id}" no existe en la exportación ni en la base de datos`,
      });
    }
  }

  // unique keys: within the export, and against rows of the database with another id
  await uniqueKeys(db, errors, "codigosVisitas", "codigo", parsed.codigosVisitas, (v) => v.codigo, {
    table: t.visitas,
    id: t.visitas.id,
    where: (values) => inArray(t.visitas.codigo, values),
    key: (row) => String(row.codigo),
    select: { codigo: t.visitas.codigo },
    message: (v) => `el código "${v}" ya pertenece a otra visita`,
  });
  await uniqueKeys(
    db,
    errors,
    "promociones",
    "codigo",
    parsed.promociones,
    (p) => `${p.codigo}\u0000${p.producto_id}`,
    {
      table: t.promociones,
      id: t.promociones.id,
      where: (values) =>
        inArray(
          t.promociones.codigo,
          values.map((v) => v.split("\u0000")[0]!),
        ),
      key: (row) => `${row.codigo}\u0000${row.productoId}`,
      select: { codigo: t.promociones.codigo, productoId: t.promociones.productoId },
      message: (v) =>
        `el código "${v.split("\u0000")[0]}" ya existe para el producto "${v.split("\u0000")[1]}" con otro id`,
    },
  );
  await uniqueKeys(
    db,
    errors,
    "promocionesCursos",
    "codigo",
    parsed.promocionesCursos,
    (p) => `${p.codigo}\u0000${p.curso_id}`,
    {
      table: t.promocionesCursos,
      id: t.promocionesCursos.id,
      where: (values) =>
        inArray(
          t.promocionesCursos.codigo,
          values.map((v) => v.split("\u0000")[0]!),
        ),
      key: (row) => `${row.codigo}\u0000${row.cursoId}`,
      select: { codigo: t.promocionesCursos.codigo, cursoId: t.promocionesCursos.cursoId },
      message: (v) =>
        `el código "${v.split("\u0000")[0]}" ya existe para el curso "${v.split("\u0000")[1]}" con otro id`,
    },
  );
}

async function uniqueKeys<D extends { id: string }>(
  db: Db,
  errors: ImportIssue[],
  collection: string,
  field: string,
  docs: D[],
  keyOf: (d: D) => string,
  inDb: {
    table: PgTable;
    id: PgColumn;
    where: (values: string[]) => SQL;
    key: (row: Record<string, unknown>) => string;
    select: Record<string, PgColumn>;
    message: (key: string) => string;
  },
) {
  const owner = new Map<string, string>();
  for (const d of docs) {
    const key = keyOf(d);
    const first = owner.get(key);
    if (first !== undefined && first !== d.id) {
      errors.push({ collection, id: d.id, field, message: `está repetido en la exportación (también en "${first}")` });
    } else owner.set(key, d.id);
  }
  if (!docs.length) return;
  const rows = (await db
    .select({ ...inDb.select, id: inDb.id })
    .from(inDb.table)
    .where(inDb.where([...owner.keys()]))) as Record<string, unknown>[];
  for (const row of rows) {
    const key = inDb.key(row);
    const mine = owner.get(key);
    if (mine !== undefined && mine !== row.id) {
      errors.push({ collection, id: mine, field, message: inDb.message(key) });
    }
  }
}

// ---------------------------------------------------------------- writing

type Tx = Parameters<Parameters<Db["transaction"]>[0]>[0];
type Row = Record<string, unknown>;

/** A fixed key for pg_advisory_xact_lock: two imports (two app instances seeding) never interleave. */
const IMPORT_LOCK = 7_411_202_611;

const chunks = <T>(list: T[], size = 250) =>
  Array.from({ length: Math.ceil(list.length / size) }, (_, i) => list.slice(i * size, (i + 1) * size));

/** INSERT … ON CONFLICT (id) DO UPDATE SET every given column = excluded.column. */
async function upsert(tx: Tx, table: PgTable & { id: PgColumn }, rows: Row[]) {
  if (!rows.length) return;
  const keys = Object.keys(rows[0]!).filter((k) => k !== "id");
  const set = Object.fromEntries(keys.map((k) => [k, sql.raw(`excluded."${toSnakeCase(k)}"`)]));
  for (const chunk of chunks(rows)) {
    await tx
      .insert(table)
      .values(chunk as never)
      .onConflictDoUpdate({ target: table.id, set: set as never });
  }
}

const comparable = (v: unknown) => (v instanceof Date ? v.toISOString() : v === undefined ? null : v);

/**
 * Makes each parent's children equal to `rows` (grouped by `parentKey`), touching only the
 * parents whose children differ: an unchanged import rewrites nothing.
 */
async function replaceChildren(
  tx: Tx,
  table: PgTable,
  parentKey: string,
  parents: string[],
  rows: Row[],
  fields: string[],
  scope?: SQL,
) {
  if (!parents.length) return;
  const columns = table as unknown as Record<string, PgColumn>;
  const parentColumn = columns[parentKey]!;
  const signature = (r: Row) => JSON.stringify(fields.map((field) => comparable(r[field])));
  const group = (list: Row[]) => {
    const map = new Map<string, string[]>();
    for (const r of list) {
      const key = String(r[parentKey]);
      map.set(key, [...(map.get(key) ?? []), signature(r)]);
    }
    for (const sigs of map.values()) sigs.sort();
    return map;
  };
  const current = new Map<string, string[]>();
  for (const part of chunks(parents, 500)) {
    const found = (await tx
      .select()
      .from(table)
      .where(and(inArray(parentColumn, part), scope))) as Row[];
    for (const [k, v] of group(found)) current.set(k, v);
  }
  const wanted = group(rows);
  const changed = parents.filter((p) => JSON.stringify(current.get(p) ?? []) !== JSON.stringify(wanted.get(p) ?? []));
  if (!changed.length) return;
  for (const part of chunks(changed, 500)) await tx.delete(table).where(and(inArray(parentColumn, part), scope));
  const changedSet = new Set(changed);
  const inserts = rows.filter((r) => changedSet.has(String(r[parentKey])));
  for (const part of chunks(inserts)) await tx.insert(table).values(part as never);
}

function reviewRows(list: z.output<typeof comentario>[], parent: Row): Row[] {
  return list.map((c) => ({
    ...parent,
    nombre: c.nombre || "Clienta",
    comentarios: c.comentarios,
    calificacion: c.calificacion,
    fecha: c.fecha,
  }));
}

/**
 * Validates the whole export, then writes it in one transaction. Throws ImportError (and
 * writes nothing) when anything is wrong.
 */
export async function importExport(db: Db, data: unknown): Promise<ImportResult> {
  const { parsed: p, notas } = await validate(db, data);

  const categorias = p.categoria.map((c, i) => ({ id: c.id, nombre: c.nombre, posicion: c.posicion ?? i + 1 }));

  const productos = p.producto.map((d) => ({
    id: d.id,
    nombre: d.nombre,
    marca: d.marca,
    precio: d.precio,
    cantidad: Math.max(0, d.cantidad ?? 0),
    categoriaId: d.categoria,
    especificacion: d.especificacion,
    urlImagen: d.urlImagen || d.galeria[0]?.url || "",
    peso: d.peso,
    publicado: d.publicado ?? true,
  }));
  const productoImagenes = p.producto.flatMap((d) =>
    d.galeria.map((g, i) => ({ productoId: d.id, nombre: g.name || g.nombre, url: g.url, posicion: i })),
  );
  const productoComentarios = p.producto.flatMap((d) => reviewRows(d.comentarios, { productoId: d.id }));

  const servicios = p.servicios.map((d, i) => {
    const block = typeof d.opciones === "object" ? d.opciones : undefined;
    const text = typeof d.opciones === "string" && d.opciones.trim() ? d.opciones.trim() : null;
    const pickText = (own: string, fromBlock: string | undefined) => own || fromBlock || null;
    return {
      id: d.id,
      nombre: d.nombre,
      slogan: d.slogan,
      descripcion: d.descripcion,
      opciones: text,
      opcion1: pickText(d.opcion1, block?.opcion1),
      opcion2: pickText(d.opcion2, block?.opcion2),
      opcion3: pickText(d.opcion3, block?.opcion3),
      url1: pickText(d.url1, block?.url1),
      url2: pickText(d.url2, block?.url2),
      url3: pickText(d.url3, block?.url3),
      urlImagen: d.urlImagen,
      urlInterna: d.urlInterna,
      preguntas: d.preguntas.map((q) => ({ pregunta: q.pregunta, respuesta: q.respuesta })),
      posicion: d.posicion ?? i + 1,
    };
  });
  const servicioImagenes = p.servicios.flatMap((d) =>
    d.galeria.map((g, i) => ({
      servicioId: d.id,
      nombre: g.name || g.nombre,
      url: g.url,
      ancho: g.width ?? null,
      alto: g.height ?? null,
      posicion: i,
    })),
  );

  const cursos = p.cursos.map((d) => {
    const tipo =
      d.tipo === "online"
        ? "online"
        : d.tipo
          ? "presencial"
          : d.descripcion_secundaria !== undefined
            ? "online"
            : "presencial";
    return {
      id: d.id,
      titulo: d.titulo,
      tituloSecundario: d.titulo_secundario,
      tituloExterior: d.titulo_exterior,
      nombre: d.nombre,
      descripcion: d.descripcion,
      descripcionSecundaria: d.descripcion_secundaria ?? null,
      requisitos: d.requisitos,
      precio: d.precio ?? 0,
      precioDescuento: d.precioDescuento ?? null,
      alumnos: d.alumnos,
      horas: d.horas,
      online: d.online,
      certificado: d.certificado,
      kit: d.kit,
      video: d.video,
      publicado: d.publicado ?? tipo === "presencial",
      tipo,
      posicion: d.posicion ?? 0,
      examen: d.examen ?? false,
      certificadoUrl: d.certificadoUrl,
      urlExterno: d.urlExterno,
      urlKit: d.urlKit,
      imagenExterior: d.imagenes?.imagenExterior ?? "",
      imagenInterior: d.imagenes?.imagenInterior ?? "",
      fechaInicio: d.fechaInicio,
      duracion: d.duracion,
    };
  });
  const cursoImagenes = p.cursos.flatMap((d) => {
    const gallery = d.imagenes?.galeria.length ? d.imagenes.galeria : d.galeria;
    return gallery.map((g, i) => ({ cursoId: d.id, nombre: g.name || g.nombre, url: g.url, posicion: i }));
  });
  const cursoComentarios = p.cursos.flatMap((d) => reviewRows(d.comentarios, { cursoId: d.id }));

  const unitIndex = new Map<string, number>();
  const unidades = p.unidades.map((d) => {
    const n = (unitIndex.get(d.curso_id) ?? 0) + 1;
    unitIndex.set(d.curso_id, n);
    return { id: d.id, cursoId: d.curso_id, posicion: d.posicion ?? n, nombre: d.nombre };
  });
  const videos = p.unidades.flatMap((d) =>
    d.videos.map((v, i) => ({
      unidadId: d.id,
      posicion: i,
      titulo: v.titulo,
      nombre: v.nombre,
      video: v.video,
      poster: v.poster,
      descripcion: v.descripcion,
    })),
  );

  const questionIndex = new Map<string, number>();
  const preguntas = p.preguntas.map((d) => {
    const n = (questionIndex.get(d.curso) ?? 0) + 1;
    questionIndex.set(d.curso, n);
    return {
      id: d.id,
      cursoId: d.curso,
      posicion: d.posicion ?? n,
      pregunta: d.pregunta,
      respuesta1: d.respuesta_1,
      respuesta2: d.respuesta_2,
      respuesta3: d.respuesta_3,
      respuestaCorrecta: d.respuesta_correcta,
    };
  });

  const visitas = p.codigosVisitas.map((d) => ({ id: d.id, codigo: d.codigo, clienta: d.clienta }));
  const fotos = p.codigosVisitas.flatMap((d) => [
    ...(d.imagenes?.antes ?? []).map((url, i) => ({ visitaId: d.id, tipo: "antes", url, posicion: i })),
    ...(d.imagenes?.despues ?? []).map((url, i) => ({ visitaId: d.id, tipo: "despues", url, posicion: i })),
  ]);

  const promociones = p.promociones.map((d) => ({
    id: d.id,
    codigo: d.codigo,
    productoId: d.producto_id,
    descuento: d.descuento,
    activo: d.activo ?? true,
  }));
  const promocionesCursos = p.promocionesCursos.map((d) => ({
    id: d.id,
    codigo: d.codigo,
    cursoId: d.curso_id,
    descuento: d.descuento,
    activo: d.activo ?? true,
  }));

  const envio = p.envios[0];
  const bandas = (envio?.estandar ?? []).map((b) => ({
    gramosMinimos: b.gramos_minimos,
    gramosMaximos: b.gramos_maximos,
    cantidad: b.cantidad ?? 0,
    precios: b.precios,
  }));

  await db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(${IMPORT_LOCK})`);

    await upsert(tx, t.categorias, categorias);
    await upsert(tx, t.productos, productos);
    await replaceChildren(
      tx,
      t.productoImagenes,
      "productoId",
      productos.map((r) => r.id),
      productoImagenes,
      ["nombre", "url", "posicion"],
    );
    await replaceChildren(
      tx,
      t.comentarios,
      "productoId",
      productos.map((r) => r.id),
      productoComentarios,
      ["nombre", "comentarios", "calificacion", "fecha"],
      isNull(t.comentarios.userId),
    );

    await upsert(tx, t.servicios, servicios);
    await replaceChildren(
      tx,
      t.servicioImagenes,
      "servicioId",
      servicios.map((r) => r.id),
      servicioImagenes,
      ["nombre", "url", "ancho", "alto", "posicion"],
    );

    await upsert(tx, t.cursos, cursos);
    await replaceChildren(
      tx,
      t.cursoImagenes,
      "cursoId",
      cursos.map((r) => r.id),
      cursoImagenes,
      ["nombre", "url", "posicion"],
    );
    await replaceChildren(
      tx,
      t.comentarios,
      "cursoId",
      cursos.map((r) => r.id),
      cursoComentarios,
      ["nombre", "comentarios", "calificacion", "fecha"],
      isNull(t.comentarios.userId),
    );

    await upsert(tx, t.unidades, unidades);
    await replaceChildren(
      tx,
      t.unidadVideos,
      "unidadId",
      unidades.map((r) => r.id),
      videos,
      ["posicion", "titulo", "nombre", "video", "poster", "descripcion"],
    );
    await upsert(tx, t.preguntas, preguntas);

    await upsert(tx, t.visitas, visitas);
    await replaceChildren(
      tx,
      t.visitaFotos,
      "visitaId",
      visitas.map((r) => r.id),
      fotos,
      ["tipo", "url", "posicion"],
    );

    await upsert(tx, t.promociones, promociones);
    await upsert(tx, t.promocionesCursos, promocionesCursos);

    if (envio) {
      await replaceBands(tx, bandas);
      if (envio.estado) {
        await tx
          .insert(t.ajustes)
          .values({ clave: "envio", valor: { estado: envio.estado } })
          .onConflictDoUpdate({
            target: t.ajustes.clave,
            set: { valor: sql`excluded.valor`, updatedAt: sql`now()` },
            setWhere: sql`${t.ajustes.valor} is distinct from excluded.valor`,
          });
      }
    }
  });

  return {
    counts: {
      categoria: categorias.length,
      producto: productos.length,
      servicios: servicios.length,
      cursos: cursos.length,
      unidades: unidades.length,
      preguntas: preguntas.length,
      codigosVisitas: visitas.length,
      promociones: promociones.length,
      promocionesCursos: promocionesCursos.length,
      envios: envio ? 1 : 0,
    },
    detalle: {
      imagenesProducto: productoImagenes.length,
      comentariosProducto: productoComentarios.length,
      imagenesServicio: servicioImagenes.length,
      imagenesCurso: cursoImagenes.length,
      comentariosCurso: cursoComentarios.length,
      videos: videos.length,
      fotosVisita: fotos.length,
      bandasEnvio: bandas.length,
    },
    notas,
  };
}

/** The rate table is one list: replaced as a whole when it differs from the export's. */
async function replaceBands(tx: Tx, bandas: Row[]) {
  const fields = ["gramosMinimos", "gramosMaximos", "cantidad", "precios"];
  const signature = (r: Row) => JSON.stringify(fields.map((f) => r[f]));
  const current = (await tx.select().from(t.bandasEnvio)) as Row[];
  const same = JSON.stringify(current.map(signature).sort()) === JSON.stringify(bandas.map(signature).sort());
  if (same) return;
  await tx.delete(t.bandasEnvio);
  if (bandas.length) await tx.insert(t.bandasEnvio).values(bandas as never);
}

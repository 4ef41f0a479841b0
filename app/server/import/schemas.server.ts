/**
 * The shape of each document the importer accepts, as zod schemas with Spanish messages
 * ('es obligatorio', 'debe ser un número mayor o igual a 0', …). The validation phase
 * (validate.server.ts) runs them; a failing field becomes { collection, id, field, message }.
 *
 * What the schemas accept beyond the spec's exact types, because document stores hold it:
 * numbers typed as text ("450"), null for absent, a Firestore timestamp, ISO text or epoch
 * milliseconds for a date, a document reference ('producto/abc') wherever an id is expected,
 * `respuesta_correcta` as 1..3 or as the text of the right answer, `tipo` 'precensial'.
 * Prices arrive in pesos and leave in centavos.
 */
import { z } from "zod";
import { CODE_MAX_LENGTH } from "~/domain/codes";
import { pesosToCentavos } from "~/domain/money";
import { type Coleccion, DocumentRef } from "./read.server";

// ---------------------------------------------------------------- fields

type IssueInput = { input?: unknown };
const missing = (v: unknown) => v === undefined || v === null;
/** The message for a wrong value, or 'es obligatorio' when there is none. */
const msg = (text: string) => ({ error: (iss: IssueInput) => (missing(iss.input) ? "es obligatorio" : text) });

export const NUMERIC = /^\s*-?\d+(\.\d+)?\s*$/;
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
/** A document id: text, a number, or a document reference ('producto/abc' → 'abc'). */
const id = () =>
  z
    .preprocess(
      (v) => (typeof v === "number" ? String(v) : v instanceof DocumentRef ? v.id : absentIfNull(v)),
      z
        .string(msg(ID_MESSAGE))
        .trim()
        .min(1, { error: "no puede estar vacío" })
        .max(200, { error: "es demasiado largo (máximo 200 caracteres)" })
        .refine((v) => !v.includes("/"), { error: ID_MESSAGE }),
    )
    .transform((v) => v as string);
/**
 * A reference written as a path ('producto/abc', '/cursos/x'): the last segment is the id.
 * Plain ids pass through.
 */
const referencia = () => z.preprocess((v) => (typeof v === "string" && v.includes("/") ? new DocumentRef(v) : v), id());
const referenciaOpcional = () => z.preprocess(absentIfNull, referencia().optional());

/** Where an image, video or link may point: http(s), a site path, or private storage. */
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
/** ISO text, epoch milliseconds (also as digits: Authentication's createdAt) or a timestamp object. */
export function toDate(v: unknown): unknown {
  if (v === null) return undefined;
  if (typeof v === "string" && /^\d{10,}$/.test(v.trim())) return new Date(Number(v));
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
const fechaOpcional = () => z.preprocess(toDate, z.date({ error: FECHA_MESSAGE }).optional());

const CORREO_MESSAGE = "debe ser un correo electrónico válido";
/** An e-mail address, stored in lower case (Better Auth looks accounts up that way); absent → "". */
const correo = () =>
  z
    .preprocess(absentIfNull, z.string({ error: CORREO_MESSAGE }).trim().toLowerCase().optional())
    .refine((v) => !v || /^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(v), { error: CORREO_MESSAGE })
    .transform((v) => v ?? "");

const lista = <T extends z.ZodType>(item: T) =>
  z
    .preprocess(absentIfNull, z.array(item, { error: "debe ser una lista" }).optional())
    .transform((v) => (v ?? []) as z.output<T>[]);

const objeto = <T extends z.ZodRawShape>(shape: T) => z.object(shape, { error: "debe ser un objeto" });

// ---------------------------------------------------------------- catalogue

const imagen = objeto({ name: texto(), nombre: texto(), url: url() });

export const comentario = objeto({
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

function normalizeAnswer(s: string): string {
  return s
    .normalize("NFD")
    .replace(/[\u0300-\u036f]/g, "")
    .replace(/\s+/g, " ")
    .trim()
    .toLowerCase();
}

const visitaDoc = objeto({
  id: id(),
  codigo: textoRequerido().refine((v) => (v as string).length <= 64, {
    error: "es demasiado largo (máximo 64 caracteres)",
  }),
  clienta: textoRequerido(),
  imagenes: z.preprocess(absentIfNull, objeto({ antes: lista(url()), despues: lista(url()) }).optional()),
});

const codigo = () =>
  textoRequerido().refine((v) => (v as string).length <= CODE_MAX_LENGTH, {
    error: `es demasiado largo (máximo ${CODE_MAX_LENGTH} caracteres)`,
  });

export const DESCUENTO = { min: 1, max: 100 };
const promocionDoc = objeto({
  id: id(),
  codigo: codigo(),
  producto_id: id(),
  descuento: entero(DESCUENTO.min, DESCUENTO.max),
  producto: texto(),
  activo: booleano(),
});

/**
 * SPEC §3 gives course codes only `codigo` and `curso_id`: `descuento` may be absent (see
 * the validation phase for what such a code means).
 */
const promocionCursoDoc = objeto({
  id: id(),
  codigo: codigo(),
  curso_id: id(),
  descuento: enteroOpcional(DESCUENTO.min, DESCUENTO.max),
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

// ---------------------------------------------------------------- people and orders

/** SPEC §3 user: the document id is the auth uid. */
const userDoc = objeto({
  id: id(),
  nombre: texto(),
  correo: correo(),
  lastLogin: fechaOpcional(),
  terminos: booleano(),
  favoritos: lista(referencia()),
  cursos: lista(referencia()),
});

/** One line of `porductos`: what was bought, as it was shown then; a reference when the export has one. */
const lineaCompra = objeto({
  url: urlOpcional(),
  nombre: textoRequerido(),
  precio: pesos(),
  cantidad: entero(1),
  id: referenciaOpcional(),
  ref: referenciaOpcional(),
  producto_id: referenciaOpcional(),
  curso_id: referenciaOpcional(),
});

/** SPEC §3 compras (`porductos` spelled so; `productos` accepted too). */
const compraDoc = z.preprocess(
  (v) =>
    v && typeof v === "object" && !("porductos" in v) && "productos" in v
      ? { ...(v as Record<string, unknown>), porductos: (v as Record<string, unknown>).productos }
      : v,
  objeto({
    id: id(),
    id_compra: z.preprocess(absentIfNull, id().optional()),
    id_comprador: referencia(),
    fecha: fecha(),
    porductos: lista(lineaCompra),
    total: pesos(),
    curso: booleano(),
    estado_envio: enteroOpcional(0),
    datos_envio: z.preprocess(absentIfNull, z.record(z.string(), texto(), { error: "debe ser un objeto" }).optional()),
    datos_contacto: z.preprocess(absentIfNull, objeto({ correo: texto(), telefono: texto() }).optional()),
  }),
);

export const SCHEMAS = {
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
  user: userDoc,
  compras: compraDoc,
} satisfies Record<Coleccion, z.ZodType>;

export type Parsed = { [K in Coleccion]: z.output<(typeof SCHEMAS)[K]>[] };
export type Doc<K extends Coleccion> = Parsed[K][number];
export type Comentario = z.output<typeof comentario>;

// ---------------------------------------------------------------- Firebase Authentication

const BASE64 = /^[A-Za-z0-9+/_-]+={0,2}$/;
const base64 = (what: string) =>
  z.preprocess(
    absentIfNull,
    z
      .string({ error: `debe ser ${what} en base64` })
      .trim()
      .regex(BASE64, { error: `debe ser ${what} en base64` })
      .optional(),
  );

/** One user of `firebase auth:export` (the fields the site uses; others are ignored). */
export const authUserDoc = objeto({
  localId: id(),
  email: correo(),
  emailVerified: booleano(),
  displayName: texto(),
  passwordHash: base64("el hash de la contraseña"),
  salt: base64("la sal"),
  providerUserInfo: lista(
    objeto({ providerId: textoRequerido(), rawId: textoRequerido(), email: correo(), displayName: texto() }),
  ),
  createdAt: fechaOpcional(),
  lastSignedInAt: fechaOpcional(),
  disabled: booleano(),
}).refine((u) => !u.passwordHash || u.salt, { path: ["salt"], error: "es obligatoria cuando hay passwordHash" });

export type AuthUser = z.output<typeof authUserDoc>;

/** The project's password-hash parameters (Firebase console → Authentication → Password hash parameters). */
export const hashParamsSchema = objeto({
  signerKey: base64("la clave de firma (signer key)").pipe(z.string({ error: "es obligatoria" })),
  saltSeparator: base64("el separador de sal (salt separator)").pipe(z.string({ error: "es obligatorio" })),
  rounds: entero(1, 64),
  memCost: entero(1, 20),
});

/**
 * The admin area's one form pattern. A section describes its fields once with these
 * builders; the same description draws the form (its `spec` travels in loader data) and
 * checks the posted form on the server (its zod schema). Nothing is written unless every
 * field is valid, and every error is a Spanish sentence shown under its field.
 *
 * Files are checked with the rest (type by content, size) and stored only after the whole
 * form passed (`storeFiles`), so a bad form never leaves files behind.
 */
import { z } from "zod";
import type { FieldErrors, FieldSpec, Option, QuestionAnswer } from "~/domain/admin-form";
import type { UploadKind } from "~/domain/limits";
import { pesosToCentavos } from "~/domain/money";
import {
  type ImageSize,
  type StoredImage,
  checkFile,
  checkImage,
  deleteFiles,
  storeAdminFile,
  storeAdminImage,
} from "./uploads.server";

type Spec = Omit<FieldSpec, "name" | "type" | "label">;

/**
 * Where a field's files go: an upload case of the upload API, for images the size kept, and
 * the kind of file (its size limit, app/domain/limits.ts).
 */
type FileTarget = { uploadCase: string; size?: ImageSize; kind: UploadKind };

export type Field<T> = {
  type: FieldSpec["type"];
  label: string;
  spec: Spec;
  schema: z.ZodType<T>;
  files?: FileTarget;
};

// biome-ignore lint/suspicious/noExplicitAny: a record of fields of any value type
export type Fields = Record<string, Field<any>>;

/** The checked values of a form: money in centavos, files still as File. */
export type Parsed<F extends Fields> = { [K in keyof F]: F[K] extends Field<infer T> ? T : never };

/** After storeFiles: a gallery's files became stored images, any other file its reference. */
export type Stored<F extends Fields> = {
  [K in keyof F]: F[K] extends Field<infer T>
    ? T extends File[]
      ? StoredImage[]
      : T extends File | undefined
        ? string | undefined
        : T
    : never;
};

const REQUIRED = "Este dato es obligatorio.";

const textInput = z.preprocess((v) => (typeof v === "string" ? v : ""), z.string());

function textSchema(label: string, required: boolean | undefined, max: number) {
  return textInput.pipe(
    z
      .string()
      .trim()
      .max(max, `${label}: máximo ${max} caracteres.`)
      .refine((v) => !required || v.length > 0, REQUIRED),
  );
}

export function text(label: string, spec: Spec & { max?: number } = {}): Field<string> {
  return { type: "text", label, spec, schema: textSchema(label, spec.required, spec.max ?? 300) };
}

export function textarea(label: string, spec: Spec = {}): Field<string> {
  return { type: "textarea", label, spec, schema: textSchema(label, spec.required, 20_000) };
}

/** A whole number; empty is 0 unless required. */
export function integer(label: string, spec: Spec = {}): Field<number> {
  const { min, max } = spec;
  const schema = textInput.transform((raw, ctx) => {
    const v = raw.trim().replace(/,/g, "");
    if (v === "") {
      if (spec.required) ctx.addIssue({ code: "custom", message: REQUIRED });
      return 0;
    }
    if (!/^-?\d+$/.test(v)) {
      ctx.addIssue({ code: "custom", message: "Escribe un número entero, sin decimales." });
      return z.NEVER;
    }
    const n = Number(v);
    if (min !== undefined && n < min) ctx.addIssue({ code: "custom", message: `Debe ser ${min} o más.` });
    else if (max !== undefined && n > max) ctx.addIssue({ code: "custom", message: `Debe ser ${max} o menos.` });
    return n;
  });
  return { type: "integer", label, spec, schema };
}

/** A whole number or nothing: empty is null ("no limit"); `min`/`max` as for integer. */
export function optionalInteger(label: string, spec: Spec = {}): Field<number | null> {
  const base = integer(label, { ...spec, required: false });
  const schema = textInput.transform((raw, ctx) => {
    if (raw.trim() === "") return null;
    const checked = base.schema.safeParse(raw);
    if (!checked.success) {
      for (const issue of checked.error.issues) ctx.addIssue({ code: "custom", message: issue.message });
      return z.NEVER;
    }
    return checked.data;
  });
  return { ...base, schema };
}

/**
 * A whole number the form carries back unchanged, not shown (the stock the form showed when
 * it was opened): null when missing or not a number.
 */
export function hiddenInteger(): Field<number | null> {
  const schema = textInput.transform((raw) => (/^\d{1,9}$/.test(raw.trim()) ? Number(raw.trim()) : null));
  return { type: "hidden", label: "", spec: {}, schema };
}

export function percent(label: string, spec: Spec = {}): Field<number> {
  return { ...integer(label, { min: 1, max: 100, required: true, ...spec }), type: "percent" };
}

/**
 * A price typed in pesos ('249.50', '$1,249', '1249.5') and kept in centavos. Empty is
 * null (no price) unless required.
 */
export function money(label: string, spec: Spec = {}): Field<number | null> {
  const schema = textInput.transform((raw, ctx) => {
    const v = raw
      .trim()
      .replace(/[$,\s]/g, "")
      .replace(/MXN$/i, "");
    if (v === "") {
      if (spec.required) ctx.addIssue({ code: "custom", message: REQUIRED });
      return null;
    }
    if (!/^\d{1,7}(\.\d{1,2})?$/.test(v)) {
      ctx.addIssue({ code: "custom", message: "Escribe el precio en pesos, por ejemplo 249.50" });
      return z.NEVER;
    }
    return pesosToCentavos(Number(v));
  });
  return { type: "money", label, spec, schema };
}

export function checkbox(label: string, spec: Spec = {}): Field<boolean> {
  return { type: "checkbox", label, spec, schema: z.preprocess((v) => v === "on" || v === "true", z.boolean()) };
}

/** One of the given options ('' allowed when not required). */
export function select(label: string, options: Option[], spec: Spec = {}): Field<string> {
  const allowed = new Set(options.map((o) => o.value));
  const schema = textInput.refine((v) => (v === "" ? !spec.required : allowed.has(v)), {
    message: "Elige una opción de la lista.",
  });
  return { type: "select", label, spec: { ...spec, options }, schema };
}

/** A calendar day 'YYYY-MM-DD' ('' when empty and not required). */
export function date(label: string, spec: Spec = {}): Field<string> {
  const schema = textInput.refine(
    (v) => (v === "" ? !spec.required : /^\d{4}-\d{2}-\d{2}$/.test(v) && !Number.isNaN(Date.parse(`${v}T12:00:00Z`))),
    { message: spec.required ? "Elige una fecha." : "Elige una fecha válida." },
  );
  return { type: "date", label, spec, schema };
}

/** A wall-clock time 'HH:MM', 24 hours ('' when empty and not required). */
export function time(label: string, spec: Spec = {}): Field<string> {
  const schema = textInput.pipe(
    z
      .string()
      .trim()
      .refine((v) => (v === "" ? !spec.required : /^([01]?\d|2[0-3]):[0-5]\d$/.test(v)), {
        message: spec.required ? "Elige una hora." : "Escribe la hora como 10:30.",
      }),
  );
  return { type: "time", label, spec, schema };
}

/** Questions with their answers (a service's FAQ); half-filled rows are an error. */
export function questions(label: string, spec: Spec = {}): Field<QuestionAnswer[]> {
  const row = z.object({
    pregunta: z.string().trim().max(500),
    respuesta: z.string().trim().max(5000),
  });
  const schema = z
    .array(row)
    .transform((rows) => rows.filter((r) => r.pregunta || r.respuesta))
    .refine((rows) => rows.every((r) => r.pregunta && r.respuesta), "Escribe cada pregunta con su respuesta.");
  return { type: "qa", label, spec, schema };
}

const isFile = (v: unknown): v is File =>
  typeof v === "object" && v !== null && "arrayBuffer" in v && "name" in v && "size" in v;

/** An uploaded file, or undefined when none was chosen. */
const optionalFile = z.preprocess((v) => (isFile(v) && v.size > 0 ? v : undefined), z.custom<File>().optional());

/**
 * One image, stored through the upload API's module in four sizes; the field keeps `size`
 * (mediana by default: enough for cards and pages). Without a new file the stored one stays.
 */
export function image(
  label: string,
  uploadCase: string,
  spec: Spec & { size?: ImageSize } = {},
): Field<File | undefined> {
  const { size = "mediana", ...rest } = spec;
  const schema = optionalFile.superRefine(async (file, ctx) => {
    const problem = file && (await checkImage(file));
    if (problem) ctx.addIssue({ code: "custom", message: problem });
  });
  return {
    type: "image",
    label,
    spec: { accept: "image/*", uploadKind: "imagen", ...rest },
    schema,
    files: { uploadCase, size, kind: "imagen" },
  };
}

/**
 * New photos added to a gallery (existing ones are removed one by one). The upload case
 * decides where they go: 'visitas' is private (faces; served only through the visit page).
 */
export function gallery(label: string, uploadCase: string, spec: Spec & { size?: ImageSize } = {}): Field<File[]> {
  const { size = "mediana", ...rest } = spec;
  const schema = z
    .preprocess((v) => (Array.isArray(v) ? v.filter((f) => isFile(f) && f.size > 0) : []), z.array(z.custom<File>()))
    .superRefine(async (files, ctx) => {
      for (const file of files) {
        const problem = await checkImage(file);
        if (problem) return ctx.addIssue({ code: "custom", message: problem });
      }
    });
  return {
    type: "gallery",
    label,
    spec: { accept: "image/*", uploadKind: "imagen", ...rest },
    schema,
    files: { uploadCase, size, kind: "imagen" },
  };
}

/** A video or PDF kept as is (course videos and manuals: private cases). */
export function file(
  label: string,
  uploadCase: string,
  kind: "video/" | "application/pdf",
  spec: Spec = {},
): Field<File | undefined> {
  const schema = optionalFile.superRefine(async (value, ctx) => {
    if (!value && spec.required) ctx.addIssue({ code: "custom", message: "Elige el archivo." });
    const problem = value && (await checkFile(value, kind));
    if (problem) ctx.addIssue({ code: "custom", message: problem });
  });
  return {
    type: "file",
    label,
    spec: { accept: kind === "video/" ? "video/*" : kind, uploadKind: kind === "video/" ? "video" : "pdf", ...spec },
    schema,
    files: { uploadCase, kind: kind === "video/" ? "video" : "pdf" },
  };
}

/** The serializable description the generic form draws. */
export function specsOf(fields: Fields): FieldSpec[] {
  return Object.entries(fields).map(([name, f]) => ({ name, type: f.type, label: f.label, ...f.spec }));
}

/** The file fields of a form and the kind of each (what readAdminForm holds them to). */
export function fileFieldsOf(fields: Fields): Record<string, UploadKind> {
  const kinds: Record<string, UploadKind> = {};
  for (const [name, field] of Object.entries(fields)) if (field.files) kinds[name] = field.files.kind;
  return kinds;
}

/** The raw value of each field as the browser posted it. */
function rawValues(fields: Fields, form: FormData): Record<string, unknown> {
  const raw: Record<string, unknown> = {};
  for (const [name, field] of Object.entries(fields)) {
    if (field.type === "gallery") raw[name] = form.getAll(name);
    else if (field.type === "qa") {
      const preguntas = form.getAll(`${name}.pregunta`);
      const respuestas = form.getAll(`${name}.respuesta`);
      raw[name] = preguntas.map((p, i) => ({ pregunta: String(p), respuesta: String(respuestas[i] ?? "") }));
    } else raw[name] = form.get(name);
  }
  return raw;
}

export type ParseResult<F extends Fields> = { ok: true; values: Parsed<F> } | { ok: false; errors: FieldErrors };

/** Checks a posted form against its fields: every value, or the first error of each field. */
export async function parseForm<F extends Fields>(fields: F, form: FormData): Promise<ParseResult<F>> {
  const shape = Object.fromEntries(Object.entries(fields).map(([name, f]) => [name, f.schema]));
  const result = await z.object(shape).safeParseAsync(rawValues(fields, form));
  if (result.success) return { ok: true, values: result.data as Parsed<F> };
  const errors: FieldErrors = {};
  for (const issue of result.error.issues) {
    const name = String(issue.path[0] ?? "");
    errors[name] ??= issue.message;
  }
  return { ok: false, errors };
}

/**
 * Stores the files of a checked form and answers the values with their references instead,
 * plus the list of what was stored. If one file fails, the ones already stored are removed.
 */
export async function storeFiles<F extends Fields>(
  fields: F,
  values: Parsed<F>,
): Promise<{ values: Stored<F>; stored: string[] }> {
  const out: Record<string, unknown> = { ...values };
  const stored: string[] = [];
  const putImage = async (file: File, target: FileTarget) => {
    const image = await storeAdminImage(file, target.uploadCase, target.size ?? "mediana");
    stored.push(image.url);
    return image;
  };
  try {
    for (const [name, field] of Object.entries(fields)) {
      const value = out[name];
      const target = field.files;
      if (!target) continue;
      if (Array.isArray(value)) {
        const images: StoredImage[] = [];
        for (const file of value as File[]) images.push(await putImage(file, target));
        out[name] = images;
      } else if (isFile(value)) {
        if (target.size) out[name] = (await putImage(value, target)).url;
        else {
          out[name] = await storeAdminFile(value, target.uploadCase);
          stored.push(out[name] as string);
        }
      }
    }
  } catch (error) {
    await deleteFiles(stored);
    throw error;
  }
  return { values: out as Stored<F>, stored };
}

/** Centavos as the money field shows them: 24950 → '249.50'; null → ''. */
export function moneyValue(centavos: number | null | undefined): string {
  return centavos === null || centavos === undefined ? "" : (centavos / 100).toFixed(2);
}

/**
 * The image (or file) fields that received a new file, ready to set on the row; the others
 * keep what is stored. `replaced` lists those fields, to delete their old files afterwards.
 */
export function newFiles<K extends string>(values: Record<K, string | undefined>) {
  const set = Object.fromEntries(Object.entries(values).filter(([, ref]) => ref !== undefined)) as Partial<
    Record<K, string>
  >;
  return { set, replaced: Object.keys(set) as K[] };
}

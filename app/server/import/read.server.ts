/**
 * Phase 1 of the import: READ. Turns any supported export into one normalised shape, a
 * list of documents per collection, before anything is validated. Pure: no database, no
 * network.
 *
 * Supported shapes (SPEC §3 collection names, misspellings included):
 *  - "listas": top-level keys are collections, each a list of documents with an `id`
 *    (seed/demo.json), or an object keyed by document id;
 *  - "firestore-export-import" (npm firestore-export-import's `backups()`): each collection an
 *    object keyed by document id, timestamps as `{ "_seconds", "_nanoseconds" }`, references
 *    as serialised DocumentReferences (`{ "_path": { "segments": [...] } }`) or path strings,
 *    subcollections under `subCollection`;
 *  - "node-firestore-import-export": `{ "__collections__": { "producto": { "<id>": { …,
 *    "__collections__": {} } } } }` with `{ "__datatype__": "timestamp" | "documentReference"
 *    | "geopoint", "value": … }` values.
 * In every shape a timestamp becomes a Date, a document reference a DocumentRef (its id is
 * what the validation uses) and a geopoint `{ latitud, longitud }`. Subcollections are not
 * part of the spec's data: they are skipped with a note.
 *
 * The Firebase Authentication export (`firebase auth:export`, `{ "users": [...] }`) is a
 * second input, read by readAuthExport.
 */
import type { ImportIssue } from "./issues";

/** The spec's collections the importer knows, in the order they are validated and written. */
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
  "user",
  "compras",
] as const;

export type Coleccion = (typeof COLLECTIONS)[number];

/** Other names the same collection had in exports. */
const ALIASES: Record<string, Coleccion> = { usuarios: "user" };

/** Keys that are known and deliberately not imported. */
const IGNORED: Record<string, string> = {
  carrito:
    "los carritos abiertos no se importan (viven 7 días y la cookie del sitio anterior no la puede leer el sitio nuevo)",
};

export type ExportFormat = "listas" | "firestore-export-import" | "node-firestore-import-export";

/** A Firestore document reference ('producto/abc'): the validation keeps its id. */
export class DocumentRef {
  constructor(readonly path: string) {}
  get segments(): string[] {
    return this.path.split("/").filter(Boolean);
  }
  get collection(): string {
    return this.segments.at(-2) ?? "";
  }
  get id(): string {
    return this.segments.at(-1) ?? "";
  }
}

/** One document as the export has it, with `key` (its id, or '#n' in a list) for messages. */
export type ExportDocument = { key: string; doc: unknown };

export type ReadExport = {
  formato: ExportFormat;
  colecciones: Partial<Record<Coleccion, ExportDocument[]>>;
  problems: ImportIssue[];
  notas: string[];
};

/** Reads the main export (the document store's collections). */
export function readExport(data: unknown): ReadExport {
  const out: ReadExport = { formato: "listas", colecciones: {}, problems: [], notas: [] };
  if (!isPlainObject(data)) {
    out.problems.push({
      collection: "",
      id: "",
      field: "",
      message: "el archivo debe ser un objeto JSON con una lista por colección",
    });
    return out;
  }

  let root: Record<string, unknown> = data;
  if ("__collections__" in data) {
    out.formato = "node-firestore-import-export";
    if (!isPlainObject(data.__collections__)) {
      out.problems.push({
        collection: "__collections__",
        id: "",
        field: "",
        message: "debe ser un objeto con una entrada por colección",
      });
      return out;
    }
    root = data.__collections__;
  }

  for (const [key, value] of Object.entries(root)) {
    const collection = canonicalName(key);
    if (!collection) {
      if (!key.startsWith("_")) {
        out.notas.push(
          IGNORED[key] ? `Se ignoró "${key}": ${IGNORED[key]}.` : `Se ignoró la clave desconocida "${key}".`,
        );
      }
      continue;
    }
    if (value === undefined || value === null) continue;
    const docs = documentsOf(value);
    if (!docs) {
      out.problems.push({ collection: key, id: "", field: "", message: "debe ser una lista de documentos" });
      continue;
    }
    if (!Array.isArray(value) && out.formato === "listas") out.formato = "firestore-export-import";
    for (const { key: docKey, doc } of docs) {
      const skipped = subcollectionsOf(doc);
      if (skipped.length) {
        out.notas.push(`${key} "${docKey}": se ignoraron sus subcolecciones (${skipped.join(", ")}).`);
      }
    }
    out.colecciones[collection] = [...(out.colecciones[collection] ?? []), ...docs.map(withoutSubcollections)];
  }
  return out;
}

/** Reads `firebase auth:export` output: `{ "users": [ { localId, email, passwordHash, … } ] }`. */
export function readAuthExport(data: unknown): { users: ExportDocument[]; problems: ImportIssue[] } {
  if (!isPlainObject(data) || !Array.isArray(data.users)) {
    return {
      users: [],
      problems: [
        {
          collection: AUTH_COLLECTION,
          id: "",
          field: "users",
          message: 'debe ser la salida de "firebase auth:export" en JSON: un objeto con la lista "users"',
        },
      ],
    };
  }
  return {
    users: data.users.map((user, i) => ({ key: `#${i + 1}`, doc: decode(user) })),
    problems: [],
  };
}

/** How the Authentication export is named in messages. */
export const AUTH_COLLECTION = "auth:export";

// ---------------------------------------------------------------- documents

function canonicalName(key: string): Coleccion | null {
  if ((COLLECTIONS as readonly string[]).includes(key)) return key as Coleccion;
  return ALIASES[key] ?? null;
}

/** A collection as a list of documents: a list, or an object keyed by document id. */
function documentsOf(value: unknown): ExportDocument[] | null {
  if (Array.isArray(value)) return value.map((doc, i) => ({ key: `#${i + 1}`, doc: decode(doc) }));
  if (!isPlainObject(value)) return null;
  return Object.entries(value).map(([key, raw]) => {
    const doc = decode(raw);
    return { key, doc: isPlainObject(doc) && !("id" in doc) ? { id: key, ...doc } : doc };
  });
}

/** Subcollection keys of both Firestore export tools. */
const SUBCOLLECTION_KEYS = ["__collections__", "subCollection"];

function subcollectionsOf(doc: unknown): string[] {
  if (!isPlainObject(doc)) return [];
  return SUBCOLLECTION_KEYS.flatMap((key) => {
    const value = doc[key];
    if (!isPlainObject(value)) return [];
    return Object.entries(value)
      .filter(([, docs]) => !isPlainObject(docs) || Object.keys(docs).length > 0)
      .map(([name]) => name);
  });
}

function withoutSubcollections({ key, doc }: ExportDocument): ExportDocument {
  if (!isPlainObject(doc) || !SUBCOLLECTION_KEYS.some((k) => k in doc)) return { key, doc };
  const copy = { ...doc };
  for (const k of SUBCOLLECTION_KEYS) delete copy[k];
  return { key, doc: copy };
}

// ---------------------------------------------------------------- Firestore values

/** Timestamps, references and geopoints of either export tool as plain values. */
function decode(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(decode);
  if (!isPlainObject(value)) return value;

  if ("__datatype__" in value && "value" in value) {
    const inner = value.value;
    if (value.__datatype__ === "timestamp") return timestampOf(inner) ?? dateOfText(inner) ?? value;
    if (value.__datatype__ === "documentReference" && typeof inner === "string") return new DocumentRef(inner);
    if (value.__datatype__ === "geopoint") return geopointOf(inner) ?? value;
  }
  const timestamp = timestampOf(value);
  if (timestamp) return timestamp;
  const reference = referenceOf(value);
  if (reference) return reference;
  const geopoint = geopointOf(value);
  if (geopoint) return geopoint;
  return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, decode(v)]));
}

const hasExactly = (o: Record<string, unknown>, keys: string[]) =>
  Object.keys(o).length === keys.length && keys.every((k) => typeof o[k] === "number");

/** `{ _seconds, _nanoseconds }` (both tools) or `{ seconds, nanoseconds }` (the SDK's JSON). */
function timestampOf(value: unknown): Date | null {
  if (!isPlainObject(value)) return null;
  for (const [s, n] of [
    ["_seconds", "_nanoseconds"],
    ["seconds", "nanoseconds"],
  ] as const) {
    if (hasExactly(value, [s, n])) return new Date((value[s] as number) * 1000 + (value[n] as number) / 1e6);
  }
  return null;
}

function dateOfText(value: unknown): Date | null {
  if (typeof value !== "string") return null;
  const ms = Date.parse(value);
  return Number.isNaN(ms) ? null : new Date(ms);
}

/** A DocumentReference serialised by JSON.stringify: `{ _path: { segments: [...] }, … }`. */
function referenceOf(value: Record<string, unknown>): DocumentRef | null {
  const path = value._path;
  if (!isPlainObject(path) || !Array.isArray(path.segments)) return null;
  if (!path.segments.every((s) => typeof s === "string")) return null;
  return new DocumentRef(path.segments.join("/"));
}

function geopointOf(value: unknown): { latitud: number; longitud: number } | null {
  if (!isPlainObject(value) || !hasExactly(value, ["_latitude", "_longitude"])) return null;
  return { latitud: value._latitude as number, longitud: value._longitude as number };
}

function isPlainObject(value: unknown): value is Record<string, unknown> {
  return (
    typeof value === "object" &&
    value !== null &&
    !Array.isArray(value) &&
    Object.getPrototypeOf(value) === Object.prototype
  );
}

/**
 * The importer: the studio's data from the original site (a JSON export of its document
 * store, and optionally its Firebase Authentication export) into our database, in phases
 * that each read top to bottom:
 *
 *   read      read.server.ts      any supported export shape → one list of documents per collection
 *   validate  validate.server.ts  schemas + cross references; every problem collected; nothing written
 *   media     media.server.ts     external files copied into our storage (when asked), URLs → refs
 *   write     write.server.ts     one transaction of upserts; importing twice changes nothing
 *
 * Any problem in any phase throws ImportError (the list of { collection, id, field,
 * message }) before the write, so the database is never half-imported. seed/demo.json goes
 * through the same path (its files are already local: no media phase).
 *
 * The rules each phase applies are in its own header: people merged from `user` and the
 * Authentication export, codes compared ignoring case, a course code without `descuento`
 * giving the course's discounted price (validate); a file that cannot be copied refusing
 * the import (media); accounts never overwritten by a later import (write). ADR 012 has the why.
 */
import { hasControlCharacter } from "~/domain/limits";
import type { Db } from "../db/client.server";
import { ImportError, type ImportIssue } from "./issues";
import { copyMedia, type MediaOptions, type MediaReport } from "./media.server";
import { type ExportFormat, readAuthExport, readExport } from "./read.server";
import { validate } from "./validate.server";
import { type Written, writeImport } from "./write.server";

export { formatIssue, ImportError, type ImportIssue } from "./issues";
export type { MediaOptions, MediaProgress, MediaReport } from "./media.server";
export { COLLECTIONS, type Coleccion, type ExportFormat } from "./read.server";

export type ImportOptions = {
  /** `firebase auth:export` output and the project's hash parameters (needed when it has passwords) */
  auth?: { data: unknown; hashParams?: unknown };
  /** copy external files (Firebase Storage URLs) into our storage; without it URLs are kept as they are */
  media?: MediaOptions;
};

export type ImportResult = Written & {
  formato: ExportFormat;
  medios: MediaReport | null;
  /** things worth knowing that did not stop the import (ignored keys, adjusted values, skipped references) */
  notas: string[];
};

/** Validates the whole export, copies its files when asked, then writes it in one transaction. */
export async function importExport(db: Db, data: unknown, options: ImportOptions = {}): Promise<ImportResult> {
  const read = readExport(data);
  if (read.problems.some((p) => !p.collection)) throw new ImportError(read.problems);
  const unreadable = controlCharacterIssues(read);
  if (unreadable.length > 0) throw new ImportError(unreadable);
  const auth = options.auth ? { ...readAuthExport(options.auth.data), hashParams: options.auth.hashParams } : null;

  const plan = await validate(db, read, auth);
  const medios = options.media ? await copyMedia(plan, options.media) : null;
  const written = await writeImport(db, plan);

  return { ...written, formato: read.formato, medios, notas: plan.notas };
}

/**
 * Text with control characters (U+0000, which PostgreSQL refuses, and the rest of C0 but tab
 * and line breaks; the rule of app/domain/limits.ts): named by collection, document and field
 * before anything is validated or written, instead of a database error at the write.
 */
function controlCharacterIssues(read: ReturnType<typeof readExport>): ImportIssue[] {
  const issues: ImportIssue[] = [];
  const message = "tiene caracteres de control (como U+0000) que la base de datos no acepta";
  const walk = (collection: string, id: string, field: string, value: unknown, depth: number) => {
    if (issues.length >= 100 || depth > 20) return;
    if (typeof value === "string") {
      if (hasControlCharacter(value, { multiline: true })) issues.push({ collection, id, field, message });
    } else if (Array.isArray(value)) {
      for (const [i, item] of value.entries()) walk(collection, id, `${field}[${i}]`, item, depth + 1);
    } else if (value && typeof value === "object" && Object.getPrototypeOf(value) === Object.prototype) {
      for (const [key, item] of Object.entries(value)) {
        const name = hasControlCharacter(key) ? JSON.stringify(key) : key;
        if (hasControlCharacter(key))
          issues.push({ collection, id, field: field ? `${field}.${name}` : name, message });
        else walk(collection, id, field ? `${field}.${key}` : key, item, depth + 1);
      }
    }
  };
  for (const [collection, docs] of Object.entries(read.colecciones)) {
    for (const { key, doc } of docs ?? []) {
      const id = hasControlCharacter(key) ? JSON.stringify(key) : key;
      if (hasControlCharacter(key)) issues.push({ collection, id, field: "id", message });
      else walk(collection, id, "", doc, 0);
    }
  }
  return issues;
}

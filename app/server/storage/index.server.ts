/**
 * Where uploaded files live, behind one interface (`Storage`): a folder in DATA_DIR by
 * default, an S3-compatible bucket when S3_BUCKET is set. Two areas:
 *  - public: product, service, course and gallery images; their URL goes in the database
 *    ('/media/productos/x.jpg' locally, '{S3_PUBLIC_URL}/uploads/productos/x.jpg' on S3);
 *  - private: course videos, manuals, visit photos; the database keeps a reference
 *    'private:{key}' and only routes that check who is asking serve the bytes.
 */
import { messages, type AlertMessage } from "~/domain/messages";
import { appContext } from "../context.server";
import { env, privateDir, uploadsDir } from "../env.server";
import { localStorage } from "./local.server";
import { s3Storage } from "./s3.server";
import type { Storage, Visibility } from "./types";
import { logError } from "../log.server";

export type { Storage, StoredFile, Visibility } from "./types";

const PRIVATE_PREFIX = "private:";

/** The storage the configuration names: an S3 bucket when S3_BUCKET is set, DATA_DIR's folders otherwise. */
export function createStorages(): Record<Visibility, Storage> {
  if (env.s3) return { public: s3Storage(env.s3, "uploads"), private: s3Storage(env.s3, "private") };
  return { public: localStorage(uploadsDir(), "/media"), private: localStorage(privateDir(), null) };
}

/** The application context's storage (context.server.ts): given, or built from its configuration once. */
export function getStorage(visibility: Visibility): Storage {
  const context = appContext();
  context.storage ??= createStorages();
  return context.storage[visibility];
}

/** What the database stores for a file: its public URL, or 'private:{key}'. */
export function storageRef(visibility: Visibility, key: string): string {
  return visibility === "private" ? `${PRIVATE_PREFIX}${key}` : getStorage("public").publicUrl(key);
}

/**
 * The storage and key behind a reference written by storageRef (or a '/media/...' path of
 * the demo data). Null for anything else, e.g. an external URL.
 */
export function resolveRef(ref: string): { visibility: Visibility; key: string } | null {
  if (ref.startsWith(PRIVATE_PREFIX)) return { visibility: "private", key: ref.slice(PRIVATE_PREFIX.length) };
  const publicBase = getStorage("public").publicUrl("x").slice(0, -1);
  for (const base of new Set([publicBase, "/media/"])) {
    if (ref.startsWith(base)) return { visibility: "public", key: decodeURIComponent(ref.slice(base.length)) };
  }
  return null;
}

/** Reads the file behind a reference; null when there is none (or it is not ours). */
export async function readRef(ref: string) {
  const target = resolveRef(ref);
  if (!target) return null;
  try {
    return await getStorage(target.visibility).get(target.key);
  } catch (error) {
    if (error instanceof Error && error.message.startsWith("Clave de archivo no válida")) return null;
    throw error;
  }
}

/**
 * Deletes the file behind a reference. A failure (storage down, permission) is answered
 * with the spec's message instead of an exception, so the admin screen can show it.
 */
export async function deleteStoredFile(ref: string): Promise<{ ok: true } | { ok: false; message: AlertMessage }> {
  const target = resolveRef(ref);
  if (!target) return { ok: false, message: messages.fileDeleteFailed };
  try {
    await getStorage(target.visibility).delete(target.key);
    return { ok: true };
  } catch (error) {
    logError(`No se pudo eliminar ${ref}`, error);
    return { ok: false, message: messages.fileDeleteFailed };
  }
}

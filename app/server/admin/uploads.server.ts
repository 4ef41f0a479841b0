/**
 * Files sent with admin forms. Checking and storing go through the upload API's module
 * (upload.server.ts: type by content, four image sizes, private cases), so a file posted
 * here is treated exactly like one sent to POST /auth/michel-alvarez/v2/firebase-upload.
 *
 * An admin's form with files is read as it streams (readAdminForm, multipart.server.ts): each
 * file is written to the request's folder under DATA_DIR/tmp, held to its field's limit
 * (app/domain/limits.ts: images 20 MB, PDFs 100 MB, videos 2 GB), and handed on as a File
 * backed by that file on disk, so nothing is held in memory. The body limit lets such a form
 * through past 1 MB only for an admin session on an edit screen of a section with files
 * (isAdminUploadForm here; the admin guard asked by http/upload.server.ts adminUploadLimit),
 * checked before a byte of the body is read.
 */
import { openAsBlob } from "node:fs";
import { Readable } from "node:stream";
import type { ReadableStream as NodeReadableStream } from "node:stream/web";
import { IMAGE_SIZE_NAMES, IMAGE_SIZES, sizedName, variantKey } from "~/domain/image-variants";
import { UPLOAD_LIMITS, UPLOAD_MAX_FILES, type UploadKind, fileTooLarge } from "~/domain/limits";
import { type AlertMessage, messages } from "~/domain/messages";
import { HEAD_BYTES, type SpooledFile, UploadError, readMultipart } from "../multipart.server";
import { deleteStoredFile, resolveRef } from "../storage/index.server";
import { type ImageUrls, sniffFile, storeData, storeDataFile, storeImage } from "../upload.server";

async function head(file: File): Promise<Uint8Array> {
  if (file instanceof UploadedFile) return file.spooled.head;
  return new Uint8Array(await file.slice(0, HEAD_BYTES).arrayBuffer());
}

/** Null when the file is an image we can store, else the reason in Spanish. */
export async function checkImage(file: File): Promise<string | null> {
  if (file.size > UPLOAD_LIMITS.imagen.bytes) return `${fileTooLarge("imagen").text} («${file.name}»)`;
  if (!sniffFile(await head(file))?.contentType.startsWith("image/")) {
    return `«${file.name}» no es una imagen: sube un JPG, PNG, WebP o AVIF.`;
  }
  return null;
}

/** Null when the file is of the expected kind ('video/' or 'application/pdf'). */
export async function checkFile(file: File, kind: string): Promise<string | null> {
  const limit = kind === "video/" ? "video" : "pdf";
  if (file.size > UPLOAD_LIMITS[limit].bytes) return `${fileTooLarge(limit).text} («${file.name}»)`;
  if (!sniffFile(await head(file))?.contentType.startsWith(kind)) {
    return kind === "video/"
      ? `«${file.name}» no es un video: sube un MP4, MOV o WebM.`
      : `«${file.name}» no es un archivo PDF.`;
  }
  return null;
}

/** A file of an admin's form as received: a File whose bytes stay in its file on disk. */
export class UploadedFile extends File {
  constructor(
    blob: Blob,
    readonly spooled: SpooledFile,
  ) {
    super([blob], spooled.fileName);
  }
}

/** The admin sections whose edit screens carry files (tests/integration/admin-uploads.test.ts checks the list). */
export const UPLOAD_SECTIONS: ReadonlySet<string> = new Set(["productos", "servicios", "cursos", "videos", "visitas"]);

/** '/admin/productos/nuevo' or its single-fetch '/admin/productos/nuevo.data' */
const EDIT_SCREEN = /^\/admin\/([a-z-]+)\/[^/]+?(?:\.data)?$/;

const isMultipart = (contentType: string | undefined) => /^multipart\/form-data\b/i.test(contentType ?? "");

/**
 * Whether a request may carry an admin's form with files: multipart, to an edit screen of a
 * section with files. Its body limit is then ADMIN_UPLOAD_BODY_LIMIT_BYTES for an admin
 * session (http/upload.server.ts: adminUploadLimit asks the admin guard, before a byte of the
 * body is read); the default 1 MB for anyone and anything else.
 */
export function isAdminUploadForm(path: string, contentType: string | undefined): boolean {
  const section = EDIT_SCREEN.exec(path)?.[1];
  return Boolean(section && UPLOAD_SECTIONS.has(section) && isMultipart(contentType));
}

/** The limit kind of each file field of a form: its name → 'imagen', 'video' or 'pdf'. */
export type FileFields = Record<string, UploadKind>;

/**
 * The posted form of an admin screen. A multipart body is read as it streams: its files are
 * written into `spoolDir` (the caller removes it), each held to its field's limit (a 413
 * UploadError naming the field past it), and handed on as UploadedFile. Any other body is
 * small (the 1 MB body limit) and read as usual.
 */
export async function readAdminForm(request: Request, fileFields: FileFields, spoolDir: string): Promise<FormData> {
  if (!isMultipart(request.headers.get("content-type") ?? undefined) || !request.body) return request.formData();
  const body = await readMultipart(
    Readable.fromWeb(request.body as NodeReadableStream<Uint8Array>),
    Object.fromEntries(request.headers),
    spoolDir,
    {
      maxFiles: UPLOAD_MAX_FILES,
      tooManyFiles: `Envía hasta ${UPLOAD_MAX_FILES} archivos a la vez.`,
      fileField(field) {
        if (!Object.hasOwn(fileFields, field)) throw new UploadError(400, "El formulario trae un archivo que no pide.");
      },
      kindOf: (field) => fileFields[field]!,
    },
  );
  const form = new FormData();
  for (const [name, value] of body.fields) form.append(name, value);
  for (const file of body.files) form.append(file.field, new UploadedFile(await openAsBlob(file.path), file));
  return form;
}

export type ImageSize = keyof ImageUrls;

/** A stored image as the site keeps it: one size's reference and that size's dimensions. */
export type StoredImage = { url: string; ancho: number; alto: number };

/**
 * Stores an image in the upload API's four sizes and answers the one the site shows
 * (`size`). The case decides where it goes: 'visitas' is private. A received file is read by
 * sharp from disk.
 */
export async function storeAdminImage(file: File, uploadCase: string, size: ImageSize): Promise<StoredImage> {
  const source = file instanceof UploadedFile ? file.spooled.path : new Uint8Array(await file.arrayBuffer());
  const stored = await storeImage(source, uploadCase, file.name);
  const width = size === "original" ? stored.ancho : Math.min(stored.ancho, IMAGE_SIZES[size]);
  const height = stored.ancho ? Math.round((stored.alto * width) / stored.ancho) : stored.alto;
  return { url: stored[size], ancho: width, alto: height };
}

/**
 * Stores a video or PDF as is (private for the 'videos' and 'manuales' cases): a received
 * file goes to the storage from disk (a copy, or a streamed PUT on S3).
 */
export async function storeAdminFile(file: File, uploadCase: string): Promise<string> {
  const stored =
    file instanceof UploadedFile
      ? await storeDataFile(file.spooled, uploadCase, file.name)
      : await storeData(new Uint8Array(await file.arrayBuffer()), uploadCase, file.name);
  return stored.url;
}

/**
 * Every stored file behind a reference: an image stored by the upload API comes in four
 * sizes, each also as WebP. Only files this site stored are listed: an external URL or an
 * imported demo image (which other records may share) is never deleted.
 */
function storedFilesOf(ref: string): string[] {
  if (!resolveRef(ref)) return [];
  const sized = sizedName(ref);
  // An upload's hash has 8 digits; an import's 16 (app/server/import/media.server.ts).
  if (sized?.hash.length !== 8) return /-[0-9a-f]{8}\.[a-z0-9]+$/.test(ref) ? [ref] : [];
  const exts = [...new Set([sized.ext, "webp"])];
  return IMAGE_SIZE_NAMES.flatMap((size) => exts.map((e) => variantKey(sized.base, size, e)));
}

/**
 * Deletes the stored files behind references. The first failure is answered with the
 * spec's message ('Error al aliminar archivo 1') so that the screen can show it.
 */
export async function deleteFiles(refs: (string | null | undefined)[]): Promise<AlertMessage | null> {
  for (const ref of refs) {
    if (!ref) continue;
    for (const file of storedFilesOf(ref)) {
      const result = await deleteStoredFile(file);
      if (!result.ok) return messages.fileDeleteFailed;
    }
  }
  return null;
}

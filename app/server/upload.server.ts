/**
 * POST /auth/michel-alvarez/v2/firebase-upload (the spec's upload call; the path keeps its
 * original name). Multipart fields: `name` (base of the file name), `case` (what it is for:
 * productos, servicios, galeria, cursos, ...) and either one file, `data` (any allowed
 * file: a PDF manual, a video) or `image` (alias `original`), which is stored in four sizes,
 * or the spec's four image sizes made by the client (`original`, `chica`, `mediana`,
 * `grande`), each stored as its size (re-encoded without metadata, never wider than ours).
 *
 * Only an admin session may upload: the original sent a fixed key from the browser, which
 * anyone could read; here the session cookie is the credential (and the app's same-origin
 * check stops other sites from using it), checked by the admin guard before a byte of the
 * body is read (the HTTP handler, http/upload.server.ts, calls `receiveUpload` after). Files
 * are recognised by their bytes, never by their name or declared type.
 *
 * No file is held in memory: each is streamed to a temporary file under DATA_DIR/tmp
 * (multipart.server.ts), counted on the way against its kind's limit (app/domain/limits.ts:
 * images 20 MB, PDFs 100 MB, videos 2 GB; a `data` file's kind is its first bytes'), and
 * either handed to the storage as a file (Storage.putFile: a copy on disk, a streamed PUT on
 * S3) or, for an image, read by sharp from the file. The temporary folder is removed
 * whatever happens.
 */
import { randomBytes } from "node:crypto";
import fs from "node:fs/promises";
import path from "node:path";
import type { Readable } from "node:stream";
import type { UploadKind } from "~/domain/limits";
import type { Metadata } from "sharp";
import { env } from "./env.server";
import { imageVariants, storedFormatOf } from "./image-variants.server";
import { loadSharp } from "./images.server";
import { type Visibility, getStorage, storageRef } from "./storage/index.server";
import { HEAD_BYTES, type SpooledFile, UploadError, headOf, readMultipart } from "./multipart.server";

export const UPLOAD_PATH = "/auth/michel-alvarez/v2/firebase-upload";

/** A decompression bomb (a tiny file of huge dimensions) is refused before it is decoded. */
const MAX_IMAGE_PIXELS = 60_000_000;

/** The four sizes of every uploaded image (width in px; the original keeps its own). */

/** What a file is for, and whether browsers may load it directly. */
export const UPLOAD_CASES: Record<string, Visibility> = {
  productos: "public",
  categorias: "public",
  servicios: "public",
  galeria: "public",
  cursos: "public",
  sitio: "public",
  videos: "private",
  manuales: "private",
  visitas: "private",
};

/**
 * The visibility of an upload case. Only the cases listed above: a request's `case` is never
 * looked up on the object's prototype ('__proto__', 'constructor'), it is refused.
 */
function visibilityOf(uploadCase: string): Visibility {
  if (!Object.hasOwn(UPLOAD_CASES, uploadCase)) {
    throw new UploadError(400, `Indica para qué es el archivo (case): ${Object.keys(UPLOAD_CASES).join(", ")}.`);
  }
  return UPLOAD_CASES[uploadCase];
}

type FileKind = { contentType: string; ext: string };

/** Recognises a file by its first bytes (the first HEAD_BYTES are enough). */
export function sniffFile(bytes: Uint8Array): FileKind | null {
  const b = Buffer.from(bytes.subarray(0, HEAD_BYTES));
  const ascii = (start: number, end: number) => b.subarray(start, end).toString("latin1");
  if (b[0] === 0xff && b[1] === 0xd8 && b[2] === 0xff) return { contentType: "image/jpeg", ext: "jpg" };
  if (b.subarray(0, 8).equals(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])))
    return { contentType: "image/png", ext: "png" };
  if (ascii(0, 4) === "RIFF" && ascii(8, 12) === "WEBP") return { contentType: "image/webp", ext: "webp" };
  if (ascii(0, 4) === "GIF8") return { contentType: "image/gif", ext: "gif" };
  if (ascii(0, 5) === "%PDF-") return { contentType: "application/pdf", ext: "pdf" };
  if (b.length >= 4 && b.readUInt32BE(0) === 0x1a45dfa3) return { contentType: "video/webm", ext: "webm" };
  if (ascii(4, 8) === "ftyp") {
    const brand = ascii(8, 12);
    if (brand === "qt  ") return { contentType: "video/quicktime", ext: "mov" };
    if (/^(avif|avis)$/.test(brand)) return { contentType: "image/avif", ext: "avif" };
    if (/^(hei|hev|mif1|msf1)/.test(brand)) return null; // HEIC: no browser shows it; ask for a JPEG
    return { contentType: "video/mp4", ext: "mp4" };
  }
  return null;
}

/** The kind of limit a recognised file falls under. */
export function uploadKindOf(kind: FileKind): UploadKind {
  if (kind.contentType.startsWith("image/")) return "imagen";
  return kind.contentType === "application/pdf" ? "pdf" : "video";
}

/** The client's own sizes of one image (the spec's payload), besides `original`. */
const SIZE_FIELDS = ["chica", "mediana", "grande"] as const;
const FILE_FIELDS = new Set(["data", "image", "original", ...SIZE_FIELDS]);

/**
 * Reads the multipart body into `spoolDir` (the caller removes it). An image field is held to
 * the image limit; a `data` file to its kind's, known from its first bytes.
 */
function parseMultipart(body: Readable, headers: Record<string, string | string[] | undefined>, spoolDir: string) {
  const seen = new Set<string>();
  return readMultipart(body, headers, spoolDir, {
    maxFiles: 4,
    tooManyFiles: "Envía un solo archivo, o las cuatro medidas de una imagen, por solicitud.",
    fileField(field) {
      if (!FILE_FIELDS.has(field))
        throw new UploadError(400, `Campo de archivo desconocido: ${field}. Usa 'data' o 'image'.`);
      if (seen.has(field)) throw new UploadError(400, `Envía el campo '${field}' una sola vez.`);
      seen.add(field);
    },
    kindOf(field, head) {
      if (field !== "data") return "imagen";
      const kind = sniffFile(head);
      if (!kind) throw notAllowed();
      return uploadKindOf(kind);
    },
  });
}

const notAllowed = () =>
  new UploadError(415, "Tipo de archivo no permitido: sube un PDF, un video (MP4, MOV, WebM) o una imagen.");

/** 'Labial Mate #3' → 'labial-mate-3' */
export function slugName(name: string): string {
  const slug = name
    .normalize("NFD")
    .replace(/[\u0300-\u036f]/g, "")
    .toLowerCase()
    .replace(/\.[a-z0-9]{2,5}$/, "")
    .replace(/[^a-z0-9]+/g, "-")
    .replace(/^-+|-+$/g, "")
    .slice(0, 60)
    .replace(/-+$/, "");
  return slug || "archivo";
}

export type ImageUrls = { original: string; chica: string; mediana: string; grande: string };
export type ImageUploadResult = ImageUrls & { webp: ImageUrls | null; ancho: number; alto: number };

/**
 * Stores an image in four sizes (never upscaled), plus WebP versions of each when the
 * image is not WebP already (image-variants.server.ts decides the files and their
 * encoding). Orientation from the camera is applied and its metadata
 * (GPS, device) dropped. `base` names the files ('{base}-{size}.{ext}'); by default a new
 * random one under the case's folder (the importer passes one derived from the source URL).
 */
export async function storeImage(
  /** the image's bytes, or the path of a file holding them (an upload, read by sharp from disk) */
  bytes: ImageSource,
  uploadCase: string,
  name: string,
  base = `${uploadCase}/${slugName(name)}-${randomBytes(4).toString("hex")}`,
  /** the client's own smaller sizes (the spec's four-size payload); missing ones are made from `bytes` */
  clientSizes: Partial<Record<(typeof SIZE_FIELDS)[number], ImageSource>> = {},
): Promise<ImageUploadResult> {
  const visibility = visibilityOf(uploadCase);
  const sharp = await loadSharp();
  const meta = await imageMetadata(bytes);
  for (const [size, sizeBytes] of Object.entries(clientSizes)) {
    await imageMetadata(sizeBytes, `La medida '${size}' no es una imagen válida (JPG, PNG, WebP, GIF o AVIF).`);
  }
  const format = storedFormatOf(meta);
  const { width = 0, height = 0 } = meta.autoOrient ?? meta;
  const storage = getStorage(visibility);
  const urls = {} as ImageUrls;
  const webp = {} as ImageUrls;
  // one file at a time: memory holds the source and one encoded size
  for (const variant of imageVariants(sharp, bytes, base, {
    format,
    sources: clientSizes,
    limitInputPixels: MAX_IMAGE_PIXELS,
    sourceWidth: width || undefined,
  })) {
    await storage.put(variant.key, await variant.encode(), variant.contentType);
    (variant.twin ? webp : urls)[variant.size] = storageRef(visibility, variant.key);
  }
  return { ...urls, webp: format === "webp" ? null : webp, ancho: width, alto: height };
}

/** An image: its bytes, or the path of a file on disk (sharp reads either). */
export type ImageSource = Uint8Array | string;

/** An image's metadata, or a 415 when the bytes are not an image we keep (checked by content). */
async function imageMetadata(
  bytes: ImageSource,
  message = "El archivo no es una imagen válida (JPG, PNG, WebP, GIF o AVIF).",
): Promise<Metadata> {
  const sharp = await loadSharp();
  let meta: Metadata;
  try {
    meta = await sharp(bytes, { limitInputPixels: MAX_IMAGE_PIXELS }).metadata();
  } catch {
    throw new UploadError(415, message);
  }
  if (
    !["jpeg", "png", "webp", "gif", "heif"].includes(meta.format ?? "") ||
    !sniffFile(typeof bytes === "string" ? await headOf(bytes) : bytes)?.contentType.startsWith("image/")
  ) {
    throw new UploadError(415, message);
  }
  return meta;
}

/** Where a data file goes and what it is, from its first bytes; a 415 for a type we refuse. */
function dataTarget(head: Uint8Array, uploadCase: string, name: string) {
  const kind = sniffFile(head);
  if (!kind) throw notAllowed();
  const visibility = visibilityOf(uploadCase);
  const key = `${uploadCase}/${slugName(name)}-${randomBytes(4).toString("hex")}.${kind.ext}`;
  return { kind, visibility, key };
}

/** Stores any allowed file as is (a PDF manual, a video, an image kept in one size). */
export async function storeData(bytes: Uint8Array, uploadCase: string, name: string) {
  const { kind, visibility, key } = dataTarget(bytes, uploadCase, name);
  await getStorage(visibility).put(key, bytes, kind.contentType);
  return { url: storageRef(visibility, key), tipo: kind.contentType, bytes: bytes.length };
}

/**
 * The same for a file on disk (`head` its first bytes, `size` its length): handed to the
 * storage as a file, never read whole into memory when the storage takes files.
 */
export async function storeDataFile(
  file: { path: string; head: Uint8Array; size: number },
  uploadCase: string,
  name: string,
) {
  const { kind, visibility, key } = dataTarget(file.head, uploadCase, name);
  const storage = getStorage(visibility);
  if (storage.putFile) await storage.putFile(key, file.path, kind.contentType);
  else await storage.put(key, await fs.readFile(file.path), kind.contentType);
  return { url: storageRef(visibility, key), tipo: kind.contentType, bytes: file.size };
}

/** An upload's folder older than this was left by a process that died mid-upload. */
const SPOOL_MAX_AGE_MS = 60 * 60_000;

/**
 * Removes the upload folders under DATA_DIR/tmp that a process left behind when it died
 * mid-upload (withSpoolDir removes its own otherwise). Only folders older than an hour: with
 * several workers on one DATA_DIR, another one's upload in progress is left alone. Run at start.
 */
export async function sweepUploadSpool(now: number = Date.now()): Promise<number> {
  const spoolRoot = path.join(env.dataDir, "tmp");
  const names = await fs.readdir(spoolRoot).catch(() => [] as string[]);
  let removed = 0;
  for (const name of names) {
    if (!name.startsWith("subida-")) continue;
    const folder = path.join(spoolRoot, name);
    const stat = await fs.stat(folder).catch(() => null);
    if (!stat || now - stat.mtimeMs < SPOOL_MAX_AGE_MS) continue;
    await fs.rm(folder, { recursive: true, force: true });
    removed++;
  }
  return removed;
}

/**
 * Reads an admin's multipart body (the request's stream and headers) into `spoolDir` (the
 * caller removes it) and stores its file; the result is the JSON answer (the HTTP handler:
 * http/upload.server.ts). An UploadError carries the client's status and Spanish message.
 */
export async function receiveUpload(
  stream: Readable,
  headers: Record<string, string | string[] | undefined>,
  spoolDir: string,
) {
  const body = await parseMultipart(stream, headers, spoolDir);
  const fields = new Map(body.fields);
  const files: SpooledFile[] = body.files;
  const uploadCase = fields.get("case") ?? "";
  visibilityOf(uploadCase);
  const file = files.find((f) => f.field === "data" || f.field === "image" || f.field === "original");
  const sizes = files.filter((f) => (SIZE_FIELDS as readonly string[]).includes(f.field));
  if (!file || file.size === 0 || sizes.some((f) => f.size === 0))
    throw new UploadError(400, "Falta el archivo: envíalo en el campo 'data' o 'image'.");
  if (files.length > 1 && (file.field !== "original" || sizes.length !== SIZE_FIELDS.length)) {
    throw new UploadError(
      400,
      "Envía un solo archivo ('data' o 'image') o las cuatro medidas de la imagen: original, chica, mediana y grande.",
    );
  }
  const name = fields.get("name")?.trim() || file.fileName || uploadCase;

  return file.field === "data"
    ? await storeDataFile(file, uploadCase, name)
    : await storeImage(file.path, uploadCase, name, undefined, Object.fromEntries(sizes.map((f) => [f.field, f.path])));
}

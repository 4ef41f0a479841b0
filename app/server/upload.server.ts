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
 * check stops other sites from using it), checked before a byte of the body is read. Files
 * are recognised by their bytes, never by their name or declared type.
 *
 * A `data` file (up to 100 MB) is never held in memory: it is streamed to a temporary file
 * under DATA_DIR/tmp, counted on the way, recognised by its first bytes and handed to the
 * storage as a file (Storage.putFile: a copy on disk, a streamed PUT on S3); the temporary
 * folder is removed whatever happens. Images stay in memory (sharp needs their bytes),
 * within their own 15 MB limit.
 */
import { randomBytes } from "node:crypto";
import { createWriteStream } from "node:fs";
import fs from "node:fs/promises";
import path from "node:path";
import { Transform } from "node:stream";
import { pipeline } from "node:stream/promises";
import busboy from "busboy";
import type { Request as ExpressRequest, Response as ExpressResponse } from "express";
import type { Metadata } from "sharp";
import { isAdmin } from "./admin.server";
import { env } from "./env.server";
import { requestUser } from "./http/request.server";
import { imageVariants, storedFormatOf } from "./image-variants.server";
import { loadSharp } from "./images.server";
import { type Visibility, getStorage, storageRef } from "./storage/index.server";
import { logError } from "./log.server";

export const UPLOAD_PATH = "/auth/michel-alvarez/v2/firebase-upload";

export const MAX_IMAGE_BYTES = 15 * 1024 * 1024;
/** PDFs and videos: streamed to disk and to the storage, never held whole in memory. */
export const MAX_DATA_BYTES = 100 * 1024 * 1024;
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

/** How many first bytes sniffFile looks at. */
const HEAD_BYTES = 16;

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

class UploadError extends Error {
  constructor(
    readonly status: number,
    message: string,
  ) {
    super(message);
  }
}

/**
 * A file received: an image's bytes in memory (`bytes`), or a `data` file written to disk
 * (`path`, with its first bytes in `head`).
 */
type UploadedFile = {
  field: string;
  fileName: string;
  size: number;
  head: Buffer;
  bytes: Buffer | null;
  path: string | null;
};
type Parsed = { fields: Record<string, string>; files: UploadedFile[] };

/** The client's own sizes of one image (the spec's payload), besides `original`. */
const SIZE_FIELDS = ["chica", "mediana", "grande"] as const;
const FILE_FIELDS = new Set(["data", "image", "original", ...SIZE_FIELDS]);

/**
 * Reads the multipart body. `data` files are written into `spoolDir` (the caller removes
 * it); images are kept in memory. Settles only once every file written has been closed.
 */
function parseMultipart(req: ExpressRequest, spoolDir: string): Promise<Parsed> {
  return new Promise((resolve, reject) => {
    let parser: busboy.Busboy;
    try {
      parser = busboy({
        headers: req.headers,
        limits: { files: 4, fields: 20, fieldSize: 10_000, fileSize: MAX_DATA_BYTES + 1 },
      });
    } catch {
      reject(new UploadError(400, "Envía el archivo como multipart/form-data."));
      return;
    }
    // No prototype: a field named '__proto__' is a field like any other.
    const fields: Record<string, string> = Object.create(null);
    const files: UploadedFile[] = [];
    const seen = new Set<string>();
    /** an UploadError for the client, or a write error on our side (a 500) */
    let failure: Error | null = null;
    /** files being written to disk: the answer waits for each to be closed */
    const writing: Promise<void>[] = [];
    const settle = () =>
      void Promise.allSettled(writing).then(() => (failure ? reject(failure) : resolve({ fields, files })));

    parser.on("field", (name, value) => {
      fields[name] = value;
    });
    parser.on("file", (field, stream, info) => {
      if (!FILE_FIELDS.has(field)) {
        failure ??= new UploadError(400, `Campo de archivo desconocido: ${field}. Usa 'data' o 'image'.`);
        stream.resume();
        return;
      }
      if (seen.has(field)) {
        failure ??= new UploadError(400, `Envía el campo '${field}' una sola vez.`);
        stream.resume();
        return;
      }
      seen.add(field);
      const limit = field === "data" ? MAX_DATA_BYTES : MAX_IMAGE_BYTES;
      const fileName = info.filename ?? "";
      let size = 0;
      /** Counts a chunk; false once the file is over its limit or the request has failed. */
      const keep = (chunk: Buffer) => {
        size += chunk.length;
        if (size > limit)
          failure ??= new UploadError(413, `El archivo pesa más de ${Math.round(limit / 1024 / 1024)} MB.`);
        return !failure;
      };

      if (field !== "data") {
        // An image is decoded by sharp from its bytes: kept in memory, within its 15 MB limit.
        const chunks: Buffer[] = [];
        stream.on("data", (chunk: Buffer) => {
          if (keep(chunk)) chunks.push(chunk);
          else chunks.length = 0;
        });
        stream.on("end", () => {
          if (failure) return;
          const bytes = Buffer.concat(chunks);
          files.push({ field, fileName, size, head: bytes.subarray(0, HEAD_BYTES), bytes, path: null });
        });
        return;
      }

      // Any other file goes to disk as it arrives: memory holds a chunk at a time, and
      // busboy waits for the disk (backpressure) before reading more of the request.
      const filePath = path.join(spoolDir, `${field}-${randomBytes(6).toString("hex")}`);
      let head = Buffer.alloc(0);
      const counter = new Transform({
        transform(chunk: Buffer, _encoding, done) {
          // Past the limit the rest is read and dropped, so the answer can still be sent.
          if (!keep(chunk)) return done();
          if (head.length < HEAD_BYTES) head = Buffer.concat([head, chunk.subarray(0, HEAD_BYTES - head.length)]);
          done(null, chunk);
        },
      });
      writing.push(
        pipeline(stream, counter, createWriteStream(filePath, { flags: "wx" })).then(
          () => {
            if (!failure) files.push({ field, fileName, size, head, bytes: null, path: filePath });
          },
          (error: NodeJS.ErrnoException) => {
            // The disk failing is ours (a 500); the request ending mid-file is the client's.
            failure ??= error.syscall ? error : new UploadError(400, "No se pudo leer el archivo enviado.");
          },
        ),
      );
    });
    parser.on("filesLimit", () => {
      failure ??= new UploadError(400, "Envía un solo archivo, o las cuatro medidas de una imagen, por solicitud.");
    });
    parser.on("error", () => {
      failure ??= new UploadError(400, "No se pudo leer el archivo enviado.");
      settle();
    });
    parser.on("close", settle);
    // A client that goes away mid-body: stop the parser (and the file it was writing).
    req.on("close", () => {
      if (!req.complete) parser.destroy(new Error("La solicitud se interrumpió."));
    });
    if (req.destroyed && !req.complete) {
      reject(new UploadError(400, "No se pudo leer el archivo enviado."));
      return;
    }
    req.pipe(parser);
  });
}

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
  bytes: Uint8Array,
  uploadCase: string,
  name: string,
  base = `${uploadCase}/${slugName(name)}-${randomBytes(4).toString("hex")}`,
  /** the client's own smaller sizes (the spec's four-size payload); missing ones are made from `bytes` */
  clientSizes: Partial<Record<(typeof SIZE_FIELDS)[number], Uint8Array>> = {},
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

/** An image's metadata, or a 415 when the bytes are not an image we keep (checked by content). */
async function imageMetadata(
  bytes: Uint8Array,
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
    !sniffFile(bytes)?.contentType.startsWith("image/")
  ) {
    throw new UploadError(415, message);
  }
  return meta;
}

/** Where a data file goes and what it is, from its first bytes; a 415 for a type we refuse. */
function dataTarget(head: Uint8Array, uploadCase: string, name: string) {
  const kind = sniffFile(head);
  if (!kind)
    throw new UploadError(415, "Tipo de archivo no permitido: sube un PDF, un video (MP4, MOV, WebM) o una imagen.");
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
 * Runs `work` with a new folder under DATA_DIR/tmp for the request's files, and removes the
 * folder (and whatever is in it) before returning or throwing: the answer is sent after.
 */
async function withSpoolDir<T>(work: (spoolDir: string) => Promise<T>): Promise<T> {
  const spoolRoot = path.join(env.dataDir, "tmp");
  await fs.mkdir(spoolRoot, { recursive: true });
  const spoolDir = await fs.mkdtemp(path.join(spoolRoot, "subida-"));
  try {
    return await work(spoolDir);
  } finally {
    await fs.rm(spoolDir, { recursive: true, force: true });
  }
}

/** Reads the admin's multipart body and stores its file; the result is the JSON answer. */
async function receiveUpload(req: ExpressRequest, spoolDir: string) {
  const { fields, files } = await parseMultipart(req, spoolDir);
  const uploadCase = fields.case ?? "";
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
  const name = fields.name?.trim() || file.fileName || uploadCase;

  return file.path
    ? await storeDataFile({ path: file.path, head: file.head, size: file.size }, uploadCase, name)
    : await storeImage(
        file.bytes ?? Buffer.alloc(0),
        uploadCase,
        name,
        undefined,
        Object.fromEntries(sizes.map((f) => [f.field, f.bytes ?? Buffer.alloc(0)])),
      );
}

/** The Express handler (mounted in server/app.ts). Every answer is JSON. */
export async function handleUpload(req: ExpressRequest, res: ExpressResponse) {
  res.setHeader("Cache-Control", "no-store");
  try {
    const user = await requestUser(req);
    if (!user) throw new UploadError(401, "Inicia sesión con la cuenta del estudio para subir archivos.");
    if (!isAdmin(user)) throw new UploadError(403, "Tu cuenta no tiene permiso para subir archivos.");
    // Only now, for an admin, is the body read; a data file in it is written to a folder of
    // its own under DATA_DIR/tmp, removed before the answer is sent.
    const result = await withSpoolDir((spoolDir) => receiveUpload(req, spoolDir));
    res.status(201).json(result);
  } catch (error) {
    if (error instanceof UploadError) {
      // Whatever the client still sends is not read: say so and close.
      if (!req.complete) res.setHeader("Connection", "close");
      res.status(error.status).json({ error: error.message });
      return;
    }
    logError("Error al subir un archivo", error);
    res.status(500).json({ error: "No se pudo guardar el archivo. Intenta de nuevo." });
  }
}

/**
 * Phase 3 of the import (after validation, before the write): MEDIA. The original site kept
 * its files in Firebase Storage and the export holds their URLs
 * (`https://firebasestorage.googleapis.com/v0/b/<bucket>/o/<path>?alt=media&token=…`). Each
 * one is copied into the site's own storage (app/server/storage: a folder or S3) and its
 * reference replaces the URL in the validated plan:
 *
 *  - private (`private:` refs, served only through routes that check who asks): course
 *    videos, visit photos, the diploma artwork (`certificadoUrl`), manuals (`urlKit`);
 *  - public, stored in the upload call's four sizes (upload.server.ts storeImage): product,
 *    service, gallery and course images, video posters, the pictures of old order lines.
 *
 * Files are recognised by their bytes, never by name or declared type, within a size limit
 * per kind, each download within a timeout. Keys are deterministic — derived from the
 * source (for Firebase Storage: bucket and object path, not the token, which changes between
 * exports) — and a small marker (`private:importado/medios/<hash>.json`) is written once a
 * file is stored, so a second run skips every file already copied (resumable). The keys'
 * 16-hex-digit hash is deliberately not the admin's 8-digit upload suffix: the admin never
 * deletes an imported file that other records may share.
 *
 * A URL that cannot be copied (404, timeout, too big, not the expected kind) is named in the
 * report with its collection, document and field, and REFUSES the import: nothing is
 * written, so no student finds a course without its video or a visit without its photos.
 * Fix the export (or the file) and run again; what was already copied is not downloaded
 * twice. Links that are not Firebase Storage files (`urlKit` pointing at another site) stay
 * links; a URL in a media field that is not a file of the expected kind is an error.
 */
import { createHash } from "node:crypto";
import { once } from "node:events";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { finished } from "node:stream/promises";
import sharp from "sharp";
import type { ImageSize } from "../admin/uploads.server";
import { getStorage, storageRef, type Visibility } from "../storage/index.server";
import { UPLOAD_LIMITS } from "~/domain/limits";
import { slugName, sniffFile, storeImage } from "../upload.server";
import { ImportError, type ImportIssue } from "./issues";
import type { Coleccion } from "./read.server";
import type { Validated } from "./validate.server";

export type MediaOptions = {
  /** per download, milliseconds (default 2 minutes) */
  timeoutMs?: number;
  /** bytes per kind of file (defaults: images 20 MB and PDF 100 MB as uploads, videos 500 MB) */
  maxBytes?: Partial<Record<Accepts, number>>;
  /** downloads at once (default 3) */
  concurrency?: number;
  onProgress?: (progress: MediaProgress) => void;
};

export type MediaProgress = {
  coleccion: Coleccion;
  total: number;
  hechos: number;
  copiados: number;
  yaCopiados: number;
  fallidos: number;
  terminado: boolean;
};

export type MediaReport = { copiados: number; yaCopiados: number; porColeccion: MediaProgress[] };

export const DEFAULT_MEDIA_TIMEOUT_MS = 2 * 60 * 1000;
const DEFAULT_MAX_BYTES: Record<Accepts, number> = {
  image: UPLOAD_LIMITS.imagen.bytes,
  pdf: UPLOAD_LIMITS.pdf.bytes,
  video: 500 * 1024 * 1024,
};

/**
 * Copies every external file the plan refers to and puts the stored reference in its place.
 * Throws ImportError naming each URL that could not be copied (the plan is then unusable).
 */
export async function copyMedia(plan: Validated, options: MediaOptions = {}): Promise<MediaReport> {
  const slots = mediaSlots(plan);
  const copier = new Copier(options);
  const failures: ImportIssue[] = [];
  const report: MediaReport = { copiados: 0, yaCopiados: 0, porColeccion: [] };

  for (const coleccion of [...new Set(slots.map((s) => s.coleccion))]) {
    const mine = slots.filter((s) => s.coleccion === coleccion);
    const progress: MediaProgress = {
      coleccion,
      total: mine.length,
      hechos: 0,
      copiados: 0,
      yaCopiados: 0,
      fallidos: 0,
      terminado: false,
    };
    await inParallel(mine, options.concurrency ?? 3, async (slot) => {
      try {
        const { ref, copied } = await copier.copy(slot.url, slot.purpose);
        slot.set(ref);
        if (copied) progress.copiados++;
        else progress.yaCopiados++;
      } catch (error) {
        if (!(error instanceof MediaError)) throw error;
        progress.fallidos++;
        failures.push({
          collection: slot.coleccion,
          id: slot.id,
          field: slot.field,
          message: `no se pudo copiar ${slot.url}: ${error.message}`,
        });
      }
      progress.hechos++;
      options.onProgress?.({ ...progress });
    });
    progress.terminado = true;
    options.onProgress?.({ ...progress });
    report.porColeccion.push(progress);
    report.copiados += progress.copiados;
    report.yaCopiados += progress.yaCopiados;
  }
  if (failures.length) throw new ImportError(failures);
  return report;
}

// ---------------------------------------------------------------- what is copied where

type Accepts = "image" | "video" | "pdf";

type Purpose = {
  folder: string;
  visibility: Visibility;
  accepts: Accepts;
  /** public images: stored in four sizes, this one is referenced */
  size?: ImageSize;
};

const publicImage = (folder: string, size: ImageSize = "mediana"): Purpose => ({
  folder,
  visibility: "public",
  accepts: "image",
  size,
});
const privateFile = (folder: string, accepts: Accepts): Purpose => ({ folder, visibility: "private", accepts });

// Sizes as the admin forms store the same fields (app/server/admin/*.server.ts).
const PURPOSES = {
  producto: publicImage("productos"),
  lineaCompra: publicImage("productos", "chica"),
  servicio: publicImage("servicios"),
  servicioPagina: publicImage("servicios", "grande"),
  galeria: publicImage("galeria"),
  curso: publicImage("cursos"),
  cursoPagina: publicImage("cursos", "grande"),
  video: privateFile("videos", "video"),
  manual: privateFile("manuales", "pdf"),
  certificado: privateFile("certificados", "image"),
  visita: privateFile("visitas", "image"),
} satisfies Record<string, Purpose>;

type Slot = {
  coleccion: Coleccion;
  id: string;
  field: string;
  url: string;
  purpose: Purpose;
  set: (ref: string) => void;
};

const isExternal = (url: string) => /^https?:\/\//i.test(url);
/** Firebase Storage's download URL, on Google's host or any other (an emulator, a mirror). */
const FIREBASE_PATH = /^\/v0\/b\/([^/]+)\/o\/([^?]+)$/;
const isFirebaseFile = (url: string) => isExternal(url) && FIREBASE_PATH.test(new URL(url).pathname);

/** Every external URL of the plan that names a file, with where it goes and how to replace it. */
function mediaSlots(plan: Validated): Slot[] {
  const slots: Slot[] = [];
  const add = (
    coleccion: Coleccion,
    id: string,
    field: string,
    url: string | undefined,
    purpose: Purpose,
    set: (ref: string) => void,
  ) => {
    if (url && isExternal(url)) slots.push({ coleccion, id, field, url, purpose, set });
  };
  /** Each `{ url }` of a gallery, named `field[i].url`. */
  const addGallery = (coleccion: Coleccion, id: string, field: string, list: { url: string }[], purpose: Purpose) => {
    for (const [i, item] of list.entries()) {
      add(coleccion, id, `${field}[${i}].url`, item.url, purpose, (ref) => {
        item.url = ref;
      });
    }
  };
  const { parsed } = plan;

  for (const p of parsed.producto) {
    add("producto", p.id, "urlImagen", p.urlImagen, PURPOSES.producto, (ref) => {
      p.urlImagen = ref;
    });
    addGallery("producto", p.id, "galeria", p.galeria, PURPOSES.producto);
  }
  for (const s of parsed.servicios) {
    add("servicios", s.id, "urlImagen", s.urlImagen, PURPOSES.servicio, (ref) => {
      s.urlImagen = ref;
    });
    add("servicios", s.id, "urlInterna", s.urlInterna, PURPOSES.servicioPagina, (ref) => {
      s.urlInterna = ref;
    });
    const block = typeof s.opciones === "object" ? s.opciones : undefined;
    for (const n of [1, 2, 3] as const) {
      add("servicios", s.id, `url${n}`, s[`url${n}`], PURPOSES.servicio, (ref) => {
        s[`url${n}`] = ref;
      });
      if (block) {
        add("servicios", s.id, `opciones.url${n}`, block[`url${n}`], PURPOSES.servicio, (ref) => {
          block[`url${n}`] = ref;
        });
      }
    }
    addGallery("servicios", s.id, "galeria", s.galeria, PURPOSES.galeria);
  }
  for (const c of parsed.cursos) {
    const imagenes = c.imagenes;
    if (imagenes) {
      add("cursos", c.id, "imagenes.imagenExterior", imagenes.imagenExterior, PURPOSES.curso, (ref) => {
        imagenes.imagenExterior = ref;
      });
      add("cursos", c.id, "imagenes.imagenInterior", imagenes.imagenInterior, PURPOSES.cursoPagina, (ref) => {
        imagenes.imagenInterior = ref;
      });
      addGallery("cursos", c.id, "imagenes.galeria", imagenes.galeria, PURPOSES.curso);
    }
    addGallery("cursos", c.id, "galeria", c.galeria, PURPOSES.curso);
    add("cursos", c.id, "certificadoUrl", c.certificadoUrl, PURPOSES.certificado, (ref) => {
      c.certificadoUrl = ref;
    });
    if (isFirebaseFile(c.urlKit)) {
      add("cursos", c.id, "urlKit", c.urlKit, PURPOSES.manual, (ref) => {
        c.urlKit = ref;
      });
    }
  }
  for (const u of parsed.unidades) {
    for (const [i, v] of u.videos.entries()) {
      add("unidades", u.id, `videos[${i}].video`, v.video, PURPOSES.video, (ref) => {
        v.video = ref;
      });
      add("unidades", u.id, `videos[${i}].poster`, v.poster, PURPOSES.curso, (ref) => {
        v.poster = ref;
      });
    }
  }
  for (const v of parsed.codigosVisitas) {
    for (const tipo of ["antes", "despues"] as const) {
      const list = v.imagenes?.[tipo] ?? [];
      for (const [i, url] of list.entries()) {
        add("codigosVisitas", v.id, `imagenes.${tipo}[${i}]`, url, PURPOSES.visita, (ref) => {
          list[i] = ref;
        });
      }
    }
  }
  for (const c of plan.compras) {
    for (const [i, line] of c.lineas.entries()) {
      add("compras", c.id, `porductos[${i}].url`, line.url, PURPOSES.lineaCompra, (ref) => {
        line.url = ref;
      });
    }
  }
  return slots;
}

// ---------------------------------------------------------------- copying one file

/** A reason in Spanish why one URL could not be copied. */
class MediaError extends Error {}

/** What is remembered of a copied file (the marker): its stored reference(s). */
type Marker = { origen: string; refs: Partial<Record<ImageSize, string>> & { ref?: string } };

class Copier {
  private readonly running = new Map<string, Promise<Marker>>();
  constructor(private readonly options: MediaOptions) {}

  /** The stored reference for `url` as `purpose` wants it; `copied` is false when it was there already. */
  async copy(url: string, purpose: Purpose): Promise<{ ref: string; copied: boolean }> {
    const origin = sourceIdentity(url);
    const hash = createHash("sha256").update(`${purpose.folder}\n${origin}`).digest("hex").slice(0, 16);
    const markerKey = `importado/medios/${hash}.json`;
    let copied = false;
    let pending = this.running.get(markerKey);
    if (!pending) {
      pending = (async () => {
        const known = await readMarker(markerKey);
        if (known) return known;
        copied = true;
        const marker = await this.store(url, origin, purpose, hash);
        await getStorage("private").put(
          markerKey,
          new TextEncoder().encode(JSON.stringify(marker)),
          "application/json",
        );
        return marker;
      })();
      this.running.set(markerKey, pending);
    }
    const marker = await pending;
    const ref = purpose.size ? marker.refs[purpose.size] : marker.refs.ref;
    if (!ref)
      throw new MediaError(
        "el archivo copiado antes no tiene el tamaño necesario; borra su marcador y vuelve a importar",
      );
    return { ref, copied };
  }

  private async store(url: string, origin: string, purpose: Purpose, hash: string): Promise<Marker> {
    const limit = this.options.maxBytes?.[purpose.accepts] ?? DEFAULT_MAX_BYTES[purpose.accepts];
    // The body goes to a temporary file, not to memory: a course video can weigh hundreds of MB
    // and several files copy at once. Only images (a few MB at most) are read back whole.
    const file = await download(url, limit, this.options.timeoutMs ?? DEFAULT_MEDIA_TIMEOUT_MS);
    try {
      const kind = sniffFile(file.head);
      const base = `importado/${purpose.folder}/${slugName(fileNameOf(origin))}-${hash}`;
      if (purpose.accepts === "image") {
        const bytes = await fs.promises.readFile(file.path);
        await checkKind(bytes, kind?.contentType ?? "", purpose.accepts);
        if (purpose.size) {
          try {
            const stored = await storeImage(bytes, purpose.folder, base, base);
            return {
              origen: origin,
              refs: { original: stored.original, chica: stored.chica, mediana: stored.mediana, grande: stored.grande },
            };
          } catch (error) {
            throw new MediaError((error as Error).message);
          }
        }
        const key = `${base}.${kind!.ext}`;
        await getStorage(purpose.visibility).put(key, bytes, kind!.contentType);
        return { origen: origin, refs: { ref: storageRef(purpose.visibility, key) } };
      }
      await checkKind(file.head, kind?.contentType ?? "", purpose.accepts);
      const key = `${base}.${kind!.ext}`;
      const storage = getStorage(purpose.visibility);
      if (storage.putFile) await storage.putFile(key, file.path, kind!.contentType);
      else await storage.put(key, await fs.promises.readFile(file.path), kind!.contentType);
      return { origen: origin, refs: { ref: storageRef(purpose.visibility, key) } };
    } finally {
      await fs.promises.rm(file.dir, { recursive: true, force: true });
    }
  }
}

async function readMarker(key: string): Promise<Marker | null> {
  const stored = await getStorage("private").get(key);
  if (!stored) return null;
  try {
    return JSON.parse(new TextDecoder().decode(stored.bytes)) as Marker;
  } catch {
    return null; // a marker cut short: copy the file again
  }
}

/** The file's identity: for Firebase Storage its bucket and path (the token changes), else the URL. */
function sourceIdentity(url: string): string {
  const parsed = new URL(url);
  const firebase = FIREBASE_PATH.exec(parsed.pathname);
  if (firebase) return `firebase:${firebase[1]}/${decodeURIComponent(firebase[2]!)}`;
  return url;
}

function fileNameOf(origin: string): string {
  const path = origin.replace(/^firebase:[^/]+\//, "").split("?")[0]!;
  return decodeURIComponent(path.split("/").filter(Boolean).at(-1) ?? "archivo");
}

const sizeText = (bytes: number) =>
  bytes >= 1024 * 1024 ? `${Math.round(bytes / 1024 / 1024)} MB` : `${Math.ceil(bytes / 1024)} KB`;

/** A downloaded body in a temporary folder of its own, with its first bytes for sniffing. */
type Downloaded = { dir: string; path: string; head: Uint8Array; size: number };

/**
 * The whole body, within `limit` bytes and `timeoutMs` (connection and transfer together),
 * written to a temporary file as it arrives; the caller removes `dir`.
 */
async function download(url: string, limit: number, timeoutMs: number): Promise<Downloaded> {
  const seconds = Math.max(1, Math.round(timeoutMs / 1000));
  const signal = AbortSignal.timeout(timeoutMs);
  const failure = (error: unknown) =>
    signal.aborted
      ? new MediaError(`no respondió en ${seconds} s`)
      : new MediaError(`no se pudo descargar (${(error as Error).cause ?? (error as Error).message})`);
  let response: Response;
  try {
    response = await fetch(url, { signal, redirect: "follow" });
  } catch (error) {
    throw failure(error);
  }
  if (!response.ok) {
    await response.body?.cancel().catch(() => {});
    throw new MediaError(`respondió ${response.status}`);
  }
  const tooBig = new MediaError(`pesa más de ${sizeText(limit)}`);
  if (Number(response.headers.get("content-length") ?? 0) > limit) {
    await response.body?.cancel().catch(() => {});
    throw tooBig;
  }
  const dir = await fs.promises.mkdtemp(path.join(os.tmpdir(), "importar-"));
  const filePath = path.join(dir, "archivo");
  const out = fs.createWriteStream(filePath);
  const head: Uint8Array[] = [];
  let headSize = 0;
  let size = 0;
  try {
    const reader = response.body!.getReader();
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      size += value.length;
      if (size > limit) {
        await reader.cancel().catch(() => {});
        throw tooBig;
      }
      if (headSize < HEAD_BYTES) {
        head.push(value.subarray(0, HEAD_BYTES - headSize));
        headSize += Math.min(value.length, HEAD_BYTES - headSize);
      }
      if (!out.write(value)) await once(out, "drain");
    }
    out.end();
    await finished(out);
    if (size === 0) throw new MediaError("está vacío");
    return { dir, path: filePath, head: Buffer.concat(head), size };
  } catch (error) {
    out.destroy();
    await fs.promises.rm(dir, { recursive: true, force: true });
    if (error instanceof MediaError) throw error;
    throw failure(error);
  }
}

/** Bytes enough to tell a file's kind (sniffFile reads fewer). */
const HEAD_BYTES = 64;

const KIND_MESSAGES: Record<Accepts, string> = {
  image: "no es una imagen (JPG, PNG, WebP, GIF o AVIF)",
  video: "no es un video (MP4, MOV o WebM)",
  pdf: "no es un PDF",
};

/** The bytes must be the kind the field holds; a private image must also decode (it is served re-encoded). */
async function checkKind(bytes: Uint8Array, contentType: string, accepts: Accepts) {
  const ok =
    accepts === "image"
      ? contentType.startsWith("image/")
      : accepts === "video"
        ? contentType.startsWith("video/")
        : contentType === "application/pdf";
  if (!ok) throw new MediaError(KIND_MESSAGES[accepts]);
  if (accepts === "image") {
    try {
      const { width, height } = await sharp(bytes, { limitInputPixels: 60_000_000 }).metadata();
      if (!width || !height) throw new Error("sin dimensiones");
    } catch {
      throw new MediaError(KIND_MESSAGES.image);
    }
  }
}

/** Runs `work` over `items` with at most `limit` at once. */
async function inParallel<T>(items: T[], limit: number, work: (item: T) => Promise<void>) {
  let next = 0;
  const workers = Array.from({ length: Math.min(limit, items.length) }, async () => {
    while (next < items.length) await work(items[next++]!);
  });
  await Promise.all(workers);
}

/**
 * Files sent with admin forms. Checking and storing go through the upload API's module
 * (upload.server.ts: type by content, four image sizes, private cases), so a file posted
 * here is treated exactly like one sent to POST /auth/michel-alvarez/v2/firebase-upload.
 */
import { IMAGE_SIZE_NAMES, IMAGE_SIZES, sizedName, variantKey } from "~/domain/image-variants";
import { type AlertMessage, messages } from "~/domain/messages";
import { deleteStoredFile, resolveRef } from "../storage/index.server";
import {
  MAX_DATA_BYTES,
  MAX_IMAGE_BYTES,
  type ImageUrls,
  sniffFile,
  storeData,
  storeImage,
} from "../upload.server";

const megabytes = (bytes: number) => `${Math.round(bytes / 1024 / 1024)} MB`;

async function head(file: File): Promise<Uint8Array> {
  return new Uint8Array(await file.slice(0, 16).arrayBuffer());
}

/** Null when the file is an image we can store, else the reason in Spanish. */
export async function checkImage(file: File): Promise<string | null> {
  if (file.size > MAX_IMAGE_BYTES) return `La imagen «${file.name}» pesa más de ${megabytes(MAX_IMAGE_BYTES)}.`;
  if (!sniffFile(await head(file))?.contentType.startsWith("image/")) {
    return `«${file.name}» no es una imagen: sube un JPG, PNG, WebP o AVIF.`;
  }
  return null;
}

/** Null when the file is of the expected kind ('video/' or 'application/pdf'). */
export async function checkFile(file: File, kind: string): Promise<string | null> {
  if (file.size > MAX_DATA_BYTES) return `El archivo «${file.name}» pesa más de ${megabytes(MAX_DATA_BYTES)}.`;
  if (!sniffFile(await head(file))?.contentType.startsWith(kind)) {
    return kind === "video/"
      ? `«${file.name}» no es un video: sube un MP4, MOV o WebM.`
      : `«${file.name}» no es un archivo PDF.`;
  }
  return null;
}

export type ImageSize = keyof ImageUrls;

/** A stored image as the site keeps it: one size's reference and that size's dimensions. */
export type StoredImage = { url: string; ancho: number; alto: number };

/**
 * Stores an image in the upload API's four sizes and answers the one the site shows
 * (`size`). The case decides where it goes: 'visitas' is private.
 */
export async function storeAdminImage(file: File, uploadCase: string, size: ImageSize): Promise<StoredImage> {
  const stored = await storeImage(new Uint8Array(await file.arrayBuffer()), uploadCase, file.name);
  const width = size === "original" ? stored.ancho : Math.min(stored.ancho, IMAGE_SIZES[size]);
  const height = stored.ancho ? Math.round((stored.alto * width) / stored.ancho) : stored.alto;
  return { url: stored[size], ancho: width, alto: height };
}

/** Stores a video or PDF as is (private for the 'videos' and 'manuales' cases). */
export async function storeAdminFile(file: File, uploadCase: string): Promise<string> {
  const stored = await storeData(new Uint8Array(await file.arrayBuffer()), uploadCase, file.name);
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

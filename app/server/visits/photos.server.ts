/**
 * The bytes of a visit's photos: read from storage (private or public), shown as a resized
 * WebP and downloaded as a PNG (the spec's download format). Re-encoding also drops the
 * camera's metadata (GPS, device) before a photo leaves the studio.
 */
import { loadSharp } from "../images.server";
import { readRef } from "../storage/index.server";

/** Wide enough for a retina phone and a desktop column. */
const DISPLAY_WIDTH = 1200;

export async function readPhoto(ref: string): Promise<Uint8Array | null> {
  const file = await readRef(ref);
  return file?.bytes ?? null;
}

/** Width and height as shown (EXIF rotation applied); null when unreadable. */
export async function photoSize(ref: string): Promise<{ width: number; height: number } | null> {
  const bytes = await readPhoto(ref);
  if (!bytes) return null;
  try {
    const sharp = await loadSharp();
    const meta = await sharp(bytes).metadata();
    const { width, height } = meta.autoOrient ?? meta;
    return width && height ? { width, height } : null;
  } catch {
    return null;
  }
}

export async function photoAsWebp(bytes: Uint8Array): Promise<Buffer> {
  const sharp = await loadSharp();
  return sharp(bytes)
    .rotate()
    .resize({ width: DISPLAY_WIDTH, withoutEnlargement: true })
    .webp({ quality: 82 })
    .toBuffer();
}

export async function photoAsPng(bytes: Uint8Array): Promise<Buffer> {
  const sharp = await loadSharp();
  return sharp(bytes).rotate().png({ compressionLevel: 8 }).toBuffer();
}

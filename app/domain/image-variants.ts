/**
 * How an image's sizes are named, shared by the server (which writes them: uploads, the
 * importer and the demo media all go through app/server/image-variants.server.ts) and the
 * pages (which offer them in a `srcset`). ADR 019.
 *
 * An image is stored as '{base}-{size}.{ext}' for each of original, chica, mediana and
 * grande, each with a WebP twin ('{base}-{size}.webp') unless it is WebP already. `base` ends
 * in a hash (random for an upload, derived from the source for an import or a demo drawing),
 * which is what tells such a name from any other URL.
 */

/** The widths of the three smaller sizes, in px (the original keeps its own). Never upscaled. */
export const IMAGE_SIZES = { chica: 400, mediana: 800, grande: 1600 } as const;

export type ImageSizeName = "original" | keyof typeof IMAGE_SIZES;

/** Every size an image is stored in, the original first. */
export const IMAGE_SIZE_NAMES: readonly ImageSizeName[] = ["original", "chica", "mediana", "grande"];

/** The key (or URL) of one size of an image: '{base}-{size}.{ext}'. */
export function variantKey(base: string, size: ImageSizeName, ext: string): string {
  return `${base}-${size}.${ext}`;
}

const SIZED = /^(.*-([0-9a-f]{8,64}))-(original|chica|mediana|grande)\.(jpg|png|webp|gif)$/;

/** The parts of a name like '{base}-{size}.{ext}', where base ends in '-{hash}'. */
export type SizedName = { base: string; hash: string; size: ImageSizeName; ext: string };

/**
 * How a URL or key named like a stored image's size splits into its parts, or undefined for
 * anything else. The one reading of the naming above: pages (srcset), deletions of an
 * admin's uploads (which tell an upload's 8-digit hash from an import's 16) and the demo
 * media use it.
 */
export function sizedName(src: string | null | undefined): SizedName | undefined {
  const match = src ? SIZED.exec(src) : null;
  if (!match) return undefined;
  const [, base, hash, size, ext] = match;
  return { base, hash, size: size as ImageSizeName, ext };
}

/** The base of a URL named like a stored image's size (not a GIF), or undefined for anything else. */
export function variantBase(src: string | null | undefined): string | undefined {
  const sized = sizedName(src);
  return sized && sized.ext !== "gif" ? sized.base : undefined;
}

/**
 * The WebP sizes of a stored image as a `srcset` (a phone takes the 400 or 800 px one), or
 * undefined for anything else (an external URL, a file kept in one size).
 */
export function srcSetOf(src: string | null | undefined): string | undefined {
  const base = variantBase(src);
  if (!base) return undefined;
  return (Object.entries(IMAGE_SIZES) as [ImageSizeName, number][])
    .map(([size, width]) => `${variantKey(base, size, "webp")} ${width}w`)
    .join(", ");
}

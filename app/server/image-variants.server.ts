/**
 * The one owner of an image's variants: which sizes and formats a stored image comes in,
 * and how each is encoded. Used by the upload call and the admin forms (upload.server.ts
 * storeImage, through which the importer goes too) and by the demo media, drawn at seed time
 * in their own process (seed/media/generate.ts), so a demo drawing is offered to a phone
 * exactly like a photo the studio uploaded. The names follow app/domain/image-variants.ts.
 *
 * sharp is passed in: the web server loads it lazily with its own settings (images.server.ts),
 * the seeding program imports it directly.
 */
import type { default as Sharp } from "sharp";
import { IMAGE_SIZE_NAMES, IMAGE_SIZES, type ImageSizeName, variantKey } from "../domain/image-variants";

export type StoredFormat = "jpeg" | "png" | "webp";

/** One file of an image: its key, type and how to make its bytes (made one at a time). */
export type ImageVariant = {
  size: ImageSizeName;
  key: string;
  contentType: string;
  /** the WebP twin of a JPEG or PNG size */
  twin: boolean;
  encode: () => Promise<Buffer>;
};

/** Transparent images stay PNG (or WebP); photos become JPEG. */
export function storedFormatOf(meta: { format?: string; hasAlpha?: boolean }): StoredFormat {
  if (meta.format === "webp") return "webp";
  return meta.hasAlpha || meta.format === "png" || meta.format === "gif" ? "png" : "jpeg";
}

export const extOf = (format: StoredFormat) => (format === "jpeg" ? "jpg" : format);

/**
 * Every file an image is stored as: the four sizes ('{base}-{size}.{ext}', never upscaled,
 * camera orientation applied, metadata dropped) and, unless the image is WebP already, a
 * WebP twin of each. `sources` gives a size its own bytes (the upload call's four-size
 * payload); missing ones are made from `bytes`.
 */
export function imageVariants(
  sharp: typeof Sharp,
  /** the image's bytes, or the path of its file */
  bytes: Uint8Array | string,
  base: string,
  options: {
    format: StoredFormat;
    sources?: Partial<Record<ImageSizeName, Uint8Array | string>>;
    limitInputPixels?: number;
    /** the width of `bytes` once oriented: sizes at or above it are the same file, encoded once */
    sourceWidth?: number;
  },
): ImageVariant[] {
  const { format, sources = {}, limitInputPixels, sourceWidth } = options;
  const made = new Map<string, Promise<Buffer>>();
  const encode = (width: number | null, as: StoredFormat, source: Uint8Array | string) => () => {
    const run = async () => {
      let image = sharp(source, limitInputPixels ? { limitInputPixels } : {}).rotate();
      if (width) image = image.resize({ width, withoutEnlargement: true });
      if (as === "jpeg") return image.jpeg({ quality: width ? 82 : 92, mozjpeg: true }).toBuffer();
      if (as === "png") return image.png({ compressionLevel: 9 }).toBuffer();
      return image.webp({ quality: width ? 80 : 90 }).toBuffer();
    };
    // 'mediana' and 'grande' of an 800 px image are the same bytes: made once
    if (!width || !sourceWidth || source !== bytes) return run();
    const key = `${as}:${Math.min(width, sourceWidth)}`;
    const known = made.get(key);
    if (known) return known;
    const encoded = run();
    made.set(key, encoded);
    return encoded;
  };
  const variants: ImageVariant[] = [];
  for (const size of IMAGE_SIZE_NAMES) {
    const width = size === "original" ? null : IMAGE_SIZES[size];
    const source = size === "original" ? bytes : (sources[size] ?? bytes);
    variants.push({
      size,
      key: variantKey(base, size, extOf(format)),
      contentType: `image/${format}`,
      twin: false,
      encode: encode(width, format, source),
    });
    if (format !== "webp") {
      variants.push({
        size,
        key: variantKey(base, size, "webp"),
        contentType: "image/webp",
        twin: true,
        encode: encode(width, "webp", source),
      });
    }
  }
  return variants;
}

import type { ImgHTMLAttributes } from "react";

type MediaImageProps = Omit<ImgHTMLAttributes<HTMLImageElement>, "src" | "alt" | "width" | "height"> & {
  src: string | null | undefined;
  alt: string;
  width: number;
  height: number;
  /** the hero: loads at once and with high priority; every other image is lazy */
  priority?: boolean;
};

/**
 * An uploaded image's name ends in its size (upload.server.ts: '{base}-{size}.{ext}', base
 * ending in a random or content hash), and each size has a WebP twin. Widths of IMAGE_SIZES.
 */
const SIZED = /^(.*-[0-9a-f]{8,64})-(?:original|chica|mediana|grande)\.(?:jpg|png|webp)$/;
const WIDTHS = [
  ["chica", 400],
  ["mediana", 800],
  ["grande", 1600],
] as const;

/**
 * The WebP sizes of an uploaded image as a `srcset` (the phone takes the 400 or 800 px one),
 * or undefined for anything else (demo drawings, an external URL). ADR 019.
 */
export function srcSetOf(src: string | null | undefined): string | undefined {
  const base = src ? SIZED.exec(src)?.[1] : undefined;
  return base ? WIDTHS.map(([size, width]) => `${base}-${size}.webp ${width}w`).join(", ") : undefined;
}

/**
 * An image from the catalogue with its intrinsic size set (no layout shift) and lazy
 * loading. A record without an image shows a quiet warm panel instead of a broken icon.
 * Uploaded images come in WebP at the size the screen needs (`sizes`, full width by default);
 * React preloads a priority image (with its srcset) in the page's <head>.
 */
export function MediaImage({
  src,
  alt,
  width,
  height,
  priority = false,
  className = "",
  sizes = "100vw",
  ...rest
}: MediaImageProps) {
  if (!src) {
    return (
      <div
        role="img"
        aria-label={alt}
        style={{ aspectRatio: `${width} / ${height}` }}
        className={`bg-gradient-to-br from-sand via-blush/60 to-cream ${className}`}
      />
    );
  }
  const srcSet = srcSetOf(src);
  return (
    <img
      src={src}
      srcSet={srcSet}
      sizes={srcSet ? sizes : undefined}
      alt={alt}
      width={width}
      height={height}
      loading={priority ? "eager" : "lazy"}
      decoding={priority ? "sync" : "async"}
      fetchPriority={priority ? "high" : undefined}
      className={className}
      {...rest}
    />
  );
}

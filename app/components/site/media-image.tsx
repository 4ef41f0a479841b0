import type { ImgHTMLAttributes } from "react";
import { srcSetOf } from "~/domain/image-variants";

export { srcSetOf };

type MediaImageProps = Omit<ImgHTMLAttributes<HTMLImageElement>, "src" | "alt" | "width" | "height"> & {
  src: string | null | undefined;
  alt: string;
  width: number;
  height: number;
  /** the hero: loads at once and with high priority; every other image is lazy */
  priority?: boolean;
};

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

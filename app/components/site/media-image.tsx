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
 * An image from the catalogue with its intrinsic size set (no layout shift) and lazy
 * loading. A record without an image shows a quiet warm panel instead of a broken icon.
 */
export function MediaImage({ src, alt, width, height, priority = false, className = "", ...rest }: MediaImageProps) {
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
  return (
    <img
      src={src}
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

import { Suspense, useState } from "react";
import { lazyNamed } from "~/components/site/lazy-named";
import { MediaImage } from "~/components/site/media-image";

// The lightbox (yet-another-react-lightbox and its styles) is fetched on the first tap on a photo.
const ImageLightbox = lazyNamed(() => import("~/components/site/image-lightbox"), "ImageLightbox");

export type GridImage = { key: string | number; src: string; alt: string; width: number | null; height: number | null };

/**
 * A grid of square photo tiles that open in the lightbox (full photo there). A square crops
 * little of either shape the gallery holds (3:4 and 4:3). Each tile is a link to the image
 * itself, so that without JavaScript it still opens full size.
 */
export function GalleryGrid({
  images,
  className = "grid grid-cols-2 gap-3 md:grid-cols-3 md:gap-5",
  testId,
  priorityFirst = false,
  sizes = "(min-width: 851px) 33vw, 50vw",
}: {
  images: GridImage[];
  className?: string;
  testId?: string;
  /** the grid opens the page: its first image is the LCP, fetched at once with high priority */
  priorityFirst?: boolean;
  /** the tiles' width for the srcset: by default the default grid's (2 columns, 3 from 851 px) */
  sizes?: string;
}) {
  const [open, setOpen] = useState(-1);
  // Mounted from the first opening on, so that its closing animation still plays.
  const [wanted, setWanted] = useState(false);
  if (open >= 0 && !wanted) setWanted(true);
  return (
    <>
      <ul className={className} data-testid={testId}>
        {images.map((image, i) => (
          <li key={image.key}>
            <a
              href={image.src}
              data-gallery-item
              onClick={(event) => {
                event.preventDefault();
                setOpen(i);
              }}
              className="group block overflow-hidden rounded-2xl bg-sand"
              aria-label={`Ampliar: ${image.alt}`}
            >
              <MediaImage
                src={image.src}
                alt={image.alt}
                width={image.width ?? 800}
                height={image.height ?? 800}
                priority={priorityFirst && i === 0}
                sizes={sizes}
                className="aspect-square w-full object-cover transition-transform duration-700 group-hover:scale-105"
              />
            </a>
          </li>
        ))}
      </ul>
      {wanted && (
        <Suspense fallback={null}>
          <ImageLightbox
            images={images.map((image) => ({
              src: image.src,
              alt: image.alt,
              width: image.width,
              height: image.height,
            }))}
            index={open}
            onClose={() => setOpen(-1)}
          />
        </Suspense>
      )}
    </>
  );
}

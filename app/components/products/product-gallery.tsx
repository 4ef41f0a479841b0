import { useState } from "react";
import { srcSetOf } from "~/components/site/media-image";

/** The product's images: a large one and thumbnails that switch it. */
export function ProductGallery({ images, name }: { images: { nombre: string; url: string }[]; name: string }) {
  const [selected, setSelected] = useState(0);
  const main = images[selected] ?? images[0];
  return (
    <div className="flex flex-col gap-3">
      <div className="aspect-square overflow-hidden rounded-3xl bg-sand">
        {/* The page's largest image (LCP): fetched first, in WebP at the phone's size when uploaded. */}
        {main ? (
          <img
            src={main.url}
            srcSet={srcSetOf(main.url)}
            sizes={srcSetOf(main.url) ? "(min-width: 851px) 45vw, 100vw" : undefined}
            alt={main.nombre || name}
            fetchPriority={selected === 0 ? "high" : undefined}
            className="size-full object-cover"
          />
        ) : null}
      </div>
      {images.length > 1 && (
        <ul className="grid grid-cols-5 gap-2" aria-label="Imágenes del producto">
          {images.map((image, i) => (
            <li key={`${image.url}-${i}`}>
              <button
                type="button"
                onClick={() => setSelected(i)}
                aria-label={`Ver imagen ${i + 1} de ${images.length}`}
                aria-pressed={i === selected}
                className={`block aspect-square w-full overflow-hidden rounded-xl bg-sand ring-offset-2 ring-offset-cream transition ${
                  i === selected ? "ring-2 ring-clay" : "opacity-75 hover:opacity-100"
                }`}
              >
                <img
                  src={image.url}
                  srcSet={srcSetOf(image.url)}
                  sizes={srcSetOf(image.url) ? "20vw" : undefined}
                  alt=""
                  loading="lazy"
                  className="size-full object-cover"
                />
              </button>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}

import { Link } from "react-router";
import { srcSetOf } from "~/components/site/media-image";
import type { ProductCard as ProductCardProduct } from "~/domain/catalog";
import { SalePrice } from "./sale-price";

export type { ProductCardProduct };

/**
 * A product in a listing, the related products or the favourites: image, name, brand,
 * price, an 'Agotado' badge when out of stock, and a corner slot for the favourite toggle.
 * The name is a heading one level below the list's own (`headingLevel`, h3 by default, for
 * cards under an h2; a listing right under the page's h1 passes 2).
 */
export function ProductCard({
  product,
  favorite,
  headingLevel = 3,
  priority = false,
}: {
  product: ProductCardProduct;
  favorite?: React.ReactNode;
  headingLevel?: 2 | 3;
  /** a listing's first card, on the first screen: its image loads at once, with high priority */
  priority?: boolean;
}) {
  const soldOut = product.cantidad <= 0;
  const Heading = headingLevel === 2 ? "h2" : "h3";
  return (
    <article className="group relative flex w-full flex-col" data-testid="product-card">
      <Link to={`/producto/${product.id}`} className="flex flex-1 flex-col" prefetch="intent">
        <div className="relative aspect-square overflow-hidden rounded-2xl bg-sand">
          {product.urlImagen ? (
            <img
              src={product.urlImagen}
              srcSet={srcSetOf(product.urlImagen)}
              sizes={srcSetOf(product.urlImagen) ? "(min-width: 851px) 25vw, 50vw" : undefined}
              alt=""
              loading={priority ? "eager" : "lazy"}
              fetchPriority={priority ? "high" : undefined}
              className="size-full object-cover transition-transform duration-500 group-hover:scale-[1.04]"
            />
          ) : null}
          {soldOut && (
            <span className="absolute left-3 top-3 rounded-full bg-ink/85 px-3 py-1 text-[0.65rem] font-medium uppercase tracking-[0.2em] text-cream">
              Agotado
            </span>
          )}
        </div>
        <div className="mt-3 flex flex-1 flex-col px-1">
          {product.marca && <p className="text-[0.65rem] uppercase tracking-[0.25em] text-clay-dark">{product.marca}</p>}
          <Heading className="mt-1 font-sans text-[0.95rem] font-normal leading-snug tracking-normal text-ink">
            {product.nombre}
          </Heading>
          <SalePrice
            precio={product.precio}
            precioAntes={product.precioAntes}
            className="mt-auto pt-2 text-sm font-medium text-cocoa"
          />
        </div>
      </Link>
      {favorite && <div className="absolute right-2 top-2">{favorite}</div>}
    </article>
  );
}

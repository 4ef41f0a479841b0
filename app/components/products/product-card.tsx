import { Link } from "react-router";
import type { ProductCard as ProductCardProduct } from "~/domain/catalog";
import { formatPrice } from "~/domain/money";

export type { ProductCardProduct };

/**
 * A product in a listing, the related products or the favourites: image, name, brand,
 * price, an 'Agotado' badge when out of stock, and a corner slot for the favourite toggle.
 */
export function ProductCard({ product, favorite }: { product: ProductCardProduct; favorite?: React.ReactNode }) {
  const soldOut = product.cantidad <= 0;
  return (
    <article className="group relative flex flex-col" data-testid="product-card">
      <Link to={`/producto/${product.id}`} className="flex flex-1 flex-col" prefetch="intent">
        <div className="relative aspect-square overflow-hidden rounded-2xl bg-sand">
          {product.urlImagen ? (
            <img
              src={product.urlImagen}
              alt=""
              loading="lazy"
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
          <h3 className="mt-1 font-sans text-[0.95rem] font-normal leading-snug tracking-normal text-ink">{product.nombre}</h3>
          <p className="mt-auto pt-2 text-sm font-medium text-cocoa">{formatPrice(product.precio)}</p>
        </div>
      </Link>
      {favorite && <div className="absolute right-2 top-2">{favorite}</div>}
    </article>
  );
}

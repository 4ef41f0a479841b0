import { FavoriteButton } from "~/components/favorites/favorite-button";
import type { ProductCard as ProductCardData } from "~/domain/catalog";
import { ProductCard } from "./product-card";

/** 'Productos relacionados' at the foot of a product's page: three of its category. */
export function RelatedProducts({ related, favorites }: { related: ProductCardData[]; favorites: string[] }) {
  return (
    <section aria-labelledby="relacionados" className="mt-16 border-t border-sand pt-12 md:mt-24">
      <h2 id="relacionados" className="text-center text-3xl">
        Productos relacionados
      </h2>
      <ul className="mt-8 grid grid-cols-2 gap-x-4 gap-y-8 sm:grid-cols-3 sm:gap-x-6">
        {related.map((p) => (
          <li key={p.id} className="flex">
            <ProductCard
              product={p}
              favorite={
                <FavoriteButton productoId={p.id} initialFavorite={favorites.includes(p.id)} nombre={p.nombre} />
              }
            />
          </li>
        ))}
      </ul>
    </section>
  );
}

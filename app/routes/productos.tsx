import { ChevronLeft } from "lucide-react";
import { Link, NavLink, data } from "react-router";
import { FavoriteButton } from "~/components/favorites/favorite-button";
import { ProductCard } from "~/components/products/product-card";
import { pageMeta } from "~/components/site/seo";
import { parsePage, resultsLabel } from "~/domain/pagination";
import { favoriteIdsAmong, listCategories, listCategoryProducts } from "~/server/shop/catalog.server";
import { getDb } from "~/server/db/index.server";
import { env } from "~/server/env.server";
import { currentUser } from "~/server/session.server";
import type { Route } from "./+types/productos";

export async function loader({ request, params }: Route.LoaderArgs) {
  const db = getDb();
  // The page lives in the URL (?pagina=2) so that a listing can be shared.
  const requested = parsePage(new URL(request.url).searchParams.get("pagina"));
  const [listing, categories, user] = await Promise.all([
    listCategoryProducts(db, params.id, requested),
    listCategories(db),
    currentUser(request),
  ]);
  if (!listing) throw data(null, { status: 404 });
  const favorites = await favoriteIdsAmong(db, user?.id ?? null, listing.products.map((p) => p.id));
  return { ...listing, categories, favorites, origin: env.publicUrl };
}

export function meta({ data: loaderData }: Route.MetaArgs) {
  if (!loaderData) return [];
  const { category, page, origin } = loaderData;
  return pageMeta({
    title: page.page > 1 ? `${category.nombre} (página ${page.page})` : category.nombre,
    description: `${category.nombre}: productos profesionales de Michel Alvarez en Guadalajara.`,
    origin,
    path: `/productos/${category.id}${page.page > 1 ? `?pagina=${page.page}` : ""}`,
  });
}

/** /productos/{id}: one category, 8 products per page. */
export default function Productos({ loaderData }: Route.ComponentProps) {
  const { category, categories, products, total, page, favorites } = loaderData;
  return (
    <section className="container-page py-8 md:py-14">
      {/* Phones get a way back to the categories; wider screens get the switcher instead. */}
      <Link to="/categorias" className="inline-flex items-center gap-1 text-sm text-cocoa hover:text-clay sm:hidden">
        <ChevronLeft className="size-4" aria-hidden />
        Categorías
      </Link>

      <nav aria-label="Categorías" className="hidden sm:block">
        <ul className="flex flex-wrap justify-center gap-2">
          {categories.map((c) => (
            <li key={c.id}>
              <NavLink
                to={`/productos/${c.id}`}
                prefetch="intent"
                className={({ isActive }) =>
                  `inline-block rounded-full border px-4 py-1.5 text-xs uppercase tracking-[0.16em] transition-colors ${
                    isActive ? "border-cocoa bg-cocoa text-cream" : "border-cocoa/25 text-cocoa hover:border-clay hover:text-clay"
                  }`
                }
              >
                {c.nombre}
              </NavLink>
            </li>
          ))}
        </ul>
      </nav>

      <header className="mt-6 flex flex-col items-center text-center sm:mt-10">
        <p className="eyebrow">Productos</p>
        <h1 className="mt-2 text-4xl md:text-5xl">{category.nombre}</h1>
        {total > 0 && (
          <p className="mt-3 text-sm text-muted" data-testid="results-counter">
            {resultsLabel(page, total)}
          </p>
        )}
      </header>

      {products.length === 0 ? (
        <p className="mt-12 text-center text-muted">Aún no hay productos en esta categoría.</p>
      ) : (
        <ul className="mt-8 grid grid-cols-2 gap-x-4 gap-y-8 sm:gap-x-6 md:mt-12 md:grid-cols-4">
          {products.map((product, i) => (
            <li key={product.id} className="flex">
              <ProductCard
                product={product}
                headingLevel={2}
                priority={i === 0}
                favorite={
                  <FavoriteButton productoId={product.id} initialFavorite={favorites.includes(product.id)} nombre={product.nombre} />
                }
              />
            </li>
          ))}
        </ul>
      )}

      {page.pages > 1 && <PageButtons categoryId={category.id} current={page.page} pages={page.pages} />}
    </section>
  );
}

function PageButtons({ categoryId, current, pages }: { categoryId: string; current: number; pages: number }) {
  const href = (n: number) => (n === 1 ? `/productos/${categoryId}` : `/productos/${categoryId}?pagina=${n}`);
  return (
    <nav aria-label="Páginas" className="mt-12 flex justify-center">
      <ul className="flex flex-wrap items-center justify-center gap-2">
        {Array.from({ length: pages }, (_, i) => i + 1).map((n) => (
          <li key={n}>
            <Link
              to={href(n)}
              prefetch="intent"
              preventScrollReset={false}
              aria-label={`Página ${n}`}
              aria-current={n === current ? "page" : undefined}
              className={`flex size-10 items-center justify-center rounded-full border text-sm transition-colors ${
                n === current ? "border-cocoa bg-cocoa text-cream" : "border-cocoa/25 text-cocoa hover:border-clay hover:text-clay"
              }`}
            >
              {n}
            </Link>
          </li>
        ))}
      </ul>
    </nav>
  );
}

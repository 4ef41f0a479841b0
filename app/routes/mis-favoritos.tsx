import { Heart } from "lucide-react";
import { Link } from "react-router";
import { FavoriteButton } from "~/components/favorites/favorite-button";
import { ProductCard } from "~/components/products/product-card";
import { site } from "~/config/site";
import { listFavoriteProducts } from "~/server/account/favorites.server";
import { requireUser } from "~/server/session.server";
import type { Route } from "./+types/mis-favoritos";

export async function loader({ request }: Route.LoaderArgs) {
  const user = await requireUser(request);
  return { productos: await listFavoriteProducts(user.id) };
}

export default function MisFavoritos({ loaderData }: Route.ComponentProps) {
  const { productos } = loaderData;
  return (
    <section className="container-page py-12 md:py-16">
      <title>{`Mis favoritos | ${site.name}`}</title>
      <meta name="robots" content="noindex" />
      <Link to="/mi-perfil" className="text-sm text-muted hover:text-clay">
        ← Mi perfil
      </Link>
      <h1 className="mt-4 text-4xl md:text-5xl">Mis favoritos</h1>

      {productos.length === 0 ? (
        <div
          className="mt-10 rounded-2xl border border-sand bg-white px-6 py-14 text-center"
          data-testid="favorites-empty"
        >
          <Heart className="mx-auto size-10 text-clay" aria-hidden strokeWidth={1.25} />
          <p className="mt-4 text-lg text-cocoa">Aún no tienes productos favoritos.</p>
          <p className="mt-2 text-sm text-muted">Toca el corazón de un producto para guardarlo aquí.</p>
          <Link to="/categorias" className="btn-primary mt-8">
            Ir a productos
          </Link>
        </div>
      ) : (
        <ul className="mt-10 grid grid-cols-2 gap-x-4 gap-y-8 md:grid-cols-4 md:gap-x-6">
          {productos.map((producto) => (
            <li key={producto.id}>
              <ProductCard
                product={producto}
                headingLevel={2}
                favorite={<FavoriteButton productoId={producto.id} initialFavorite nombre={producto.nombre} />}
              />
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}

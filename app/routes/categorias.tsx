import { Link } from "react-router";
import { pageMeta } from "~/components/site/seo";
import { listCategories } from "~/server/shop/catalog.server";
import { getDb } from "~/server/db/index.server";
import { env } from "~/server/env.server";
import type { Route } from "./+types/categorias";

export async function loader() {
  return { categories: await listCategories(getDb()), origin: env.publicUrl };
}

export function meta({ data }: Route.MetaArgs) {
  return pageMeta({
    title: "Productos",
    description: "Productos profesionales de maquillaje, cuidado de cejas y micropigmentación. Elige una categoría.",
    origin: data?.origin,
    path: "/categorias",
  });
}

/** /categorias: the shop's categories as tags, each leading to its listing. */
export default function Categorias({ loaderData }: Route.ComponentProps) {
  const { categories } = loaderData;
  return (
    <section className="container-page py-12 md:py-20">
      <header className="text-center">
        <p className="eyebrow">Tienda</p>
        <h1 className="mt-3 text-4xl md:text-5xl">Categorías</h1>
        <p className="mx-auto mt-4 max-w-md text-muted">
          Productos profesionales que usamos en el estudio, para cuidar tu resultado en casa.
        </p>
      </header>
      {categories.length === 0 ? (
        <p className="mt-12 text-center text-muted">Pronto tendremos productos disponibles.</p>
      ) : (
        <ul className="mx-auto mt-10 flex max-w-3xl flex-wrap justify-center gap-3 md:mt-14 md:gap-4" aria-label="Categorías">
          {categories.map((category) => (
            <li key={category.id}>
              <Link
                to={`/productos/${category.id}`}
                prefetch="intent"
                className="inline-block rounded-full border border-cocoa/30 bg-white/60 px-5 py-2.5 text-sm uppercase tracking-[0.16em] text-cocoa transition-colors hover:border-clay-dark hover:bg-clay-dark hover:text-white md:px-7 md:py-3"
              >
                {category.nombre}
              </Link>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}

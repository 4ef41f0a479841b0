import { Link } from "react-router";
import { SalePrice } from "~/components/products/sale-price";
import { srcSetOf } from "~/components/site/media-image";
import type { SearchResult } from "~/domain/search";

const KIND = { producto: "Producto", curso: "Curso", servicio: "Servicio" } as const;

/** A result of /buscar: image, what it is, name, price (with "antes" on sale), 'Agotado'. */
export function SearchResultCard({ result, priority = false }: { result: SearchResult; priority?: boolean }) {
  const soldOut = result.cantidad !== null && result.cantidad <= 0;
  const srcSet = result.urlImagen ? srcSetOf(result.urlImagen) : undefined;
  return (
    <article className="group relative flex w-full flex-col" data-testid="search-result" data-tipo={result.tipo}>
      <Link to={result.href} className="flex flex-1 flex-col" prefetch="intent">
        <div className="relative aspect-square overflow-hidden rounded-2xl bg-sand">
          {result.urlImagen ? (
            <img
              src={result.urlImagen}
              srcSet={srcSet}
              sizes={srcSet ? "(min-width: 851px) 25vw, 50vw" : undefined}
              alt=""
              loading={priority ? "eager" : "lazy"}
              className="size-full object-cover transition-transform duration-500 group-hover:scale-[1.04]"
            />
          ) : null}
          <span className="absolute left-3 top-3 rounded-full bg-cream/90 px-3 py-1 text-[0.65rem] font-medium uppercase tracking-[0.2em] text-cocoa">
            {soldOut ? "Agotado" : KIND[result.tipo]}
          </span>
        </div>
        <div className="mt-3 flex flex-1 flex-col px-1">
          {result.detalle && (
            <p className="line-clamp-1 text-[0.65rem] uppercase tracking-[0.25em] text-clay-dark">{result.detalle}</p>
          )}
          <h2 className="mt-1 font-sans text-[0.95rem] font-normal leading-snug tracking-normal text-ink">
            {result.titulo}
          </h2>
          {result.precio !== null && result.precio > 0 ? (
            <SalePrice
              precio={result.precio}
              precioAntes={result.precioAntes}
              className="mt-auto pt-2 text-sm font-medium text-cocoa"
            />
          ) : (
            <p className="mt-auto pt-2 text-sm text-muted">
              {result.tipo === "servicio" ? "Agenda tu cita" : "Ver detalles"}
            </p>
          )}
        </div>
      </Link>
    </article>
  );
}

/**
 * /buscar?q=…&pagina=N: the clients' search of products, courses and services (ADR 037),
 * rendered on the server and paginated like the catalogue. Kept out of search engines
 * (noindex) and out of the page cache (its URLs are endless).
 */
import { Link, data } from "react-router";
import { SearchForm } from "~/components/search/search-form";
import { SearchResultCard } from "~/components/search/search-result-card";
import { site } from "~/config/site";
import { parsePage, resultsLabel } from "~/domain/pagination";
import { parseSearch, searchTitle } from "~/domain/search";
import { getDb } from "~/server/db/index.server";
import { searchCatalogue } from "~/server/search/search.server";
import type { Route } from "./+types/buscar";

export async function loader({ request }: Route.LoaderArgs) {
  const url = new URL(request.url);
  const parsed = parseSearch(url.searchParams.get("q"));
  if (!parsed.ok) {
    return data({ q: "", error: parsed.message, title: "Buscar", results: [], total: 0, page: null }, { status: 400 });
  }
  const { query } = parsed;
  if (!query) return { q: "", error: null, title: "Buscar", results: [], total: 0, page: null };
  const found = await searchCatalogue(getDb(), query, parsePage(url.searchParams.get("pagina")));
  return { q: query.text, error: null, title: searchTitle(query), ...found };
}

export function meta({ data: loaderData }: Route.MetaArgs) {
  return [{ title: `${loaderData?.title ?? "Buscar"} | ${site.name}` }, { name: "robots", content: "noindex" }];
}

export default function Buscar({ loaderData }: Route.ComponentProps) {
  const { q, error, title, results, total, page } = loaderData;
  return (
    <section className="container-page py-8 md:py-14">
      <header className="mx-auto flex max-w-xl flex-col items-center text-center">
        <p className="eyebrow">Buscar</p>
        <h1 className="mt-2 text-3xl break-words md:text-5xl [overflow-wrap:anywhere]">{title}</h1>
        <div className="mt-6 w-full">
          <SearchForm defaultValue={q} autoFocus={!q} />
        </div>
        {error && (
          <p role="alert" className="mt-4 text-sm text-clay-dark">
            {error}
          </p>
        )}
        {page && total > 0 && (
          <p className="mt-4 text-sm text-muted" data-testid="results-counter">
            {resultsLabel(page, total)}
          </p>
        )}
      </header>

      {q && total === 0 && (
        <div className="mx-auto mt-12 max-w-md text-center" data-testid="search-empty">
          <p className="text-lg text-cocoa">No encontramos nada para “{q}”.</p>
          <p className="mt-2 text-sm text-muted">Revisa cómo se escribe, usa menos palabras o explora el catálogo.</p>
          <div className="mt-6 flex flex-wrap justify-center gap-3">
            <Link to="/categorias" className="btn-primary">
              Ver productos
            </Link>
            <Link to="/cursos" className="btn-outline">
              Ver cursos
            </Link>
          </div>
        </div>
      )}

      {results.length > 0 && (
        <ul className="mt-8 grid grid-cols-2 gap-x-4 gap-y-8 sm:gap-x-6 md:mt-12 md:grid-cols-4">
          {results.map((result, i) => (
            <li key={`${result.tipo}-${result.id}`} className="flex">
              <SearchResultCard result={result} priority={i === 0} />
            </li>
          ))}
        </ul>
      )}

      {page && page.pages > 1 && <PageButtons q={q} current={page.page} pages={page.pages} />}
    </section>
  );
}

/** The pages, as on a category's listing; many pages show the first, the last and those around this one. */
function PageButtons({ q, current, pages }: { q: string; current: number; pages: number }) {
  const href = (n: number) => `/buscar?q=${encodeURIComponent(q)}${n === 1 ? "" : `&pagina=${n}`}`;
  const shown = Array.from({ length: pages }, (_, i) => i + 1).filter(
    (n) => pages <= 7 || n === 1 || n === pages || Math.abs(n - current) <= 1,
  );
  return (
    <nav aria-label="Páginas" className="mt-12 flex justify-center">
      <ul className="flex flex-wrap items-center justify-center gap-2">
        {shown.map((n, i) => (
          <li key={n} className="flex items-center gap-2">
            {i > 0 && n - shown[i - 1]! > 1 && (
              <span aria-hidden className="text-muted">
                …
              </span>
            )}
            <Link
              to={href(n)}
              aria-label={`Página ${n}`}
              aria-current={n === current ? "page" : undefined}
              className={`flex size-10 items-center justify-center rounded-full border text-sm transition-colors ${
                n === current
                  ? "border-cocoa bg-cocoa text-cream"
                  : "border-cocoa/25 text-cocoa hover:border-clay hover:text-clay"
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

/**
 * The rows of a list that follows 'Filtrar y exportar' (issue 29), a page at a time, each
 * opening its screen; 'Quitar filtro' goes back to the usual view.
 */
import { Link } from "react-router";
import { AdminList } from "~/components/admin/admin-list";

type Item = { id: string; title: string; detail: string; badge: string; href: string };

export function FilteredResults({
  path,
  items,
  pagina,
  more,
  query,
}: {
  /** the screen's own path ('/admin/pagos') */
  path: string;
  items: Item[];
  pagina: number;
  more: boolean;
  query: string;
}) {
  const page = (n: number) => `${path}${query}${query ? "&" : "?"}pagina=${n}`;
  return (
    <section aria-labelledby="filtrados" className="space-y-3" data-testid="filtered-results">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h2 id="filtrados" className="text-xl">
          Resultados del filtro{pagina > 1 ? ` · página ${pagina}` : ""}
        </h2>
        <Link to={path} className="text-sm font-medium text-clay-dark underline">
          Quitar filtro
        </Link>
      </div>
      <AdminList
        items={items.map(({ href: _href, badge, ...item }) => ({ ...item, ...(badge ? { badge } : {}) }))}
        hrefOf={(item) => items.find((i) => i.id === item.id)?.href ?? path}
        empty="Nada coincide con el filtro."
      />
      {(pagina > 1 || more) && (
        <nav aria-label="Páginas" className="flex items-center justify-between gap-2">
          {pagina > 1 ? (
            <Link to={page(pagina - 1)} rel="prev" className="btn-outline">
              Anterior
            </Link>
          ) : (
            <span />
          )}
          {more ? (
            <Link to={page(pagina + 1)} rel="next" className="btn-outline">
              Siguiente
            </Link>
          ) : (
            <span />
          )}
        </nav>
      )}
    </section>
  );
}

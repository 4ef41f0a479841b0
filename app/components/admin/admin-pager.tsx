/** Page links under a paginated admin list: 'Anterior', 'Página N de M', 'Siguiente'. */
import { Link } from "react-router";

export function AdminPager({
  page,
  pages,
  hrefOf,
}: {
  page: number;
  pages: number;
  /** the URL of page n, keeping the list's search and filters */
  hrefOf: (page: number) => string;
}) {
  if (pages <= 1) return null;
  return (
    <nav aria-label="Páginas" className="flex items-center justify-between gap-2" data-testid="admin-pager">
      {page > 1 ? (
        <Link to={hrefOf(page - 1)} rel="prev" className="btn-outline">
          Anterior
        </Link>
      ) : (
        <span />
      )}
      <span className="text-sm text-muted">
        Página {page} de {pages}
      </span>
      {page < pages ? (
        <Link to={hrefOf(page + 1)} rel="next" className="btn-outline">
          Siguiente
        </Link>
      ) : (
        <span />
      )}
    </nav>
  );
}

/** `?q=…&pagina=n` (and any other filters given), for the pager's links. */
export function listHref(params: Record<string, string | number | null | undefined>, pagina: number): string {
  const search = new URLSearchParams();
  for (const [key, value] of Object.entries(params)) {
    if (value !== null && value !== undefined && value !== "") search.set(key, String(value));
  }
  if (pagina > 1) search.set("pagina", String(pagina));
  const query = search.toString();
  return query ? `?${query}` : "?";
}

/**
 * /admin/clientas: every client, newest first (accounts and people who booked without one,
 * ADR 041), searched by name, e-mail or phone; each opens her record.
 */
import { data } from "react-router";
import { AdminList, SearchBox } from "~/components/admin/admin-list";
import { ExportPanel } from "~/components/admin/export-panel";
import { FilteredResults } from "~/components/admin/filtered-results";
import { FILTER_MARK, FILTROS } from "~/domain/export-filters";
import { filteredList } from "~/server/admin/filtered-lists.server";
import { AdminPager, listHref } from "~/components/admin/admin-pager";
import { AdminPage } from "~/components/admin/admin-page";
import { formatSpanishDate } from "~/domain/dates";
import { paginate, parsePage, resultsLabel } from "~/domain/pagination";
import { parseSearch } from "~/domain/search";
import { refuseWrites, requireAdmin } from "~/server/admin/guard.server";
import { listClients } from "~/server/clients/search.server";
import { getDb } from "~/server/db/index.server";
import type { Route } from "./+types/clientas";

const CLIENTS_PER_PAGE = 30;

export async function loader({ request }: Route.LoaderArgs) {
  await requireAdmin(request);
  const url = new URL(request.url);
  const parsed = parseSearch(url.searchParams.get("q"));
  const eliminada = url.searchParams.get("eliminada") === "1";
  const db = getDb();
  // the contador's filter (date of sign-up, state, a search), the same rows as its CSV
  const filtrado = await filteredList(db, "clientas", url);
  if (!parsed.ok)
    return data(
      {
        q: "",
        error: parsed.message,
        eliminada,
        total: 0,
        page: paginate(0, 1, CLIENTS_PER_PAGE),
        items: [],
        filtrado,
      },
      { status: 400 },
    );
  const asked = Math.min(parsePage(url.searchParams.get("pagina")), 10_000);
  let found = await listClients(db, parsed.query, CLIENTS_PER_PAGE, (asked - 1) * CLIENTS_PER_PAGE);
  // a page past the end: the last one
  if (found.rows.length === 0 && asked > 1) {
    const total = (await listClients(db, parsed.query, 1, 0)).total;
    const last = paginate(total, asked, CLIENTS_PER_PAGE);
    found = await listClients(db, parsed.query, CLIENTS_PER_PAGE, last.offset);
  }
  const page = paginate(found.total, asked, CLIENTS_PER_PAGE);
  return {
    q: parsed.query?.text ?? "",
    error: null,
    eliminada,
    filtrado,
    total: found.total,
    page,
    items: found.rows.map((c) => ({
      id: c.id,
      title: c.nombre,
      detail: [c.correo, c.telefono, `desde el ${formatSpanishDate(c.desde)}`].filter(Boolean).join(" · "),
      badge: c.cuenta ? undefined : "Sin cuenta",
    })),
  };
}

export const action = ({ request }: Route.ActionArgs) => refuseWrites(request);

export default function AdminClients({ loaderData }: Route.ComponentProps) {
  const { q, error, eliminada, total, page, items, filtrado } = loaderData;
  return (
    <AdminPage title="Clientas">
      {eliminada && (
        <p role="status" className="rounded-2xl bg-blush/40 p-4 text-sm text-cocoa">
          Los datos de la clienta se eliminaron. Sus compras facturadas se conservan sin datos de contacto.
        </p>
      )}
      <ExportPanel
        lista="clientas"
        applies
        mark={FILTER_MARK}
        errors={filtrado.errors}
        estados={FILTROS.clientas.estados}
        metodos={FILTROS.clientas.metodos}
        searchLabel="Nombre, correo o teléfono"
        value={filtrado.filter}
      />
      {filtrado.active && <FilteredResults path="/admin/clientas" {...filtrado} />}
      <SearchBox label="Buscar clienta por nombre, correo o teléfono" placeholder="Nombre, correo o teléfono" q={q} />
      {error && (
        <p role="alert" className="text-sm text-clay-dark">
          {error}
        </p>
      )}
      <p className="text-sm text-muted" data-testid="admin-count">
        {total > 0 ? resultsLabel(page, total) : "0 resultados"}
      </p>
      <AdminList
        items={items}
        hrefOf={(item) => `/admin/clientas/${encodeURIComponent(item.id)}`}
        empty={q ? "Ninguna clienta coincide con la búsqueda." : "Aún no hay clientas."}
      />
      <AdminPager page={page.page} pages={page.pages} hrefOf={(pagina) => listHref({ q }, pagina)} />
    </AdminPage>
  );
}

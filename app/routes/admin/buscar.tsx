/**
 * /admin/buscar?q=…: the owner's search (ADR 037) over products, courses and services
 * (unpublished ones too), orders by folio or phone, and clients by name, e-mail or phone.
 * Each kind shows its first matches; the lists themselves hold the rest.
 */
import { Link, data } from "react-router";
import { AdminPage, AdminPanel } from "~/components/admin/admin-page";
import { SearchForm } from "~/components/search/search-form";
import { formatSpanishDateTime } from "~/domain/dates";
import { formatPrice } from "~/domain/money";
import { type SearchResult, parseSearch } from "~/domain/search";
import { refuseWrites, requireAdmin } from "~/server/admin/guard.server";
import { getDb } from "~/server/db/index.server";
import { type AdminSearch, searchAdmin } from "~/server/search/search.server";
import type { Route } from "./+types/buscar";

const EMPTY: AdminSearch = { catalogo: [], pedidos: [], clientes: [] };

/** A search only reads: a post is a 404 for anyone but the admin (refuseWrites). */
export const action = ({ request }: Route.ActionArgs) => refuseWrites(request);

export async function loader({ request }: Route.LoaderArgs) {
  await requireAdmin(request);
  const parsed = parseSearch(new URL(request.url).searchParams.get("q"));
  if (!parsed.ok) return data({ q: "", error: parsed.message, ...EMPTY }, { status: 400 });
  if (!parsed.query) return { q: "", error: null, ...EMPTY };
  const found = await searchAdmin(getDb(), parsed.query);
  return {
    q: parsed.query.text,
    error: null,
    ...found,
    pedidos: found.pedidos.map((p) => ({ ...p, fecha: formatSpanishDateTime(new Date(p.fecha)) })),
  };
}

const KIND: Record<SearchResult["tipo"], { label: string; admin: string }> = {
  producto: { label: "Producto", admin: "productos" },
  curso: { label: "Curso", admin: "cursos" },
  servicio: { label: "Servicio", admin: "servicios" },
};

export default function AdminSearchPage({ loaderData }: Route.ComponentProps) {
  const { q, error, catalogo, pedidos, clientes } = loaderData;
  const nothing = q && catalogo.length + pedidos.length + clientes.length === 0;
  return (
    <AdminPage title="Buscar">
      <div className="max-w-xl">
        <SearchForm
          action="/admin/buscar"
          defaultValue={q}
          label="Buscar productos, cursos, servicios, pedidos y clientes"
          autoFocus={!q}
        />
        <p className="mt-2 text-xs text-muted">
          Nombre de producto, curso o servicio, folio de pedido, nombre, correo o teléfono de una clienta.
        </p>
        {error && (
          <p role="alert" className="mt-3 text-sm text-clay-dark">
            {error}
          </p>
        )}
      </div>
      {nothing && (
        <p className="text-muted" data-testid="admin-search-empty">
          Nada coincide con “{q}”.
        </p>
      )}
      {catalogo.length > 0 && (
        <AdminPanel title="Catálogo">
          <ul className="divide-y divide-sand" data-testid="admin-search-catalogo">
            {catalogo.map((r) => (
              <li key={`${r.tipo}-${r.id}`}>
                <Link
                  to={`/admin/${KIND[r.tipo].admin}/${r.id}`}
                  className="flex min-h-12 flex-wrap items-center gap-x-3 gap-y-1 py-3 hover:text-clay"
                >
                  <span className="rounded-full bg-sand px-2 py-0.5 text-xs text-cocoa">{KIND[r.tipo].label}</span>
                  <span className="min-w-0 flex-1 font-medium text-cocoa">{r.titulo}</span>
                  {r.precio !== null && r.precio > 0 && (
                    <span className="text-sm text-muted">{formatPrice(r.precio)}</span>
                  )}
                  {r.cantidad !== null && <span className="text-sm text-muted">{r.cantidad} pzas</span>}
                </Link>
              </li>
            ))}
          </ul>
        </AdminPanel>
      )}
      {pedidos.length > 0 && (
        <AdminPanel title="Pedidos">
          <ul className="divide-y divide-sand" data-testid="admin-search-pedidos">
            {pedidos.map((p) => (
              <li key={p.id}>
                <Link
                  to={`/admin/pedidos/${p.id}`}
                  className="flex min-h-12 flex-wrap items-center gap-x-3 gap-y-1 py-3 hover:text-clay"
                >
                  <span className="font-mono text-sm text-cocoa">{p.id}</span>
                  <span className="min-w-0 flex-1 truncate">{p.cliente}</span>
                  <span className="text-sm text-muted">{p.fecha}</span>
                  <span className="text-sm font-medium text-cocoa">{formatPrice(p.total)}</span>
                </Link>
              </li>
            ))}
          </ul>
        </AdminPanel>
      )}
      {clientes.length > 0 && (
        <AdminPanel title="Clientas">
          <ul className="divide-y divide-sand" data-testid="admin-search-clientes">
            {clientes.map((c) => (
              <li key={c.id}>
                <Link
                  to={`/admin/pedidos?q=${encodeURIComponent(c.correo)}`}
                  className="flex min-h-12 flex-wrap items-center gap-x-3 gap-y-1 py-3 hover:text-clay"
                >
                  <span className="min-w-0 flex-1 font-medium text-cocoa">{c.nombre}</span>
                  <span className="break-all text-sm text-muted">{c.correo}</span>
                  {c.telefono && <span className="text-sm text-muted">{c.telefono}</span>}
                </Link>
              </li>
            ))}
          </ul>
        </AdminPanel>
      )}
    </AdminPage>
  );
}

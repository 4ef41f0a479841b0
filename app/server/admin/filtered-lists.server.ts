/**
 * The owner's lists on screen with the contador's filter (issue 29 part 2): payments,
 * appointments, clients and invoices follow 'Filtrar y exportar' on their own screens — the
 * same filter and the same rows as their CSV (exports.server.ts `listPage`), newest first, a
 * page at a time. Without a filter each screen shows what it always showed.
 */
import { formatSpanishDate, formatSpanishDateTime } from "~/domain/dates";
import { ESTADOS_CITA, ESTADOS_FACTURA, ESTADOS_PAGO, FILTER_MARK, type Lista, METODOS } from "~/domain/export-filters";
import { formatPrice } from "~/domain/money";
import type { Db } from "../db/index.server";
import { type ListFilter, filterQuery, listPage, readListFilter } from "./exports.server";

export type FilteredItem = { id: string; title: string; detail: string; badge: string; href: string };

type Row = Record<string, unknown>;
const str = (v: unknown) => (v === null || v === undefined ? "" : String(v));
const when = (v: unknown) => (v ? formatSpanishDateTime(new Date(String(v))) : "");
const label = (map: Record<string, string>, v: unknown) => map[str(v)] ?? str(v);
const joined = (...parts: string[]) => parts.filter(Boolean).join(" · ");

const ITEMS: Record<Exclude<Lista, "pedidos">, (r: Row) => FilteredItem> = {
  pagos: (r) => ({
    id: str(r.id),
    title: joined(formatPrice(Number(r.monto ?? 0)), label(METODOS, r.metodo)),
    detail: joined(
      str(r.nombre) || str(r.correo),
      when(r.fecha),
      r.compra_id ? `Pedido ${str(r.compra_id)}` : r.tipo === "anticipo" ? "Anticipo de cita" : "",
    ),
    badge: label(ESTADOS_PAGO, r.estado),
    href: r.compra_id
      ? `/admin/pedidos/${encodeURIComponent(str(r.compra_id))}`
      : r.cita_id
        ? `/admin/agenda/${encodeURIComponent(str(r.cita_id))}`
        : "/admin/pagos",
  }),
  citas: (r) => ({
    id: str(r.id),
    title: joined(str(r.nombre), str(r.tratamiento)),
    detail: joined(when(r.fecha), str(r.telefono), str(r.correo)),
    badge: label(ESTADOS_CITA, r.estado),
    href: `/admin/agenda/${encodeURIComponent(str(r.id))}`,
  }),
  clientas: (r) => ({
    id: str(r.id),
    title: str(r.nombre) || str(r.correo),
    detail: joined(str(r.correo), r.fecha ? `desde el ${formatSpanishDate(new Date(String(r.fecha)))}` : ""),
    badge: "",
    href: `/admin/clientas/${encodeURIComponent(str(r.id))}`,
  }),
  facturas: (r) => ({
    id: str(r.id),
    title: joined(`${str(r.serie)}${str(r.folio)}` || str(r.uuid), str(r.razon_social)),
    detail: joined(formatPrice(Number(r.total ?? 0)), str(r.rfc), when(r.fecha)),
    badge: label(ESTADOS_FACTURA, r.estado),
    href: r.compra_id ? `/admin/pedidos/${encodeURIComponent(str(r.compra_id))}` : "/admin/facturas",
  }),
};

export const FILTERED_PER_PAGE = 30;

export type FilteredList = {
  filter: ListFilter;
  errors: string[];
  /** whether a filter is set: the screen shows its rows instead of (or above) its usual view */
  active: boolean;
  items: FilteredItem[];
  pagina: number;
  more: boolean;
  /** the filter as a query string, for the pager and the CSV link */
  query: string;
};


const NO_FILTER: ListFilter = { desde: null, hasta: null, estado: null, pago: null, metodo: null, q: "" };

/** The screen's filter from its URL, and its rows when one is set through the panel. */
export async function filteredList(db: Db, lista: Exclude<Lista, "pedidos">, url: URL): Promise<FilteredList> {
  const marked = url.searchParams.get(FILTER_MARK) === "1";
  const { filter, errors } = marked ? readListFilter(lista, url) : { filter: NO_FILTER, errors: [] };
  const active = marked && Boolean(filter.desde || filter.hasta || filter.estado || filter.metodo || filter.q);
  const asked = Number.parseInt(url.searchParams.get("pagina") ?? "1", 10);
  const pagina = Number.isSafeInteger(asked) && asked >= 1 && asked <= 10_000 ? asked : 1;
  if (!active) return { filter, errors, active, items: [], pagina: 1, more: false, query: "" };
  const { rows, more } = await listPage(db, lista, filter, pagina, FILTERED_PER_PAGE);
  const query = `${filterQuery(filter)}&${FILTER_MARK}=1`;
  return { filter, errors, active, items: rows.map(ITEMS[lista]), pagina, more, query };
}

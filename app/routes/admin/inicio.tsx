/**
 * /admin: the day's money and what needs the owner (issue 29): net sales today, the last 7
 * days, this month and a chosen range, per channel, with a bar chart of the range and the same
 * figures as text; orders to ship, today's appointments, vouchers waiting, low stock; then a
 * tile per section. Every amount comes from server/admin/sales.server.ts (ADR 035).
 */
import { AlertTriangle, CalendarDays, Download, Package, Receipt } from "lucide-react";
import { Form, Link } from "react-router";
import { ADMIN_SECTIONS } from "~/components/admin/admin-nav";
import { AdminPage, AdminPanel } from "~/components/admin/admin-page";
import { CHANNELS, SalesChart } from "~/components/admin/sales-chart";
import { formatSpanishCalendarDate } from "~/domain/dates";
import { formatPrice } from "~/domain/money";
import { plural } from "~/domain/plural";
import { refuseWrites, requireAdmin } from "~/server/admin/guard.server";
import {
  type DayRange,
  type RangeTotals,
  fixedRanges,
  ownerToDo,
  readRange,
  salesSeries,
  salesTotals,
} from "~/server/admin/sales.server";
import { adminHomeCounts } from "~/server/admin/sections.server";
import { appContext } from "~/server/context.server";
import { getDb } from "~/server/db/index.server";
import type { Route } from "./+types/inicio";

export async function loader({ request }: Route.LoaderArgs) {
  const user = await requireAdmin(request);
  const db = getDb();
  const now = appContext().clock();
  const url = new URL(request.url);
  const fixed = fixedRanges(now);
  const chosen = readRange(url.searchParams.get("desde"), url.searchParams.get("hasta"), fixed.mes);
  const rango = chosen.ok ? chosen.range : fixed.mes;
  const [totales, serie, pendientes, counts] = await Promise.all([
    salesTotals(db, { ...fixed, rango }),
    salesSeries(db, rango),
    ownerToDo(db, now),
    adminHomeCounts(db),
  ]);
  return { nombre: user.name, rango, error: chosen.ok ? null : chosen.message, totales, serie, pendientes, counts };
}

export const action = ({ request }: Route.ActionArgs) => refuseWrites(request);

const rangeText = (r: DayRange) =>
  r.desde === r.hasta
    ? formatSpanishCalendarDate(r.desde)
    : `${formatSpanishCalendarDate(r.desde)} al ${formatSpanishCalendarDate(r.hasta)}`;

function MoneyCard({ id, title, totals, sub }: { id: string; title: string; totals: RangeTotals; sub?: string }) {
  return (
    <section aria-labelledby={`ventas-${id}`} className="rounded-2xl border border-sand bg-white p-4" data-testid={`ventas-${id}`}>
      <h2 id={`ventas-${id}`} className="text-sm font-medium text-muted">
        {title}
      </h2>
      {sub && <p className="text-xs text-muted">{sub}</p>}
      <p className="mt-1 font-serif text-3xl text-cocoa" data-neto={totals.total.neto}>
        {formatPrice(totals.total.neto)}
      </p>
      <p className="text-xs text-muted">
        {plural(totals.total.n, "venta", "ventas")}
        {totals.total.reembolsos > 0 && ` · ${formatPrice(totals.total.reembolsos)} reembolsado`}
      </p>
      <dl className="mt-3 space-y-1 text-sm">
        {CHANNELS.map(({ canal, label }) => (
          <div key={canal} className="flex justify-between gap-2" data-canal={canal} data-neto={totals[canal].neto}>
            <dt className="text-muted">{label}</dt>
            <dd className="tabular-nums text-ink">{formatPrice(totals[canal].neto)}</dd>
          </div>
        ))}
      </dl>
    </section>
  );
}

export default function AdminHome({ loaderData }: Route.ComponentProps) {
  const { nombre, rango, error, totales, serie, pendientes, counts } = loaderData;
  const notes: Record<string, string> = {
    "/admin/agenda": counts.citasHoy ? `${plural(counts.citasHoy, "cita", "citas")} hoy` : "Sin citas hoy",
    "/admin/bloqueos": "Festivos y horas sin citas",
    "/admin/pedidos": `${plural(counts.pedidos, "pedido", "pedidos")} por enviar`,
    "/admin/reembolsos": counts.reembolsos ? `${plural(counts.reembolsos, "pago", "pagos")} por reembolsar` : "Nada por reembolsar",
    "/admin/accesos": "Dar o quitar un curso a mano",
    "/admin/cursos-de-regalo": "Cursos que regalan otro",
    "/admin/productos": `${plural(counts.productos, "producto", "productos")}${counts.agotados ? ` · ${plural(counts.agotados, "agotado", "agotados")}` : ""}`,
    "/admin/categorias": plural(counts.categorias, "categoría", "categorías"),
    "/admin/servicios": plural(counts.servicios, "servicio", "servicios"),
    "/admin/cursos": plural(counts.cursos, "curso", "cursos"),
    "/admin/visitas": plural(counts.visitas, "visita", "visitas"),
    "/admin/promociones": "Códigos de descuento",
    "/admin/envios": "Tarifas y envío gratis",
    "/admin/aviso": "Pausar las compras",
  };
  const unidad = serie.unidad === "dia" ? "día" : "mes";
  const summary = `Ventas netas por ${unidad} del ${rangeText(rango)}: ${formatPrice(totales.rango.total.neto)} en total. Las cifras están en la tabla de abajo.`;
  const todo = [
    { href: "/admin/pedidos?estado=0", icon: Package, n: pendientes.porEnviar, text: plural(pendientes.porEnviar, "pedido por enviar", "pedidos por enviar") },
    { href: "/admin/agenda", icon: CalendarDays, n: pendientes.citasHoy, text: plural(pendientes.citasHoy, "cita hoy", "citas hoy") },
    {
      href: "/admin/pagos?estado=pendiente",
      icon: Receipt,
      n: pendientes.fichas,
      text: `${plural(pendientes.fichas, "ficha pendiente", "fichas pendientes")}${pendientes.fichas ? ` · ${formatPrice(pendientes.fichasMonto)}` : ""}`,
    },
    {
      href: "/admin/productos",
      icon: AlertTriangle,
      n: pendientes.stockBajo.n,
      text: plural(pendientes.stockBajo.n, "producto con poco stock", "productos con poco stock"),
    },
  ];
  return (
    <AdminPage title={`Hola, ${nombre}`}>
      <div className="grid grid-cols-2 gap-3 lg:grid-cols-4">
        <MoneyCard id="hoy" title="Hoy" totals={totales.hoy} />
        <MoneyCard id="semana" title="Últimos 7 días" totals={totales.semana} />
        <MoneyCard id="mes" title="Este mes" totals={totales.mes} />
        <MoneyCard id="rango" title="Periodo elegido" sub={rangeText(rango)} totals={totales.rango} />
      </div>

      <AdminPanel title="Ventas del periodo">
        <Form method="get" className="mb-4 flex flex-wrap items-end gap-3" aria-describedby={error ? "rango-error" : undefined}>
          <label className="min-w-36 flex-1 sm:flex-none">
            <span className="mb-1 block text-sm text-muted">Desde</span>
            <input type="date" name="desde" defaultValue={rango.desde} max="2100-12-31" min="2000-01-01" className="field min-h-12" />
          </label>
          <label className="min-w-36 flex-1 sm:flex-none">
            <span className="mb-1 block text-sm text-muted">Hasta</span>
            <input type="date" name="hasta" defaultValue={rango.hasta} max="2100-12-31" min="2000-01-01" className="field min-h-12" />
          </label>
          <button type="submit" className="btn-outline min-h-12">
            Ver periodo
          </button>
          <a
            href={`/admin/exportar/pedidos?desde=${rango.desde}&hasta=${rango.hasta}`}
            className="btn-outline min-h-12"
            download
          >
            <Download className="size-4" aria-hidden /> Pedidos en CSV
          </a>
        </Form>
        {error && (
          <p id="rango-error" role="alert" className="mb-4 rounded-xl bg-blush px-3 py-2 text-sm text-cocoa">
            {error} Mostramos este mes.
          </p>
        )}
        <SalesChart buckets={serie.buckets} summary={summary} />
        <details className="mt-4">
          <summary className="min-h-11 cursor-pointer py-2 text-sm text-clay-dark">Ver las cifras por {unidad}</summary>
          <div className="overflow-x-auto">
            <table className="w-full min-w-[28rem] text-sm" data-testid="sales-table">
              <caption className="sr-only">Ventas netas por {unidad} y canal</caption>
              <thead className="text-left text-xs text-muted">
                <tr>
                  <th scope="col" className="py-2 font-medium">
                    {serie.unidad === "dia" ? "Día" : "Mes"}
                  </th>
                  {CHANNELS.map((c) => (
                    <th key={c.canal} scope="col" className="py-2 pl-2 text-right font-medium">
                      {c.label}
                    </th>
                  ))}
                  <th scope="col" className="py-2 pl-2 text-right font-medium">
                    Neto
                  </th>
                </tr>
              </thead>
              <tbody className="tabular-nums">
                {serie.buckets.map((b) => (
                  <tr key={b.key} className="border-t border-sand">
                    <th scope="row" className="py-2 text-left font-normal text-cocoa">
                      {b.label}
                    </th>
                    {CHANNELS.map((c) => (
                      <td key={c.canal} className="py-2 pl-2 text-right">
                        {formatPrice(b[c.canal])}
                      </td>
                    ))}
                    <td className="py-2 pl-2 text-right text-ink">{formatPrice(b.neto)}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        </details>
      </AdminPanel>

      <AdminPanel title="Por atender">
        <ul className="grid gap-2 sm:grid-cols-2" data-testid="owner-todo">
          {todo.map(({ href, icon: Icon, n, text }) => (
            <li key={href}>
              <Link to={href} className="flex min-h-14 items-center gap-3 rounded-xl border border-sand p-3 hover:border-clay">
                <Icon className={`size-5 shrink-0 ${n ? "text-clay-dark" : "text-muted"}`} aria-hidden />
                <span className="text-ink">{text}</span>
              </Link>
            </li>
          ))}
        </ul>
        {pendientes.stockBajo.productos.length > 0 && (
          <ul className="mt-4 space-y-1 text-sm" aria-label="Productos con poco stock" data-testid="low-stock">
            {pendientes.stockBajo.productos.map((p) => (
              <li key={p.id} className="flex justify-between gap-3">
                <Link to={`/admin/productos/${p.id}`} className="min-w-0 truncate text-clay-dark underline-offset-4 hover:underline">
                  {p.nombre}
                </Link>
                <span className="shrink-0 text-muted">{p.cantidad <= 0 ? "Agotado" : plural(p.cantidad, "pieza", "piezas")}</span>
              </li>
            ))}
          </ul>
        )}
      </AdminPanel>

      <ul className="grid gap-3 sm:grid-cols-2 lg:grid-cols-3">
        {ADMIN_SECTIONS.filter((s) => s.href !== "/admin").map(({ href, label, icon: Icon }) => (
          <li key={href}>
            <Link
              to={href}
              className="flex min-h-20 items-center gap-4 rounded-2xl border border-sand bg-white p-4 hover:border-clay"
            >
              <span className="grid size-12 shrink-0 place-items-center rounded-full bg-blush text-cocoa">
                <Icon className="size-6" aria-hidden />
              </span>
              <span>
                <span className="block font-serif text-xl text-cocoa">{label}</span>
                <span className="block text-sm text-muted">{notes[href]}</span>
              </span>
            </Link>
          </li>
        ))}
      </ul>
    </AdminPage>
  );
}

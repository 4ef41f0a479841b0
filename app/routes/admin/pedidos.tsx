/**
 * /admin/pedidos: orders, newest first; filter by shipping state, and (issue 29) by studio days,
 * payment state and method, search by folio, name, e-mail or phone; the same filter as CSV.
 */
import { AdminList, SearchBox } from "~/components/admin/admin-list";
import { AdminPager, listHref } from "~/components/admin/admin-pager";
import { AdminPage } from "~/components/admin/admin-page";
import { ESTADOS_ENVIO, estadoEnvioLabel, estadoPagoLabel } from "~/domain/order-status";
import { formatSpanishDateTime } from "~/domain/dates";
import { formatPrice } from "~/domain/money";
import { getDb } from "~/server/db/index.server";
import { refuseWrites, requireAdmin } from "~/server/admin/guard.server";
import { listAdminOrders, orderFilter } from "~/server/admin/orders.server";
import { ESTADOS_PAGO_PEDIDO, FILTROS } from "~/server/admin/exports.server";
import { ExportPanel } from "~/components/admin/export-panel";
import type { Route } from "./+types/pedidos";
import { plural } from "~/domain/plural";

export async function loader({ request }: Route.LoaderArgs) {
  await requireAdmin(request);
  const { errors, ...filter } = orderFilter(new URL(request.url));
  const { orders, total, page } = await listAdminOrders(getDb(), filter);
  return {
    errors,
    opciones: { metodos: FILTROS.pedidos.metodos, pagos: ESTADOS_PAGO_PEDIDO },
    filter: { ...filter, pagina: page.page },
    total,
    pages: page.pages,
    items: orders.map((o) => ({
      id: o.id,
      title: `${o.id} · ${o.nombre}`,
      detail: `${formatPrice(o.total)} · ${formatSpanishDateTime(o.fecha)} · ${o.email}`,
      // An OXXO/SPEI order not paid (or expired) says so before anything else: never shipped unpaid.
      badge: o.estadoPago !== "pagado" ? estadoPagoLabel(o.estadoPago) : o.curso ? "Curso" : estadoEnvioLabel(o.estadoEnvio),
    })),
  };
}

export const action = ({ request }: Route.ActionArgs) => refuseWrites(request);

export default function AdminOrders({ loaderData: { filter, total, pages, items, errors, opciones } }: Route.ComponentProps) {
  const { pagina: _pagina, ...params } = filter;
  return (
    <AdminPage title="Pedidos">
      <ExportPanel
        lista="pedidos"
        applies
        errors={errors}
        estados={Object.fromEntries(ESTADOS_ENVIO.map((label, i) => [String(i), label]))}
        pagos={opciones.pagos}
        metodos={opciones.metodos}
        value={{ ...filter, estado: filter.estado === null ? null : String(filter.estado), q: filter.q }}
      />
      <SearchBox label="Buscar por número de pedido, nombre, correo o teléfono" placeholder="Número, nombre, correo o teléfono" q={filter.q}>
        <label className="w-full sm:w-auto">
          <span className="sr-only">Estado del envío</span>
          <select name="estado" defaultValue={filter.estado ?? ""} className="field min-h-12">
            <option value="">Todos los estados</option>
            {ESTADOS_ENVIO.map((label, i) => (
              <option key={label} value={i}>
                {label}
              </option>
            ))}
          </select>
        </label>
      </SearchBox>
      <p className="text-sm text-muted">{plural(total, "pedido", "pedidos")}</p>
      <AdminList
        items={items}
        hrefOf={(item) => `/admin/pedidos/${item.id}`}
        empty="No hay pedidos con estos filtros."
      />
      <AdminPager
        page={filter.pagina}
        pages={pages}
        hrefOf={(pagina) => listHref(params, pagina)}
      />
    </AdminPage>
  );
}

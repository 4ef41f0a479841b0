/**
 * /admin/pedidos/{id}: one order with its lines, where it goes and who to contact, and its
 * shipping state (0 Pendiente, 1 Preparando, 2 Enviado, 3 Entregado) with the carrier and
 * tracking number the buyer sees in /mis-compras; each change of state mails the buyer.
 * Its money (issue 28): what was paid and given back, 'Reembolsar' (all or part, through the
 * provider) and 'Cancelar pedido' before it ships (stock back, voucher void or money refunded).
 */
import { ESTADOS_CANCELACION } from "~/domain/cfdi";
import { cfdiOfOrder } from "~/server/invoicing/credit-notes.server";
import { data } from "react-router";
import { AdminForm } from "~/components/admin/admin-form";
import { AdminPage, AdminPanel } from "~/components/admin/admin-page";
import { confirmCancelOrder, confirmRefund } from "~/domain/messages";
import { estadoEnvioLabel, estadoPagoLabel } from "~/domain/order-status";
import { useActionFeedback } from "~/components/admin/use-admin-feedback";
import { formatSpanishDateTime } from "~/domain/dates";
import { formatPrice } from "~/domain/money";
import { getDb } from "~/server/db/index.server";
import { specsOf } from "~/server/admin/fields.server";
import { requireAdmin } from "~/server/admin/guard.server";
import {
  cancelAdminOrder,
  cancelFields,
  getAdminOrder,
  refundFields,
  refundOrder,
  shippingStateFields,
  updateShippingState,
} from "~/server/admin/orders.server";
import type { Route } from "./+types/pedido";

/** The checkout form's fields (SPEC §3) in the order a parcel label reads them. */
const ENVIO_LABELS: [string, string][] = [
  ["nombre", "Nombre"],
  ["apellido", "Apellido"],
  ["direccion", "Dirección"],
  ["colonia", "Colonia"],
  ["codigo_postal", "Código postal"],
  ["ciudad", "Ciudad"],
  ["estado", "Estado"],
  ["pais", "País"],
];

const FACTURA_ESTADOS: Record<string, string> = {
  emitiendo: "Generándose",
  vigente: "Vigente",
  cancelando: "Cancelación en proceso",
  cancelada: "Cancelada",
};

/** How a refund shows in the CFDI. */
const NOTA_ESTADOS: Record<string, string> = {
  espera: "Sin CFDI todavía (irá en la factura o en la global, neta)",
  neto: "Descontado en la factura global",
  cancelacion: "Cubierto por la cancelación de la factura",
  emitiendo: "Nota de crédito emitiéndose",
  vigente: "Nota de crédito emitida",
  fallida: "Nota de crédito: falló, se reintenta",
};

export async function loader({ request, params }: Route.LoaderArgs) {
  await requireAdmin(request);
  const order = await getAdminOrder(getDb(), params.id);
  if (!order) throw data(null, { status: 404 });
  const cfdi = await cfdiOfOrder(getDb(), order.id);
  return {
    // the order's CFDI (ADR 034): its invoice, its cancellation as Facturapi left it, its notas de crédito
    cfdi: {
      facturas: cfdi.facturas.map((f) => ({
        id: f.id,
        estado: FACTURA_ESTADOS[f.estado] ?? f.estado,
        uuid: f.uuid,
        motivo: f.motivoCancelacion,
        cancelacion: f.cancelacionEstado ? (ESTADOS_CANCELACION[f.cancelacionEstado] ?? f.cancelacionEstado) : null,
      })),
      notas: cfdi.notas.map((n) => ({ id: n.reembolsoId, monto: n.monto, estado: NOTA_ESTADOS[n.estado] ?? n.estado, uuid: n.uuid, vigente: n.estado === "vigente" })),
    },
    order: {
      id: order.id,
      fecha: formatSpanishDateTime(order.fecha),
      total: order.total,
      envio: order.envio,
      codigoPedido: order.codigoDescuento,
      descuento: order.descuento,
      curso: order.curso,
      estadoEnvio: order.estadoEnvio,
      estadoPago: order.estadoPago,
      paqueteria: order.paqueteria,
      guia: order.guia,
      proveedor: order.proveedor,
      pagoId: order.pagoId,
      comprador: order.comprador,
      dinero: order.dinero && {
        pagado: order.dinero.pagado,
        reembolsado: order.dinero.reembolsado,
        disponible: order.dinero.disponible,
        reembolsos: order.dinero.reembolsos.map((r) => ({
          id: r.id,
          monto: r.monto,
          motivo: r.motivo,
          hecho: r.estado === "hecho",
          fecha: formatSpanishDateTime(r.createdAt),
        })),
      },
      datosEnvio: order.datosEnvio ?? null,
      datosContacto: order.datosContacto ?? null,
      lines: order.lines.map(({ id, nombre, url, precio, precioOriginal, cantidad, codigoDescuento }) => ({
        id,
        nombre,
        url,
        precio,
        precioOriginal,
        cantidad,
        codigoDescuento,
      })),
    },
    fields: specsOf(shippingStateFields),
    refundFields: specsOf(refundFields),
    cancelFields: specsOf(cancelFields),
  };
}

export async function action({ request, params }: Route.ActionArgs) {
  const admin = await requireAdmin(request);
  const form = await request.formData();
  const intent = form.get("intent");
  const result =
    intent === "reembolsar"
      ? await refundOrder(getDb(), params.id, form, admin.id)
      : intent === "cancelar"
        ? await cancelAdminOrder(getDb(), params.id, form, admin.id)
        : await updateShippingState(getDb(), params.id, form);
  if (!result.ok) return data({ errors: result.errors, notice: undefined }, { status: 400 });
  return { errors: undefined, notice: result.notice };
}

export default function AdminOrder({
  loaderData: { order, cfdi, fields, refundFields, cancelFields },
  actionData,
}: Route.ComponentProps) {
  useActionFeedback(actionData);
  const telefono = order.datosContacto?.telefono.replace(/\D/g, "") ?? "";
  return (
    <AdminPage title={`Pedido ${order.id}`} back={{ href: "/admin/pedidos", label: "Pedidos" }}>
      <p className="text-muted">
        {order.fecha} · {order.curso ? "Curso en línea" : estadoEnvioLabel(order.estadoEnvio)}
        {order.estadoPago !== "pagado" && ` · ${estadoPagoLabel(order.estadoPago)}`}
      </p>

      {!order.curso && order.estadoPago !== "cancelado" && (
        <AdminPanel title="Estado del envío">
          <p className="mb-4 text-sm text-muted">
            Quien compró ve el estado, la paquetería y la guía en Mis compras, y recibe un correo cada vez que cambia el
            estado.
          </p>
          <AdminForm
            key={`${order.id}#${order.estadoEnvio}#${order.paqueteria}#${order.guia}`}
            fields={fields}
            values={{ estado: String(order.estadoEnvio), paqueteria: order.paqueteria, guia: order.guia }}
            errors={actionData?.errors}
            intent="estado"
            submitLabel="Guardar estado"
            confirm
          />
        </AdminPanel>
      )}

      <AdminPanel title="Productos">
        <ul className="divide-y divide-sand" data-testid="order-lines">
          {order.lines.map((line) => (
            <li key={line.id} className="flex items-center gap-3 py-3">
              <span className="size-14 shrink-0 overflow-hidden rounded-xl bg-sand">
                {line.url && <img src={line.url} alt="" className="size-full object-cover" />}
              </span>
              <span className="min-w-0 flex-1">
                <span className="block font-medium">{line.nombre}</span>
                <span className="block text-sm text-muted">
                  {line.cantidad} × {formatPrice(line.precio)}
                  {line.precio !== line.precioOriginal && (
                    <>
                      {" "}
                      <s>{formatPrice(line.precioOriginal)}</s>
                    </>
                  )}
                  {line.codigoDescuento && ` · código ${line.codigoDescuento}`}
                </span>
              </span>
              <span className="font-medium">{formatPrice(line.precio * line.cantidad)}</span>
            </li>
          ))}
        </ul>
        <dl className="mt-3 space-y-1 border-t border-sand pt-3">
          {order.descuento > 0 && (
            <div className="flex justify-between text-muted">
              <dt>Código {order.codigoPedido}</dt>
              <dd>−{formatPrice(order.descuento)}</dd>
            </div>
          )}
          <div className="flex justify-between text-muted">
            <dt>Envío</dt>
            <dd>{formatPrice(order.envio)}</dd>
          </div>
          <div className="flex justify-between text-lg font-medium">
            <dt>Total</dt>
            <dd>{formatPrice(order.total)}</dd>
          </div>
        </dl>
      </AdminPanel>

      <div className="grid gap-6 md:grid-cols-2">
        <AdminPanel title="Contacto">
          <dl className="space-y-2">
            <Row label="Cuenta" value={`${order.comprador.nombre} (${order.comprador.email})`} />
            {order.datosContacto && (
              <>
                <Row
                  label="Correo"
                  value={
                    <a href={`mailto:${order.datosContacto.correo}`} className="text-clay-dark underline">
                      {order.datosContacto.correo}
                    </a>
                  }
                />
                <Row
                  label="Teléfono"
                  value={
                    <span className="flex flex-wrap gap-3">
                      <a href={`tel:${telefono}`} className="text-clay-dark underline">
                        {order.datosContacto.telefono}
                      </a>
                      <a
                        href={`https://wa.me/52${telefono}`}
                        target="_blank"
                        rel="noreferrer"
                        className="text-clay-dark underline"
                      >
                        WhatsApp
                      </a>
                    </span>
                  }
                />
              </>
            )}
          </dl>
        </AdminPanel>
        {order.datosEnvio && (
          <AdminPanel title="Enviar a">
            <dl className="space-y-2" data-testid="order-shipping">
              {ENVIO_LABELS.map(([key, label]) => (
                <Row key={key} label={label} value={order.datosEnvio?.[key] ?? ""} />
              ))}
            </dl>
          </AdminPanel>
        )}
      </div>

      <AdminPanel title="Pago">
        <dl className="space-y-2" data-testid="order-money">
          <Row label="Proveedor" value={order.proveedor} />
          <Row label="Referencia" value={<span className="break-all font-mono text-sm">{order.pagoId}</span>} />
          {order.dinero && order.dinero.reembolsado > 0 && (
            <Row
              label="Reembolsado"
              value={`${formatPrice(order.dinero.reembolsado)} de ${formatPrice(order.dinero.pagado)}`}
            />
          )}
        </dl>
        {order.dinero && order.dinero.reembolsos.length > 0 && (
          <ul className="mt-3 divide-y divide-sand border-t border-sand text-sm" data-testid="order-refunds">
            {order.dinero.reembolsos.map((r) => (
              <li key={r.id} className="flex flex-wrap justify-between gap-2 py-2">
                <span>
                  {formatPrice(r.monto)} · {r.motivo}
                </span>
                <span className="text-muted">
                  {r.fecha} · {r.hecho ? "Reembolsado" : "En proceso"}
                </span>
              </li>
            ))}
          </ul>
        )}
      </AdminPanel>

      {(cfdi.facturas.length > 0 || cfdi.notas.length > 0) && (
        <AdminPanel title="Factura (CFDI)">
          <ul className="divide-y divide-sand text-sm" data-testid="order-cfdi">
            {cfdi.facturas.map((f) => (
              <li key={f.id} className="flex flex-col gap-1 py-2">
                <span>
                  Factura · {f.estado}
                  {f.motivo && ` · motivo ${f.motivo}`}
                  {f.cancelacion && ` · cancelación: ${f.cancelacion}`}
                </span>
                {f.uuid && <span className="break-all font-mono text-xs text-muted">UUID {f.uuid}</span>}
              </li>
            ))}
            {cfdi.notas.map((n) => (
              <li key={n.id} className="flex flex-col gap-1 py-2">
                <span>
                  Reembolso de {formatPrice(n.monto)} · {n.estado}
                  {n.vigente && (
                    <>
                      {" · "}
                      <a href={`/mis-compras/notas-credito/${n.id}/pdf`} className="underline">
                        PDF
                      </a>{" "}
                      <a href={`/mis-compras/notas-credito/${n.id}/xml`} className="underline">
                        XML
                      </a>
                    </>
                  )}
                </span>
                {n.uuid && <span className="break-all font-mono text-xs text-muted">UUID {n.uuid}</span>}
              </li>
            ))}
          </ul>
        </AdminPanel>
      )}

      {order.dinero && order.dinero.disponible > 0 && (
        <AdminPanel title="Reembolsar">
          <p className="mb-4 text-sm text-muted">
            Devuelve todo o parte del pago por el mismo proveedor con el que se cobró (quedan{" "}
            {formatPrice(order.dinero.disponible)}). Quien compró recibe un correo con el monto y el motivo.
          </p>
          <AdminForm
            key={`reembolso#${order.dinero.disponible}`}
            fields={refundFields}
            values={{ monto: "", motivo: "" }}
            errors={actionData?.errors}
            intent="reembolsar"
            submitLabel="Reembolsar"
            confirm={confirmRefund}
          />
        </AdminPanel>
      )}

      {!order.curso && order.estadoEnvio < 2 && (order.estadoPago === "pagado" || order.estadoPago === "pendiente") && (
        <AdminPanel title="Cancelar pedido">
          <p className="mb-4 text-sm text-muted">
            El stock regresa a la tienda y, si ya se pagó, se reembolsa lo que queda; si espera su pago en OXXO o SPEI,
            la ficha se anula. Quien compró recibe un correo.
          </p>
          <AdminForm
            key={`cancelar#${order.estadoPago}`}
            fields={cancelFields}
            values={{ cancelacion: "" }}
            errors={actionData?.errors}
            intent="cancelar"
            submitLabel="Cancelar pedido"
            confirm={confirmCancelOrder}
          />
        </AdminPanel>
      )}
    </AdminPage>
  );
}

function Row({ label, value }: { label: string; value: React.ReactNode }) {
  return (
    <div className="grid grid-cols-[7rem_1fr] gap-2">
      <dt className="text-sm text-muted">{label}</dt>
      <dd className="min-w-0 break-words">{value}</dd>
    </div>
  );
}

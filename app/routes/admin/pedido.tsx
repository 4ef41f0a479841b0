/**
 * /admin/pedidos/{id}: one order with its lines, where it goes and who to contact, and its
 * shipping state (0 Pendiente, 1 Preparando, 2 Enviado, 3 Entregado) with the carrier and
 * tracking number the buyer sees in /mis-compras; each change of state mails the buyer.
 * Its money (issue 28): what was paid and given back, 'Reembolsar' (all or part, through the
 * provider) and 'Cancelar pedido' before it ships (stock back, voucher void or money refunded).
 */
import { ESTADOS_CANCELACION } from "~/domain/cfdi";
import { cfdiOfOrder } from "~/server/invoicing/credit-notes.server";
import { data, useNavigation } from "react-router";
import { AdminForm } from "~/components/admin/admin-form";
import { AdminPage, AdminPanel } from "~/components/admin/admin-page";
import { confirmCancelOrder, confirmRefund } from "~/domain/messages";
import { estadoEnvioLabel, estadoPagoLabel } from "~/domain/order-status";
import { useActionFeedback, useConfirmedSubmit } from "~/components/admin/use-admin-feedback";
import { formatSpanishDateTime } from "~/domain/dates";
import { formatPrice } from "~/domain/money";
import { getDb } from "~/server/db/index.server";
import { specsOf } from "~/server/admin/fields.server";
import { requireAdmin } from "~/server/admin/guard.server";
import {
  cancelAdminOrder,
  cancelFields,
  getAdminOrder,
  guiaAction,
  parcelFields,
  refundFields,
  refundOrder,
  shippingStateFields,
  updateShippingState,
} from "~/server/admin/orders.server";
import { currentShippingProvider, defaultParcel, guiaOf } from "~/server/shipping/guias.server";
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
  const provider = !order.curso && order.estadoPago === "pagado" ? currentShippingProvider() : null;
  const guia = provider ? await guiaOf(getDb(), order.id) : null;
  const paquete = guia?.paquete ?? (provider ? await defaultParcel(getDb(), order.id) : null);
  return {
    // guías through the shipping provider (ADR 036): null without one (the manual entry stays)
    guia: provider && {
      demo: provider.name === "demo",
      estado: guia?.estado ?? "nueva",
      tarifas: guia?.estado === "cotizada" ? guia.tarifas : [],
      tarifa: guia?.tarifa ?? null,
      guia: guia?.guia ?? null,
      urlRastreo: guia?.urlRastreo ?? null,
      pdf: Boolean(guia?.archivo),
      error: guia?.error ?? null,
      paquete: paquete && {
        peso: String(paquete.peso),
        largo: String(paquete.largo),
        ancho: String(paquete.ancho),
        alto: String(paquete.alto),
      },
    },
    parcelFields: specsOf(parcelFields),
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
        : typeof intent === "string" && intent.endsWith("-guia")
          ? await guiaAction(getDb(), params.id, intent, form)
          : await updateShippingState(getDb(), params.id, form);
  if (!result.ok) return data({ errors: result.errors, notice: undefined }, { status: 400 });
  return { errors: undefined, notice: result.notice };
}

export default function AdminOrder({
  loaderData: { order, cfdi, fields, refundFields, cancelFields, guia, parcelFields },
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

      {guia && <GuiaPanel orderId={order.id} guia={guia} fields={parcelFields} errors={actionData?.errors} />}

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

type GuiaData = NonNullable<Route.ComponentProps["loaderData"]["guia"]>;

/**
 * Guía through the shipping provider: quote the parcel (several carriers), pick a rate, buy
 * once, print the PDF. A purchase Envia did not confirm shows 'Reintentar' (same request).
 */
function GuiaPanel({
  orderId,
  guia,
  fields,
  errors,
}: {
  orderId: string;
  guia: GuiaData;
  fields: Route.ComponentProps["loaderData"]["parcelFields"];
  errors?: Record<string, string>;
}) {
  const submit = useConfirmedSubmit();
  const navigation = useNavigation();
  const busy = navigation.state === "submitting" && String(navigation.formData?.get("intent") ?? "").endsWith("-guia");
  return (
    <AdminPanel title="Guía de envío">
      {guia.estado === "comprada" ? (
        <div className="space-y-3" data-testid="guia-comprada">
          <p>
            <span className="text-muted">{guia.tarifa?.paqueteria}</span>{" "}
            <span className="font-mono font-medium">{guia.guia}</span>
            {guia.demo && <span className="ml-2 text-sm text-muted">(demostración, sin valor)</span>}
          </p>
          <div className="flex flex-wrap gap-3">
            {guia.pdf && (
              <a href={`/admin/pedidos/${encodeURIComponent(orderId)}/guia`} target="_blank" rel="noreferrer" className="btn-primary">
                Imprimir guía (PDF)
              </a>
            )}
            {guia.urlRastreo && (
              <a href={guia.urlRastreo} target="_blank" rel="noreferrer" className="btn-outline">
                Rastrear
              </a>
            )}
          </div>
        </div>
      ) : guia.estado === "comprando" ? (
        <form method="post" className="space-y-3">
          <p className="text-sm text-muted" role="status">
            Comprando la guía con {guia.tarifa?.paqueteria}: Envia.com no la ha confirmado. Se reintenta sola con la misma
            solicitud, sin cobrarse dos veces.
          </p>
          {errors?.tarifa && <p className="text-sm text-red-700">{errors.tarifa}</p>}
          <button type="submit" name="intent" value="reintentar-guia" className="btn-outline" disabled={busy}>
            Reintentar ahora
          </button>
        </form>
      ) : (
        <div className="space-y-5">
          {guia.estado === "fallida" && guia.error && (
            <p className="text-sm text-red-700" role="alert">
              La última compra no se hizo: {guia.error}
            </p>
          )}
          <p className="text-sm text-muted">
            Cotiza con varias paqueterías, elige una y compra la guía: el número de guía se llena solo y le enviamos el
            correo con el enlace de rastreo.
          </p>
          <AdminForm
            key={`paquete#${guia.estado}#${guia.tarifas.length}`}
            fields={fields}
            values={guia.paquete ?? {}}
            errors={errors}
            intent="cotizar-guia"
            submitLabel={guia.tarifas.length > 0 ? "Cotizar de nuevo" : "Cotizar"}
            confirm={false}
          />
          {guia.tarifas.length > 0 && (
            <form
              method="post"
              className="space-y-3"
              onSubmit={(event) => {
                event.preventDefault();
                void submit(event.currentTarget, {
                  confirm: {
                    icon: "warning",
                    title: "¿Comprar la guía?",
                    text: "Se cobra en tu cuenta de Envia.com y no se puede deshacer desde aquí.",
                    confirmText: "Comprar guía",
                  },
                });
              }}
            >
              <input type="hidden" name="intent" value="comprar-guia" />
              <fieldset>
                <legend className="mb-2 font-medium">Tarifas</legend>
                <ul className="divide-y divide-sand rounded-xl border border-sand" data-testid="guia-tarifas">
                  {guia.tarifas.map((t, i) => (
                    <li key={t.id}>
                      <label className="flex cursor-pointer items-center gap-3 p-3">
                        <input type="radio" name="tarifa" value={t.id} defaultChecked={i === 0} className="size-5 accent-clay" />
                        <span className="min-w-0 flex-1">
                          <span className="block font-medium">{t.paqueteria}</span>
                          <span className="block text-sm text-muted">
                            {t.descripcion}
                            {t.dias && ` · ${t.dias}`}
                          </span>
                        </span>
                        <span className="font-medium">{formatPrice(t.precio)}</span>
                      </label>
                    </li>
                  ))}
                </ul>
              </fieldset>
              {errors?.tarifa && <p className="text-sm text-red-700">{errors.tarifa}</p>}
              <button type="submit" className="btn-primary w-full md:w-auto" disabled={busy}>
                Comprar guía
              </button>
            </form>
          )}
        </div>
      )}
    </AdminPanel>
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

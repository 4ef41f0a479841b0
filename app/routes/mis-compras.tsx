/**
 * /mis-compras (guarded, SPEC §2): the user's orders, newest first, each with its products,
 * price, quantity, subtotal and the order total, as the server recorded them; a product
 * order also shows its shipping state (the admin's four: Pendiente, Preparando, Enviado,
 * Entregado) and the carrier and tracking number once the studio entered them.
 */
import { Mail, PackageCheck, ShoppingBag, Truck } from "lucide-react";
import { useState } from "react";
import { Link } from "react-router";
import { OrderInvoice } from "~/components/invoice/order-invoice";
import { useAlert } from "~/components/ui/alert-provider";
import { useToast } from "~/components/ui/toast-provider";
import { PAYMENT_API } from "~/config/payments";
import { paymentError } from "~/domain/messages";
import { site } from "~/config/site";
import { formatSpanishDateTime } from "~/domain/dates";
import { formatPrice } from "~/domain/money";
import { estadoEnvioLabel, seguimientoTexto } from "~/domain/order-status";
import { OrderPaymentStatus } from "~/components/checkout/pending-payment";
import { getDb } from "~/server/db/index.server";
import { invoiceStates } from "~/server/invoicing/invoices.server";
import { isDemo } from "~/server/mode.server";
import { listOrders } from "~/server/shop/orders.server";
import { requireUser } from "~/server/session.server";
import type { Route } from "./+types/mis-compras";

export async function loader({ request }: Route.LoaderArgs) {
  const user = await requireUser(request);
  const [orders, facturas] = await Promise.all([listOrders(getDb(), user.id), invoiceStates(getDb(), user.id)]);
  // Dates formatted on the server, in the studio's time zone, so the page never shifts.
  return {
    orders: orders.map((o) => ({
      ...o,
      fecha: formatSpanishDateTime(o.fecha),
      venceTexto: o.instrucciones ? formatSpanishDateTime(new Date(o.instrucciones.vence)) : "",
    })),
    facturas,
    demo: isDemo(),
  };
}

export default function MisCompras({ loaderData }: Route.ComponentProps) {
  const { orders, facturas, demo } = loaderData;
  return (
    <section className="container-page py-12 md:py-16">
      <title>{`Mis compras | ${site.name}`}</title>
      <meta name="robots" content="noindex" />
      <p className="eyebrow">Mi perfil</p>
      <h1 className="mt-3 text-4xl md:text-5xl">Mis compras</h1>

      {orders.length === 0 ? (
        <div className="mt-10 rounded-2xl border border-sand bg-white px-6 py-14 text-center" data-testid="no-orders">
          <ShoppingBag className="mx-auto size-10 text-clay" aria-hidden strokeWidth={1.25} />
          <p className="mt-4 text-lg text-cocoa">Aún no tienes compras.</p>
          <div className="mt-8 flex flex-wrap justify-center gap-3">
            <Link to="/categorias" className="btn-primary">
              Ir a productos
            </Link>
            <Link to="/cursos" className="btn-outline">
              Ir a cursos
            </Link>
          </div>
        </div>
      ) : (
        <ol className="mt-10 flex flex-col gap-8">
          {orders.map((order) => (
            <li
              key={order.id}
              id={`compra-${order.id}`}
              className="overflow-hidden rounded-3xl bg-white/80 ring-1 ring-sand"
              data-testid="order"
            >
              <header className="flex flex-wrap items-center justify-between gap-3 border-b border-sand bg-sand/40 px-5 py-4 sm:px-7">
                <div>
                  <h2 className="text-2xl" data-testid="order-id">
                    Compra <span className="font-sans text-xl tracking-wider">{order.id}</span>
                  </h2>
                  <p className="text-sm text-muted">{order.fecha}</p>
                  {!order.curso && (order.paqueteria || order.guia) && (
                    <p className="mt-1 text-sm text-cocoa" data-testid="order-tracking">
                      <Truck className="mr-1.5 inline size-4 text-clay" aria-hidden />
                      {seguimientoTexto(order.paqueteria, order.guia)}
                    </p>
                  )}
                </div>
                <div className="flex flex-wrap items-center gap-2">
                  {!order.curso && (
                    <span
                      className="inline-flex items-center gap-1.5 rounded-full bg-white px-3 py-1 text-xs text-cocoa ring-1 ring-sand"
                      data-testid="order-status"
                    >
                      <PackageCheck className="size-4 text-clay" aria-hidden />
                      {estadoEnvioLabel(order.estadoEnvio)}
                    </span>
                  )}
                  {order.estadoPago === "pagado" && <OrderInvoice compraId={order.id} state={facturas[order.id]} />}
                  {order.estadoPago !== "vencido" && (
                    <ResendMail pagoId={order.pagoId} pending={order.estadoPago === "pendiente"} />
                  )}
                </div>
              </header>
              <OrderPaymentStatus order={order} demo={demo} />
              <table className="w-full text-sm">
                <thead className="text-left text-xs uppercase tracking-[0.2em] text-muted max-sm:sr-only">
                  <tr>
                    <th scope="col" className="px-5 pb-2 pt-4 font-medium sm:px-7">
                      Producto
                    </th>
                    <th scope="col" className="px-3 pb-2 pt-4 text-right font-medium">
                      Precio
                    </th>
                    <th scope="col" className="px-3 pb-2 pt-4 text-right font-medium">
                      Cantidad
                    </th>
                    <th scope="col" className="px-5 pb-2 pt-4 text-right font-medium sm:px-7">
                      Subtotal
                    </th>
                  </tr>
                </thead>
                <tbody>
                  {order.lines.map((line, i) => (
                    <tr
                      key={i}
                      className="border-t border-sand/70 max-sm:grid max-sm:grid-cols-[1fr_auto] max-sm:gap-x-3 max-sm:px-5 max-sm:py-4"
                      data-testid="order-line"
                    >
                      <td className="px-5 py-4 sm:px-7 max-sm:col-span-2 max-sm:p-0">
                        <span className="flex items-center gap-3">
                          <span className="size-12 shrink-0 overflow-hidden rounded-lg bg-sand">
                            {line.url ? (
                              <img src={line.url} alt="" className="size-full object-cover" loading="lazy" />
                            ) : null}
                          </span>
                          <span className="font-medium text-cocoa">{line.nombre}</span>
                        </span>
                      </td>
                      <td className="px-3 py-4 text-right max-sm:col-start-1 max-sm:p-0 max-sm:pt-2 max-sm:text-left max-sm:text-muted">
                        {line.precio < line.precioOriginal && (
                          <del className="mr-2 text-xs text-muted">{formatPrice(line.precioOriginal)}</del>
                        )}
                        {formatPrice(line.precio)}
                        <span className="sm:hidden"> × {line.cantidad}</span>
                      </td>
                      <td className="px-3 py-4 text-right max-sm:hidden">{line.cantidad}</td>
                      <td className="px-5 py-4 text-right font-medium text-cocoa sm:px-7 max-sm:col-start-2 max-sm:row-start-2 max-sm:p-0 max-sm:pt-2">
                        {formatPrice(line.precio * line.cantidad)}
                      </td>
                    </tr>
                  ))}
                  {order.descuento > 0 && (
                    <tr
                      className="border-t border-sand/70 text-muted max-sm:flex max-sm:justify-between max-sm:px-5 max-sm:py-3"
                      data-testid="order-discount"
                    >
                      <td className="px-5 py-3 sm:px-7 max-sm:p-0" colSpan={3}>
                        Código {order.codigoPedido}
                      </td>
                      <td className="px-5 py-3 text-right sm:px-7 max-sm:p-0">−{formatPrice(order.descuento)}</td>
                    </tr>
                  )}
                  {!order.curso && (
                    <tr className="border-t border-sand/70 text-muted max-sm:flex max-sm:justify-between max-sm:px-5 max-sm:py-3">
                      <td className="px-5 py-3 sm:px-7 max-sm:p-0" colSpan={3}>
                        Envío Express
                      </td>
                      <td className="px-5 py-3 text-right sm:px-7 max-sm:p-0">
                        {order.envio === 0 ? "Gratis" : formatPrice(order.envio)}
                      </td>
                    </tr>
                  )}
                </tbody>
                <tfoot>
                  <tr className="border-t border-sand max-sm:flex max-sm:items-baseline max-sm:justify-between max-sm:px-5 max-sm:py-4">
                    <th
                      scope="row"
                      colSpan={3}
                      className="px-5 py-4 text-left font-medium text-cocoa sm:px-7 max-sm:p-0"
                    >
                      Total
                    </th>
                    <td
                      className="px-5 py-4 text-right font-serif text-2xl text-cocoa sm:px-7 max-sm:p-0"
                      data-testid="order-total"
                    >
                      {formatPrice(order.total)}
                    </td>
                  </tr>
                </tfoot>
              </table>
            </li>
          ))}
        </ol>
      )}
    </section>
  );
}

/** Sends the order's confirmation mail again (the spec's mail call, to the order's owner only). */
function ResendMail({ pagoId, pending }: { pagoId: string; pending: boolean }) {
  const alert = useAlert();
  const toast = useToast();
  const [sending, setSending] = useState(false);
  async function resend() {
    setSending(true);
    try {
      const response = await fetch(`${PAYMENT_API}/correo`, {
        method: "POST",
        headers: { "content-type": "application/json" },
        body: JSON.stringify({ id: pagoId }),
      });
      if (response.ok)
        toast.show(pending ? "Te enviamos la ficha por correo" : "Te enviamos la confirmación por correo");
      else
        void alert.show(
          ((await response.json().catch(() => null)) as { error?: typeof paymentError } | null)?.error ?? paymentError,
        );
    } catch {
      void alert.show(paymentError);
    } finally {
      setSending(false);
    }
  }
  return (
    <button
      type="button"
      onClick={resend}
      disabled={sending}
      className="inline-flex items-center gap-1.5 rounded-full px-3 py-1 text-xs text-clay-dark ring-1 ring-clay/40 hover:bg-clay-dark hover:text-white disabled:opacity-50"
    >
      <Mail className="size-4" aria-hidden />
      {pending ? "Reenviar ficha" : "Reenviar confirmación"}
    </button>
  );
}

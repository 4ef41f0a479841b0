/**
 * /admin/pagos: payments by method (tarjeta, OXXO, SPEI) and state (pendientes, pagados,
 * vencidos), the list of one of them, and on a waiting voucher: 'Reenviar ficha' and, in
 * demo mode, 'Simular pago recibido' (the same signed webhook a provider would send).
 */
import { ExportPanel } from "~/components/admin/export-panel";
import { FilteredResults } from "~/components/admin/filtered-results";
import { filteredList } from "~/server/admin/filtered-lists.server";
import { FILTER_MARK, FILTROS } from "~/domain/export-filters";
import { Banknote, Mail } from "lucide-react";
import { Link, data } from "react-router";
import { AdminPage, AdminPanel } from "~/components/admin/admin-page";
import { useActionFeedback, useConfirmedSubmit } from "~/components/admin/use-admin-feedback";
import { formatSpanishDateTime } from "~/domain/dates";
import type { AlertMessage } from "~/domain/messages";
import { formatPrice } from "~/domain/money";
import { METODO_LABEL, type MetodoPago, formatClabe, formatVoucherNumber } from "~/domain/payment-methods";
import { type EstadoAdmin, paymentsOverview, resendVoucher } from "~/server/admin/payments.server";
import { getDb } from "~/server/db/index.server";
import { requireAdmin } from "~/server/admin/guard.server";
import { isDemo } from "~/server/mode.server";
import { providerNamed } from "~/server/payments/index.server";
import { simulateDemoPayment } from "~/server/shop/demo-webhook.server";
import type { Route } from "./+types/pagos";

export async function loader({ request }: Route.LoaderArgs) {
  await requireAdmin(request);
  const url = new URL(request.url);
  const overview = await paymentsOverview(getDb(), {
    metodo: url.searchParams.get("metodo"),
    estado: url.searchParams.get("estado"),
  });
  return {
    filtrado: await filteredList(getDb(), "pagos", url),
    ...overview,
    lista: overview.lista.map((p) => ({
      ...p,
      fecha: formatSpanishDateTime(p.fecha),
      vence: p.vence ? formatSpanishDateTime(p.vence) : "",
    })),
    demo: isDemo(),
  };
}

export async function action({ request }: Route.ActionArgs) {
  await requireAdmin(request);
  const form = await request.formData();
  const pagoId = form.get("pagoId");
  const failed = (text: string) => {
    const alert: AlertMessage = { icon: "error", title: "No se pudo", text };
    return data({ alert, notice: undefined }, { status: 400 });
  };
  if (form.get("intent") === "simular") {
    if (!isDemo() || typeof pagoId !== "string") return failed("Solo en el modo demostración.");
    const answer = await simulateDemoPayment(pagoId, providerNamed("demo"));
    if (answer.status !== 200) return failed("El pago no se pudo simular.");
    return {
      alert: undefined,
      notice: answer.body.resultado === "tarde" ? "Pago tardío: quedó en Reembolsos." : "Pago recibido.",
    };
  }
  const result = await resendVoucher(getDb(), pagoId);
  if (!result.ok) return failed(result.message);
  return { alert: undefined, notice: "Ficha reenviada por correo." };
}

const METODOS: MetodoPago[] = ["tarjeta", "oxxo", "spei"];
const ESTADOS: Record<EstadoAdmin, string> = { pendiente: "Pendientes", pagado: "Pagados", vencido: "Vencidos" };

export default function AdminPayments({ loaderData, actionData }: Route.ComponentProps) {
  const { tabla, metodo, estado, lista, demo, filtrado } = loaderData;
  useActionFeedback(actionData);
  const submit = useConfirmedSubmit();
  const href = (m: MetodoPago | null, e: EstadoAdmin) => `/admin/pagos?${m ? `metodo=${m}&` : ""}estado=${e}`;
  return (
    <AdminPage title="Pagos">
      <ExportPanel
        lista="pagos"
        applies
        mark={FILTER_MARK}
        errors={filtrado.errors}
        estados={FILTROS.pagos.estados}
        metodos={FILTROS.pagos.metodos}
        value={filtrado.filter}
      />
      {filtrado.active && <FilteredResults path="/admin/pagos" {...filtrado} />}
      <p className="text-muted">
        Pagos con tarjeta, fichas de OXXO y transferencias SPEI. Una ficha pendiente aparta su compra hasta que vence.
      </p>
      <AdminPanel title="Por método y estado">
        <div className="overflow-x-auto">
          <table className="w-full min-w-[18rem] text-sm" data-testid="payments-table">
            <thead className="text-left text-xs text-muted">
              <tr>
                <th className="py-2 font-medium">Método</th>
                {(Object.keys(ESTADOS) as EstadoAdmin[]).map((e) => (
                  <th key={e} className="py-2 pl-2 text-right font-medium">
                    {ESTADOS[e]}
                  </th>
                ))}
              </tr>
            </thead>
            <tbody>
              {METODOS.map((m) => (
                <tr key={m} className="border-t border-sand">
                  <td className="py-3 text-cocoa">{METODO_LABEL[m]}</td>
                  {(Object.keys(ESTADOS) as EstadoAdmin[]).map((e) => (
                    <td key={e} className="py-3 pl-2 text-right">
                      <Link
                        to={href(m, e)}
                        className={`inline-block min-w-10 rounded-full px-3 py-1 ${metodo === m && estado === e ? "bg-cocoa text-cream" : "text-clay-dark underline-offset-4 hover:underline"}`}
                      >
                        {tabla[m]?.[e] ?? 0}
                      </Link>
                    </td>
                  ))}
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      </AdminPanel>
      <AdminPanel
        title={`${ESTADOS[estado as EstadoAdmin]}${metodo ? ` · ${METODO_LABEL[metodo]}` : ""} (${lista.length})`}
      >
        {lista.length === 0 ? (
          <p className="flex items-center gap-2 text-muted">
            <Banknote className="size-5 text-clay" aria-hidden /> No hay pagos aquí.
          </p>
        ) : (
          <ul className="divide-y divide-sand" data-testid="payments-list">
            {lista.map((p) => (
              <li key={p.id} className="flex flex-wrap items-center gap-3 py-4" data-testid="payment-row">
                <div className="min-w-0 flex-1 basis-64">
                  <p className="font-serif text-2xl text-cocoa">
                    {formatPrice(p.monto)} MXN{" "}
                    <span className="font-sans text-sm text-muted">
                      · {METODO_LABEL[p.metodo as MetodoPago] ?? p.metodo}
                    </span>
                  </p>
                  <p className="text-sm text-cocoa">
                    {p.nombre} · {p.correo}
                    {p.compraId && (
                      <>
                        {" · "}
                        <Link to={`/admin/pedidos/${p.compraId}`} className="text-clay-dark underline">
                          {p.compraId}
                        </Link>
                      </>
                    )}
                  </p>
                  <p className="text-sm text-muted">{p.productos}</p>
                  <p className="text-xs text-muted">
                    {p.fecha}
                    {p.vence && ` · vence ${p.vence}`}
                    {p.instrucciones?.metodo === "oxxo" && ` · ref. ${formatVoucherNumber(p.instrucciones.numero)}`}
                    {p.instrucciones?.metodo === "spei" &&
                      ` · CLABE ${formatClabe(p.instrucciones.clabe)} ref. ${p.instrucciones.referencia}`}
                    {" · "}
                    {p.proveedor} · <span className="break-all font-mono">{p.id}</span>
                  </p>
                </div>
                {p.estado === "esperando-pago" && (
                  <div className="flex flex-wrap gap-2">
                    <form
                      method="post"
                      onSubmit={(event) => {
                        event.preventDefault();
                        void submit(event.currentTarget, { confirm: false });
                      }}
                    >
                      <input type="hidden" name="intent" value="reenviar" />
                      <input type="hidden" name="pagoId" value={p.id} />
                      <button type="submit" className="btn-outline min-h-12">
                        <Mail className="size-4" aria-hidden /> Reenviar ficha
                      </button>
                    </form>
                    {demo && p.proveedor === "demo" && (
                      <form
                        method="post"
                        onSubmit={(event) => {
                          event.preventDefault();
                          void submit(event.currentTarget, { confirm: false });
                        }}
                      >
                        <input type="hidden" name="intent" value="simular" />
                        <input type="hidden" name="pagoId" value={p.id} />
                        <button type="submit" className="btn-accent min-h-12">
                          Simular pago recibido
                        </button>
                      </form>
                    )}
                  </div>
                )}
              </li>
            ))}
          </ul>
        )}
      </AdminPanel>
    </AdminPage>
  );
}

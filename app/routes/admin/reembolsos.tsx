/**
 * /admin/reembolsos: payments charged that could not become an order (a product ran out
 * while the card was being charged, or OXXO/SPEI money after its voucher expired).
 * 'Reembolsar' gives each one back through the payment provider (issue 28).
 */
import { CheckCircle2, RotateCcw } from "lucide-react";
import { data } from "react-router";
import { AdminPage, AdminPanel } from "~/components/admin/admin-page";
import { useActionFeedback, useConfirmedSubmit } from "~/components/admin/use-admin-feedback";
import { formatSpanishDateTime } from "~/domain/dates";
import { type AlertMessage, confirmRefund } from "~/domain/messages";
import { formatPrice } from "~/domain/money";
import { plural } from "~/domain/plural";
import { getDb } from "~/server/db/index.server";
import { requireAdmin } from "~/server/admin/guard.server";
import { listRefunds, payOutRefund } from "~/server/admin/refunds.server";
import type { Route } from "./+types/reembolsos";

export async function loader({ request }: Route.LoaderArgs) {
  await requireAdmin(request);
  const { pendientes, reembolsados } = await listRefunds(getDb());
  const view = (r: (typeof pendientes)[number]) => ({ ...r, fecha: formatSpanishDateTime(r.fecha) });
  return { pendientes: pendientes.map(view), reembolsados: reembolsados.map(view) };
}

export async function action({ request }: Route.ActionArgs) {
  const admin = await requireAdmin(request);
  const form = await request.formData();
  const result = await payOutRefund(getDb(), form.get("pagoId"), admin.id);
  if (!result.ok) {
    const alert: AlertMessage = { icon: "error", title: "No se pudo reembolsar", text: result.message };
    return data({ alert, notice: undefined }, { status: 400 });
  }
  return {
    alert: undefined,
    notice: result.hecho
      ? `Reembolsamos ${formatPrice(result.monto)} MXN. Le avisamos por correo.`
      : "El reembolso está en proceso: el proveedor no respondió y se reintenta solo.",
  };
}

export default function AdminRefunds({ loaderData: { pendientes, reembolsados }, actionData }: Route.ComponentProps) {
  useActionFeedback(actionData);
  const submit = useConfirmedSubmit();
  return (
    <AdminPage title="Reembolsos">
      <p className="text-muted">
        Pagos cobrados que no se convirtieron en pedido porque un producto se agotó mientras se pagaba, o que llegaron
        (OXXO, SPEI) después de vencer su ficha. «Reembolsar» devuelve el pago completo por el mismo proveedor con el
        que se cobró, y le avisa por correo.
      </p>
      <AdminPanel title={`Por reembolsar (${pendientes.length})`}>
        {pendientes.length === 0 ? (
          <p className="flex items-center gap-2 text-muted" data-testid="no-refunds">
            <CheckCircle2 className="size-5 text-clay" aria-hidden />
            No hay pagos por reembolsar.
          </p>
        ) : (
          <ul className="divide-y divide-sand" data-testid="refunds">
            {pendientes.map((r) => (
              <li key={r.id} className="flex flex-wrap items-center gap-3 py-4" data-testid="refund">
                <div className="min-w-0 flex-1 basis-64">
                  <p className="font-serif text-2xl text-cocoa">{formatPrice(r.monto)} MXN</p>
                  <p className="text-sm text-cocoa">
                    {r.nombre} ·{" "}
                    <a href={`mailto:${r.correo}`} className="text-clay-dark underline">
                      {r.correo}
                    </a>
                    {r.telefono && ` · ${r.telefono}`}
                  </p>
                  <p className="text-sm text-muted">{r.productos}</p>
                  <p className="text-xs text-muted">
                    {r.fecha} · {r.proveedor} · <span className="break-all font-mono">{r.id}</span>
                  </p>
                </div>
                {r.enProceso ? (
                  <p className="text-sm text-muted" data-testid="refund-in-progress">
                    Reembolso en proceso
                  </p>
                ) : (
                  <form
                    method="post"
                    onSubmit={(event) => {
                      event.preventDefault();
                      void submit(event.currentTarget, { confirm: confirmRefund });
                    }}
                  >
                    <input type="hidden" name="intent" value="reembolsar" />
                    <input type="hidden" name="pagoId" value={r.id} />
                    <button type="submit" className="btn-primary min-h-12">
                      <RotateCcw className="size-4" aria-hidden />
                      Reembolsar
                    </button>
                  </form>
                )}
              </li>
            ))}
          </ul>
        )}
      </AdminPanel>
      {reembolsados.length > 0 && (
        <AdminPanel title="Reembolsados recientemente">
          <p className="mb-3 text-sm text-muted">{plural(reembolsados.length, "pago", "pagos")}</p>
          <ul className="divide-y divide-sand text-sm">
            {reembolsados.map((r) => (
              <li key={r.id} className="flex flex-wrap justify-between gap-2 py-3">
                <span>
                  {formatPrice(r.monto)} MXN · {r.correo}
                </span>
                <span className="text-muted">Reembolsado el {r.fecha}</span>
              </li>
            ))}
          </ul>
        </AdminPanel>
      )}
    </AdminPage>
  );
}

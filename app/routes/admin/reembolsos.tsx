/**
 * /admin/reembolsos: payments charged that could not become an order (a product ran out
 * while the card was being charged). The studio refunds each one in the payment provider's
 * panel and then marks it 'Reembolsado' here.
 */
import { CheckCircle2, RotateCcw } from "lucide-react";
import { data } from "react-router";
import { AdminPage, AdminPanel } from "~/components/admin/admin-page";
import { useActionFeedback, useConfirmedSubmit } from "~/components/admin/use-admin-feedback";
import { formatSpanishDateTime } from "~/domain/dates";
import type { AlertMessage } from "~/domain/messages";
import { formatPrice } from "~/domain/money";
import { plural } from "~/domain/plural";
import { getDb } from "~/server/db/index.server";
import { requireAdmin } from "~/server/admin/guard.server";
import { listRefunds, markRefunded } from "~/server/admin/refunds.server";
import type { Route } from "./+types/reembolsos";

export async function loader({ request }: Route.LoaderArgs) {
  await requireAdmin(request);
  const { pendientes, reembolsados } = await listRefunds(getDb());
  const view = (r: (typeof pendientes)[number]) => ({ ...r, fecha: formatSpanishDateTime(r.fecha) });
  return { pendientes: pendientes.map(view), reembolsados: reembolsados.map(view) };
}

export async function action({ request }: Route.ActionArgs) {
  await requireAdmin(request);
  const form = await request.formData();
  const result = await markRefunded(getDb(), form.get("pagoId"));
  if (!result.ok) {
    const alert: AlertMessage = { icon: "error", title: "No se pudo marcar", text: result.message };
    return data({ alert, notice: undefined }, { status: 400 });
  }
  return { alert: undefined, notice: "Pago marcado como reembolsado." };
}

export default function AdminRefunds({ loaderData: { pendientes, reembolsados }, actionData }: Route.ComponentProps) {
  useActionFeedback(actionData);
  const submit = useConfirmedSubmit();
  return (
    <AdminPage title="Reembolsos">
      <p className="text-muted">
        Pagos cobrados que no se convirtieron en pedido porque un producto se agotó mientras se pagaba, o que llegaron
        (OXXO, SPEI) después de vencer su ficha. Reembolsa cada uno desde el panel del proveedor de pagos y después
        márcalo como reembolsado.
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
                <form
                  method="post"
                  onSubmit={(event) => {
                    event.preventDefault();
                    void submit(event.currentTarget);
                  }}
                >
                  <input type="hidden" name="intent" value="reembolsado" />
                  <input type="hidden" name="pagoId" value={r.id} />
                  <button type="submit" className="btn-primary min-h-12">
                    <RotateCcw className="size-4" aria-hidden />
                    Reembolsado
                  </button>
                </form>
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

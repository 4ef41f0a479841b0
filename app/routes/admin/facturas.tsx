/**
 * /admin/facturas: the invoices (CFDI) clients asked for, newest first, with their PDF and
 * XML; the studio cancels one with the SAT's reason (01 names the UUID of the invoice that
 * replaces it). ADR 022.
 */
import { CheckCircle2, Download, FileX2 } from "lucide-react";
import { useState } from "react";
import { Form, data } from "react-router";
import { AdminPage, AdminPanel } from "~/components/admin/admin-page";
import { useActionFeedback } from "~/components/admin/use-admin-feedback";
import { MOTIVOS_CANCELACION } from "~/domain/cfdi";
import { formatSpanishDateTime } from "~/domain/dates";
import type { AlertMessage } from "~/domain/messages";
import { formatPrice } from "~/domain/money";
import { requireAdmin } from "~/server/admin/guard.server";
import { getDb } from "~/server/db/index.server";
import { cancelInvoice, invoicingEnabled, listInvoices } from "~/server/invoicing/invoices.server";
import type { Route } from "./+types/facturas";

const ESTADOS: Record<string, string> = {
  emitiendo: "Generándose",
  vigente: "Vigente",
  cancelando: "Cancelación en proceso",
  cancelada: "Cancelada",
};

export async function loader({ request }: Route.LoaderArgs) {
  await requireAdmin(request);
  const rows = await listInvoices(getDb());
  return {
    enabled: invoicingEnabled(),
    facturas: rows.map((f) => ({
      ...f,
      createdAt: formatSpanishDateTime(f.createdAt),
      canceladaEn: f.canceladaEn ? formatSpanishDateTime(f.canceladaEn) : null,
    })),
  };
}

export async function action({ request }: Route.ActionArgs) {
  await requireAdmin(request);
  const form = await request.formData();
  const result = await cancelInvoice(getDb(), {
    facturaId: form.get("facturaId"),
    motivo: form.get("motivo"),
    sustitucion: form.get("sustitucion"),
  });
  if (!result.ok) {
    const alert: AlertMessage = { icon: "error", title: "No se pudo cancelar", text: result.message };
    return data({ alert, notice: undefined }, { status: 400 });
  }
  const notice =
    result.estado === "cancelada" ? "Factura cancelada." : "Cancelación solicitada: el SAT espera la respuesta del cliente.";
  return { alert: undefined, notice };
}

export default function AdminFacturas({ loaderData: { facturas, enabled }, actionData }: Route.ComponentProps) {
  useActionFeedback(actionData);
  return (
    <AdminPage title="Facturas">
      <p className="text-muted">
        Facturas (CFDI 4.0) que los clientes pidieron desde Mis compras.
        {!enabled && " La facturación está apagada: falta FACTURAPI_KEY."}
      </p>
      <AdminPanel title={`Facturas (${facturas.length})`}>
        {facturas.length === 0 ? (
          <p className="flex items-center gap-2 text-muted" data-testid="no-facturas">
            <CheckCircle2 className="size-5 text-clay" aria-hidden />
            Todavía no hay facturas.
          </p>
        ) : (
          <ul className="divide-y divide-sand" data-testid="facturas">
            {facturas.map((f) => (
              <li key={f.id} className="flex flex-col gap-3 py-4" data-testid="factura">
                <div className="flex flex-wrap items-baseline justify-between gap-2">
                  <p className="font-serif text-2xl text-cocoa">{formatPrice(f.total)} MXN</p>
                  <span className="rounded-full bg-sand/60 px-3 py-1 text-xs text-cocoa" data-testid="factura-estado">
                    {ESTADOS[f.estado] ?? f.estado}
                  </span>
                </div>
                <p className="text-sm text-cocoa">
                  {f.razonSocial} · {f.rfc} · {f.correo}
                </p>
                <p className="text-xs text-muted">
                  Compra {f.compraId} · {f.createdAt} · {f.proveedor === "demo" ? "demostración (sin validez fiscal)" : "Facturapi"}
                </p>
                {f.uuid && <p className="break-all font-mono text-xs text-muted">UUID {f.uuid}</p>}
                {f.motivoCancelacion && (
                  <p className="text-xs text-muted">
                    Motivo {f.motivoCancelacion}
                    {f.sustitucion && ` · sustituida por ${f.sustitucion}`}
                    {f.canceladaEn && ` · cancelada el ${f.canceladaEn}`}
                  </p>
                )}
                {f.estado !== "emitiendo" && (
                  <div className="flex flex-wrap gap-2">
                    <a href={`/mis-compras/facturas/${f.id}/pdf`} className="btn-outline min-h-10 text-sm">
                      <Download className="size-4" aria-hidden /> PDF
                    </a>
                    <a href={`/mis-compras/facturas/${f.id}/xml`} className="btn-outline min-h-10 text-sm">
                      <Download className="size-4" aria-hidden /> XML
                    </a>
                  </div>
                )}
                {(f.estado === "vigente" || f.estado === "cancelando") && <CancelForm facturaId={f.id} />}
              </li>
            ))}
          </ul>
        )}
      </AdminPanel>
    </AdminPage>
  );
}

function CancelForm({ facturaId }: { facturaId: string }) {
  const [motivo, setMotivo] = useState("");
  return (
    <Form method="post" className="flex flex-wrap items-end gap-3" preventScrollReset>
      <input type="hidden" name="facturaId" value={facturaId} />
      <label className="flex min-w-0 flex-1 basis-64 flex-col gap-1 text-sm text-cocoa">
        Motivo de cancelación (SAT)
        <select name="motivo" required value={motivo} onChange={(e) => setMotivo(e.currentTarget.value)} className="field">
          <option value="">Elige el motivo</option>
          {MOTIVOS_CANCELACION.map((m) => (
            <option key={m.clave} value={m.clave}>
              {m.clave} · {m.nombre}
            </option>
          ))}
        </select>
      </label>
      {motivo === "01" && (
        <label className="flex min-w-0 flex-1 basis-64 flex-col gap-1 text-sm text-cocoa">
          UUID de la factura que la sustituye
          <input name="sustitucion" required maxLength={36} className="field font-mono" placeholder="xxxxxxxx-xxxx-…" />
        </label>
      )}
      <button type="submit" className="btn-outline min-h-12">
        <FileX2 className="size-4" aria-hidden />
        Cancelar factura
      </button>
    </Form>
  );
}

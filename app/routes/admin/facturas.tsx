/**
 * /admin/facturas: the invoices (CFDI) clients asked for, newest first, with their PDF and
 * XML; the studio cancels one with the SAT's reason (01 names the UUID of the invoice that
 * replaces it). ADR 022. Above them, the monthly global invoices to the general public
 * (issue 28): month, payment form, total, orders covered, state; one that failed is sent
 * again from here ("Emitir de nuevo"). Issue 28 (ADR 034): each invoice's cancellation as
 * Facturapi's webhook leaves it (waiting for the client, rejected, expired), and the notas de
 * crédito (CFDI de egreso) of refunds; in the demo the studio answers for the "receiver".
 */
import { ExportPanel } from "~/components/admin/export-panel";
import { FilteredResults } from "~/components/admin/filtered-results";
import { filteredList } from "~/server/admin/filtered-lists.server";
import { FILTER_MARK, FILTROS } from "~/domain/export-filters";
import { CheckCircle2, Download, FileX2, RefreshCw } from "lucide-react";
import { useState } from "react";
import { Form, data } from "react-router";
import { AdminPage, AdminPanel } from "~/components/admin/admin-page";
import { useActionFeedback } from "~/components/admin/use-admin-feedback";
import { ESTADOS_CANCELACION, FORMAS_PAGO, type FormaPago, informacionGlobal, MOTIVOS_CANCELACION } from "~/domain/cfdi";
import { MONTH_NAMES } from "~/domain/studio-calendar";
import { formatSpanishDateTime } from "~/domain/dates";
import type { AlertMessage } from "~/domain/messages";
import { formatPrice } from "~/domain/money";
import { requireAdmin } from "~/server/admin/guard.server";
import { getDb } from "~/server/db/index.server";
import { listGlobalInvoices, retryGlobalInvoice } from "~/server/invoicing/global.server";
import { applyCfdiStatus, invoiceById, listCreditNotes } from "~/server/invoicing/credit-notes.server";
import { cancelInvoice, invoicingEnabled, listInvoices } from "~/server/invoicing/invoices.server";
import type { Route } from "./+types/facturas";

const ESTADOS: Record<string, string> = {
  emitiendo: "Generándose",
  vigente: "Vigente",
  cancelando: "Cancelación en proceso",
  cancelada: "Cancelada",
};

const ESTADOS_GLOBAL: Record<string, string> = {
  emitiendo: "Emitiéndose",
  vigente: "Emitida",
  fallida: "Falló",
  vacia: "Sin compras (todas reembolsadas)",
};

const ESTADOS_NOTA: Record<string, string> = {
  emitiendo: "Emitiéndose",
  vigente: "Emitida",
  fallida: "Falló (se reintenta)",
};

/** "Noviembre de 2026" */
function monthLabel(mes: string): string {
  const { meses, anio } = informacionGlobal(mes);
  const name = MONTH_NAMES[Number(meses) - 1];
  return `${name.charAt(0).toUpperCase()}${name.slice(1)} de ${anio}`;
}

export async function loader({ request }: Route.LoaderArgs) {
  await requireAdmin(request);
  const [rows, globales, notas, filtrado] = await Promise.all([
    listInvoices(getDb()),
    listGlobalInvoices(getDb()),
    listCreditNotes(getDb()),
    filteredList(getDb(), "facturas", new URL(request.url)),
  ]);
  return {
    filtrado,
    enabled: invoicingEnabled(),
    notas: notas.map((n) => ({
      id: n.reembolsoId,
      compraId: n.compraId,
      estado: n.estado,
      monto: n.monto,
      formaPago: `${n.formaPago} ${FORMAS_PAGO[n.formaPago as FormaPago] ?? ""}`.trim(),
      uuid: n.uuid,
      uuidRelacionado: n.uuidRelacionado,
      global: Boolean(n.facturaGlobalId),
      proveedor: n.proveedor,
      error: n.error,
    })),
    globales: globales.map((g) => ({
      id: g.id,
      mes: g.mes,
      mesNombre: monthLabel(g.mes),
      formaPago: `${g.formaPago} ${FORMAS_PAGO[g.formaPago as FormaPago] ?? ""}`.trim(),
      total: g.total,
      compras: g.compras,
      estado: g.estado,
      proveedor: g.proveedor,
      uuid: g.uuid,
      error: g.error,
      emitidaEn: g.emitidaEn ? formatSpanishDateTime(g.emitidaEn) : null,
    })),
    facturas: rows.map((f) => ({
      ...f,
      cancelacion: f.cancelacionEstado ? (ESTADOS_CANCELACION[f.cancelacionEstado] ?? f.cancelacionEstado) : null,
      createdAt: formatSpanishDateTime(f.createdAt),
      canceladaEn: f.canceladaEn ? formatSpanishDateTime(f.canceladaEn) : null,
    })),
  };
}

export async function action({ request }: Route.ActionArgs) {
  await requireAdmin(request);
  const form = await request.formData();
  if (form.get("intent") === "emitir-global") {
    const retried = await retryGlobalInvoice(getDb(), { id: form.get("facturaGlobalId") });
    if (!retried.ok) {
      const alert: AlertMessage = { icon: "error", title: "No se pudo emitir la factura global", text: retried.message };
      return data({ alert, notice: undefined }, { status: 400 });
    }
    return { alert: undefined, notice: "Factura global emitida." };
  }
  if (form.get("intent") === "simular-receptor") {
    // The demo's stand-in for the client's answer to a cancellation (Facturapi's webhook in production).
    const id = form.get("facturaId");
    const respuesta = form.get("respuesta");
    const factura = typeof id === "string" && id.length <= 40 ? await invoiceById(getDb(), id) : null;
    if (factura?.proveedor !== "demo" || factura.estado !== "cancelando" || (respuesta !== "accepted" && respuesta !== "rejected")) {
      const alert: AlertMessage = { icon: "error", title: "Sin cambios", text: "Esa factura no espera la respuesta del cliente." };
      return data({ alert, notice: undefined }, { status: 400 });
    }
    await applyCfdiStatus(
      getDb(),
      factura.id,
      respuesta === "accepted" ? { status: "cancelada", cancelacion: "accepted" } : { status: "vigente", cancelacion: "rejected" },
    );
    return { alert: undefined, notice: respuesta === "accepted" ? "El cliente aceptó: factura cancelada." : "El cliente rechazó la cancelación." };
  }
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

export default function AdminFacturas({ loaderData: { facturas, globales, notas, enabled, filtrado }, actionData }: Route.ComponentProps) {
  useActionFeedback(actionData);
  return (
    <AdminPage title="Facturas">
      <ExportPanel
        lista="facturas"
        applies
        mark={FILTER_MARK}
        errors={filtrado.errors}
        estados={FILTROS.facturas.estados}
        metodos={FILTROS.facturas.metodos}
        metodoLabel="Forma de pago"
        searchLabel="Pedido, folio, UUID, RFC, razón social o correo"
        value={filtrado.filter}
      />
      {filtrado.active && <FilteredResults path="/admin/facturas" {...filtrado} />}
      <p className="text-muted">
        Facturas (CFDI 4.0) que los clientes pidieron desde Mis compras.
        {!enabled && " La facturación está apagada: falta FACTURAPI_KEY."}
      </p>
      <AdminPanel title="Facturas globales (público en general)">
        <p className="text-sm text-muted">
          Cada mes, las compras pagadas que nadie facturó van en una factura global a PUBLICO EN GENERAL (XAXX010101000), una por
          forma de pago; se emite sola el día 3 del mes siguiente.
        </p>
        {globales.length === 0 ? (
          <p className="text-muted" data-testid="no-facturas-globales">
            Todavía no hay facturas globales.
          </p>
        ) : (
          <ul className="divide-y divide-sand" data-testid="facturas-globales">
            {globales.map((g) => (
              <li key={g.id} className="flex flex-col gap-2 py-4" data-testid="factura-global">
                <div className="flex flex-wrap items-baseline justify-between gap-2">
                  <p className="font-serif text-xl text-cocoa">
                    {g.mesNombre} · {formatPrice(g.total)} MXN
                  </p>
                  <span className="rounded-full bg-sand/60 px-3 py-1 text-xs text-cocoa" data-testid="factura-global-estado">
                    {ESTADOS_GLOBAL[g.estado] ?? g.estado}
                  </span>
                </div>
                <p className="text-sm text-cocoa">
                  Forma de pago {g.formaPago} · {g.compras} {g.compras === 1 ? "compra" : "compras"}
                  {g.emitidaEn && ` · emitida el ${g.emitidaEn}`} ·{" "}
                  {g.proveedor === "demo" ? "demostración (sin validez fiscal)" : "Facturapi"}
                </p>
                {g.uuid && <p className="break-all font-mono text-xs text-muted">UUID {g.uuid}</p>}
                {g.error && <p className="text-sm text-red-700">{g.error}</p>}
                {g.estado === "vigente" && (
                  <div className="flex flex-wrap gap-2">
                    <a href={`/admin/facturas-globales/${g.id}/pdf`} className="btn-outline min-h-10 text-sm">
                      <Download className="size-4" aria-hidden /> PDF
                    </a>
                    <a href={`/admin/facturas-globales/${g.id}/xml`} className="btn-outline min-h-10 text-sm">
                      <Download className="size-4" aria-hidden /> XML
                    </a>
                  </div>
                )}
                {g.estado === "fallida" && (
                  <Form method="post" preventScrollReset>
                    <input type="hidden" name="intent" value="emitir-global" />
                    <input type="hidden" name="facturaGlobalId" value={g.id} />
                    <button type="submit" className="btn-outline min-h-12">
                      <RefreshCw className="size-4" aria-hidden />
                      Emitir de nuevo
                    </button>
                  </Form>
                )}
              </li>
            ))}
          </ul>
        )}
      </AdminPanel>
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
                    {f.cancelacionOrigen === "compra-cancelada" && " (compra cancelada)"}
                    {f.sustitucion && ` · sustituida por ${f.sustitucion}`}
                    {f.canceladaEn && ` · cancelada el ${f.canceladaEn}`}
                  </p>
                )}
                {f.cancelacion && (
                  <p className="text-sm text-cocoa" data-testid="factura-cancelacion">
                    Cancelación: {f.cancelacion}
                  </p>
                )}
                {f.estado === "cancelando" && f.proveedor === "demo" && (
                  <Form method="post" className="flex flex-wrap gap-2" preventScrollReset>
                    <input type="hidden" name="intent" value="simular-receptor" />
                    <input type="hidden" name="facturaId" value={f.id} />
                    <button type="submit" name="respuesta" value="accepted" className="btn-outline min-h-10 text-sm">
                      Simular: el cliente acepta
                    </button>
                    <button type="submit" name="respuesta" value="rejected" className="btn-outline min-h-10 text-sm">
                      Simular: el cliente rechaza
                    </button>
                  </Form>
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
      <AdminPanel title={`Notas de crédito (${notas.length})`}>
        <p className="text-sm text-muted">
          CFDI de egreso de los reembolsos: relacionados (01) con la factura de la compra, o con la factura global si la compra ya iba en
          ella.
        </p>
        {notas.length === 0 ? (
          <p className="text-muted" data-testid="no-notas-credito">
            Todavía no hay notas de crédito.
          </p>
        ) : (
          <ul className="divide-y divide-sand" data-testid="notas-credito">
            {notas.map((n) => (
              <li key={n.id} className="flex flex-col gap-2 py-4" data-testid="nota-credito">
                <div className="flex flex-wrap items-baseline justify-between gap-2">
                  <p className="font-serif text-xl text-cocoa">−{formatPrice(n.monto)} MXN</p>
                  <span className="rounded-full bg-sand/60 px-3 py-1 text-xs text-cocoa">{ESTADOS_NOTA[n.estado] ?? n.estado}</span>
                </div>
                <p className="text-xs text-muted">
                  Compra {n.compraId} · forma de pago {n.formaPago} · {n.global ? "de la factura global" : "de la factura de la compra"} ·{" "}
                  {n.proveedor === "demo" ? "demostración (sin validez fiscal)" : "Facturapi"}
                </p>
                {n.uuidRelacionado && <p className="break-all font-mono text-xs text-muted">Relacionada con {n.uuidRelacionado}</p>}
                {n.uuid && <p className="break-all font-mono text-xs text-muted">UUID {n.uuid}</p>}
                {n.error && <p className="text-sm text-red-700">{n.error}</p>}
                {n.estado === "vigente" && (
                  <div className="flex flex-wrap gap-2">
                    <a href={`/mis-compras/notas-credito/${n.id}/pdf`} className="btn-outline min-h-10 text-sm">
                      <Download className="size-4" aria-hidden /> PDF
                    </a>
                    <a href={`/mis-compras/notas-credito/${n.id}/xml`} className="btn-outline min-h-10 text-sm">
                      <Download className="size-4" aria-hidden /> XML
                    </a>
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

/**
 * /mis-compras/factura/:id: the Factura (CFDI 4.0) of one of the client's paid orders (ADR
 * 022). Within the calendar month of the purchase the client sends their fiscal data
 * (remembered for next time); once issued, the page shows the invoice and its PDF and XML.
 */
import { ArrowLeft, Download, FileCheck2 } from "lucide-react";
import { Link, data, redirect, useNavigation } from "react-router";
import { FacturaForm } from "~/components/invoice/factura-form";
import { site } from "~/config/site";
import { MOTIVOS_CANCELACION } from "~/domain/cfdi";
import { formatSpanishDateTime } from "~/domain/dates";
import { isPlainId } from "~/domain/limits";
import { formatPrice } from "~/domain/money";
import { getDb } from "~/server/db/index.server";
import { invoiceForm, requestInvoice } from "~/server/invoicing/invoices.server";
import { requireUser } from "~/server/session.server";
import type { Route } from "./+types/mis-compras-factura";

const NOT_FOUND = () => data(null, { status: 404 });

export async function loader({ request, params }: Route.LoaderArgs) {
  const user = await requireUser(request);
  if (!isPlainId(params.id)) throw NOT_FOUND();
  const view = await invoiceForm(getDb(), user.id, params.id);
  if (!view) throw NOT_FOUND();
  const { compra, factura } = view;
  return {
    compra: { ...compra, fecha: formatSpanishDateTime(compra.fecha) },
    factura: factura && {
      id: factura.id,
      estado: factura.estado,
      uuid: factura.uuid,
      serieFolio: `${factura.serie} ${factura.folio}`.trim(),
      rfc: factura.rfc,
      razonSocial: factura.razonSocial,
      correo: factura.correo,
      motivo: MOTIVOS_CANCELACION.find((m) => m.clave === factura.motivoCancelacion)?.nombre ?? null,
    },
    refusal: view.refusal,
    datos: view.datos,
    demo: view.demo,
  };
}

export async function action({ request, params }: Route.ActionArgs) {
  const user = await requireUser(request);
  if (!isPlainId(params.id)) throw NOT_FOUND();
  const form = Object.fromEntries(await request.formData());
  const result = await requestInvoice(getDb(), { userId: user.id, compraId: params.id, form });
  if (result.ok) return redirect(`/mis-compras/factura/${encodeURIComponent(params.id)}`);
  if (result.status === 404) throw NOT_FOUND();
  return data({ error: { field: result.field, message: result.message } }, { status: result.status });
}

export default function MisComprasFactura({ loaderData, actionData }: Route.ComponentProps) {
  const { compra, factura, refusal, datos, demo } = loaderData;
  const navigation = useNavigation();
  return (
    <section className="container-page max-w-3xl py-12 md:py-16">
      <title>{`Factura de la compra ${compra.id} | ${site.name}`}</title>
      <meta name="robots" content="noindex" />
      <Link to="/mis-compras" className="inline-flex items-center gap-1.5 text-sm text-clay-dark hover:underline">
        <ArrowLeft className="size-4" aria-hidden />
        Mis compras
      </Link>
      <p className="eyebrow mt-6">Factura electrónica</p>
      <h1 className="mt-3 text-4xl md:text-5xl">Factura</h1>
      <p className="mt-3 text-muted">
        Compra <span className="font-medium tracking-wider text-cocoa">{compra.id}</span> · {compra.fecha} ·{" "}
        <span className="text-cocoa">{formatPrice(compra.total)} MXN</span>
      </p>

      <div className="mt-8 rounded-3xl bg-white/80 p-5 ring-1 ring-sand sm:p-8">
        {factura ? (
          <InvoiceIssued factura={factura} />
        ) : refusal ? (
          <p className="text-cocoa" data-testid="factura-refusal">
            {refusal}
          </p>
        ) : (
          <>
            <p className="mb-6 text-sm text-muted">
              Puedes pedir la factura de tu compra durante el mes en que la hiciste: después se incluye en la factura
              global del mes. Te la enviaremos por correo (PDF y XML) y podrás descargarla aquí.
              {demo && " Esta tienda es una demostración: la factura no tendrá validez fiscal."}
            </p>
            <FacturaForm datos={datos} error={actionData?.error} submitting={navigation.state === "submitting"} />
          </>
        )}
      </div>
    </section>
  );
}

function InvoiceIssued({ factura }: { factura: NonNullable<Route.ComponentProps["loaderData"]["factura"]> }) {
  if (factura.estado === "emitiendo") {
    return <p className="text-cocoa">Tu factura se está generando. Vuelve en un momento.</p>;
  }
  const base = `/mis-compras/facturas/${encodeURIComponent(factura.id)}`;
  return (
    <div className="flex flex-col gap-4" data-testid="factura-emitida">
      <p className="flex items-center gap-2 font-serif text-2xl text-cocoa">
        <FileCheck2 className="size-6 text-clay" aria-hidden />
        {factura.estado === "cancelando" ? "Cancelación en proceso" : "Factura emitida"}
      </p>
      <dl className="grid gap-x-6 gap-y-2 text-sm sm:grid-cols-[auto_1fr]">
        <dt className="text-muted">Folio fiscal</dt>
        <dd className="break-all font-mono text-cocoa">{factura.uuid}</dd>
        {factura.serieFolio && (
          <>
            <dt className="text-muted">Serie y folio</dt>
            <dd className="text-cocoa">{factura.serieFolio}</dd>
          </>
        )}
        <dt className="text-muted">RFC</dt>
        <dd className="text-cocoa">{factura.rfc}</dd>
        <dt className="text-muted">Razón social</dt>
        <dd className="text-cocoa">{factura.razonSocial}</dd>
        <dt className="text-muted">Enviada a</dt>
        <dd className="break-all text-cocoa">{factura.correo}</dd>
      </dl>
      <div className="flex flex-wrap gap-3">
        <a href={`${base}/pdf`} className="btn-primary min-h-12" download>
          <Download className="size-4" aria-hidden />
          Descargar PDF
        </a>
        <a href={`${base}/xml`} className="btn-outline min-h-12" download>
          <Download className="size-4" aria-hidden />
          Descargar XML
        </a>
      </div>
    </div>
  );
}

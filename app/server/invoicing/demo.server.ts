/**
 * The offline demo's invoices (ADR 022): a PDF marked "SIN VALIDEZ FISCAL" drawn with
 * pdf-lib and a CFDI 4.0-shaped XML with the same data, neither sealed nor stamped by the
 * SAT. Both are drawn again from the invoice's row on each download (nothing to store), so
 * the same invoice always gives the same files.
 */
import { createHash } from "node:crypto";
import { degrees, PDFDocument, type PDFFont, type PDFPage, rgb, StandardFonts } from "pdf-lib";
import { INVOICING } from "~/config/invoicing";
import { cancelacionRequiereAceptacion, CLAVE_EGRESO, CLAVE_VENTA_GLOBAL, FORMAS_PAGO, type FormaPago, METODO_PAGO, desglosarIva, MOTIVOS_CANCELACION, REGIMENES_FISCALES, USOS_CFDI } from "~/domain/cfdi";
import { formatSpanishDateTime } from "~/domain/dates";
import { formatPrice } from "~/domain/money";
import type { Cancelled, InvoiceDocument, InvoiceProvider, Stamped } from "./provider.server";

/** A made-up folio fiscal with the UUID's shape, derived from the idempotency key (stable). */
export function demoUuid(clave: string): string {
  const h = createHash("sha256").update(`demo-cfdi:${clave}`).digest("hex").toUpperCase();
  return `${h.slice(0, 8)}-${h.slice(8, 12)}-4${h.slice(13, 16)}-A${h.slice(17, 20)}-${h.slice(20, 32)}`;
}

const money = (centavos: number) => (centavos / 100).toFixed(2);
const xmlText = (value: string) =>
  value.replace(/[&<>"']/g, (c) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&apos;" })[c]!);

const claveDe = (tipo: string) =>
  tipo === "devolucion"
    ? CLAVE_EGRESO.claveProdServ
    : tipo === "venta"
    ? CLAVE_VENTA_GLOBAL.claveProdServ
    : tipo === "curso" ? INVOICING.claveCurso : tipo === "envio" ? INVOICING.claveEnvio : INVOICING.claveProducto;

const unidadDe = (tipo: string) =>
  tipo === "devolucion" ? CLAVE_EGRESO.claveUnidad : tipo === "venta" ? CLAVE_VENTA_GLOBAL.claveUnidad : tipo === "producto" ? INVOICING.unidadProducto : INVOICING.unidadServicio;

/** The CFDI 4.0 XML of a demo invoice: the SAT's structure, no seal, no stamp. */
export function demoXml(doc: InvoiceDocument): string {
  // A concept's amount before a whole-order code (its base without IVA) and the code's share.
  const bruto = (c: (typeof doc.conceptos)[number]) => (c.descuento > 0 ? desglosarIva(c.importe).base : c.base);
  const subtotal = doc.conceptos.reduce((s, c) => s + bruto(c), 0);
  const descuento = doc.conceptos.reduce((s, c) => s + bruto(c) - c.base, 0);
  const iva = doc.conceptos.reduce((s, c) => s + c.iva, 0);
  const total = subtotal - descuento + iva;
  const fecha = doc.fecha.toISOString().slice(0, 19);
  const emisor = INVOICING.demoEmisor;
  const conceptos = doc.conceptos
    .map(
      (c) =>
        `    <cfdi:Concepto ClaveProdServ="${claveDe(c.tipo)}" Cantidad="${c.cantidad}" ClaveUnidad="${unidadDe(c.tipo)}"${c.noIdentificacion ? ` NoIdentificacion="${xmlText(c.noIdentificacion)}"` : ""} ` +
        `Descripcion="${xmlText(c.descripcion)}" ValorUnitario="${money(bruto(c) / c.cantidad)}" Importe="${money(bruto(c))}"${c.descuento > 0 ? ` Descuento="${money(bruto(c) - c.base)}"` : ""} ObjetoImp="02">\n` +
        `      <cfdi:Impuestos><cfdi:Traslados><cfdi:Traslado Base="${money(c.base)}" Impuesto="002" TipoFactor="Tasa" TasaOCuota="0.160000" Importe="${money(c.iva)}"/></cfdi:Traslados></cfdi:Impuestos>\n` +
        `    </cfdi:Concepto>`,
    )
    .join("\n");
  return `<?xml version="1.0" encoding="UTF-8"?>
<!-- DEMOSTRACIÓN: SIN VALIDEZ FISCAL. Este comprobante no fue sellado ni timbrado por el SAT. -->
<cfdi:Comprobante xmlns:cfdi="http://www.sat.gob.mx/cfd/4" Version="4.0" Serie="${xmlText(doc.serie ?? "DEMO")}" Folio="${xmlText(doc.folio ?? "")}" Fecha="${fecha}" FormaPago="${doc.formaPago}" MetodoPago="${METODO_PAGO}" SubTotal="${money(subtotal)}"${descuento > 0 ? ` Descuento="${money(descuento)}"` : ""} Moneda="MXN" Total="${money(total)}" TipoDeComprobante="${doc.tipo ?? "I"}" Exportacion="01" LugarExpedicion="${emisor.codigoPostal}" Sello="" NoCertificado="" Certificado="">
${doc.global ? `  <cfdi:InformacionGlobal Periodicidad="${doc.global.periodicidad}" Meses="${doc.global.meses}" Año="${doc.global.anio}"/>\n` : ""}${doc.relacionados ? `  <cfdi:CfdiRelacionados TipoRelacion="${doc.relacionados.tipoRelacion}">${doc.relacionados.uuids.map((u) => `<cfdi:CfdiRelacionado UUID="${xmlText(u)}"/>`).join("")}</cfdi:CfdiRelacionados>\n` : ""}  <cfdi:Emisor Rfc="${emisor.rfc}" Nombre="${xmlText(emisor.nombre)}" RegimenFiscal="${emisor.regimen}"/>
  <cfdi:Receptor Rfc="${xmlText(doc.receptor.rfc)}" Nombre="${xmlText(doc.receptor.razonSocial)}" DomicilioFiscalReceptor="${doc.receptor.codigoPostal}" RegimenFiscalReceptor="${doc.receptor.regimen}" UsoCFDI="${doc.receptor.uso}"/>
  <cfdi:Conceptos>
${conceptos}
  </cfdi:Conceptos>
  <cfdi:Impuestos TotalImpuestosTrasladados="${money(iva)}"><cfdi:Traslados><cfdi:Traslado Base="${money(subtotal - descuento)}" Impuesto="002" TipoFactor="Tasa" TasaOCuota="0.160000" Importe="${money(iva)}"/></cfdi:Traslados></cfdi:Impuestos>
  <cfdi:Complemento><!-- Sin TimbreFiscalDigital: folio de demostración ${doc.uuid ?? ""} --></cfdi:Complemento>
</cfdi:Comprobante>
`;
}

type Fonts = { regular: PDFFont; bold: PDFFont };

function clip(font: PDFFont, text: string, size: number, width: number): string {
  if (font.widthOfTextAtSize(text, size) <= width) return text;
  let cut = text;
  while (cut.length > 1 && font.widthOfTextAtSize(`${cut}…`, size) > width) cut = cut.slice(0, -1);
  return `${cut}…`;
}

/** The demo invoice's PDF (A4), with "SIN VALIDEZ FISCAL" across the page and in its header. */
export async function demoPdf(doc: InvoiceDocument, cancelada?: { motivo: string } | null): Promise<Buffer> {
  const pdf = await PDFDocument.create();
  const egreso = doc.tipo === "E";
  pdf.setTitle(`${egreso ? "Nota de crédito" : "Factura"} ${doc.serie ?? ""}${doc.folio ?? ""} (sin validez fiscal)`);
  pdf.setAuthor(INVOICING.demoEmisor.nombre);
  const page: PDFPage = pdf.addPage([595.28, 841.89]);
  const fonts: Fonts = { regular: await pdf.embedFont(StandardFonts.Helvetica), bold: await pdf.embedFont(StandardFonts.HelveticaBold) };
  const cocoa = rgb(0.29, 0.21, 0.19);
  const clay = rgb(0.71, 0.48, 0.39);
  const red = rgb(0.75, 0.1, 0.1);
  const muted = rgb(0.48, 0.42, 0.38);
  const left = 48;
  const right = 547;
  const text = (value: string, x: number, y: number, size = 10, font = fonts.regular, color = cocoa) =>
    page.drawText(value, { x, y, size, font, color });
  const textRight = (value: string, x: number, y: number, size = 10, font = fonts.regular) =>
    text(value, x - font.widthOfTextAtSize(value, size), y, size, font);

  // The watermark, diagonal and light, under everything.
  page.drawText("SIN VALIDEZ FISCAL", {
    x: 90,
    y: 260,
    size: 58,
    font: fonts.bold,
    color: red,
    opacity: 0.12,
    rotate: degrees(35),
  });

  text("Michel Alvarez", left, 790, 24, fonts.bold, cocoa);
  text(
    egreso ? "Nota de crédito (CFDI 4.0 de egreso) de demostración" : "Factura electrónica (CFDI 4.0) de demostración",
    left,
    770,
    11,
    fonts.regular,
    clay,
  );
  page.drawRectangle({ x: 360, y: 760, width: 187, height: 44, color: rgb(1, 0.93, 0.93), borderColor: red, borderWidth: 1 });
  text("SIN VALIDEZ FISCAL", 374, 784, 13, fonts.bold, red);
  text("Documento de demostración", 374, 768, 9, fonts.regular, red);

  let y = 730;
  const row = (label: string, value: string) => {
    text(label, left, y, 9, fonts.bold, muted);
    text(clip(fonts.regular, value, 10, right - left - 140), left + 140, y, 10);
    y -= 15;
  };
  const regimen = (clave: string) => `${clave} ${REGIMENES_FISCALES.find((r) => r.clave === clave)?.nombre ?? ""}`;
  const uso = (clave: string) => `${clave} ${USOS_CFDI.find((u) => u.clave === clave)?.nombre ?? ""}`;
  row("Folio fiscal (UUID)", doc.uuid ?? "");
  row("Serie y folio", `${doc.serie ?? ""} ${doc.folio ?? ""}`.trim());
  row("Fecha de emisión", formatSpanishDateTime(doc.fecha));
  if (doc.global) row("Factura global", `Periodicidad ${doc.global.periodicidad} mensual · mes ${doc.global.meses} · año ${doc.global.anio}`);
  else row("Compra", doc.compraId);
  if (doc.relacionados) row("CFDI relacionado", `${doc.relacionados.tipoRelacion} Nota de crédito · ${doc.relacionados.uuids.join(", ")}`);
  row("Forma de pago", `${doc.formaPago} ${FORMAS_PAGO[doc.formaPago as FormaPago] ?? ""}`.trim());
  row("Método de pago", "PUE Pago en una sola exhibición");
  y -= 8;
  text("Emisor", left, y, 11, fonts.bold, clay);
  y -= 16;
  row("RFC", INVOICING.demoEmisor.rfc);
  row("Nombre", INVOICING.demoEmisor.nombre);
  row("Régimen fiscal", regimen(INVOICING.demoEmisor.regimen));
  row("Lugar de expedición", INVOICING.demoEmisor.codigoPostal);
  y -= 8;
  text("Receptor", left, y, 11, fonts.bold, clay);
  y -= 16;
  row("RFC", doc.receptor.rfc);
  row("Nombre o razón social", doc.receptor.razonSocial);
  row("Régimen fiscal", regimen(doc.receptor.regimen));
  row("Uso del CFDI", uso(doc.receptor.uso));
  row("Código postal fiscal", doc.receptor.codigoPostal);

  y -= 14;
  page.drawLine({ start: { x: left, y: y + 12 }, end: { x: right, y: y + 12 }, thickness: 0.5, color: clay });
  text("Cant.", left, y, 9, fonts.bold, muted);
  text("Clave", left + 36, y, 9, fonts.bold, muted);
  text("Descripción", left + 96, y, 9, fonts.bold, muted);
  textRight("Importe", 467, y, 9, fonts.bold);
  textRight("IVA 16 %", right, y, 9, fonts.bold);
  y -= 16;
  let shown = 0;
  for (const c of doc.conceptos) {
    if (y < 165) {
      text(`… y ${doc.conceptos.length - shown} conceptos más (todos en el XML)`, left + 96, y, 9, fonts.regular, muted);
      y -= 15;
      break;
    }
    shown++;
    text(String(c.cantidad), left, y, 9);
    text(claveDe(c.tipo), left + 36, y, 9);
    text(clip(fonts.regular, c.noIdentificacion ? `${c.descripcion} ${c.noIdentificacion}` : c.descripcion, 9, 250), left + 96, y, 9);
    textRight(formatPrice(c.base), 467, y, 9);
    textRight(formatPrice(c.iva), right, y, 9);
    y -= 15;
  }
  const subtotal = doc.conceptos.reduce((s, c) => s + c.base, 0);
  const iva = doc.conceptos.reduce((s, c) => s + c.iva, 0);
  y -= 6;
  page.drawLine({ start: { x: 340, y: y + 10 }, end: { x: right, y: y + 10 }, thickness: 0.5, color: clay });
  for (const [label, value, bold] of [
    ["Subtotal", subtotal, false],
    ["IVA trasladado 16 %", iva, false],
    ["Total MXN", subtotal + iva, true],
  ] as const) {
    text(label, 350, y, 10, bold ? fonts.bold : fonts.regular);
    textRight(formatPrice(value), right, y, bold ? 12 : 10, bold ? fonts.bold : fonts.regular);
    y -= 16;
  }
  if (cancelada) {
    const motivo = MOTIVOS_CANCELACION.find((m) => m.clave === cancelada.motivo);
    text(`CANCELADA · motivo ${cancelada.motivo} ${motivo?.nombre ?? ""}`, left, 120, 11, fonts.bold, red);
  }
  text(
    "Este documento es una demostración del sitio: no fue sellado ni timbrado por el SAT y no tiene validez fiscal.",
    left,
    90,
    8,
    fonts.regular,
    muted,
  );
  text("Con FACTURAPI_KEY configurada, la tienda emite CFDI reales a través de Facturapi.", left, 78, 8, fonts.regular, muted);
  return Buffer.from(await pdf.save({ useObjectStreams: false }));
}

/** The demo provider: stamps nothing, answers at once, cancels at once. */
export function createDemoInvoiceProvider(): InvoiceProvider {
  return {
    name: "demo",
    async create(doc): Promise<Stamped> {
      const folio = String(Number.parseInt(createHash("sha256").update(doc.clave).digest("hex").slice(0, 6), 16) % 100_000);
      return { proveedorId: `demo_${doc.clave}`, uuid: demoUuid(doc.clave), serie: "DEMO", folio };
    },
    pdf: (doc) => demoPdf(doc),
    async xml(doc) {
      return Buffer.from(demoXml(doc), "utf8");
    },
    /**
     * As the SAT: at once, unless the receiver must accept (over $1,000 and past 72 h): then it
     * waits, and the studio answers for the "receiver" from /admin/facturas (demo only).
     */
    async cancel(doc): Promise<Cancelled> {
      const total = doc.conceptos.reduce((s, c) => s + c.base + c.iva, 0);
      return cancelacionRequiereAceptacion(total, doc.fecha, new Date())
        ? { status: "cancelando", cancelacion: "pending" }
        : { status: "cancelada", cancelacion: "accepted" };
    },
    async status() {
      return null;
    },
  };
}

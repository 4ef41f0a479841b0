/**
 * What to pay and where, in a mail: an OXXO voucher's number and barcode, or SPEI's
 * beneficiary, bank, CLABE, reference and amount. Shared by every payable thing's voucher, reminder mails (the shop's
 * order, shop/pending-mail.server.ts; an appointment's deposit, booking/deposit-payable.server.ts).
 */
import { formatSpanishDateTime } from "~/domain/dates";
import { formatPrice } from "~/domain/money";
import { type InstruccionesPago, code128Modules, formatClabe, formatVoucherNumber } from "~/domain/payment-methods";
import { escapeHtml } from "../mail.server";

/** The voucher's barcode as an HTML table (mail clients drop SVG and images are blocked). */
function barcodeHtml(numero: string): string {
  const cells = code128Modules(numero)
    .map(
      (w, i) => `<td style="width:${w * 2}px;height:56px;padding:0;background:${i % 2 === 0 ? "#111" : "#fff"}"></td>`,
    )
    .join("");
  return `<table role="presentation" cellpadding="0" cellspacing="0" style="margin:16px auto 0;border-collapse:collapse;border:12px solid #fff"><tr>${cells}</tr></table>`;
}

/** What to pay and where, from the payment's amount and instructions (a booking deposit's mails). */
export function voucherInstructions(montoCentavos: number, instrucciones: InstruccionesPago) {
  return instructionsHtml({
    monto: `${formatPrice(montoCentavos)} MXN`,
    vence: formatSpanishDateTime(new Date(instrucciones.vence)),
    instrucciones,
  });
}

/** What to pay and where: the voucher number and barcode, or the CLABE, bank and reference. */
export function instructionsHtml(m: { monto: string; vence: string; instrucciones: InstruccionesPago }): {
  html: string;
  text: string[];
} {
  const i = m.instrucciones;
  if (i.metodo === "oxxo") {
    return {
      html: `<p style="margin:16px 0 0">Paga <strong>${escapeHtml(m.monto)}</strong> en efectivo en cualquier tienda OXXO con este número de referencia:</p>
<p style="margin:12px 0 0;font-size:22px;letter-spacing:2px;text-align:center"><strong>${escapeHtml(formatVoucherNumber(i.numero))}</strong></p>
${barcodeHtml(i.numero)}
<p style="margin:16px 0 0">Vence: <strong>${escapeHtml(m.vence)}</strong>. OXXO cobra una comisión al recibir el pago.</p>`,
      text: [
        `Paga ${m.monto} en efectivo en cualquier OXXO con la referencia ${formatVoucherNumber(i.numero)}.`,
        `Vence: ${m.vence}.`,
      ],
    };
  }
  // Every field a bank app asks for, each labelled: beneficiario, banco, CLABE, referencia, monto.
  const beneficiario = i.beneficiario ? `Beneficiario: <strong>${escapeHtml(i.beneficiario)}</strong><br>` : "";
  return {
    html: `<p style="margin:16px 0 0">Haz una transferencia SPEI por el monto exacto a:</p>
<p style="margin:12px 0 0">${beneficiario}Banco: ${escapeHtml(i.banco)}<br>CLABE: <strong style="font-size:18px;letter-spacing:1px">${escapeHtml(formatClabe(i.clabe))}</strong><br>Referencia: <strong>${escapeHtml(i.referencia)}</strong><br>Monto: <strong>${escapeHtml(m.monto)}</strong></p>
<p style="margin:16px 0 0">Vence: <strong>${escapeHtml(m.vence)}</strong>.</p>`,
    text: [
      "Transfiere por SPEI el monto exacto a:",
      ...(i.beneficiario ? [`Beneficiario: ${i.beneficiario}`] : []),
      `Banco: ${i.banco}`,
      `CLABE: ${formatClabe(i.clabe)}`,
      `Referencia: ${i.referencia}`,
      `Monto: ${m.monto}`,
      `Vence: ${m.vence}.`,
    ],
  };
}

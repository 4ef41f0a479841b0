/** The mail that carries an invoice: its PDF and XML attached (CFDI 4.0, ADR 022). */
import { formatPrice } from "~/domain/money";
import type { Db } from "../db/index.server";
import { escapeHtml, mailLayout, sendMail } from "../mail.server";

export async function sendInvoiceMail(
  db: Db,
  input: {
    to: string;
    compraId: string;
    uuid: string;
    total: number;
    demo: boolean;
    pdf: Buffer;
    xml: Buffer;
  },
): Promise<void> {
  const name = `factura-${input.compraId}`;
  const demoNote = input.demo
    ? "Esta factura es de demostración: no tiene validez fiscal."
    : "Conserva ambos archivos: el XML es la factura ante el SAT y el PDF su representación impresa.";
  await sendMail(
    {
      to: input.to,
      subject: `Tu factura de la compra ${input.compraId}`,
      html: mailLayout(
        "Tu factura",
        `<p>Adjuntamos la factura (PDF y XML) de tu compra <strong>${escapeHtml(input.compraId)}</strong> por ${escapeHtml(formatPrice(input.total))} MXN.</p>
<p>Folio fiscal: <span style="font-family:monospace">${escapeHtml(input.uuid)}</span></p>
<p>${escapeHtml(demoNote)} También puedes descargarla en Mis compras.</p>`,
      ),
      text: `Adjuntamos la factura (PDF y XML) de tu compra ${input.compraId} por ${formatPrice(input.total)} MXN.\nFolio fiscal: ${input.uuid}\n${demoNote} También puedes descargarla en Mis compras.`,
      attachments: [
        { filename: `${name}.pdf`, content: input.pdf, contentType: "application/pdf" },
        { filename: `${name}.xml`, content: input.xml, contentType: "application/xml" },
      ],
    },
    db,
  );
}

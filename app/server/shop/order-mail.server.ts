/**
 * The purchase mails: the buyer's confirmation (also re-sent on request from /mis-compras
 * and the /v2/correo call) and, when a charged payment could not become an order, the
 * refund notice to the buyer and the studio.
 */
import { asc, eq } from "drizzle-orm";
import { formatSpanishDateTime } from "~/domain/dates";
import { formatPrice } from "~/domain/money";
import type { Db } from "../db/index.server";
import { compraLineas, compras, user } from "../db/schema";
import { env } from "../env.server";
import { escapeHtml, mailLayout, sendMail } from "../mail.server";
import type { PaymentDetail } from "./orders.server";

/** The buyer's confirmation (HTML and text, Spanish): lines, shipping, total, purchase id. */
export async function sendOrderConfirmation(db: Db, compraId: string): Promise<void> {
  const [row] = await db
    .select({ compra: compras, correo: user.email, nombre: user.name })
    .from(compras)
    .innerJoin(user, eq(user.id, compras.compradorId))
    .where(eq(compras.id, compraId));
  if (!row) throw new Error(`Compra desconocida: ${compraId}`);
  const lines = await db
    .select()
    .from(compraLineas)
    .where(eq(compraLineas.compraId, compraId))
    .orderBy(asc(compraLineas.id));
  const { compra } = row;
  const to = compra.datosContacto?.correo || row.correo;
  const envio = compra.datosEnvio;
  const nombre = envio?.nombre || row.nombre;
  const fecha = formatSpanishDateTime(compra.fecha);

  const cell = "padding:8px 0;border-bottom:1px solid #efe4d8";
  const rows = lines
    .map(
      (l) =>
        `<tr><td style="${cell}">${escapeHtml(l.nombre)}<br><span style="color:#7a6a62;font-size:13px">${l.cantidad} × ${formatPrice(l.precio)}</span></td>` +
        `<td style="${cell};text-align:right;white-space:nowrap">${formatPrice(l.precio * l.cantidad)}</td></tr>`,
    )
    .join("");
  const shippingRow = compra.curso
    ? ""
    : `<tr><td style="${cell}">Envío Express</td><td style="${cell};text-align:right">${formatPrice(compra.envio)}</td></tr>`;
  const address = envio
    ? `<p style="margin:24px 0 0"><strong>Enviar a</strong><br>${escapeHtml(`${envio.nombre} ${envio.apellido}`)}<br>${escapeHtml(envio.direccion)}, ${escapeHtml(envio.colonia)}<br>${escapeHtml(`${envio.codigo_postal} ${envio.ciudad}, ${envio.estado}, ${envio.pais}`)}</p>`
    : "";
  const html = mailLayout(
    "¡Gracias por tu compra!",
    `<p style="margin:0">Hola ${escapeHtml(nombre)}, recibimos tu pago.</p>
<p style="margin:16px 0 0">Número de compra: <strong>${escapeHtml(compra.id)}</strong><br>Fecha: ${escapeHtml(fecha)}</p>
<table role="presentation" width="100%" cellpadding="0" cellspacing="0" style="margin-top:24px;font-size:15px">${rows}${shippingRow}
<tr><td style="padding:12px 0;font-weight:bold">Total</td><td style="padding:12px 0;text-align:right;font-weight:bold">${formatPrice(compra.total)} MXN</td></tr></table>
${address}
<p style="margin:24px 0 0;color:#7a6a62;font-size:13px">Puedes ver tus compras en Mi perfil → Mis compras.</p>`,
  );
  const text = [
    `Hola ${nombre}, recibimos tu pago.`,
    `Número de compra: ${compra.id}`,
    `Fecha: ${fecha}`,
    "",
    ...lines.map(
      (l) => `${l.nombre}: ${l.cantidad} × ${formatPrice(l.precio)} = ${formatPrice(l.precio * l.cantidad)}`,
    ),
    ...(compra.curso ? [] : [`Envío Express: ${formatPrice(compra.envio)}`]),
    `Total: ${formatPrice(compra.total)} MXN`,
    ...(envio
      ? [
          "",
          "Enviar a:",
          `${envio.nombre} ${envio.apellido}`,
          `${envio.direccion}, ${envio.colonia}`,
          `${envio.codigo_postal} ${envio.ciudad}, ${envio.estado}, ${envio.pais}`,
        ]
      : []),
  ].join("\n");
  await sendMail({ to, subject: `Confirmación de tu compra ${compra.id}`, html, text });
}

/** Tells the buyer and the studio that a charged payment could not become an order. */
export async function sendRefundNotice(db: Db, userId: string, paymentId: string, detalle: PaymentDetail, nombres: string[]) {
  const [buyer] = await db.select({ email: user.email, name: user.name }).from(user).where(eq(user.id, userId));
  const to = detalle.datosContacto?.correo || buyer?.email;
  const amount = `${formatPrice(detalle.total)} MXN`;
  const productos = nombres.join(", ");
  if (to) {
    await sendMail({
      to,
      subject: "Tu pago será reembolsado",
      html: mailLayout(
        "Tu pago será reembolsado",
        `<p style="margin:0">Hola ${escapeHtml(buyer?.name ?? "")}, recibimos tu pago de ${amount}, pero ${escapeHtml(productos)} se agotó mientras pagabas y no pudimos generar tu pedido.</p>
<p style="margin:16px 0 0">Te reembolsaremos el cargo completo a la misma tarjeta. Referencia de pago: ${escapeHtml(paymentId)}.</p>
<p style="margin:16px 0 0">Lamentamos las molestias.</p>`,
      ),
      text: `Recibimos tu pago de ${amount}, pero ${productos} se agotó mientras pagabas y no pudimos generar tu pedido. Te reembolsaremos el cargo completo a la misma tarjeta. Referencia de pago: ${paymentId}. Lamentamos las molestias.`,
    });
  }
  await sendMail({
    to: env.studioInbox,
    subject: `Reembolso pendiente: pago ${paymentId}`,
    html: mailLayout(
      "Reembolso pendiente",
      `<p style="margin:0">El pago ${escapeHtml(paymentId)} (${amount}) de ${escapeHtml(buyer?.email ?? userId)} se cobró, pero ${escapeHtml(productos)} ya no tenía existencias. No se generó pedido: reembólsalo desde el panel del proveedor de pagos.</p>`,
    ),
    text: `El pago ${paymentId} (${amount}) de ${buyer?.email ?? userId} se cobró, pero ${productos} ya no tenía existencias. No se generó pedido: reembólsalo desde el panel del proveedor de pagos.`,
  });
}

/**
 * The mails of an OXXO or SPEI payment (issue 14): the voucher or transfer instructions when
 * it is issued (also re-sent from /admin/pagos), the reminder a day before it expires, the
 * notice that it expired, and, for money that arrived after that, the refund notice to the
 * buyer and the studio. The paid confirmation is the order's usual one (order-mail.server.ts).
 */
import { asc, eq } from "drizzle-orm";
import { formatSpanishDateTime } from "~/domain/dates";
import { formatPrice } from "~/domain/money";
import type { InstruccionesPago } from "~/domain/payment-methods";
import type { Db } from "../db/index.server";
import { compraLineas, pagos, user } from "../db/schema";
import { env } from "../env.server";
import { escapeHtml, mailLayout, sendMail } from "../mail.server";
import { instructionsHtml } from "../payments/voucher-mail.server";
import type { PaymentDetail } from "./orders.server";

async function paymentForMail(db: Db, paymentId: string) {
  const [row] = await db
    .select({ pago: pagos, correo: user.email, nombre: user.name })
    .from(pagos)
    .innerJoin(user, eq(user.id, pagos.userId))
    .where(eq(pagos.id, paymentId));
  if (!row) throw new Error(`Pago desconocido: ${paymentId}`);
  const detalle = row.pago.detalle as PaymentDetail;
  const instrucciones = row.pago.instrucciones as InstruccionesPago | null;
  if (!instrucciones) throw new Error(`Pago ${paymentId} sin ficha`);
  const lines = row.pago.compraId
    ? await db
        .select({ nombre: compraLineas.nombre, cantidad: compraLineas.cantidad })
        .from(compraLineas)
        .where(eq(compraLineas.compraId, row.pago.compraId))
        .orderBy(asc(compraLineas.id))
    : detalle.lines;
  return {
    to: detalle.datosContacto?.correo || row.correo,
    nombre: detalle.datosEnvio?.nombre || row.nombre,
    correo: row.correo,
    compraId: row.pago.compraId ?? "",
    monto: `${formatPrice(row.pago.monto)} MXN`,
    vence: formatSpanishDateTime(new Date(instrucciones.vence)),
    productos: lines.map((l) => `${l.nombre} × ${l.cantidad}`).join(", "),
    instrucciones,
  };
}

const footer = `<p style="margin:24px 0 0;color:#7a6a62;font-size:13px">También la encuentras en Mi perfil → Mis compras.</p>`;

export async function sendVoucherMail(db: Db, paymentId: string): Promise<void> {
  const m = await paymentForMail(db, paymentId);
  const how = instructionsHtml(m);
  const titulo = m.instrucciones.metodo === "oxxo" ? "Tu ficha de pago OXXO" : "Tus datos para transferir";
  await sendMail(
    {
      to: m.to,
      subject: `${titulo}: compra ${m.compraId}`,
      html: mailLayout(
        titulo,
        `<p style="margin:0">Hola ${escapeHtml(m.nombre)}, apartamos tu compra <strong>${escapeHtml(m.compraId)}</strong> (${escapeHtml(m.productos)}) hasta que recibamos tu pago.</p>
${how.html}${footer}`,
      ),
      text: [
        `Hola ${m.nombre}, apartamos tu compra ${m.compraId} (${m.productos}) hasta que recibamos tu pago.`,
        "",
        ...how.text,
        "",
        "También la encuentras en Mi perfil → Mis compras.",
      ].join("\n"),
    },
    db,
  );
}

export async function sendPaymentReminder(db: Db, paymentId: string): Promise<void> {
  const m = await paymentForMail(db, paymentId);
  const how = instructionsHtml(m);
  await sendMail(
    {
      to: m.to,
      subject: `Tu ficha de pago vence mañana: compra ${m.compraId}`,
      html: mailLayout(
        "Tu pago vence mañana",
        `<p style="margin:0">Hola ${escapeHtml(m.nombre)}, tu compra <strong>${escapeHtml(m.compraId)}</strong> sigue apartada, pero el plazo para pagar termina mañana.</p>
${how.html}${footer}`,
      ),
      text: [
        `Hola ${m.nombre}, tu compra ${m.compraId} sigue apartada, pero el plazo para pagar termina mañana.`,
        "",
        ...how.text,
      ].join("\n"),
    },
    db,
  );
}

export async function sendPaymentExpired(db: Db, paymentId: string): Promise<void> {
  const m = await paymentForMail(db, paymentId);
  await sendMail(
    {
      to: m.to,
      subject: `Tu ficha de pago venció: compra ${m.compraId}`,
      html: mailLayout(
        "Tu ficha de pago venció",
        `<p style="margin:0">Hola ${escapeHtml(m.nombre)}, no recibimos el pago de tu compra <strong>${escapeHtml(m.compraId)}</strong> a tiempo, así que la cancelamos. No pagues esa ficha: puedes volver a comprar cuando quieras.</p>`,
      ),
      text: `Hola ${m.nombre}, no recibimos el pago de tu compra ${m.compraId} a tiempo, así que la cancelamos. No pagues esa ficha: puedes volver a comprar cuando quieras.`,
    },
    db,
  );
}

/** Money that arrived after the voucher expired: the buyer is told it will be refunded, the studio to refund it. */
export async function sendLatePaymentNotice(db: Db, paymentId: string): Promise<void> {
  const m = await paymentForMail(db, paymentId);
  await sendMail(
    {
      to: m.to,
      subject: `Recibimos tu pago después del vencimiento: compra ${m.compraId}`,
      html: mailLayout(
        "Tu pago será reembolsado",
        `<p style="margin:0">Hola ${escapeHtml(m.nombre)}, recibimos tu pago de ${escapeHtml(m.monto)} para la compra <strong>${escapeHtml(m.compraId)}</strong>, pero llegó después de que la ficha venciera y la compra ya se había cancelado.</p>
<p style="margin:16px 0 0">Te escribiremos para reembolsarte el monto completo. Referencia: ${escapeHtml(paymentId)}.</p>`,
      ),
      text: `Recibimos tu pago de ${m.monto} para la compra ${m.compraId}, pero llegó después de que la ficha venciera. Te escribiremos para reembolsarte el monto completo. Referencia: ${paymentId}.`,
    },
    db,
  );
  await sendMail(
    {
      to: env.studioInbox,
      subject: `Reembolso pendiente: pago tardío ${paymentId}`,
      html: mailLayout(
        "Pago recibido después de vencer",
        `<p style="margin:0">El pago ${escapeHtml(paymentId)} (${escapeHtml(m.monto)}, ${escapeHtml(m.instrucciones.metodo.toUpperCase())}) de ${escapeHtml(m.correo)} llegó después de vencer la compra ${escapeHtml(m.compraId)}. Está en Panel → Reembolsos.</p>`,
      ),
      text: `El pago ${paymentId} (${m.monto}) de ${m.correo} llegó después de vencer la compra ${m.compraId}. Está en Panel → Reembolsos.`,
    },
    db,
  );
}

/**
 * The studio cancels an order from admin (issue 28), before it is shipped:
 *
 *   one transaction under the order's and its payment's row locks:
 *     - paid: the order `cancelado`, its stock back, the refund of what is left written
 *       (payments/refunds.server.ts) — given back through the provider right after;
 *     - waiting for an OXXO or SPEI payment: the voucher void (its jobs dropped), the order
 *       `cancelado`, its stock back; the provider voids it after the commit. Money that still
 *       arrives is late money: the refund queue (the settle step);
 *     - the buyer's mail queued with it.
 *
 * An order already shipped (Enviado, Entregado) is not cancelled: the studio refunds it.
 * Courses bought in an order are refunded, not cancelled (the access stays the studio's call).
 */
import { eq } from "drizzle-orm";
import { formatPrice } from "~/domain/money";
import { ESTADO_PAGO } from "~/domain/order-status";
import type { Db, DbOrTx } from "../db/index.server";
import { compras, user } from "../db/schema";
import { logError } from "../log.server";
import { deliverQueuedMail, escapeHtml, mailLayout, queueMail } from "../mail.server";
import { providerNamed } from "../payments/index.server";
import { lockPayment } from "../payments/ledger.server";
import { PAGO_ESTADO } from "../payments/provider.server";
import { readMotivo, reserveRefund, settleRefund } from "../payments/refunds.server";
import { requestOrderCfdiCancellation, settleInvoiceCancellation } from "../invoicing/credit-notes.server";
import { voidPendingPaymentInTx } from "../payments/settle.server";
import { closeOrder } from "./order-payment.server";

export type CancelResult = { ok: true; notice: string } | { ok: false; message: string };

/** Shipping states from which an order can no longer be cancelled (Enviado, Entregado). */
const SHIPPED = 2;

export async function cancelOrder(
  db: Db,
  compraId: string,
  input: { motivo: unknown; solicitadoPor?: string },
): Promise<CancelResult> {
  const read = readMotivo(input.motivo, "de la cancelación");
  if (!read.ok) return read;
  const { motivo } = read;
  const done = await db.transaction(async (tx) => {
    const [order] = await tx.select().from(compras).where(eq(compras.id, compraId)).for("update");
    if (!order) return { ok: false as const, message: "Pedido desconocido." };
    if (order.curso) return { ok: false as const, message: "Un curso no se cancela: reembolsa su pago." };
    if (order.estadoEnvio >= SHIPPED) {
      return { ok: false as const, message: "Este pedido ya se envió: reembolsa su pago en lugar de cancelarlo." };
    }
    const pago = await lockPayment(tx, order.pagoId);
    if (order.estadoPago === ESTADO_PAGO.pendiente && pago?.estado === PAGO_ESTADO.esperandoPago) {
      await voidPendingPaymentInTx(tx, order.pagoId);
      await cancelled(tx, compraId);
      await queueCancelMail(tx, compraId, motivo, 0);
      return { ok: true as const, voidAt: pago.proveedor, pagoId: order.pagoId, refundId: null };
    }
    if (order.estadoPago !== ESTADO_PAGO.pagado) {
      return { ok: false as const, message: "Este pedido ya no está activo: no hay nada que cancelar." };
    }
    // Free orders ($0) have nothing to give back; a refund that cannot be written (all of it
    // already on its way back) leaves the order as it was.
    const refund =
      order.total > 0
        ? await reserveRefund(tx, { pagoId: order.pagoId, motivo, solicitadoPor: input.solicitadoPor })
        : null;
    if (refund && !refund.ok) return { ok: false as const, message: refund.message };
    // the operation did not take place: its own CFDI is cancelled with motive 03 (ADR 034)
    const facturaId = await requestOrderCfdiCancellation(tx, compraId, new Date());
    await cancelled(tx, compraId);
    await queueCancelMail(tx, compraId, motivo, refund?.ok ? refund.monto : 0);
    return { ok: true as const, voidAt: null, pagoId: order.pagoId, refundId: refund?.ok ? refund.id : null, facturaId };
  });
  if (!done.ok) return done;
  await deliverQueuedMail(db).catch((e) => logError("Correo de cancelación", e));
  if ("facturaId" in done && done.facturaId) await settleInvoiceCancellation(db, done.facturaId);
  if (done.voidAt) {
    // The voucher can no longer be paid (best effort: it also expires at the provider).
    await providerNamed(done.voidAt)
      .cancel(done.pagoId)
      .catch((e) => logError(`No se pudo anular la ficha del pedido cancelado ${compraId}`, e));
    return { ok: true, notice: "Pedido cancelado. La ficha de pago quedó anulada y el stock regresó." };
  }
  if (done.refundId) {
    const hecho = await settleRefund(db, done.refundId);
    return {
      ok: true,
      notice: hecho
        ? "Pedido cancelado. El stock regresó y el pago fue reembolsado."
        : "Pedido cancelado. El stock regresó; el reembolso está en proceso.",
    };
  }
  return { ok: true, notice: "Pedido cancelado. El stock regresó." };
}

const cancelled = (tx: DbOrTx, compraId: string) => closeOrder(tx, compraId, ESTADO_PAGO.cancelado);

async function queueCancelMail(tx: DbOrTx, compraId: string, motivo: string, reembolso: number) {
  const [row] = await tx
    .select({ nombre: user.name, email: user.email, contacto: compras.datosContacto })
    .from(compras)
    .innerJoin(user, eq(user.id, compras.compradorId))
    .where(eq(compras.id, compraId));
  const to = row?.contacto?.correo || row?.email;
  if (!to) return;
  const devolucion =
    reembolso > 0 ? `Te reembolsamos ${formatPrice(reembolso)} MXN; te llegará otro correo cuando salga.` : "";
  await queueMail(tx, {
    to,
    subject: `Cancelamos tu pedido ${compraId}`,
    html: mailLayout(
      "Pedido cancelado",
      `<p style="margin:0">Hola ${escapeHtml(row.nombre)}, cancelamos tu pedido <strong>${escapeHtml(compraId)}</strong>.</p>
<p style="margin:16px 0 0">Motivo: ${escapeHtml(motivo)}</p>
${devolucion ? `<p style="margin:16px 0 0">${escapeHtml(devolucion)}</p>` : ""}`,
    ),
    text: [`Hola ${row.nombre}, cancelamos tu pedido ${compraId}.`, `Motivo: ${motivo}`, devolucion]
      .filter(Boolean)
      .join("\n"),
  });
}

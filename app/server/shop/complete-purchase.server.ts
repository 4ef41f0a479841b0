/**
 * Completing a purchase (SPEC §4 'Payment success'): the one workflow that turns a payment
 * the provider AUTHORISED into an order and only then charges it, exactly once, whoever
 * calls first (the browser's return, a webhook, a retry — even at the same moment). It
 * reads top to bottom (docs/decisions/005-payments.md):
 *
 *   1. the payment record: an order already written whose capture was never confirmed (the
 *      process died between the two) is captured now; otherwise the provider's word on it
 *      (before any lock: no network wait while rows are locked);
 *   2. one transaction: lock the payment, take the stock, write the order, enrol the
 *      courses, empty the cart of what was bought, mark the payment `por-capturar`, queue the confirmation
 *      and the studio's notice in the outbox (ADR 028);
 *   3. capture (idempotent at the provider), then `pagado`;
 *   4. after commit: the queued mails are delivered.
 *
 * Stock that vanished between pricing and payment (another buyer took the last unit while
 * this card was being authorised): the transaction rolls back, nothing is ordered, and the
 * authorisation is CANCELLED: nobody is charged for an order that does not exist. Only a
 * payment the provider had already captured (one from before manual capture, or captured
 * by hand) is flagged `requiere-reembolso`, and the buyer and the studio are mailed.
 */
import { type AlertMessage, cardError, paymentError, soldOutNotCharged } from "~/domain/messages";
import { enrolPurchase } from "../school/enrolment.server";
import type { Db } from "../db/index.server";
import { providerNamed } from "../payments/index.server";
import { PAGO_ESTADO, type PaymentProvider } from "../payments/provider.server";
import { removeBoughtFromCart } from "./cart.server";
import { takeStock } from "./catalog.server";
import { deliverQueuedMail } from "../mail.server";
import { sendOrderConfirmation, sendRefundNotice, sendStudioOrderNotice } from "./order-mail.server";
import { type PaymentDetail, writeOrder } from "./orders.server";
import {
  type PaymentRecord,
  findPayment,
  flagForRefund,
  lockPayment,
  markCancelled,
  markCaptured,
  markOrderWritten,
} from "./payments.server";
import { logError } from "../log.server";
import { isDiferido } from "~/domain/payment-methods";
import { confirmPendingPayment } from "./pending-payment.server";

export type CompleteFailure = "desconocido" | "pendiente" | "fallido" | "monto" | "sin-stock";

export type CompleteResult =
  | { ok: true; compraId: string; created: boolean }
  | { ok: false; reason: CompleteFailure; message: AlertMessage };

/** Captured, but a product ran out before the order could be written (the spec has no text). */
export const paidOutOfStock = (nombres: string[]) =>
  ({
    icon: "warning",
    title: "Producto agotado",
    text:
      `Recibimos tu pago, pero ${nombres.join(", ")} se agotó mientras pagabas, así que no se generó tu pedido. ` +
      "Te reembolsaremos el cargo completo y te escribiremos por correo.",
  }) as const satisfies AlertMessage;

class StockGone extends Error {
  constructor(readonly nombres: string[]) {
    super(`Sin existencias al escribir el pedido: ${nombres.join(", ")}`);
  }
}

/**
 * Writes the order for a payment the provider authorised, then captures it, exactly once.
 * `provider` overrides the one that created the payment (tests).
 */
export async function completePurchase(
  db: Db,
  paymentId: string,
  /** `payment`: its row, when the caller has just read it (the payment API checks its owner first) */
  options: { provider?: PaymentProvider; payment?: PaymentRecord } = {},
): Promise<CompleteResult> {
  // 1. The payment record and the provider's word on it.
  const pago = options.payment?.id === paymentId ? options.payment : await findPayment(db, paymentId);
  if (!pago) return { ok: false, reason: "desconocido", message: paymentError };
  const provider = options.provider ?? providerNamed(pago.proveedor);
  if (isDiferido(pago.metodo)) {
    // OXXO / SPEI: the order was written when the voucher was issued; the money confirms it.
    const confirmed = await confirmPendingPayment(db, paymentId, provider, pago);
    if (confirmed.ok && confirmed.compraId) return { ok: true, compraId: confirmed.compraId, created: false };
    return { ok: false, reason: confirmed.ok ? "sin-stock" : "pendiente", message: paymentError };
  }
  if (pago.compraId) {
    // The order exists; a capture that never got confirmed is done now (idempotent).
    if (pago.estado === PAGO_ESTADO.porCapturar) await capture(db, provider, paymentId);
    return { ok: true, compraId: pago.compraId, created: false };
  }
  if (pago.estado === PAGO_ESTADO.reembolso) return refundOutOfStock(pago.detalle);
  if (pago.estado === PAGO_ESTADO.cancelado) return cancelledOutOfStock(pago.detalle);

  const status = await provider.retrieve(paymentId);
  if (status.status === "pending") return { ok: false, reason: "pendiente", message: paymentError };
  if (status.status === "failed" || status.status === "canceled") {
    return { ok: false, reason: "fallido", message: cardError(status.error ?? "El pago no se completó.") };
  }
  if (status.amount !== pago.monto || status.currency.toLowerCase() !== pago.moneda) {
    logError(
      `Pago ${paymentId}: el proveedor tiene ${status.amount} ${status.currency}, esperábamos ${pago.monto} ${pago.moneda}. No se escribe el pedido.`,
    );
    return { ok: false, reason: "monto", message: paymentError };
  }
  const alreadyCaptured = status.status === "captured";

  // 2. One transaction: the order exists with its stock taken, or nothing changed.
  let written: { compraId: string; created: boolean };
  try {
    written = await db.transaction(async (tx) => {
      const locked = await lockPayment(tx, paymentId);
      if (locked.compraId) return { compraId: locked.compraId, created: false };
      if (locked.estado === PAGO_ESTADO.reembolso || locked.estado === PAGO_ESTADO.cancelado) {
        throw new StockGone([]);
      }
      const { detalle } = locked;

      const gone = await takeStock(tx, detalle.lines);
      if (gone.length > 0) throw new StockGone(gone);

      const compraId = await writeOrder(tx, {
        userId: locked.userId,
        paymentId,
        proveedor: locked.proveedor,
        detalle,
        // MSI: the plan the provider actually set on the card; the amount is the same.
        pago: { metodo: "tarjeta", estadoPago: "pagado", meses: status.meses ?? null },
      });

      const cursoIds = detalle.lines.filter((l) => l.tipo === "curso").map((l) => l.id);
      if (cursoIds.length > 0) await enrolPurchase(tx, { userId: locked.userId, compraId, cursoIds });

      if (detalle.carritoId) {
        const bought = detalle.lines.filter((l) => l.tipo === "producto").map((l) => l.id);
        await removeBoughtFromCart(tx, detalle.carritoId, bought);
      }

      await markOrderWritten(tx, paymentId, compraId, alreadyCaptured);
      // The mails are queued with the order (ADR 028): they exist if and only if it does.
      await sendOrderConfirmation(tx, compraId);
      await sendStudioOrderNotice(tx, compraId);
      return { compraId, created: true };
    });
  } catch (error) {
    if (!(error instanceof StockGone)) throw error;
    const nombres = error.nombres.length > 0 ? error.nombres : undefined;
    if (!alreadyCaptured) {
      // Release the hold first, then record it: a failed cancel leaves it `autorizado`
      // for the next completion to cancel again (an unreleased hold also expires by itself).
      await provider.cancel(paymentId);
      await markCancelled(db, paymentId);
      return cancelledOutOfStock(pago.detalle, nombres);
    }
    // Only the caller that flags the payment sends the mails.
    if (await flagForRefund(db, paymentId)) {
      logError(`Pago ${paymentId} cobrado sin existencias (${error.nombres.join(", ")}): requiere reembolso.`);
      await sendRefundNotice(db, pago.userId, paymentId, pago.detalle, error.nombres).catch((mailError) =>
        logError(`No se pudo enviar el aviso de reembolso del pago ${paymentId}`, mailError),
      );
    }
    return refundOutOfStock(pago.detalle, nombres);
  }

  // 3. The order exists: now the money moves.
  if (written.created && !alreadyCaptured) await capture(db, provider, paymentId);

  // 4. The mails queued with the order go out now (the outbox retries them if the server is down).
  if (written.created) await deliverQueuedMail(db);
  return { ok: true, ...written };
}

/**
 * Captures a written order's payment and records it. A provider that does not answer leaves
 * it `por-capturar`: the order stands, and the next completion (browser, webhook, retry)
 * captures it; the idempotency key keeps that to one charge.
 */
async function capture(db: Db, provider: PaymentProvider, paymentId: string) {
  try {
    await provider.capture(paymentId);
    await markCaptured(db, paymentId);
  } catch (error) {
    logError(`Pago ${paymentId}: el pedido existe pero la captura no se confirmó; se reintentará`, error);
  }
}

const productNames = (detalle: PaymentDetail) =>
  detalle.lines.filter((l) => l.tipo === "producto").map((l) => l.nombre);

function cancelledOutOfStock(detalle: PaymentDetail, nombres?: string[]): CompleteResult {
  return { ok: false, reason: "sin-stock", message: soldOutNotCharged(nombres ?? productNames(detalle)) };
}

function refundOutOfStock(detalle: PaymentDetail, nombres?: string[]): CompleteResult {
  return { ok: false, reason: "sin-stock", message: paidOutOfStock(nombres ?? productNames(detalle)) };
}

/**
 * Completing a purchase (SPEC §4 'Payment success'): the one workflow that turns a payment
 * the provider confirmed into an order, exactly once, whoever calls first (the browser's
 * return, a webhook, a retry — even at the same moment). It reads top to bottom:
 *
 *   1. the payment record, and the provider's word on it (before any lock: no network wait
 *      while rows are locked);
 *   2. one transaction: lock the payment, take the stock, write the order, enrol the
 *      courses, empty the cart of what was bought, mark the payment paid;
 *   3. after commit: the confirmation mail.
 *
 * Stock that vanished between pricing and payment (another buyer took the last unit while
 * this card was being charged): the transaction rolls back, nothing is ordered, the payment
 * is flagged `requiere-reembolso`, the buyer is told (alert and mail) and the studio is
 * mailed to refund it (docs/decisions/005-payments.md).
 */
import { type AlertMessage, cardError, paymentError } from "~/domain/messages";
import { enrolPurchase } from "../courses.server";
import type { Db } from "../db/index.server";
import { providerNamed } from "../payments/index.server";
import { PAGO_ESTADO, type PaymentProvider } from "../payments/provider.server";
import { removeBoughtFromCart } from "./cart.server";
import { takeStock } from "./catalog.server";
import { sendOrderConfirmation, sendRefundNotice } from "./order-mail.server";
import { type PaymentDetail, writeOrder } from "./orders.server";
import { findPayment, flagForRefund, lockPayment, markPaid } from "./payments.server";
import { logError } from "../log.server";

export type CompleteFailure = "desconocido" | "pendiente" | "fallido" | "monto" | "sin-stock";

export type CompleteResult =
  | { ok: true; compraId: string; created: boolean }
  | { ok: false; reason: CompleteFailure; message: AlertMessage };

/** Charged, but a product ran out before the order could be written (the spec has no text). */
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
 * Writes the order for a payment the provider confirmed, exactly once. `provider` overrides
 * the one that created the payment (tests).
 */
export async function completePurchase(
  db: Db,
  paymentId: string,
  options: { provider?: PaymentProvider } = {},
): Promise<CompleteResult> {
  // 1. The payment record and the provider's word on it.
  const pago = await findPayment(db, paymentId);
  if (!pago) return { ok: false, reason: "desconocido", message: paymentError };
  if (pago.compraId) return { ok: true, compraId: pago.compraId, created: false };
  if (pago.estado === PAGO_ESTADO.reembolso) return outOfStock(pago.detalle);

  const provider = options.provider ?? providerNamed(pago.proveedor);
  const status = await provider.retrieve(paymentId);
  if (status.status === "pending") return { ok: false, reason: "pendiente", message: paymentError };
  if (status.status === "failed") {
    return { ok: false, reason: "fallido", message: cardError(status.error ?? "El pago no se completó.") };
  }
  if (status.amount !== pago.monto || status.currency.toLowerCase() !== pago.moneda) {
    logError(
      `Pago ${paymentId}: el proveedor cobró ${status.amount} ${status.currency}, esperábamos ${pago.monto} ${pago.moneda}. No se escribe el pedido.`,
    );
    return { ok: false, reason: "monto", message: paymentError };
  }

  // 2. One transaction: the order exists with its stock taken, or nothing changed.
  let written: { compraId: string; created: boolean };
  try {
    written = await db.transaction(async (tx) => {
      const locked = await lockPayment(tx, paymentId);
      if (locked.compraId) return { compraId: locked.compraId, created: false };
      if (locked.estado === PAGO_ESTADO.reembolso) throw new StockGone([]);
      const { detalle } = locked;

      const gone = await takeStock(tx, detalle.lines);
      if (gone.length > 0) throw new StockGone(gone);

      const compraId = await writeOrder(tx, {
        userId: locked.userId,
        paymentId,
        proveedor: locked.proveedor,
        detalle,
      });

      const cursoIds = detalle.lines.filter((l) => l.tipo === "curso").map((l) => l.id);
      if (cursoIds.length > 0) await enrolPurchase(tx, { userId: locked.userId, compraId, cursoIds });

      if (detalle.carritoId) {
        const bought = detalle.lines.filter((l) => l.tipo === "producto").map((l) => l.id);
        await removeBoughtFromCart(tx, detalle.carritoId, bought);
      }

      await markPaid(tx, paymentId, compraId);
      return { compraId, created: true };
    });
  } catch (error) {
    if (!(error instanceof StockGone)) throw error;
    // Only the caller that flags the payment sends the mails.
    if (await flagForRefund(db, paymentId)) {
      logError(`Pago ${paymentId} cobrado sin existencias (${error.nombres.join(", ")}): requiere reembolso.`);
      await sendRefundNotice(db, pago.userId, paymentId, pago.detalle, error.nombres).catch((mailError) =>
        logError(`No se pudo enviar el aviso de reembolso del pago ${paymentId}`, mailError),
      );
    }
    return outOfStock(pago.detalle, error.nombres.length > 0 ? error.nombres : undefined);
  }

  // 3. The order stands even if the mail fails; the buyer can ask for it again from /mis-compras.
  if (written.created) {
    await sendOrderConfirmation(db, written.compraId).catch((mailError) =>
      logError(`No se pudo enviar la confirmación de la compra ${written.compraId}`, mailError),
    );
  }
  return { ok: true, ...written };
}

function outOfStock(detalle: PaymentDetail, nombres?: string[]): CompleteResult {
  const names = nombres ?? detalle.lines.filter((l) => l.tipo === "producto").map((l) => l.nombre);
  return { ok: false, reason: "sin-stock", message: paidOutOfStock(names) };
}

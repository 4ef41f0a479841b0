/**
 * Completing a purchase (SPEC §4 'Payment success'): the shop's answer to the browser's
 * return, a webhook or a retry, whoever calls first. The work is the payment ledger's one
 * settle step (payments/settle.server.ts, docs/decisions/005-payments.md) with the shop's
 * order as the thing paid for (order-payment.server.ts): the provider's word, the order
 * written with its stock taken and courses enrolled in one transaction, and only then the
 * capture, exactly once; OXXO / SPEI are confirmed by the same module's deferred path.
 *
 * Stock that vanished between pricing and payment (another buyer took the last unit while
 * this card was being authorised): nothing is ordered, and the authorisation is CANCELLED:
 * nobody is charged for an order that does not exist. Only a payment the provider had
 * already captured (one from before manual capture, or captured by hand) is flagged
 * `requiere-reembolso`, and the buyer and the studio are mailed.
 */
import { type AlertMessage, cardError, paymentError, soldOutNotCharged } from "~/domain/messages";
import { isDiferido } from "~/domain/payment-methods";
import type { Db } from "../db/index.server";
import { providerNamed } from "../payments/index.server";
import { findPayment } from "../payments/ledger.server";
import { PAGO_ESTADO, type PaymentProvider } from "../payments/provider.server";
import { confirmPendingPayment, settleCard } from "../payments/settle.server";
import { type PaymentRecord, orderPayable } from "./order-payment.server";
import { lostCodeReason } from "./redemptions.server";
import type { PaymentDetail } from "./orders.server";

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

/** Not charged: a discount code was refused when the order was written (its limit reached meanwhile, its dates). */
export const codeRefusedNotCharged = (motivo: string) =>
  ({
    icon: "warning",
    title: "Código de descuento no aplicado",
    text:
      `${motivo} No se generó tu pedido y no se hizo ningún cargo a tu tarjeta: tu banco libera el monto apartado. ` +
      "Quita el código e intenta de nuevo.",
  }) as const satisfies AlertMessage;

/** Captured, but a discount code was refused when the order was written. */
export const paidCodeRefused = (motivo: string) =>
  ({
    icon: "warning",
    title: "Código de descuento no aplicado",
    text: `Recibimos tu pago, pero ${motivo.charAt(0).toLowerCase()}${motivo.slice(1)} No se generó tu pedido; te reembolsaremos el cargo completo y te escribiremos por correo.`,
  }) as const satisfies AlertMessage;

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
  // 1. The payment record (the provider's word is the settle step's).
  const pago = options.payment?.id === paymentId ? options.payment : await findPayment<PaymentRecord>(db, paymentId);
  if (!pago) return { ok: false, reason: "desconocido", message: paymentError };
  const provider = options.provider ?? providerNamed(pago.proveedor);
  if (isDiferido(pago.metodo)) {
    // OXXO / SPEI: the order was written when the voucher was issued; the money confirms it.
    const confirmed = await confirmPendingPayment(db, paymentId, provider, pago);
    if (confirmed.ok && confirmed.compraId) return { ok: true, compraId: confirmed.compraId, created: false };
    return { ok: false, reason: confirmed.ok ? "sin-stock" : "pendiente", message: paymentError };
  }

  if (!pago.compraId && pago.estado === PAGO_ESTADO.reembolso) return refundOutOfStock(pago.detalle);
  if (!pago.compraId && pago.estado === PAGO_ESTADO.cancelado) return cancelledOutOfStock(pago.detalle);

  // 2. The ledger's settle step: the order written, then the money moved (or released).
  const settled = await settleCard(db, pago, provider, orderPayable);
  if (settled.ok) return { ok: true, compraId: settled.ref, created: settled.created };
  switch (settled.reason) {
    case "pendiente":
      return { ok: false, reason: "pendiente", message: paymentError };
    case "fallido":
      return { ok: false, reason: "fallido", message: cardError(settled.error ?? "El pago no se completó.") };
    case "monto":
      return { ok: false, reason: "monto", message: paymentError };
    case "cancelado":
      return cancelledOutOfStock(pago.detalle, settled.lost);
    case "reembolso":
      return refundOutOfStock(pago.detalle, settled.lost);
  }
}

const productNames = (detalle: PaymentDetail) =>
  detalle.lines.filter((l) => l.tipo === "producto").map((l) => l.nombre);

function cancelledOutOfStock(detalle: PaymentDetail, nombres?: string[]): CompleteResult {
  const motivo = lostCodeReason(nombres);
  if (motivo) return { ok: false, reason: "sin-stock", message: codeRefusedNotCharged(motivo) };
  return { ok: false, reason: "sin-stock", message: soldOutNotCharged(nombres ?? productNames(detalle)) };
}

function refundOutOfStock(detalle: PaymentDetail, nombres?: string[]): CompleteResult {
  const motivo = lostCodeReason(nombres);
  if (motivo) return { ok: false, reason: "sin-stock", message: paidCodeRefused(motivo) };
  return { ok: false, reason: "sin-stock", message: paidOutOfStock(nombres ?? productNames(detalle)) };
}

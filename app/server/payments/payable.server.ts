/**
 * What a payment pays for: a payable thing (the shop's order with its products and courses,
 * shop/order-payment.server.ts; an appointment's deposit, booking/deposit-payable.server.ts).
 * The ledger (ledger.server.ts) and the one settle step (settle.server.ts) know nothing of
 * orders or appointments: each kind registers here what giving, holding and releasing it
 * mean, and its own mails. A new payable thing (a gift card, a waitlist deposit) is one more
 * `registerPayable`, never a copy of the settle step (docs/decisions/005-payments.md).
 *
 * Every method works inside the transaction it is handed, or opens its own (`fulfilCard`),
 * and must be idempotent: a webhook twice, late, or at the same time as the browser's
 * return reaches it again, and the settle step's conditional moves keep the money to once.
 */
import type { Db, DbOrTx } from "../db/index.server";
import type { PagoRow } from "./ledger.server";

/** What the settle step tells a card payable: the provider's word, checked. */
export type CardPaid = {
  /** the provider already captured it (nothing to capture after giving) */
  captured: boolean;
  /** the MSI plan the provider actually set on the card (the amount is the same) */
  meses: number | null;
  now: Date;
};

/** What giving a card-paid thing came to. */
export type Given<V> =
  /** given (now, or by an earlier call: `created` false), `ref` what the payment is linked to */
  | { ok: true; ref: string; created: boolean; value: V }
  /** it can no longer be given (stock or time gone): the settle step cancels or refunds; `lost` names what */
  | { ok: false; lost: string[] };

export type PayableMails = Record<"voucher" | "reminder" | "expired" | "late", (db: Db, paymentId: string) => Promise<void>>;

export type Payable<R extends PagoRow = PagoRow, V = unknown> = {
  /** how a log line names its payments ("Pago", "Anticipo") */
  label: string;

  // ---- a card (authorise, then capture once the thing exists)
  /**
   * Gives the thing for an authorised (or captured) payment, in its own transaction,
   * idempotently. When it writes the payment's link itself (markOrderWritten in that
   * transaction) it reports `created` for the caller that wrote it.
   */
  fulfilCard(db: Db, pago: R, paid: CardPaid): Promise<Given<V>>;
  /** Card money captured for a thing that is gone, just flagged for refund (once): tell whom it concerns. */
  lateMoney(db: Db, pago: R, lost: string[]): Promise<void>;

  // ---- OXXO / SPEI (the money arrives later, offline)
  /** Inside the transaction: reserve it. `id` is what the payment is linked to (pagos.compra_id). */
  hold(tx: DbOrTx, pago: R): Promise<{ ok: true; id: string } | { ok: false; nombres: string[] }>;
  /**
   * Inside the transaction: the money is in. "reembolso" when the thing can no longer be
   * given (a deposit's time taken meanwhile): the payment is flagged for a refund instead.
   */
  fulfil(tx: DbOrTx, pago: R, id: string): Promise<"reembolso" | undefined>;
  /** Money after the expiry: try `fulfil` again (a deposit's time may still be free); otherwise a refund. */
  revivable?: boolean;
  /** Inside the transaction: nobody paid in time. */
  release(tx: DbOrTx, pago: R, id: string): Promise<void>;

  /** After commit: delivers the mails that fulfilling queued in its transaction (ADR 028). */
  afterPaid(db: Db, pago: R, id: string): Promise<void>;
  /** The mails of a deferred payment: voucher, reminder, expired, late money. */
  mails: PayableMails;
};

/** A row's kind: `detalle.asunto`, the shop's order when absent (rows from before there were kinds). */
export const DEFAULT_KIND = "compra";

const PAYABLES = new Map<string, Payable>();

/** A module's payable thing, registered once when the module loads (jobs-registry.server.ts imports them all). */
export function registerPayable<R extends PagoRow, V>(kind: string, payable: Payable<R, V>): Payable<R, V> {
  PAYABLES.set(kind, payable as unknown as Payable);
  return payable;
}

export function kindOf(pago: { detalle: unknown }): string {
  const asunto = (pago.detalle as { asunto?: unknown } | null)?.asunto;
  return typeof asunto === "string" ? asunto : DEFAULT_KIND;
}

/** The payable a row pays for; an unknown kind is a programming error (its module was not loaded). */
export function payableOf(pago: PagoRow): Payable {
  const kind = kindOf(pago);
  const payable = PAYABLES.get(kind);
  if (!payable) throw new Error(`Pago ${pago.id}: asunto desconocido ${kind}`);
  return payable;
}

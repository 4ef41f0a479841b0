/**
 * One interface for every card payment provider (DESIGN: payments; docs/decisions/005). A
 * provider creates a payment for an amount the server computed, AUTHORISES it (the card's
 * bank holds the money, nothing is charged yet), and later captures or cancels it when told.
 * The order is written between the two: money moves only when the order exists.
 *
 *   createPayment → retrieve ("authorized") → [order written] → capture ("captured")
 *                                           → [stock gone]    → cancel   ("canceled")
 */

import type { CardFunding } from "~/domain/cfdi";
import type { InstruccionesPago, MetodoPago, MesesMsi } from "~/domain/payment-methods";

export type ProviderName = "stripe" | "conekta" | "demo" | "gratis" | "estudio";

export type CreatePaymentInput = {
  /** centavos */
  amount: number;
  currency: "mxn";
  /** small string values kept with the payment at the provider (user id, cart id, ...) */
  metadata: Record<string, string>;
  /** Providers that charge a card token on the server (Conekta): the token and its holder. */
  card?: { token: string; customer: { nombre: string; correo: string; cel: string } };
  /** The same key sends the same creation again without a second payment (network retries). */
  idempotencyKey?: string;
  /**
   * How the buyer pays (default tarjeta). oxxo / spei: the provider issues a voucher or
   * transfer instructions at once (CreatedPayment.instrucciones), payable until `vence`.
   */
  metodo?: MetodoPago;
  /** Card in meses sin intereses: the plan the buyer chose (the server checked it is offered). */
  meses?: MesesMsi;
  /** oxxo / spei: who pays (the voucher and the provider's customer need a name and a mail). */
  payer?: { nombre: string; correo: string; telefono?: string };
  /** oxxo / spei: until when it can be paid. */
  vence?: Date;
};

export type CreatedPayment = {
  /** the provider's payment id (the primary key of `pagos`) */
  id: string;
  /** what the browser needs to confirm the card payment (Stripe.js or the demo form) */
  clientSecret: string;
  /** oxxo / spei: the voucher number or the CLABE and reference the buyer pays with */
  instrucciones?: InstruccionesPago;
  /**
   * SPEI through Stripe: the provider's customer whose cash balance receives the transfer
   * (pagos.cliente_proveedor): money it cannot apply to the payment stays there (ADR 033).
   */
  cliente?: string;
};

/**
 * What a SPEI payer's cash balance at the provider holds beyond the payment (Stripe's
 * customer_balance, ADR 033), from the provider's own ledger, never from an event's body.
 */
export type CashBalanceWord = {
  /** the payment can still take money (Stripe applies the balance to it): nothing is the client's yet */
  abierto: boolean;
  /** the payment was paid in full */
  pagado: boolean;
  /** money the payment had taken went back to the balance when it was cancelled (a short transfer) */
  desaplicado: boolean;
  /**
   * centavos: everything the balance ever received for the client and did not apply to the
   * payment (Σ of its movements but our own payouts): grows with each late, short or excess
   * transfer and never shrinks when the studio pays it back, so what is new is this minus
   * what the queue already holds
   */
  recibido: number;
};

export type PaymentStatus = {
  /**
   * pending: nothing authorised yet (the card was not confirmed);
   * authorized: the money is held, ready to capture or cancel;
   * captured: charged (by us, or by someone in the provider's dashboard);
   * canceled: the authorisation was released;
   * failed: the card was refused.
   */
  status: "pending" | "authorized" | "captured" | "canceled" | "failed";
  /** what the provider actually holds, checked against what we priced */
  amount: number;
  currency: string;
  /** the provider's own message when the last attempt failed */
  error?: string;
  /** card in meses sin intereses: the plan the provider charged (a fixed count of months) */
  meses?: number;
  /** a card: its funding (crédito, débito, prepago), when the provider knows it: the invoice's c_FormaPago 04 or 28 */
  funding?: CardFunding;
  /**
   * the plans the provider reports for this card and amount once the card is known
   * (Stripe's `payment_method_options.card.installments.available_plans`); absent when the
   * provider does not say
   */
  planesTarjeta?: number[];
};

export interface PaymentProvider {
  readonly name: ProviderName;
  /** The smallest card payment the provider takes, in centavos (Stripe: $10.00 MXN). */
  readonly minimumAmount: number;
  /** The methods this provider takes (step 3 shows only these). */
  readonly methods: readonly MetodoPago[];
  /** The largest OXXO voucher, in centavos (Stripe: $10,000 MXN). */
  readonly oxxoMaximum: number;
  /** The MSI plans offered for a card total (the card itself may still refuse a plan). */
  installmentPlans(amount: number): MesesMsi[];
  createPayment(input: CreatePaymentInput): Promise<CreatedPayment>;
  retrieve(id: string): Promise<PaymentStatus>;
  /** Charges an authorised payment. Idempotent: a second call never charges twice. */
  capture(id: string): Promise<void>;
  /** Releases an authorised payment (nothing is charged). Idempotent. */
  cancel(id: string): Promise<void>;
  /**
   * Gives back part or all of a captured payment (issue 28), once per `reference` (the
   * ledger's refund id): asked again after a failure, the provider's refund of that
   * reference is found instead of a second one made.
   */
  refund(input: RefundInput): Promise<{ id: string }>;
  /** SPEI with a cash balance (Stripe): what the payer's balance holds beyond the payment. */
  cashBalance?(paymentId: string, customer: string): Promise<CashBalanceWord>;
}

export type RefundInput = {
  paymentId: string;
  /** centavos, > 0, at most what is still refundable (the ledger checked) */
  amount: number;
  /** the ledger's refund id: the same refund whenever it is asked again */
  reference: string;
  /**
   * This attempt's key. Stripe keeps a key's first answer for 24 h, a 500 included, so each
   * attempt has its own and the refund is looked up by `reference` before a new one.
   */
  idempotencyKey: string;
  /** the studio's reason, kept with the refund at the provider */
  reason: string;
  /**
   * Money from the payer's cash balance rather than a payment's charge (a refund-queue entry
   * of late, short or excess SPEI money, ADR 033): `paymentId` is then the entry's own id.
   */
  cashBalance?: {
    customer: string;
    /** where the provider sends refund instructions when it needs them */
    email?: string;
    /** when the ledger wrote the refund: an earlier attempt's refund is looked for from then */
    since: Date;
  };
};

/** A refusal of the card itself (declined, expired...): shown to the buyer as 'Error: {message}'. */
export class CardError extends Error {
  constructor(message: string) {
    super(message);
    this.name = "CardError";
  }
}

/**
 * `pagos.estado`, one explicit machine (docs/decisions/005-payments.md):
 *
 *   pendiente ──► autorizado ──► por-capturar ──► pagado
 *       │              │
 *       ▼              ▼
 *    fallido       cancelado
 *
 * - pendiente: the row exists before any call that could authorise money;
 * - autorizado: the provider holds the money, no order yet (the demo provider records it
 *   here; Stripe and Conekta answer it when asked);
 * - por-capturar: the order is written and its stock taken, the capture was not confirmed
 *   yet (the process may have died there): any later completion captures it, once;
 * - pagado: captured, the order exists;
 * - cancelado: the authorisation was released (stock gone): nobody was charged;
 * - fallido: the card was refused or the attempt never reached the provider;
 * - requiere-reembolso: only when the provider had ALREADY captured (a payment from before
 *   manual capture, or one captured by hand in the dashboard) and the order cannot exist:
 *   the studio refunds it.
 *
 * OXXO and SPEI (issue 14, docs/decisions/021): the money comes later, offline.
 *
 *   pendiente ──► esperando-pago ──► pagado
 *       │              │
 *       ▼              ▼
 *    cancelado      vencido ──► requiere-reembolso   (paid after it expired)
 *
 * - esperando-pago: the voucher or CLABE was issued, the order is written 'Pendiente de
 *   pago' with its stock held; the provider's webhook moves it to pagado (once);
 * - vencido: nobody paid in time: the stock went back and the order shows 'Vencido'. A
 *   payment the provider reports after that is never lost: requiere-reembolso, in admin.
 * - cancelado (from pendiente): the stock was gone when the voucher would have been held.
 */
export const PAGO_ESTADO = {
  pendiente: "pendiente",
  autorizado: "autorizado",
  porCapturar: "por-capturar",
  pagado: "pagado",
  cancelado: "cancelado",
  reembolso: "requiere-reembolso",
  /** all it took was given back through the provider (payments/refunds.server.ts, ADR 032) */
  reembolsado: "reembolsado",
  fallido: "fallido",
  esperandoPago: "esperando-pago",
  vencido: "vencido",
} as const;

export type PagoEstado = (typeof PAGO_ESTADO)[keyof typeof PAGO_ESTADO];

/** Stripe's minimum charge in MXN ($10.00), also the demo's (it stands in for Stripe). */
export const STRIPE_MINIMUM_MXN = 1000;

/**
 * One interface for every card payment provider (DESIGN: payments). A provider creates a
 * payment for an amount the server computed and later says, when asked, whether it was paid.
 * The order is written only from that answer, never from what a browser reports.
 */

export type ProviderName = "stripe" | "conekta" | "demo";

export type CreatePaymentInput = {
  /** centavos */
  amount: number;
  currency: "mxn";
  /** small string values kept with the payment at the provider (user id, cart id, ...) */
  metadata: Record<string, string>;
  /** Providers that charge a card token on the server (Conekta): the token and its holder. */
  card?: { token: string; customer: { nombre: string; correo: string; cel: string } };
};

export type CreatedPayment = {
  /** the provider's payment id (the primary key of `pagos`) */
  id: string;
  /** what the browser needs to confirm the card payment (Stripe.js or the demo form) */
  clientSecret: string;
};

export type PaymentStatus = {
  status: "succeeded" | "failed" | "pending";
  /** what the provider actually holds, checked against what we priced */
  amount: number;
  currency: string;
  /** the provider's own message when the last attempt failed */
  error?: string;
};

export interface PaymentProvider {
  readonly name: ProviderName;
  createPayment(input: CreatePaymentInput): Promise<CreatedPayment>;
  retrieve(id: string): Promise<PaymentStatus>;
}

/** A refusal of the card itself (declined, expired...): shown to the buyer as 'Error: {message}'. */
export class CardError extends Error {
  constructor(message: string) {
    super(message);
    this.name = "CardError";
  }
}

/**
 * `pagos.estado`: pendiente (created, not paid) → pagado (order written), or
 * requiere-reembolso (charged, but the stock was gone when the order was written: the
 * studio refunds it). The demo provider keeps its own answer in the same row: autorizado
 * (its test card was accepted, the order is not written yet). fallido: the provider
 * cancelled it.
 */
export const PAGO_ESTADO = {
  pendiente: "pendiente",
  autorizado: "autorizado",
  pagado: "pagado",
  reembolso: "requiere-reembolso",
  fallido: "fallido",
} as const;

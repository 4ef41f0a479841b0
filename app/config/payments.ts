import type { OfertaPago } from "~/domain/payment-methods";

/** The payment API's base path (SPEC §7), shared by the server routes and the browser calls. */
export const PAYMENT_API = "/auth/michel-alvarez/v2";

/**
 * What the browser needs to draw the payment panel (never a secret). `none`: a deployment
 * without Stripe (Conekta's API only) has no card form, and never shows the demo's.
 */
export type PaymentPanelConfig = (
  | { provider: "demo" }
  | { provider: "stripe"; publishableKey: string }
  | { provider: "none" }
) & {
  /** step 3's methods for this total (tarjeta with its MSI plans, OXXO, SPEI), decided by the server */
  oferta?: OfertaPago;
};

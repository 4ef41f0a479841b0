/**
 * Stripe as a PaymentProvider: a PaymentIntent per payment (amount in centavos, currency
 * mxn) that Stripe Elements confirms in the browser, and a signed webhook that tells us
 * when it succeeded. `host`, `port` and `protocol` let tests point the SDK at a local stub
 * of the Stripe API; production leaves them unset.
 */
import Stripe from "stripe";
import type { CreatePaymentInput, CreatedPayment, PaymentProvider, PaymentStatus } from "./provider.server";

export type StripeOptions = {
  secretKey: string;
  host?: string;
  port?: number;
  protocol?: "http" | "https";
};

export function createStripeProvider(options: StripeOptions): PaymentProvider {
  const stripe = new Stripe(options.secretKey, {
    host: options.host,
    port: options.port,
    protocol: options.protocol,
    maxNetworkRetries: 2,
    timeout: 20_000,
    appInfo: { name: "michel-alvarez" },
  });

  return {
    name: "stripe",

    async createPayment(input: CreatePaymentInput): Promise<CreatedPayment> {
      const intent = await stripe.paymentIntents.create({
        amount: input.amount,
        currency: input.currency,
        metadata: input.metadata,
        // Elements' card field confirms it in the browser (confirmCardPayment).
        allowed_payment_method_types: ["card"],
      });
      if (!intent.client_secret) throw new Error(`Stripe no devolvió client_secret para ${intent.id}`);
      return { id: intent.id, clientSecret: intent.client_secret };
    },

    async retrieve(id: string): Promise<PaymentStatus> {
      const intent = await stripe.paymentIntents.retrieve(id);
      const base = { amount: intent.amount, currency: intent.currency };
      if (intent.status === "succeeded") return { status: "succeeded", ...base };
      if (intent.status === "canceled") return { status: "failed", ...base, error: "El pago fue cancelado." };
      if (intent.status === "requires_payment_method" && intent.last_payment_error) {
        return { status: "failed", ...base, error: intent.last_payment_error.message };
      }
      // processing, requires_action, requires_confirmation, requires_capture: not paid yet.
      return { status: "pending", ...base };
    },
  };
}

/**
 * Verifies a webhook's signature against the endpoint secret and returns the event, or
 * throws (a forged or replayed request). `payload` must be the raw body, byte for byte.
 */
export function verifyStripeWebhook(payload: Buffer | string, signature: string, secret: string): Stripe.Event {
  return Stripe.webhooks.constructEvent(payload, signature, secret);
}

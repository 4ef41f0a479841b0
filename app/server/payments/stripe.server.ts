/**
 * Stripe as a PaymentProvider: a PaymentIntent per payment (amount in centavos, currency
 * mxn) with `capture_method: 'manual'`, so Elements' confirmation in the browser only
 * AUTHORISES the card (status `requires_capture`). The server captures once the order is
 * written, or cancels (the hold is released, nothing charged) when the stock is gone.
 * Capture and cancel carry idempotency keys derived from the intent, so a retry from another
 * instance or a webhook never charges twice. `host`, `port` and `protocol` let tests point
 * the SDK at a local stub of the Stripe API; production leaves them unset.
 */
import Stripe from "stripe";
import {
  type CreatePaymentInput,
  type CreatedPayment,
  type PaymentProvider,
  type PaymentStatus,
  STRIPE_MINIMUM_MXN,
} from "./provider.server";

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

  async function retrieve(id: string): Promise<PaymentStatus> {
    const intent = await stripe.paymentIntents.retrieve(id);
    const base = { amount: intent.amount, currency: intent.currency };
    switch (intent.status) {
      case "requires_capture":
        return { status: "authorized", ...base };
      case "succeeded":
        return { status: "captured", ...base };
      case "canceled":
        return { status: "canceled", ...base, error: "El pago fue cancelado." };
      case "requires_payment_method":
        if (intent.last_payment_error) return { status: "failed", ...base, error: intent.last_payment_error.message };
        return { status: "pending", ...base };
      default:
        // processing, requires_action, requires_confirmation: not authorised yet.
        return { status: "pending", ...base };
    }
  }

  return {
    name: "stripe",
    minimumAmount: STRIPE_MINIMUM_MXN,

    async createPayment(input: CreatePaymentInput): Promise<CreatedPayment> {
      const intent = await stripe.paymentIntents.create(
        {
          amount: input.amount,
          currency: input.currency,
          metadata: input.metadata,
          // Authorise only: the server captures after writing the order (docs/decisions/005).
          capture_method: "manual",
          // Elements' card field confirms it in the browser (confirmCardPayment).
          allowed_payment_method_types: ["card"],
        },
        input.idempotencyKey ? { idempotencyKey: input.idempotencyKey } : undefined,
      );
      if (!intent.client_secret) throw new Error(`Stripe no devolvió client_secret para ${intent.id}`);
      return { id: intent.id, clientSecret: intent.client_secret };
    },

    retrieve,

    async capture(id: string) {
      try {
        await stripe.paymentIntents.capture(id, {}, { idempotencyKey: `capturar-${id}` });
      } catch (error) {
        // Already captured (e.g. after the idempotency key expired): that is the goal.
        if ((await retrieve(id).catch(() => null))?.status === "captured") return;
        throw error;
      }
    },

    async cancel(id: string) {
      try {
        await stripe.paymentIntents.cancel(id, {}, { idempotencyKey: `cancelar-${id}` });
      } catch (error) {
        if ((await retrieve(id).catch(() => null))?.status === "canceled") return;
        throw error;
      }
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

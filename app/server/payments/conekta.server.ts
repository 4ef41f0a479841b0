/**
 * Conekta as a PaymentProvider (SPEC §7 `conekta`): the browser tokenizes the card with
 * Conekta's tokenizer and sends us the token; the server creates a Conekta order with
 * `pre_authorize: true` that AUTHORISES that token for the amount it priced (the bank holds
 * it, nothing is charged), and later captures (`POST /orders/{id}/capture`) once our order
 * is written, or cancels it (`POST /orders/{id}/cancel`, the void of a pre-authorisation)
 * when the stock is gone. Creating the order carries an `Idempotency-Key`, so the one retry
 * after a network failure cannot authorise twice.
 *
 * Plain REST calls with fetch: the official SDK is a generated client with its own HTTP
 * stack for the same few calls. `apiUrl` lets tests point it at a local stub of the Conekta
 * API; production uses https://api.conekta.io.
 */
import { OXXO_MAXIMO_MXN } from "~/domain/payment-methods";
import {
  CardError,
  type CreatePaymentInput,
  type PaymentProvider,
  type PaymentStatus,
  STRIPE_MINIMUM_MXN,
} from "./provider.server";

export type ConektaOptions = { privateKey: string; apiUrl: string };

/** The slice of a Conekta order we read. */
type ConektaOrder = {
  id: string;
  amount: number;
  currency: string;
  payment_status: string;
  charges?: { data?: { status?: string; failure_message?: string | null }[] };
};

type ConektaError = { type?: string; details?: { message?: string; message_to_purchaser?: string }[] };

const API_VERSION = "application/vnd.conekta-v2.1.0+json";

class ConektaHttpError extends Error {
  constructor(
    message: string,
    readonly status: number,
  ) {
    super(message);
  }
}

export function createConektaProvider(options: ConektaOptions): PaymentProvider {
  async function call<T>(
    method: "GET" | "POST",
    pathname: string,
    body?: unknown,
    idempotencyKey?: string,
  ): Promise<T> {
    // A POST is retried once (network failure or 5xx) only when it carries an idempotency key.
    const attempts = method === "GET" || idempotencyKey ? 2 : 1;
    for (let attempt = 1; ; attempt++) {
      let response: Response;
      try {
        response = await fetch(new URL(pathname, options.apiUrl), {
          method,
          headers: {
            accept: API_VERSION,
            "accept-language": "es",
            authorization: `Bearer ${options.privateKey}`,
            ...(body ? { "content-type": "application/json" } : {}),
            ...(idempotencyKey ? { "idempotency-key": idempotencyKey } : {}),
          },
          body: body ? JSON.stringify(body) : undefined,
          signal: AbortSignal.timeout(20_000),
        });
      } catch (error) {
        if (attempt < attempts) continue;
        throw error;
      }
      if (response.status >= 500 && attempt < attempts) continue;
      const payload = (await response.json().catch(() => ({}))) as T & ConektaError;
      if (response.ok) return payload;
      const detail = payload.details?.[0];
      // 402: the card was refused (declined, insufficient funds, ...): the buyer's message.
      if (response.status === 402) throw new CardError(detail?.message_to_purchaser ?? "La tarjeta fue rechazada.");
      throw new ConektaHttpError(
        `Conekta ${method} ${pathname}: ${response.status} ${detail?.message ?? payload.type ?? ""}`,
        response.status,
      );
    }
  }

  async function retrieve(id: string): Promise<PaymentStatus> {
    const order = await call<ConektaOrder>("GET", `/orders/${encodeURIComponent(id)}`);
    const base = { amount: order.amount, currency: order.currency.toLowerCase() };
    const failure = order.charges?.data?.[0]?.failure_message || "El pago no fue aprobado.";
    switch (order.payment_status) {
      case "pre_authorized":
        return { status: "authorized", ...base };
      case "paid":
        return { status: "captured", ...base };
      case "pending_payment":
        return { status: "pending", ...base };
      case "voided":
      case "canceled":
      case "expired":
        return { status: "canceled", ...base, error: failure };
      default:
        // declined, refunded, ...
        return { status: "failed", ...base, error: failure };
    }
  }

  return {
    name: "conekta",
    minimumAmount: STRIPE_MINIMUM_MXN,
    // Cards through the API call only (ADR 005); OXXO/SPEI through Conekta: not built yet (ADR 021).
    methods: ["tarjeta"],
    oxxoMaximum: OXXO_MAXIMO_MXN,
    // MSI through Conekta needs a contract of its own: not offered here.
    installmentPlans: () => [],

    async createPayment(input: CreatePaymentInput) {
      if (!input.card?.token) throw new CardError("Falta la tarjeta.");
      const { customer } = input.card;
      const order = await call<ConektaOrder>(
        "POST",
        "/orders",
        {
          currency: input.currency.toUpperCase(),
          // Authorise only: captured after our order is written (docs/decisions/005).
          pre_authorize: true,
          customer_info: { name: customer.nombre, email: customer.correo, phone: customer.cel },
          // One line for the whole order: the total already holds discounts and shipping,
          // and Conekta checks that the lines add up to the amount.
          line_items: [{ name: "Compra en Michel Alvarez", unit_price: input.amount, quantity: 1 }],
          charges: [{ payment_method: { type: "card", token_id: input.card.token } }],
          metadata: input.metadata,
        },
        input.idempotencyKey,
      );
      if (order.payment_status !== "pre_authorized" && order.payment_status !== "paid") {
        const failure = order.charges?.data?.[0]?.failure_message;
        throw new CardError(failure || "El pago no fue aprobado.");
      }
      // No browser step follows; the id is all the caller needs.
      return { id: order.id, clientSecret: "" };
    },

    retrieve,

    async capture(id: string) {
      try {
        await call("POST", `/orders/${encodeURIComponent(id)}/capture`, undefined, `capturar-${id}`);
      } catch (error) {
        if ((await retrieve(id).catch(() => null))?.status === "captured") return;
        throw error;
      }
    },

    async cancel(id: string) {
      try {
        await call("POST", `/orders/${encodeURIComponent(id)}/cancel`, undefined, `cancelar-${id}`);
      } catch (error) {
        if ((await retrieve(id).catch(() => null))?.status === "canceled") return;
        throw error;
      }
    },
  };
}

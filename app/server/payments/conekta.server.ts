/**
 * Conekta as a PaymentProvider (SPEC §7 `conekta`): the browser tokenizes the card with
 * Conekta's tokenizer and sends us the token; the server creates a Conekta order that
 * charges that token for the amount it priced, and later reads the order back to decide.
 * Conekta charges at creation (no client-side confirmation), so `createPayment` either
 * returns a paid order or throws CardError with Conekta's message for the buyer.
 *
 * Two REST calls (POST /orders, GET /orders/{id}) with fetch: the official SDK is a
 * generated client with its own HTTP stack for the same two calls. `apiUrl` lets tests
 * point it at a local stub of the Conekta API; production uses https://api.conekta.io.
 */
import { CardError, type CreatePaymentInput, type PaymentProvider, type PaymentStatus } from "./provider.server";

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

export function createConektaProvider(options: ConektaOptions): PaymentProvider {
  async function call<T>(method: "GET" | "POST", pathname: string, body?: unknown): Promise<T> {
    const response = await fetch(new URL(pathname, options.apiUrl), {
      method,
      headers: {
        accept: API_VERSION,
        "accept-language": "es",
        authorization: `Bearer ${options.privateKey}`,
        ...(body ? { "content-type": "application/json" } : {}),
      },
      body: body ? JSON.stringify(body) : undefined,
      signal: AbortSignal.timeout(20_000),
    });
    const payload = (await response.json().catch(() => ({}))) as T & ConektaError;
    if (response.ok) return payload;
    const detail = payload.details?.[0];
    // 402: the card was refused (declined, insufficient funds, ...): the buyer's message.
    if (response.status === 402) throw new CardError(detail?.message_to_purchaser ?? "La tarjeta fue rechazada.");
    throw new Error(`Conekta ${method} ${pathname}: ${response.status} ${detail?.message ?? payload.type ?? ""}`);
  }

  return {
    name: "conekta",

    async createPayment(input: CreatePaymentInput) {
      if (!input.card?.token) throw new CardError("Falta la tarjeta.");
      const { customer } = input.card;
      const order = await call<ConektaOrder>("POST", "/orders", {
        currency: input.currency.toUpperCase(),
        customer_info: { name: customer.nombre, email: customer.correo, phone: customer.cel },
        // One line for the whole order: the total already holds discounts and shipping,
        // and Conekta checks that the lines add up to the amount.
        line_items: [{ name: "Compra en Michel Alvarez", unit_price: input.amount, quantity: 1 }],
        charges: [{ payment_method: { type: "card", token_id: input.card.token } }],
        metadata: input.metadata,
      });
      if (order.payment_status !== "paid") {
        const failure = order.charges?.data?.[0]?.failure_message;
        throw new CardError(failure || "El pago no fue aprobado.");
      }
      // No browser step follows; the id is all the caller needs.
      return { id: order.id, clientSecret: "" };
    },

    async retrieve(id: string): Promise<PaymentStatus> {
      const order = await call<ConektaOrder>("GET", `/orders/${encodeURIComponent(id)}`);
      const base = { amount: order.amount, currency: order.currency.toLowerCase() };
      if (order.payment_status === "paid") return { status: "succeeded", ...base };
      if (order.payment_status === "pending_payment") return { status: "pending", ...base };
      // declined, expired, canceled, voided, refunded...
      const failure = order.charges?.data?.[0]?.failure_message;
      return { status: "failed", ...base, error: failure || "El pago no fue aprobado." };
    },
  };
}

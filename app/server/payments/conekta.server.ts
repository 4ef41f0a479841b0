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
 *
 * OXXO and SPEI (ADR 021): an order whose one charge has `payment_method { type: "cash" |
 * "spei", expires_at }` (unix seconds). Conekta answers `payment_status: pending_payment`
 * with the voucher (`reference`, `barcode_url`) or the transfer account (`clabe` /
 * `receiving_account_number`, `bank` / `receiving_account_bank`); its webhook later says
 * `order.paid` or `order.expired` (verifyConektaWebhook, http/conekta-webhook.server.ts).
 */
import { createPublicKey, verify } from "node:crypto";
import { cardFunding } from "~/domain/cfdi";
import {
  type InstruccionesPago,
  METODOS_PAGO,
  type MetodoDiferido,
  OXXO_MAXIMO_MXN,
  diasParaPagar,
} from "~/domain/payment-methods";
import { env } from "../env.server";
import {
  CardError,
  type CreatePaymentInput,
  type CreatedPayment,
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
  charges?: {
    data?: {
      status?: string;
      failure_message?: string | null;
      payment_method?: ConektaOfflineMethod & ConektaCardMethod;
    }[];
  };
};

/** The voucher or the transfer account of a cash / SPEI charge (v2.0 and v2.1 names alike). */
type ConektaOfflineMethod = {
  type?: string;
  reference?: string;
  barcode_url?: string;
  expires_at?: number;
  clabe?: string;
  receiving_account_number?: string;
  bank?: string;
  receiving_account_bank?: string;
};

/** A card charge's method (`object: "card_payment"`): `type` credit / debit (`account_type` in some answers). */
type ConektaCardMethod = { object?: string; account_type?: string };

const DAY_MS = 86_400_000;

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
    const base: Omit<PaymentStatus, "status"> = { amount: order.amount, currency: order.currency.toLowerCase() };
    const failure = order.charges?.data?.[0]?.failure_message || "El pago no fue aprobado.";
    // A card charge says its funding (type credit / debit): the invoice's c_FormaPago 04 or 28.
    const method = order.charges?.data?.[0]?.payment_method;
    if (method?.object === "card_payment") {
      const funding = cardFunding(method.type) ?? cardFunding(method.account_type);
      if (funding) base.funding = funding;
    }
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

  /**
   * OXXO / SPEI: the order is created with its one offline charge and comes back
   * `pending_payment` with what the buyer pays with. No pre-authorisation: cash cannot be held.
   */
  async function createOffline(input: CreatePaymentInput, metodo: MetodoDiferido): Promise<CreatedPayment> {
    const payer = input.payer ?? { nombre: "Cliente", correo: "" };
    const vence = input.vence ?? new Date(Date.now() + diasParaPagar(metodo) * DAY_MS);
    const order = await call<ConektaOrder>(
      "POST",
      "/orders",
      {
        currency: input.currency.toUpperCase(),
        customer_info: {
          name: payer.nombre,
          ...(payer.correo ? { email: payer.correo } : {}),
          ...(payer.telefono ? { phone: payer.telefono } : {}),
        },
        line_items: [{ name: "Compra en Michel Alvarez", unit_price: input.amount, quantity: 1 }],
        charges: [
          {
            payment_method: {
              type: metodo === "oxxo" ? "cash" : "spei",
              expires_at: Math.floor(vence.getTime() / 1000),
            },
          },
        ],
        metadata: input.metadata,
      },
      input.idempotencyKey,
    );
    const method = order.charges?.data?.[0]?.payment_method;
    const venceReal = method?.expires_at ? new Date(method.expires_at * 1000) : vence;
    let instrucciones: InstruccionesPago | undefined;
    if (metodo === "oxxo" && method?.reference) {
      instrucciones = {
        metodo: "oxxo",
        numero: method.reference,
        vence: venceReal.toISOString(),
        ...(method.barcode_url ? { urlFicha: method.barcode_url } : {}),
      };
    } else if (metodo === "spei" && (method?.clabe || method?.receiving_account_number)) {
      instrucciones = {
        metodo: "spei",
        clabe: method.clabe ?? method.receiving_account_number ?? "",
        // Conekta's CLABE is unique to this order: the transfer needs no other reference.
        referencia: order.id,
        banco: method.bank ?? method.receiving_account_bank ?? "STP",
        // Conekta's SPEI account is the studio's (at STP): its configured beneficiary.
        beneficiario: env.speiBeneficiario,
        vence: venceReal.toISOString(),
      };
    }
    if (order.payment_status !== "pending_payment" || !instrucciones) {
      throw new Error(`Conekta no devolvió la ficha ${metodo} de ${order.id} (${order.payment_status})`);
    }
    return { id: order.id, clientSecret: "", instrucciones };
  }

  return {
    name: "conekta",
    minimumAmount: STRIPE_MINIMUM_MXN,
    // Cards through the API call (ADR 005); OXXO cash and SPEI as pending orders (ADR 021).
    methods: METODOS_PAGO,
    // Conekta's OXXO Pay takes up to $10,000 MXN per voucher, as Stripe's.
    oxxoMaximum: OXXO_MAXIMO_MXN,
    // MSI through Conekta needs a contract of its own: not offered here.
    installmentPlans: () => [],

    async createPayment(input: CreatePaymentInput): Promise<CreatedPayment> {
      if (input.metodo === "oxxo" || input.metodo === "spei") return createOffline(input, input.metodo);
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

    async refund({ paymentId, amount, reference }) {
      // Conekta refunds an order's paid charge, in full or in part (POST /orders/{id}/refunds);
      // its refunds carry no metadata, so the key is the ledger's refund id on every attempt.
      const order = await call<{ charges?: { data?: { refunds?: { data?: { id: string }[] } }[] } }>(
        "POST",
        `/orders/${encodeURIComponent(paymentId)}/refunds`,
        { amount, reason: "requested_by_client" },
        `reembolso-${reference}`,
      );
      const refunds = order.charges?.data?.[0]?.refunds?.data ?? [];
      return { id: refunds.at(-1)?.id ?? `${paymentId}:${reference}` };
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

/**
 * Conekta signs each webhook: the `digest` header is the base64 RSA-SHA256 signature of the
 * raw body, checked with the webhook's public key (PEM, from the dashboard). True only for a
 * body signed by that key; a key that cannot be read refuses everything.
 */
export function verifyConektaWebhook(payload: Buffer, digest: string, publicKeyPem: string): boolean {
  if (!digest || digest.length > 2048) return false;
  try {
    const key = createPublicKey(publicKeyPem.replace(/\\n/g, "\n"));
    return verify("sha256", payload, key, Buffer.from(digest, "base64"));
  } catch {
    return false;
  }
}

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
import { cardFunding } from "~/domain/cfdi";
import {
  type InstruccionesPago,
  METODOS_PAGO,
  OXXO_DIAS,
  OXXO_MAXIMO_MXN,
  planesPorMonto,
} from "~/domain/payment-methods";
import { diasNaturalesHasta } from "~/domain/settlement-window";
import { env } from "../env.server";
import {
  type CreatePaymentInput,
  type CreatedPayment,
  type PaymentProvider,
  type PaymentStatus,
  type RefundInput,
  STRIPE_MINIMUM_MXN,
} from "./provider.server";

/** Stripe's `expires_after_days` for a voucher payable until `vence` (the shop's default: OXXO_DIAS). */
function oxxoDias(vence: Date | undefined): number {
  if (!vence) return OXXO_DIAS;
  return Math.min(7, Math.max(1, diasNaturalesHasta(vence, new Date())));
}

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
    // The latest charge carries the card's funding (credit, debit, prepaid, unknown): the invoice's c_FormaPago.
    const intent = await stripe.paymentIntents.retrieve(id, { expand: ["latest_charge"] });
    const base: Omit<PaymentStatus, "status"> = { amount: intent.amount, currency: intent.currency };
    const plan = intent.payment_method_options?.card?.installments?.plan;
    if (plan?.count) base.meses = plan.count;
    const charge = typeof intent.latest_charge === "object" ? intent.latest_charge : null;
    const funding = cardFunding(charge?.payment_method_details?.card?.funding);
    if (funding) base.funding = funding;
    // The card's own plans, once Stripe knows the card (the server re-checks the chosen one).
    const available = intent.payment_method_options?.card?.installments?.available_plans;
    if (available) {
      base.planesTarjeta = available
        .filter((p) => p.type === "fixed_count" && p.interval === "month")
        .map((p) => p.count ?? 0);
    }
    const offline = (intent.payment_method_types ?? []).some((t) => t === "oxxo" || t === "customer_balance");
    switch (intent.status) {
      case "requires_capture":
        return { status: "authorized", ...base };
      case "succeeded":
        return { status: "captured", ...base };
      case "canceled":
        return { status: "canceled", ...base, error: "El pago fue cancelado." };
      case "requires_payment_method":
        // An OXXO voucher nobody paid in time comes back to requires_payment_method.
        if (offline) return { status: "canceled", ...base, error: "La ficha venció." };
        if (intent.last_payment_error) return { status: "failed", ...base, error: intent.last_payment_error.message };
        return { status: "pending", ...base };
      default:
        // processing, requires_action, requires_confirmation: not authorised yet.
        return { status: "pending", ...base };
    }
  }

  /**
   * OXXO and SPEI are confirmed on the server at once (automatic capture: cash cannot be
   * "authorised"): Stripe answers with the voucher (next_action.oxxo_display_details) or the
   * CLABE and reference (display_bank_transfer_instructions, through the customer's balance).
   */
  async function createOffline(
    input: CreatePaymentInput,
    options: { idempotencyKey: string } | undefined,
  ): Promise<CreatedPayment> {
    const payer = input.payer ?? { nombre: "Cliente", correo: "" };
    const billing = { name: payer.nombre, ...(payer.correo ? { email: payer.correo } : {}) };
    let params: Stripe.PaymentIntentCreateParams;
    let cliente: string | undefined;
    if (input.metodo === "oxxo") {
      params = {
        amount: input.amount,
        currency: input.currency,
        metadata: input.metadata,
        confirm: true,
        allowed_payment_method_types: ["oxxo"],
        payment_method_data: { type: "oxxo", billing_details: billing },
        // The voucher ends at 23:59 (Mexico City) of the day of `vence`, never later: the days
        // are counted to it (an appointment's deposit ends it 24 h or more before; Stripe takes 1–7).
        payment_method_options: { oxxo: { expires_after_days: oxxoDias(input.vence) } },
      };
    } else {
      const customer = await stripe.customers.create(
        { name: payer.nombre, ...(payer.correo ? { email: payer.correo } : {}), metadata: input.metadata },
        options ? { idempotencyKey: `${options.idempotencyKey}-cliente` } : undefined,
      );
      cliente = customer.id;
      params = {
        amount: input.amount,
        currency: input.currency,
        metadata: input.metadata,
        customer: customer.id,
        confirm: true,
        allowed_payment_method_types: ["customer_balance"],
        payment_method_data: { type: "customer_balance" },
        payment_method_options: {
          customer_balance: { funding_type: "bank_transfer", bank_transfer: { type: "mx_bank_transfer" } },
        },
      };
    }
    const intent = await stripe.paymentIntents.create(params, options);
    const vence = (input.vence ?? new Date(Date.now() + OXXO_DIAS * 86_400_000)).toISOString();
    const next = intent.next_action;
    let instrucciones: InstruccionesPago | undefined;
    if (input.metodo === "oxxo" && next?.oxxo_display_details?.number) {
      const d = next.oxxo_display_details;
      instrucciones = {
        metodo: "oxxo",
        numero: d.number ?? "",
        vence: d.expires_after ? new Date(d.expires_after * 1000).toISOString() : vence,
        ...(d.hosted_voucher_url ? { urlFicha: d.hosted_voucher_url } : {}),
      };
    } else if (input.metodo === "spei" && next?.display_bank_transfer_instructions) {
      const d = next.display_bank_transfer_instructions;
      const spei = d.financial_addresses?.find((a) => a.spei)?.spei;
      if (spei?.clabe) {
        instrucciones = {
          metodo: "spei",
          clabe: spei.clabe,
          referencia: d.reference ?? "",
          banco: spei.bank_name ?? "",
          // The account's holder as Stripe names it (bank apps ask for it); the studio's own name otherwise.
          beneficiario: spei.account_holder_name || env.speiBeneficiario,
          vence,
        };
      }
    }
    if (!instrucciones) throw new Error(`Stripe no devolvió la ficha ${input.metodo} de ${intent.id}`);
    return { id: intent.id, clientSecret: intent.client_secret ?? "", instrucciones, ...(cliente ? { cliente } : {}) };
  }

  /**
   * A SPEI payer's cash balance (ADR 033). The intent first: while it can still take money,
   * Stripe applies the balance to it and nothing is the client's yet; once it is paid or
   * cancelled, what the balance received and did not apply (the movements of the balance,
   * read in full, but our own payouts, `return_initiated`) is hers.
   */
  async function cashBalance(paymentId: string, customer: string) {
    const intent = await stripe.paymentIntents.retrieve(paymentId);
    const pagado = intent.status === "succeeded";
    const abierto = !pagado && intent.status !== "canceled";
    let recibido = 0;
    let desaplicado = false;
    if (!abierto) {
      for await (const t of stripe.customers.listCashBalanceTransactions(customer, { limit: 100 })) {
        if (t.currency.toLowerCase() !== "mxn" || t.type === "return_initiated") continue;
        if (t.type === "unapplied_from_payment") desaplicado = true;
        recibido += t.net_amount;
      }
    }
    return { abierto, pagado, desaplicado, recibido: Math.max(0, recibido) };
  }

  /**
   * A refund from the customer's cash balance (`origin: customer_balance`): Stripe returns it
   * to the account the transfer came from. Such refunds have no payment to list them by: an
   * earlier attempt's is found among the refunds made since the ledger wrote this one.
   */
  async function refundCashBalance(input: {
    amount: number;
    reference: string;
    idempotencyKey: string;
    reason: string;
    cashBalance: NonNullable<RefundInput["cashBalance"]>;
  }) {
    const since = Math.floor(input.cashBalance.since.getTime() / 1000) - 300;
    for await (const r of stripe.refunds.list({ created: { gte: since }, limit: 100 })) {
      if (r.metadata?.reembolso === input.reference && r.status !== "failed" && r.status !== "canceled") {
        return { id: r.id };
      }
    }
    const refund = await stripe.refunds.create(
      {
        customer: input.cashBalance.customer,
        origin: "customer_balance",
        amount: input.amount,
        currency: "mxn",
        ...(input.cashBalance.email ? { instructions_email: input.cashBalance.email } : {}),
        metadata: { reembolso: input.reference, motivo: input.reason.slice(0, 450) },
      },
      { idempotencyKey: input.idempotencyKey },
    );
    return { id: refund.id };
  }

  return {
    name: "stripe",
    cashBalance,
    minimumAmount: STRIPE_MINIMUM_MXN,
    methods: METODOS_PAGO,
    oxxoMaximum: OXXO_MAXIMO_MXN,
    // Stripe Mexico: 3, 6, 9 and 12 months over its per-plan minimums; the card decides too.
    installmentPlans: planesPorMonto,

    async createPayment(input: CreatePaymentInput): Promise<CreatedPayment> {
      const options = input.idempotencyKey ? { idempotencyKey: input.idempotencyKey } : undefined;
      if (input.metodo === "oxxo" || input.metodo === "spei") return createOffline(input, options);
      const intent = await stripe.paymentIntents.create(
        {
          amount: input.amount,
          currency: input.currency,
          metadata: input.metadata,
          // Authorise only: the server captures after writing the order (docs/decisions/005).
          capture_method: "manual",
          // Elements' card field confirms it in the browser (confirmCardPayment), with the
          // chosen MSI plan when there is one (installments enabled here).
          allowed_payment_method_types: ["card"],
          ...(input.meses ? { payment_method_options: { card: { installments: { enabled: true } } } } : {}),
        },
        options,
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

    async refund({ paymentId, amount, reference, idempotencyKey, reason, cashBalance }) {
      if (cashBalance) return refundCashBalance({ amount, reference, idempotencyKey, reason, cashBalance });
      // An earlier attempt may have refunded it (its answer lost): that refund, not a second one.
      const earlier = await stripe.refunds.list({ payment_intent: paymentId, limit: 100 });
      const found = earlier.data.find(
        (r) => r.metadata?.reembolso === reference && r.status !== "failed" && r.status !== "canceled",
      );
      if (found) return { id: found.id };
      // Stripe refunds a PaymentIntent's charge (a card, or OXXO/SPEI as Stripe does for each).
      const refund = await stripe.refunds.create(
        {
          payment_intent: paymentId,
          amount,
          reason: "requested_by_customer",
          metadata: { reembolso: reference, motivo: reason.slice(0, 450) },
        },
        { idempotencyKey },
      );
      return { id: refund.id };
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

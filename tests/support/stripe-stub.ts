/**
 * A local stand-in for the Stripe API (the network edge): just the PaymentIntent calls our
 * provider makes (create, retrieve, capture, cancel), with Stripe's manual-capture states
 * and its idempotency keys (a repeated key gets the first answer and does nothing again).
 * The Stripe SDK is pointed at it with host/port/protocol; tests flip an intent's status as
 * Stripe would after the browser confirmed the card (`authorize`), and count what was
 * captured and cancelled, so a test can say "0 captured charges to refund". A confirmed card
 * makes the intent's `latest_charge`, whose `payment_method_details.card.funding` (credit by
 * default, as Stripe's 4242 card; debit, prepaid or unknown when a test says) comes back when
 * the retrieve expands it.
 *
 * SPEI (customer_balance, mx_bank_transfer) keeps each customer's cash balance as Stripe
 * does (ADR 033): `transfer` is money arriving by SPEI (`funded`), applied at once to the
 * customer's open intent (`applied_to_payment`; short of its amount it stays
 * `requires_action`, partially funded; the excess stays in the balance); cancelling a
 * partially funded intent moves its money back (`unapplied_from_payment`); a refund with
 * `origin: customer_balance` takes it out (`return_initiated`). Each movement is returned so a
 * test can send its `customer_cash_balance_transaction.created` event.
 */
import type { AddressInfo } from "node:net";
import express from "express";
import { type IdempotentAnswers, replayOrRecord } from "./idempotency";

export type StubIntent = {
  id: string;
  object: "payment_intent";
  amount: number;
  currency: string;
  status: string;
  capture_method: string;
  client_secret: string;
  metadata: Record<string, string>;
  last_payment_error: { message: string } | null;
  payment_method_types: string[];
  customer: string | null;
  next_action: Record<string, unknown> | null;
  payment_method_options: Record<string, unknown>;
  /** the charge of a confirmed card (its id; expanded on request) */
  latest_charge: string | null;
  /** SPEI: what the customer's transfers paid into it so far */
  amount_received: number;
};

/** A movement of a customer's cash balance, as Stripe lists it. */
export type StubCashTransaction = {
  id: string;
  object: "customer_cash_balance_transaction";
  customer: string;
  type: "funded" | "applied_to_payment" | "unapplied_from_payment" | "return_initiated";
  net_amount: number;
  ending_balance: number;
  currency: "mxn";
  created: number;
  applied_to_payment?: { payment_intent: string };
  unapplied_from_payment?: { payment_intent: string };
};

export type StubFunding = "credit" | "debit" | "prepaid" | "unknown";

export type StripeStub = {
  port: number;
  intents: Map<string, StubIntent>;
  /** every request received, for asserting what our server sent */
  requests: { method: string; path: string; body: Record<string, unknown>; auth: string; idempotencyKey: string }[];
  /** intent ids, once per capture that actually moved money */
  captures: string[];
  /** intent ids, once per authorisation that was released */
  cancellations: string[];
  /** The browser confirmed the card (credit unless said): authorised (manual capture) or charged (automatic). */
  authorize(id: string, funding?: StubFunding): void;
  /** Stripe charged it (automatic capture, or captured by hand in the dashboard). */
  succeed(id: string, funding?: StubFunding): void;
  /**
   * A card authorised in meses sin intereses (the plan Stripe.js confirmed with); `available`:
   * the card's plans Stripe reports (`installments.available_plans`), when given.
   */
  authorizeInstallments(id: string, count: number, available?: number[]): void;
  /** An OXXO voucher nobody paid: back to requires_payment_method, as Stripe does at expiry. */
  expire(id: string): void;
  /** customers created (SPEI needs one) */
  customers: string[];
  /** The next `n` PaymentIntent creations answer 500 (Stripe down). */
  failCreates(n: number): void;
  /** The next `n` capture requests lose their connection before Stripe acts (a network cut). */
  failCaptures(n: number): void;
  /** refunds that moved money: intent id (or the customer, from a cash balance) and amount, once per refund */
  refunds: {
    id: string;
    paymentIntent: string;
    amount: number;
    metadata: Record<string, string>;
    customer?: string;
    instructionsEmail?: string;
  }[];
  /**
   * A SPEI transfer of `amount` from the customer of intent `intentId` (her CLABE), as Stripe
   * receives it: funded, then applied to that open intent (partly, fully, or not at all when
   * it is no longer open). The movements it made, for their events.
   */
  transfer(intentId: string, amount: number): StubCashTransaction[];
  /** each customer's cash balance movements, oldest first */
  cashTransactions: Map<string, StubCashTransaction[]>;
  /** a customer's cash balance now (centavos) */
  cashBalance(customer: string): number;
  /** The next `n` cash balance listings answer 500 (Stripe down). */
  failCashBalance(n: number): void;
  /** The next `n` refund requests answer 500 before Stripe acts (Stripe down). */
  failRefunds(n: number): void;
  close(): Promise<void>;
};

/**
 * When Stripe says an OXXO voucher expires: at 23:59 (America/Mexico_City, UTC−6 since
 * 2022) of the `days`-th calendar day after it was created, not `days` × 24 h later (Stripe's
 * docs: created on Monday with 2 days, it expires on Wednesday at 23:59). Unix seconds.
 */
export function oxxoExpiresAfter(created: Date, days: number): number {
  const [y, m, d] = new Intl.DateTimeFormat("en-CA", { timeZone: "America/Mexico_City" })
    .format(created)
    .split("-")
    .map(Number);
  return Math.floor(Date.UTC(y, m - 1, d + days, 23 + 6, 59, 59) / 1000);
}

const stripeError = (message: string, code = "payment_intent_unexpected_state") => ({
  error: { type: "invalid_request_error", code, message },
});

export async function startStripeStub(): Promise<StripeStub> {
  const intents = new Map<string, StubIntent>();
  const requests: StripeStub["requests"] = [];
  const captures: string[] = [];
  const cancellations: string[] = [];
  /** Idempotency-Key → the first answer, replayed for a repeated key. */
  const answered: IdempotentAnswers = new Map();
  let next = 1;
  let captureFailures = 0;
  let refundFailures = 0;
  let cashFailures = 0;
  const refunds: StripeStub["refunds"] = [];
  const cashTransactions = new Map<string, StubCashTransaction[]>();
  const balanceOf = (customer: string) => {
    const list = cashTransactions.get(customer) ?? [];
    return list.length > 0 ? list[list.length - 1].ending_balance : 0;
  };
  const move = (
    customer: string,
    type: StubCashTransaction["type"],
    net: number,
    intentId?: string,
  ): StubCashTransaction => {
    const list = cashTransactions.get(customer) ?? [];
    const t: StubCashTransaction = {
      id: `ccsbtxn_stub_${next++}`,
      object: "customer_cash_balance_transaction",
      customer,
      type,
      net_amount: net,
      ending_balance: balanceOf(customer) + net,
      currency: "mxn",
      created: Math.floor(Date.now() / 1000),
      ...(type === "applied_to_payment" && intentId ? { applied_to_payment: { payment_intent: intentId } } : {}),
      ...(type === "unapplied_from_payment" && intentId ? { unapplied_from_payment: { payment_intent: intentId } } : {}),
    };
    list.push(t);
    cashTransactions.set(customer, list);
    return t;
  };
  const app = express();
  app.use(express.urlencoded({ extended: true }));
  app.use((req, res, nextFn) => {
    const idempotencyKey = req.get("idempotency-key") ?? "";
    requests.push({
      method: req.method,
      path: req.path,
      body: req.body ?? {},
      auth: req.get("authorization") ?? "",
      idempotencyKey,
    });
    if (replayOrRecord(req, res, answered)) return;
    nextFn();
  });
  const customers: string[] = [];
  /** charge id → its card's funding */
  const charges = new Map<string, StubFunding>();
  const charge = (intent: StubIntent, funding: StubFunding) => {
    intent.latest_charge ??= `ch_stub_${next++}`;
    charges.set(intent.latest_charge, funding);
  };
  /** The intent as Stripe answers it: `latest_charge` expanded into the charge when asked. */
  const answer = (intent: StubIntent, expand: boolean) => {
    if (!expand || !intent.latest_charge) return intent;
    const funding = charges.get(intent.latest_charge) ?? "credit";
    return {
      ...intent,
      latest_charge: {
        id: intent.latest_charge,
        object: "charge",
        amount: intent.amount,
        payment_intent: intent.id,
        payment_method_details: { type: "card", card: { brand: "visa", funding, last4: "4242" } },
      },
    };
  };
  app.post("/v1/customers", (_req, res) => {
    const id = `cus_stub_${next++}`;
    customers.push(id);
    res.json({ id, object: "customer" });
  });
  app.get("/v1/customers/:id/cash_balance_transactions", (req, res) => {
    if (cashFailures > 0) {
      cashFailures--;
      return void res.status(500).json(stripeError("Stripe is down", "api_error"));
    }
    // Newest first, as Stripe lists them.
    const data = [...(cashTransactions.get(req.params.id) ?? [])].reverse();
    res.json({ object: "list", data, has_more: false, url: `/v1/customers/${req.params.id}/cash_balance_transactions` });
  });
  let createFailures = 0;
  app.post("/v1/payment_intents", (req, res) => {
    if (createFailures > 0) {
      createFailures--;
      return void res.status(500).json(stripeError("Stripe is down", "api_error"));
    }
    const id = `pi_stub_${next++}`;
    const types = ([] as string[]).concat(req.body.allowed_payment_method_types ?? ["card"]);
    const options = (req.body.payment_method_options ?? {}) as Record<string, Record<string, unknown>>;
    let status = "requires_payment_method";
    let nextAction: StubIntent["next_action"] = null;
    const confirm = String(req.body.confirm) === "true";
    if (confirm && types.includes("oxxo")) {
      const days = Number((options.oxxo as { expires_after_days?: string } | undefined)?.expires_after_days ?? 3);
      status = "requires_action";
      nextAction = {
        type: "oxxo_display_details",
        oxxo_display_details: {
          number: `1234567890${String(next).padStart(8, "0")}`,
          expires_after: oxxoExpiresAfter(new Date(), days),
          hosted_voucher_url: `https://payments.stripe.com/oxxo/voucher/${id}`,
        },
      };
    } else if (confirm && types.includes("customer_balance")) {
      if (!req.body.customer) return void res.status(400).json(stripeError("customer required", "parameter_missing"));
      status = "requires_action";
      nextAction = {
        type: "display_bank_transfer_instructions",
        display_bank_transfer_instructions: {
          amount_remaining: Number(req.body.amount),
          currency: "mxn",
          type: "mx_bank_transfer",
          reference: `REF${next}`,
          financial_addresses: [
            {
              type: "spei",
              spei: {
                account_holder_name: "STRIPE PAYMENTS MEXICO",
                bank_code: "002",
                bank_name: "BANAMEX",
                clabe: "002180650611111118",
              },
            },
          ],
        },
      };
    }
    const intent: StubIntent = {
      id,
      object: "payment_intent",
      amount: Number(req.body.amount),
      currency: String(req.body.currency),
      status: "requires_payment_method",
      capture_method: String(req.body.capture_method ?? "automatic"),
      client_secret: `${id}_secret_stub`,
      metadata: req.body.metadata ?? {},
      last_payment_error: null,
      payment_method_types: types,
      customer: req.body.customer ? String(req.body.customer) : null,
      next_action: nextAction,
      payment_method_options: options,
      latest_charge: null,
      amount_received: 0,
    };
    intent.status = status;
    intents.set(id, intent);
    res.json(intent);
  });
  app.get("/v1/payment_intents/:id", (req, res) => {
    const intent = intents.get(req.params.id);
    if (!intent) return void res.status(404).json(stripeError("No such payment_intent", "resource_missing"));
    res.json(answer(intent, req.originalUrl.includes("latest_charge")));
  });
  app.post("/v1/payment_intents/:id/capture", (req, res) => {
    if (captureFailures > 0) {
      captureFailures--;
      return void req.socket.destroy();
    }
    const intent = intents.get(req.params.id);
    if (!intent) return void res.status(404).json(stripeError("No such payment_intent", "resource_missing"));
    if (intent.status !== "requires_capture") {
      return void res
        .status(400)
        .json(stripeError(`This PaymentIntent could not be captured because it has a status of ${intent.status}.`));
    }
    intent.status = "succeeded";
    captures.push(intent.id);
    res.json(intent);
  });
  app.post("/v1/refunds", (req, res) => {
    if (refundFailures > 0) {
      refundFailures--;
      return void res.status(500).json(stripeError("Stripe is down", "api_error"));
    }
    if (req.body.origin === "customer_balance") {
      // From the customer's cash balance: never more than it holds.
      const customer = String(req.body.customer ?? "");
      const amount = Number(req.body.amount);
      if (!cashTransactions.has(customer)) {
        return void res.status(404).json(stripeError("No such customer", "resource_missing"));
      }
      if (!(amount > 0) || amount > balanceOf(customer)) {
        return void res.status(400).json(stripeError("Insufficient cash balance", "balance_insufficient"));
      }
      move(customer, "return_initiated", -amount);
      const refund = {
        id: `re_stub_${next++}`,
        paymentIntent: "",
        amount,
        metadata: (req.body.metadata ?? {}) as Record<string, string>,
        customer,
        ...(req.body.instructions_email ? { instructionsEmail: String(req.body.instructions_email) } : {}),
      };
      refunds.push(refund);
      return void res.json(refundObject(refund));
    }
    const intent = intents.get(String(req.body.payment_intent));
    if (!intent) return void res.status(404).json(stripeError("No such payment_intent", "resource_missing"));
    if (intent.status !== "succeeded") {
      return void res
        .status(400)
        .json(stripeError(`This PaymentIntent (${intent.status}) has no charge to refund.`, "charge_not_refundable"));
    }
    const amount = Number(req.body.amount ?? intent.amount);
    const given = refunds.filter((r) => r.paymentIntent === intent.id).reduce((sum, r) => sum + r.amount, 0);
    if (!(amount > 0) || given + amount > intent.amount) {
      return void res
        .status(400)
        .json(stripeError("Refund amount is greater than unrefunded amount", "amount_too_large"));
    }
    const metadata = (req.body.metadata ?? {}) as Record<string, string>;
    const refund = { id: `re_stub_${next++}`, paymentIntent: intent.id, amount, metadata };
    refunds.push(refund);
    res.json(refundObject(refund));
  });
  const refundObject = (r: StripeStub["refunds"][number]) => ({
    id: r.id,
    object: "refund",
    amount: r.amount,
    payment_intent: r.paymentIntent || null,
    metadata: r.metadata,
    status: "succeeded",
  });
  app.get("/v1/refunds", (req, res) => {
    const data = refunds.filter((r) => !req.query.payment_intent || r.paymentIntent === req.query.payment_intent);
    res.json({ object: "list", data: data.map(refundObject), has_more: false, url: "/v1/refunds" });
  });
  app.post("/v1/payment_intents/:id/cancel", (req, res) => {
    const intent = intents.get(req.params.id);
    if (!intent) return void res.status(404).json(stripeError("No such payment_intent", "resource_missing"));
    if (intent.status === "succeeded" || intent.status === "canceled") {
      return void res
        .status(400)
        .json(stripeError(`This PaymentIntent could not be canceled because it has a status of ${intent.status}.`));
    }
    intent.status = "canceled";
    cancellations.push(intent.id);
    // A partially funded SPEI intent gives its money back to the customer's cash balance.
    if (intent.customer && intent.amount_received > 0) {
      move(intent.customer, "unapplied_from_payment", intent.amount_received, intent.id);
      intent.amount_received = 0;
    }
    res.json(intent);
  });
  const server = app.listen(0, "127.0.0.1");
  await new Promise((resolve) => server.once("listening", resolve));
  const intentOf = (id: string) => {
    const intent = intents.get(id);
    if (!intent) throw new Error(`stub: no intent ${id}`);
    return intent;
  };
  return {
    port: (server.address() as AddressInfo).port,
    intents,
    requests,
    captures,
    cancellations,
    authorize(id, funding = "credit") {
      const intent = intentOf(id);
      charge(intent, funding);
      intent.status = intent.capture_method === "manual" ? "requires_capture" : "succeeded";
      if (intent.status === "succeeded") captures.push(id);
    },
    authorizeInstallments(id, count, available) {
      const intent = intentOf(id);
      const plan = (n: number) => ({ count: n, interval: "month", type: "fixed_count" });
      intent.payment_method_options = {
        ...intent.payment_method_options,
        card: {
          installments: {
            enabled: true,
            plan: plan(count),
            ...(available ? { available_plans: available.map(plan) } : {}),
          },
        },
      };
      charge(intent, "credit");
      intent.status = "requires_capture";
    },
    expire(id) {
      const intent = intentOf(id);
      intent.status = "requires_payment_method";
      intent.next_action = null;
      intent.last_payment_error = { message: "The voucher expired." };
    },
    customers,
    failCreates(n) {
      createFailures = n;
    },
    succeed(id, funding) {
      const intent = intentOf(id);
      // Cash (OXXO) or a transfer has no card; a card charged without a word is credit.
      if (funding || intent.payment_method_types.includes("card")) charge(intent, funding ?? "credit");
      intent.status = "succeeded";
      captures.push(id);
    },
    failCaptures(n) {
      captureFailures = n;
    },
    refunds,
    failRefunds(n) {
      refundFailures = n;
    },
    cashTransactions,
    cashBalance: balanceOf,
    failCashBalance(n) {
      cashFailures = n;
    },
    transfer(intentId, amount) {
      const intent = intentOf(intentId);
      const customer = intent.customer;
      if (!customer) throw new Error(`stub: intent ${intentId} has no customer`);
      const made = [move(customer, "funded", amount)];
      // Stripe's automatic reconciliation: the balance goes to the customer's open intent.
      if (intent.status === "requires_action" && intent.payment_method_types.includes("customer_balance")) {
        const applied = Math.min(intent.amount - intent.amount_received, balanceOf(customer));
        if (applied > 0) {
          made.push(move(customer, "applied_to_payment", -applied, intent.id));
          intent.amount_received += applied;
          const remaining = intent.amount - intent.amount_received;
          const action = intent.next_action?.display_bank_transfer_instructions as
            | { amount_remaining: number }
            | undefined;
          if (action) action.amount_remaining = remaining;
          if (remaining === 0) {
            intent.status = "succeeded";
            intent.next_action = null;
            captures.push(intent.id);
          }
        }
      }
      return made;
    },
    close: () =>
      new Promise((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

/**
 * Sends a Stripe event about a PaymentIntent to the app's webhook, signed with `secret` as
 * Stripe signs it (the SDK's test header), the way Stripe would deliver it.
 */
export async function sendStripeEvent(
  baseURL: string,
  secret: string,
  event: { type: string; paymentId: string; eventId: string; object?: Record<string, unknown> },
): Promise<Response> {
  const { default: Stripe } = await import("stripe");
  const payload = JSON.stringify({
    id: event.eventId,
    object: "event",
    type: event.type,
    // The intent by default; another object (a cash balance movement) when given.
    data: { object: event.object ?? { id: event.paymentId, object: "payment_intent" } },
  });
  return fetch(`${baseURL}/webhooks/stripe`, {
    method: "POST",
    headers: {
      "content-type": "application/json",
      "stripe-signature": Stripe.webhooks.generateTestHeaderString({ payload, secret }),
    },
    body: payload,
  });
}

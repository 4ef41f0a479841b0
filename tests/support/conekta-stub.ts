/**
 * A local stand-in for the Conekta API (the network edge): the order calls our provider
 * makes, with Conekta's shapes. Test tokens behave like Conekta's sandbox ones:
 * tok_test_visa_4242 is approved, tok_test_card_declined is refused with a 402 and a
 * message for the buyer; any other token is an invalid-request error. An order created with
 * `pre_authorize: true` is `pre_authorized` until captured (`paid`) or cancelled (`voided`);
 * a repeated Idempotency-Key gets the first answer and creates nothing. The stub counts
 * authorisations, captures and cancellations, so tests can say "one charge, 0 to refund".
 *
 * OXXO and SPEI: an order whose charge is `payment_method { type: "cash" | "spei", expires_at }`
 * is `pending_payment` with a 14-digit reference and barcode_url, or an 18-digit STP CLABE
 * (`clabe` and v2.1's `receiving_account_number`). The test plays the world: `pay(id)` (the
 * buyer paid at the store or by transfer), `expire(id)`; and Conekta's webhook: events
 * signed like Conekta does (`digest` = base64 RSA-SHA256 of the body) with a key pair from
 * `conektaWebhookKeys()`. `failCreates(n)`: the next n creations answer 503 (Conekta down).
 * A card charge's `payment_method` is a `card_payment` whose `type` is the card's funding:
 * `cardType` (credit unless a test sets debit).
 */
import { generateKeyPairSync, sign } from "node:crypto";
import type { AddressInfo } from "node:net";
import express from "express";
import { clabeCheckDigit } from "~/domain/payment-methods";
import { type IdempotentAnswers, replayOrRecord } from "./idempotency";

export type StubOrder = {
  id: string;
  object: "order";
  amount: number;
  currency: string;
  payment_status: string;
  pre_authorize: boolean;
  customer_info: Record<string, string>;
  line_items: { data: { name: string; unit_price: number; quantity: number }[] };
  charges: {
    data: {
      id: string;
      status: string;
      failure_message: string | null;
      payment_method?: Record<string, string | number>;
    }[];
  };
  metadata: Record<string, string>;
};

/** A webhook key pair: Conekta keeps the private one, the dashboard shows the public one (PEM). */
export function conektaWebhookKeys(): { publicKey: string; privateKey: string } {
  return generateKeyPairSync("rsa", {
    modulusLength: 2048,
    publicKeyEncoding: { type: "spki", format: "pem" },
    privateKeyEncoding: { type: "pkcs8", format: "pem" },
  });
}

/** A Conekta event about `order`, as Conekta sends it: the raw body and its `digest` header. */
export function signConektaEvent(
  privateKey: string,
  type: string,
  order: StubOrder,
  id = `evt_${Math.random().toString(36).slice(2)}`,
): { body: string; digest: string } {
  const body = JSON.stringify({
    id,
    object: "event",
    type,
    livemode: false,
    created_at: Math.floor(Date.now() / 1000),
    data: { object: order, previous_attributes: {} },
  });
  return { body, digest: sign("sha256", Buffer.from(body), privateKey).toString("base64") };
}

export type ConektaStub = {
  url: string;
  orders: Map<string, StubOrder>;
  requests: {
    method: string;
    path: string;
    body: Record<string, unknown>;
    auth: string;
    accept: string;
    idempotencyKey: string;
  }[];
  /** order ids, once per capture that actually moved money (or an order paid at creation) */
  captures: string[];
  /** order ids, once per pre-authorisation released */
  cancellations: string[];
  /** The funding of the cards charged from now on (the charge's payment_method.type): credit by default. */
  cardType: "credit" | "debit";
  /** Runs before an order is created (e.g. to look at our database at that moment). */
  beforeCreate: (() => Promise<void>) | null;
  /** The next `n` created orders lose their answer (the connection drops after Conekta acted). */
  loseCreateAnswers(n: number): void;
  /** The next `n` order creations answer 503 (Conekta down): nothing is created. */
  failCreates(n: number): void;
  /** The buyer paid the OXXO voucher / SPEI transfer of this order (even after it expired). */
  pay(id: string): StubOrder;
  /** The voucher / CLABE of this order expired unpaid. */
  expire(id: string): StubOrder;
  close(): Promise<void>;
};

export const CONEKTA_DECLINED_MESSAGE = "Esta tarjeta fue declinada, intenta con otro método de pago.";

const conektaError = (type: string, message: string) => ({
  object: "error",
  type,
  details: [{ message, message_to_purchaser: message }],
});

export async function startConektaStub(privateKey: string): Promise<ConektaStub> {
  const orders = new Map<string, StubOrder>();
  const requests: ConektaStub["requests"] = [];
  const captures: string[] = [];
  const cancellations: string[] = [];
  const answered: IdempotentAnswers = new Map();
  let next = 1;
  let lostAnswers = 0;
  let failing = 0;
  const hooks: { beforeCreate: ConektaStub["beforeCreate"]; cardType: ConektaStub["cardType"] } = {
    beforeCreate: null,
    cardType: "credit",
  };
  const app = express();
  app.use(express.json());
  app.use((req, res, nextFn) => {
    const idempotencyKey = req.get("idempotency-key") ?? "";
    requests.push({
      method: req.method,
      path: req.path,
      body: req.body ?? {},
      auth: req.get("authorization") ?? "",
      accept: req.get("accept") ?? "",
      idempotencyKey,
    });
    if (req.get("authorization") !== `Bearer ${privateKey}`) {
      return void res.status(401).json({ object: "error", type: "authentication_error", details: [] });
    }
    if (replayOrRecord(req, res, answered)) return;
    nextFn();
  });
  app.post("/orders", async (req, res) => {
    await hooks.beforeCreate?.();
    if (failing > 0) {
      failing--;
      return void res.status(503).json(conektaError("api_error", "Servicio no disponible."));
    }
    const body = req.body as {
      currency: string;
      pre_authorize?: boolean;
      customer_info: Record<string, string>;
      line_items: { name: string; unit_price: number; quantity: number }[];
      charges: { payment_method: { type: string; token_id?: string; expires_at?: number } }[];
      metadata?: Record<string, string>;
    };
    const method = body.charges?.[0]?.payment_method;
    if (method?.type === "cash" || method?.type === "spei") {
      const amount = body.line_items.reduce((sum, line) => sum + line.unit_price * line.quantity, 0);
      if (typeof method.expires_at !== "number") {
        return void res.status(422).json(conektaError("parameter_validation_error", "Falta expires_at."));
      }
      if (method.type === "cash" && amount > 1_000_000) {
        return void res.status(422).json(conektaError("parameter_validation_error", "Monto mayor al límite de OXXO."));
      }
      const n = next++;
      const id = `ord_stub_${n}`;
      const digits = String(n).padStart(11, "0");
      const first17 = `646180${digits}`;
      const paymentMethod: Record<string, string | number> =
        method.type === "cash"
          ? {
              type: "oxxo",
              object: "cash_payment",
              service_name: "OxxoPay",
              reference: `9300${String(n).padStart(10, "0")}`,
              barcode_url: `${stubUrl()}/barcode/${id}.png`,
              expires_at: method.expires_at,
            }
          : {
              type: "spei",
              object: "bank_transfer_payment",
              clabe: `${first17}${clabeCheckDigit(first17)}`,
              receiving_account_number: `${first17}${clabeCheckDigit(first17)}`,
              receiving_account_bank: "STP",
              bank: "STP",
              expires_at: method.expires_at,
            };
      const order: StubOrder = {
        id,
        object: "order",
        amount,
        currency: body.currency,
        payment_status: "pending_payment",
        pre_authorize: false,
        customer_info: body.customer_info,
        line_items: { data: body.line_items },
        charges: {
          data: [
            { id: `chg_stub_${n}`, status: "pending_payment", failure_message: null, payment_method: paymentMethod },
          ],
        },
        metadata: body.metadata ?? {},
      };
      orders.set(id, order);
      return void res.json(order);
    }
    const token = body.charges?.[0]?.payment_method?.token_id;
    if (token === "tok_test_card_declined") {
      return void res.status(402).json({
        object: "error",
        type: "processing_error",
        details: [
          {
            code: "conekta.errors.processing.bank.declined",
            message: "The card was declined",
            message_to_purchaser: CONEKTA_DECLINED_MESSAGE,
          },
        ],
      });
    }
    if (token !== "tok_test_visa_4242") {
      return void res.status(422).json(conektaError("parameter_validation_error", "El token no existe."));
    }
    const amount = body.line_items.reduce((sum, line) => sum + line.unit_price * line.quantity, 0);
    const id = `ord_stub_${next++}`;
    const status = body.pre_authorize ? "pre_authorized" : "paid";
    const order: StubOrder = {
      id,
      object: "order",
      amount,
      currency: body.currency,
      payment_status: status,
      pre_authorize: Boolean(body.pre_authorize),
      customer_info: body.customer_info,
      line_items: { data: body.line_items },
      charges: {
        data: [
          {
            id: `chg_stub_${next}`,
            status,
            failure_message: null,
            payment_method: { object: "card_payment", type: hooks.cardType, brand: "visa", last4: "4242" },
          },
        ],
      },
      metadata: body.metadata ?? {},
    };
    orders.set(id, order);
    if (status === "paid") captures.push(id);
    if (lostAnswers > 0) {
      lostAnswers--;
      // Conekta acted and remembers the key's answer, but ours never arrives.
      const key = req.get("idempotency-key");
      if (key) answered.set(key, { status: 200, body: order });
      return void req.socket.destroy();
    }
    res.json(order);
  });
  app.get("/orders/:id", (req, res) => {
    const order = orders.get(req.params.id);
    if (!order) return void res.status(404).json({ object: "error", type: "resource_not_found_error", details: [] });
    res.json(order);
  });
  app.post("/orders/:id/capture", (req, res) => {
    const order = orders.get(req.params.id);
    if (!order) return void res.status(404).json({ object: "error", type: "resource_not_found_error", details: [] });
    if (order.payment_status !== "pre_authorized") {
      return void res.status(428).json(conektaError("precondition_required_error", "La orden no se puede capturar."));
    }
    order.payment_status = "paid";
    order.charges.data[0].status = "paid";
    captures.push(order.id);
    res.json(order);
  });
  const cancel: express.RequestHandler = (req, res) => {
    const order = orders.get(String(req.params.id));
    if (!order) return void res.status(404).json({ object: "error", type: "resource_not_found_error", details: [] });
    if (order.payment_status === "pending_payment") {
      // An unpaid voucher / CLABE: cancelled, nobody can pay it any more.
      order.payment_status = "canceled";
      order.charges.data[0].status = "canceled";
      cancellations.push(order.id);
      return void res.json(order);
    }
    if (order.payment_status !== "pre_authorized") {
      return void res.status(428).json(conektaError("precondition_required_error", "La orden no se puede cancelar."));
    }
    order.payment_status = "voided";
    order.charges.data[0].status = "voided";
    cancellations.push(order.id);
    res.json(order);
  };
  app.post("/orders/:id/cancel", cancel);
  app.post("/orders/:id/void", cancel);
  const server = app.listen(0, "127.0.0.1");
  await new Promise((resolve) => server.once("listening", resolve));
  function stubUrl() {
    return `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  }
  function offline(id: string, status: string): StubOrder {
    const order = orders.get(id);
    if (!order) throw new Error(`Orden desconocida en el stub: ${id}`);
    order.payment_status = status;
    order.charges.data[0].status = status;
    if (status === "paid") captures.push(id);
    return order;
  }
  return {
    url: stubUrl(),
    orders,
    requests,
    captures,
    cancellations,
    get cardType() {
      return hooks.cardType;
    },
    set cardType(type) {
      hooks.cardType = type;
    },
    get beforeCreate() {
      return hooks.beforeCreate;
    },
    set beforeCreate(hook) {
      hooks.beforeCreate = hook;
    },
    loseCreateAnswers(n) {
      lostAnswers = n;
    },
    failCreates(n) {
      failing = n;
    },
    pay: (id) => offline(id, "paid"),
    expire: (id) => offline(id, "expired"),
    close: () =>
      new Promise((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

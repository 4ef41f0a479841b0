/**
 * A local stand-in for the Conekta API (the network edge): the order calls our provider
 * makes, with Conekta's shapes. Test tokens behave like Conekta's sandbox ones:
 * tok_test_visa_4242 is approved, tok_test_card_declined is refused with a 402 and a
 * message for the buyer; any other token is an invalid-request error. An order created with
 * `pre_authorize: true` is `pre_authorized` until captured (`paid`) or cancelled (`voided`);
 * a repeated Idempotency-Key gets the first answer and creates nothing. The stub counts
 * authorisations, captures and cancellations, so tests can say "one charge, 0 to refund".
 */
import type { AddressInfo } from "node:net";
import express from "express";
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
  charges: { data: { id: string; status: string; failure_message: string | null }[] };
  metadata: Record<string, string>;
};

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
  /** Runs before an order is created (e.g. to look at our database at that moment). */
  beforeCreate: (() => Promise<void>) | null;
  /** The next `n` created orders lose their answer (the connection drops after Conekta acted). */
  loseCreateAnswers(n: number): void;
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
  const hooks: { beforeCreate: ConektaStub["beforeCreate"] } = { beforeCreate: null };
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
    const body = req.body as {
      currency: string;
      pre_authorize?: boolean;
      customer_info: Record<string, string>;
      line_items: { name: string; unit_price: number; quantity: number }[];
      charges: { payment_method: { type: string; token_id: string } }[];
      metadata?: Record<string, string>;
    };
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
      charges: { data: [{ id: `chg_stub_${next}`, status, failure_message: null }] },
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
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    orders,
    requests,
    captures,
    cancellations,
    get beforeCreate() {
      return hooks.beforeCreate;
    },
    set beforeCreate(hook) {
      hooks.beforeCreate = hook;
    },
    loseCreateAnswers(n) {
      lostAnswers = n;
    },
    close: () =>
      new Promise((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

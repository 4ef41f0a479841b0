/**
 * A local stand-in for the Conekta API (the network edge): the two order calls our provider
 * makes, with Conekta's shapes. Test tokens behave like Conekta's sandbox ones:
 * tok_test_visa_4242 is paid, tok_test_card_declined is refused with a 402 and a message
 * for the buyer; any other token is an invalid-request error.
 */
import type { AddressInfo } from "node:net";
import express from "express";

export type StubOrder = {
  id: string;
  object: "order";
  amount: number;
  currency: string;
  payment_status: string;
  customer_info: Record<string, string>;
  line_items: { data: { name: string; unit_price: number; quantity: number }[] };
  charges: { data: { id: string; status: string; failure_message: string | null }[] };
  metadata: Record<string, string>;
};

export type ConektaStub = {
  url: string;
  orders: Map<string, StubOrder>;
  requests: { method: string; path: string; body: Record<string, unknown>; auth: string; accept: string }[];
  close(): Promise<void>;
};

export const CONEKTA_DECLINED_MESSAGE = "Esta tarjeta fue declinada, intenta con otro método de pago.";

export async function startConektaStub(privateKey: string): Promise<ConektaStub> {
  const orders = new Map<string, StubOrder>();
  const requests: ConektaStub["requests"] = [];
  let next = 1;
  const app = express();
  app.use(express.json());
  app.use((req, res, nextFn) => {
    requests.push({
      method: req.method,
      path: req.path,
      body: req.body ?? {},
      auth: req.get("authorization") ?? "",
      accept: req.get("accept") ?? "",
    });
    if (req.get("authorization") !== `Bearer ${privateKey}`) {
      return void res.status(401).json({ object: "error", type: "authentication_error", details: [] });
    }
    nextFn();
  });
  app.post("/orders", (req, res) => {
    const body = req.body as {
      currency: string;
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
      return void res.status(422).json({
        object: "error",
        type: "parameter_validation_error",
        details: [{ message: "The token does not exist.", message_to_purchaser: "El token no existe." }],
      });
    }
    const amount = body.line_items.reduce((sum, line) => sum + line.unit_price * line.quantity, 0);
    const id = `ord_stub_${next++}`;
    const order: StubOrder = {
      id,
      object: "order",
      amount,
      currency: body.currency,
      payment_status: "paid",
      customer_info: body.customer_info,
      line_items: { data: body.line_items },
      charges: { data: [{ id: `chg_stub_${next}`, status: "paid", failure_message: null }] },
      metadata: body.metadata ?? {},
    };
    orders.set(id, order);
    res.json(order);
  });
  app.get("/orders/:id", (req, res) => {
    const order = orders.get(req.params.id);
    if (!order) return void res.status(404).json({ object: "error", type: "resource_not_found_error", details: [] });
    res.json(order);
  });
  const server = app.listen(0, "127.0.0.1");
  await new Promise((resolve) => server.once("listening", resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    orders,
    requests,
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}

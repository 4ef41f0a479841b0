/**
 * A local stand-in for the Stripe API (the network edge): just the PaymentIntent calls our
 * provider makes. The Stripe SDK is pointed at it with host/port/protocol; tests flip an
 * intent's status as Stripe would after the browser confirmed the card.
 */
import type { AddressInfo } from "node:net";
import express from "express";

export type StubIntent = {
  id: string;
  object: "payment_intent";
  amount: number;
  currency: string;
  status: string;
  client_secret: string;
  metadata: Record<string, string>;
  last_payment_error: { message: string } | null;
};

export type StripeStub = {
  port: number;
  intents: Map<string, StubIntent>;
  /** every request received, for asserting what our server sent */
  requests: { method: string; path: string; body: Record<string, unknown>; auth: string }[];
  succeed(id: string): void;
  close(): Promise<void>;
};

export async function startStripeStub(): Promise<StripeStub> {
  const intents = new Map<string, StubIntent>();
  const requests: StripeStub["requests"] = [];
  let next = 1;
  const app = express();
  app.use(express.urlencoded({ extended: true }));
  app.use((req, _res, nextFn) => {
    requests.push({ method: req.method, path: req.path, body: req.body ?? {}, auth: req.get("authorization") ?? "" });
    nextFn();
  });
  app.post("/v1/payment_intents", (req, res) => {
    const id = `pi_stub_${next++}`;
    const intent: StubIntent = {
      id,
      object: "payment_intent",
      amount: Number(req.body.amount),
      currency: String(req.body.currency),
      status: "requires_payment_method",
      client_secret: `${id}_secret_stub`,
      metadata: req.body.metadata ?? {},
      last_payment_error: null,
    };
    intents.set(id, intent);
    res.json(intent);
  });
  app.get("/v1/payment_intents/:id", (req, res) => {
    const intent = intents.get(req.params.id);
    if (!intent)
      return void res.status(404).json({ error: { type: "invalid_request_error", message: "No such payment_intent" } });
    res.json(intent);
  });
  const server = app.listen(0, "127.0.0.1");
  await new Promise((resolve) => server.once("listening", resolve));
  return {
    port: (server.address() as AddressInfo).port,
    intents,
    requests,
    succeed(id) {
      const intent = intents.get(id);
      if (!intent) throw new Error(`stub: no intent ${id}`);
      intent.status = "succeeded";
    },
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}

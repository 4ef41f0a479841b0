/**
 * A local stand-in for the WhatsApp Business Cloud API (the network edge, ADR 039): `POST
 * /{version}/{phone-number-id}/messages` with a bearer token and a template body answers
 * `{ messaging_product, contacts: [{ input, wa_id }], messages: [{ id: "wamid…" }] }` as Graph
 * does, and records what it accepted. `fail` answers every send with that HTTP status and
 * Graph's error shape; `delayMs` answers that late (a time-out for the caller). `statusEvent`
 * and `replyEvent` build webhook notifications; `sign` their `X-Hub-Signature-256`.
 */
import { createHmac } from "node:crypto";
import type { AddressInfo } from "node:net";
import express from "express";

export const STUB_TOKEN = "whatsapp-token-prueba";
export const STUB_PHONE_ID = "109876543210";

export type StubMessage = { id: string; to: string; template: string; params: string[]; language: string };

export type WhatsAppStub = {
  url: string;
  sent: StubMessage[];
  /** requests refused (bad token, bad body, fail) */
  refused: number;
  fail: number | null;
  delayMs: number;
  close: () => Promise<void>;
};

export async function startWhatsAppStub(): Promise<WhatsAppStub> {
  const app = express();
  app.use(express.json());
  let next = 1;
  const stub: WhatsAppStub = {
    url: "",
    sent: [],
    refused: 0,
    fail: null,
    delayMs: 0,
    close: () =>
      new Promise((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
  const graphError = (res: express.Response, status: number, code: number, message: string) => {
    stub.refused++;
    res.status(status).json({ error: { message, type: "OAuthException", code, fbtrace_id: "stub" } });
  };
  app.post("/:version/:phoneId/messages", async (req, res) => {
    if (stub.delayMs) await new Promise((resolve) => setTimeout(resolve, stub.delayMs));
    if (req.get("authorization") !== `Bearer ${STUB_TOKEN}`)
      return graphError(res, 401, 190, "Invalid OAuth access token.");
    if (req.params.phoneId !== STUB_PHONE_ID || !/^v\d+\.\d+$/.test(req.params.version)) {
      return graphError(res, 400, 100, "Unsupported post request.");
    }
    if (stub.fail) return graphError(res, stub.fail, 131000, "Something went wrong");
    const body = req.body ?? {};
    const template = body.template;
    if (body.messaging_product !== "whatsapp" || body.type !== "template" || typeof template?.name !== "string") {
      return graphError(res, 400, 100, "Invalid parameter");
    }
    const params = (template.components ?? [])
      .filter((c: { type?: string }) => c.type === "body")
      .flatMap((c: { parameters?: { type: string; text: string }[] }) => c.parameters ?? [])
      .map((p: { text: string }) => p.text);
    const id = `wamid.STUB${String(next++).padStart(6, "0")}`;
    stub.sent.push({ id, to: String(body.to), template: template.name, params, language: template.language?.code });
    res.json({ messaging_product: "whatsapp", contacts: [{ input: body.to, wa_id: body.to }], messages: [{ id }] });
  });
  const server = app.listen(0, "127.0.0.1");
  await new Promise((resolve) => server.once("listening", resolve));
  stub.url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return stub;
}

const envelope = (value: Record<string, unknown>) => ({
  object: "whatsapp_business_account",
  entry: [
    {
      id: "WABA_ID",
      changes: [
        {
          field: "messages",
          value: {
            messaging_product: "whatsapp",
            metadata: { display_phone_number: "523300000000", phone_number_id: STUB_PHONE_ID },
            ...value,
          },
        },
      ],
    },
  ],
});

/** A status notification for a message we sent (sent, delivered, read, failed). */
export function statusEvent(id: string, status: "sent" | "delivered" | "read" | "failed", at = new Date()) {
  return envelope({
    statuses: [
      {
        id,
        status,
        timestamp: String(Math.floor(at.getTime() / 1000)),
        recipient_id: "523312345678",
        ...(status === "failed" ? { errors: [{ code: 131026, title: "Message undeliverable" }] } : {}),
      },
    ],
  });
}

/** A text message the client wrote to the studio's number. */
export function replyEvent(from: string, text: string) {
  return envelope({
    contacts: [{ profile: { name: "Clienta" }, wa_id: from }],
    messages: [{ from, id: "wamid.IN1", timestamp: "1764300000", type: "text", text: { body: text } }],
  });
}

/** `X-Hub-Signature-256` of a raw body. */
export function sign(body: string, secret: string): string {
  return `sha256=${createHmac("sha256", secret).update(body).digest("hex")}`;
}

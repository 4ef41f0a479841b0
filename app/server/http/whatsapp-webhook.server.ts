/**
 * /webhooks/whatsapp: the WhatsApp Cloud API's webhook (ADR 039).
 *
 * - GET: the subscription handshake. `hub.mode=subscribe` and `hub.verify_token` equal to
 *   WHATSAPP_VERIFY_TOKEN → 200 with `hub.challenge` as plain text; anything else 403.
 * - POST: notifications. `X-Hub-Signature-256` is `sha256=` + the hex HMAC-SHA256 of the raw
 *   body with the app secret (WHATSAPP_APP_SECRET); unsigned or badly signed → 401 and
 *   nothing changes. Statuses move their message forward only; "failed" sends its mail once;
 *   a "BAJA"/"STOP" reply withdraws the number's consent (messages/messages.server.ts).
 *   200 once applied; a database failure answers 5xx, and Meta sends the notification again.
 */
import { createHmac, timingSafeEqual } from "node:crypto";
import express, { type Router } from "express";
import { getDb } from "../db/index.server";
import { env } from "../env.server";
import { logError } from "../log.server";
import { applyWhatsAppWebhook } from "../messages/messages.server";
import { answeredUnavailable } from "./errors.server";

export const WHATSAPP_WEBHOOK_PATH = "/webhooks/whatsapp";

/** Whether `header` is `sha256=<hex HMAC-SHA256 of body with secret>`, compared in constant time. */
export function verifyWhatsAppSignature(body: Buffer, header: string, secret: string): boolean {
  const match = /^sha256=([0-9a-f]{64})$/i.exec(header.trim());
  if (!secret || !match) return false;
  const expected = createHmac("sha256", secret).update(body).digest();
  const given = Buffer.from(match[1], "hex");
  return expected.length === given.length && timingSafeEqual(expected, given);
}

const equalText = (a: string, b: string) => {
  const x = Buffer.from(a);
  const y = Buffer.from(b);
  return x.length === y.length && timingSafeEqual(x, y);
};

export function whatsappWebhookRoutes(): Router {
  const router = express.Router();
  router.get(WHATSAPP_WEBHOOK_PATH, (req, res) => {
    const token = env.whatsapp.verifyToken;
    const mode = String(req.query["hub.mode"] ?? "");
    const given = String(req.query["hub.verify_token"] ?? "").slice(0, 200);
    const challenge = String(req.query["hub.challenge"] ?? "").slice(0, 200);
    if (!token || mode !== "subscribe" || !equalText(given, token) || !challenge) {
      return void res.status(403).type("text/plain").send("Verificación rechazada.");
    }
    res.status(200).type("text/plain").send(challenge);
  });
  // Meta signs the raw bytes: this route must not go through express.json().
  router.post(WHATSAPP_WEBHOOK_PATH, express.raw({ type: () => true, limit: "512kb" }), async (req, res) => {
    const secret = env.whatsapp.appSecret;
    if (!secret) return void res.status(404).json({ error: "Webhook no configurado." });
    const body = Buffer.isBuffer(req.body) ? req.body : Buffer.alloc(0);
    if (!verifyWhatsAppSignature(body, req.get("x-hub-signature-256") ?? "", secret)) {
      return void res.status(401).json({ error: "Firma inválida." });
    }
    let event: unknown;
    try {
      event = JSON.parse(body.toString("utf8"));
    } catch {
      return void res.status(400).json({ error: "Evento ilegible." });
    }
    try {
      await applyWhatsAppWebhook(getDb(), event);
      res.json({ received: true });
    } catch (error) {
      if (answeredUnavailable(error, req, res)) return;
      logError("Webhook de WhatsApp: no se pudo procesar una notificación", error);
      res.status(500).json({ error: "Error al procesar la notificación." });
    }
  });
  return router;
}

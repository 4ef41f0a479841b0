/**
 * POST /webhooks/envia: Envia.com's tracking events (ADR 036). The `X-Envia-Signature` header
 * is the hex HMAC-SHA256 of the raw body with the webhook's secret (ENVIA_WEBHOOK_SECRET);
 * anything unsigned or badly signed is refused with 400 and changes nothing.
 *
 * The event only names the tracking number: its state is asked from Envia (the answer
 * decides, not the event: a late event carries an old status), and the order moves forward
 * only (shipping/guias.server.ts applyTracking): twice or late changes nothing. 5xx makes
 * Envia send it again.
 */
import { createHmac, timingSafeEqual } from "node:crypto";
import express, { type Router } from "express";
import { getDb } from "../db/index.server";
import { env } from "../env.server";
import { logError } from "../log.server";
import { applyTracking } from "../shipping/guias.server";
import type { ShippingProvider } from "../shipping/provider.server";
import { answeredUnavailable } from "./errors.server";

export const ENVIA_WEBHOOK_PATH = "/webhooks/envia";

export type EnviaWebhookOptions = {
  /** Tests: the webhook secret (default ENVIA_WEBHOOK_SECRET). */
  secret?: string;
  /** Tests: Envia pointed at a local stub (default: ENVIA_API_KEY, ENVIA_API_URL). */
  envia?: ShippingProvider;
};

/** Whether `signature` (hex) is the HMAC-SHA256 of `body` with `secret`, compared in constant time. */
export function verifyEnviaSignature(body: Buffer, signature: string, secret: string): boolean {
  if (!secret || !/^[0-9a-f]+$/i.test(signature) || signature.length % 2 !== 0) return false;
  const expected = createHmac("sha256", secret).update(body).digest();
  const given = Buffer.from(signature, "hex");
  return expected.length === given.length && timingSafeEqual(expected, given);
}

/** The tracking number an event names: { trackingNumber } or { data: { trackingNumber } }. */
function trackingNumberOf(event: unknown): string | null {
  const e = event as { trackingNumber?: unknown; data?: { trackingNumber?: unknown } } | null;
  const value = e?.trackingNumber ?? e?.data?.trackingNumber;
  return typeof value === "string" && /^[A-Za-z0-9-]{1,60}$/.test(value) ? value : null;
}

export function enviaWebhookRoutes(options: EnviaWebhookOptions = {}): Router {
  const router = express.Router();
  // Envia signs the raw bytes: this route must not go through express.json().
  router.post(ENVIA_WEBHOOK_PATH, express.raw({ type: () => true, limit: "256kb" }), async (req, res) => {
    const secret = options.secret ?? env.enviaWebhookSecret;
    if (!secret || (!env.enviaApiKey && !options.envia))
      return void res.status(404).json({ error: "Webhook no configurado." });
    const body = Buffer.isBuffer(req.body) ? req.body : Buffer.alloc(0);
    if (!verifyEnviaSignature(body, req.get("x-envia-signature") ?? "", secret)) {
      return void res.status(400).json({ error: "Firma inválida." });
    }
    let guia: string | null;
    try {
      guia = trackingNumberOf(JSON.parse(body.toString("utf8")));
    } catch {
      return void res.status(400).json({ error: "Evento ilegible." });
    }
    if (!guia) return void res.json({ received: true });
    try {
      await applyTracking(getDb(), guia, options.envia);
      res.json({ received: true });
    } catch (error) {
      if (answeredUnavailable(error, req, res)) return;
      logError("Webhook de Envia: no se pudo procesar un evento de rastreo", error);
      res.status(500).json({ error: "Error al procesar el evento." });
    }
  });
  return router;
}

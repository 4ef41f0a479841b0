/**
 * POST /webhooks/facturapi: Facturapi's signed events (ADR 034). The `Facturapi-Signature`
 * header is the hex HMAC-SHA256 of the raw body with the webhook's secret
 * (FACTURAPI_WEBHOOK_SECRET), as the official SDK's `webhooks.validateSignature` checks it;
 * anything unsigned or badly signed is refused with 400 and changes nothing.
 *
 *   invoice.cancellation_status_updated, invoice.status_updated
 *      → the invoice is read again from Facturapi (its answer decides, not the event: a late
 *        event carries an old status) → applyCfdiStatus: cancelada (the client's mail),
 *        cancelando, or back to vigente (rejected / expired).
 *
 * Twice or late changes nothing (forward moves only, conditional under the invoice's row
 * lock). 5xx makes Facturapi send it again.
 */
import { createHmac, timingSafeEqual } from "node:crypto";
import express, { type Router } from "express";
import { getDb } from "../db/index.server";
import { env } from "../env.server";
import { applyCfdiStatus, invoiceByProviderId } from "../invoicing/credit-notes.server";
import { documentOf } from "../invoicing/invoices.server";
import { createFacturapiProvider } from "../invoicing/facturapi.server";
import type { InvoiceProvider } from "../invoicing/provider.server";
import { logError, logWarning } from "../log.server";
import { answeredUnavailable } from "./errors.server";

export const FACTURAPI_WEBHOOK_PATH = "/webhooks/facturapi";

const EVENTS = new Set(["invoice.cancellation_status_updated", "invoice.status_updated"]);

export type FacturapiWebhookOptions = {
  /** Tests: the webhook secret (default FACTURAPI_WEBHOOK_SECRET). */
  secret?: string;
  /** Tests: Facturapi pointed at a local stub (default: FACTURAPI_KEY, FACTURAPI_API_URL). */
  facturapi?: InvoiceProvider;
};

/** Whether `signature` (hex) is the HMAC-SHA256 of `body` with `secret`, compared in constant time. */
export function verifyFacturapiSignature(body: Buffer, signature: string, secret: string): boolean {
  if (!secret || !/^[0-9a-f]+$/i.test(signature) || signature.length % 2 !== 0) return false;
  const expected = createHmac("sha256", secret).update(body).digest();
  const given = Buffer.from(signature, "hex");
  return expected.length === given.length && timingSafeEqual(expected, given);
}

export function facturapiWebhookRoutes(options: FacturapiWebhookOptions = {}): Router {
  const router = express.Router();
  // Facturapi signs the raw bytes: this route must not go through express.json().
  router.post(FACTURAPI_WEBHOOK_PATH, express.raw({ type: () => true, limit: "1mb" }), async (req, res) => {
    const secret = options.secret ?? env.facturapiWebhookSecret;
    if (!secret || !env.facturapiKey) return void res.status(404).json({ error: "Webhook no configurado." });
    const body = Buffer.isBuffer(req.body) ? req.body : Buffer.alloc(0);
    if (!verifyFacturapiSignature(body, req.get("facturapi-signature") ?? "", secret)) {
      return void res.status(400).json({ error: "Firma inválida." });
    }
    let event: { type?: unknown; data?: { object?: { id?: unknown } } };
    try {
      event = JSON.parse(body.toString("utf8"));
    } catch {
      return void res.status(400).json({ error: "Evento ilegible." });
    }
    const type = typeof event.type === "string" ? event.type : "";
    const id = event.data?.object?.id;
    if (!EVENTS.has(type) || typeof id !== "string" || id.length === 0 || id.length > 100)
      return void res.json({ received: true });
    const db = getDb();
    try {
      const factura = await invoiceByProviderId(db, id);
      if (factura?.proveedor !== "facturapi") {
        logWarning(`Webhook de Facturapi para una factura ajena: ${id}`);
        return void res.json({ received: true });
      }
      const facturapi = options.facturapi ?? createFacturapiProvider();
      const status = await facturapi.status(await documentOf(db, factura, factura.emitidaEn ?? factura.createdAt));
      if (status) await applyCfdiStatus(db, factura.id, status);
      res.json({ received: true });
    } catch (error) {
      if (answeredUnavailable(error, req, res)) return;
      logError(`Webhook de Facturapi: no se pudo procesar ${type} de ${id}`, error);
      res.status(500).json({ error: "Error al procesar el evento." });
    }
  });
  return router;
}

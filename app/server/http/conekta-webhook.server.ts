/**
 * POST /webhooks/conekta: Conekta's signed events (ADR 021, Conekta section). The `digest`
 * header is the RSA-SHA256 signature of the raw body, verified with the webhook's public key
 * (CONEKTA_WEBHOOK_KEY, PEM); anything unsigned or badly signed is refused with 400 and
 * changes nothing. The event only says which order to look at: the provider's own answer
 * (GET /orders/{id}) decides, through the one pending-payment workflow:
 *
 *   order.paid, charge.paid          completePurchase (OXXO / SPEI: confirmPendingPayment, once;
 *                                    after expiry: requiere-reembolso)
 *   order.expired, charge.expired,   OXXO / SPEI → expirePendingPayment (money that arrived
 *   order.canceled                   meanwhile confirms instead)
 *
 * Duplicates and any order of arrival are harmless: every move is conditional under the
 * payment's row lock. 409 / 5xx make Conekta send the event again later: also when the order
 * is ours (its metadata names a buyer) but its `pagos` row is not committed yet, or money
 * arrived for an order whose row never was (logged as an error: never silently dropped).
 */
import { and, eq } from "drizzle-orm";
import express, { type Router } from "express";
import { isDiferido } from "~/domain/payment-methods";
import { getDb } from "../db/index.server";
import { pagos } from "../db/schema";
import { env } from "../env.server";
import { logError, logWarning } from "../log.server";
import { verifyConektaWebhook } from "../payments/conekta.server";
import { conektaProvider } from "../payments/index.server";
import { PAGO_ESTADO, type PaymentProvider } from "../payments/provider.server";
import { completePurchase } from "../shop/complete-purchase.server";
import { expirePendingPayment } from "../payments/settle.server";
import { answeredUnavailable } from "./errors.server";

export const CONEKTA_WEBHOOK_PATH = "/webhooks/conekta";

export type ConektaWebhookOptions = {
  /** Tests: Conekta pointed at a local stub (default: Conekta when CONEKTA_PRIVATE_KEY is set). */
  conekta?: PaymentProvider;
  /** Tests: the webhook's public key (default CONEKTA_WEBHOOK_KEY). */
  conektaWebhookKey?: string;
};

const PAID = new Set(["order.paid", "charge.paid"]);
const EXPIRED = new Set(["order.expired", "charge.expired", "order.canceled"]);

type ConektaEvent = {
  type?: unknown;
  data?: { object?: { id?: unknown; order_id?: unknown; object?: unknown; metadata?: { userId?: unknown } } };
};

/** The order an event is about: an order event carries the order, a charge event its `order_id`. */
function orderIdOf(event: ConektaEvent): string | null {
  const object = event.data?.object;
  const id = object?.object === "charge" || typeof object?.order_id === "string" ? object?.order_id : object?.id;
  return typeof id === "string" && id.length > 0 && id.length <= 200 ? id : null;
}

export function conektaWebhookRoutes(options: ConektaWebhookOptions = {}): Router {
  const router = express.Router();
  // Conekta signs the raw bytes: this route must not go through express.json().
  router.post(CONEKTA_WEBHOOK_PATH, express.raw({ type: () => true, limit: "1mb" }), async (req, res) => {
    const key = options.conektaWebhookKey ?? env.conektaWebhookKey;
    const conekta = options.conekta ?? conektaProvider();
    if (!key || !conekta) return void res.status(404).json({ error: "Webhook no configurado." });
    const body = Buffer.isBuffer(req.body) ? req.body : Buffer.alloc(0);
    if (!verifyConektaWebhook(body, req.get("digest") ?? "", key)) {
      return void res.status(400).json({ error: "Firma inválida." });
    }
    let event: ConektaEvent;
    try {
      event = JSON.parse(body.toString("utf8")) as ConektaEvent;
    } catch {
      return void res.status(400).json({ error: "Evento ilegible." });
    }
    const type = typeof event.type === "string" ? event.type : "";
    const orderId = orderIdOf(event);
    if (!orderId || (!PAID.has(type) && !EXPIRED.has(type))) return void res.json({ received: true });
    const db = getDb();
    try {
      const [pago] = await db
        .select({ metodo: pagos.metodo, estado: pagos.estado })
        .from(pagos)
        .where(and(eq(pagos.id, orderId), eq(pagos.proveedor, "conekta")));
      const ours = typeof event.data?.object?.metadata?.userId === "string";
      if (!pago && ours && PAID.has(type)) {
        // Ours, yet unknown: the hold is still being written (or died): ask Conekta to send it again.
        logError(`Webhook de Conekta: orden pagada ${orderId} sin registro de pago (se reintentará).`);
        return void res.status(409).json({ error: "desconocido" });
      }
      if (!pago) {
        logWarning(`Webhook de Conekta para una orden ajena: ${orderId}`);
        return void res.json({ received: true });
      }
      if (pago.estado === PAGO_ESTADO.pendiente && isDiferido(pago.metodo) && PAID.has(type)) {
        // The voucher's hold is not committed yet: the answer will change, so Conekta retries.
        return void res.status(409).json({ error: "pendiente" });
      }
      if (EXPIRED.has(type)) {
        if (isDiferido(pago.metodo)) await expirePendingPayment(db, orderId, conekta);
        return void res.json({ received: true });
      }
      // completePurchase hands OXXO / SPEI to confirmPendingPayment itself.
      const result = await completePurchase(db, orderId, { provider: conekta });
      // Retry later (Conekta re-sends on non-2xx) only when the answer might change.
      if (!result.ok && (result.reason === "pendiente" || result.reason === "monto")) {
        return void res.status(409).json({ error: result.reason });
      }
      res.json({ received: true });
    } catch (error) {
      if (answeredUnavailable(error, req, res)) return;
      logError(`Webhook de Conekta: no se pudo procesar ${type} de ${orderId}`, error);
      res.status(500).json({ error: "Error al procesar el evento." });
    }
  });
  return router;
}

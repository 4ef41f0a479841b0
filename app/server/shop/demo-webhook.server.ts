/**
 * The demo provider's webhook (issue 14, docs/decisions/021): what 'Simular pago recibido'
 * (the buyer's button in demo mode, and the admin's action) sends, signed like a provider's
 * event (HMAC-SHA256 over "timestamp.payload" with a key derived from the server secret,
 * 5 minutes of tolerance), through the same handler the `/webhooks/demo` route uses: the
 * signature is checked, then the provider (the demo) is asked for the truth, and the
 * pending-payment workflow confirms or expires it.
 */
import { createHmac, randomUUID, timingSafeEqual } from "node:crypto";
import { isPlainId } from "~/domain/limits";
import { getDb } from "../db/index.server";
import { receiveDemoCash } from "../payments/demo.server";
import type { PaymentProvider } from "../payments/provider.server";
import { serverSecret } from "../secret.server";
import { confirmPendingPayment, expirePendingPayment } from "../payments/settle.server";

export const DEMO_WEBHOOK_PATH = "/webhooks/demo";

function demoWebhookKey(): string {
  return createHmac("sha256", serverSecret()).update("webhook-demo").digest("hex");
}

export function signDemoEvent(payload: string, timestamp = Math.floor(Date.now() / 1000)): string {
  const signature = createHmac("sha256", demoWebhookKey()).update(`${timestamp}.${payload}`).digest("hex");
  return `t=${timestamp},v1=${signature}`;
}

function verifyDemoEvent(payload: string, header: string): { type: string; paymentId: string } | null {
  const parts = Object.fromEntries(header.split(",").map((p) => p.split("=", 2) as [string, string]));
  const timestamp = Number(parts.t);
  if (!Number.isFinite(timestamp) || Math.abs(Date.now() / 1000 - timestamp) > 300 || !parts.v1) return null;
  const expected = Buffer.from(signDemoEvent(payload, timestamp).split("v1=")[1] ?? "", "hex");
  const given = Buffer.from(parts.v1, "hex");
  if (expected.length !== given.length || !timingSafeEqual(expected, given)) return null;
  try {
    const event = JSON.parse(payload) as { type?: unknown; data?: { paymentId?: unknown } };
    if (typeof event.type !== "string" || typeof event.data?.paymentId !== "string") return null;
    return { type: event.type, paymentId: event.data.paymentId };
  } catch {
    return null;
  }
}

/** One demo event, verified then handled: the route's body and the simulate button's call. */
export async function handleDemoWebhook(
  payload: string,
  signature: string,
  provider: PaymentProvider,
): Promise<{ status: number; body: Record<string, unknown> }> {
  const event = verifyDemoEvent(payload, signature);
  if (!event) return { status: 400, body: { error: "Firma inválida." } };
  if (!isPlainId(event.paymentId)) return { status: 400, body: { error: "Pago inválido." } };
  const db = getDb();
  if (event.type === "pago.recibido") {
    const result = await confirmPendingPayment(db, event.paymentId, provider);
    if (!result.ok) return { status: result.reason === "desconocido" ? 404 : 409, body: { error: result.reason } };
    return { status: 200, body: { received: true, resultado: result.outcome, compraId: result.compraId } };
  }
  if (event.type === "pago.vencido") {
    return {
      status: 200,
      body: { received: true, resultado: await expirePendingPayment(db, event.paymentId, provider) },
    };
  }
  return { status: 200, body: { received: true } };
}

/** 'Simular pago recibido': the demo receives the cash, then sends its signed webhook. */
export async function simulateDemoPayment(paymentId: string, provider: PaymentProvider) {
  if (!(await receiveDemoCash(getDb(), paymentId))) return { status: 404, body: { error: "Pago demo desconocido." } };
  const payload = JSON.stringify({ id: `evt_demo_${randomUUID()}`, type: "pago.recibido", data: { paymentId } });
  return handleDemoWebhook(payload, signDemoEvent(payload), provider);
}

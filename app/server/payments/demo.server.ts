/**
 * The built-in demo provider, used when no Stripe key is set: a visible test mode with
 * Stripe's test-card behaviour (see ~/domain/demo-card) so the whole checkout runs offline.
 * Its state lives in the `pagos` row (no process memory, so any app instance can answer):
 * the card form marks the row `autorizado`, and retrieve() reads it back.
 */
import { randomBytes } from "node:crypto";
import { and, eq } from "drizzle-orm";
import { type DemoCardInput, checkDemoCard } from "~/domain/demo-card";
import { isPlainId } from "~/domain/limits";
import type { Db } from "../db/index.server";
import { pagos } from "../db/schema";
import { PAGO_ESTADO, type PaymentProvider } from "./provider.server";

const token = (bytes: number) => randomBytes(bytes).toString("base64url");

export function createDemoProvider(db: Db): PaymentProvider {
  return {
    name: "demo",

    async createPayment() {
      const id = `demo_${token(12)}`;
      return { id, clientSecret: `${id}_secret_${token(12)}` };
    },

    async retrieve(id: string) {
      const [pago] = await db
        .select({ estado: pagos.estado, monto: pagos.monto, moneda: pagos.moneda })
        .from(pagos)
        .where(and(eq(pagos.id, id), eq(pagos.proveedor, "demo")));
      if (!pago) throw new Error(`Pago demo desconocido: ${id}`);
      const base = { amount: pago.monto, currency: pago.moneda };
      switch (pago.estado) {
        case PAGO_ESTADO.autorizado:
        case PAGO_ESTADO.pagado:
        case PAGO_ESTADO.reembolso:
          return { status: "succeeded", ...base };
        case PAGO_ESTADO.fallido:
          return { status: "failed", ...base, error: "El pago fue cancelado." };
        default:
          return { status: "pending", ...base };
      }
    },
  };
}

export type DemoAuthorization =
  | { ok: true; paymentId: string }
  | { ok: false; reason: "tarjeta"; message: string }
  | { ok: false; reason: "no-encontrado" };

/**
 * The demo card form's submit: checks the test card for the buyer's own pending demo
 * payment. Accepted → the payment is `autorizado` (paid, as far as the provider goes).
 * Declined → the provider's message, and the payment stays pending so another card can be
 * tried, as with Stripe. Repeating an accepted authorization is harmless.
 */
export async function authorizeDemoPayment(
  db: Db,
  input: { clientSecret: unknown; userId: string; card: DemoCardInput },
): Promise<DemoAuthorization> {
  const secret = typeof input.clientSecret === "string" ? input.clientSecret : "";
  const paymentId = secret.split("_secret_")[0] ?? "";
  if (!paymentId.startsWith("demo_") || !isPlainId(paymentId)) return { ok: false, reason: "no-encontrado" };
  const [pago] = await db
    .select({ estado: pagos.estado })
    .from(pagos)
    .where(and(eq(pagos.id, paymentId), eq(pagos.proveedor, "demo"), eq(pagos.userId, input.userId)));
  if (!pago) return { ok: false, reason: "no-encontrado" };
  if (pago.estado !== PAGO_ESTADO.pendiente) return { ok: true, paymentId };

  const card = checkDemoCard(input.card);
  if (!card.ok) return { ok: false, reason: "tarjeta", message: card.message };
  await db
    .update(pagos)
    .set({ estado: PAGO_ESTADO.autorizado, updatedAt: new Date() })
    .where(and(eq(pagos.id, paymentId), eq(pagos.estado, PAGO_ESTADO.pendiente)));
  return { ok: true, paymentId };
}

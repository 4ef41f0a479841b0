/**
 * The built-in demo provider, used when no Stripe key is set: a visible test mode with
 * Stripe's test-card behaviour (see ~/domain/demo-card) so the whole checkout runs offline.
 * It models Stripe's manual capture: the card form AUTHORISES (the row becomes
 * `autorizado`), the server captures (`pagado`) once the order is written or cancels
 * (`cancelado`) when the stock is gone. Its state lives in the `pagos` row (no process
 * memory, so any app instance can answer); the transitions are conditional updates, so
 * capture and cancel are idempotent and can never both happen.
 */
import { randomBytes } from "node:crypto";
import { and, eq, inArray } from "drizzle-orm";
import { type DemoCardInput, checkDemoCard } from "~/domain/demo-card";
import { isPlainId } from "~/domain/limits";
import type { Db } from "../db/index.server";
import { pagos } from "../db/schema";
import { PAGO_ESTADO, type PaymentProvider, type PaymentStatus, STRIPE_MINIMUM_MXN } from "./provider.server";

const token = (bytes: number) => randomBytes(bytes).toString("base64url");

export function createDemoProvider(db: Db): PaymentProvider {
  async function estado(id: string) {
    const [pago] = await db
      .select({ estado: pagos.estado, monto: pagos.monto, moneda: pagos.moneda })
      .from(pagos)
      .where(and(eq(pagos.id, id), eq(pagos.proveedor, "demo")));
    if (!pago) throw new Error(`Pago demo desconocido: ${id}`);
    return pago;
  }

  /** Moves the demo payment from one of `from` to `to`; true when it is (now or already) `to`. */
  async function move(id: string, from: string[], to: string): Promise<boolean> {
    const moved = await db
      .update(pagos)
      .set({ estado: to, updatedAt: new Date() })
      .where(and(eq(pagos.id, id), eq(pagos.proveedor, "demo"), inArray(pagos.estado, from)))
      .returning({ id: pagos.id });
    return moved.length > 0 || (await estado(id)).estado === to;
  }

  return {
    name: "demo",
    minimumAmount: STRIPE_MINIMUM_MXN,

    async createPayment() {
      const id = `demo_${token(12)}`;
      return { id, clientSecret: `${id}_secret_${token(12)}` };
    },

    async retrieve(id: string): Promise<PaymentStatus> {
      const pago = await estado(id);
      const base = { amount: pago.monto, currency: pago.moneda };
      switch (pago.estado) {
        case PAGO_ESTADO.autorizado:
        case PAGO_ESTADO.porCapturar:
          return { status: "authorized", ...base };
        case PAGO_ESTADO.pagado:
        case PAGO_ESTADO.reembolso:
          return { status: "captured", ...base };
        case PAGO_ESTADO.cancelado:
          return { status: "canceled", ...base, error: "El pago fue cancelado." };
        case PAGO_ESTADO.fallido:
          return { status: "failed", ...base, error: "El pago fue cancelado." };
        default:
          return { status: "pending", ...base };
      }
    },

    async capture(id: string) {
      if (!(await move(id, [PAGO_ESTADO.autorizado, PAGO_ESTADO.porCapturar], PAGO_ESTADO.pagado))) {
        throw new Error(`Pago demo ${id}: no se puede capturar en estado ${(await estado(id)).estado}`);
      }
    },

    async cancel(id: string) {
      if (!(await move(id, [PAGO_ESTADO.pendiente, PAGO_ESTADO.autorizado], PAGO_ESTADO.cancelado))) {
        throw new Error(`Pago demo ${id}: no se puede cancelar en estado ${(await estado(id)).estado}`);
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
 * payment. Accepted → the payment is `autorizado` (the money is held, as far as the provider goes).
 * Declined → the provider's message, and the payment stays pending so another card can be
 * tried, as with Stripe. Repeating an accepted authorization is harmless. Nothing is charged
 * here: the server captures after writing the order.
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

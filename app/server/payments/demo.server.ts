/**
 * The built-in demo provider, used when no Stripe key is set: a visible test mode with
 * Stripe's test-card behaviour (see ~/domain/demo-card) so the whole checkout runs offline.
 * It models Stripe's manual capture: the card form AUTHORISES (the row becomes
 * `autorizado`), the server captures (`pagado`) once the order is written or cancels
 * (`cancelado`) when the stock is gone. Its state lives in the `pagos` row (no process
 * memory, so any app instance can answer); the transitions are conditional updates, so
 * capture and cancel are idempotent and can never both happen.
 */
import { randomBytes, randomInt } from "node:crypto";
import { and, eq, inArray, sql } from "drizzle-orm";
import { cardFunding } from "~/domain/cfdi";
import { type DemoCardInput, checkDemoCard } from "~/domain/demo-card";
import { isPlainId } from "~/domain/limits";
import {
  type InstruccionesPago,
  METODOS_PAGO,
  OXXO_MAXIMO_MXN,
  clabeCheckDigit,
  isDiferido,
  luhnCheckDigit,
  planesPorMonto,
} from "~/domain/payment-methods";
import type { Db } from "../db/index.server";
import { env } from "../env.server";
import { pagos } from "../db/schema";
import {
  type CreatePaymentInput,
  PAGO_ESTADO,
  type PaymentProvider,
  type PaymentStatus,
  STRIPE_MINIMUM_MXN,
} from "./provider.server";

const token = (bytes: number) => randomBytes(bytes).toString("base64url");

const digits = (n: number) => Array.from({ length: n }, () => randomInt(10)).join("");

/**
 * What the demo issues for OXXO and SPEI, looking like the real thing: a 14-digit voucher
 * reference (Conekta's length) ending in a Luhn digit, and an 18-digit CLABE at STP (646,
 * plaza 180, the bank Stripe and Conekta use for SPEI references) with Banxico's control digit.
 */
export function demoInstrucciones(input: CreatePaymentInput, vence: Date): InstruccionesPago | undefined {
  if (input.metodo === "oxxo") {
    const base = `9300${digits(9)}`;
    return { metodo: "oxxo", numero: `${base}${luhnCheckDigit(base)}`, vence: vence.toISOString() };
  }
  if (input.metodo === "spei") {
    const first17 = `646180${digits(11)}`;
    return {
      metodo: "spei",
      clabe: `${first17}${clabeCheckDigit(first17)}`,
      referencia: digits(7),
      banco: "STP",
      beneficiario: env.speiBeneficiario,
      vence: vence.toISOString(),
    };
  }
  return undefined;
}

/** detalle.demo: what the demo "provider" knows beyond our own state (cash received, the card's funding). */
type DemoState = { cobrado?: string; funding?: string };

export function createDemoProvider(db: Db): PaymentProvider {
  async function estado(id: string) {
    const [pago] = await db
      .select({
        estado: pagos.estado,
        monto: pagos.monto,
        moneda: pagos.moneda,
        metodo: pagos.metodo,
        detalle: pagos.detalle,
      })
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
    methods: METODOS_PAGO,
    oxxoMaximum: OXXO_MAXIMO_MXN,
    installmentPlans: planesPorMonto,

    async createPayment(input) {
      const id = `demo_${token(12)}`;
      const vence = input.vence ?? new Date(Date.now() + 3 * 86_400_000);
      return { id, clientSecret: `${id}_secret_${token(12)}`, instrucciones: demoInstrucciones(input, vence) };
    },

    async retrieve(id: string): Promise<PaymentStatus> {
      const pago = await estado(id);
      const base = { amount: pago.monto, currency: pago.moneda };
      const detalle = pago.detalle as { demo?: DemoState; meses?: number };
      if (isDiferido(pago.metodo)) {
        // Cash or a transfer: the demo "received" it when someone pressed 'Simular pago recibido'.
        if (detalle.demo?.cobrado) return { status: "captured", ...base };
        if (pago.estado === PAGO_ESTADO.vencido || pago.estado === PAGO_ESTADO.cancelado) {
          return { status: "canceled", ...base, error: "La ficha venció." };
        }
        return { status: "pending", ...base };
      }
      if (detalle.meses) Object.assign(base, { meses: detalle.meses });
      // The test card's funding (4242… credit, 4000 0566 5566 5556 debit), as Stripe reports card.funding.
      const funding = cardFunding(detalle.demo?.funding);
      if (funding) Object.assign(base, { funding });
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

    async refund({ paymentId, reference }) {
      // The demo "gives back" what it took: the ledger's row is the record.
      const pago = await estado(paymentId);
      if (isDiferido(pago.metodo) ? !(pago.detalle as { demo?: DemoState }).demo?.cobrado : false) {
        throw new Error(`Pago demo ${paymentId}: no hay cobro que reembolsar`);
      }
      return { id: `demo_reembolso_${reference}` };
    },

    async cancel(id: string) {
      const pago = await estado(id);
      if (isDiferido(pago.metodo)) {
        // A voucher nobody paid is simply void; the workflow records it (vencido / cancelado).
        if ((pago.detalle as { demo?: DemoState }).demo?.cobrado) throw new Error(`Pago demo ${id} ya cobrado`);
        return;
      }
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

  // The approved test cards (4242… credit, 4000 0566 5566 5556 debit) take every plan the amount allows.
  const card = await authorizeWithDemoCard(db, paymentId, input.card);
  return card.ok ? { ok: true, paymentId } : { ok: false, reason: "tarjeta", message: card.message };
}

/**
 * The demo card on a pending demo payment (an order's or an appointment deposit's): accepted →
 * `autorizado`, nothing charged yet; refused → the card's message, and another can be tried.
 */
export async function authorizeWithDemoCard(
  db: Db,
  paymentId: string,
  input: DemoCardInput,
): Promise<{ ok: true } | { ok: false; message: string }> {
  const card = checkDemoCard(input);
  if (!card.ok) return { ok: false, message: card.message };
  await db
    .update(pagos)
    .set({
      estado: PAGO_ESTADO.autorizado,
      // The "provider" side remembers the card's funding (nothing else of the card is kept).
      detalle: sql`jsonb_set(${pagos.detalle}, '{demo}', coalesce(${pagos.detalle}->'demo', '{}'::jsonb) || jsonb_build_object('funding', ${card.funding}::text))`,
      updatedAt: new Date(),
    })
    .where(and(eq(pagos.id, paymentId), eq(pagos.estado, PAGO_ESTADO.pendiente)));
  return { ok: true };
}

/**
 * 'Simular pago recibido': the demo's stand-in for the buyer paying at OXXO or by SPEI. It
 * records, on the demo "provider" side, that the money arrived (detalle.demo.cobrado); the
 * caller then sends the signed webhook a real provider would, through the same handler.
 * Only an OXXO or SPEI demo payment; true when it is (now or already) received.
 */
export async function receiveDemoCash(db: Db, paymentId: string, now: Date = new Date()): Promise<boolean> {
  const updated = await db
    .update(pagos)
    .set({
      detalle: sql`jsonb_set(${pagos.detalle}, '{demo}', jsonb_build_object('cobrado', ${now.toISOString()}::text))`,
    })
    .where(and(eq(pagos.id, paymentId), eq(pagos.proveedor, "demo"), inArray(pagos.metodo, ["oxxo", "spei"])))
    .returning({ id: pagos.id });
  return updated.length > 0;
}

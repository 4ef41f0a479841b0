/**
 * Payment records (`pagos`): what the server priced before asking a provider to authorise
 * it, and where that payment stands in the one state machine of PAGO_ESTADO
 * (payments/provider.server.ts; docs/decisions/005-payments.md). The providers themselves
 * live in app/server/payments/.
 *
 *   startPayment(db, {...})        → the browser confirms the card later (Stripe, demo, $0):
 *                                    asks the provider for a payment, stores it `pendiente`
 *   startServerCharge(db, {...})   → the server authorises a card token now (Conekta): under a
 *                                    per-cart lock, the `pendiente` row FIRST, then the
 *                                    provider call with an idempotency key
 *   findPayment / lockPayment      → read it (lock it inside the purchase's transaction)
 *   markOrderWritten → markCaptured | markCancelled | flagForRefund | markFailed: its moves
 */
import { createHash, randomUUID } from "node:crypto";
import { and, eq, inArray, sql } from "drizzle-orm";
import type { OrderDraft } from "~/domain/order";
import type { MesesMsi } from "~/domain/payment-methods";
import type { Db, DbOrTx } from "../db/index.server";
import { pagos } from "../db/schema";
import {
  type CreatePaymentInput,
  PAGO_ESTADO,
  type PagoEstado,
  type PaymentProvider,
} from "../payments/provider.server";
import type { DatosContacto, DatosEnvio, PaymentDetail } from "./orders.server";

/** A shop payment: always a buyer's (only an appointment's deposit may have none, booking/deposit.server.ts). */
export type PaymentRecord = Omit<typeof pagos.$inferSelect, "userId"> & { userId: string; detalle: PaymentDetail };

type NewPayment = {
  userId: string;
  draft: OrderDraft;
  datosEnvio: DatosEnvio | null;
  datosContacto: DatosContacto;
  provider: PaymentProvider;
};

const metadataOf = (input: NewPayment) => ({
  userId: input.userId,
  tipo: input.draft.tipo,
  carritoId: input.draft.carritoId ?? "",
});

export async function startPayment(
  db: Db,
  input: NewPayment & { meses?: MesesMsi },
): Promise<{ paymentId: string; clientSecret: string; amount: number }> {
  const { draft } = input;
  const free = input.provider.name === "gratis";
  if (free ? draft.total !== 0 : !(draft.total > 0)) {
    throw new Error(`Total ${draft.total} no válido para el proveedor ${input.provider.name}`);
  }
  const payment = await input.provider.createPayment({
    amount: draft.total,
    currency: "mxn",
    metadata: metadataOf(input),
    ...(input.meses ? { meses: input.meses } : {}),
  });
  const detalle: PaymentDetail = {
    ...draft,
    datosEnvio: input.datosEnvio,
    datosContacto: input.datosContacto,
    ...(input.meses ? { meses: input.meses } : {}),
  };
  await db.insert(pagos).values({
    id: payment.id,
    proveedor: input.provider.name,
    userId: input.userId,
    carritoId: draft.carritoId,
    monto: draft.total,
    moneda: "mxn",
    estado: PAGO_ESTADO.pendiente,
    detalle,
  });
  return { paymentId: payment.id, clientSecret: payment.clientSecret, amount: draft.total };
}

/** What a purchase attempt is about, for the per-cart lock: the cart, or this buyer's course. */
export function purchaseKey(userId: string, draft: OrderDraft): string {
  if (draft.carritoId) return `carrito:${draft.carritoId}`;
  return `curso:${userId}:${draft.lines.map((l) => l.id).join(",")}`;
}

/** A `pendiente` attempt older than this no longer blocks its cart (its process died). */
const STALE_ATTEMPT_MS = 15 * 60_000;

/** States in which an attempt for the same cart blocks another: in flight, or already paid. */
const BLOCKING: PagoEstado[] = [
  PAGO_ESTADO.pendiente,
  PAGO_ESTADO.autorizado,
  PAGO_ESTADO.porCapturar,
  PAGO_ESTADO.pagado,
];

export type ServerCharge = { ok: true; paymentId: string } | { ok: false; reason: "en-curso" };

/**
 * A card token authorised by the server (Conekta), at most once per cart:
 *   1. one short transaction under a per-cart advisory lock (PostgreSQL and PGlite): refuse
 *      when another attempt for the same cart is in flight or already paid, else write the
 *      `pendiente` row — before any call that could authorise money;
 *   2. the provider call, outside any lock, with an Idempotency-Key derived from the cart,
 *      the amount and the attempt number (a retried request cannot authorise twice);
 *   3. the row takes the provider's id. A refused card marks it `fallido`.
 */
export async function startServerCharge(
  db: Db,
  input: NewPayment & { card: NonNullable<CreatePaymentInput["card"]> },
): Promise<ServerCharge> {
  const { draft, provider } = input;
  if (!(draft.total > 0)) throw new Error(`Un cargo necesita un total positivo (total ${draft.total})`);
  const intento = purchaseKey(input.userId, draft);
  const detalle: PaymentDetail = {
    ...draft,
    datosEnvio: input.datosEnvio,
    datosContacto: input.datosContacto,
    intento,
  };

  // 1. The row first, under the cart's lock.
  const reserved = await db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${intento}))`);
    const previous = await tx
      .select({ estado: pagos.estado, createdAt: pagos.createdAt })
      .from(pagos)
      .where(and(eq(pagos.userId, input.userId), sql`${pagos.detalle}->>'intento' = ${intento}`));
    const now = Date.now();
    const blocked = previous.some(
      (p) =>
        BLOCKING.includes(p.estado as PagoEstado) &&
        !(p.estado === PAGO_ESTADO.pendiente && now - p.createdAt.getTime() > STALE_ATTEMPT_MS),
    );
    if (blocked) return null;
    const localId = `${provider.name}_intento_${randomUUID()}`;
    await tx.insert(pagos).values({
      id: localId,
      proveedor: provider.name,
      userId: input.userId,
      carritoId: draft.carritoId,
      monto: draft.total,
      moneda: "mxn",
      estado: PAGO_ESTADO.pendiente,
      detalle,
    });
    return { localId, attempt: previous.length + 1 };
  });
  if (!reserved) return { ok: false, reason: "en-curso" };

  // 2. The provider call, with a key that repeats only for this attempt.
  const idempotencyKey = createHash("sha256").update(`${intento}:${draft.total}:${reserved.attempt}`).digest("hex");
  let paymentId: string;
  try {
    const payment = await provider.createPayment({
      amount: draft.total,
      currency: "mxn",
      metadata: { ...metadataOf(input), intento: reserved.localId },
      card: input.card,
      idempotencyKey,
    });
    paymentId = payment.id;
  } catch (error) {
    // Refused, or no answer: nothing was captured (an authorisation we never heard of expires).
    await markFailed(db, reserved.localId);
    throw error;
  }

  // 3. The row takes the provider's id.
  await db.update(pagos).set({ id: paymentId, updatedAt: new Date() }).where(eq(pagos.id, reserved.localId));
  return { ok: true, paymentId };
}

export async function findPayment(db: DbOrTx, paymentId: string): Promise<PaymentRecord | null> {
  const [pago] = await db.select().from(pagos).where(eq(pagos.id, paymentId));
  return (pago as PaymentRecord | undefined) ?? null;
}

/** The payment row, locked until the transaction ends: a concurrent completion waits here. */
export async function lockPayment(tx: DbOrTx, paymentId: string): Promise<PaymentRecord> {
  const [pago] = await tx.select().from(pagos).where(eq(pagos.id, paymentId)).for("update");
  return pago as PaymentRecord;
}

/**
 * Moves a payment from one of `from` to `to`; true only for the caller that moved it. The one
 * write of a payment's state (purchases here, deposits in booking/deposit.server.ts).
 */
export async function movePayment(
  db: DbOrTx,
  paymentId: string,
  from: PagoEstado[],
  to: PagoEstado,
  extra: { compraId?: string } = {},
) {
  const moved = await db
    .update(pagos)
    .set({ estado: to, ...extra, updatedAt: new Date() })
    .where(and(eq(pagos.id, paymentId), inArray(pagos.estado, from)))
    .returning({ id: pagos.id });
  return moved.length > 0;
}

/**
 * The order is written (inside its transaction): `por-capturar` until the capture is
 * confirmed, or `pagado` at once when the provider had already captured.
 */
export async function markOrderWritten(tx: DbOrTx, paymentId: string, compraId: string, captured: boolean) {
  await tx
    .update(pagos)
    .set({ estado: captured ? PAGO_ESTADO.pagado : PAGO_ESTADO.porCapturar, compraId, updatedAt: new Date() })
    .where(eq(pagos.id, paymentId));
}

/** The provider confirmed the capture of a written order. */
export const markCaptured = (db: DbOrTx, paymentId: string) =>
  movePayment(db, paymentId, [PAGO_ESTADO.porCapturar], PAGO_ESTADO.pagado);

/** The authorisation was released (stock gone): nobody was charged. */
export const markCancelled = (db: DbOrTx, paymentId: string) =>
  movePayment(db, paymentId, [PAGO_ESTADO.pendiente, PAGO_ESTADO.autorizado], PAGO_ESTADO.cancelado);

/** The card was refused, or the attempt never got an answer. */
export const markFailed = (db: DbOrTx, paymentId: string) =>
  movePayment(db, paymentId, [PAGO_ESTADO.pendiente], PAGO_ESTADO.fallido);

/** Captured by the provider but not fulfillable: true only for the caller that flagged it (so mails go once). */
export const flagForRefund = (db: DbOrTx, paymentId: string) =>
  movePayment(db, paymentId, [PAGO_ESTADO.pendiente, PAGO_ESTADO.autorizado], PAGO_ESTADO.reembolso);

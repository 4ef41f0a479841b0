/**
 * The payment ledger (`pagos`): every payment any payable thing takes (a shop order, a
 * course, an appointment's deposit) is a row here, written before the provider is asked to
 * authorise it, and moved through the one state machine of PAGO_ESTADO (provider.server.ts;
 * docs/decisions/005-payments.md). What the row pays for is its payable's business
 * (payable.server.ts); settling it is settle.server.ts's.
 *
 *   openPayment(db, {...})         → the browser confirms the card later (Stripe, demo, $0):
 *                                    asks the provider for a payment, stores it `pendiente`
 *   openServerCharge(db, {...})    → the server authorises a card token now (Conekta): under a
 *                                    per-thing lock, the `pendiente` row FIRST, then the
 *                                    provider call with an idempotency key
 *   findPayment / lockPayment      → read it (lock it inside the settling transaction)
 *   markOrderWritten → markCaptured | markCancelled | flagForRefund | markFailed: its moves
 */
import { createHash, randomUUID } from "node:crypto";
import { and, eq, inArray, sql } from "drizzle-orm";
import type { CardFunding } from "~/domain/cfdi";
import type { MesesMsi } from "~/domain/payment-methods";
import type { Db, DbOrTx } from "../db/index.server";
import { pagos } from "../db/schema";
import { type CreatePaymentInput, PAGO_ESTADO, type PagoEstado, type PaymentProvider } from "./provider.server";

/** A row of the ledger; `detalle` is its payable's own record of what is paid for. */
export type PagoRow = typeof pagos.$inferSelect;

/** What any payable thing needs to open a payment: who pays, how much, and its own record. */
export type NewPayment = {
  userId: string;
  carritoId?: string | null;
  monto: number;
  /** the payable's record of what is paid for (pagos.detalle) */
  detalle: Record<string, unknown>;
  /** what the provider stores with the payment */
  metadata: Record<string, string>;
  provider: PaymentProvider;
};

/** A payment the browser confirms later (Stripe, demo, the $0 provider): stored `pendiente`. */
export async function openPayment(
  db: Db,
  input: NewPayment & { meses?: MesesMsi },
): Promise<{ paymentId: string; clientSecret: string; amount: number }> {
  const { monto } = input;
  const free = input.provider.name === "gratis";
  if (free ? monto !== 0 : !(monto > 0)) {
    throw new Error(`Total ${monto} no válido para el proveedor ${input.provider.name}`);
  }
  const payment = await input.provider.createPayment({
    amount: monto,
    currency: "mxn",
    metadata: input.metadata,
    ...(input.meses ? { meses: input.meses } : {}),
  });
  await db.insert(pagos).values({
    id: payment.id,
    proveedor: input.provider.name,
    userId: input.userId,
    carritoId: input.carritoId ?? null,
    monto,
    moneda: "mxn",
    estado: PAGO_ESTADO.pendiente,
    detalle: input.detalle,
  });
  return { paymentId: payment.id, clientSecret: payment.clientSecret, amount: monto };
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
 * A card token authorised by the server (Conekta), at most once per `intento` (a cart, a course):
 *   1. one short transaction under a per-cart advisory lock (PostgreSQL and PGlite): refuse
 *      when another attempt for the same cart is in flight or already paid, else write the
 *      `pendiente` row — before any call that could authorise money;
 *   2. the provider call, outside any lock, with an Idempotency-Key derived from the cart,
 *      the amount and the attempt number (a retried request cannot authorise twice);
 *   3. the row takes the provider's id. A refused card marks it `fallido`.
 */
export async function openServerCharge(
  db: Db,
  input: NewPayment & { intento: string; card: NonNullable<CreatePaymentInput["card"]> },
): Promise<ServerCharge> {
  const { provider, intento, monto } = input;
  if (!(monto > 0)) throw new Error(`Un cargo necesita un total positivo (total ${monto})`);
  const detalle = { ...input.detalle, intento };

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
      carritoId: input.carritoId ?? null,
      monto,
      moneda: "mxn",
      estado: PAGO_ESTADO.pendiente,
      detalle,
    });
    return { localId, attempt: previous.length + 1 };
  });
  if (!reserved) return { ok: false, reason: "en-curso" };

  // 2. The provider call, with a key that repeats only for this attempt.
  const idempotencyKey = createHash("sha256").update(`${intento}:${monto}:${reserved.attempt}`).digest("hex");
  let paymentId: string;
  try {
    const payment = await provider.createPayment({
      amount: monto,
      currency: "mxn",
      metadata: { ...input.metadata, intento: reserved.localId },
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

/** The row, typed as its payable's record (`R`) by the caller that knows what it pays for. */
export async function findPayment<R extends PagoRow = PagoRow>(db: DbOrTx, paymentId: string): Promise<R | null> {
  const [pago] = await db.select().from(pagos).where(eq(pagos.id, paymentId));
  return (pago as R | undefined) ?? null;
}

/** The payment row, locked until the transaction ends: a concurrent completion waits here. */
export async function lockPayment<R extends PagoRow = PagoRow>(tx: DbOrTx, paymentId: string): Promise<R> {
  const [pago] = await tx.select().from(pagos).where(eq(pagos.id, paymentId)).for("update");
  return pago as R;
}

/**
 * Moves a payment from one of `from` to `to`; true only for the caller that moved it. The one
 * conditional write of a payment's state (the settle step, settle.server.ts, and its payables).
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
 * What was paid for is given (inside its transaction, e.g. the order written): `por-capturar`
 * until the capture is confirmed, or `pagado` at once when the provider had already captured.
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

/**
 * Captured by the provider but not fulfillable (late money): into the refund queue
 * (/admin/reembolsos); true only for the caller that flagged it (so mails go once).
 */
export const flagForRefund = (db: DbOrTx, paymentId: string) =>
  movePayment(
    db,
    paymentId,
    [PAGO_ESTADO.pendiente, PAGO_ESTADO.autorizado, PAGO_ESTADO.pagado],
    PAGO_ESTADO.reembolso,
  );

/**
 * Money the studio received itself (cash, a bank transfer: a course granted by hand, issue 28):
 * a payment already `pagado`, provider `estudio` (studio.server.ts), inside the caller's
 * transaction; the caller links it to the order it writes (markOrderWritten).
 */
export async function recordReceivedPayment(
  tx: DbOrTx,
  input: { userId: string; monto: number; metodo: "efectivo" | "transferencia"; detalle: Record<string, unknown> },
): Promise<string> {
  const id = `estudio_${randomUUID()}`;
  await tx.insert(pagos).values({
    id,
    proveedor: "estudio",
    userId: input.userId,
    monto: input.monto,
    moneda: "mxn",
    estado: PAGO_ESTADO.pagado,
    metodo: input.metodo,
    detalle: input.detalle,
  });
  return id;
}

/**
 * The card's funding as its provider reported it when the payment settled (detalle.funding:
 * credit, debit, prepaid, unknown): how the invoice says it was paid (c_FormaPago 04 or 28,
 * ~/domain/cfdi formaPagoDe). Written once; a later word does not change it.
 */
export async function recordFunding(db: DbOrTx, paymentId: string, funding: CardFunding) {
  await db
    .update(pagos)
    .set({ detalle: sql`${pagos.detalle} || jsonb_build_object('funding', ${funding}::text)` })
    .where(and(eq(pagos.id, paymentId), sql`not (${pagos.detalle} ? 'funding')`));
}

/**
 * Settling a payment: the one step every payable thing goes through (the shop's order and its
 * courses, an appointment's deposit; payable.server.ts), whatever the method, read top to
 * bottom (docs/decisions/005-payments.md, 021):
 *
 *   the provider's word   asked again whoever calls (browser, webhook, job): pending or
 *                         refused changes nothing; an amount or currency other than the
 *                         ledger's row is refused (a forged or stale event, a wrong charge)
 *   settleCard            a card: the payable gives the thing (its own transaction), then the
 *                         money moves: captured, or the authorisation CANCELLED when the thing
 *                         is gone (nobody pays for what does not exist); money the provider
 *                         had already captured for a thing gone → the refund queue
 *   issuePendingPayment   OXXO / SPEI: the voucher / CLABE → the `pagos` row → in one
 *                         transaction the payable HOLDS the thing and the payment becomes
 *                         `esperando-pago` → voucher mail, jobs scheduled
 *   confirmPendingPayment the money arrived: `esperando-pago` → `pagado` and the thing is
 *                         FULFILLED, exactly once; after `vencido` → `requiere-reembolso`
 *                         (late money: recorded, the studio refunds it, never lost)
 *   expirePendingPayment  its time is up: not at `vence` (the voucher's printed expiry) but
 *                         at the end of the provider's settlement grace after it
 *                         (domain/settlement-window.ts: the next business day), since money
 *                         paid on the last evening is confirmed that late; unless the
 *                         provider says it was paid, the thing is RELEASED and the payment
 *                         `vencido`. The provider's "expired" before the grace ends waits
 *                         for it (only an explicit cancellation before `vence` releases early)
 *   remindPendingPayment  one day before `vence`: the reminder mail, once
 *
 * The reminder and the release are durable jobs (jobs.server.ts, ADR 023) scheduled in the
 * hold's transaction and cancelled when paid; their handlers (pending-jobs.server.ts) call
 * the functions here. `runDuePendingPayments` does the same from `pagos` itself.
 *
 * Every move is a conditional update (under the payment's row lock for OXXO / SPEI), so
 * duplicate and out-of-order webhooks, a job and a webhook at once, or two instances,
 * change it once.
 */
import { and, eq, isNull, sql } from "drizzle-orm";
import { type InstruccionesPago, type MetodoDiferido, motivoPlanRechazado } from "~/domain/payment-methods";
import { liberacionFicha } from "~/domain/settlement-window";
import { appContext } from "../context.server";
import type { Db, DbOrTx } from "../db/index.server";
import { pagos } from "../db/schema";
import { cancelJob, scheduleJob } from "../jobs.server";
import { logError } from "../log.server";
import {
  type PagoRow,
  findPayment,
  flagForRefund,
  lockPayment,
  markCancelled,
  markCaptured,
  movePayment,
  recordFunding,
} from "./ledger.server";
import { reconcileCashBalance } from "./cash-balance.server";
import { type Payable, type PayableMails, payableOf } from "./payable.server";
import { PAGO_ESTADO, type PaymentProvider, type PaymentStatus } from "./provider.server";

// ---------------------------------------------------------------- the provider's word

export type Refusal =
  | { ok: false; reason: "pendiente" }
  | { ok: false; reason: "fallido"; error?: string }
  | { ok: false; reason: "monto" };

/**
 * The provider's word on a payment, checked against the ledger's row: not yet paid
 * ("pendiente"), refused or cancelled ("fallido", with the provider's reason), or another
 * amount or currency than the row says ("monto", logged). Otherwise its status.
 */
export async function providersWord(
  provider: PaymentProvider,
  pago: PagoRow,
  /** `captured`: only money already in counts (OXXO / SPEI); anything else is still "pendiente" */
  options: { label?: string; captured?: boolean } = {},
): Promise<{ ok: true; status: PaymentStatus } | Refusal> {
  const status = await provider.retrieve(pago.id);
  if (status.status === "pending" || (options.captured && status.status !== "captured")) {
    return { ok: false, reason: "pendiente" };
  }
  if (status.status === "failed" || status.status === "canceled") {
    return { ok: false, reason: "fallido", ...(status.error ? { error: status.error } : {}) };
  }
  if (status.amount !== pago.monto || status.currency.toLowerCase() !== pago.moneda) {
    logError(
      `${options.label ?? "Pago"} ${pago.id}: el proveedor tiene ${status.amount} ${status.currency}, esperábamos ${pago.monto} ${pago.moneda}.`,
    );
    return { ok: false, reason: "monto" };
  }
  return { ok: true, status };
}

// ---------------------------------------------------------------- a card

export type CardSettlement<V> =
  | { ok: true; ref: string; created: boolean; value: V }
  | Refusal
  /** the authorisation was released: nobody was charged (`lost`: what was gone, when known) */
  | { ok: false; reason: "cancelado"; lost?: string[] }
  /** captured, but the thing is gone: in the refund queue */
  | { ok: false; reason: "reembolso"; lost?: string[] };

/**
 * A card payment the provider authorised (or captured): the payable gives the thing, then
 * the money moves, exactly once whoever calls first (the browser's return, a webhook, a
 * retry, even at the same moment):
 *
 *   1. already given (`por-capturar` / `pagado`, or linked): the provider is not asked again;
 *      otherwise its word (before any lock: no network wait while rows are locked), and the
 *      card's funding it reports is recorded (detalle.funding, for the invoice). What a
 *      released (`cancelado`) or refunded payment means to the buyer is the caller's to say;
 *   2. the payable gives it (payable.fulfilCard, its own transaction, idempotent);
 *      gone → not captured: the authorisation is cancelled, then recorded `cancelado` (a
 *      failed cancel leaves it for the next call; an unreleased hold expires by itself);
 *      captured: flagged `requiere-reembolso`, and only the caller that flagged it tells
 *      (payable.lateMoney);
 *   3. the money: captured → `pagado`; else the caller that moved it to `por-capturar` (or
 *      wrote it so, or found a capture never confirmed) captures, then `pagado`. A provider
 *      that does not answer leaves it `por-capturar` for the next call (idempotent there);
 *   4. after commit, the mails fulfilling queued (payable.afterPaid), by the caller that gave it.
 */
export async function settleCard<R extends PagoRow, V>(
  db: Db,
  pago: R,
  provider: PaymentProvider,
  payable: Payable<R, V>,
  now: Date = new Date(),
): Promise<CardSettlement<V>> {
  const paymentId = pago.id;
  // 1. What the ledger already knows, else the provider's word.
  const given = pago.compraId !== null || pago.estado === PAGO_ESTADO.porCapturar || pago.estado === PAGO_ESTADO.pagado;
  let captured = pago.estado === PAGO_ESTADO.pagado;
  let meses: number | null = null;
  if (!given) {
    const word = await providersWord(provider, pago, { label: payable.label });
    if (!word.ok) return word;
    captured = word.status.status === "captured";
    meses = word.status.meses ?? null;
    // Meses sin intereses, re-checked here whatever the browser confirmed: the plan charged
    // is the one chosen (pagos.detalle.meses), allowed for this amount and, when the
    // provider knows the card, one it offers for it. Otherwise nothing is given and the
    // authorisation is released (nobody is charged); the buyer may pay again.
    if (!captured) {
      const elegido = (pago.detalle as { meses?: unknown } | null)?.meses;
      const motivo = motivoPlanRechazado({
        elegido: typeof elegido === "number" ? elegido : null,
        cobrado: meses,
        planes: provider.installmentPlans(pago.monto),
        planesTarjeta: word.status.planesTarjeta ?? null,
      });
      if (motivo) {
        logError(
          `${payable.label} ${paymentId}: plan de meses rechazado (elegido ${String(elegido ?? "ninguno")}, autorizado ${meses ?? "ninguno"}).`,
        );
        await provider.cancel(paymentId);
        await movePayment(db, paymentId, [PAGO_ESTADO.pendiente, PAGO_ESTADO.autorizado], PAGO_ESTADO.fallido);
        return { ok: false, reason: "fallido", error: motivo };
      }
    }
    // The card's funding, kept with the payment before the thing is given: the invoice's c_FormaPago.
    if (word.status.funding) await recordFunding(db, paymentId, word.status.funding);
  }

  // 2. The thing, or why not.
  const result = await payable.fulfilCard(db, pago, { captured, meses, now });
  if (!result.ok) {
    const lost = result.lost.length > 0 ? result.lost : undefined;
    if (!captured) {
      await provider.cancel(paymentId);
      await markCancelled(db, paymentId);
      return { ok: false, reason: "cancelado", lost };
    }
    if (await flagForRefund(db, paymentId)) await payable.lateMoney(db, pago, result.lost);
    return { ok: false, reason: "reembolso", lost };
  }

  // 3. The thing exists: now the money moves.
  if (captured) {
    await movePayment(
      db,
      paymentId,
      [PAGO_ESTADO.pendiente, PAGO_ESTADO.autorizado, PAGO_ESTADO.porCapturar],
      PAGO_ESTADO.pagado,
    );
  } else {
    const mine = await movePayment(db, paymentId, [PAGO_ESTADO.pendiente, PAGO_ESTADO.autorizado], PAGO_ESTADO.porCapturar);
    if (result.created || mine || pago.estado === PAGO_ESTADO.porCapturar) {
      await capture(db, provider, paymentId, payable.label);
    }
  }

  // 4. The mails queued with the thing go out now (the outbox retries them if the server is down).
  if (result.created) await payable.afterPaid(db, pago, result.ref);
  return { ok: true, ref: result.ref, created: result.created, value: result.value };
}

/**
 * Captures a given thing's payment and records it. A provider that does not answer leaves
 * it `por-capturar`: the thing stands, and the next settle (browser, webhook, retry)
 * captures it; the idempotency key keeps that to one charge.
 */
async function capture(db: Db, provider: PaymentProvider, paymentId: string, label: string) {
  try {
    await provider.capture(paymentId);
    await markCaptured(db, paymentId);
  } catch (error) {
    logError(`${label} ${paymentId}: ya se entregó lo pagado pero la captura no se confirmó; se reintentará.`, error);
  }
}

// ---------------------------------------------------------------- OXXO / SPEI: mails

/** One of a pending payment's mails, its payable's own (the admin's 'Reenviar ficha' too). */
export async function mailOf(db: Db, paymentId: string, kind: keyof PayableMails): Promise<void> {
  const pago = await findPayment(db, paymentId);
  if (!pago) return;
  await payableOf(pago).mails[kind](db, paymentId);
}

// ---------------------------------------------------------------- OXXO / SPEI: start

/** What any thing being paid needs to start a pending payment (the shop's order, a deposit). */
export type IssuePendingInput = {
  userId: string | null;
  /** the per-thing lock and "same voucher again" key (a cart, a course, an appointment) */
  intento: string;
  monto: number;
  carritoId?: string | null;
  /** the payable's own record of what is paid for (stored in pagos.detalle) */
  detalle: Record<string, unknown>;
  metadata: Record<string, string>;
  payer: { nombre: string; correo: string };
  provider: PaymentProvider;
  metodo: MetodoDiferido;
  /** until when it may be paid (the provider may round it; its own expiry is kept) */
  vence: Date;
  /**
   * the latest it may end whatever the provider says (an appointment's deposit: 24 h before
   * it): a later expiry from the provider is cut back to this, for the voucher shown, the
   * hold and the expiry job (which voids it at the provider then)
   */
  venceMaximo?: Date;
  /** the registered payable (registerPayable); the shop's order when absent */
  asunto?: string;
};

export type IssuePendingResult =
  | { ok: true; paymentId: string; compraId: string; instrucciones: InstruccionesPago; created: boolean }
  | { ok: false; reason: "no-retenido"; nombres: string[] };

/**
 * The one start of every pending payment: the voucher at the provider, then the row and the
 * payable's hold in one transaction, the jobs, the voucher mail.
 */
export async function issuePendingPayment(db: Db, input: IssuePendingInput): Promise<IssuePendingResult> {
  const { provider, metodo, intento } = input;

  // A second click (or a second tab) for the same cart, course or appointment while a voucher waits: the same voucher.
  const waiting = await waitingFor(db, input.userId, intento);
  if (waiting) return waiting;

  // 1. The provider issues the voucher / CLABE (no row is locked meanwhile).
  const created = await provider.createPayment({
    amount: input.monto,
    currency: "mxn",
    metadata: input.metadata,
    metodo,
    payer: input.payer,
    vence: input.vence,
  });
  if (!created.instrucciones) throw new Error(`${provider.name} no devolvió instrucciones de pago ${metodo}`);
  const tope = input.venceMaximo;
  const instrucciones =
    tope && new Date(created.instrucciones.vence).getTime() > tope.getTime()
      ? { ...created.instrucciones, vence: tope.toISOString() }
      : created.instrucciones;
  const venceReal = new Date(instrucciones.vence);

  // 2. The record, then the hold, in one transaction under the thing's lock.
  const detalle = { ...input.detalle, intento, ...(input.asunto ? { asunto: input.asunto } : {}) };
  const held = await db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${intento}))`);
    const other = await waitingFor(tx, input.userId, intento);
    await tx.insert(pagos).values({
      id: created.id,
      proveedor: provider.name,
      userId: input.userId,
      carritoId: input.carritoId ?? null,
      monto: input.monto,
      moneda: "mxn",
      estado: PAGO_ESTADO.pendiente,
      detalle,
      metodo,
      vence: venceReal,
      instrucciones,
      clienteProveedor: created.cliente ?? null,
    });
    if (other) return { kind: "other", other } as const;
    const pago = await lockPayment(tx, created.id);
    const hold = await payableOf(pago).hold(tx, pago);
    if (!hold.ok) return { kind: "gone", gone: hold.nombres } as const;
    await tx
      .update(pagos)
      .set({ estado: PAGO_ESTADO.esperandoPago, compraId: hold.id, updatedAt: new Date() })
      .where(eq(pagos.id, created.id));
    // The reminder and the expiry, durable, committed with the hold (jobs.server.ts, ADR 023).
    for (const job of pendingPaymentJobs(created.id, venceReal, provider.name)) await scheduleJob(tx, job);
    return { kind: "held", id: hold.id } as const;
  });

  if (held.kind !== "held") {
    // Not held (stock or time gone, or another voucher won the race): this voucher is void.
    await provider.cancel(created.id).catch((e) => logError(`No se pudo anular la ficha ${created.id}`, e));
    await db
      .update(pagos)
      .set({ estado: PAGO_ESTADO.cancelado, updatedAt: new Date() })
      .where(and(eq(pagos.id, created.id), eq(pagos.estado, PAGO_ESTADO.pendiente)));
    if (held.kind === "other") return held.other;
    return { ok: false, reason: "no-retenido", nombres: held.gone };
  }

  // 3. After commit: the voucher by mail.
  await mailOf(db, created.id, "voucher").catch((e) => logError(`Ficha de pago ${created.id}`, e));
  return { ok: true, paymentId: created.id, compraId: held.id, instrucciones, created: true };
}

async function waitingFor(
  db: DbOrTx,
  userId: string | null,
  intento: string,
): Promise<(IssuePendingResult & { ok: true }) | null> {
  const [row] = await db
    .select({ id: pagos.id, compraId: pagos.compraId, instrucciones: pagos.instrucciones })
    .from(pagos)
    .where(
      and(
        userId === null ? isNull(pagos.userId) : eq(pagos.userId, userId),
        eq(pagos.estado, PAGO_ESTADO.esperandoPago),
        sql`${pagos.detalle}->>'intento' = ${intento}`,
      ),
    );
  if (!row?.compraId) return null;
  return {
    ok: true,
    paymentId: row.id,
    compraId: row.compraId,
    instrucciones: row.instrucciones as InstruccionesPago,
    created: false,
  };
}

// ---------------------------------------------------------------- jobs (durable, jobs.server.ts)

export const JOB_VENCE = "pago-vence";
export const JOB_RECORDATORIO = "pago-recordatorio";
const DAY_MS = 86_400_000;

/** When an unpaid voucher is released: `vence` plus its provider's settlement grace (settlement-window.ts). */
export const releaseAt = (pago: { vence: Date | null; proveedor: string }): Date | null =>
  pago.vence ? liberacionFicha(pago.vence, pago.proveedor) : null;

/** The keys of a pending payment's two jobs (to cancel them once it is paid or voided). */
export const pendingPaymentJobKeys = (paymentId: string) =>
  [`${JOB_RECORDATORIO}:${paymentId}`, `${JOB_VENCE}:${paymentId}`] as const;

/**
 * The two jobs of a pending payment: the reminder a day before `vence`, the release at the
 * end of the provider's grace after it (the job keeps its old name, `pago-vence`).
 */
export function pendingPaymentJobs(paymentId: string, vence: Date, proveedor: string) {
  const [recordatorio, liberacion] = pendingPaymentJobKeys(paymentId);
  return [
    {
      tipo: JOB_RECORDATORIO,
      clave: recordatorio,
      ejecutarEn: new Date(vence.getTime() - DAY_MS),
      datos: { paymentId },
    },
    {
      tipo: JOB_VENCE,
      clave: liberacion,
      ejecutarEn: liberacionFicha(vence, proveedor),
      datos: { paymentId },
    },
  ];
}

// ---------------------------------------------------------------- 2. confirm (the webhook)

export type ConfirmResult =
  | { ok: true; outcome: "pagado" | "ya-pagado" | "tarde" | "ya-registrado"; compraId: string | null }
  | { ok: false; reason: "desconocido" | "pendiente" | "monto" };

/**
 * The provider says the money arrived. Its own word is asked (a forged or stale event
 * changes nothing); then, under the row lock, exactly one caller moves it.
 */
export async function confirmPendingPayment(
  db: Db,
  paymentId: string,
  provider: PaymentProvider,
  /** the payment's row when the caller has just read it (one read per request, not three) */
  known?: PagoRow,
): Promise<ConfirmResult> {
  const pago = known?.id === paymentId ? known : await findPayment(db, paymentId);
  if (!pago) return { ok: false, reason: "desconocido" };
  const word = await providersWord(provider, pago, { captured: true });
  if (!word.ok) return { ok: false, reason: word.reason === "monto" ? "monto" : "pendiente" };

  const outcome = await db.transaction(async (tx) => {
    const locked = await lockPayment(tx, paymentId);
    const payable = payableOf(locked);
    const late = locked.estado === PAGO_ESTADO.vencido || locked.estado === PAGO_ESTADO.cancelado;
    if (locked.compraId && (locked.estado === PAGO_ESTADO.esperandoPago || (late && payable.revivable))) {
      const fulfilled = (await payable.fulfil(tx, locked, locked.compraId)) !== "reembolso";
      const estado = fulfilled ? PAGO_ESTADO.pagado : PAGO_ESTADO.reembolso;
      await tx.update(pagos).set({ estado, updatedAt: new Date() }).where(eq(pagos.id, paymentId));
      for (const clave of pendingPaymentJobKeys(paymentId)) await cancelJob(tx, clave);
      return { outcome: fulfilled ? "pagado" : "tarde", locked } as const;
    }
    if (late) {
      // Paid after it expired: what it held may be gone already. Recorded, refunded by the studio.
      await tx
        .update(pagos)
        .set({ estado: PAGO_ESTADO.reembolso, updatedAt: new Date() })
        .where(eq(pagos.id, paymentId));
      return { outcome: "tarde", locked } as const;
    }
    return { outcome: locked.estado === PAGO_ESTADO.pagado ? "ya-pagado" : "ya-registrado", locked } as const;
  });

  const { locked } = outcome;
  if (outcome.outcome === "pagado" && locked.compraId) {
    await payableOf(locked).afterPaid(db, locked, locked.compraId);
  }
  if (outcome.outcome === "tarde") {
    logError(`Pago ${paymentId} recibido después de vencer: requiere reembolso.`);
    await mailOf(db, paymentId, "late").catch((e) => logError(`Aviso de pago tardío ${paymentId}`, e));
  }
  return { ok: true, outcome: outcome.outcome, compraId: locked.compraId };
}

// ---------------------------------------------------------------- 3. expire (job or provider event)

export type ExpireResult = "vencido" | "pagado" | "sigue-pendiente" | "nada";

/**
 * The voucher's time is up (or the provider says it expired). The provider is asked first:
 * money that arrived meanwhile confirms instead (an expiry event that overtook the payment's).
 *
 *   before `vence`             only the provider's explicit cancellation releases it (a
 *                              voucher voided at the provider can no longer be paid);
 *   `vence` … end of the grace nothing is released, whatever the provider says: money paid
 *                              on the last evening may still be confirmed (settlement-window.ts);
 *   after the grace            released (the provider's voucher voided first).
 *
 * `now` is the application's clock (ADR 031) unless given.
 */
export async function expirePendingPayment(
  db: Db,
  paymentId: string,
  provider: PaymentProvider,
  now: Date = appContext().clock(),
): Promise<ExpireResult> {
  const pago = await findPayment(db, paymentId);
  if (!pago || pago.estado !== PAGO_ESTADO.esperandoPago) return "nada";
  const status = await provider.retrieve(paymentId);
  if (status.status === "captured") {
    await confirmPendingPayment(db, paymentId, provider);
    return "pagado";
  }
  const liberacion = releaseAt(pago);
  const due = liberacion ? liberacion.getTime() <= now.getTime() : false;
  const cancelledBeforeVence = status.status === "canceled" && (!pago.vence || now.getTime() < pago.vence.getTime());
  if (!due && !cancelledBeforeVence) return "sigue-pendiente";
  // Void it at the provider so the voucher can no longer be paid (best effort: it expires there too).
  await provider.cancel(paymentId).catch((e) => logError(`No se pudo anular la ficha vencida ${paymentId}`, e));

  const expired = await db.transaction(async (tx) => {
    const locked = await lockPayment(tx, paymentId);
    if (locked.estado !== PAGO_ESTADO.esperandoPago || !locked.compraId) return false;
    await payableOf(locked).release(tx, locked, locked.compraId);
    await tx.update(pagos).set({ estado: PAGO_ESTADO.vencido, updatedAt: new Date() }).where(eq(pagos.id, paymentId));
    return true;
  });
  if (!expired) return "nada";
  await mailOf(db, paymentId, "expired").catch((e) => logError(`Aviso de ficha vencida ${paymentId}`, e));
  // A short SPEI transfer: what the cancelled intent had taken is back in the payer's cash
  // balance, into the refund queue now (its balance event does the same, once; ADR 033).
  if (pago.clienteProveedor) {
    await reconcileCashBalance(db, paymentId, provider).catch((e) => logError(`Saldo SPEI de ${paymentId}`, e));
  }
  return "vencido";
}

/**
 * The thing was released by hand before its time (the studio freed a held appointment):
 * inside the caller's transaction, under the payment's row lock, a voucher still waiting
 * becomes `cancelado` and its reminder and expiry jobs are dropped. True only for the caller
 * that moved it: that caller voids it at the provider after commit (exactly once). Money
 * that still arrives is a late payment: the payable decides (a released appointment refuses
 * it, so it is refunded, never lost).
 */
export async function voidPendingPaymentInTx(tx: DbOrTx, paymentId: string): Promise<boolean> {
  const locked = await lockPayment(tx, paymentId);
  if (locked?.estado !== PAGO_ESTADO.esperandoPago) return false;
  await tx.update(pagos).set({ estado: PAGO_ESTADO.cancelado, updatedAt: new Date() }).where(eq(pagos.id, paymentId));
  for (const clave of pendingPaymentJobKeys(paymentId)) await cancelJob(tx, clave);
  return true;
}

// ---------------------------------------------------------------- 4. remind

/** The reminder mail a day before `vence`, once (the `recordatorio` stamp is set first). */
export async function remindPendingPayment(
  db: Db,
  paymentId: string,
  now: Date = appContext().clock(),
): Promise<boolean> {
  const stamped = await db
    .update(pagos)
    .set({ recordatorio: now })
    .where(
      and(
        eq(pagos.id, paymentId),
        eq(pagos.estado, PAGO_ESTADO.esperandoPago),
        sql`${pagos.recordatorio} is null`,
        sql`${pagos.vence} > ${now.toISOString()}::timestamptz`,
      ),
    )
    .returning({ id: pagos.id });
  if (stamped.length === 0) return false;
  await mailOf(db, paymentId, "reminder").catch((e) => logError(`Recordatorio de pago ${paymentId}`, e));
  return true;
}

/**
 * Every pending payment whose reminder or release is due, from the `pagos` table itself: what
 * the two jobs do, for all at once (a safety net and the tests' clock). Idempotent. A voucher
 * past `vence` but within its grace is left alone (neither reminded nor released).
 */
export async function runDuePendingPayments(
  db: Db,
  providerFor: (name: string) => PaymentProvider,
  now: Date = appContext().clock(),
): Promise<{ recordados: number; vencidos: number }> {
  const due = await db
    .select({ id: pagos.id, proveedor: pagos.proveedor, vence: pagos.vence, recordatorio: pagos.recordatorio })
    .from(pagos)
    .where(
      and(
        eq(pagos.estado, PAGO_ESTADO.esperandoPago),
        sql`${pagos.vence} <= ${new Date(now.getTime() + DAY_MS).toISOString()}::timestamptz`,
      ),
    );
  let recordados = 0;
  let vencidos = 0;
  for (const pago of due) {
    if (!pago.vence) continue;
    if (pago.vence.getTime() <= now.getTime()) {
      if ((releaseAt(pago)?.getTime() ?? 0) > now.getTime()) continue; // within the grace
      if ((await expirePendingPayment(db, pago.id, providerFor(pago.proveedor), now)) === "vencido") vencidos++;
    } else if (!pago.recordatorio && (await remindPendingPayment(db, pago.id, now))) {
      recordados++;
    }
  }
  return { recordados, vencidos };
}

/**
 * Payments that arrive later, offline: OXXO cash vouchers and SPEI transfers (issue 14,
 * docs/decisions/021). The one workflow of their life, read top to bottom:
 *
 *   startPendingPayment   the provider issues the voucher / CLABE → the `pagos` row → in one
 *                         transaction the thing being paid for is HELD (the shop: stock
 *                         taken, order written 'Pendiente de pago', cart emptied) and the
 *                         payment becomes `esperando-pago` → voucher mail, jobs scheduled
 *   confirmPendingPayment the provider's webhook says paid (its own word is asked again):
 *                         `esperando-pago` → `pagado` and the thing is FULFILLED (order paid,
 *                         courses unlocked), mails to buyer and studio — exactly once;
 *                         `vencido` → `requiere-reembolso` (a late payment: recorded, the
 *                         studio refunds it, never lost)
 *   expirePendingPayment  its time is up (the job at `vence`, or the provider's expiry
 *                         event): unless the provider says it was paid, the thing is
 *                         RELEASED (stock back, order 'Vencido') and the payment `vencido`
 *   remindPendingPayment  one day before `vence`: the reminder mail, once
 *
 * The reminder and the expiry are durable jobs (jobs.server.ts, ADR 023) scheduled in the
 * hold's transaction and cancelled when paid; their handlers (pending-payment-jobs.server.ts)
 * call the functions here. `runDuePendingPayments` does the same from `pagos` itself.
 *
 * Every move is a conditional update under the payment's row lock, so duplicate and
 * out-of-order webhooks, a job and a webhook at once, or two instances, change it once.
 *
 * What is being paid for is a `PendingSubject` (the shop's order today; a booking deposit
 * can add its own hold / fulfil / release without touching this workflow), chosen by
 * `detalle.asunto`.
 */
import { and, eq, isNull, sql } from "drizzle-orm";
import type { AlertMessage } from "~/domain/messages";
import { ESTADO_PAGO } from "~/domain/order-status";
import { type InstruccionesPago, type MetodoDiferido, diasParaPagar } from "~/domain/payment-methods";
import { enrolPurchase } from "../school/enrolment.server";
import type { Db, DbOrTx } from "../db/index.server";
import { compraLineas, compras, pagos, productos } from "../db/schema";
import { cancelJob, scheduleJob } from "../jobs.server";
import { logError } from "../log.server";
import { PAGO_ESTADO, type PaymentProvider } from "../payments/provider.server";
import { removeBoughtFromCart } from "./cart.server";
import { takeStock } from "./catalog.server";
import { deliverQueuedMail } from "../mail.server";
import { sendOrderConfirmation, sendStudioOrderNotice } from "./order-mail.server";
import { type DatosContacto, type DatosEnvio, writeOrder } from "./orders.server";
import { type PaymentRecord, findPayment, lockPayment, purchaseKey } from "./payments.server";
import { sendLatePaymentNotice, sendPaymentExpired, sendPaymentReminder, sendVoucherMail } from "./pending-mail.server";
import type { OrderDraft } from "~/domain/order";

// ---------------------------------------------------------------- what is being paid for

/** The thing a deferred payment pays for: held while it waits, fulfilled when paid, released when it expires. */
export type PendingSubject = {
  /** Inside the transaction: reserve it. `id` is what the payment is linked to (pagos.compra_id). */
  hold(tx: DbOrTx, pago: PaymentRecord): Promise<{ ok: true; id: string } | { ok: false; nombres: string[] }>;
  /**
   * Inside the transaction: the money is in. "reembolso" when the thing can no longer be
   * given (a deposit's time taken meanwhile): the payment is flagged for a refund instead.
   */
  fulfil(tx: DbOrTx, pago: PaymentRecord, id: string): Promise<"reembolso" | undefined>;
  /** Money after the expiry: try `fulfil` again (a deposit's time may still be free); otherwise a refund. */
  revivable?: boolean;
  /** Inside the transaction: nobody paid in time. */
  release(tx: DbOrTx, pago: PaymentRecord, id: string): Promise<void>;
  /** After commit: delivers the mails of a confirmed payment, which `fulfil` queued in its transaction. */
  afterPaid(db: Db, pago: PaymentRecord, id: string): Promise<void>;
  /** Its own mails (voucher, reminder, expired, late money); the shop's order mails otherwise. */
  mails?: PendingMails;
};

export type PendingMails = Record<
  "voucher" | "reminder" | "expired" | "late",
  (db: Db, paymentId: string) => Promise<void>
>;

const shopMails: PendingMails = {
  voucher: sendVoucherMail,
  reminder: sendPaymentReminder,
  expired: sendPaymentExpired,
  late: sendLatePaymentNotice,
};

/** One of a pending payment's mails, its subject's own (the admin's 'Reenviar ficha' too). */
export async function mailOf(db: Db, paymentId: string, kind: keyof PendingMails): Promise<void> {
  const pago = await findPayment(db, paymentId);
  if (!pago) return;
  await (subjectOf(pago).mails ?? shopMails)[kind](db, paymentId);
}

/** The shop's order (products and online courses). */
const compraSubject: PendingSubject = {
  async hold(tx, pago) {
    const { detalle } = pago;
    const gone = await takeStock(tx, detalle.lines);
    if (gone.length > 0) return { ok: false, nombres: gone };
    const compraId = await writeOrder(tx, {
      userId: pago.userId,
      paymentId: pago.id,
      proveedor: pago.proveedor,
      detalle,
      pago: { metodo: pago.metodo, estadoPago: ESTADO_PAGO.pendiente, meses: null },
    });
    if (detalle.carritoId) {
      const bought = detalle.lines.filter((l) => l.tipo === "producto").map((l) => l.id);
      await removeBoughtFromCart(tx, detalle.carritoId, bought);
    }
    return { ok: true, id: compraId };
  },

  async fulfil(tx, pago, compraId) {
    await tx.update(compras).set({ estadoPago: ESTADO_PAGO.pagado }).where(eq(compras.id, compraId));
    // A course bought this way opens only now.
    const cursoIds = pago.detalle.lines.filter((l) => l.tipo === "curso").map((l) => l.id);
    if (cursoIds.length > 0) await enrolPurchase(tx, { userId: pago.userId, compraId, cursoIds });
    // queued with the payment (ADR 028); afterPaid delivers them after the commit
    await sendOrderConfirmation(tx, compraId);
    await sendStudioOrderNotice(tx, compraId);
    return undefined;
  },

  async release(tx, _pago, compraId) {
    await tx.update(compras).set({ estadoPago: ESTADO_PAGO.vencido }).where(eq(compras.id, compraId));
    // The stock the order held goes back, line by line, as it was recorded on the order.
    const lines = await tx
      .select({ productoId: compraLineas.productoId, cantidad: compraLineas.cantidad })
      .from(compraLineas)
      .where(eq(compraLineas.compraId, compraId));
    for (const line of lines) {
      if (!line.productoId) continue;
      await tx
        .update(productos)
        .set({ cantidad: sql`${productos.cantidad} + ${line.cantidad}` })
        .where(eq(productos.id, line.productoId));
    }
  },

  async afterPaid(db) {
    await deliverQueuedMail(db);
  },
};

const SUBJECTS: Record<string, PendingSubject> = { compra: compraSubject };

/** Another feature's thing to pay for (a booking deposit): registered once at start-up. */
export function registerPendingSubject(asunto: string, subject: PendingSubject) {
  SUBJECTS[asunto] = subject;
}

function subjectOf(pago: PaymentRecord): PendingSubject {
  const subject = SUBJECTS[pago.detalle.asunto ?? "compra"];
  if (!subject) throw new Error(`Pago ${pago.id}: asunto desconocido ${pago.detalle.asunto}`);
  return subject;
}

// ---------------------------------------------------------------- jobs (durable, jobs.server.ts)

export const JOB_VENCE = "pago-vence";
export const JOB_RECORDATORIO = "pago-recordatorio";
const DAY_MS = 86_400_000;

/** The two jobs of a pending payment: the reminder a day before, the expiry at `vence`. */
export function pendingPaymentJobs(paymentId: string, vence: Date) {
  return [
    {
      tipo: JOB_RECORDATORIO,
      clave: `${JOB_RECORDATORIO}:${paymentId}`,
      ejecutarEn: new Date(vence.getTime() - DAY_MS),
      datos: { paymentId },
    },
    { tipo: JOB_VENCE, clave: `${JOB_VENCE}:${paymentId}`, ejecutarEn: vence, datos: { paymentId } },
  ];
}

// ---------------------------------------------------------------- 1. start

export type StartPendingInput = {
  userId: string;
  draft: OrderDraft;
  datosEnvio: DatosEnvio | null;
  datosContacto: DatosContacto;
  payer: { nombre: string; correo: string; telefono?: string };
  provider: PaymentProvider;
  metodo: MetodoDiferido;
  asunto?: string;
  now?: Date;
};

export type StartPendingResult =
  | { ok: true; paymentId: string; compraId: string; instrucciones: InstruccionesPago; created: boolean }
  | { ok: false; reason: "sin-stock"; message: AlertMessage };

export async function startPendingPayment(db: Db, input: StartPendingInput): Promise<StartPendingResult> {
  const { draft, metodo } = input;
  const now = input.now ?? new Date();
  const issued = await issuePendingPayment(db, {
    userId: input.userId,
    intento: purchaseKey(input.userId, draft),
    monto: draft.total,
    carritoId: draft.carritoId,
    detalle: { ...draft, datosEnvio: input.datosEnvio, datosContacto: input.datosContacto },
    metadata: { userId: input.userId, tipo: draft.tipo, carritoId: draft.carritoId ?? "", metodo },
    payer: input.payer,
    provider: input.provider,
    metodo,
    vence: new Date(now.getTime() + diasParaPagar(metodo) * DAY_MS),
    asunto: input.asunto,
  });
  if (issued.ok) return issued;
  return { ok: false, reason: "sin-stock", message: soldOut(issued.nombres) };
}

/** What any thing being paid needs to start a pending payment (the shop's order, a deposit). */
export type IssuePendingInput = {
  userId: string | null;
  /** the per-thing lock and "same voucher again" key (a cart, a course, an appointment) */
  intento: string;
  monto: number;
  carritoId?: string | null;
  /** the subject's own record of what is paid for (stored in pagos.detalle) */
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
  /** the registered subject (registerPendingSubject); the shop's order when absent */
  asunto?: string;
};

export type IssuePendingResult =
  | { ok: true; paymentId: string; compraId: string; instrucciones: InstruccionesPago; created: boolean }
  | { ok: false; reason: "no-retenido"; nombres: string[] };

/**
 * The one start of every pending payment: the voucher at the provider, then the row and the
 * subject's hold in one transaction, the jobs, the voucher mail.
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
    });
    if (other) return { kind: "other", other } as const;
    const pago = await lockPayment(tx, created.id);
    const hold = await subjectOf(pago).hold(tx, pago);
    if (!hold.ok) return { kind: "gone", gone: hold.nombres } as const;
    await tx
      .update(pagos)
      .set({ estado: PAGO_ESTADO.esperandoPago, compraId: hold.id, updatedAt: new Date() })
      .where(eq(pagos.id, created.id));
    // The reminder and the expiry, durable, committed with the hold (jobs.server.ts, ADR 023).
    for (const job of pendingPaymentJobs(created.id, venceReal)) await scheduleJob(tx, job);
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

const soldOut = (nombres: string[]) =>
  ({
    icon: "warning",
    title: "Producto agotado",
    text: `${nombres.length > 0 ? nombres.join(", ") : "Un producto"} se agotó mientras generábamos tu ficha. No se generó ningún cobro.`,
  }) as const satisfies AlertMessage;

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
  known?: PaymentRecord,
): Promise<ConfirmResult> {
  const pago = known?.id === paymentId ? known : await findPayment(db, paymentId);
  if (!pago) return { ok: false, reason: "desconocido" };
  const status = await provider.retrieve(paymentId);
  if (status.status !== "captured") return { ok: false, reason: "pendiente" };
  if (status.amount !== pago.monto || status.currency.toLowerCase() !== pago.moneda) {
    logError(`Pago ${paymentId}: el proveedor cobró ${status.amount} ${status.currency}, esperábamos ${pago.monto}.`);
    return { ok: false, reason: "monto" };
  }

  const outcome = await db.transaction(async (tx) => {
    const locked = await lockPayment(tx, paymentId);
    const subject = subjectOf(locked);
    const late = locked.estado === PAGO_ESTADO.vencido || locked.estado === PAGO_ESTADO.cancelado;
    if (locked.compraId && (locked.estado === PAGO_ESTADO.esperandoPago || (late && subject.revivable))) {
      const fulfilled = (await subject.fulfil(tx, locked, locked.compraId)) !== "reembolso";
      const estado = fulfilled ? PAGO_ESTADO.pagado : PAGO_ESTADO.reembolso;
      await tx.update(pagos).set({ estado, updatedAt: new Date() }).where(eq(pagos.id, paymentId));
      for (const job of pendingPaymentJobs(paymentId, new Date())) await cancelJob(tx, job.clave);
      return { outcome: fulfilled ? "pagado" : "tarde", locked } as const;
    }
    if (late) {
      // Paid after it expired: its stock may be sold already. Recorded, refunded by the studio.
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
    await subjectOf(locked).afterPaid(db, locked, locked.compraId);
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
 * Before `vence`, only the provider's own "expired/canceled" can expire it.
 */
export async function expirePendingPayment(
  db: Db,
  paymentId: string,
  provider: PaymentProvider,
  now: Date = new Date(),
): Promise<ExpireResult> {
  const pago = await findPayment(db, paymentId);
  if (!pago || pago.estado !== PAGO_ESTADO.esperandoPago) return "nada";
  const status = await provider.retrieve(paymentId);
  if (status.status === "captured") {
    await confirmPendingPayment(db, paymentId, provider);
    return "pagado";
  }
  const due = pago.vence ? pago.vence.getTime() <= now.getTime() : false;
  if (!due && status.status !== "canceled") return "sigue-pendiente";
  // Void it at the provider so the voucher can no longer be paid (best effort: it expires there too).
  await provider.cancel(paymentId).catch((e) => logError(`No se pudo anular la ficha vencida ${paymentId}`, e));

  const expired = await db.transaction(async (tx) => {
    const locked = await lockPayment(tx, paymentId);
    if (locked.estado !== PAGO_ESTADO.esperandoPago || !locked.compraId) return false;
    await subjectOf(locked).release(tx, locked, locked.compraId);
    await tx.update(pagos).set({ estado: PAGO_ESTADO.vencido, updatedAt: new Date() }).where(eq(pagos.id, paymentId));
    return true;
  });
  if (!expired) return "nada";
  await mailOf(db, paymentId, "expired").catch((e) => logError(`Aviso de ficha vencida ${paymentId}`, e));
  return "vencido";
}

/**
 * The thing was released by hand before its time (the studio freed a held appointment):
 * inside the caller's transaction, under the payment's row lock, a voucher still waiting
 * becomes `cancelado` and its reminder and expiry jobs are dropped. True only for the caller
 * that moved it: that caller voids it at the provider after commit (exactly once). Money
 * that still arrives is a late payment: the subject decides (a released appointment refuses
 * it, so it is refunded, never lost).
 */
export async function voidPendingPaymentInTx(tx: DbOrTx, paymentId: string): Promise<boolean> {
  const locked = await lockPayment(tx, paymentId);
  if (locked?.estado !== PAGO_ESTADO.esperandoPago) return false;
  await tx.update(pagos).set({ estado: PAGO_ESTADO.cancelado, updatedAt: new Date() }).where(eq(pagos.id, paymentId));
  for (const job of pendingPaymentJobs(paymentId, new Date())) await cancelJob(tx, job.clave);
  return true;
}

// ---------------------------------------------------------------- 4. remind

/** The reminder mail a day before `vence`, once (the `recordatorio` stamp is set first). */
export async function remindPendingPayment(db: Db, paymentId: string, now: Date = new Date()): Promise<boolean> {
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
 * Every pending payment whose reminder or expiry is due, from the `pagos` table itself: what
 * the two jobs do, for all at once (a safety net and the tests' clock). Idempotent.
 */
export async function runDuePendingPayments(
  db: Db,
  providerFor: (name: string) => PaymentProvider,
  now: Date = new Date(),
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
      if ((await expirePendingPayment(db, pago.id, providerFor(pago.proveedor), now)) === "vencido") vencidos++;
    } else if (!pago.recordatorio && (await remindPendingPayment(db, pago.id, now))) {
      recordados++;
    }
  }
  return { recordados, vencidos };
}

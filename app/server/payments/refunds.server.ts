/**
 * Refunds through the provider (issue 28): the studio gives back part or all of a payment
 * from admin (an order's page, the refund queue), and the provider moves the money.
 *
 *   requestRefund ── one transaction under the payment's row lock ──► reembolsos `pendiente`
 *        │            (the amount checked against what is left: never more than was paid)
 *        │            + a durable job `reembolso` (a crash or a provider down retries it)
 *        ▼
 *   executeRefund ── provider.refund(reference = the row's id, a key per attempt) ──► `hecho`
 *                    + the client's mail (outbox), and the payment `reembolsado` once all
 *                    of it was given back (the order's `estado_pago` too)
 *
 * The provider is asked by the request, then by the job if that failed (never both at once:
 * the job waits out the request's attempt); each attempt finds the provider's refund of this
 * row before making one, so a retry, a restart or two clicks give the money back once.
 * Which payments can be refunded: `pagado` (a paid order, course or deposit) and
 * `requiere-reembolso` (late money the queue lists).
 */
import { randomUUID } from "node:crypto";
import { and, eq, inArray, sql } from "drizzle-orm";
import { formatPrice } from "~/domain/money";
import { ESTADO_PAGO } from "~/domain/order-status";
import type { Db, DbOrTx } from "../db/index.server";
import { citas, compras, pagos, reembolsos, user } from "../db/schema";
import { registerJob, scheduleJob } from "../jobs.server";
import { logError } from "../log.server";
import { deliverQueuedMail, escapeHtml, mailLayout, queueMail } from "../mail.server";
import { recordRefundCfdi, settleCreditNotes } from "../invoicing/credit-notes.server";
import { providerNamed } from "./index.server";
import { saldoOf } from "./cash-balance.server";
import { lockPayment } from "./ledger.server";
import { PAGO_ESTADO } from "./provider.server";

/** reembolsos.estado */
export const REEMBOLSO_ESTADO = { pendiente: "pendiente", hecho: "hecho" } as const;

/** When the job asks again if the request's own attempt did not finish. */
const RETRY_AFTER_MS = 5 * 60_000;

/** The longest reason kept (it travels to the provider and into the client's mail). */
export const MOTIVO_MAX = 300;

const REFUNDABLE: string[] = [PAGO_ESTADO.pagado, PAGO_ESTADO.reembolso];

export type RefundRequest = {
  pagoId: unknown;
  /** centavos; omitted: all that is left */
  monto?: unknown;
  motivo: unknown;
  solicitadoPor?: string;
};

export type RefundResult =
  | { ok: true; id: string; monto: number; hecho: boolean }
  | { ok: false; message: string; field?: "monto" | "motivo" };

/** What a payment took and what was already given back (or is being given back). */
export async function refundState(db: DbOrTx, pagoId: string) {
  const [pago] = await db.select({ monto: pagos.monto, estado: pagos.estado }).from(pagos).where(eq(pagos.id, pagoId));
  return pago ? refundsOf(db, pagoId, pago) : null;
}

/** `refundState` of a payment row the caller already holds (locked, in the settling transaction). */
async function refundsOf(db: DbOrTx, pagoId: string, pago: { monto: number; estado: string }) {
  const rows = await db
    .select()
    .from(reembolsos)
    .where(eq(reembolsos.pagoId, pagoId))
    .orderBy(reembolsos.createdAt, reembolsos.id);
  const reembolsado = rows.reduce((sum, r) => sum + r.monto, 0);
  const disponible = REFUNDABLE.includes(pago.estado) ? Math.max(0, pago.monto - reembolsado) : 0;
  return { pagado: pago.monto, estado: pago.estado, reembolsado, disponible, reembolsos: rows };
}

/**
 * The reason of a refund or a cancellation, trimmed, or the Spanish message saying what is
 * wrong with it (`what`: "del reembolso", "de la cancelación").
 */
export function readMotivo(
  value: unknown,
  what: string,
): { ok: true; motivo: string } | { ok: false; message: string } {
  const motivo = typeof value === "string" ? value.trim() : "";
  if (motivo.length === 0) return { ok: false, message: `Escribe el motivo ${what}.` };
  if (motivo.length > MOTIVO_MAX)
    return { ok: false, message: `El motivo puede tener hasta ${MOTIVO_MAX} caracteres.` };
  return { ok: true, motivo };
}

/**
 * Asks for a refund: checks it and writes it (with its job) under the payment's lock, then
 * asks the provider at once. A provider that does not answer leaves it `pendiente`: the job
 * asks again (a key of its own, the same reference) until it is done.
 */
export async function requestRefund(db: Db, input: RefundRequest, now = new Date()): Promise<RefundResult> {
  const written = await db.transaction((tx) => reserveRefund(tx, input, now));
  if (!written.ok) return written;
  return { ...written, hecho: await settleRefund(db, written.id) };
}

/** After the commit of `reserveRefund`: asks the provider now; true when done (else the job retries). */
export async function settleRefund(db: Db, id: string): Promise<boolean> {
  return executeRefund(db, id).catch((error) => {
    logError(`Reembolso ${id}: el proveedor no respondió; se reintenta`, error);
    return false;
  });
}

/**
 * Inside the caller's transaction (an order's cancellation writes it with the order's new
 * state): checks the refund under the payment's lock and writes it `pendiente` with its job.
 */
export async function reserveRefund(tx: DbOrTx, input: RefundRequest, now = new Date()): Promise<RefundResult> {
  const pagoId = input.pagoId;
  if (typeof pagoId !== "string" || pagoId.length === 0 || pagoId.length > 200) {
    return { ok: false, message: "Pago desconocido." };
  }
  const read = readMotivo(input.motivo, "del reembolso");
  if (!read.ok) return { ok: false, field: "motivo", message: read.message };
  const { motivo } = read;
  const pago = await lockPayment(tx, pagoId);
  if (!pago) return { ok: false, message: "Pago desconocido." };
  const state = await refundsOf(tx, pagoId, pago);
  if (state.disponible <= 0) return { ok: false, message: "Este pago no tiene nada que reembolsar." };
  const monto = input.monto === undefined || input.monto === "" ? state.disponible : input.monto;
  if (typeof monto !== "number" || !Number.isSafeInteger(monto) || monto <= 0) {
    return { ok: false, field: "monto", message: "Escribe un monto mayor que cero." };
  }
  if (monto > state.disponible) {
    return {
      ok: false,
      field: "monto",
      message: `El monto pasa de lo que queda por reembolsar (${formatPrice(state.disponible)}).`,
    };
  }
  const id = `reem_${randomUUID()}`;
  await tx.insert(reembolsos).values({
    id,
    pagoId,
    compraId: pago.compraId,
    monto,
    motivo,
    estado: REEMBOLSO_ESTADO.pendiente,
    solicitadoPor: input.solicitadoPor ?? null,
    createdAt: now,
    updatedAt: now,
  });
  // The request asks the provider at once; the job is the retry, after that attempt's time
  // (three tries of 20 s at most), so the two never ask at the same moment.
  await scheduleJob(tx, {
    tipo: "reembolso",
    clave: `reembolso:${id}`,
    ejecutarEn: new Date(now.getTime() + RETRY_AFTER_MS),
    datos: { id },
  });
  return { ok: true, id, monto, hecho: false };
}

/**
 * Asks the provider for a `pendiente` refund and records its answer once: true when it is
 * done (now or before). Throws when the provider fails (the job retries).
 */
export async function executeRefund(db: Db, id: string): Promise<boolean> {
  const [row] = await db
    .select({ refund: reembolsos, proveedor: pagos.proveedor, cliente: pagos.clienteProveedor, detalle: pagos.detalle })
    .from(reembolsos)
    .innerJoin(pagos, eq(pagos.id, reembolsos.pagoId))
    .where(eq(reembolsos.id, id));
  if (!row) return false;
  if (row.refund.estado === REEMBOLSO_ESTADO.hecho) return true;
  const { refund } = row;
  // This attempt's number, counted before the call: its own idempotency key.
  const [attempt] = await db
    .update(reembolsos)
    .set({ intentos: sql`${reembolsos.intentos} + 1` })
    .where(and(eq(reembolsos.id, id), eq(reembolsos.estado, REEMBOLSO_ESTADO.pendiente)))
    .returning({ intentos: reembolsos.intentos });
  if (!attempt) return true;
  // A refund-queue entry of SPEI money left in the payer's cash balance comes from that balance (ADR 033).
  const saldo = saldoOf(row.detalle);
  const answer = await providerNamed(row.proveedor).refund({
    paymentId: refund.pagoId,
    amount: refund.monto,
    reference: refund.id,
    idempotencyKey: `${refund.id}-${attempt.intentos}`,
    reason: refund.motivo,
    ...(saldo && row.cliente
      ? { cashBalance: { customer: row.cliente, since: refund.createdAt, ...(saldo.correo ? { email: saldo.correo } : {}) } }
      : {}),
  });
  const recorded = await db.transaction(async (tx) => {
    // the order's row before the payment's, as cancelling an order takes them (no deadlock)
    if (refund.compraId) await tx.select({ id: compras.id }).from(compras).where(eq(compras.id, refund.compraId)).for("update");
    const pago = await lockPayment(tx, refund.pagoId);
    const moved = await tx
      .update(reembolsos)
      .set({ estado: REEMBOLSO_ESTADO.hecho, referencia: answer.id, updatedAt: new Date() })
      .where(and(eq(reembolsos.id, id), eq(reembolsos.estado, REEMBOLSO_ESTADO.pendiente)))
      .returning({ id: reembolsos.id });
    if (moved.length === 0) return null;
    // All of it given back: the payment (and its order) say so.
    const [done] = await tx
      .select({ total: sql<number>`coalesce(sum(${reembolsos.monto}), 0)::int` })
      .from(reembolsos)
      .where(and(eq(reembolsos.pagoId, refund.pagoId), eq(reembolsos.estado, REEMBOLSO_ESTADO.hecho)));
    if (pago && Number(done?.total ?? 0) >= pago.monto) {
      await tx
        .update(pagos)
        .set({ estado: PAGO_ESTADO.reembolsado, updatedAt: new Date() })
        .where(and(eq(pagos.id, pago.id), inArray(pagos.estado, REFUNDABLE)));
      if (pago.compraId) {
        await tx
          .update(compras)
          .set({ estadoPago: ESTADO_PAGO.reembolsado })
          .where(and(eq(compras.id, pago.compraId), eq(compras.estadoPago, ESTADO_PAGO.pagado)));
      }
    }
    await queueRefundMail(tx, refund.pagoId, refund.monto, refund.motivo);
    // how the CFDI shows it: a nota de crédito, the invoice's cancellation, or the global invoice's net (ADR 034)
    const credit = await recordRefundCfdi(tx, id, new Date());
    return { credit };
  });
  if (recorded) {
    await deliverQueuedMail(db).catch((e) => logError("Correo de reembolso", e));
    if (recorded.credit) await settleCreditNotes(db, [recorded.credit]);
  }
  return true;
}

/** The client's mail: how much comes back, why, and when her bank shows it. */
async function queueRefundMail(tx: DbOrTx, pagoId: string, monto: number, motivo: string) {
  const [who] = await tx
    .select({
      nombre: sql<string>`coalesce(${user.name}, ${citas.nombre}, '')`,
      correo: sql<string>`coalesce(${pagos.detalle}->'datosContacto'->>'correo', ${user.email}, ${citas.correo}, '')`,
      compraId: pagos.compraId,
      metodo: pagos.metodo,
      proveedor: pagos.proveedor,
    })
    .from(pagos)
    .leftJoin(user, eq(user.id, pagos.userId))
    .leftJoin(citas, sql`${citas.id} = ${pagos.detalle}->>'citaId'`)
    .where(eq(pagos.id, pagoId));
  if (!who?.correo) return;
  const cantidad = `${formatPrice(monto)} MXN`;
  const referencia = who.compraId ? `de tu compra ${who.compraId}` : "de tu pago";
  const plazo =
    who.metodo === "tarjeta"
      ? "Tu banco lo refleja en tu tarjeta en 5 a 10 días hábiles."
      : who.metodo === "efectivo"
        ? "Te lo entregamos en el estudio; te contactaremos para acordarlo."
        : who.metodo === "spei" && who.proveedor === "stripe"
          ? "Vuelve a la cuenta desde la que transferiste; tu banco lo refleja en unos días hábiles."
          : "Te contactaremos para depositarlo en tu cuenta.";
  await queueMail(tx, {
    to: who.correo,
    subject: `Te reembolsamos ${cantidad}`,
    html: mailLayout(
      "Reembolso en camino",
      `<p style="margin:0">Hola ${escapeHtml(who.nombre)}, te reembolsamos <strong>${escapeHtml(cantidad)}</strong> ${escapeHtml(referencia)}.</p>
<p style="margin:16px 0 0">Motivo: ${escapeHtml(motivo)}</p>
<p style="margin:16px 0 0">${escapeHtml(plazo)}</p>`,
    ),
    text: [`Hola ${who.nombre}, te reembolsamos ${cantidad} ${referencia}.`, `Motivo: ${motivo}`, plazo].join("\n"),
  });
}

registerJob("reembolso", async (datos, { db }) => {
  if (typeof datos.id !== "string") return;
  await executeRefund(db, datos.id);
});

/**
 * An appointment's deposit (anticipo, issue 15): one workflow on the same PaymentProvider
 * interface as the shop (ADR 005: authorise, then capture only once what was paid for
 * exists). A `pagos` row with `detalle.tipo = "anticipo"` and the appointment's id; the
 * payment return and the webhook hand such a payment here instead of to the shop's order.
 *
 *   startDeposit       → the provider's payment for the held appointment's deposit, `pendiente`
 *                        (the same one again while it is pending: a reload pays once)
 *   authorizeDemoDeposit → the demo card form (offline stand-in for Stripe.js): `autorizado`
 *   completeDeposit    → the payment ledger's one settle step (payments/settle.server.ts)
 *                        with the appointment as the thing paid for (deposit-payable.server.ts):
 *                        1. the provider's word (pending / refused / amount);
 *                        2. confirm the appointment (appointments.server.ts);
 *                           its time was lost (the hold expired and someone took it) →
 *                           the authorisation is cancelled: nobody pays for a slot they lack;
 *                        3. capture, then `pagado`. Idempotent, whoever calls first.
 *   refundAfterCancel  → a deposit of an appointment cancelled 48 h or more before is
 *                        flagged `requiere-reembolso` for the studio (terms #citas-anticipos).
 */
import { and, eq, inArray, sql } from "drizzle-orm";
import { canChangeOnline } from "~/domain/agenda";
import type { DemoCardInput } from "~/domain/demo-card";
import { authorizeWithDemoCard } from "../payments/demo.server";
import type { Db, DbOrTx } from "../db/client.server";
import { citas, pagos } from "../db/schema";
import { isDiferido } from "~/domain/payment-methods";
import { type PagoRow, findPayment, movePayment } from "../payments/ledger.server";
import { confirmPendingPayment, settleCard } from "../payments/settle.server";
import { logError } from "../log.server";
import { providerNamed } from "../payments/index.server";
import { PAGO_ESTADO, type PaymentProvider } from "../payments/provider.server";
import type { Cita } from "./appointments.server";
import { DEPOSIT_TIPO, type DepositDetail, type DepositRow, depositPayable } from "./deposit-payable.server";

export { DEPOSIT_TIPO, type DepositDetail };

async function depositOf(db: DbOrTx, citaId: string, estados: string[]): Promise<DepositRow | null> {
  const [row] = await db
    .select()
    .from(pagos)
    .where(
      and(
        sql`${pagos.detalle}->>'tipo' = ${DEPOSIT_TIPO}`,
        sql`${pagos.detalle}->>'citaId' = ${citaId}`,
        inArray(pagos.estado, estados),
      ),
    )
    .orderBy(sql`${pagos.createdAt} desc`)
    .limit(1);
  return (row as DepositRow | undefined) ?? null;
}

/** Whether a payment's row is an appointment's deposit (the payment API's dispatch). */
export function isDepositRecord(pago: { detalle: unknown }): boolean {
  return (pago.detalle as { tipo?: unknown } | null)?.tipo === DEPOSIT_TIPO;
}

/** Whether a stored payment is an appointment's deposit. */
export async function isDepositPayment(db: DbOrTx, paymentId: string): Promise<boolean> {
  const [row] = await db
    .select({ tipo: sql<string | null>`${pagos.detalle}->>'tipo'` })
    .from(pagos)
    .where(eq(pagos.id, paymentId));
  return row?.tipo === DEPOSIT_TIPO;
}

/**
 * The deposit's payment for a held appointment. The demo form pays the pending one again
 * (a reload pays once); the browser's card step (Stripe.js) needs a client secret, which only
 * a new payment gives: the pending one is then released first.
 */
export async function startDeposit(
  db: Db,
  cita: Cita,
  provider: PaymentProvider,
  options: { clientSecret?: boolean } = {},
): Promise<{ paymentId: string; clientSecret: string | null }> {
  if (!(cita.anticipo > 0)) throw new Error(`La cita ${cita.id} no tiene anticipo`);
  const pending = await depositOf(db, cita.id, [PAGO_ESTADO.pendiente]);
  if (pending && pending.proveedor === provider.name && !options.clientSecret) {
    return { paymentId: pending.id, clientSecret: null };
  }
  if (pending) {
    try {
      await (pending.proveedor === provider.name ? provider : providerNamed(pending.proveedor)).cancel(pending.id);
    } catch (error) {
      logError(`Anticipo ${pending.id}: no se pudo liberar el intento anterior`, error);
    }
    await movePayment(db, pending.id, [PAGO_ESTADO.pendiente], PAGO_ESTADO.cancelado);
  }
  const payment = await provider.createPayment({
    amount: cita.anticipo,
    currency: "mxn",
    metadata: { tipo: DEPOSIT_TIPO, citaId: cita.id },
    idempotencyKey: `anticipo:${cita.id}:${Date.now()}`,
  });
  const detalle: DepositDetail = { tipo: DEPOSIT_TIPO, citaId: cita.id, inicio: cita.inicio.toISOString() };
  await db.insert(pagos).values({
    id: payment.id,
    proveedor: provider.name,
    userId: cita.userId,
    monto: cita.anticipo,
    moneda: "mxn",
    estado: PAGO_ESTADO.pendiente,
    detalle,
  });
  return { paymentId: payment.id, clientSecret: payment.clientSecret };
}

export type DemoDepositResult = { ok: true; paymentId: string } | { ok: false; message: string };

/**
 * The demo card for this appointment's pending demo deposit: accepted → `autorizado`
 * (nothing charged yet); refused → the provider's message, and another card can be tried.
 * The appointment's secret token (who may pay) was checked by the caller.
 */
export async function authorizeDemoDeposit(db: Db, cita: Cita, card: DemoCardInput): Promise<DemoDepositResult> {
  const pago = await depositOf(db, cita.id, [PAGO_ESTADO.pendiente, PAGO_ESTADO.autorizado]);
  if (pago?.proveedor !== "demo") return { ok: false, message: "No encontramos el pago de este anticipo." };
  if (pago.estado === PAGO_ESTADO.autorizado) return { ok: true, paymentId: pago.id };
  const authorized = await authorizeWithDemoCard(db, pago.id, card);
  return authorized.ok ? { ok: true, paymentId: pago.id } : authorized;
}

export type DepositResult =
  | { ok: true; cita: Cita }
  | { ok: false; reason: "desconocido" | "pendiente" | "fallido" | "monto" | "horario"; message: string };

const lostSlot =
  "El tiempo para pagar terminó y ese horario ya lo tomó alguien más. No se te cobró nada: elige otro horario, por favor.";

const lateMoney =
  "Tu pago llegó cuando ese horario ya lo había tomado alguien más: te reembolsamos el anticipo completo. Elige otro horario, por favor.";

/** Confirms the appointment of an authorised deposit, then captures it; exactly once. */
export async function completeDeposit(
  db: Db,
  paymentId: string,
  /**
   * `citaId`: only the deposit of this appointment (the browser names the payment after the
   * card step); `payment`: its row, when the caller has just read it.
   */
  options: { provider?: PaymentProvider; now?: Date; citaId?: string; payment?: PagoRow } = {},
): Promise<DepositResult> {
  // 1. The payment (one read of its row per request).
  const row = options.payment?.id === paymentId ? options.payment : await findPayment(db, paymentId);
  const pago = row as DepositRow | null;
  if (!pago || pago.detalle?.tipo !== DEPOSIT_TIPO || (options.citaId !== undefined && pago.detalle.citaId !== options.citaId)) {
    return { ok: false, reason: "desconocido", message: "No encontramos ese pago." };
  }
  const provider = options.provider ?? providerNamed(pago.proveedor);
  if (isDiferido(pago.metodo)) return completeDeferredDeposit(db, pago, provider);
  if (pago.estado === PAGO_ESTADO.cancelado) return { ok: false, reason: "horario", message: lostSlot };
  if (pago.estado === PAGO_ESTADO.fallido) return { ok: false, reason: "fallido", message: "El pago no se completó." };

  // 2. The ledger's settle step: the appointment confirmed, then the money moved (or released).
  const settled = await settleCard(db, pago, provider, depositPayable, options.now ?? new Date());
  if (settled.ok) return { ok: true, cita: settled.value };
  switch (settled.reason) {
    case "pendiente":
      return { ok: false, reason: "pendiente", message: "El pago aún no se completa." };
    case "fallido":
      return { ok: false, reason: "fallido", message: settled.error ?? "El pago no se completó." };
    case "monto":
      return { ok: false, reason: "monto", message: "No pudimos confirmar el pago." };
    case "cancelado":
    case "reembolso":
      return { ok: false, reason: "horario", message: lostSlot };
  }
}

/**
 * An OXXO / SPEI deposit (a provider's webhook names it): the ledger's deferred path
 * confirms it, with the appointment as the thing paid for (deposit-payable.server.ts).
 */
async function completeDeferredDeposit(db: Db, pago: DepositRow, provider: PaymentProvider): Promise<DepositResult> {
  const result = await confirmPendingPayment(db, pago.id, provider, pago);
  if (!result.ok) {
    const message = result.reason === "pendiente" ? "El pago aún no se completa." : "No pudimos confirmar el pago.";
    return { ok: false, reason: result.reason, message };
  }
  if (result.outcome === "tarde") return { ok: false, reason: "horario", message: lateMoney };
  const [cita] = await db.select().from(citas).where(eq(citas.id, pago.detalle.citaId));
  if (!cita || cita.pagoId !== pago.id) return { ok: false, reason: "horario", message: lateMoney };
  return { ok: true, cita };
}

/**
 * After a cancellation: the deposit of an appointment cancelled with 48 hours or more to go
 * is owed back (terms #citas-anticipos); later, or a no-show, keeps it. Returns whether the
 * deposit was flagged for the studio to refund. An authorisation never captured is released.
 */
export async function refundAfterCancel(db: Db, cita: Cita, cancelledAt: Date): Promise<boolean> {
  const pago = await depositOf(db, cita.id, [
    PAGO_ESTADO.pendiente,
    PAGO_ESTADO.autorizado,
    PAGO_ESTADO.porCapturar,
    PAGO_ESTADO.pagado,
  ]);
  if (!pago) return false;
  if (pago.estado === PAGO_ESTADO.pendiente || pago.estado === PAGO_ESTADO.autorizado) {
    try {
      await providerNamed(pago.proveedor).cancel(pago.id);
      await movePayment(db, pago.id, [PAGO_ESTADO.pendiente, PAGO_ESTADO.autorizado], PAGO_ESTADO.cancelado);
    } catch (error) {
      logError(`Anticipo ${pago.id}: no se pudo liberar al cancelar la cita ${cita.id}`, error);
    }
    return false;
  }
  if (!canChangeOnline(cita.inicio, cancelledAt)) return false;
  return movePayment(db, pago.id, [PAGO_ESTADO.porCapturar, PAGO_ESTADO.pagado], PAGO_ESTADO.reembolso);
}

/**
 * SPEI money that did not become the payment (issue 28, ADR 033). Through Stripe a SPEI
 * transfer lands in the payer's cash balance (`customer_balance`, one customer per payment,
 * pagos.cliente_proveedor) and Stripe applies it to the open PaymentIntent. What it cannot
 * apply stays in the balance, the client's money:
 *
 *   excedente   more than the amount: the order is paid, the difference stays
 *   incompleto  less than the amount: the intent is partially funded and the order waits
 *               until its window ends; cancelled then, Stripe moves what it had back to the
 *               balance (`unapplied_from_payment`)
 *   tardío      after the intent was cancelled (the order released): all of it stays
 *
 * `reconcileCashBalance` turns it into refund-queue entries (/admin/reembolsos): a `pagos`
 * row `requiere-reembolso` of its own (`saldo_<payment>_<n>`, the same customer, no order, so
 * paying it back touches neither the order nor its payment), with a mail to the client and
 * one to the studio in the same transaction (outbox). The provider's word is its own ledger
 * (CashBalanceWord.recibido: everything the balance received and did not apply, never
 * reduced by our payouts), read before any lock; under the payment's row lock what the
 * queue already holds for that customer is subtracted. So an event twice, two at once, late
 * or out of order adds what is new once, and nothing while the intent can still take it.
 *
 * Called by Stripe's `customer_cash_balance_transaction.created` and the SPEI intent's
 * `payment_intent.succeeded` (payment-api.server.ts), and after a SPEI voucher is released
 * (settle.server.ts expirePendingPayment). The queue pays it out through the same refund
 * call as any other (payments/refunds.server.ts), from the balance (`origin: customer_balance`).
 */
import { and, eq, ne, sql } from "drizzle-orm";
import { formatPrice } from "~/domain/money";
import type { Db, DbOrTx } from "../db/index.server";
import { citas, pagos, user } from "../db/schema";
import { env } from "../env.server";
import { logError } from "../log.server";
import { deliverQueuedMail, escapeHtml, mailLayout, queueMail } from "../mail.server";
import { lockPayment } from "./ledger.server";
import { PAGO_ESTADO, type PaymentProvider } from "./provider.server";

export type SaldoMotivo = "excedente" | "incompleto" | "tardio";

/** pagos.detalle.saldo of a refund-queue entry made from a cash balance. */
export type SaldoDetalle = {
  /** the SPEI payment whose customer's balance holds it */
  pagoId: string;
  compraId: string | null;
  motivo: SaldoMotivo;
  /** the client's mail (the refund's instructions, if the provider asks) */
  correo: string;
};

/** What the queue shows and the refund's mail says, per kind (the client reads it). */
export const MOTIVO_SALDO: Record<SaldoMotivo, string> = {
  excedente: "Transferiste más del total de tu compra: te devolvemos la diferencia.",
  incompleto: "Tu transferencia no cubrió el total antes de que venciera el plazo: te devolvemos lo recibido.",
  tardio: "Tu transferencia llegó después de que venciera el plazo y la compra ya se había cancelado.",
};

/** The queue's short description of an entry (admin/refunds.server.ts). */
export const SALDO_ETIQUETA: Record<SaldoMotivo, string> = {
  excedente: "Transferencia SPEI de más",
  incompleto: "Transferencia SPEI incompleta",
  tardio: "Transferencia SPEI tardía",
};

export const saldoOf = (detalle: unknown): SaldoDetalle | null => {
  const saldo = (detalle as { saldo?: SaldoDetalle } | null)?.saldo;
  return saldo && typeof saldo.pagoId === "string" ? saldo : null;
};

export type ReconcileResult =
  | { outcome: "nuevo"; id: string; monto: number; motivo: SaldoMotivo }
  /** the intent can still take the money: nothing is the client's yet */
  | { outcome: "abierto" }
  /** nothing beyond what the queue already holds */
  | { outcome: "nada" }
  /** not a payment with a cash balance */
  | { outcome: "ajeno" };

/** The SPEI payment (not a queue entry) whose payer is the provider's customer `cliente`. */
export async function paymentOfCustomer(db: DbOrTx, cliente: string): Promise<string | null> {
  const [row] = await db
    .select({ id: pagos.id })
    .from(pagos)
    .where(and(eq(pagos.clienteProveedor, cliente), sql`not (${pagos.detalle} ? 'saldo')`))
    .orderBy(pagos.createdAt)
    .limit(1);
  return row?.id ?? null;
}

/**
 * What the payer's cash balance holds beyond the payment `paymentId` and the queue does
 * not yet: into the refund queue, with the two mails, exactly once.
 */
export async function reconcileCashBalance(
  db: Db,
  paymentId: string,
  provider: PaymentProvider,
): Promise<ReconcileResult> {
  const [pago] = await db.select().from(pagos).where(eq(pagos.id, paymentId));
  if (!pago?.clienteProveedor || saldoOf(pago.detalle) || !provider.cashBalance) return { outcome: "ajeno" };
  const cliente = pago.clienteProveedor;
  // The provider's word, before any lock (no network wait while rows are locked).
  const word = await provider.cashBalance(paymentId, cliente);
  if (word.abierto) return { outcome: "abierto" };
  const motivo: SaldoMotivo = word.pagado ? "excedente" : word.desaplicado ? "incompleto" : "tardio";

  const written = await db.transaction(async (tx) => {
    // The payment's lock: every reconcile of this customer queues behind it.
    await lockPayment(tx, paymentId);
    const [held] = await tx
      .select({
        total: sql<number>`coalesce(sum(${pagos.monto}), 0)::int`,
        n: sql<number>`count(*)::int`,
      })
      .from(pagos)
      .where(and(eq(pagos.clienteProveedor, cliente), ne(pagos.id, paymentId)));
    const monto = word.recibido - Number(held?.total ?? 0);
    if (monto <= 0) return null;
    const id = `saldo_${paymentId}_${Number(held?.n ?? 0) + 1}`;
    const who = await contactOf(tx, paymentId);
    const saldo: SaldoDetalle = { pagoId: paymentId, compraId: pago.compraId, motivo, correo: who.correo };
    const detalle = pago.detalle as { datosContacto?: unknown; citaId?: unknown; tipo?: unknown };
    await tx.insert(pagos).values({
      id,
      proveedor: pago.proveedor,
      userId: pago.userId,
      monto,
      moneda: pago.moneda,
      estado: PAGO_ESTADO.reembolso,
      metodo: pago.metodo,
      clienteProveedor: cliente,
      detalle: {
        saldo,
        // who she is, as the queue and the refund's mail read it from a payment
        ...(detalle.datosContacto ? { datosContacto: detalle.datosContacto } : {}),
        ...(detalle.citaId ? { citaId: detalle.citaId } : {}),
      },
    });
    await queueSaldoMails(tx, { id, monto, saldo, nombre: who.nombre });
    return { id, monto };
  });
  if (!written) return { outcome: "nada" };
  await deliverQueuedMail(db).catch((e) => logError("Correos de saldo SPEI", e));
  return { outcome: "nuevo", id: written.id, monto: written.monto, motivo };
}

/** The client's name and mail, as the refund's mail finds them (order, account or appointment). */
async function contactOf(tx: DbOrTx, paymentId: string) {
  const [who] = await tx
    .select({
      nombre: sql<string>`coalesce(${user.name}, ${citas.nombre}, '')`,
      correo: sql<string>`coalesce(${pagos.detalle}->'datosContacto'->>'correo', ${user.email}, ${citas.correo}, '')`,
    })
    .from(pagos)
    .leftJoin(user, eq(user.id, pagos.userId))
    .leftJoin(citas, sql`${citas.id} = ${pagos.detalle}->>'citaId'`)
    .where(eq(pagos.id, paymentId));
  return { nombre: who?.nombre ?? "", correo: who?.correo ?? "" };
}

/** The client is told what arrived and that it comes back; the studio, that it is in the queue. */
async function queueSaldoMails(tx: DbOrTx, m: { id: string; monto: number; saldo: SaldoDetalle; nombre: string }) {
  const cantidad = `${formatPrice(m.monto)} MXN`;
  const compra = m.saldo.compraId ? `tu compra ${m.saldo.compraId}` : "tu pago";
  const porQue: Record<SaldoMotivo, string> = {
    excedente: `Recibimos tu transferencia por más del total de ${compra}: quedó pagada y los ${cantidad} de diferencia son tuyos.`,
    incompleto: `Recibimos ${cantidad} por transferencia para ${compra}, menos del total, y el plazo para completar el pago terminó, así que la compra se canceló.`,
    tardio: `Recibimos ${cantidad} por transferencia para ${compra}, pero llegaron después de que venciera el plazo y la compra ya se había cancelado.`,
  };
  const devolucion = `Te devolveremos ${cantidad} a la cuenta desde la que transferiste; te avisaremos cuando salga. Referencia: ${m.id}.`;
  if (m.saldo.correo) {
    await queueMail(tx, {
      to: m.saldo.correo,
      subject: `Te devolveremos ${cantidad} de tu transferencia`,
      html: mailLayout(
        "Dinero por devolverte",
        `<p style="margin:0">Hola ${escapeHtml(m.nombre)}, ${escapeHtml(porQue[m.saldo.motivo])}</p>
<p style="margin:16px 0 0">${escapeHtml(devolucion)}</p>`,
      ),
      text: [`Hola ${m.nombre}, ${porQue[m.saldo.motivo]}`, devolucion].join("\n"),
    });
  }
  const etiqueta = SALDO_ETIQUETA[m.saldo.motivo].toLowerCase();
  const sobre = m.saldo.compraId ? `la compra ${m.saldo.compraId}` : `el pago ${m.saldo.pagoId}`;
  await queueMail(tx, {
    to: env.studioInbox,
    subject: `Reembolso pendiente: saldo SPEI ${m.id}`,
    html: mailLayout(
      "Transferencia por devolver",
      `<p style="margin:0">${escapeHtml(cantidad)} de una ${escapeHtml(etiqueta)} (${escapeHtml(sobre)}) quedaron en el saldo del cliente en Stripe. Está en Panel → Reembolsos: 'Reembolsar' los devuelve a su cuenta.</p>`,
    ),
    text: `${cantidad} de una ${etiqueta} (${sobre}) quedaron en el saldo del cliente en Stripe. Está en Panel → Reembolsos.`,
  });
}

/**
 * The studio releases a held appointment ("Liberar" on /admin/agenda, issue 25 item 5): the
 * slot is free at once, whatever was started to pay its deposit is voided, the client is
 * told. Exactly once, however many clicks, webhooks or expiry jobs meet it:
 *
 *   1. a voucher waiting (OXXO/SPEI): the provider is asked first, as the expiry does; money
 *      already in → the appointment is confirmed instead (the normal webhook path) and
 *      nothing is released;
 *   2. one transaction, locks in the webhook's order (the voucher's key, the payments, then
 *      the appointment): the hold → `vencida`, stamped so that late money never revives it
 *      (appointments.server.ts releaseHoldByStudio); its waiting voucher → `cancelado` with
 *      its jobs (payments/settle.server.ts); a card attempt pending or authorised →
 *      `cancelado`. Only the caller that moved the appointment goes on;
 *   3. after commit, that caller voids each payment it moved at its provider, and mails
 *      the client ("Liberamos el horario que apartaste": do not pay the voucher).
 *
 * Money that still arrives later (a provider that failed to void it) is a late payment: the
 * released appointment refuses it, so the payment is flagged `requiere-reembolso`.
 */
import { and, inArray, sql } from "drizzle-orm";
import type { Db } from "../db/client.server";
import { pagos } from "../db/schema";
import { logError } from "../log.server";
import { providerNamed } from "../payments/index.server";
import { PAGO_ESTADO, type PaymentProvider } from "../payments/provider.server";
import { movePayment } from "../payments/ledger.server";
import { confirmPendingPayment, voidPendingPaymentInTx } from "../payments/settle.server";
import { releaseHoldByStudio } from "./appointments.server";
import { DEPOSIT_TIPO, depositIntent } from "./deposit-payable.server";
import { deliverClientMessages } from "../messages/messages.server";
import { sendAppointmentMail } from "./mail.server";

export type ReleaseResult = { ok: true } | { ok: false; message: string };

const depositOf = (citaId: string) =>
  and(sql`${pagos.detalle}->>'tipo' = ${DEPOSIT_TIPO}`, sql`${pagos.detalle}->>'citaId' = ${citaId}`);

export async function releaseHeldAppointment(
  db: Db,
  citaId: string,
  options: { now?: Date; providerFor?: (name: string) => PaymentProvider } = {},
): Promise<ReleaseResult> {
  const now = options.now ?? new Date();
  const providerFor = options.providerFor ?? providerNamed;
  // 1. A voucher already paid (its webhook not here yet): confirmed, not released.
  const waiting = await db
    .select({ id: pagos.id, proveedor: pagos.proveedor })
    .from(pagos)
    .where(and(depositOf(citaId), inArray(pagos.estado, [PAGO_ESTADO.esperandoPago])));
  for (const voucher of waiting) {
    let provider: PaymentProvider;
    let paid: boolean;
    try {
      provider = providerFor(voucher.proveedor);
      paid = (await provider.retrieve(voucher.id)).status === "captured";
    } catch (error) {
      // Not knowing whether the money is in, nothing is released (fail closed).
      logError(`Anticipo ${voucher.id}: no se pudo consultar al liberar la cita ${citaId}`, error);
      return { ok: false, message: "No pudimos consultar el pago de su ficha. Intenta de nuevo en unos minutos." };
    }
    if (paid) {
      await confirmPendingPayment(db, voucher.id, provider);
      return { ok: false, message: "Su anticipo ya se había pagado: la cita quedó confirmada y no se liberó." };
    }
  }

  // 2. The hold and its payments, at once.
  const moved = await db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${depositIntent(citaId)}))`);
    const open = await tx
      .select({ id: pagos.id, proveedor: pagos.proveedor, estado: pagos.estado })
      .from(pagos)
      .where(
        and(
          depositOf(citaId),
          inArray(pagos.estado, [PAGO_ESTADO.esperandoPago, PAGO_ESTADO.pendiente, PAGO_ESTADO.autorizado]),
        ),
      )
      .orderBy(pagos.id)
      .for("update");
    if (!(await releaseHoldByStudio(tx, citaId, now))) return null;
    const voided: { id: string; proveedor: string }[] = [];
    for (const p of open) {
      const done =
        p.estado === PAGO_ESTADO.esperandoPago
          ? await voidPendingPaymentInTx(tx, p.id)
          : await movePayment(tx, p.id, [PAGO_ESTADO.pendiente, PAGO_ESTADO.autorizado], PAGO_ESTADO.cancelado);
      if (done) voided.push(p);
    }
    // The client's mail, in the outbox with the release itself (ADR 028).
    await sendAppointmentMail(tx, citaId, "liberada");
    return voided;
  });
  if (!moved)
    return { ok: false, message: "Esta cita ya no está apartada: se confirmó, se canceló o su apartado terminó." };

  // 3. After commit, by this caller only: the provider voids them; the client is told.
  for (const p of moved) {
    try {
      await providerFor(p.proveedor).cancel(p.id);
    } catch (error) {
      logError(`Anticipo ${p.id}: no se pudo anular al liberar la cita ${citaId}`, error);
    }
  }
  await deliverClientMessages(db);
  return { ok: true };
}

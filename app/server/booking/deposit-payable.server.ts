/**
 * An appointment's deposit (anticipo, issue 15) as a payable thing of the payment ledger
 * (payments/payable.server.ts, registered as "anticipo"): what the one settle step
 * (payments/settle.server.ts) does to the appointment when its deposit is paid, held or
 * released, whatever the method, through appointments.server.ts (its one writer):
 *
 *   card      fulfilCard: the appointment confirmed with this payment (confirmAppointment);
 *             its time gone (the hold expired and someone took it) → the settle step cancels
 *             the authorisation, or flags captured money for refund (lateMoney logs it)
 *   OXXO/SPEI hold: the appointment's hold extended until the voucher's release, its expiry
 *             plus the provider's settlement grace (extendHold; settlement-window.ts);
 *             fulfil: confirmed with this payment (confirmAppointmentInTx), its time taken
 *             meanwhile → requiere-reembolso; release: the appointment `vencida`, its time free;
 *             late money: confirmed if the time is still free (revivable), else refunded
 *   mails     the deposit's own voucher, reminder, expired and late-money mails
 *
 * Its rows: `detalle.tipo = "anticipo"` and the appointment's id (and `asunto = "anticipo"`
 * for OXXO / SPEI, the kind the ledger reads).
 */
import { eq, sql } from "drizzle-orm";
import { formatSpanishDateTime } from "~/domain/dates";
import { formatPrice } from "~/domain/money";
import type { InstruccionesPago } from "~/domain/payment-methods";
import { liberacionFicha } from "~/domain/settlement-window";
import type { Db } from "../db/client.server";
import { citas, pagos } from "../db/schema";
import { logError } from "../log.server";
import { escapeHtml, mailLayout } from "../mail.server";
import { deliverClientMessages, sendClientMessage, studioRecipient } from "../messages/messages.server";
import type { PagoRow } from "../payments/ledger.server";
import { registerPayable } from "../payments/payable.server";
import { voucherInstructions } from "../payments/voucher-mail.server";
import {
  AppointmentError,
  type Cita,
  SlotTakenError,
  confirmAppointment,
  confirmAppointmentInTx,
  extendHold,
  releaseHold,
} from "./appointments.server";
import { appointmentLink } from "./mail.server";

export const DEPOSIT_TIPO = "anticipo";
/** The ledger's kind of an OXXO / SPEI deposit (`detalle.asunto`). */
export const ASUNTO_ANTICIPO = "anticipo";

export type DepositDetail = { tipo: typeof DEPOSIT_TIPO; citaId: string; inicio: string };

export type DepositRow = PagoRow & { detalle: DepositDetail };

/**
 * The per-appointment key of its deposit's voucher: issuePendingPayment takes an advisory
 * lock on it; the studio's "Liberar" (release.server.ts) takes the same one, so a voucher
 * issued while the hold is released is either voided with it or never held.
 */
export const depositIntent = (citaId: string) => `anticipo:${citaId}`;

const citaIdOf = (pago: { detalle: unknown }) => String((pago.detalle as { citaId?: unknown }).citaId ?? "");

export const depositPayable = registerPayable<DepositRow, Cita>(ASUNTO_ANTICIPO, {
  label: "Anticipo",

  async fulfilCard(db, pago, paid) {
    try {
      const cita = await confirmAppointment(db, pago.detalle.citaId, { pagoId: pago.id }, paid.now);
      return { ok: true, ref: cita.id, created: false, value: cita };
    } catch (error) {
      if (!(error instanceof SlotTakenError || error instanceof AppointmentError)) throw error;
      return { ok: false, lost: [] };
    }
  },
  async lateMoney(_db, pago) {
    logError(`Anticipo ${pago.id} cobrado para una cita que ya no tiene horario: requiere reembolso.`);
  },

  async hold(tx, pago) {
    const citaId = citaIdOf(pago);
    // Held until the voucher's release, not its printed `vence`: money paid on its last
    // evening is confirmed within the provider's grace (domain/settlement-window.ts), and the
    // time must still be hers then. deposit-offer.ts keeps that ≥ 6 h before the appointment.
    const until = pago.vence ? liberacionFicha(pago.vence, pago.proveedor) : null;
    if (!until || !(await extendHold(tx, citaId, until))) return { ok: false, nombres: [] };
    return { ok: true, id: citaId };
  },
  async fulfil(tx, pago, citaId) {
    const result = await confirmAppointmentInTx(tx, citaId, pago.id);
    return result === "ocupado" ? "reembolso" : undefined;
  },
  revivable: true,
  async release(tx, _pago, citaId) {
    await releaseHold(tx, citaId);
  },
  async afterPaid(db) {
    await deliverClientMessages(db);
  },
  mails: {
    voucher: (db, id) => depositMail(db, id, "voucher"),
    reminder: (db, id) => depositMail(db, id, "reminder"),
    expired: (db, id) => depositMail(db, id, "expired"),
    late: (db, id) => depositMail(db, id, "late"),
  },
});

// ---------------------------------------------------------------- mails

type DepositMailKind = "voucher" | "reminder" | "expired" | "late";

async function depositMail(db: Db, paymentId: string, kind: DepositMailKind): Promise<void> {
  const [row] = await db
    .select({ pago: pagos, cita: citas })
    .from(pagos)
    .innerJoin(citas, sql`${citas.id} = ${pagos.detalle}->>'citaId'`)
    .where(eq(pagos.id, paymentId));
  if (!row?.pago.instrucciones) throw new Error(`Anticipo ${paymentId} sin ficha`);
  const { pago, cita } = row;
  const how = voucherInstructions(pago.monto, pago.instrucciones as InstruccionesPago);
  const cuando = formatSpanishDateTime(cita.inicio);
  const link = appointmentLink(cita.token);
  const monto = `${formatPrice(pago.monto)} MXN`;
  const hola = `Hola ${cita.nombre}`;
  const texts: Record<DepositMailKind, { subject: string; intro: string; instructions: boolean }> = {
    voucher: {
      subject: "Tu ficha para pagar el anticipo de tu cita",
      intro: `${hola}, apartamos tu cita del ${cuando} hasta que recibamos tu anticipo de ${monto}.`,
      instructions: true,
    },
    reminder: {
      subject: "El pago de tu anticipo vence mañana",
      intro: `${hola}, tu cita del ${cuando} sigue apartada, pero el plazo para pagar el anticipo termina mañana.`,
      instructions: true,
    },
    expired: {
      subject: "Tu ficha del anticipo venció",
      intro: `${hola}, no recibimos el anticipo de tu cita del ${cuando} a tiempo, así que liberamos el horario. No pagues esa ficha: puedes agendar otra cita cuando quieras.`,
      instructions: false,
    },
    late: {
      subject: "Recibimos tu anticipo después del vencimiento",
      intro: `${hola}, recibimos tu pago de ${monto} después de que la ficha venciera y ese horario ya lo tomó alguien más. Te escribiremos para reembolsarte el monto completo. Referencia: ${paymentId}.`,
      instructions: false,
    },
  };
  const t = texts[kind];
  const html = `<p style="margin:0">${escapeHtml(t.intro)}</p>${t.instructions ? how.html : ""}
<p style="margin:24px 0 0"><a href="${escapeHtml(link)}">Ver tu cita</a></p>`;
  const text = [t.intro, ...(t.instructions ? ["", ...how.text] : []), "", `Tu cita: ${link}`].join("\n");
  const whatsapp: Record<DepositMailKind, { template: string; params: string[] }> = {
    voucher: { template: "anticipo_ficha", params: [cita.nombre, cuando, monto, link] },
    reminder: { template: "anticipo_recordatorio", params: [cita.nombre, cuando, monto, link] },
    expired: { template: "anticipo_vencido", params: [cita.nombre, cuando] },
    late: { template: "anticipo_tardio", params: [cita.nombre, monto, paymentId] },
  };
  await sendClientMessage(
    {
      recipient: { email: cita.correo, phone: cita.telefono },
      // the voucher may be asked for again (no key); its reminder, expiry and late money once
      ...(kind === "voucher" ? {} : { clave: `anticipo:${paymentId}:${kind}` }),
      mail: { subject: t.subject, html: mailLayout(t.subject, html), text },
      whatsapp: whatsapp[kind],
    },
    db,
  );
  if (kind === "late") {
    await sendClientMessage(
      {
        recipient: studioRecipient(),
        whatsapp: {
          template: "aviso_estudio",
          params: [`Reembolso pendiente: anticipo tardío ${paymentId} (${monto})`],
        },
        mail: {
          subject: `Reembolso pendiente: anticipo tardío ${paymentId}`,
          html: mailLayout(
            "Anticipo recibido después de vencer",
            `<p style="margin:0">El anticipo ${escapeHtml(paymentId)} (${escapeHtml(monto)}) de ${escapeHtml(cita.correo)} para la cita del ${escapeHtml(cuando)} llegó cuando el horario ya estaba ocupado. Está en Panel → Reembolsos.</p>`,
          ),
          text: `El anticipo ${paymentId} (${monto}) de ${cita.correo} llegó cuando el horario ya estaba ocupado. Está en Panel → Reembolsos.`,
        },
      },
      db,
    );
  }
}

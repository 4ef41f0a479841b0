/**
 * An appointment's deposit paid in cash at OXXO or by SPEI transfer (issue 15, ADR 024
 * "OXXO y SPEI para el anticipo"): the shop's pending-payment workflow
 * (shop/pending-payment.server.ts, ADR 021) with the appointment as the thing being paid
 * for, registered as the subject "anticipo". That workflow owns the voucher, its row, the
 * reminder and expiry jobs, duplicate and late webhooks; this module only says what holding,
 * fulfilling and releasing an appointment mean, through appointments.server.ts (its one
 * writer):
 *
 *   hold     the appointment's hold is extended until the voucher expires (extendHold)
 *   fulfil   the appointment is confirmed with this payment (confirmAppointmentInTx);
 *            its time taken meanwhile → the payment is flagged requiere-reembolso
 *   release  the voucher expired unpaid: the appointment `vencida`, its time free again
 *   late     money after the expiry: confirmed if the time is still free, else refunded
 */
import { and, eq, inArray, sql } from "drizzle-orm";
import { limiteAnticipoDiferido, ofertaAnticipo, venceAnticipoDiferido } from "~/domain/deposit-offer";
import { formatSpanishDateTime } from "~/domain/dates";
import { formatPrice } from "~/domain/money";
import { type InstruccionesPago, type MetodoDiferido, motivoNoDisponible } from "~/domain/payment-methods";
import type { Db, DbOrTx } from "../db/client.server";
import { citas, pagos } from "../db/schema";
import { env } from "../env.server";
import { logError } from "../log.server";
import { deliverQueuedMail, escapeHtml, mailLayout, sendMail } from "../mail.server";
import { providerNamed } from "../payments/index.server";
import { PAGO_ESTADO, type PaymentProvider } from "../payments/provider.server";
import { voucherInstructions } from "../shop/pending-mail.server";
import { type PendingSubject, issuePendingPayment, registerPendingSubject } from "../shop/pending-payment.server";
import { type Cita, confirmAppointmentInTx, extendHold, releaseHold } from "./appointments.server";
import { DEPOSIT_TIPO } from "./deposit.server";
import { appointmentLink } from "./mail.server";

export const ASUNTO_ANTICIPO = "anticipo";

/**
 * The per-appointment key of its deposit's voucher: issuePendingPayment takes an advisory
 * lock on it; the studio's "Liberar" (release.server.ts) takes the same one, so a voucher
 * issued while the hold is released is either voided with it or never held.
 */
export const depositIntent = (citaId: string) => `anticipo:${citaId}`;

const citaIdOf = (pago: { detalle: unknown }) => String((pago.detalle as { citaId?: unknown }).citaId ?? "");

const anticipoSubject: PendingSubject = {
  async hold(tx, pago) {
    const citaId = citaIdOf(pago);
    if (!pago.vence || !(await extendHold(tx, citaId, pago.vence))) return { ok: false, nombres: [] };
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
    await deliverQueuedMail(db);
  },
  mails: {
    voucher: (db, id) => depositMail(db, id, "voucher"),
    reminder: (db, id) => depositMail(db, id, "reminder"),
    expired: (db, id) => depositMail(db, id, "expired"),
    late: (db, id) => depositMail(db, id, "late"),
  },
};

registerPendingSubject(ASUNTO_ANTICIPO, anticipoSubject);

export type DepositVoucherResult =
  | { ok: true; paymentId: string; instrucciones: InstruccionesPago }
  | { ok: false; message: string };

/**
 * The OXXO voucher or SPEI reference for a held appointment's deposit (the same one again
 * while it waits). Refused when the provider or the rule (domain/deposit-offer.ts) does not
 * allow it, or the hold ran out meanwhile.
 */
export async function startDepositVoucher(
  db: Db,
  cita: Cita,
  provider: PaymentProvider,
  metodo: MetodoDiferido,
  now: Date = new Date(),
): Promise<DepositVoucherResult> {
  const oferta = ofertaAnticipo(
    { methods: provider.methods, oxxoMaximum: provider.oxxoMaximum, minimumAmount: provider.minimumAmount, plans: [] },
    cita.anticipo,
    cita.inicio,
    now,
  );
  const refused = motivoNoDisponible(oferta, metodo);
  const vence = venceAnticipoDiferido(metodo, cita.inicio, now);
  if (refused || !vence) return { ok: false, message: refused ?? "Este método de pago no está disponible." };
  // A card attempt left pending is released: one way to pay this deposit at a time.
  await releasePendingCard(db, cita.id);
  const issued = await issuePendingPayment(db, {
    userId: cita.userId,
    intento: depositIntent(cita.id),
    monto: cita.anticipo,
    detalle: { tipo: DEPOSIT_TIPO, citaId: cita.id, inicio: cita.inicio.toISOString() },
    metadata: { tipo: DEPOSIT_TIPO, citaId: cita.id, metodo },
    payer: { nombre: cita.nombre, correo: cita.correo },
    provider,
    metodo,
    vence,
    // Stripe ends an OXXO voucher at 23:59 of its last day: never past 24 h before the appointment.
    venceMaximo: limiteAnticipoDiferido(cita.inicio),
    asunto: ASUNTO_ANTICIPO,
  });
  if (!issued.ok) {
    return { ok: false, message: "El tiempo para apartar este horario terminó. Elige otro horario, por favor." };
  }
  return { ok: true, paymentId: issued.paymentId, instrucciones: issued.instrucciones };
}

async function releasePendingCard(db: Db, citaId: string): Promise<void> {
  const pending = await db
    .select({ id: pagos.id, proveedor: pagos.proveedor })
    .from(pagos)
    .where(
      and(
        sql`${pagos.detalle}->>'tipo' = ${DEPOSIT_TIPO}`,
        sql`${pagos.detalle}->>'citaId' = ${citaId}`,
        eq(pagos.metodo, "tarjeta"),
        eq(pagos.estado, PAGO_ESTADO.pendiente),
      ),
    );
  for (const p of pending) {
    await providerNamed(p.proveedor)
      .cancel(p.id)
      .catch((e) => logError(`Anticipo ${p.id}: no se pudo liberar el intento con tarjeta`, e));
    await db
      .update(pagos)
      .set({ estado: PAGO_ESTADO.cancelado, updatedAt: new Date() })
      .where(and(eq(pagos.id, p.id), eq(pagos.estado, PAGO_ESTADO.pendiente)));
  }
}

export type DepositVoucherView = {
  pagoId: string;
  total: number;
  estadoPago: "pendiente" | "vencido";
  instrucciones: InstruccionesPago;
  venceTexto: string;
};

/** The voucher of this appointment's deposit that waits for the money (the page shows it), if any. */
export async function waitingDepositVoucher(db: DbOrTx, citaId: string): Promise<DepositVoucherView | null> {
  const [row] = await db
    .select()
    .from(pagos)
    .where(
      and(
        sql`${pagos.detalle}->>'asunto' = ${ASUNTO_ANTICIPO}`,
        sql`${pagos.detalle}->>'citaId' = ${citaId}`,
        inArray(pagos.estado, [PAGO_ESTADO.esperandoPago]),
      ),
    )
    .orderBy(sql`${pagos.createdAt} desc`)
    .limit(1);
  if (!row?.instrucciones) return null;
  const instrucciones = row.instrucciones as InstruccionesPago;
  return {
    pagoId: row.id,
    total: row.monto,
    estadoPago: "pendiente",
    instrucciones,
    venceTexto: formatSpanishDateTime(new Date(instrucciones.vence)),
  };
}

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
  await sendMail({ to: cita.correo, subject: t.subject, html: mailLayout(t.subject, html), text }, db);
  if (kind === "late") {
    await sendMail(
      {
        to: env.studioInbox,
        subject: `Reembolso pendiente: anticipo tardío ${paymentId}`,
        html: mailLayout(
          "Anticipo recibido después de vencer",
          `<p style="margin:0">El anticipo ${escapeHtml(paymentId)} (${escapeHtml(monto)}) de ${escapeHtml(cita.correo)} para la cita del ${escapeHtml(cuando)} llegó cuando el horario ya estaba ocupado. Está en Panel → Reembolsos.</p>`,
        ),
        text: `El anticipo ${paymentId} (${monto}) de ${cita.correo} llegó cuando el horario ya estaba ocupado. Está en Panel → Reembolsos.`,
      },
      db,
    );
  }
}

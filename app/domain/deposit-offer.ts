/**
 * Which methods an appointment's deposit may use (issue 15, docs/decisions/024 "OXXO y SPEI
 * para el anticipo"; issue 28). Pure. The card always (as the provider allows); OXXO and SPEI
 * only when the appointment is far enough ahead that the voucher ends, and the money paid on
 * its last evening is confirmed (settlement-window.ts), before the appointment:
 *
 *   - the appointment starts ANTICIPO_DIFERIDO_DIAS (4) days or more from now;
 *   - the voucher ends with a studio day (23:59:59, America/Mexico_City), as Stripe ends an
 *     OXXO voucher (`expires_after_days`: 23:59 of its last day), so what the client reads,
 *     our hold and the provider's own voucher end together, never later than we say;
 *   - the voucher ends at least ANTICIPO_MARGEN_HORAS (24) before the appointment:
 *       vence ≤ inicio − 24 h
 *   - and the release (the end of the next business day after `vence`, when an unpaid
 *     voucher frees the time) comes at least ANTICIPO_MARGEN_LIBERACION_HORAS (6) before it:
 *       liberación ≤ inicio − 6 h
 *     The release is always the end of a business day (23:59:59), so for any appointment in
 *     the studio's hours this means: by the end of the day before the appointment, the studio
 *     knows whether its time is paid, and the slot never waits for money past the appointment.
 *   - the longest such voucher of at most the method's days (3), else OXXO / SPEI is not offered.
 *
 * E.g. an appointment on Tuesday 10:00 booked the Thursday before: Sunday 23:59:59 is the last
 * `vence` (release Monday 23:59:59, 10 h before). Booked on a Thursday for the next Monday
 * 09:00: Friday's voucher would be released Monday 23:59:59, after the appointment, so only
 * the card is offered.
 */
import {
  type Capacidades,
  type MetodoDiferido,
  type OfertaPago,
  diasParaPagar,
  isDiferido,
  ofertaPago,
} from "./payment-methods";
import { finDelDiaTras, liberacionFicha } from "./settlement-window";

export const ANTICIPO_DIFERIDO_DIAS = 4;
export const ANTICIPO_MARGEN_HORAS = 24;
export const ANTICIPO_MARGEN_LIBERACION_HORAS = 6;
const DAY_MS = 86_400_000;
const HOUR_MS = 3_600_000;

/** The latest an OXXO/SPEI deposit's voucher may end: 24 h before the appointment. */
export const limiteAnticipoDiferido = (inicio: Date) => new Date(inicio.getTime() - ANTICIPO_MARGEN_HORAS * HOUR_MS);

/** The latest an unpaid deposit voucher may be released (its grace over): 6 h before the appointment. */
export const limiteLiberacionAnticipo = (inicio: Date) =>
  new Date(inicio.getTime() - ANTICIPO_MARGEN_LIBERACION_HORAS * HOUR_MS);

/**
 * Until when an OXXO/SPEI deposit may be paid (the end of a studio day), or null when the
 * appointment is too soon for it. `proveedor` names the provider whose grace applies.
 */
export function venceAnticipoDiferido(
  metodo: MetodoDiferido,
  inicio: Date,
  now: Date,
  proveedor = "stripe",
): Date | null {
  if (inicio.getTime() - now.getTime() < ANTICIPO_DIFERIDO_DIAS * DAY_MS) return null;
  const tope = limiteAnticipoDiferido(inicio).getTime();
  const topeLiberacion = limiteLiberacionAnticipo(inicio).getTime();
  for (let dias = diasParaPagar(metodo); dias >= 1; dias--) {
    const vence = finDelDiaTras(now, dias);
    if (vence.getTime() <= tope && liberacionFicha(vence, proveedor).getTime() <= topeLiberacion) return vence;
  }
  return null;
}

export const motivoCitaCercana = `Para pagar en OXXO o por transferencia, tu cita debe ser dentro de ${ANTICIPO_DIFERIDO_DIAS} días o más y con tiempo para confirmar tu pago al menos un día hábil antes. Paga con tarjeta, por favor.`;

/** The deposit step's offer: the shop's rule for the amount, then the appointment's date; no MSI. */
export function ofertaAnticipo(
  cap: Capacidades,
  anticipo: number,
  inicio: Date,
  now: Date,
  proveedor?: string,
): OfertaPago {
  const oferta = ofertaPago(cap, anticipo);
  const metodos = oferta.metodos.map((m) =>
    isDiferido(m.metodo) && m.disponible && !venceAnticipoDiferido(m.metodo, inicio, now, proveedor)
      ? { ...m, disponible: false, motivo: motivoCitaCercana }
      : m,
  );
  return { metodos, planes: [] };
}

/**
 * Which methods an appointment's deposit may use (issue 15, docs/decisions/024 "OXXO y SPEI
 * para el anticipo"). Pure. The card always (as the provider allows); OXXO and SPEI only
 * when the appointment is far enough ahead that the voucher expires well before it:
 *
 *   - the appointment starts ANTICIPO_DIFERIDO_DIAS (4) days or more from now;
 *   - the voucher expires at min(now + the method's days (3), appointment − 24 h), so the
 *     studio knows the day before whether the time is paid; the slot is held until then.
 *     A provider that rounds the voucher's expiry later (Stripe: 23:59 of its last day) is
 *     cut back to appointment − 24 h too (limiteAnticipoDiferido): hold and voucher end there.
 */
import { type Capacidades, type MetodoDiferido, type OfertaPago, diasParaPagar, isDiferido, ofertaPago } from "./payment-methods";

export const ANTICIPO_DIFERIDO_DIAS = 4;
export const ANTICIPO_MARGEN_HORAS = 24;
const DAY_MS = 86_400_000;

/** The latest an OXXO/SPEI deposit's voucher (and the slot's hold) may end: 24 h before the appointment. */
export const limiteAnticipoDiferido = (inicio: Date) => new Date(inicio.getTime() - ANTICIPO_MARGEN_HORAS * 3_600_000);

/** Until when an OXXO/SPEI deposit may be paid, or null when the appointment is too soon for it. */
export function venceAnticipoDiferido(metodo: MetodoDiferido, inicio: Date, now: Date): Date | null {
  if (inicio.getTime() - now.getTime() < ANTICIPO_DIFERIDO_DIAS * DAY_MS) return null;
  return new Date(Math.min(now.getTime() + diasParaPagar(metodo) * DAY_MS, limiteAnticipoDiferido(inicio).getTime()));
}

export const motivoCitaCercana = `Para pagar en OXXO o por transferencia, tu cita debe ser dentro de ${ANTICIPO_DIFERIDO_DIAS} días o más. Paga con tarjeta, por favor.`;

/** The deposit step's offer: the shop's rule for the amount, then the appointment's date; no MSI. */
export function ofertaAnticipo(cap: Capacidades, anticipo: number, inicio: Date, now: Date): OfertaPago {
  const oferta = ofertaPago(cap, anticipo);
  const metodos = oferta.metodos.map((m) =>
    isDiferido(m.metodo) && m.disponible && !venceAnticipoDiferido(m.metodo, inicio, now)
      ? { ...m, disponible: false, motivo: motivoCitaCercana }
      : m,
  );
  return { metodos, planes: [] };
}

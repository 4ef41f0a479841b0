/**
 * The rules of the studio's agenda (issue 15), one owner: when it opens, how long a slot is
 * held while its deposit is paid, the buffer between appointments, how far ahead and until
 * when a client may book or change, and the appointment's states. Pure: no database.
 * Free-slot computation lives in `slots.ts`; writing appointments in
 * `app/server/booking/appointments.server.ts`.
 */
import { site } from "~/config/site";
export { STUDIO_TIME_ZONE } from "./dates";

/** Minutes since midnight (studio time) from '09:00'. */
const minutesOf = (time24: string) => {
  const [h, m] = time24.split(":").map(Number);
  return h * 60 + m;
};

const WEEKDAYS = ["Sunday", "Monday", "Tuesday", "Wednesday", "Thursday", "Friday", "Saturday"] as const;

/**
 * Opening hours by day of the week (0 = Sunday … 6 = Saturday), in minutes since midnight,
 * studio time; null: closed. From the published hours (app/config/site.ts): Monday–Friday
 * 9:00–19:00, Saturday 9:00–18:00, Sunday closed.
 */
export const STUDIO_HOURS: readonly ({ opens: number; closes: number } | null)[] = WEEKDAYS.map((day) => {
  const hours = site.hours.find((h) => (h.dayOfWeek as readonly string[]).includes(day));
  return hours ? { opens: minutesOf(hours.opens), closes: minutesOf(hours.closes) } : null;
});

/** Minutes kept free after each appointment (cleaning, the next client's set-up). */
export const BUFFER_MINUTES = 15;
/** Minutes a slot is held for a client while the deposit is paid. */
export const HOLD_MINUTES = 15;
/**
 * How many open holds (apartada, its time still running: 15 minutes, or an OXXO/SPEI
 * voucher's days) one client may have at once, counted per e-mail, per phone and per
 * connection (IP). A third is refused and nothing is written (booking/hold-limit.server.ts).
 */
export const MAX_OPEN_HOLDS = 2;

/** The e-mail as the hold limit compares it: trimmed, lower case. */
export const holdEmailKey = (correo: string) => correo.trim().toLowerCase();

/** The phone as the hold limit compares it: its digits, the last 10 (+52 / 521 / spaces away). */
export const holdPhoneKey = (telefono: string) => telefono.replace(/\D/g, "").slice(-10);

/** A client may reschedule or cancel up to this many hours before; later, by WhatsApp. */
export const CHANGE_LIMIT_HOURS = 48;
/** How many days ahead the calendar offers. */
export const HORIZON_DAYS = 60;
/** The soonest a client may book online, in minutes from now. */
export const MIN_LEAD_MINUTES = 120;

/**
 * An appointment's states:
 *
 *   apartada ──deposit paid──► confirmada ──► atendida
 *      │                          │      └──► no-asistio
 *      ▼ (hold expired)           ▼
 *    vencida                   cancelada
 *
 * The live ones occupy their time (database constraint `citas_sin_empalmes`).
 */
export const CITA_ESTADO = {
  apartada: "apartada",
  confirmada: "confirmada",
  atendida: "atendida",
  noAsistio: "no-asistio",
  cancelada: "cancelada",
  vencida: "vencida",
} as const;

export type CitaEstado = (typeof CITA_ESTADO)[keyof typeof CITA_ESTADO];

export const CITA_ESTADO_LABEL: Record<CitaEstado, string> = {
  apartada: "Apartada (pago pendiente)",
  confirmada: "Confirmada",
  atendida: "Atendida",
  "no-asistio": "No asistió",
  cancelada: "Cancelada",
  vencida: "Vencida",
};

/** Whether the client may still change or cancel an appointment by themself. */
export function canChangeOnline(inicio: Date, now: Date): boolean {
  return inicio.getTime() - now.getTime() >= CHANGE_LIMIT_HOURS * 3_600_000;
}

/** The instants an appointment takes: the session, and the session plus the buffer. */
export function appointmentSpan(inicio: Date, minutes: number): { fin: Date; ocupaHasta: Date } {
  const fin = new Date(inicio.getTime() + minutes * 60_000);
  return { fin, ocupaHasta: new Date(fin.getTime() + BUFFER_MINUTES * 60_000) };
}

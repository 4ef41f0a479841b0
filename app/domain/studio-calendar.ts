/**
 * Calendar days and wall-clock times as the studio in Guadalajara reads them
 * (America/Mexico_City), whatever the server's or the browser's time zone: the admin agenda's
 * day and week, a time typed by the studio ('2026-12-01', '10:30') turned into an instant.
 */
import { STUDIO_TIME_ZONE, isCalendarDate } from "./dates";
import { addDays, weekday, zonedDate, zonedInstant, zonedTime } from "./slots";

/** The studio's calendar day of an instant: 'YYYY-MM-DD'. */
export function studioDay(date: Date): string {
  return zonedDate(date, STUDIO_TIME_ZONE);
}

/** The studio's wall-clock time of an instant: 'HH:MM'. */
export function studioTime(date: Date): string {
  return zonedTime(date, STUDIO_TIME_ZONE);
}

/** A time typed as 'H:MM' or 'HH:MM' (00:00–23:59). */
export function isClockTime(text: string): boolean {
  return /^([01]?\d|2[0-3]):[0-5]\d$/.test(text);
}

/**
 * The instant when the studio's clock shows `time` on `day` (e.g. '2026-12-01', '10:30'),
 * read with the zone's offset at that moment (slots.ts zonedInstant).
 */
export function studioInstant(day: string, time = "00:00"): Date {
  if (!isCalendarDate(day) || !isClockTime(time)) throw new RangeError(`Invalid day or time: ${day} ${time}`);
  return zonedInstant(day, time, STUDIO_TIME_ZONE);
}

export { addDays };

/** The Monday of the week that holds `day`. */
export function mondayOf(day: string): string {
  const n = weekday(day); // 0 Sunday
  return addDays(day, n === 0 ? -6 : 1 - n);
}

const DAY_NAMES = ["domingo", "lunes", "martes", "miércoles", "jueves", "viernes", "sábado"];
export const MONTH_NAMES = [
  "enero",
  "febrero",
  "marzo",
  "abril",
  "mayo",
  "junio",
  "julio",
  "agosto",
  "septiembre",
  "octubre",
  "noviembre",
  "diciembre",
];

/** 'martes 1 de diciembre' (a calendar day, read as written). */
export function dayTitle(day: string): string {
  const [, month, dayOfMonth] = day.split("-").map(Number);
  return `${DAY_NAMES[weekday(day)]} ${dayOfMonth} de ${MONTH_NAMES[month - 1]}`;
}

/** 'mar 1' for a week view's column. */
export function shortDayTitle(day: string): string {
  const dayOfMonth = Number(day.split("-")[2]);
  return `${DAY_NAMES[weekday(day)].slice(0, 3)} ${dayOfMonth}`;
}

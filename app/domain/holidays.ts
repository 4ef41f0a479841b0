/**
 * Mexico's statutory rest days (Ley Federal del Trabajo, art. 74), pure: the days the studio is
 * closed by default (issue 30). The studio opens one or closes more in admin (/admin/bloqueos:
 * an "abierto" whole-day entry opens a holiday; a "festivo" entry closes any day); the booking
 * turns what is left into block-outs (booking.server.ts).
 *
 *   1 January · first Monday of February (Constitución) · third Monday of March (Benito Juárez)
 *   · 1 May · 16 September · third Monday of November (Revolución) · 25 December
 *   · 1 October every six years from 2024 (the federal executive takes office)
 *
 * Election days (art. 74 IX) are not known ahead: the studio adds them as a "festivo".
 */
import { addDays, weekday } from "./slots";

const pad = (n: number) => String(n).padStart(2, "0");

/** The n-th weekday (0 Sunday … 6 Saturday) of a month, 'YYYY-MM-DD'. */
function nth(year: number, month: number, dow: number, n: number): string {
  const first = `${year}-${pad(month)}-01`;
  return addDays(first, ((dow - weekday(first) + 7) % 7) + (n - 1) * 7);
}

/** The statutory rest days of `year`, in order, with their names. */
export function statutoryHolidays(year: number): { fecha: string; nombre: string }[] {
  const y = String(year);
  const days = [
    { fecha: `${y}-01-01`, nombre: "Año Nuevo" },
    { fecha: nth(year, 2, 1, 1), nombre: "Día de la Constitución" },
    { fecha: nth(year, 3, 1, 3), nombre: "Natalicio de Benito Juárez" },
    { fecha: `${y}-05-01`, nombre: "Día del Trabajo" },
    { fecha: `${y}-09-16`, nombre: "Día de la Independencia" },
    { fecha: nth(year, 11, 1, 3), nombre: "Día de la Revolución" },
    { fecha: `${y}-12-25`, nombre: "Navidad" },
  ];
  if (year >= 2024 && (year - 2024) % 6 === 0)
    days.push({ fecha: `${y}-10-01`, nombre: "Transmisión del Poder Ejecutivo Federal" });
  return days.sort((a, b) => a.fecha.localeCompare(b.fecha));
}

/**
 * The statutory holidays from `desde` to `hasta` (calendar dates, both included) that stay
 * closed, with their names: minus the days the studio opened.
 */
export function closedHolidayList(
  desde: string,
  hasta: string,
  opened: ReadonlySet<string> = new Set(),
): { fecha: string; nombre: string }[] {
  const result: { fecha: string; nombre: string }[] = [];
  for (let year = Number(desde.slice(0, 4)); year <= Number(hasta.slice(0, 4)); year++) {
    for (const h of statutoryHolidays(year)) {
      if (h.fecha >= desde && h.fecha <= hasta && !opened.has(h.fecha)) result.push(h);
    }
  }
  return result;
}

/** The dates of `closedHolidayList`. */
export function closedHolidays(desde: string, hasta: string, opened: ReadonlySet<string> = new Set()): string[] {
  return closedHolidayList(desde, hasta, opened).map((h) => h.fecha);
}

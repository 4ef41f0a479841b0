/**
 * Calendar days and wall-clock times as the studio in Guadalajara reads them
 * (America/Mexico_City), whatever the server's or the browser's time zone: the admin agenda's
 * day and week, a time typed by the studio ('2026-12-01', '10:30') turned into an instant.
 */
import { STUDIO_TIME_ZONE, isCalendarDate } from "./dates";

const partsFormatter = new Intl.DateTimeFormat("en-CA", {
  timeZone: STUDIO_TIME_ZONE,
  year: "numeric",
  month: "2-digit",
  day: "2-digit",
  hour: "2-digit",
  minute: "2-digit",
  second: "2-digit",
  hourCycle: "h23",
});

function wallClock(date: Date) {
  const all = partsFormatter.formatToParts(date);
  const get = (type: Intl.DateTimeFormatPartTypes) => Number(all.find((p) => p.type === type)?.value ?? 0);
  return {
    year: get("year"),
    month: get("month"),
    day: get("day"),
    hour: get("hour"),
    minute: get("minute"),
    second: get("second"),
  };
}

const pad = (n: number) => String(n).padStart(2, "0");

/** The studio's calendar day of an instant: 'YYYY-MM-DD'. */
export function studioDay(date: Date): string {
  const w = wallClock(date);
  return `${w.year}-${pad(w.month)}-${pad(w.day)}`;
}

/** The studio's wall-clock time of an instant: 'HH:MM'. */
export function studioTime(date: Date): string {
  const w = wallClock(date);
  return `${pad(w.hour)}:${pad(w.minute)}`;
}

/** A time typed as 'H:MM' or 'HH:MM' (00:00–23:59). */
export function isClockTime(text: string): boolean {
  return /^([01]?\d|2[0-3]):[0-5]\d$/.test(text);
}

/**
 * The instant when the studio's clock shows `time` on `day` (e.g. '2026-12-01', '10:30').
 * The zone's offset is read for that moment, so a change of offset (Mexico had summer time
 * until 2022) is respected.
 */
export function studioInstant(day: string, time = "00:00"): Date {
  if (!isCalendarDate(day) || !isClockTime(time)) throw new RangeError(`Invalid day or time: ${day} ${time}`);
  const [year, month, dayOfMonth] = day.split("-").map(Number);
  const [hour, minute] = time.split(":").map(Number);
  const asUtc = Date.UTC(year, month - 1, dayOfMonth, hour, minute);
  // Guess with the offset at that UTC instant, then correct once with the offset at the guess.
  let guess = asUtc - offsetAt(new Date(asUtc));
  guess = asUtc - offsetAt(new Date(guess));
  return new Date(guess);
}

/** The zone's offset from UTC at an instant, in milliseconds (−6 h in Guadalajara). */
function offsetAt(date: Date): number {
  const w = wallClock(date);
  const wallAsUtc = Date.UTC(w.year, w.month - 1, w.day, w.hour, w.minute, w.second);
  return wallAsUtc - Math.floor(date.getTime() / 1000) * 1000;
}

/** 'YYYY-MM-DD' plus `n` calendar days. */
export function addDays(day: string, n: number): string {
  const [year, month, dayOfMonth] = day.split("-").map(Number);
  const d = new Date(Date.UTC(year, month - 1, dayOfMonth + n));
  return d.toISOString().slice(0, 10);
}

/** The Monday of the week that holds `day`. */
export function mondayOf(day: string): string {
  const [year, month, dayOfMonth] = day.split("-").map(Number);
  const weekday = new Date(Date.UTC(year, month - 1, dayOfMonth)).getUTCDay(); // 0 Sunday
  return addDays(day, weekday === 0 ? -6 : 1 - weekday);
}

const DAY_NAMES = ["domingo", "lunes", "martes", "miércoles", "jueves", "viernes", "sábado"];
const MONTH_NAMES = [
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
  const [year, month, dayOfMonth] = day.split("-").map(Number);
  const weekday = new Date(Date.UTC(year, month - 1, dayOfMonth)).getUTCDay();
  return `${DAY_NAMES[weekday]} ${dayOfMonth} de ${MONTH_NAMES[month - 1]}`;
}

/** 'mar 1' for a week view's column. */
export function shortDayTitle(day: string): string {
  const [year, month, dayOfMonth] = day.split("-").map(Number);
  const weekday = new Date(Date.UTC(year, month - 1, dayOfMonth)).getUTCDay();
  return `${DAY_NAMES[weekday].slice(0, 3)} ${dayOfMonth}`;
}

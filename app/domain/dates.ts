/**
 * Dates are shown in Spanish as the studio in Guadalajara sees them, whatever the time
 * zone of the server or the visitor's browser.
 */
export const STUDIO_TIME_ZONE = "America/Mexico_City";

const formatter = /* @__PURE__ */ new Intl.DateTimeFormat("es-MX", {
  timeZone: STUDIO_TIME_ZONE,
  day: "numeric",
  month: "long",
  year: "numeric",
  hour: "2-digit",
  minute: "2-digit",
  hourCycle: "h23",
});

// Assemble from parts instead of trusting the locale's own pattern, which differs between
// ICU versions (Node vs browsers: "a las", commas) and would make the text unstable.
function parts(date: Date) {
  if (Number.isNaN(date.getTime())) throw new RangeError("Invalid date");
  const all = formatter.formatToParts(date);
  const get = (type: Intl.DateTimeFormatPartTypes) => all.find((p) => p.type === type)?.value ?? "";
  return {
    day: get("day"),
    month: get("month"),
    year: get("year"),
    hour: get("hour"),
    minute: get("minute"),
  };
}

/** "22 de noviembre de 2026" (also used on the diploma). */
export function formatSpanishDate(date: Date): string {
  const p = parts(date);
  return `${p.day} de ${p.month} de ${p.year}`;
}

/** "22 de noviembre de 2026, 14:05" (24-hour clock). */
export function formatSpanishDateTime(date: Date): string {
  const p = parts(date);
  return `${p.day} de ${p.month} de ${p.year}, ${p.hour}:${p.minute}`;
}

/** "23 de octubre", for notices that name a range within one season. */
export function formatSpanishDayMonth(date: Date): string {
  const p = parts(date);
  return `${p.day} de ${p.month}`;
}

/**
 * Whether `text` is a real calendar day written 'YYYY-MM-DD' (the dates of the content files,
 * e.g. 'actualizado: 2026-11-22'): '2026-02-30' is not.
 */
export function isCalendarDate(text: string): boolean {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(text);
  if (!match) return false;
  const [year, month, day] = match.slice(1).map(Number);
  const date = new Date(Date.UTC(year, month - 1, day));
  return date.getUTCFullYear() === year && date.getUTCMonth() === month - 1 && date.getUTCDate() === day;
}

/**
 * A calendar day 'YYYY-MM-DD' in words ("22 de noviembre de 2026"). The day is the one
 * written, whatever the time zone: it is read at noon in Guadalajara, not at UTC midnight
 * (which is the evening before there).
 */
export function formatSpanishCalendarDate(isoDay: string): string {
  if (!isCalendarDate(isoDay)) throw new RangeError(`Invalid calendar date: ${isoDay}`);
  return formatSpanishDate(new Date(`${isoDay}T12:00:00-06:00`));
}

/**
 * Dates are shown in Spanish as the studio in Guadalajara sees them, whatever the time
 * zone of the server or the visitor's browser.
 */
export const STUDIO_TIME_ZONE = "America/Mexico_City";

const formatter = new Intl.DateTimeFormat("es-MX", {
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

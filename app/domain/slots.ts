/**
 * Free start times for a treatment (issue 15), pure: the studio's opening hours in its own
 * time zone, minus live appointments (their session plus buffer, `inicio`–`ocupaHasta`),
 * block-outs and holidays, a minimum lead time, and sessions that must end by closing time.
 *
 * Wall-clock times are turned into instants with Intl (the time zone database of the
 * runtime), never with a fixed offset: Mexico dropped daylight saving in 2022, but the rule
 * stays right if the law changes again or the studio's zone is another one.
 *
 * Occupation rule, the same as the database's `citas_sin_empalmes`: a new appointment at `s`
 * takes [s, s + duration + buffer); it may not overlap any live appointment's
 * [inicio, ocupaHasta). A block-out only forbids the session itself ([s, s + duration)).
 */

/** Opening hours of one weekday in minutes since midnight (studio time), or null: closed (agenda.ts STUDIO_HOURS). */
export type DayHours = { opens: number; closes: number } | null;

/** Index 0 = Sunday … 6 = Saturday (Date#getUTCDay of the calendar date). */
export type WeekHours = readonly DayHours[];

export type SlotRules = {
  timeZone: string;
  hours: WeekHours;
  /** minutes kept free after each session */
  bufferMinutes: number;
  /** the earliest start is now + this */
  leadMinutes: number;
  /** days ahead shown, today included */
  horizonDays: number;
  /** minutes between proposed start times */
  stepMinutes: number;
};

export type Interval = { inicio: Date; fin: Date };

export type DaySlots = {
  /** the studio's calendar date, "2026-11-24" */
  fecha: string;
  /** ISO instants of the free starts, in order */
  horas: { inicio: string; hora: string }[];
};

const formatters = new Map<string, Intl.DateTimeFormat>();

function formatterFor(timeZone: string) {
  let f = formatters.get(timeZone);
  if (!f) {
    f = new Intl.DateTimeFormat("en-US", {
      timeZone,
      year: "numeric",
      month: "numeric",
      day: "numeric",
      hour: "numeric",
      minute: "numeric",
      second: "numeric",
      hourCycle: "h23",
    });
    formatters.set(timeZone, f);
  }
  return f;
}

/** The wall clock of `instant` in `timeZone`. */
export function wallClock(instant: Date | number, timeZone: string) {
  const parts = formatterFor(timeZone).formatToParts(new Date(instant));
  const get = (type: Intl.DateTimeFormatPartTypes) => Number(parts.find((p) => p.type === type)?.value ?? 0);
  return {
    year: get("year"),
    month: get("month"),
    day: get("day"),
    hour: get("hour") % 24,
    minute: get("minute"),
    second: get("second"),
  };
}

/** Milliseconds the zone's wall clock is ahead of UTC at `instant` (Mexico City now: -6 h). */
function offsetAt(instant: number, timeZone: string): number {
  const w = wallClock(instant, timeZone);
  const asUtc = Date.UTC(w.year, w.month - 1, w.day, w.hour, w.minute, w.second);
  return asUtc - Math.floor(instant / 1000) * 1000;
}

/**
 * The instant at which the zone's wall clock shows this date and time. A time skipped by a
 * spring-forward gap resolves to the later offset's reading (as the clocks did).
 */
export function zonedInstant(fecha: string, hora: string, timeZone: string): Date {
  const [y, m, d] = fecha.split("-").map(Number);
  const [hh, mm] = hora.split(":").map(Number);
  const guess = Date.UTC(y, m - 1, d, hh, mm);
  const first = guess - offsetAt(guess, timeZone);
  const second = guess - offsetAt(first, timeZone);
  return new Date(second);
}

/** The zone's calendar date of `instant`, "YYYY-MM-DD". */
export function zonedDate(instant: Date | number, timeZone: string): string {
  const w = wallClock(instant, timeZone);
  return `${w.year}-${pad(w.month)}-${pad(w.day)}`;
}

/** "09:30" in the zone. */
export function zonedTime(instant: Date | number, timeZone: string): string {
  const w = wallClock(instant, timeZone);
  return `${pad(w.hour)}:${pad(w.minute)}`;
}

const pad = (n: number) => String(n).padStart(2, "0");

/** The calendar date `days` after `fecha` (no time zone involved). */
export function addDays(fecha: string, days: number): string {
  const [y, m, d] = fecha.split("-").map(Number);
  const date = new Date(Date.UTC(y, m - 1, d + days));
  return date.toISOString().slice(0, 10);
}

/** 0 = Sunday … 6 = Saturday, of a calendar date. */
export function weekday(fecha: string): number {
  const [y, m, d] = fecha.split("-").map(Number);
  return new Date(Date.UTC(y, m - 1, d)).getUTCDay();
}

const horaOf = (minutes: number) => `${pad(Math.floor(minutes / 60))}:${pad(minutes % 60)}`;

const overlaps = (aStart: number, aEnd: number, b: Interval) => aStart < b.fin.getTime() && aEnd > b.inicio.getTime();

export type SlotInput = {
  now: Date;
  /** the treatment's session, minutes */
  durationMinutes: number;
  /** live appointments: `inicio`–`ocupaHasta` (session plus its buffer) */
  booked: Interval[];
  /** block-outs and holidays */
  blocked: Interval[];
  rules: SlotRules;
};

/** Every free start, grouped by the studio's calendar day (days without any are left out). */
export function freeSlots(input: SlotInput): DaySlots[] {
  const { rules } = input;
  const today = zonedDate(input.now, rules.timeZone);
  const days: DaySlots[] = [];
  for (let i = 0; i < rules.horizonDays; i++) {
    const fecha = addDays(today, i);
    const horas = freeStartsOn(fecha, input);
    if (horas.length > 0) days.push({ fecha, horas });
  }
  return days;
}

/** The free starts of one calendar day. */
export function freeStartsOn(fecha: string, input: SlotInput): DaySlots["horas"] {
  const { rules, durationMinutes } = input;
  const hours = rules.hours[weekday(fecha)];
  if (!hours || !(durationMinutes > 0)) return [];
  const earliest = input.now.getTime() + rules.leadMinutes * 60_000;
  const open = hours.opens;
  const close = hours.closes;
  const opening = zonedInstant(fecha, horaOf(open), rules.timeZone).getTime();
  const closing = zonedInstant(fecha, horaOf(close), rules.timeZone).getTime();
  // Without a clock change between opening and closing (every day but two a year, where the
  // zone has them at all), a wall-clock step is the same number of milliseconds: one time-zone
  // reading per day instead of one per step.
  const steady = closing - opening === (close - open) * 60_000;
  const result: DaySlots["horas"] = [];
  for (let t = open; t + durationMinutes <= close; t += rules.stepMinutes) {
    const hora = horaOf(t);
    const start = steady ? opening + (t - open) * 60_000 : zonedInstant(fecha, hora, rules.timeZone).getTime();
    const end = start + durationMinutes * 60_000;
    if (start < earliest || end > closing) continue;
    const occupies = end + rules.bufferMinutes * 60_000;
    if (input.booked.some((b) => overlaps(start, occupies, b))) continue;
    if (input.blocked.some((b) => overlaps(start, end, b))) continue;
    result.push({ inicio: new Date(start).toISOString(), hora });
  }
  return result;
}

/** Whether `inicio` is one of the free starts (the server's check of a chosen slot). */
export function isFreeStart(inicio: Date, input: SlotInput): boolean {
  const fecha = zonedDate(inicio, input.rules.timeZone);
  const today = zonedDate(input.now, input.rules.timeZone);
  if (fecha < today || fecha >= addDays(today, input.rules.horizonDays)) return false;
  const iso = inicio.toISOString();
  return freeStartsOn(fecha, input).some((h) => h.inicio === iso);
}

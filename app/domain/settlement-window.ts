/**
 * When an unpaid OXXO or SPEI voucher may be RELEASED (issue 28, docs/decisions/021): the
 * one owner of the settlement grace. Pure: no server, no db.
 *
 * A voucher is payable until its `vence` (what the client reads: "Vence: …"), but the money
 * paid on the last evening reaches us later: Stripe confirms an OXXO payment up to the next
 * business day after the customer paid, so a voucher paid at 23:50 of its last day may be
 * confirmed only the following business day. Releasing the thing (the order "Vencido", its
 * stock, an appointment's time, a course) at `vence` would take from a client who paid what
 * she paid for. So the release waits until the END of the NEXT BUSINESS DAY after the day of
 * `vence`, in studio time (America/Mexico_City):
 *
 *   vence Wednesday 23:59  → released Thursday 23:59:59
 *   vence Friday 23:59     → released Monday 23:59:59 (Saturday and Sunday are not business days)
 *   vence Saturday         → released Monday 23:59:59
 *   vence the day before a bank holiday → the holiday is skipped too
 *
 * Business days are Monday to Friday except the days Mexican banks close (CNBV's calendar,
 * which includes every statutory rest day of the Ley Federal del Trabajo, art. 74, plus
 * Holy Thursday, Good Friday, 2 November and 12 December): OXXO's cash reaches the provider
 * through the banks, and a longer wait only holds stock a day more, never takes money.
 *
 * Per provider (GRACIA_DIAS_HABILES): Stripe one business day (its OXXO guide: payments are
 * confirmed up to the next business day after expiry); Conekta: its public documentation
 * found nothing on a confirmation delay after `expires_at`, so the same grace; the demo stands
 * in for Stripe. SPEI gets the same grace (a transfer sent on the last evening settles the
 * next banking day).
 *
 * Money that still arrives after the release is late money, as before: the refund queue.
 */
import { STUDIO_TIME_ZONE } from "./dates";
import { addDays, weekday, zonedDate, zonedInstant } from "./slots";

/** Business days of grace after the voucher's day, per provider (unknown providers: 1). */
export const GRACIA_DIAS_HABILES: Readonly<Record<string, number>> = { stripe: 1, conekta: 1, demo: 1 };

const diaEstudio = (instant: Date) => zonedDate(instant, STUDIO_TIME_ZONE);

/** The last second of a studio calendar day ('YYYY-MM-DD' at 23:59:59, studio time). */
export function finDelDia(dia: string): Date {
  return new Date(zonedInstant(addDays(dia, 1), "00:00", STUDIO_TIME_ZONE).getTime() - 1_000);
}

/** The n-th weekday (0 Sunday … 6 Saturday) of a month, 'YYYY-MM-DD'. */
function enesimo(year: number, month: number, dow: number, n: number): string {
  const first = `${year}-${String(month).padStart(2, "0")}-01`;
  const offset = (dow - weekday(first) + 7) % 7;
  return addDays(first, offset + (n - 1) * 7);
}

/** Easter Sunday (Gregorian, anonymous algorithm), 'YYYY-MM-DD'. */
function pascua(year: number): string {
  const a = year % 19;
  const b = Math.floor(year / 100);
  const c = year % 100;
  const d = Math.floor(b / 4);
  const e = b % 4;
  const f = Math.floor((b + 8) / 25);
  const g = Math.floor((b - f + 1) / 3);
  const h = (19 * a + b - d - g + 15) % 30;
  const i = Math.floor(c / 4);
  const k = c % 4;
  const l = (32 + 2 * e + 2 * i - h - k) % 7;
  const m = Math.floor((a + 11 * h + 22 * l) / 451);
  const month = Math.floor((h + l - 7 * m + 114) / 31);
  const day = ((h + l - 7 * m + 114) % 31) + 1;
  return `${year}-${String(month).padStart(2, "0")}-${String(day).padStart(2, "0")}`;
}

const feriadosCache = new Map<number, Set<string>>();

/** The days Mexican banks close in `year` (CNBV), weekends aside. */
export function feriadosBancarios(year: number): Set<string> {
  let set = feriadosCache.get(year);
  if (set) return set;
  const y = String(year);
  const easter = pascua(year);
  set = new Set([
    `${y}-01-01`,
    enesimo(year, 2, 1, 1), // Constitución: first Monday of February
    enesimo(year, 3, 1, 3), // Benito Juárez: third Monday of March
    addDays(easter, -3), // Jueves Santo
    addDays(easter, -2), // Viernes Santo
    `${y}-05-01`,
    `${y}-09-16`,
    `${y}-11-02`,
    enesimo(year, 11, 1, 3), // Revolución: third Monday of November
    `${y}-12-12`,
    `${y}-12-25`,
  ]);
  // The federal executive takes office on 1 October every six years (2024, 2030, …).
  if (year >= 2024 && (year - 2024) % 6 === 0) set.add(`${y}-10-01`);
  feriadosCache.set(year, set);
  return set;
}

/** Monday to Friday and not a bank holiday. */
export function esDiaHabil(dia: string): boolean {
  const dow = weekday(dia);
  return dow >= 1 && dow <= 5 && !feriadosBancarios(Number(dia.slice(0, 4))).has(dia);
}

/** The first business day strictly after `dia`. */
export function siguienteDiaHabil(dia: string): string {
  let next = addDays(dia, 1);
  while (!esDiaHabil(next)) next = addDays(next, 1);
  return next;
}

/**
 * When a voucher that expires at `vence` and was not paid may be released: the end (23:59:59,
 * studio time) of the provider's grace in business days after the day of `vence`.
 */
export function liberacionFicha(vence: Date, proveedor: string): Date {
  let dia = diaEstudio(vence);
  const gracia = GRACIA_DIAS_HABILES[proveedor] ?? 1;
  for (let i = 0; i < gracia; i++) dia = siguienteDiaHabil(dia);
  return finDelDia(dia);
}

/** The voucher's expiry in whole studio days from `now` (what Stripe's `expires_after_days` takes: its voucher ends at 23:59 of that day). */
export function diasNaturalesHasta(vence: Date, now: Date): number {
  const a = diaEstudio(now);
  const b = diaEstudio(vence);
  return Math.round((Date.parse(`${b}T00:00:00Z`) - Date.parse(`${a}T00:00:00Z`)) / 86_400_000);
}

/** The studio day `dias` calendar days after `now`'s, ending at 23:59:59 (a voucher that ends with its day). */
export function finDelDiaTras(now: Date, dias: number): Date {
  return finDelDia(addDays(diaEstudio(now), dias));
}

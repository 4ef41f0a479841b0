/**
 * The 'Aviso' notice (SPEC §8): purchases switched off between two dates. The studio sets
 * one value, ajustes clave "aviso" = { desde, hasta } as ISO dates; while today falls inside
 * it, paying is blocked and the notice is shown.
 */

export type NoticeWindow = { desde: Date; hasta: Date };

// The studio is in Guadalajara (UTC−6 all year since Mexico dropped daylight saving in 2022).
const STUDIO_OFFSET = "-06:00";
const DATE_ONLY = /^\d{4}-\d{2}-\d{2}$/;

/**
 * A bare date ("2026-10-23") means the whole day in Guadalajara: `desde` from its first
 * moment, `hasta` until its last, so "del 23 de octubre al 18 de noviembre" includes both.
 */
function parseBound(value: unknown, end: boolean): Date | null {
  if (typeof value !== "string" || value.trim() === "") return null;
  const text = value.trim();
  const date = DATE_ONLY.test(text)
    ? new Date(`${text}T${end ? "23:59:59.999" : "00:00:00.000"}${STUDIO_OFFSET}`)
    : new Date(text);
  return Number.isNaN(date.getTime()) ? null : date;
}

/** The window stored in the setting, or null when the setting is missing or malformed. */
export function parseNotice(valor: unknown): NoticeWindow | null {
  if (!valor || typeof valor !== "object") return null;
  const { desde, hasta } = valor as { desde?: unknown; hasta?: unknown };
  const from = parseBound(desde, false);
  const to = parseBound(hasta, true);
  if (!from || !to || from > to) return null;
  return { desde: from, hasta: to };
}

/** The window when `now` is inside it (purchases paused), else null. */
export function activeNotice(valor: unknown, now: Date): NoticeWindow | null {
  const window = parseNotice(valor);
  return window && window.desde <= now && now <= window.hasta ? window : null;
}

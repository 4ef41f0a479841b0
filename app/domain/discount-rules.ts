/**
 * When a discount code may be used (issue 28): dates, usage limits and a minimum amount, for
 * every kind of code (per product, per course, whole order). Every rule is optional: a code
 * without dates, limits or minimum behaves exactly as the spec's codes (SPEC §9).
 *
 *   dates     `vigenteDesde` / `vigenteHasta` are calendar days in the studio's time zone,
 *             both included (valid from 00:00 of the first day to 23:59:59 of the last).
 *   limits    `limiteUsos` orders in all, `limitePorCliente` orders per client; one order is
 *             one use, whatever the quantity of the line. The authoritative count is taken
 *             in the transaction that writes the order (shop/redemptions.server.ts).
 *   minimum   `montoMinimo` centavos, compared with the purchase's amount BEFORE any code:
 *             list prices × quantities of the products (or the course), shipping excluded.
 *             (So a line code cannot push its own order under its minimum.)
 *
 * Whole-order codes: one per order; the percent comes off the products' subtotal AFTER the
 * line codes, shipping not discounted; the amount charged is floored to the centavo, never
 * in the shop's favour, as every checkout discount (discounts.ts).
 */
import { STUDIO_TIME_ZONE } from "./dates";
import { checkoutDiscountedPrice } from "./discounts";
import { formatPrice } from "./money";

export type CodeRules = {
  vigenteDesde: string | null;
  vigenteHasta: string | null;
  limiteUsos: number | null;
  limitePorCliente: number | null;
  montoMinimo: number | null;
};

/** How the code is being used now: the day, the amount before codes, and its uses so far. */
export type CodeUse = {
  now: Date;
  /** centavos before any code, shipping excluded */
  monto: number;
  /** orders that used it (all clients); omit when not known yet */
  usos?: number;
  /** orders of this client that used it; omit when not known (no client yet) */
  usosCliente?: number;
};

export const codeMessages = {
  notYet: "Este código aún no está vigente.",
  expired: "Este código ya venció.",
  usedUp: "Este código ya se usó el máximo de veces.",
  minimum: (centavos: number) => `Este código aplica en compras desde ${formatPrice(centavos)} MXN.`,
} as const;

const dayFormatter = /* @__PURE__ */ new Intl.DateTimeFormat("en-CA", {
  timeZone: STUDIO_TIME_ZONE,
  year: "numeric",
  month: "2-digit",
  day: "2-digit",
});

/** The calendar day 'YYYY-MM-DD' it is in the studio at `now`. */
export function studioDay(now: Date): string {
  return dayFormatter.format(now);
}

/** Why this code cannot be used now (a Spanish sentence), or null when it can. */
export function codeRefusal(rules: CodeRules, use: CodeUse): string | null {
  const today = studioDay(use.now);
  if (rules.vigenteDesde && today < rules.vigenteDesde) return codeMessages.notYet;
  if (rules.vigenteHasta && today > rules.vigenteHasta) return codeMessages.expired;
  if (rules.limiteUsos !== null && use.usos !== undefined && use.usos >= rules.limiteUsos) return codeMessages.usedUp;
  if (rules.limitePorCliente !== null && use.usosCliente !== undefined && use.usosCliente >= rules.limitePorCliente) {
    return codeMessages.usedUp;
  }
  if (rules.montoMinimo !== null && use.monto < rules.montoMinimo) return codeMessages.minimum(rules.montoMinimo);
  return null;
}

/** Centavos a whole-order code of `percent` takes off a products' subtotal (the charge floored). */
export function orderCodeDiscount(subtotal: number, percent: number): number {
  return subtotal - checkoutDiscountedPrice(subtotal, percent);
}

/** The purchase's amount before any code: list price × quantity of each line (shipping excluded). */
export function amountBeforeCodes(lines: readonly { precioOriginal: number; cantidad: number }[]): number {
  return lines.reduce((sum, l) => sum + l.precioOriginal * l.cantidad, 0);
}

/** The admin's dates: the last day may not come before the first. */
export function datesInOrder(desde: string | null, hasta: string | null): boolean {
  return !desde || !hasta || desde <= hasta;
}

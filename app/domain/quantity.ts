/**
 * Quantities arrive as form text or JSON numbers. Both rules below accept the same values
 * (a whole number from QUANTITY_MIN to QUANTITY_MAX, app/domain/limits.ts); they differ in
 * what the caller does with null.
 */
import { QUANTITY_MAX, QUANTITY_MIN } from "./limits";

export { QUANTITY_MAX, QUANTITY_MIN };

// Plain decimal notation only: Number() alone would also accept "0x10", "0b1",
// "Infinity" and whitespace-only strings (as 0), which no shopper means as a quantity.
const DECIMAL = /^[+-]?(\d+\.?\d*|\.\d+)(e[+-]?\d+)?$/i;

function toNumber(input: unknown): number | null {
  if (typeof input === "number") return input;
  if (typeof input !== "string") return null;
  const trimmed = input.trim();
  return DECIMAL.test(trimmed) ? Number(trimmed) : null;
}

function positiveInteger(input: unknown): number | null {
  const n = toNumber(input);
  // isSafeInteger also rules out NaN, ±Infinity ("1e400") and fractions ("1.5").
  return n !== null && Number.isSafeInteger(n) && n >= QUANTITY_MIN && n <= QUANTITY_MAX ? n : null;
}

/**
 * A number above QUANTITY_MAX (any size, "2147483648" included): refused with
 * messages.invalidQuantity rather than dropped, so a cart line is never silently lost.
 */
export function quantityOverMax(input: unknown): boolean {
  const n = toNumber(input);
  return n !== null && !Number.isNaN(n) && n > QUANTITY_MAX;
}

/**
 * Add to cart (SPEC §5): the quantity must be a real whole number from 1 to 999.
 * null → show messages.invalidQuantity ('Ingrese una cantidad valida') and add nothing.
 * A fraction is refused rather than rounded, so the shopper sees what will be added.
 */
export function parseQuantity(input: unknown): number | null {
  return positiveInteger(input);
}

/**
 * Cart update (SPEC §5: "lines with missing, empty, NaN or zero quantity are dropped").
 * null → drop the line from the cart. Negative and fractional quantities are dropped too,
 * since the cart only stores whole quantities of at least 1.
 */
export function cartLineQuantity(input: unknown): number | null {
  return positiveInteger(input);
}

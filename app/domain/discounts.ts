/**
 * Per-product and per-course discount codes take a whole percentage off the price
 * (SPEC §9): discounted = price × (100 − percent) / 100. The cart rounds to the
 * centavo while checkout floors, so the two screens can differ by one centavo; both rules
 * are kept because the spec describes them separately.
 */

function discountedNumerator(precioCentavos: number, percent: number): number {
  if (!Number.isInteger(percent) || percent < 1 || percent > 100) {
    throw new RangeError(`Discount percent must be an integer from 1 to 100, got ${percent}`);
  }
  if (!Number.isSafeInteger(precioCentavos) || precioCentavos < 0) {
    throw new RangeError(`Price must be a non-negative integer of centavos, got ${precioCentavos}`);
  }
  // Multiply first, in integers: price × (100 − percent) is exact, so the only inexact
  // step left is the final division by 100, which the caller rounds or floors.
  const numerator = precioCentavos * (100 - percent);
  if (!Number.isSafeInteger(numerator)) {
    throw new RangeError(`Price ${precioCentavos} is too large to discount exactly`);
  }
  return numerator;
}

/** Discounted price shown in the cart: rounded to the nearest centavo (halves up). */
export function cartDiscountedPrice(precioCentavos: number, percent: number): number {
  return Math.round(discountedNumerator(precioCentavos, percent) / 100);
}

/** Discounted price charged at checkout: floored to the centavo, never in the shop's favour. */
export function checkoutDiscountedPrice(precioCentavos: number, percent: number): number {
  return Math.floor(discountedNumerator(precioCentavos, percent) / 100);
}

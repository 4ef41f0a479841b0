/**
 * Money is stored and passed around as integer centavos (MXN) so that sums and discounts
 * never pick up binary floating-point error; pesos only appear at the edges (display,
 * imported data).
 */

/**
 * Formats centavos as a price in English-style MXN notation: `$1,234.50`, `-$5.00`,
 * and with `{ suffix: true }` `$1,234.50 MXN` (product and course pages, SPEC §9).
 * A fractional centavo value is rounded rather than rejected so a rounding slip upstream
 * cannot break a page; a non-finite value is a bug and throws.
 */
export function formatPrice(centavos: number, opts: { suffix?: boolean } = {}): string {
  if (!Number.isFinite(centavos)) {
    throw new RangeError(`formatPrice: ${centavos} is not a finite amount of centavos`);
  }
  const rounded = Math.round(Math.abs(centavos));
  if (!Number.isSafeInteger(rounded)) {
    throw new RangeError(`formatPrice: ${centavos} centavos is too large to format exactly`);
  }
  // Work on the absolute value in integers; a value that rounds to zero gets no minus sign.
  const sign = centavos < 0 && rounded !== 0 ? "-" : "";
  const pesos = Math.floor(rounded / 100);
  const cents = rounded % 100;
  const grouped = String(pesos).replace(/\B(?=(\d{3})+(?!\d))/g, ",");
  const text = `${sign}$${grouped}.${String(cents).padStart(2, "0")}`;
  return opts.suffix ? `${text} MXN` : text;
}

/**
 * Converts a peso amount (as found in imported data or typed by an admin) to centavos,
 * rounded to the nearest centavo, halves away from zero.
 */
export function pesosToCentavos(pesos: number): number {
  if (!Number.isFinite(pesos)) {
    throw new RangeError(`pesosToCentavos: ${pesos} is not a finite amount of pesos`);
  }
  // pesos * 100 can land just below a half (1.005 * 100 === 100.49999999999999); trimming
  // to 12 significant digits recovers the decimal value the number was written as.
  const scaled = Math.abs(Number((pesos * 100).toPrecision(12)));
  const centavos = Math.round(scaled);
  if (!Number.isSafeInteger(centavos)) {
    throw new RangeError(`pesosToCentavos: ${pesos} is too large to represent exactly`);
  }
  // `0 * -1` would be -0; keep zero positive.
  return pesos < 0 && centavos !== 0 ? -centavos : centavos;
}

/** Converts centavos to pesos, e.g. for a payment provider or a chart that wants pesos. */
export function centavosToPesos(c: number): number {
  return c / 100;
}

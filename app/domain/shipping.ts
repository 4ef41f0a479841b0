/**
 * Express shipping price (SPEC §3 "envios", §9). The rate table is a list of weight
 * bands; each band holds 7 prices, one per item-count bracket. The cart page and checkout
 * disagree about very large orders (see itemCountIndex), so the caller says which one it is.
 */

export type ShippingBand = {
  gramosMinimos: number;
  gramosMaximos: number;
  /** 7 prices in centavos by item-count bracket (see itemCountIndex). */
  precios: number[];
};

export type ShippingContext = "cart" | "checkout";

export type ShippingLine = { peso: number; cantidad: number };

export type ShippingResult =
  | { ok: true; centavos: number; grams: number; items: number }
  | { ok: false; reason: ShippingFailure; message: string };

export type ShippingFailure = "vacio" | "sin-banda" | "demasiados-articulos";

export const SHIPPING_MESSAGES: Record<ShippingFailure, string> = {
  vacio: "Tu carrito está vacío.",
  "sin-banda":
    "No hay una tarifa de envío para el peso de tu pedido. Escríbenos por WhatsApp para cotizarlo.",
  "demasiados-articulos":
    "Tu pedido supera el máximo de artículos para envío en línea. Escríbenos por WhatsApp para cotizarlo.",
};

/** Lower bound (inclusive) of each item-count bracket; index in this list = price index. */
const BRACKET_STARTS = [1, 10, 20, 50, 101, 251, 501] as const;

/** Checkout only prices orders up to this many items; bigger ones are quoted by hand. */
const CHECKOUT_MAX_ITEMS = 1000;

/**
 * The 7 item-count brackets as the studio reads them in the rate table ('1 a 9', '10 a 19', …
 * '501 a 1000'), in the order of a band's prices: the same starts itemCountIndex picks by.
 */
export const ITEM_COUNT_BRACKETS: readonly string[] = BRACKET_STARTS.map(
  (start, i) => `${start} a ${(BRACKET_STARTS[i + 1] ?? CHECKOUT_MAX_ITEMS + 1) - 1}`,
);

/**
 * Which of a band's 7 prices applies to an order of `count` items:
 * 1–9 → 0, 10–19 → 1, 20–49 → 2, 50–100 → 3, 101–250 → 4, 251–500 → 5, 501–1000 → 6.
 * The cart page shows the last price for anything above 500, however large, while
 * checkout refuses more than 1000 items (null). No items → null.
 */
export function itemCountIndex(count: number, context: ShippingContext): number | null {
  if (!(count >= 1)) return null; // also catches NaN
  if (context === "checkout" && count > CHECKOUT_MAX_ITEMS) return null;
  // Compare against bracket starts rather than ranges so a count never falls between two.
  let index = 0;
  for (let i = 0; i < BRACKET_STARTS.length; i++) {
    if (count >= BRACKET_STARTS[i]) index = i;
  }
  return index;
}

/**
 * The studio's free-shipping switch (SPEC §9 "A shipping state of Gratis sets shipping to 0"):
 * the stored setting `{ estado: "Gratis" }`, spelled in any case, with or without spaces.
 */
export function isFreeShipping(setting: unknown): boolean {
  if (!setting || typeof setting !== "object") return false;
  const estado = (setting as { estado?: unknown }).estado;
  return typeof estado === "string" && estado.trim().toLowerCase() === "gratis";
}

function fail(reason: ShippingFailure): ShippingResult {
  return { ok: false, reason, message: SHIPPING_MESSAGES[reason] };
}

/**
 * Shipping for a set of cart lines. Weight is Σ peso × cantidad in grams; the first band
 * with gramosMinimos ≤ grams ≤ gramosMaximos is used; the price is picked by Σ cantidad.
 * `gratis` (free shipping) costs 0 and skips the rate table: nothing needs quoting then.
 * Negative or non-finite weights or quantities are data bugs and throw.
 */
export function computeShipping(input: {
  lines: ShippingLine[];
  bands: ShippingBand[];
  gratis?: boolean;
  context: ShippingContext;
}): ShippingResult {
  let grams = 0;
  let items = 0;
  for (const line of input.lines) {
    if (!Number.isFinite(line.peso) || line.peso < 0) {
      throw new RangeError(`Shipping line has an invalid weight: ${line.peso}`);
    }
    if (!Number.isFinite(line.cantidad) || line.cantidad < 0) {
      throw new RangeError(`Shipping line has an invalid quantity: ${line.cantidad}`);
    }
    grams += line.peso * line.cantidad;
    items += line.cantidad;
  }

  if (items === 0) return fail("vacio");
  if (input.gratis) return { ok: true, centavos: 0, grams, items };

  const band = input.bands.find((b) => b.gramosMinimos <= grams && grams <= b.gramosMaximos);
  if (!band) return fail("sin-banda");

  const index = itemCountIndex(items, input.context);
  if (index === null) return fail("demasiados-articulos");

  const centavos = band.precios[index];
  // A band saved with fewer than 7 prices has no rate for this bracket.
  if (centavos === undefined || !Number.isFinite(centavos)) return fail("sin-banda");

  return { ok: true, centavos, grams, items };
}

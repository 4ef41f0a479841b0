/**
 * The cart page's money (SPEC "Cart screen", section 9): a line's unit price with its code
 * applied (ROUNDED to the centavo, the cart rule) and the Sub-Total / Envio / Total summary.
 * Pure, so the page can recompute it while a quantity is being typed; the server computes
 * the same from the database whenever it answers. Checkout uses its own floor rule.
 */
import { cartDiscountedPrice } from "./discounts";
import { type ShippingBand, type ShippingResult, computeShipping } from "./shipping";

export type PricedLine = {
  /** list price, centavos */
  precio: number;
  /** percent of the applied code, or null */
  descuento: number | null;
  cantidad: number;
  /** grams per unit */
  peso: number;
};

export type ShippingRates = { bands: ShippingBand[]; gratis: boolean };

export type CartSummary = {
  /** Σ unit price × quantity, centavos */
  subtotal: number;
  shipping: ShippingResult;
  /** subtotal + shipping; just the subtotal when shipping cannot be priced (see shipping.message) */
  total: number;
};

/** The unit price the cart shows and sums. */
export function cartLineUnitPrice(line: Pick<PricedLine, "precio" | "descuento">): number {
  return line.descuento ? cartDiscountedPrice(line.precio, line.descuento) : line.precio;
}

export function cartSummary(lines: PricedLine[], rates: ShippingRates): CartSummary {
  const subtotal = lines.reduce((sum, line) => sum + cartLineUnitPrice(line) * line.cantidad, 0);
  const shipping = computeShipping({
    lines: lines.map((l) => ({ peso: l.peso, cantidad: l.cantidad })),
    bands: rates.bands,
    gratis: rates.gratis,
    context: "cart",
  });
  return { subtotal, shipping, total: subtotal + (shipping.ok ? shipping.centavos : 0) };
}

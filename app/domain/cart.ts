/**
 * The cart page's money (SPEC "Cart screen", section 9): a line's unit price with its code
 * applied (ROUNDED to the centavo, the cart rule) and the Sub-Total / Envio / Total summary.
 * Pure, so the page can recompute it while a quantity is being typed; the server computes
 * the same from the database whenever it answers. Checkout uses its own floor rule.
 */
import { cartDiscountedPrice } from "./discounts";
import type { AlertMessage } from "./messages";
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

/** A cart line's product is unpublished: it stays listed (to be removed) but is not sold. */
export const UNAVAILABLE_LABEL = "Ya no disponible";

/**
 * What the cart says under a quantity the stock cannot serve, or null when it can:
 * 'Agotado' at 0 or below, otherwise how many are left ("Solo quedan 2 disponibles").
 */
export function stockNote(line: { stock: number; cantidad: number }): string | null {
  if (line.stock <= 0) return "Agotado";
  if (line.cantidad <= line.stock) return null;
  return line.stock === 1 ? "Solo queda 1 disponible" : `Solo quedan ${line.stock} disponibles`;
}

/**
 * 'Pagar' on a cart with quantities above stock: refused in the cart itself, naming each
 * line and what is left, so the shopper fixes it there instead of at /pagar.
 */
export function cartStockShort(lines: { nombre: string; stock: number }[]) {
  const parts = lines.map((l) =>
    l.stock <= 0
      ? `${l.nombre} está agotado.`
      : l.stock === 1
        ? `Solo queda 1 disponible de ${l.nombre}.`
        : `Solo quedan ${l.stock} disponibles de ${l.nombre}.`,
  );
  return {
    icon: "error",
    title: "Sin existencias",
    text: `${parts.join(" ")} Ajusta tu carrito para continuar.`,
  } as const satisfies AlertMessage;
}

/**
 * Adding more than the stock (the product page's control stops there; a form sent by hand
 * does not, and the server refuses it): what is left, and what the cart already holds.
 */
export function notEnoughStock(stock: number, inCart: number): AlertMessage {
  const left = stock === 1 ? "Solo queda 1 disponible" : `Solo quedan ${stock} disponibles`;
  return {
    icon: "error",
    title: "Sin existencias suficientes",
    text: inCart > 0 ? `${left} y ya tienes ${inCart} en tu carrito.` : `${left}.`,
  };
}

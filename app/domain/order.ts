/**
 * An order's money at checkout (SPEC §9): each line's unit price with its code applied
 * FLOORED to the centavo (checkout's rule; the cart rounds), times its quantity, plus
 * shipping. Integer centavos throughout.
 */
import { checkoutDiscountedPrice } from "./discounts";

/** Unit price charged at checkout: the code's percent off, floored; no code → the price. */
export function checkoutUnitPrice(precio: number, descuento: number | null): number {
  return descuento ? checkoutDiscountedPrice(precio, descuento) : precio;
}

export type OrderTotals = { subtotal: number; envio: number; total: number };

export function orderTotals(lines: { precio: number; cantidad: number }[], envio: number): OrderTotals {
  for (const line of lines) {
    if (!Number.isSafeInteger(line.precio) || line.precio < 0) throw new RangeError(`Bad unit price ${line.precio}`);
    if (!Number.isSafeInteger(line.cantidad) || line.cantidad < 1)
      throw new RangeError(`Bad quantity ${line.cantidad}`);
  }
  if (!Number.isSafeInteger(envio) || envio < 0) throw new RangeError(`Bad shipping ${envio}`);
  const subtotal = lines.reduce((sum, line) => sum + line.precio * line.cantidad, 0);
  return { subtotal, envio, total: subtotal + envio };
}

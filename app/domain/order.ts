/**
 * An order's money at checkout (SPEC §9): each line's unit price with its code applied
 * FLOORED to the centavo (checkout's rule; the cart rounds), times its quantity, plus
 * shipping. Integer centavos throughout. Also the shape of an order draft (what the server
 * priced and will charge) and the one way a course becomes an order line.
 */
import { checkoutDiscountedPrice } from "./discounts";

export type OrderLine = {
  tipo: "producto" | "curso";
  /** producto id or curso id */
  id: string;
  nombre: string;
  /** image shown in the summary, the mail and /mis-compras */
  url: string;
  /** unit list price before a code, centavos */
  precioOriginal: number;
  /** unit price charged, centavos */
  precio: number;
  cantidad: number;
  /** the code applied to this line and its percent (or, for a gift course, the promotion's key) */
  codigo: string | null;
  descuento: number | null;
  /** grams per unit (0 for courses) */
  peso: number;
};

export type OrderDraft = {
  tipo: "productos" | "curso";
  /** the cart this draft was priced from (emptied when the order is written) */
  carritoId: string | null;
  lines: OrderLine[];
  subtotal: number;
  /** Envío Express, centavos (0 when the studio ships for free, and for courses) */
  envio: number;
  total: number;
  /** stored codes that no longer apply (deleted, deactivated, other product, or a rule: `motivo`): priced without; id "pedido" for the whole-order code */
  codigosRechazados: { id: string; codigo: string; motivo?: string }[];
  /** a whole-order code (~/domain/discount-rules): its percent and the centavos it took off the subtotal; absent on drafts from before it existed */
  codigoPedido?: { codigo: string; descuento: number; centavos: number } | null;
};

/** Unit price charged at checkout: the code's percent off, floored; no code → the price. */
export function checkoutUnitPrice(precio: number, descuento: number | null): number {
  return descuento ? checkoutDiscountedPrice(precio, descuento) : precio;
}

export type OrderTotals = { subtotal: number; envio: number; total: number };

/** Subtotal of the lines, then `descuentoPedido` (a whole-order code, centavos) off it, then shipping. */
export function orderTotals(
  lines: { precio: number; cantidad: number }[],
  envio: number,
  descuentoPedido = 0,
): OrderTotals {
  for (const line of lines) {
    if (!Number.isSafeInteger(line.precio) || line.precio < 0) throw new RangeError(`Bad unit price ${line.precio}`);
    if (!Number.isSafeInteger(line.cantidad) || line.cantidad < 1)
      throw new RangeError(`Bad quantity ${line.cantidad}`);
  }
  if (!Number.isSafeInteger(envio) || envio < 0) throw new RangeError(`Bad shipping ${envio}`);
  const subtotal = lines.reduce((sum, line) => sum + line.precio * line.cantidad, 0);
  if (!Number.isSafeInteger(descuentoPedido) || descuentoPedido < 0 || descuentoPedido > subtotal) {
    throw new RangeError(`Bad order discount ${descuentoPedido}`);
  }
  return { subtotal, envio, total: subtotal - descuentoPedido + envio };
}

/** What an order line needs from a course row. */
export type CourseForLine = { id: string; titulo: string; tituloExterior: string; imagenExterior: string; precio: number };

/**
 * A course as an order line (bought, granted or given): its outside title, its cover, one
 * unit, no weight. `precio` is what is charged (0 for a gift); `precioOriginal` the list price.
 */
export function courseOrderLine(
  curso: CourseForLine,
  charge: { precio: number; codigo: string | null; descuento: number | null },
): OrderLine {
  return {
    tipo: "curso",
    id: curso.id,
    nombre: curso.tituloExterior || curso.titulo,
    url: curso.imagenExterior,
    precioOriginal: curso.precio,
    precio: charge.precio,
    cantidad: 1,
    codigo: charge.codigo,
    descuento: charge.descuento,
    peso: 0,
  };
}

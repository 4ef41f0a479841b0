/**
 * A course's price (SPEC §2 /cursos/{id}: "discount price crossed out"), in one place for
 * every screen that shows it (listings, course page, search data) and for the checkout that
 * charges it. The studio's discounted price counts only when it is set and lower than the
 * regular price; an imported discounted price that is not lower is ignored everywhere.
 */

export type CoursePriceInput = { precio: number; precioDescuento: number | null };

export type CoursePriceView = {
  /** what the course costs before any discount code, centavos */
  precio: number;
  /** the regular price shown crossed out, or null when there is no discount */
  regular: number | null;
};

/** The discounted price counts: it is set and lower than the regular price. */
export function hasDiscount(curso: CoursePriceInput): curso is { precio: number; precioDescuento: number } {
  return curso.precioDescuento !== null && curso.precioDescuento < curso.precio;
}

export function coursePrice(curso: CoursePriceInput): CoursePriceView {
  return hasDiscount(curso)
    ? { precio: curso.precioDescuento, regular: curso.precio }
    : { precio: curso.precio, regular: null };
}

import { describe, expect, it } from "vitest";
import { cartDiscountedPrice } from "./discounts";
import { checkoutUnitPrice, orderTotals } from "./order";

describe("checkout money", () => {
  it("floors a discounted unit price where the cart rounds (one centavo apart)", () => {
    // $199.99 with 15% off = 169.9915 pesos: the cart shows $169.99, checkout charges $169.99;
    // $0.05 with 50% off = 2.5 centavos: the cart rounds to 3, checkout floors to 2.
    expect(checkoutUnitPrice(19999, 15)).toBe(16999);
    expect(cartDiscountedPrice(5, 50)).toBe(3);
    expect(checkoutUnitPrice(5, 50)).toBe(2);
    expect(checkoutUnitPrice(35000, null)).toBe(35000);
  });

  it("sums lines times quantities plus shipping", () => {
    expect(
      orderTotals(
        [
          { precio: 35000, cantidad: 2 },
          { precio: 16999, cantidad: 1 },
        ],
        15000,
      ),
    ).toEqual({ subtotal: 86999, envio: 15000, total: 101999 });
    expect(orderTotals([{ precio: 120000, cantidad: 1 }], 0)).toEqual({ subtotal: 120000, envio: 0, total: 120000 });
  });

  it("refuses amounts that are not whole centavos or quantities below 1", () => {
    expect(() => orderTotals([{ precio: 10.5, cantidad: 1 }], 0)).toThrow(RangeError);
    expect(() => orderTotals([{ precio: 100, cantidad: 0 }], 0)).toThrow(RangeError);
    expect(() => orderTotals([{ precio: 100, cantidad: 1 }], -1)).toThrow(RangeError);
  });
});

describe("a course as an order line", () => {
  it("uses the outside title and cover, one unit, no weight", async () => {
    const { courseOrderLine } = await import("./order");
    const line = courseOrderLine(
      { id: "cejas", titulo: "Cejas", tituloExterior: "Microblading", imagenExterior: "/m/c.jpg", precio: 250_000 },
      { precio: 0, codigo: "PROMO", descuento: null },
    );
    expect(line).toEqual({
      tipo: "curso",
      id: "cejas",
      nombre: "Microblading",
      url: "/m/c.jpg",
      precioOriginal: 250_000,
      precio: 0,
      cantidad: 1,
      codigo: "PROMO",
      descuento: null,
      peso: 0,
    });
  });
});

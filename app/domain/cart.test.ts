import { describe, expect, it } from "vitest";
import { cartLineUnitPrice, cartSummary } from "./cart";

const bands = [
  { gramosMinimos: 0, gramosMaximos: 1000, precios: [15000, 20000, 25000, 30000, 35000, 40000, 45000] },
  { gramosMinimos: 1001, gramosMaximos: 5000, precios: [25000, 30000, 35000, 40000, 45000, 50000, 55000] },
];

describe("cartLineUnitPrice", () => {
  it("is the list price without a code", () => {
    expect(cartLineUnitPrice({ precio: 34999, descuento: null })).toBe(34999);
  });
  it("rounds the discounted price to the centavo (cart rule)", () => {
    // 349.99 × 0.85 = 297.4915 → 297.49; 0.05 × 0.85 = 0.0425 → 0.04; 1.99 × 0.9 = 1.791 → 1.79
    expect(cartLineUnitPrice({ precio: 34999, descuento: 15 })).toBe(29749);
    expect(cartLineUnitPrice({ precio: 5, descuento: 15 })).toBe(4);
    expect(cartLineUnitPrice({ precio: 199, descuento: 10 })).toBe(179);
    // halves go up: 0.25 × 0.5 = 0.125 → 0.13
    expect(cartLineUnitPrice({ precio: 25, descuento: 50 })).toBe(13);
  });
});

describe("cartSummary", () => {
  it("sums discounted line totals and adds the band's shipping", () => {
    const summary = cartSummary(
      [
        { precio: 34999, descuento: 15, cantidad: 2, peso: 200 },
        { precio: 10000, descuento: null, cantidad: 1, peso: 100 },
      ],
      { bands, gratis: false },
    );
    expect(summary.subtotal).toBe(29749 * 2 + 10000);
    expect(summary.shipping).toEqual({ ok: true, centavos: 15000, grams: 500, items: 3 });
    expect(summary.total).toBe(29749 * 2 + 10000 + 15000);
  });

  it("charges no shipping when the studio set it to Gratis", () => {
    const summary = cartSummary([{ precio: 10000, descuento: null, cantidad: 1, peso: 100 }], { bands, gratis: true });
    expect(summary.shipping).toMatchObject({ ok: true, centavos: 0 });
    expect(summary.total).toBe(10000);
  });

  it("keeps the total at the subtotal and explains when no band fits", () => {
    const summary = cartSummary([{ precio: 10000, descuento: null, cantidad: 1, peso: 9000 }], { bands, gratis: false });
    expect(summary.shipping).toMatchObject({ ok: false, reason: "sin-banda" });
    expect(summary.total).toBe(10000);
  });
});

import { describe, expect, it } from "vitest";
import { computeShipping, isFreeShipping, itemCountIndex, SHIPPING_MESSAGES, type ShippingBand } from "./shipping";

describe("itemCountIndex", () => {
  // [count, cart index, checkout index]
  it.each([
    [1, 0, 0],
    [9, 0, 0],
    [10, 1, 1],
    [19, 1, 1],
    [20, 2, 2],
    [49, 2, 2],
    [50, 3, 3],
    [100, 3, 3],
    [101, 4, 4],
    [250, 4, 4],
    [251, 5, 5],
    [500, 5, 5],
    [501, 6, 6],
    [1000, 6, 6],
    [1001, 6, null],
    [1_000_000, 6, null],
  ])("%i items → cart %s, checkout %s", (count, cart, checkout) => {
    expect(itemCountIndex(count, "cart")).toBe(cart);
    expect(itemCountIndex(count, "checkout")).toBe(checkout);
  });

  it.each([0, -1, Number.NaN])("%d items has no bracket in either context", (count) => {
    expect(itemCountIndex(count, "cart")).toBeNull();
    expect(itemCountIndex(count, "checkout")).toBeNull();
  });
});

const PRICES_LIGHT = [10_000, 11_000, 12_000, 13_000, 14_000, 15_000, 16_000];
const PRICES_HEAVY = [20_000, 21_000, 22_000, 23_000, 24_000, 25_000, 26_000];
// A deliberate gap between 1000 and 1001 grams, like a table typed in whole grams.
const BANDS: ShippingBand[] = [
  { gramosMinimos: 1, gramosMaximos: 1000, precios: PRICES_LIGHT },
  { gramosMinimos: 1001, gramosMaximos: 5000, precios: PRICES_HEAVY },
];

describe("computeShipping", () => {
  it("sums weight and items over the lines and prices by band and bracket", () => {
    const result = computeShipping({
      lines: [
        { peso: 100, cantidad: 3 },
        { peso: 250, cantidad: 2 },
      ],
      bands: BANDS,
      context: "checkout",
    });
    expect(result).toEqual({ ok: true, centavos: 10_000, grams: 800, items: 5 });
  });

  it("uses a band when the weight is exactly its minimum or its maximum", () => {
    const at = (grams: number) =>
      computeShipping({ lines: [{ peso: grams, cantidad: 1 }], bands: BANDS, context: "cart" });
    expect(at(1)).toMatchObject({ ok: true, centavos: 10_000, grams: 1 });
    expect(at(1000)).toMatchObject({ ok: true, centavos: 10_000, grams: 1000 });
    expect(at(1001)).toMatchObject({ ok: true, centavos: 20_000, grams: 1001 });
    expect(at(5000)).toMatchObject({ ok: true, centavos: 20_000, grams: 5000 });
  });

  it("fails with sin-banda between bands, below the first and above the last", () => {
    for (const grams of [1000.5, 0.5, 5001]) {
      expect(
        computeShipping({ lines: [{ peso: grams, cantidad: 1 }], bands: BANDS, context: "cart" }),
      ).toEqual({ ok: false, reason: "sin-banda", message: SHIPPING_MESSAGES["sin-banda"] });
    }
  });

  it("fails with sin-banda when there is no rate table", () => {
    const result = computeShipping({
      lines: [{ peso: 10, cantidad: 1 }],
      bands: [],
      context: "cart",
    });
    expect(result).toMatchObject({ ok: false, reason: "sin-banda" });
  });

  it("uses the first matching band when bands overlap", () => {
    const overlapping: ShippingBand[] = [
      { gramosMinimos: 0, gramosMaximos: 500, precios: PRICES_LIGHT },
      { gramosMinimos: 500, gramosMaximos: 900, precios: PRICES_HEAVY },
    ];
    const result = computeShipping({
      lines: [{ peso: 500, cantidad: 1 }],
      bands: overlapping,
      context: "cart",
    });
    expect(result).toMatchObject({ ok: true, centavos: 10_000 });
  });

  it("picks the price for the item-count bracket", () => {
    const bands: ShippingBand[] = [
      { gramosMinimos: 0, gramosMaximos: 1_000_000, precios: PRICES_LIGHT },
    ];
    const price = (items: number, context: "cart" | "checkout") =>
      computeShipping({ lines: [{ peso: 1, cantidad: items }], bands, context });
    expect(price(9, "checkout")).toMatchObject({ ok: true, centavos: 10_000, items: 9 });
    expect(price(10, "checkout")).toMatchObject({ ok: true, centavos: 11_000 });
    expect(price(500, "checkout")).toMatchObject({ ok: true, centavos: 15_000 });
    expect(price(501, "checkout")).toMatchObject({ ok: true, centavos: 16_000 });
    expect(price(1000, "checkout")).toMatchObject({ ok: true, centavos: 16_000 });
    expect(price(1001, "cart")).toMatchObject({ ok: true, centavos: 16_000, items: 1001 });
    expect(price(1001, "checkout")).toEqual({
      ok: false,
      reason: "demasiados-articulos",
      message:
        "Tu pedido supera el máximo de artículos para envío en línea. Escríbenos por WhatsApp para cotizarlo.",
    });
  });

  it("reports an empty cart for no lines or only zero quantities", () => {
    const expected = { ok: false, reason: "vacio", message: "Tu carrito está vacío." };
    expect(computeShipping({ lines: [], bands: BANDS, context: "cart" })).toEqual(expected);
    expect(
      computeShipping({ lines: [{ peso: 100, cantidad: 0 }], bands: BANDS, context: "checkout" }),
    ).toEqual(expected);
    expect(computeShipping({ lines: [], bands: BANDS, gratis: true, context: "cart" })).toEqual(
      expected,
    );
  });

  it("charges nothing when shipping is free, even without a matching band or bracket", () => {
    expect(
      computeShipping({
        lines: [{ peso: 100, cantidad: 2 }],
        bands: BANDS,
        gratis: true,
        context: "cart",
      }),
    ).toEqual({ ok: true, centavos: 0, grams: 200, items: 2 });
    expect(
      computeShipping({
        lines: [{ peso: 1, cantidad: 2000 }],
        bands: [],
        gratis: true,
        context: "checkout",
      }),
    ).toEqual({ ok: true, centavos: 0, grams: 2000, items: 2000 });
  });

  it("treats a band with fewer than 7 prices as having no rate for the missing brackets", () => {
    const short: ShippingBand[] = [{ gramosMinimos: 0, gramosMaximos: 100_000, precios: [5000] }];
    expect(
      computeShipping({ lines: [{ peso: 1, cantidad: 5 }], bands: short, context: "cart" }),
    ).toMatchObject({ ok: true, centavos: 5000 });
    expect(
      computeShipping({ lines: [{ peso: 1, cantidad: 10 }], bands: short, context: "cart" }),
    ).toMatchObject({ ok: false, reason: "sin-banda" });
  });

  it("throws on corrupt line data rather than pricing it", () => {
    const run = (peso: number, cantidad: number) => () =>
      computeShipping({ lines: [{ peso, cantidad }], bands: BANDS, context: "cart" });
    expect(run(Number.NaN, 1)).toThrow(RangeError);
    expect(run(-5, 1)).toThrow(RangeError);
    expect(run(100, -1)).toThrow(RangeError);
    expect(run(100, Number.POSITIVE_INFINITY)).toThrow(RangeError);
  });
});

describe("isFreeShipping", () => {
  it("reads the studio's switch however it was spelled", () => {
    expect(isFreeShipping({ estado: "Gratis" })).toBe(true);
    expect(isFreeShipping({ estado: " gratis " })).toBe(true);
    expect(isFreeShipping({ estado: "GRATIS" })).toBe(true);
  });

  it("anything else is normal shipping", () => {
    for (const value of [null, undefined, "Gratis", {}, { estado: "Normal" }, { estado: 1 }, { estado: "gratis!" }]) {
      expect(isFreeShipping(value)).toBe(false);
    }
  });
});

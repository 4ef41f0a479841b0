import { describe, expect, it } from "vitest";
import { cartDiscountedPrice, checkoutDiscountedPrice } from "./discounts";

describe("discounted prices", () => {
  it("takes the percentage off exactly when the result is a whole centavo", () => {
    expect(cartDiscountedPrice(10_000, 15)).toBe(8500);
    expect(checkoutDiscountedPrice(10_000, 15)).toBe(8500);
    expect(cartDiscountedPrice(10_000, 50)).toBe(5000);
    expect(checkoutDiscountedPrice(10_000, 50)).toBe(5000);
  });

  it("computes 33.33 pesos with 15% in integers (2833.05 centavos)", () => {
    // 3333 × 85 / 100 = 2833.05: both rules land on 2833 without float drift.
    expect(cartDiscountedPrice(3333, 15)).toBe(2833);
    expect(checkoutDiscountedPrice(3333, 15)).toBe(2833);
  });

  it("differs between cart (round) and checkout (floor) when the fraction is .5 or more", () => {
    // 3333 × 90 / 100 = 2999.7
    expect(cartDiscountedPrice(3333, 10)).toBe(3000);
    expect(checkoutDiscountedPrice(3333, 10)).toBe(2999);
    // 1 × 50 / 100 = 0.5: exactly half rounds up in the cart, floors to 0 at checkout
    expect(cartDiscountedPrice(1, 50)).toBe(1);
    expect(checkoutDiscountedPrice(1, 50)).toBe(0);
    // 999 × 95 / 100 = 949.05 → same; 999 × 45 / 100 = 449.55 → differ
    expect(cartDiscountedPrice(999, 5)).toBe(949);
    expect(checkoutDiscountedPrice(999, 5)).toBe(949);
    expect(cartDiscountedPrice(999, 55)).toBe(450);
    expect(checkoutDiscountedPrice(999, 55)).toBe(449);
  });

  it("agrees when the fraction is below .5", () => {
    // 1999 × 80 / 100 = 1599.2
    expect(cartDiscountedPrice(1999, 20)).toBe(1599);
    expect(checkoutDiscountedPrice(1999, 20)).toBe(1599);
  });

  it("accepts the percent boundaries 1 and 100", () => {
    expect(cartDiscountedPrice(12_345, 1)).toBe(12_222); // 12221.55 → 12222
    expect(checkoutDiscountedPrice(12_345, 1)).toBe(12_221);
    expect(cartDiscountedPrice(12_345, 100)).toBe(0);
    expect(checkoutDiscountedPrice(12_345, 100)).toBe(0);
  });

  it("discounts a free item to zero", () => {
    expect(cartDiscountedPrice(0, 30)).toBe(0);
    expect(checkoutDiscountedPrice(0, 30)).toBe(0);
  });

  it.each([0, 101, -5, 15.5, Number.NaN, Number.POSITIVE_INFINITY])(
    "rejects percent %d",
    (percent) => {
      expect(() => cartDiscountedPrice(10_000, percent)).toThrow(RangeError);
      expect(() => checkoutDiscountedPrice(10_000, percent)).toThrow(RangeError);
    },
  );

  it.each([-1, 33.33, Number.NaN, 2 ** 60])("rejects price %d", (precio) => {
    expect(() => cartDiscountedPrice(precio, 10)).toThrow(RangeError);
    expect(() => checkoutDiscountedPrice(precio, 10)).toThrow(RangeError);
  });
});

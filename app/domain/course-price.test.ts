import { describe, expect, it } from "vitest";
import { coursePrice } from "./course-price";

describe("coursePrice", () => {
  it("charges the discounted price and crosses out the regular one", () => {
    expect(coursePrice({ precio: 499_000, precioDescuento: 399_000 })).toEqual({ precio: 399_000, regular: 499_000 });
  });

  it("ignores a discounted price that is not lower (imported data)", () => {
    expect(coursePrice({ precio: 399_000, precioDescuento: 499_000 })).toEqual({ precio: 399_000, regular: null });
    expect(coursePrice({ precio: 399_000, precioDescuento: 399_000 })).toEqual({ precio: 399_000, regular: null });
  });

  it("uses the regular price without a discount", () => {
    expect(coursePrice({ precio: 250_000, precioDescuento: null })).toEqual({ precio: 250_000, regular: null });
  });

  it("a free discounted price is a discount", () => {
    expect(coursePrice({ precio: 250_000, precioDescuento: 0 })).toEqual({ precio: 0, regular: 250_000 });
  });
});

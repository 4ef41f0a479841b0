import { describe, expect, it } from "vitest";
import { centavosToPesos, formatPrice, pesosToCentavos } from "./money";

describe("formatPrice", () => {
  it.each([
    [0, "$0.00"],
    [1, "$0.01"],
    [10, "$0.10"],
    [99, "$0.99"],
    [100, "$1.00"],
    [99_999, "$999.99"],
    [100_000, "$1,000.00"],
    [123_450, "$1,234.50"],
    [1_234_567_800, "$12,345,678.00"],
    [100_000_000_000, "$1,000,000,000.00"],
  ])("formats %i centavos as %s", (centavos, expected) => {
    expect(formatPrice(centavos)).toBe(expected);
  });

  it("adds the MXN suffix only when asked", () => {
    expect(formatPrice(123_450, { suffix: true })).toBe("$1,234.50 MXN");
    expect(formatPrice(123_450, { suffix: false })).toBe("$1,234.50");
    expect(formatPrice(0, { suffix: true })).toBe("$0.00 MXN");
  });

  it("puts the minus sign before the dollar sign", () => {
    expect(formatPrice(-500)).toBe("-$5.00");
    expect(formatPrice(-123_450, { suffix: true })).toBe("-$1,234.50 MXN");
  });

  it("never prints a negative zero", () => {
    expect(formatPrice(-0)).toBe("$0.00");
    expect(formatPrice(-0.4)).toBe("$0.00");
  });

  it("rounds a fractional centavo instead of printing it", () => {
    expect(formatPrice(100.5)).toBe("$1.01");
    expect(formatPrice(100.4)).toBe("$1.00");
  });

  it("rejects amounts it cannot print exactly", () => {
    expect(() => formatPrice(Number.NaN)).toThrow(RangeError);
    expect(() => formatPrice(Number.POSITIVE_INFINITY)).toThrow(RangeError);
    expect(() => formatPrice(2 ** 60)).toThrow(RangeError);
  });
});

describe("pesosToCentavos", () => {
  it.each([
    [0, 0],
    [1, 100],
    [1234.5, 123_450],
    [33.33, 3333],
    [0.1 + 0.2, 30],
    [19.99, 1999],
  ])("converts %d pesos to %i centavos", (pesos, expected) => {
    expect(pesosToCentavos(pesos)).toBe(expected);
  });

  it("rounds to the nearest centavo, halves away from zero", () => {
    expect(pesosToCentavos(1.004)).toBe(100);
    expect(pesosToCentavos(1.005)).toBe(101);
    expect(pesosToCentavos(1.006)).toBe(101);
    expect(pesosToCentavos(-1.005)).toBe(-101);
  });

  it("keeps negative amounts negative and zero positive", () => {
    expect(pesosToCentavos(-5)).toBe(-500);
    expect(Object.is(pesosToCentavos(-0.001), 0)).toBe(true);
  });

  it("throws on NaN and Infinity", () => {
    expect(() => pesosToCentavos(Number.NaN)).toThrow(RangeError);
    expect(() => pesosToCentavos(Number.POSITIVE_INFINITY)).toThrow(RangeError);
    expect(() => pesosToCentavos(Number.NEGATIVE_INFINITY)).toThrow(RangeError);
    expect(() => pesosToCentavos(1e300)).toThrow(RangeError);
  });
});

describe("centavosToPesos", () => {
  it("divides by 100", () => {
    expect(centavosToPesos(123_450)).toBe(1234.5);
    expect(centavosToPesos(1)).toBe(0.01);
    expect(centavosToPesos(0)).toBe(0);
    expect(centavosToPesos(-500)).toBe(-5);
  });

  it("round-trips with pesosToCentavos", () => {
    for (const c of [0, 1, 99, 3333, 123_450, 1_234_567_800]) {
      expect(pesosToCentavos(centavosToPesos(c))).toBe(c);
    }
  });
});

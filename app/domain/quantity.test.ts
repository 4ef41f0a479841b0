import { describe, expect, it } from "vitest";
import { cartLineQuantity, parseQuantity, quantityOverMax } from "./quantity";

const VALID: [unknown, number][] = [
  [1, 1],
  [2, 2],
  [150, 150],
  ["1", 1],
  ["12", 12],
  ["  3  ", 3],
  ["+4", 4],
  ["2.0", 2],
  ["1e2", 100],
  [999, 999],
  ["999", 999],
];

const INVALID: unknown[] = [
  1000,
  "1000",
  "2147483648",
  Number.MAX_SAFE_INTEGER,
  0,
  "0",
  -1,
  "-1",
  "-0",
  1.5,
  "1.5",
  "0.5",
  Number.NaN,
  "NaN",
  Number.POSITIVE_INFINITY,
  "Infinity",
  "1e400",
  "",
  "   ",
  "abc",
  "3abc",
  "0x10",
  "1,000",
  Number.MAX_SAFE_INTEGER + 1,
  null,
  undefined,
  true,
  [],
  {},
];

describe("parseQuantity (add to cart)", () => {
  it.each(VALID)("accepts %j as %i", (input, expected) => {
    expect(parseQuantity(input)).toBe(expected);
  });

  it.each(INVALID)("rejects %j", (input) => {
    expect(parseQuantity(input)).toBeNull();
  });
});

describe("cartLineQuantity (cart update)", () => {
  it.each(VALID)("keeps a line with %j as %i", (input, expected) => {
    expect(cartLineQuantity(input)).toBe(expected);
  });

  it.each(INVALID)("drops a line with %j", (input) => {
    expect(cartLineQuantity(input)).toBeNull();
  });
});

describe("quantityOverMax", () => {
  it("names numbers above 999 and nothing else", () => {
    expect([1000, "1000", "2147483648", "1e400"].map(quantityOverMax)).toEqual([true, true, true, true]);
    expect([999, "1", "", "dos", "0", "-5", null].map(quantityOverMax)).toEqual([false, false, false, false, false, false, false]);
  });
});

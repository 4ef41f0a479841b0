import { describe, expect, it } from "vitest";
import { averageRating, isValidRating, parseRating } from "./ratings";

describe("isValidRating", () => {
  it.each([1, 2, 3, 4, 5])("accepts %i", (n) => {
    expect(isValidRating(n)).toBe(true);
  });

  it.each([0, 6, -1, 4.5, Number.NaN, Number.POSITIVE_INFINITY, "5", null, undefined])(
    "rejects %j",
    (n) => {
      expect(isValidRating(n)).toBe(false);
    },
  );
});

describe("parseRating", () => {
  it("reads numbers and numeric text", () => {
    expect(parseRating(4)).toBe(4);
    expect(parseRating("5")).toBe(5);
    expect(parseRating(" 1 ")).toBe(1);
  });

  it.each(["", "0", "6", "4.5", "abc", "1e0", 0, 7, null, undefined, {}])(
    "returns null for %j",
    (value) => {
      expect(parseRating(value)).toBeNull();
    },
  );
});

describe("averageRating", () => {
  it("is 0 with no ratings", () => {
    expect(averageRating([])).toBe(0);
  });

  it("is the rating itself for a single review", () => {
    expect(averageRating([1])).toBe(1);
    expect(averageRating([5])).toBe(5);
  });

  it("keeps an exact whole mean", () => {
    expect(averageRating([4, 4, 4])).toBe(4);
    expect(averageRating([3, 5])).toBe(4);
    expect(averageRating([1, 2, 3, 4, 5])).toBe(3);
  });

  it("rounds any fraction up", () => {
    expect(averageRating([4, 5])).toBe(5); // 4.5
    expect(averageRating([1, 1, 2])).toBe(2); // 1.33
    expect(averageRating([5, 5, 5, 5, 5, 5, 5, 5, 5, 4])).toBe(5); // 4.9
    expect(averageRating([4, 4, 4, 4, 4, 4, 4, 4, 4, 5])).toBe(5); // 4.1
  });

  it("ignores invalid entries", () => {
    expect(averageRating([Number.NaN, 0, 6, 3])).toBe(3);
    expect(averageRating([Number.NaN, 0])).toBe(0);
  });
});

import { describe, expect, it } from "vitest";
import {
  EXAM_QUESTION_COUNT,
  PERFECT_SCORE,
  formatScore,
  isPerfect,
  scoreExam,
  shuffle,
} from "./exam";

describe("exam constants", () => {
  it("match the spec", () => {
    expect(EXAM_QUESTION_COUNT).toBe(6);
    expect(PERFECT_SCORE).toBe(100);
  });
});

describe("scoreExam", () => {
  it.each([
    [6, 6, 100],
    [5, 6, 83.33],
    [4, 6, 66.67],
    [3, 6, 50],
    [1, 6, 16.67],
    [0, 6, 0],
    [1, 3, 33.33],
    [2, 3, 66.67],
    [1, 1, 100],
    [2, 7, 28.57],
  ])("%i of %i correct scores %d", (correct, total, expected) => {
    expect(scoreExam(correct, total)).toBe(expected);
  });

  it("throws when there are no questions", () => {
    expect(() => scoreExam(0, 0)).toThrow(RangeError);
  });

  it("throws on impossible counts", () => {
    expect(() => scoreExam(7, 6)).toThrow(RangeError);
    expect(() => scoreExam(-1, 6)).toThrow(RangeError);
    expect(() => scoreExam(2.5, 6)).toThrow(RangeError);
    expect(() => scoreExam(1, -6)).toThrow(RangeError);
    expect(() => scoreExam(1, Number.NaN)).toThrow(RangeError);
  });
});

describe("formatScore", () => {
  it("always shows two decimals", () => {
    expect(formatScore(83.33)).toBe("83.33");
    expect(formatScore(100)).toBe("100.00");
    expect(formatScore(50)).toBe("50.00");
    expect(formatScore(0)).toBe("0.00");
    expect(formatScore(scoreExam(2, 3))).toBe("66.67");
  });
});

describe("isPerfect", () => {
  it("is true only at 100", () => {
    expect(isPerfect(100)).toBe(true);
    expect(isPerfect(scoreExam(6, 6))).toBe(true);
    expect(isPerfect(99.99)).toBe(false);
    expect(isPerfect(scoreExam(5, 6))).toBe(false);
    expect(isPerfect(0)).toBe(false);
  });
});

describe("shuffle", () => {
  it("returns a new array with the same items and leaves the input alone", () => {
    const input = Object.freeze(["a", "b", "c", "d"]);
    const result = shuffle(input);
    expect(result).not.toBe(input);
    expect([...result].sort()).toEqual(["a", "b", "c", "d"]);
    expect(input).toEqual(["a", "b", "c", "d"]);
  });

  it("follows Fisher–Yates with the given random source", () => {
    // random() = 0 always swaps position i with 0: [a,b,c,d] → [b,c,d,a]
    expect(shuffle(["a", "b", "c", "d"], () => 0)).toEqual(["b", "c", "d", "a"]);
    // random() just below 1 always picks j = i: nothing moves
    expect(shuffle(["a", "b", "c", "d"], () => 0.999_999)).toEqual(["a", "b", "c", "d"]);
  });

  it("stays in bounds if random() returns exactly 1", () => {
    expect(shuffle([1, 2, 3], () => 1)).toEqual([1, 2, 3]);
  });

  it("handles empty and single-item lists", () => {
    expect(shuffle([])).toEqual([]);
    expect(shuffle(["solo"])).toEqual(["solo"]);
  });

  it("can produce every ordering of three answers", () => {
    // Cycle through the 6 combinations of j choices (j for i=2 in 0..2, j for i=1 in 0..1).
    const seen = new Set<string>();
    for (const first of [0, 1, 2]) {
      for (const second of [0, 1]) {
        const draws = [(first + 0.5) / 3, (second + 0.5) / 2];
        seen.add(shuffle(["x", "y", "z"], () => draws.shift() ?? 0).join(""));
      }
    }
    expect(seen.size).toBe(6);
  });
});

import { describe, expect, it } from "vitest";
import {
  GALLERY_PAGE_SIZE,
  PRODUCTS_PER_PAGE,
  paginate,
  parsePage,
  resultsLabel,
} from "./pagination";

describe("page sizes", () => {
  it("match the spec", () => {
    expect(PRODUCTS_PER_PAGE).toBe(8);
    expect(GALLERY_PAGE_SIZE).toBe(6);
  });
});

describe("paginate", () => {
  it("returns no pages and 0 a 0 for an empty listing", () => {
    expect(paginate(0, 1, 8)).toEqual({ page: 1, pages: 0, from: 0, to: 0, offset: 0 });
    expect(paginate(0, 5, 8)).toEqual({ page: 1, pages: 0, from: 0, to: 0, offset: 0 });
  });

  it("computes pages as ceil(total / perPage) around the page-size boundary", () => {
    expect(paginate(1, 1, 8).pages).toBe(1);
    expect(paginate(7, 1, 8).pages).toBe(1);
    expect(paginate(8, 1, 8).pages).toBe(1);
    expect(paginate(9, 1, 8).pages).toBe(2);
    expect(paginate(16, 1, 8).pages).toBe(2);
    expect(paginate(17, 1, 8).pages).toBe(3);
  });

  it("gives the 1-based range of each page, with a short last page", () => {
    expect(paginate(20, 1, 8)).toEqual({ page: 1, pages: 3, from: 1, to: 8, offset: 0 });
    expect(paginate(20, 2, 8)).toEqual({ page: 2, pages: 3, from: 9, to: 16, offset: 8 });
    expect(paginate(20, 3, 8)).toEqual({ page: 3, pages: 3, from: 17, to: 20, offset: 16 });
    expect(paginate(16, 2, 8)).toEqual({ page: 2, pages: 2, from: 9, to: 16, offset: 8 });
    expect(paginate(1, 1, 8)).toEqual({ page: 1, pages: 1, from: 1, to: 1, offset: 0 });
  });

  it("clamps a page past the end to the last page", () => {
    expect(paginate(20, 4, 8)).toMatchObject({ page: 3, from: 17, to: 20, offset: 16 });
    expect(paginate(20, 999, 8)).toMatchObject({ page: 3 });
  });

  it("clamps a page below 1, or not a number, to the first page", () => {
    expect(paginate(20, 0, 8)).toMatchObject({ page: 1, from: 1, to: 8 });
    expect(paginate(20, -3, 8)).toMatchObject({ page: 1 });
    expect(paginate(20, Number.NaN, 8)).toMatchObject({ page: 1 });
    expect(paginate(20, Number.POSITIVE_INFINITY, 8)).toMatchObject({ page: 1 });
  });

  it("drops a fractional page number to the whole page", () => {
    expect(paginate(20, 2.9, 8)).toMatchObject({ page: 2, from: 9 });
  });

  it("works with the gallery page size", () => {
    expect(paginate(13, 3, GALLERY_PAGE_SIZE)).toEqual({
      page: 3,
      pages: 3,
      from: 13,
      to: 13,
      offset: 12,
    });
  });

  it("rejects a nonsensical page size or total", () => {
    expect(() => paginate(10, 1, 0)).toThrow(RangeError);
    expect(() => paginate(10, 1, 2.5)).toThrow(RangeError);
    expect(() => paginate(-1, 1, 8)).toThrow(RangeError);
    expect(() => paginate(Number.NaN, 1, 8)).toThrow(RangeError);
  });
});

describe("resultsLabel", () => {
  it("formats the listing counter", () => {
    expect(resultsLabel(paginate(20, 2, 8), 20)).toBe("9 a 16 de 20 resultados");
    expect(resultsLabel(paginate(20, 3, 8), 20)).toBe("17 a 20 de 20 resultados");
    expect(resultsLabel(paginate(0, 1, 8), 0)).toBe("0 a 0 de 0 resultados");
  });
});

describe("parsePage", () => {
  it.each([
    ["1", 1],
    ["2", 2],
    [" 3 ", 3],
    ["007", 7],
    ["120", 120],
  ])("reads %j as page %i", (value, expected) => {
    expect(parsePage(value)).toBe(expected);
  });

  it.each([null, "", "  ", "0", "-2", "2.5", "abc", "3abc", "1e3", "+2", "99999999999999999999"])(
    "falls back to page 1 for %j",
    (value) => {
      expect(parsePage(value)).toBe(1);
    },
  );
});

import { describe, expect, it } from "vitest";
import {
  formatSpanishCalendarDate,
  formatSpanishDate,
  formatSpanishDateTime,
  formatSpanishDayMonth,
  isCalendarDate,
} from "./dates";

describe("formatSpanishDate", () => {
  it("writes the date in Spanish", () => {
    expect(formatSpanishDate(new Date("2026-11-22T20:05:00Z"))).toBe("22 de noviembre de 2026");
    expect(formatSpanishDate(new Date("2025-01-05T18:00:00Z"))).toBe("5 de enero de 2025");
  });

  it("uses the Mexico City calendar day, not UTC", () => {
    // 03:00 UTC on the 23rd is still 21:00 on the 22nd in Mexico City (UTC−6).
    expect(formatSpanishDate(new Date("2026-11-23T03:00:00Z"))).toBe("22 de noviembre de 2026");
    expect(formatSpanishDate(new Date("2026-11-23T06:00:00Z"))).toBe("23 de noviembre de 2026");
    expect(formatSpanishDate(new Date("2026-01-01T05:59:00Z"))).toBe("31 de diciembre de 2025");
  });

  it("has no daylight-saving shift in summer (abolished in 2022)", () => {
    expect(formatSpanishDate(new Date("2026-07-01T05:59:00Z"))).toBe("30 de junio de 2026");
    expect(formatSpanishDate(new Date("2026-07-01T06:00:00Z"))).toBe("1 de julio de 2026");
  });

  it("throws on an invalid date", () => {
    expect(() => formatSpanishDate(new Date("not a date"))).toThrow(RangeError);
  });
});

describe("formatSpanishDateTime", () => {
  it("adds the 24-hour Mexico City time", () => {
    expect(formatSpanishDateTime(new Date("2026-11-22T20:05:00Z"))).toBe(
      "22 de noviembre de 2026, 14:05",
    );
    expect(formatSpanishDateTime(new Date("2026-11-23T05:59:00Z"))).toBe(
      "22 de noviembre de 2026, 23:59",
    );
    expect(formatSpanishDateTime(new Date("2026-11-23T06:00:00Z"))).toBe(
      "23 de noviembre de 2026, 00:00",
    );
    expect(formatSpanishDateTime(new Date("2026-03-09T15:07:00Z"))).toBe(
      "9 de marzo de 2026, 09:07",
    );
  });

  it("throws on an invalid date", () => {
    expect(() => formatSpanishDateTime(new Date(Number.NaN))).toThrow(RangeError);
  });
});

describe("formatSpanishDayMonth", () => {
  it("writes day and month only", () => {
    expect(formatSpanishDayMonth(new Date("2025-10-23T18:00:00Z"))).toBe("23 de octubre");
    expect(formatSpanishDayMonth(new Date("2025-11-18T18:00:00Z"))).toBe("18 de noviembre");
  });
});

describe("calendar dates (the content files' 'actualizado')", () => {
  it("accepts real days written YYYY-MM-DD only", () => {
    for (const ok of ["2026-11-22", "2024-02-29", "2000-01-01"]) expect(isCalendarDate(ok), ok).toBe(true);
    for (const bad of ["2026-02-30", "2025-02-29", "2026-13-01", "2026-11-2", "22/11/2026", "2026-11-22T00:00", ""]) {
      expect(isCalendarDate(bad), bad).toBe(false);
    }
  });

  it("writes the day written, not the UTC evening before", () => {
    expect(formatSpanishCalendarDate("2026-11-22")).toBe("22 de noviembre de 2026");
    expect(formatSpanishCalendarDate("2026-01-01")).toBe("1 de enero de 2026");
    expect(() => formatSpanishCalendarDate("2026-02-30")).toThrow(RangeError);
  });
});

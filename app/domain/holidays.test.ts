// engine-neutral: pure calendar rules, no database
import { describe, expect, it } from "vitest";
import { closedHolidays, statutoryHolidays } from "./holidays";

describe("statutory holidays (LFT art. 74)", () => {
  it("2026: the fixed dates and the Mondays", () => {
    expect(statutoryHolidays(2026).map((h) => h.fecha)).toEqual([
      "2026-01-01",
      "2026-02-02",
      "2026-03-16",
      "2026-05-01",
      "2026-09-16",
      "2026-11-16",
      "2026-12-25",
    ]);
  });

  it("1 October every six years from 2024 only", () => {
    expect(statutoryHolidays(2024).map((h) => h.fecha)).toContain("2024-10-01");
    expect(statutoryHolidays(2030).map((h) => h.fecha)).toContain("2030-10-01");
    expect(statutoryHolidays(2027).map((h) => h.fecha)).not.toContain("2027-10-01");
    expect(statutoryHolidays(2018).map((h) => h.fecha)).not.toContain("2018-10-01");
  });

  it("a Monday holiday on the first possible day (Feb 2027 starts on Monday)", () => {
    expect(statutoryHolidays(2027).find((h) => h.nombre === "Día de la Constitución")?.fecha).toBe("2027-02-01");
  });

  it("closed across a year's end, minus the days the studio opened", () => {
    expect(closedHolidays("2026-11-28", "2027-02-10")).toEqual(["2026-12-25", "2027-01-01", "2027-02-01"]);
    expect(closedHolidays("2026-11-28", "2027-02-10", new Set(["2026-12-25"]))).toEqual(["2027-01-01", "2027-02-01"]);
  });
});

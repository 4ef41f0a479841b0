import { describe, expect, it } from "vitest";
import {
  diasNaturalesHasta,
  esDiaHabil,
  feriadosBancarios,
  finDelDia,
  liberacionFicha,
  siguienteDiaHabil,
} from "./settlement-window";

// Mexico City is UTC-6 all year (no daylight saving since 2022): 23:59:59 local = 05:59:59Z the next day.
const local = (iso: string) => new Date(`${iso}-06:00`);

describe("the settlement grace of an unpaid voucher (Stripe: the next business day)", () => {
  it("a voucher that expires on a Wednesday evening is released at the end of Thursday, not at its expiry", () => {
    const vence = local("2026-12-02T23:59:00"); // Wednesday
    expect(liberacionFicha(vence, "stripe")).toEqual(local("2026-12-03T23:59:59"));
    expect(liberacionFicha(vence, "stripe").getTime()).toBeGreaterThan(vence.getTime());
  });

  it("a Friday expiry is released at the end of Monday; a Saturday or Sunday one too", () => {
    expect(liberacionFicha(local("2026-12-04T23:59:00"), "stripe")).toEqual(local("2026-12-07T23:59:59"));
    expect(liberacionFicha(local("2026-12-05T10:00:00"), "conekta")).toEqual(local("2026-12-07T23:59:59"));
    expect(liberacionFicha(local("2026-12-06T23:59:00"), "demo")).toEqual(local("2026-12-07T23:59:59"));
  });

  it("counts the studio's day, not UTC's: 20:00 on Friday in Mexico City is already Saturday in UTC", () => {
    expect(liberacionFicha(new Date("2026-12-05T02:00:00Z"), "stripe")).toEqual(local("2026-12-07T23:59:59"));
  });

  it("skips the days Mexican banks close: the voucher expiring the day before 16 September waits for the 17th", () => {
    // 2026-09-15 is a Tuesday; the 16th (Independencia) is a bank holiday.
    expect(liberacionFicha(local("2026-09-15T23:59:00"), "stripe")).toEqual(local("2026-09-17T23:59:59"));
    // Holy week 2026: Easter is 5 April, so Thursday 2 and Friday 3 April are closed → Monday 6.
    expect(liberacionFicha(local("2026-04-01T23:59:00"), "stripe")).toEqual(local("2026-04-06T23:59:59"));
    // 2026-12-24 Thursday → the 25th is closed → Monday the 28th.
    expect(liberacionFicha(local("2026-12-24T23:59:00"), "stripe")).toEqual(local("2026-12-28T23:59:59"));
  });

  it("the bank holidays: fixed dates, the Mondays of the LFT, holy week, 1 October every six years", () => {
    const h2026 = feriadosBancarios(2026);
    for (const day of ["2026-01-01", "2026-02-02", "2026-03-16", "2026-04-02", "2026-04-03", "2026-05-01"]) {
      expect(h2026.has(day), day).toBe(true);
    }
    for (const day of ["2026-09-16", "2026-11-02", "2026-11-16", "2026-12-12", "2026-12-25"]) {
      expect(h2026.has(day), day).toBe(true);
    }
    expect(h2026.has("2026-10-01")).toBe(false);
    expect(feriadosBancarios(2030).has("2030-10-01")).toBe(true);
    expect(esDiaHabil("2026-12-07")).toBe(true);
    expect(esDiaHabil("2026-12-05")).toBe(false);
    expect(siguienteDiaHabil("2026-12-31")).toBe("2027-01-04");
  });

  it("the end of a studio day and the whole days Stripe counts to an expiry", () => {
    expect(finDelDia("2026-12-02")).toEqual(local("2026-12-02T23:59:59"));
    expect(diasNaturalesHasta(local("2026-12-05T23:59:59"), local("2026-12-02T21:00:00"))).toBe(3);
    expect(diasNaturalesHasta(local("2026-12-03T00:30:00"), local("2026-12-02T23:30:00"))).toBe(1);
  });
});

import { describe, expect, it } from "vitest";
import {
  type CodeRules,
  codeMessages,
  codeRefusal,
  datesInOrder,
  orderCodeDiscount,
  studioDay,
} from "./discount-rules";

const none: CodeRules = {
  vigenteDesde: null,
  vigenteHasta: null,
  limiteUsos: null,
  limitePorCliente: null,
  montoMinimo: null,
};
// 2026-03-10 00:30 in Mexico City is 06:30 UTC (UTC−6, no daylight saving since 2022)
const earlyOn10th = new Date("2026-03-10T06:30:00Z");

describe("codeRefusal", () => {
  it("accepts a code without rules (the spec's codes stay as they were)", () => {
    expect(codeRefusal(none, { now: earlyOn10th, monto: 1, usos: 999, usosCliente: 999 })).toBeNull();
  });

  it("counts dates as calendar days in the studio, both ends included", () => {
    expect(studioDay(earlyOn10th)).toBe("2026-03-10");
    // still the 9th in Guadalajara although it is the 10th in UTC
    expect(studioDay(new Date("2026-03-10T05:30:00Z"))).toBe("2026-03-09");
    const rules = { ...none, vigenteDesde: "2026-03-10", vigenteHasta: "2026-03-12" };
    expect(codeRefusal(rules, { now: new Date("2026-03-10T05:59:59Z"), monto: 0 })).toBe(
      "Este código aún no está vigente.",
    );
    expect(codeRefusal(rules, { now: earlyOn10th, monto: 0 })).toBeNull();
    expect(codeRefusal(rules, { now: new Date("2026-03-13T05:59:59Z"), monto: 0 })).toBeNull();
    expect(codeRefusal(rules, { now: new Date("2026-03-13T06:00:00Z"), monto: 0 })).toBe("Este código ya venció.");
  });

  it("refuses at the limit per code and per client, not before", () => {
    const rules = { ...none, limiteUsos: 5, limitePorCliente: 1 };
    expect(codeRefusal(rules, { now: earlyOn10th, monto: 0, usos: 4, usosCliente: 0 })).toBeNull();
    expect(codeRefusal(rules, { now: earlyOn10th, monto: 0, usos: 5, usosCliente: 0 })).toBe(codeMessages.usedUp);
    expect(codeRefusal(rules, { now: earlyOn10th, monto: 0, usos: 0, usosCliente: 1 })).toBe(
      "Este código ya se usó el máximo de veces.",
    );
    // unknown counts (no client yet) are not refused here: the order's transaction counts them
    expect(codeRefusal(rules, { now: earlyOn10th, monto: 0 })).toBeNull();
  });

  it("asks for the minimum amount, in pesos", () => {
    const rules = { ...none, montoMinimo: 150_000 };
    expect(codeRefusal(rules, { now: earlyOn10th, monto: 149_999 })).toBe(
      "Este código aplica en compras desde $1,500.00 MXN.",
    );
    expect(codeRefusal(rules, { now: earlyOn10th, monto: 150_000 })).toBeNull();
  });
});

describe("orderCodeDiscount", () => {
  it("takes the percent off the subtotal, the charge floored to the centavo", () => {
    expect(orderCodeDiscount(100_000, 10)).toBe(10_000);
    // 3333 × 90 / 100 = 2999.7 → charged 2999, so 334 off
    expect(orderCodeDiscount(3333, 10)).toBe(334);
    expect(orderCodeDiscount(0, 50)).toBe(0);
    expect(orderCodeDiscount(5000, 100)).toBe(5000);
  });
});

describe("datesInOrder", () => {
  it("accepts open ends and refuses an end before the start", () => {
    expect(datesInOrder(null, null)).toBe(true);
    expect(datesInOrder("2026-01-01", null)).toBe(true);
    expect(datesInOrder("2026-01-02", "2026-01-02")).toBe(true);
    expect(datesInOrder("2026-01-02", "2026-01-01")).toBe(false);
  });
});

import { describe, expect, it } from "vitest";
import {
  clabeCheckDigit,
  code128Modules,
  formatClabe,
  isValidClabe,
  luhnCheckDigit,
  motivoNoDisponible,
  ofertaPago,
  planesPorMonto,
} from "./payment-methods";

describe("CLABE", () => {
  it("Banxico's control digit (weights 3, 7, 1)", () => {
    expect(isValidClabe("032180000118359719")).toBe(true);
    expect(isValidClabe("002010077777777771")).toBe(true);
    expect(isValidClabe("032180000118359710")).toBe(false);
    expect(isValidClabe("03218000011835971")).toBe(false);
    expect(clabeCheckDigit("03218000011835971")).toBe(9);
    expect(formatClabe("032180000118359719")).toBe("032 180 0001 1835 9719");
  });
});

describe("voucher numbers and Code 128", () => {
  it("Luhn digit", () => {
    expect(luhnCheckDigit("7992739871")).toBe(3);
  });
  it("set C: start, pairs, checksum, stop; 11 modules per symbol, 13 for stop; bars and spaces alternate", () => {
    const modules = code128Modules("12345678");
    // start C + 4 pairs + checksum = 6 symbols × 6 widths, plus stop's 7
    expect(modules).toHaveLength(6 * 6 + 7);
    expect(modules.reduce((a, b) => a + b, 0)).toBe(6 * 11 + 13);
    // start C (105) is 211232
    expect(modules.slice(0, 6)).toEqual([2, 1, 1, 2, 3, 2]);
    // checksum: (105 + 12·1 + 34·2 + 56·3 + 78·4) mod 103 = 47 → 133121
    expect(modules.slice(30, 36)).toEqual([1, 3, 3, 1, 2, 1]);
  });
  it("an odd number of digits starts in set B", () => {
    expect(code128Modules("123").slice(0, 6)).toEqual([2, 1, 1, 2, 1, 4]);
    expect(() => code128Modules("12a")).toThrow();
  });
});

describe("what step 3 offers", () => {
  const cap = { methods: ["tarjeta", "oxxo", "spei"] as const, oxxoMaximum: 1_000_000, minimumAmount: 1000 };
  it("MSI plans by amount: $100 per month", () => {
    expect(planesPorMonto(29_999)).toEqual([]);
    expect(planesPorMonto(30_000)).toEqual([3]);
    expect(planesPorMonto(499_000)).toEqual([3, 6, 9, 12]);
  });
  it("OXXO not above its limit; plans only when the card can pay", () => {
    const big = ofertaPago({ ...cap, plans: planesPorMonto(1_200_000) }, 1_200_000);
    expect(motivoNoDisponible(big, "oxxo")).toContain("$10,000.00");
    expect(motivoNoDisponible(big, "spei")).toBeNull();
    expect(big.planes).toEqual([3, 6, 9, 12]);
    const tiny = ofertaPago({ ...cap, plans: [] }, 500);
    expect(tiny.metodos.every((m) => !m.disponible)).toBe(true);
    const cardOnly = ofertaPago({ ...cap, methods: ["tarjeta"], plans: [] }, 50_000);
    expect(cardOnly.metodos.map((m) => m.metodo)).toEqual(["tarjeta"]);
    expect(motivoNoDisponible(cardOnly, "oxxo")).not.toBeNull();
  });
});

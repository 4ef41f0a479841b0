import { describe, expect, it } from "vitest";
import {
  clabeCheckDigit,
  code128Modules,
  cuotasMsi,
  describirMsi,
  formatClabe,
  isValidClabe,
  luhnCheckDigit,
  MESES_MSI,
  motivoNoDisponible,
  motivoPlanRechazado,
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

describe("meses sin intereses to the centavo", () => {
  const awkward = [100_001, 1_000_000, 99_999, 123_457, 30_000, 499_000, 1_200_011];
  it("the months add up to the total exactly; all but the last equal (floor), the last carries the remainder", () => {
    for (const total of awkward) {
      for (const meses of MESES_MSI) {
        const cuotas = cuotasMsi(total, meses);
        expect(cuotas).toHaveLength(meses);
        expect(cuotas.reduce((a, b) => a + b, 0)).toBe(total);
        const mensual = Math.floor(total / meses);
        expect(cuotas.slice(0, -1).every((c) => c === mensual)).toBe(true);
        expect(cuotas[meses - 1] - mensual).toBeGreaterThanOrEqual(0);
        expect(cuotas[meses - 1] - mensual).toBeLessThan(meses);
      }
    }
  });
  it("$1,000.01 over 3, 6, 9 and 12 months", () => {
    expect(cuotasMsi(100_001, 3)).toEqual([33_333, 33_333, 33_335]);
    expect(cuotasMsi(100_001, 6)).toEqual([16_666, 16_666, 16_666, 16_666, 16_666, 16_671]);
    expect(cuotasMsi(100_001, 9).slice(-2)).toEqual([11_111, 11_113]);
    expect(cuotasMsi(100_001, 12).slice(-2)).toEqual([8_333, 8_338]);
  });
  it("what is shown says the last month when it differs, and never more than the total", () => {
    expect(describirMsi(3, 100_001)).toBe("3 meses sin intereses de $333.33 (el último de $333.35)");
    expect(describirMsi(6, 300_000)).toBe("6 meses sin intereses de $500.00");
    expect(() => cuotasMsi(1000, 0)).toThrow(RangeError);
  });
  it("the server's re-check: the plan charged is the plan chosen, allowed for the total and by the card", () => {
    const planes = [3, 6, 9, 12];
    expect(motivoPlanRechazado({ elegido: null, cobrado: null, planes })).toBeNull();
    expect(motivoPlanRechazado({ elegido: 6, cobrado: 6, planes, planesTarjeta: [3, 6] })).toBeNull();
    expect(motivoPlanRechazado({ elegido: 6, cobrado: 12, planes })).toContain("no es el que elegiste");
    expect(motivoPlanRechazado({ elegido: null, cobrado: 3, planes })).toContain("No se hizo ningún cargo");
    expect(motivoPlanRechazado({ elegido: 6, cobrado: null, planes })).not.toBeNull();
    expect(motivoPlanRechazado({ elegido: 12, cobrado: 12, planes: [3] })).toContain("12 meses");
    expect(motivoPlanRechazado({ elegido: 12, cobrado: 12, planes, planesTarjeta: [3, 6] })).toContain(
      "Tu banco no ofrece 12 meses",
    );
  });
});

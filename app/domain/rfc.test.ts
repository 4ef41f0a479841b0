import { describe, expect, it } from "vitest";
import { RFC_GENERICO_EXTRANJERO, RFC_GENERICO_NACIONAL, normalizeRfc, rfcCheckDigit, validateRfc } from "./rfc";

describe("rfcCheckDigit (módulo 11)", () => {
  // RFCs of the SAT's public test certificates and its documentation examples.
  it.each([
    ["EKU9003173C9", "9"],
    ["XIA190128J61", "1"],
    ["CACX7605101P8", "8"],
    ["GODE561231GR8", "8"],
  ])("%s ends in %s", (rfc, digit) => {
    expect(rfcCheckDigit(rfc.slice(0, -1))).toBe(digit);
  });

  it("writes 10 as A and 11 as 0", () => {
    // Found by trying homoclaves: the sums leave remainders 1 and 0.
    const withA = ["AAAA", "800101", "A"].join("");
    const digits = new Set<string>();
    for (const c of "0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZ") digits.add(rfcCheckDigit(`${withA}${c}`));
    expect(digits.has("A")).toBe(true);
    expect(digits.has("0")).toBe(true);
    for (const d of digits) expect(d).toMatch(/^[0-9A]$/);
  });
});

describe("validateRfc", () => {
  it("accepts a persona física (13) and a persona moral (12)", () => {
    expect(validateRfc("CACX7605101P8")).toEqual({ ok: true, rfc: "CACX7605101P8", tipo: "fisica" });
    expect(validateRfc("EKU9003173C9")).toEqual({ ok: true, rfc: "EKU9003173C9", tipo: "moral" });
  });

  it("reads it as people copy it: lower case, spaces, dashes", () => {
    expect(normalizeRfc(" gode-561231-gr8 ")).toBe("GODE561231GR8");
    expect(validateRfc("gode 561231 gr8")).toMatchObject({ ok: true, rfc: "GODE561231GR8" });
  });

  it("accepts Ñ and & in the letters", () => {
    const base = "PÑ&800101A1";
    const rfc = `${base}${rfcCheckDigit(base)}`;
    expect(rfc).toHaveLength(12);
    expect(validateRfc(rfc)).toMatchObject({ ok: true, tipo: "moral" });
  });

  it("accepts the SAT's generic RFCs as written", () => {
    expect(validateRfc(RFC_GENERICO_NACIONAL)).toEqual({ ok: true, rfc: "XAXX010101000", tipo: "generico" });
    expect(validateRfc(RFC_GENERICO_EXTRANJERO)).toEqual({ ok: true, rfc: "XEXX010101000", tipo: "generico" });
    expect(validateRfc("xaxx-010101-000")).toMatchObject({ ok: true, tipo: "generico" });
  });

  it("refuses a wrong check digit", () => {
    expect(validateRfc("CACX7605101P9")).toMatchObject({ ok: false, message: expect.stringContaining("dígito verificador") });
    expect(validateRfc("EKU9003173C8")).toMatchObject({ ok: false });
  });

  it("refuses an impossible date", () => {
    expect(validateRfc("CACX7613101P8")).toMatchObject({ ok: false, message: "La fecha dentro del RFC no es válida" });
    expect(validateRfc("CACX7602301P8")).toMatchObject({ ok: false, message: "La fecha dentro del RFC no es válida" });
    // 29 February: 2000 (and 1900+00 is not, but the century is not written) is a leap year
    const leap = `LOPA000229AB`;
    expect(validateRfc(`${leap}${rfcCheckDigit(leap)}`)).toMatchObject({ ok: true });
    const notLeap = `LOPA010229AB`;
    expect(validateRfc(`${notLeap}${rfcCheckDigit(notLeap)}`)).toMatchObject({ ok: false });
  });

  it("refuses the wrong length or shape", () => {
    expect(validateRfc("")).toMatchObject({ ok: false, message: "Escribe tu RFC" });
    expect(validateRfc("CACX760510")).toMatchObject({ ok: false, message: expect.stringContaining("13 caracteres") });
    expect(validateRfc("CAC17605101P8")).toMatchObject({ ok: false, message: expect.stringContaining("persona física") });
    expect(validateRfc("EK19003173C9")).toMatchObject({ ok: false, message: expect.stringContaining("persona moral") });
    expect(validateRfc("CACX7605101PZ")).toMatchObject({ ok: false });
  });
});

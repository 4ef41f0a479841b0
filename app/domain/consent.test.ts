import { describe, expect, it } from "vitest";
import {
  SIGNATURE_PATH_MAX,
  addMonths,
  canonicalJson,
  consentStanding,
  drawnSignatureErrors,
  parseDrawnSignature,
  recordHashText,
  strokesToPath,
} from "./consent";

describe("the drawn signature", () => {
  it("keeps a path of absolute moves and relative integer lines inside the box", () => {
    expect(parseDrawnSignature("M10 20l5 5 10 -3 20 0M100 50l-4 8 30 2")).toEqual({
      ok: true,
      trazo: "M10 20l5 5 10 -3 20 0M100 50l-4 8 30 2",
    });
    expect(parseDrawnSignature("")).toEqual({ ok: true, trazo: null });
    expect(parseDrawnSignature(undefined)).toEqual({ ok: true, trazo: null });
  });

  it("refuses what is not such a path, in Spanish", () => {
    for (const forged of [
      "<svg onload=alert(1)>",
      "M10 20C1 2 3 4 5 6",
      "M10 20l5",
      "M10,20l5,5",
      "M10 20l5 5z",
      "M10 20l600 0", // leaves the box
      "M700 20l5 5",
      "M10 20l-20 0",
      "javascript:alert(1)",
    ]) {
      expect(parseDrawnSignature(forged), forged).toEqual({ ok: false, error: drawnSignatureErrors.invalid });
    }
    expect(parseDrawnSignature(42)).toEqual({ ok: false, error: drawnSignatureErrors.invalid });
    expect(parseDrawnSignature("M10 20l1 1")).toEqual({ ok: false, error: drawnSignatureErrors.tooShort });
  });

  it("refuses one too big: too long, too many strokes or points", () => {
    const long = `M0 0l${"1 0 -1 0 ".repeat(SIGNATURE_PATH_MAX / 8).trim()}`;
    expect(parseDrawnSignature(long)).toEqual({ ok: false, error: drawnSignatureErrors.tooBig });
    expect(parseDrawnSignature("M1 1l9 9".repeat(61))).toEqual({ ok: false, error: drawnSignatureErrors.tooBig });
    const manyPoints = `M0 0l${"1 0 -1 0 ".repeat(610).trim()}`;
    expect(manyPoints.length).toBeLessThan(SIGNATURE_PATH_MAX);
    expect(parseDrawnSignature(manyPoints)).toEqual({ ok: false, error: drawnSignatureErrors.tooBig });
  });

  it("the pad's points become a path the check accepts (rounded, clamped, repeats dropped)", () => {
    const path = strokesToPath([
      [
        { x: 10.4, y: 20.6 },
        { x: 10.4, y: 20.6 },
        { x: 40, y: 30 },
        { x: 700, y: -5 },
      ],
      [],
      [{ x: 5, y: 5 }],
    ]);
    expect(path).toBe("M10 21l30 9 560 -30M5 5");
    expect(parseDrawnSignature(path)).toEqual({ ok: true, trazo: path });
  });
});

describe("when a returning client signs again", () => {
  const signed = new Date("2025-12-01T17:00:00Z");
  const last = { versionHash: "v1", firmadoEn: signed, preguntas: ["embarazo", "alergias"] };
  const current = { hash: "v1", preguntas: ["embarazo"] };

  it("her consent stands on the same version, within 12 months, covering the questions", () => {
    expect(consentStanding(last, current, new Date("2026-11-30T17:00:00Z"))).toEqual({ vigente: true });
  });

  it("signs again: never signed, a new version, 12 months later, or a treatment asking more", () => {
    expect(consentStanding(null, current, signed)).toEqual({ vigente: false, motivo: "sin-firma" });
    expect(consentStanding(last, { ...current, hash: "v2" }, signed)).toEqual({
      vigente: false,
      motivo: "nueva-version",
    });
    expect(consentStanding(last, current, new Date("2026-12-01T17:00:00Z"))).toEqual({
      vigente: false,
      motivo: "vencido",
    });
    expect(consentStanding(last, { hash: "v1", preguntas: ["embarazo", "herpes"] }, signed)).toEqual({
      vigente: false,
      motivo: "preguntas",
    });
  });

  it("counts calendar months (31 January + 1 month is 28 February)", () => {
    expect(addMonths(new Date("2026-01-31T10:00:00Z"), 1).toISOString()).toBe("2026-02-28T10:00:00.000Z");
    expect(addMonths(new Date("2024-02-29T10:00:00Z"), 12).toISOString()).toBe("2025-02-28T10:00:00.000Z");
  });
});

describe("the hash's text", () => {
  it("is the same whatever order the object was built in", () => {
    expect(canonicalJson({ b: 1, a: [{ d: 2, c: null }] })).toBe(canonicalJson({ a: [{ c: null, d: 2 }], b: 1 }));
    expect(canonicalJson({ a: undefined, b: "x" })).toBe('{"b":"x"}');
  });

  it("changes with any answer, the signature or the instant", () => {
    const base = {
      versionHash: "abc",
      respuestas: [{ id: "embarazo", pregunta: "¿Embarazo?", respuesta: "no", detalle: "" }],
      firmaNombre: "Ana López",
      firmaTrazo: null,
      firmadoEn: new Date("2026-11-30T18:00:00Z"),
    };
    const text = recordHashText(base);
    expect(recordHashText({ ...base, respuestas: [{ ...base.respuestas[0], respuesta: "si" }] })).not.toBe(text);
    expect(recordHashText({ ...base, firmaTrazo: "M1 1l30 0" })).not.toBe(text);
    expect(recordHashText({ ...base, firmadoEn: new Date("2026-11-30T18:00:00.001Z") })).not.toBe(text);
    expect(recordHashText({ ...base, versionHash: "abd" })).not.toBe(text);
  });
});

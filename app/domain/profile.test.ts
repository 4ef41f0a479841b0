import { describe, expect, it } from "vitest";
import { NOMBRE_MAX, validateProfileName } from "./profile";

describe("validateProfileName", () => {
  it("requires a name (SPEC section 5) with a Spanish error", () => {
    expect(validateProfileName("")).toEqual({ error: "El nombre es obligatorio." });
    expect(validateProfileName("   ")).toEqual({ error: "El nombre es obligatorio." });
    expect(validateProfileName(null)).toEqual({ error: "El nombre es obligatorio." });
  });

  it("trims and collapses spaces", () => {
    expect(validateProfileName("  Ana   María ")).toEqual({ nombre: "Ana María" });
  });

  it("bounds the length", () => {
    expect(validateProfileName("x".repeat(NOMBRE_MAX))).toEqual({ nombre: "x".repeat(NOMBRE_MAX) });
    expect(validateProfileName("x".repeat(NOMBRE_MAX + 1))).toEqual({
      error: `El nombre puede tener como máximo ${NOMBRE_MAX} caracteres.`,
    });
  });
});

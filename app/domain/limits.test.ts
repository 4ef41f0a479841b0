import { describe, expect, it } from "vitest";
import {
  anyControlCharacter,
  hasControlCharacter,
  isPlainId,
  minutesText,
  textTooLong,
  tooManyAttempts,
  withoutNul,
} from "./limits";

describe("limits", () => {
  it("says how long to wait in whole minutes, rounded up", () => {
    expect(minutesText(1)).toBe("1 minuto");
    expect(minutesText(61)).toBe("2 minutos");
    expect(tooManyAttempts(900).text).toBe("Demasiados intentos. Intenta de nuevo en 15 minutos.");
  });

  it("names the field and its maximum when a text is too long", () => {
    expect(textTooLong("comentario", 2000).text).toBe(
      "El dato de comentario es demasiado largo (máximo 2000 caracteres).",
    );
  });

  it("drops U+0000 from text and refuses ids with control characters or over 100 characters", () => {
    expect(withoutNul("a\u0000b\u0000")).toBe("ab");
    expect(isPlainId("producto-1")).toBe(true);
    for (const bad of ["", "a\u0000", "a\nb", "x".repeat(101), 5, null]) expect(isPlainId(bad)).toBe(false);
  });

  it("finds control characters: C0 and DEL anywhere; tab and line breaks only outside multi-line text", () => {
    for (const bad of ["a\u0000", "\u0001", "x\u001fy", "\u007f", "\u001b[31m"]) {
      expect(hasControlCharacter(bad)).toBe(true);
      expect(hasControlCharacter(bad, { multiline: true })).toBe(true);
    }
    expect(hasControlCharacter("uno\r\ndos\tfin")).toBe(true);
    expect(hasControlCharacter("uno\r\ndos\tfin", { multiline: true })).toBe(false);
    expect(hasControlCharacter("Ana López ¿ñ? \u00a0 😀")).toBe(false);
    expect(anyControlCharacter({ a: ["ok", { b: "x\u0000" }] })).toBe(true);
    expect(anyControlCharacter({ "k\u0000": "ok" })).toBe(true);
    expect(anyControlCharacter({ a: ["ok\n", 5, null, { b: true }] })).toBe(false);
  });
});

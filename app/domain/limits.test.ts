import { describe, expect, it } from "vitest";
import { isPlainId, minutesText, textTooLong, tooManyAttempts, withoutNul } from "./limits";

describe("limits", () => {
  it("says how long to wait in whole minutes, rounded up", () => {
    expect(minutesText(1)).toBe("1 minuto");
    expect(minutesText(61)).toBe("2 minutos");
    expect(tooManyAttempts(900).text).toBe("Demasiados intentos. Intenta de nuevo en 15 minutos.");
  });

  it("names the field and its maximum when a text is too long", () => {
    expect(textTooLong("comentario", 2000).text).toBe("El dato de comentario es demasiado largo (máximo 2000 caracteres).");
  });

  it("drops U+0000 from text and refuses ids with control characters or over 100 characters", () => {
    expect(withoutNul("a\u0000b\u0000")).toBe("ab");
    expect(isPlainId("producto-1")).toBe(true);
    for (const bad of ["", "a\u0000", "a\nb", "x".repeat(101), 5, null]) expect(isPlainId(bad)).toBe(false);
  });
});

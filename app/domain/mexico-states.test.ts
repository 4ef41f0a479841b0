import { describe, expect, it } from "vitest";
import { ESTADOS_MEXICO, estadoMexico } from "./mexico-states";

describe("the 32 states of Mexico", () => {
  it("lists 32 distinct names, Jalisco and Ciudad de México among them", () => {
    expect(ESTADOS_MEXICO).toHaveLength(32);
    expect(new Set(ESTADOS_MEXICO).size).toBe(32);
    expect(ESTADOS_MEXICO).toContain("Jalisco");
    expect(ESTADOS_MEXICO).toContain("Ciudad de México");
  });

  it("is sorted as Spanish sorts", () => {
    expect([...ESTADOS_MEXICO].sort((a, b) => a.localeCompare(b, "es"))).toEqual([...ESTADOS_MEXICO]);
  });

  it("maps each name to itself, and other spellings to the official one", () => {
    for (const name of ESTADOS_MEXICO) expect(estadoMexico(name)).toBe(name);
    expect(estadoMexico("  jalisco ")).toBe("Jalisco");
    expect(estadoMexico("NUEVO LEON")).toBe("Nuevo León");
    expect(estadoMexico("CDMX")).toBe("Ciudad de México");
    expect(estadoMexico("Distrito Federal")).toBe("Ciudad de México");
    expect(estadoMexico("Edo. de México")).toBe("Estado de México");
    expect(estadoMexico("Michoacán")).toBe("Michoacán de Ocampo");
  });

  it("refuses what names no state", () => {
    expect(estadoMexico("")).toBeNull();
    expect(estadoMexico("Texas")).toBeNull();
    expect(estadoMexico("Guadalajara")).toBeNull();
  });
});

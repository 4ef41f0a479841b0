import { describe, expect, it } from "vitest";
import {
  CP_PREFIJOS,
  ESTADOS_MEXICO,
  type EstadoMexico,
  codigoPostalDelEstado,
  estadoDelCodigoPostal,
  estadoMexico,
  paisMexico,
} from "./mexico-states";

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

describe("postal codes by state", () => {
  /** A real postal code of each state (its capital, or its largest city). */
  const CAPITALES: Record<EstadoMexico, string> = {
    Aguascalientes: "20000",
    "Baja California": "21000",
    "Baja California Sur": "23000",
    Campeche: "24000",
    Chiapas: "29000",
    Chihuahua: "31000",
    "Ciudad de México": "06000",
    "Coahuila de Zaragoza": "25000",
    Colima: "28000",
    Durango: "34000",
    "Estado de México": "50000",
    Guanajuato: "36000",
    Guerrero: "39000",
    Hidalgo: "42000",
    Jalisco: "44100",
    "Michoacán de Ocampo": "58000",
    Morelos: "62000",
    Nayarit: "63000",
    "Nuevo León": "64000",
    Oaxaca: "68000",
    Puebla: "72000",
    Querétaro: "76000",
    "Quintana Roo": "77500",
    "San Luis Potosí": "78000",
    Sinaloa: "80000",
    Sonora: "83000",
    Tabasco: "86000",
    Tamaulipas: "87000",
    Tlaxcala: "90000",
    "Veracruz de Ignacio de la Llave": "91000",
    Yucatán: "97000",
    Zacatecas: "98000",
  };

  it("each of the 32 states: its own postal code passes, and it belongs to no other state", () => {
    expect(Object.keys(CP_PREFIJOS).sort()).toEqual([...ESTADOS_MEXICO].sort());
    for (const estado of ESTADOS_MEXICO) {
      const cp = CAPITALES[estado];
      expect(codigoPostalDelEstado(cp, estado), `${cp} en ${estado}`).toBe(true);
      expect(estadoDelCodigoPostal(cp)).toBe(estado);
      const [desde, hasta] = CP_PREFIJOS[estado];
      expect(codigoPostalDelEstado(`${String(desde).padStart(2, "0")}000`, estado)).toBe(true);
      expect(codigoPostalDelEstado(`${String(hasta).padStart(2, "0")}999`, estado)).toBe(true);
      // One just outside the range on each side is someone else's (or nobody's).
      expect(codigoPostalDelEstado(`${String(desde - 1).padStart(2, "0")}999`, estado)).toBe(false);
      if (hasta < 99) expect(codigoPostalDelEstado(`${hasta + 1}000`, estado)).toBe(false);
    }
  });

  it("the ranges never overlap and cover 01–16 and 20–99; 00 and 17–19 are nobody's", () => {
    for (let prefijo = 0; prefijo <= 99; prefijo++) {
      const cp = `${String(prefijo).padStart(2, "0")}100`;
      const owners = ESTADOS_MEXICO.filter((e) => codigoPostalDelEstado(cp, e));
      const assigned = (prefijo >= 1 && prefijo <= 16) || prefijo >= 20;
      expect(owners, cp).toHaveLength(assigned ? 1 : 0);
    }
  });

  it("the issue's examples", () => {
    expect(codigoPostalDelEstado("44100", "Jalisco")).toBe(true);
    expect(codigoPostalDelEstado("01000", "Ciudad de México")).toBe(true);
    expect(codigoPostalDelEstado("64000", "Jalisco")).toBe(false);
    expect(codigoPostalDelEstado("90210", "Jalisco")).toBe(false);
    expect(codigoPostalDelEstado("4410", "Jalisco")).toBe(false);
  });
});

describe("the country", () => {
  it("México however it is written; any other country is refused", () => {
    for (const pais of ["México", "mexico", " MEXICO ", "MX", "Méx.", "Estados Unidos Mexicanos"]) {
      expect(paisMexico(pais), pais).toBe("México");
    }
    for (const pais of ["USA", "Estados Unidos", "Guatemala", "Nuevo México", "", "Jalisco"]) {
      expect(paisMexico(pais), pais).toBeNull();
    }
  });
});

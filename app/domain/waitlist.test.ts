import { describe, expect, it } from "vitest";
import { entryWants, parseWaitlistForm, slotPlace } from "./waitlist";

const now = new Date("2030-12-01T16:00:00Z");
const form = (fields: Record<string, string>) => new URLSearchParams(fields);
const good = {
  nombre: "Ana López",
  telefono: "+52 33 1234 5678",
  correo: "Ana@Example.com",
  desde: "2030-12-02",
  hasta: "2030-12-09",
  franja: "tarde",
};

describe("parseWaitlistForm", () => {
  it("accepts a range within the horizon and normalises the contact", () => {
    const result = parseWaitlistForm(form(good), now);
    expect(result).toEqual({
      ok: true,
      value: {
        nombre: "Ana López",
        telefono: "3312345678",
        correo: "ana@example.com",
        desde: "2030-12-02",
        hasta: "2030-12-09",
        franja: "tarde",
      },
    });
    const anyTime = parseWaitlistForm(form({ ...good, franja: "cualquiera" }), now);
    expect(anyTime.ok && anyTime.value.franja).toBe(null);
  });

  it("refuses past days, reversed or too wide ranges, impossible dates and long fields", () => {
    const errorsOf = (fields: Record<string, string>) => {
      const r = parseWaitlistForm(form({ ...good, ...fields }), now);
      return r.ok ? {} : r.errors;
    };
    expect(errorsOf({ desde: "2030-11-30" }).desde).toMatch(/de hoy en adelante/);
    expect(errorsOf({ hasta: "2030-12-01" }).hasta).toMatch(/antes del primero/);
    expect(errorsOf({ hasta: "2031-03-01" }).hasta).toMatch(/próximos 60 días/);
    expect(errorsOf({ desde: "2030-02-30" }).desde).toBeDefined();
    expect(errorsOf({ nombre: "x".repeat(81) }).nombre).toMatch(/demasiado largo/);
    expect(errorsOf({ franja: "noche" }).franja).toBeDefined();
  });
});

describe("which entry wants a freed slot", () => {
  it("matches the studio day and the part of the day (Guadalajara time)", () => {
    // 13:30 and 14:00 in Guadalajara on 3 December
    const morning = new Date("2030-12-03T19:30:00Z");
    const afternoon = new Date("2030-12-03T20:00:00Z");
    expect(slotPlace(morning)).toEqual({ fecha: "2030-12-03", franja: "manana" });
    expect(slotPlace(afternoon).franja).toBe("tarde");
    const entry = { desde: "2030-12-03", hasta: "2030-12-03", franja: "tarde" };
    expect(entryWants(entry, afternoon)).toBe(true);
    expect(entryWants(entry, morning)).toBe(false);
    expect(entryWants({ ...entry, franja: null }, morning)).toBe(true);
    // 23:30 UTC on the 3rd is still the 3rd in Guadalajara; 06:30 UTC on the 4th is the 4th's night before → the 4th 00:30
    expect(entryWants({ ...entry, franja: null }, new Date("2030-12-04T05:30:00Z"))).toBe(true);
    expect(entryWants({ ...entry, franja: null }, new Date("2030-12-04T06:30:00Z"))).toBe(false);
  });
});

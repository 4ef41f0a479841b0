import { describe, expect, it } from "vitest";
import { HONEYPOT_FIELD, parseContactForm } from "./contact";

function form(fields: Record<string, string>): FormData {
  const data = new FormData();
  for (const [k, v] of Object.entries(fields)) data.set(k, v);
  return data;
}

const valid = {
  nombre: "  Ana López ",
  correo: "ana@correo.com",
  telefono: "33-3333-3333",
  mensaje: "Quisiera una cita para microblading.",
};

describe("parseContactForm", () => {
  it("accepts a complete form, trimming text and keeping only the phone's digits", () => {
    const result = parseContactForm(form(valid));
    expect(result).toEqual({
      ok: true,
      isBot: false,
      message: { nombre: "Ana López", correo: "ana@correo.com", telefono: "3333333333", mensaje: "Quisiera una cita para microblading." },
    });
  });

  it("names every missing field in Spanish and returns what was typed", () => {
    const result = parseContactForm(form({ nombre: " ", correo: "", telefono: "", mensaje: "" }));
    expect(result.ok).toBe(false);
    if (result.ok) return;
    expect(result.errors).toEqual({
      nombre: "Escribe tu nombre.",
      correo: "Escribe tu correo electrónico.",
      telefono: "Escribe tu teléfono.",
      mensaje: "Escribe tu mensaje (al menos 10 caracteres).",
    });
    expect(result.values.nombre).toBe(" ");
  });

  it("rejects a malformed email and a phone that is not 10 digits", () => {
    const result = parseContactForm(form({ ...valid, correo: "ana@", telefono: "33 3333 333" }));
    expect(result.ok).toBe(false);
    if (result.ok) return;
    expect(result.errors.correo).toMatch(/correo electrónico válido/);
    expect(result.errors.telefono).toMatch(/10 dígitos/);
    expect(result.errors.nombre).toBeUndefined();
    expect(result.values.correo).toBe("ana@");
  });

  it("rejects letters in the phone and an over-long message", () => {
    const result = parseContactForm(form({ ...valid, telefono: "33333333ab", mensaje: "x".repeat(2001) }));
    expect(result.ok).toBe(false);
    if (result.ok) return;
    expect(result.errors.telefono).toMatch(/10 dígitos/);
    expect(result.errors.mensaje).toMatch(/máximo 2000/);
  });

  it("treats missing fields as empty", () => {
    const result = parseContactForm(new FormData());
    expect(result.ok).toBe(false);
    if (result.ok) return;
    expect(Object.keys(result.errors).sort()).toEqual(["correo", "mensaje", "nombre", "telefono"]);
    expect(result.values).toEqual({ nombre: "", correo: "", telefono: "", mensaje: "" });
  });

  it("flags a filled honeypot", () => {
    const result = parseContactForm(form({ ...valid, [HONEYPOT_FIELD]: "http://spam.example" }));
    expect(result.ok && result.isBot).toBe(true);
  });
});

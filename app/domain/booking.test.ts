import { describe, expect, it } from "vitest";
import { dayLabel, durationText, normalizePhone, parseBookingForm, priceRange, questionsFor } from "./booking";

const questions = [
  { id: "embarazo", texto: "¿Embarazo?" },
  { id: "herpes", texto: "¿Herpes labial?", solo: "labios" },
];
const now = new Date("2026-11-30T18:00:00Z");
const form = (values: Record<string, string>) => new URLSearchParams(values);
const contact = { nombre: "Ana López", telefono: "33 1234 5678", correo: "Ana@Example.com", politica: "si" };

describe("the booking form", () => {
  it("accepts a contact with the policy accepted, normalising phone and email", () => {
    const result = parseBookingForm(form(contact), { questions: null, now });
    expect(result).toEqual({
      ok: true,
      contact: { nombre: "Ana López", telefono: "3312345678", correo: "ana@example.com" },
      consentimiento: null,
    });
  });

  it("names each missing or wrong field in Spanish", () => {
    const result = parseBookingForm(form({ nombre: "A", telefono: "123", correo: "x" }), { questions: null, now });
    expect(result.ok).toBe(false);
    if (!result.ok) expect(Object.keys(result.errors).sort()).toEqual(["correo", "nombre", "politica", "telefono"]);
  });

  it("refuses a name over its limit", () => {
    const result = parseBookingForm(form({ ...contact, nombre: "a".repeat(81) }), { questions: null, now });
    expect(!result.ok && result.errors.nombre).toContain("80");
  });

  it("needs every health answer, the typed signature and the consent when asked", () => {
    const missing = parseBookingForm(form(contact), { questions: questionsFor(questions, "Cejas Microblading"), now });
    expect(!missing.ok && Object.keys(missing.errors).sort()).toEqual(["acepto", "firma", "p_embarazo"]);
    const signed = parseBookingForm(
      form({ ...contact, p_embarazo: "si", d_embarazo: "lactancia", firma: "Ana López", acepto: "si" }),
      { questions: questionsFor(questions, "Cejas Microblading"), now },
    );
    expect(signed.ok && signed.consentimiento).toEqual({
      respuestas: [{ id: "embarazo", pregunta: "¿Embarazo?", respuesta: "si", detalle: "lactancia" }],
      firma: "Ana López",
      aceptado: true,
      firmadoEn: now.toISOString(),
    });
  });

  it("asks the lips-only questions for lips only", () => {
    expect(questionsFor(questions, "Cejas Ombré").map((q) => q.id)).toEqual(["embarazo"]);
    expect(questionsFor(questions, "Labios acuarela").map((q) => q.id)).toEqual(["embarazo", "herpes"]);
  });
});

describe("small helpers", () => {
  it("reads Mexican WhatsApp numbers", () => {
    expect(normalizePhone("+52 1 33 1234 5678")).toBe("3312345678");
    expect(normalizePhone("52 33 1234 5678")).toBe("3312345678");
    expect(normalizePhone("(33) 1234-5678")).toBe("3312345678");
    expect(normalizePhone("1234")).toBeNull();
    expect(normalizePhone("33 1234 567a")).toBeNull();
  });

  it("labels days and durations, and the price range", () => {
    expect(dayLabel("2026-11-30")).toEqual({ semana: "lun", dia: "30", mes: "nov" });
    expect(durationText(150)).toBe("2 h 30 min");
    expect(durationText(45)).toBe("45 min");
    expect(priceRange([{ precio: 2 }, { precio: 1 }])).toEqual({ low: 1, high: 2 });
    expect(priceRange([])).toBeNull();
  });
});

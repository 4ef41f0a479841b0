// engine-neutral: pure rules, no database
import { describe, expect, it } from "vitest";
import {
  type Contraindication,
  answersFromForm,
  checkContraindications,
  contraindicationsFor,
} from "./contraindications";

const LIST: Contraindication[] = [
  { pregunta: "embarazo", nivel: "absoluta", motivo: "Embarazo o lactancia" },
  { pregunta: "isotretinoina", nivel: "absoluta", motivo: "Isotretinoína" },
  { pregunta: "diabetes", nivel: "relativa", motivo: "Diabetes" },
  { pregunta: "herpes", nivel: "relativa", motivo: "Herpes", solo: "labios" },
];

const no = (ids: string[]) => ids.map((id) => ({ id, respuesta: "no" as const }));

describe("contraindications", () => {
  it("all answers 'no' book online", () => {
    expect(checkContraindications(LIST, "Cejas Microblading", no(["embarazo", "diabetes"]))).toEqual({ ok: true });
  });

  it("pregnancy is absolute and stops the booking", () => {
    const v = checkContraindications(LIST, "Cejas Microblading", [{ id: "embarazo", respuesta: "si" }]);
    expect(v).toEqual({ ok: false, nivel: "absoluta", motivos: ["Embarazo o lactancia"], preguntas: ["embarazo"] });
  });

  it("a relative one also stops it (valoración first); absolute wins when both", () => {
    expect(checkContraindications(LIST, "Cejas", [{ id: "diabetes", respuesta: "si" }])).toMatchObject({
      ok: false,
      nivel: "relativa",
    });
    const both = checkContraindications(LIST, "Cejas", [
      { id: "diabetes", respuesta: "si" },
      { id: "isotretinoina", respuesta: "si" },
    ]);
    expect(both).toMatchObject({ ok: false, nivel: "absoluta", preguntas: ["isotretinoina", "diabetes"] });
  });

  it("a kind-only entry applies to that kind only", () => {
    expect(contraindicationsFor(LIST, "Cejas Microblading").map((c) => c.pregunta)).not.toContain("herpes");
    expect(checkContraindications(LIST, "Labios Full color", [{ id: "herpes", respuesta: "si" }]).ok).toBe(false);
    expect(checkContraindications(LIST, "Cejas", [{ id: "herpes", respuesta: "si" }]).ok).toBe(true);
  });

  it("a 'sí' to a question not on the list changes nothing", () => {
    expect(checkContraindications(LIST, "Cejas", [{ id: "medicamentos", respuesta: "si" }]).ok).toBe(true);
  });

  it("reads the answers from the form, ignoring anything but si/no", () => {
    const form = new URLSearchParams({ p_embarazo: "si", p_diabetes: "quizá", p_otro: "si" });
    expect(answersFromForm(form, ["embarazo", "diabetes"])).toEqual([{ id: "embarazo", respuesta: "si" }]);
  });
});

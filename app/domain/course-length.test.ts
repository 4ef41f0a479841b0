import { describe, expect, it } from "vitest";
import { courseHours, courseLength } from "./course-length";

describe("course length", () => {
  it("prints the hours on the card and the duration with the same hours on the page", () => {
    const ombre = { horas: "24 horas", duracion: "3 días" };
    expect(courseHours(ombre)).toBe("24 horas");
    expect(courseLength(ombre)).toBe("3 días (24 horas)");
    expect(courseLength(ombre)).toContain(courseHours(ombre));
  });

  it("falls back to whichever of the two the catalogue gives", () => {
    expect(courseHours({ horas: "", duracion: "4 sábados" })).toBe("4 sábados");
    expect(courseLength({ horas: "", duracion: "4 sábados" })).toBe("4 sábados");
    expect(courseLength({ horas: "20 horas", duracion: "" })).toBe("20 horas");
    expect(courseLength({ horas: "", duracion: "" })).toBe("");
  });
});

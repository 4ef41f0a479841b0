import { describe, expect, it } from "vitest";
import { IN_PERSON_COURSE_IDS, inPersonCourse } from "./in-person-courses";

describe("inPersonCourse", () => {
  it("has a page for exactly the five in-person course ids", () => {
    expect(IN_PERSON_COURSE_IDS).toEqual([
      "microblading-presencial",
      "labios-presencial",
      "estrias-presencial",
      "ombre-presencial",
      "maquillaje-presencial",
    ]);
    for (const id of IN_PERSON_COURSE_IDS) expect(inPersonCourse(id)?.id).toBe(id);
  });

  it("has no page for any other id, including near misses", () => {
    for (const id of ["microblading", "Microblading-presencial", "curso-online", "", "toString", "__proto__"]) {
      expect(inPersonCourse(id)).toBeNull();
    }
  });

  it("gives every course its advice months, a kit for 20 and 3 model practices", () => {
    for (const id of IN_PERSON_COURSE_IDS) {
      const course = inPersonCourse(id)!;
      const months = Number(course.asesoria.match(/^(\d+) meses/)?.[1]);
      expect(months).toBeGreaterThanOrEqual(6);
      expect(months).toBeLessThanOrEqual(21);
      expect(course.kit).toMatch(/20 (tratamientos|maquillajes)/);
      expect(course.practicas).toBe("3 prácticas con modelo real");
      expect(course.temario.length).toBeGreaterThan(3);
    }
  });
});

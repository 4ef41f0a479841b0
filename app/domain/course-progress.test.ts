import { describe, expect, it } from "vitest";
import { progressPercent, resumeUnit } from "./course-progress";

describe("course progress", () => {
  it("rounds the percentage down and caps it", () => {
    expect(progressPercent(0, 0)).toBe(0);
    expect(progressPercent(1, 3)).toBe(33);
    expect(progressPercent(2, 3)).toBe(66);
    expect(progressPercent(3, 3)).toBe(100);
    expect(progressPercent(5, 3)).toBe(100);
  });

  it("resumes at the last unit unless it is done, then the next unfinished one", () => {
    const units = ["u1", "u2", "u3"];
    expect(resumeUnit([], new Set(), null)).toBeNull();
    expect(resumeUnit(units, new Set(), null)).toBe("u1");
    expect(resumeUnit(units, new Set(["u1"]), null)).toBe("u2");
    expect(resumeUnit(units, new Set(), "u2")).toBe("u2");
    expect(resumeUnit(units, new Set(["u1"]), "u1")).toBe("u2");
    expect(resumeUnit(units, new Set(["u2", "u3"]), "u3")).toBe("u1");
    expect(resumeUnit(units, new Set(["u1", "u2", "u3"]), "u2")).toBe("u2");
    expect(resumeUnit(units, new Set(["u1"]), "borrada")).toBe("u2");
  });
});

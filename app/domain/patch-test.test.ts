// engine-neutral: pure rules, no database
import { describe, expect, it } from "vitest";
import { checkPatchTest, earliestSessionStart, slotsFrom } from "./patch-test";

const T = new Date("2026-12-01T16:00:00Z");
const hours = (n: number) => new Date(T.getTime() + n * 3_600_000);

describe("patch test before the first session", () => {
  it("without a test that counts, the session is refused", () => {
    expect(checkPatchTest([], 48, hours(100))).toEqual({ ok: false, reason: "sin-prueba", desde: null });
    expect(checkPatchTest([{ inicio: T, estado: "cancelada" }], 48, hours(100)).ok).toBe(false);
    expect(checkPatchTest([{ inicio: T, estado: "no-asistio" }], 48, hours(100)).ok).toBe(false);
  });

  it("a confirmed or attended test: the session from 48 h after its start, not a minute before", () => {
    expect(checkPatchTest([{ inicio: T, estado: "confirmada" }], 48, hours(48)).ok).toBe(true);
    expect(checkPatchTest([{ inicio: T, estado: "atendida" }], 48, hours(47.5))).toEqual({
      ok: false,
      reason: "muy-pronto",
      desde: hours(48),
    });
  });

  it("the hours are the treatment's; the earliest test counts", () => {
    expect(earliestSessionStart([{ inicio: T, estado: "confirmada" }], 72)).toEqual(hours(72));
    const tests = [
      { inicio: hours(24), estado: "confirmada" },
      { inicio: T, estado: "atendida" },
    ];
    expect(earliestSessionStart(tests, 48)).toEqual(hours(48));
  });

  it("step 2's calendar shows only the starts from then on", () => {
    const days = [
      { fecha: "2026-12-02", horas: [{ inicio: hours(20).toISOString() }] },
      { fecha: "2026-12-03", horas: [{ inicio: hours(47).toISOString() }, { inicio: hours(48).toISOString() }] },
    ];
    expect(slotsFrom(days, hours(48))).toEqual([{ fecha: "2026-12-03", horas: [{ inicio: hours(48).toISOString() }] }]);
  });
});

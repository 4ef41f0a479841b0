import { describe, expect, it } from "vitest";
import { activeNotice, parseNotice } from "./notice";

const valor = { desde: "2026-10-23", hasta: "2026-11-18" };

describe("the 'Aviso' window", () => {
  it("is active on its first and last day in Guadalajara, and not a moment outside", () => {
    // 23 Oct 00:00 in Guadalajara is 06:00 UTC; 18 Nov 23:59:59.999 is 19 Nov 05:59:59.999 UTC.
    expect(activeNotice(valor, new Date("2026-10-23T05:59:59.999Z"))).toBeNull();
    expect(activeNotice(valor, new Date("2026-10-23T06:00:00.000Z"))).not.toBeNull();
    expect(activeNotice(valor, new Date("2026-11-19T05:59:59.999Z"))).not.toBeNull();
    expect(activeNotice(valor, new Date("2026-11-19T06:00:00.000Z"))).toBeNull();
  });

  it("accepts full timestamps as they are", () => {
    const window = { desde: "2026-10-23T10:00:00Z", hasta: "2026-10-23T12:00:00Z" };
    expect(activeNotice(window, new Date("2026-10-23T11:00:00Z"))).not.toBeNull();
    expect(activeNotice(window, new Date("2026-10-23T12:00:01Z"))).toBeNull();
  });

  it("treats a missing, malformed or reversed setting as no notice", () => {
    const now = new Date("2026-11-01T12:00:00Z");
    expect(activeNotice(undefined, now)).toBeNull();
    expect(activeNotice("2026-10-23", now)).toBeNull();
    expect(activeNotice({ desde: "2026-10-23" }, now)).toBeNull();
    expect(activeNotice({ desde: "ayer", hasta: "mañana" }, now)).toBeNull();
    expect(parseNotice({ desde: "2026-11-18", hasta: "2026-10-23" })).toBeNull();
  });
});

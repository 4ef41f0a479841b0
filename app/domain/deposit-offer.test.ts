import { describe, expect, it } from "vitest";
import { ANTICIPO_DIFERIDO_DIAS, ofertaAnticipo, venceAnticipoDiferido } from "./deposit-offer";
import { liberacionFicha } from "./settlement-window";

const DAY = 86_400_000;
const now = new Date("2026-11-25T16:00:00Z");
const cap = {
  methods: ["tarjeta", "oxxo", "spei"] as const,
  oxxoMaximum: 1_000_000,
  minimumAmount: 1_000,
  plans: [3, 6] as const,
};

describe("OXXO / SPEI for a deposit", () => {
  it("offered from exactly 4 days ahead, not a minute sooner", () => {
    const at4 = new Date(now.getTime() + ANTICIPO_DIFERIDO_DIAS * DAY);
    expect(venceAnticipoDiferido("oxxo", at4, now)).not.toBeNull();
    expect(venceAnticipoDiferido("spei", new Date(at4.getTime() - 60_000), now)).toBeNull();
  });

  it("the voucher ends with a studio day, 3 days ahead at most, 24 h or more before the appointment", () => {
    // now: Wednesday 25 November 2026, 10:00 in Mexico City; 30 days ahead: Saturday the 28th at 23:59:59.
    const at30 = new Date(now.getTime() + 30 * DAY);
    expect(venceAnticipoDiferido("spei", at30, now)).toEqual(new Date("2026-11-28T23:59:59-06:00"));
    // Tuesday 1 December 10:00: Saturday's voucher is released Monday 23:59:59 (10 h before): allowed.
    const tuesday = new Date("2026-12-01T10:00:00-06:00");
    expect(venceAnticipoDiferido("oxxo", tuesday, now)).toEqual(new Date("2026-11-28T23:59:59-06:00"));
  });

  it("the voucher plus its grace ends 6 h or more before the appointment, or OXXO / SPEI is not offered", () => {
    // Sunday 29 November 10:00 (exactly 4 days ahead): Saturday's voucher is not 24 h before;
    // Friday's would be released Monday; Thursday's is released Friday 23:59:59.
    const sunday = new Date(now.getTime() + ANTICIPO_DIFERIDO_DIAS * DAY);
    const vence = venceAnticipoDiferido("oxxo", sunday, now);
    expect(vence).toEqual(new Date("2026-11-26T23:59:59-06:00"));
    expect(sunday.getTime() - (vence?.getTime() ?? 0)).toBeGreaterThanOrEqual(24 * 3_600_000);
    expect(sunday.getTime() - liberacionFicha(vence as Date, "stripe").getTime()).toBeGreaterThanOrEqual(6 * 3_600_000);
    // Monday 30 November 9:00, asked on Thursday 26th 8:00 (4 days and 1 hour ahead): any voucher
    // (Friday, Saturday) would be released Monday 23:59:59, after the appointment: card only.
    const thursday = new Date("2026-11-26T08:00:00-06:00");
    const monday = new Date("2026-11-30T09:00:00-06:00");
    expect(venceAnticipoDiferido("oxxo", monday, thursday)).toBeNull();
    expect(venceAnticipoDiferido("spei", monday, thursday)).toBeNull();
    const offer = ofertaAnticipo(cap, 50_000, monday, thursday, "stripe");
    expect(offer.metodos.map((m) => [m.metodo, m.disponible])).toEqual([
      ["tarjeta", true],
      ["oxxo", false],
      ["spei", false],
    ]);
    expect(offer.metodos[1].motivo).toContain("día hábil");
  });

  it("for any appointment 4 to 30 days ahead, at any hour: vence ≤ cita − 24 h and release ≤ cita − 6 h", () => {
    for (let h = 4 * 24; h <= 30 * 24; h += 5) {
      const inicio = new Date(now.getTime() + h * 3_600_000);
      const vence = venceAnticipoDiferido("oxxo", inicio, now);
      if (!vence) continue;
      expect(inicio.getTime() - vence.getTime()).toBeGreaterThanOrEqual(24 * 3_600_000);
      expect(inicio.getTime() - liberacionFicha(vence, "stripe").getTime()).toBeGreaterThanOrEqual(6 * 3_600_000);
    }
  });

  it("the offer: card always, OXXO/SPEI with the reason when too soon, never MSI; the shop's OXXO limit still applies", () => {
    const soon = ofertaAnticipo(cap, 50_000, new Date(now.getTime() + 2 * DAY), now);
    expect(soon.planes).toEqual([]);
    expect(soon.metodos.map((m) => [m.metodo, m.disponible])).toEqual([
      ["tarjeta", true],
      ["oxxo", false],
      ["spei", false],
    ]);
    expect(soon.metodos[1].motivo).toContain("4 días");
    const far = ofertaAnticipo(cap, 2_000_000, new Date(now.getTime() + 10 * DAY), now);
    expect(far.metodos.map((m) => [m.metodo, m.disponible])).toEqual([
      ["tarjeta", true],
      ["oxxo", false],
      ["spei", true],
    ]);
    expect(far.metodos[1].motivo).toContain("OXXO acepta");
  });
});

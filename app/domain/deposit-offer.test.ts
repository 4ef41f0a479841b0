import { describe, expect, it } from "vitest";
import { ANTICIPO_DIFERIDO_DIAS, ofertaAnticipo, venceAnticipoDiferido } from "./deposit-offer";

const DAY = 86_400_000;
const now = new Date("2026-11-25T16:00:00Z");
const cap = { methods: ["tarjeta", "oxxo", "spei"] as const, oxxoMaximum: 1_000_000, minimumAmount: 1_000, plans: [3, 6] as const };

describe("OXXO / SPEI for a deposit", () => {
  it("offered from exactly 4 days ahead, not a minute sooner", () => {
    const at4 = new Date(now.getTime() + ANTICIPO_DIFERIDO_DIAS * DAY);
    expect(venceAnticipoDiferido("oxxo", at4, now)).not.toBeNull();
    expect(venceAnticipoDiferido("spei", new Date(at4.getTime() - 60_000), now)).toBeNull();
  });

  it("the voucher expires at min(3 days, appointment − 24 h): always before the appointment", () => {
    const at4 = new Date(now.getTime() + 4 * DAY);
    expect(venceAnticipoDiferido("oxxo", at4, now)?.getTime()).toBe(now.getTime() + 3 * DAY);
    const at30 = new Date(now.getTime() + 30 * DAY);
    expect(venceAnticipoDiferido("spei", at30, now)?.getTime()).toBe(now.getTime() + 3 * DAY);
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

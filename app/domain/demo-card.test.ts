import { describe, expect, it } from "vitest";
import { DEMO_CARDS, checkDemoCard, luhnValid, parseExpiry } from "./demo-card";

const now = new Date("2026-11-22T12:00:00Z");
const card = { numero: "4242 4242 4242 4242", vencimiento: "12/30", cvc: "123", nombre: "Ana López" };

describe("demo card rules", () => {
  it("approves 4242 4242 4242 4242 with spaces or dashes", () => {
    expect(checkDemoCard(card, now)).toEqual({ ok: true, last4: "4242", funding: "credit" });
    expect(checkDemoCard({ ...card, numero: "4242-4242-4242-4242" }, now).ok).toBe(true);
  });

  it("approves the debit card 4000 0566 5566 5556 as débito", () => {
    expect(checkDemoCard({ ...card, numero: "4000 0566 5566 5556" }, now)).toEqual({ ok: true, last4: "5556", funding: "debit" });
    expect(luhnValid(DEMO_CARDS.debit)).toBe(true);
  });

  it("declines 4000 0000 0000 0002 with the provider's message", () => {
    expect(checkDemoCard({ ...card, numero: "4000 0000 0000 0002" }, now)).toEqual({
      ok: false,
      code: "card_declined",
      message: "Tu tarjeta fue rechazada.",
    });
  });

  it("answers insufficient funds for 4000 0000 0000 9995 and declines real (non-test) numbers", () => {
    expect(checkDemoCard({ ...card, numero: DEMO_CARDS.insufficientFunds }, now)).toMatchObject({
      code: "insufficient_funds",
    });
    expect(checkDemoCard({ ...card, numero: "5555555555554444" }, now)).toMatchObject({ code: "card_declined" });
  });

  it("refuses a number that fails the checksum, a bad or past expiry, a bad CVC, no name", () => {
    expect(checkDemoCard({ ...card, numero: "4242 4242 4242 4241" }, now)).toMatchObject({ code: "invalid_number" });
    expect(checkDemoCard({ ...card, numero: undefined }, now)).toMatchObject({ code: "invalid_number" });
    expect(checkDemoCard({ ...card, vencimiento: "13/30" }, now)).toMatchObject({ code: "invalid_expiry" });
    expect(checkDemoCard({ ...card, vencimiento: "10/26" }, now)).toMatchObject({ code: "expired_card" });
    expect(checkDemoCard({ ...card, cvc: "12" }, now)).toMatchObject({ code: "invalid_cvc" });
    expect(checkDemoCard({ ...card, nombre: "  " }, now)).toMatchObject({ code: "missing_name" });
  });

  it("keeps a card valid through the last moment of its expiry month", () => {
    expect(checkDemoCard({ ...card, vencimiento: "11/26" }, now).ok).toBe(true);
    expect(checkDemoCard({ ...card, vencimiento: "11/26" }, new Date("2026-12-01T00:00:00Z"))).toMatchObject({
      code: "expired_card",
    });
  });

  it("checks Luhn and parses MM/AA and MM/AAAA", () => {
    expect(luhnValid(DEMO_CARDS.approved)).toBe(true);
    expect(luhnValid(DEMO_CARDS.declined)).toBe(true);
    expect(luhnValid("1234")).toBe(false);
    expect(parseExpiry("1/31")).toEqual({ month: 1, year: 2031 });
    expect(parseExpiry("01 / 2031")).toEqual({ month: 1, year: 2031 });
    expect(parseExpiry("0/31")).toBeNull();
  });
});

import { describe, expect, it } from "vitest";
import { buyerGate, buyerRefusalStatus } from "./buyer";
import { messages } from "./messages";

describe("buyerGate", () => {
  it("refuses a visitor with the spec's log-in alert", () => {
    expect(buyerGate(null)).toEqual({ ok: false, reason: "login", message: messages.loginRequiredPurchase });
    expect(buyerRefusalStatus("login")).toBe(401);
  });

  it("asks for the terms before paying", () => {
    expect(buyerGate({ terminos: false })).toEqual({ ok: false, reason: "terminos", message: messages.termsRequired });
    expect(buyerRefusalStatus("terminos")).toBe(403);
  });

  it("lets a user who accepted the terms buy", () => {
    const user = { id: "u1", terminos: true };
    expect(buyerGate(user)).toEqual({ ok: true, user });
  });
});

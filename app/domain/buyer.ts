/**
 * Who may buy (SPEC §4 'Pagar on cart', 'Course buying', §6): a logged-in user who accepted
 * the terms. One rule with one answer shape; every place that sells (the cart's 'Pagar', a
 * course's BUY, both checkout pages, the payment API) asks it through
 * app/server/shop/buyer.server.ts and only decides how to present a refusal.
 */
import { type AlertMessage, messages } from "./messages";

export type BuyerRefusal = { ok: false; reason: "login" | "terminos"; message: AlertMessage };

export type BuyerCheck<U extends { terminos: boolean }> = { ok: true; user: U } | BuyerRefusal;

export function buyerGate<U extends { terminos: boolean }>(user: U | null): BuyerCheck<U> {
  if (!user) return { ok: false, reason: "login", message: messages.loginRequiredPurchase };
  if (!user.terminos) return { ok: false, reason: "terminos", message: messages.termsRequired };
  return { ok: true, user };
}

/** HTTP status of a refusal, for API answers: 401 logged out, 403 terms missing. */
export const buyerRefusalStatus = (reason: BuyerRefusal["reason"]) => (reason === "login" ? 401 : 403);

/**
 * The buyer gate (app/domain/buyer.ts) for this request's session: every place that sells
 * asks here and presents the refusal its own way (an alert, the terms popup, a redirect, a
 * 401/403 from the API).
 */
import { type BuyerCheck, buyerGate } from "~/domain/buyer";
import { type SessionUser, currentUser } from "../session.server";

export { type BuyerRefusal, buyerGate, buyerRefusalStatus } from "~/domain/buyer";

export async function checkBuyer(request: Request): Promise<BuyerCheck<SessionUser>> {
  return buyerGate(await currentUser(request));
}

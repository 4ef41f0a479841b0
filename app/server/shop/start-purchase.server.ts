/**
 * Preparing a purchase, before any payment exists: the one workflow that decides whether
 * this buyer may pay now and exactly what for. It reads top to bottom:
 *
 *   1. the buyer gate (logged in, terms accepted);
 *   2. the 'Aviso' pause, for products and courses alike;
 *   3. the priced draft: one online course (`{ curso, codigo? }`, not already owned) or the
 *      cart in the buyer's cookie with the checkout steps she finished.
 *
 * Any amount or price a request carries is ignored: the draft comes from the database.
 */
import { CHECKOUT_FIELD_ORDER, fieldLabel } from "~/domain/checkout";
import { type AlertMessage, checkoutFieldMissing, shippingRequired } from "~/domain/messages";
import type { OrderDraft } from "~/domain/order";
import { isEnrolled } from "../school/enrolment.server";
import type { Db } from "../db/index.server";
import type { SessionUser } from "../session.server";
import { buyerGate, buyerRefusalStatus } from "./buyer.server";
import { readCartId } from "./cart-cookie.server";
import { readCheckoutWithReason } from "./checkout.server";
import { type DatosContacto, type DatosEnvio, splitCheckoutForm } from "./orders.server";
import { priceCart, priceCourse } from "./pricing.server";
import { purchasePause } from "./purchase-pause.server";

export type PreparedPurchase = {
  ok: true;
  user: SessionUser;
  draft: OrderDraft;
  datosEnvio: DatosEnvio | null;
  datosContacto: DatosContacto;
};

export type PurchaseRefusal = { ok: false; status: number; message: AlertMessage };

const alreadyOwned = {
  icon: "info",
  title: "Ya tienes este curso",
  text: "Este curso ya está en Mis cursos.",
} as const satisfies AlertMessage;

const refuse = (status: number, message: AlertMessage): PurchaseRefusal => ({ ok: false, status, message });

export async function preparePurchase(
  db: Db,
  input: { request: Request; user: SessionUser | null; curso?: unknown; codigo?: unknown },
): Promise<PreparedPurchase | PurchaseRefusal> {
  // 1. Who may buy.
  const gate = buyerGate(input.user);
  if (!gate.ok) return refuse(buyerRefusalStatus(gate.reason), gate.message);
  const { user } = gate;

  // 2. Purchases paused: nothing is sold, neither products nor courses.
  const pause = await purchasePause(db);
  if (pause) return refuse(409, pause);

  // 3a. One online course.
  if (typeof input.curso === "string" && input.curso) {
    const priced = await priceCourse(db, input.curso, typeof input.codigo === "string" ? input.codigo : null, {
      userId: user.id,
    });
    if (!priced.ok) return refuse(priced.reason === "no-encontrado" ? 404 : 400, priced.message);
    if (await isEnrolled(user.id, input.curso, db)) return refuse(409, alreadyOwned);
    return { ok: true, user, draft: priced.draft, datosEnvio: null, datosContacto: { correo: user.email, telefono: "" } };
  }

  // 3b. The cart, with both checkout steps done.
  const priced = await priceCart(db, await readCartId(input.request), { userId: user.id });
  if (!priced.ok) return refuse(409, priced.message);
  const { state, refused } = await readCheckoutWithReason(input.request, user.id);
  if (!state.datos) return refuse(400, refused ?? checkoutFieldMissing(fieldLabel(CHECKOUT_FIELD_ORDER[0])));
  if (!state.envio) return refuse(400, shippingRequired);
  return { ok: true, user, draft: priced.draft, ...splitCheckoutForm(state.datos) };
}

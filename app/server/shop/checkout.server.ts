/**
 * The checkout in progress (SPEC §2 'Checkout screen', §4 'Checkout flow'): what the buyer
 * typed in step 1 and whether Envío Express was chosen in step 2 are kept in a signed,
 * HttpOnly cookie of their own, so a reload or a 'Cambiar' keeps them, any app instance can
 * read them, and nothing is written to the database before there is a payment. The step
 * being shown is in the URL (?paso=envio, ?paso=pagar).
 */
import { and, desc, eq, isNotNull } from "drizzle-orm";
import { createCookie } from "react-router";
import { type CheckoutForm, type CheckoutStep, validateCheckoutForm } from "~/domain/checkout";
import type { AlertMessage } from "~/domain/messages";
import type { Db } from "../db/index.server";
import { contextual } from "../context.server";
import { compras } from "../db/schema";
import { currentMode } from "../mode.server";
import { serverSecret } from "../secret.server";

export type { CheckoutStep };

export type CheckoutState = {
  /** the validated step-1 form, or null until it was sent */
  datos: CheckoutForm | null;
  /** the one shipping option, once chosen in step 2 */
  envio: "express" | null;
};

const checkoutCookieKey = Symbol("checkoutCookie");

/** Built per application context: `secure` and the signing secret follow its settings. */
const checkoutCookie = () =>
  contextual(checkoutCookieKey, () =>
    createCookie("checkout", {
      // A day is plenty to finish paying; after that the form starts again, prefilled.
      maxAge: 24 * 60 * 60,
      httpOnly: true,
      sameSite: "lax",
      path: "/",
      secure: currentMode().secureCookies,
      secrets: [serverSecret()],
    }),
  );

type Stored = { userId: string; datos: unknown; envio: unknown };

/** This user's checkout state; another user's cookie (a shared computer) counts as none. */
export async function readCheckout(request: Request, userId: string): Promise<CheckoutState> {
  return (await readCheckoutWithReason(request, userId)).state;
}

/**
 * The same, and why a step-1 form kept from before no longer passes (the rules changed since:
 * a foreign país, a postal code of another estado): the payment API says so, not a generic
 * "Llena el dato de nombre".
 */
export async function readCheckoutWithReason(
  request: Request,
  userId: string,
): Promise<{ state: CheckoutState; refused: AlertMessage | null }> {
  const stored = (await checkoutCookie().parse(request.headers.get("Cookie"))) as Stored | null;
  if (!stored || typeof stored !== "object" || stored.userId !== userId) {
    return { state: { datos: null, envio: null }, refused: null };
  }
  // Signed, so only we wrote it; still re-checked, the rules may have changed since.
  const form =
    stored.datos && typeof stored.datos === "object"
      ? validateCheckoutForm(stored.datos as Record<string, unknown>)
      : null;
  const datos = form?.ok ? form.data : null;
  const refused = form && !form.ok ? { icon: form.icon, title: form.title, text: form.text } : null;
  return { state: { datos, envio: datos && stored.envio === "express" ? "express" : null }, refused };
}

export async function checkoutCookieHeader(userId: string, state: CheckoutState): Promise<string> {
  return checkoutCookie().serialize({ userId, datos: state.datos, envio: state.envio } satisfies Stored);
}

/** The step the URL asks for, moved back to the first one whose data is still missing. */
export function reachableStep(asked: string | null, state: CheckoutState): CheckoutStep {
  if (asked === "pagar" && state.datos && state.envio) return "pagar";
  if ((asked === "envio" || asked === "pagar") && state.datos) return "envio";
  return "informacion";
}

/**
 * What step 1 starts with before anything was typed: the address and contact of the
 * buyer's last order, or at least the account's email.
 */
export async function prefillCheckout(db: Db, user: { id: string; email: string }): Promise<Partial<CheckoutForm>> {
  const [last] = await db
    .select({ envio: compras.datosEnvio, contacto: compras.datosContacto })
    .from(compras)
    .where(and(eq(compras.compradorId, user.id), isNotNull(compras.datosEnvio)))
    .orderBy(desc(compras.fecha))
    .limit(1);
  return { correo: user.email, ...(last?.envio ?? {}), ...(last?.contacto ?? {}) };
}

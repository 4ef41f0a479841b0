import { formatSpanishDayMonth } from "../dates";
import { formatPrice } from "../money";
import type { AlertMessage } from "./alert";

// --- Checkout and payment ------------------------------------------------------------

/** Checkout step 1 or 2 with a missing value; `label` is the field as the shopper knows it. */
export function checkoutFieldMissing(label: string) {
  return {
    icon: "error",
    title: "Faltan llenar datos!",
    text: `Llena el dato de ${label}`,
  } as const satisfies AlertMessage;
}

/** Checkout step 2 without a shipping option chosen. */
export const shippingRequired = /* @__PURE__ */ checkoutFieldMissing("envío");

export function purchaseSuccess(id: string) {
  return {
    icon: "success",
    title: "Compra exitosa!",
    text: `Tu número de compra es: ${id}`,
  } as const satisfies AlertMessage;
}

export const paymentError = {
  icon: "error",
  title: "Error en el proceso de pago",
  text: "Intenta nuevamente.",
} as const satisfies AlertMessage;

/** A card refused by the payment provider; its own message is shown as is. */
export function cardError(providerMessage: string) {
  return {
    icon: "error",
    title: "Error!",
    text: `Error: ${providerMessage}`,
  } as const satisfies AlertMessage;
}

/** A card total under the provider's minimum (Stripe: $10.00 MXN); a $0 order needs no card. */
export function cardMinimum(centavos: number) {
  return {
    icon: "warning",
    title: "Monto mínimo",
    text: `El monto mínimo para pagar con tarjeta es de ${formatPrice(centavos, { suffix: true })}.`,
  } as const satisfies AlertMessage;
}

/** The card was only authorised and the stock ran out first: the hold was released. */
export function soldOutNotCharged(nombres: readonly string[]) {
  const what = nombres.length > 0 ? nombres.join(", ") : "un producto de tu pedido";
  return {
    icon: "warning",
    title: "Producto agotado",
    text:
      `${what} se agotó mientras pagabas, así que no se generó tu pedido. ` +
      "No se hizo ningún cargo a tu tarjeta: tu banco libera el monto apartado.",
  } as const satisfies AlertMessage;
}

/** A second payment of the same cart while the first is still being processed. */
export const paymentInProgress = {
  icon: "info",
  title: "Pago en proceso",
  text: "Ya estamos procesando el pago de este carrito. Revisa Mis compras en unos momentos antes de intentar de nuevo.",
} as const satisfies AlertMessage;

/**
 * Purchases switched off for a period (e.g. 23 de octubre to 18 de noviembre). The dates
 * are parameters so the notice can be reused for the next pause.
 */
export function purchasesPaused(from: Date, to: Date) {
  return {
    icon: "warning",
    title: "Aviso",
    text:
      `Las compras de todos los productos están deshabilitadas temporalmente del ` +
      `${formatSpanishDayMonth(from)} al ${formatSpanishDayMonth(to)}. ` +
      `Lamentamos las molestias.`,
  } as const satisfies AlertMessage;
}

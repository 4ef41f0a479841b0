/**
 * A buyer ready to pay, for tests of the payment API: the checkout's step data (the form of
 * step 1 and Envío Express) in its signed cookie, with the cart cookie and the session.
 */
import { cartCookie } from "~/server/shop/cart-cookie.server";
import { checkoutCookieHeader } from "~/server/shop/checkout.server";

export const DATOS = {
  nombre: "Ana",
  apellido: "López",
  direccion: "Av. Chapultepec 123, int. 4",
  colonia: "Americana",
  codigo_postal: "44160",
  ciudad: "Guadalajara",
  estado: "Jalisco",
  pais: "México",
  correo: "ana@example.com",
  telefono: "3333333333",
};

/** Cookies of a buyer ready to pay: session, cart and a finished checkout (steps 1 and 2). */
export async function checkoutCookies(buyer: { id: string; cookie: string }, cartId: string): Promise<string> {
  const cart = (await cartCookie.serialize(cartId)).split(";")[0];
  const checkout = (await checkoutCookieHeader(buyer.id, { datos: DATOS, envio: "express" })).split(";")[0];
  return `${buyer.cookie}; ${cart}; ${checkout}`;
}

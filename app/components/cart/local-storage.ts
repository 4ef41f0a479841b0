/**
 * The spec keeps the cart id and the applied codes in the browser's local storage too
 * (SPEC section 3 "Local browser storage"). We mirror them there for parity only: the
 * server reads the cart from its HttpOnly cookie and the codes from the cart lines, and
 * never trusts these keys.
 */
export const LOCAL_CART_KEY = "carrito";
export const LOCAL_CODES_KEY = "codigos";

export type LocalCode = { codigo: string; productoId: string };

function write(key: string, value: string | null) {
  try {
    if (value === null) window.localStorage.removeItem(key);
    else window.localStorage.setItem(key, value);
  } catch {
    // Storage disabled or full (private mode): the cookie is what counts.
  }
}

export function rememberCartId(cartId: string | null) {
  write(LOCAL_CART_KEY, cartId);
}

export function rememberCodes(codes: LocalCode[]) {
  write(LOCAL_CODES_KEY, codes.length ? JSON.stringify(codes) : null);
}

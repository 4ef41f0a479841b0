import { type Cookie, createCookie } from "react-router";
import { and, eq, sum } from "drizzle-orm";
import { contextual } from "../context.server";
import { getDb } from "../db/index.server";
import { carritoLineas, productos } from "../db/schema";
import { currentMode } from "../mode.server";

/** SPEC section 9: the cart cookie lives 7 days, renewed on each add or update. */
export const CART_COOKIE_MAX_AGE = 7 * 24 * 60 * 60;

const cartCookieKey = Symbol("cartCookie");

/** The cart cookie, built per application context: `secure` follows that context's mode. */
export const cartCookie = {
  parse: (header: string | null) => cookie().parse(header),
  serialize: (value: string, options?: Parameters<Cookie["serialize"]>[1]) => cookie().serialize(value, options),
};

function cookie(): Cookie {
  return contextual(cartCookieKey, () =>
    createCookie("carrito", {
      maxAge: CART_COOKIE_MAX_AGE,
      httpOnly: true,
      sameSite: "lax",
      path: "/",
      secure: currentMode().secureCookies,
    }),
  );
}

export async function readCartId(request: Request): Promise<string | null> {
  const value = await cartCookie.parse(request.headers.get("Cookie"));
  return typeof value === "string" && value.length > 0 ? value : null;
}

/** Items in the visitor's cart, for the header badge: lines still on sale only. */
export async function cartItemCount(request: Request): Promise<number> {
  const cartId = await readCartId(request);
  if (!cartId) return 0;
  const [row] = await getDb()
    .select({ total: sum(carritoLineas.cantidad) })
    .from(carritoLineas)
    .innerJoin(productos, eq(productos.id, carritoLineas.productoId))
    .where(and(eq(carritoLineas.carritoId, cartId), eq(productos.publicado, true)));
  return Number(row?.total ?? 0);
}

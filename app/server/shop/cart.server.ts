/**
 * The shopping cart (SPEC sections 3, 4 "Cart", 5, 9). The server is the source of truth:
 * a cart line holds only a product id, a whole quantity and an applied code; prices, stock,
 * weights and discounts are always read from the catalogue, never from a request.
 *
 * Data API (used by /producto, /carrito and the checkout):
 *
 *   getCartId(request)              → the cart id from the `carrito` cookie, or null.
 *   loadCart(db, cartId)            → { id, lines: CartLine[] } | null (no such cart).
 *       CartLine = { productoId, nombre, urlImagen, precio (centavos, list price),
 *                    cantidad, peso (grams), stock, codigo: string | null,
 *                    descuento: number | null (percent of the applied, still active code),
 *                    disponible: boolean }
 *       A line whose product was unpublished stays, with disponible false: the cart shows it
 *       as 'Ya no disponible' with its remove button, out of the totals and the badge, and
 *       checkout prices the other lines only (priceCart). It stays until the shopper removes
 *       it (a purchase removes only the bought lines). Deleted products cascade away.
 *   availableLines(lines)           → the lines that are on sale (what totals and checkout use).
 *   overStock(lines)                → available lines whose quantity the stock cannot serve.
 *   cartLineUnitPrice(line)         → unit price shown in the cart (code applied, ROUNDED;
 *                                     checkout floors instead: checkoutDiscountedPrice).
 *   cartSummary(lines, rates)       → { subtotal, shipping: ShippingResult, total } (cart rules;
 *                                     both pure, from app/domain/cart.ts).
 *   loadShippingRates(db)           → { bands, gratis } (shipping.server.ts, re-exported).
 *   addToCart(db, cartId, productoId, cantidad)      → creates the cart on first add.
 *   updateCartLines(db, cartId, [{productoId, cantidad}]) → drops lines whose quantity is
 *                                     missing, empty, NaN or zero (cartLineQuantity).
 *   removeCartLine(db, cartId, productoId)
 *   applyDiscountCode(db, cartId, productoId, codigo) → checks `promociones` (code + product).
 *   clearCart(cartId, db?)          → deletes the cart (lines cascade). Pass a transaction
 *                                     as `db` to empty it together with writing an order.
 *   cartResponseHeaders(cartId)     → Set-Cookie that renews the cookie for 7 more days, or
 *                                     clears it when cartId is null (cart deleted).
 *
 * Every write returns the cart id that should now be in the cookie (null once the cart is
 * gone): answer with `cartResponseHeaders(result.cartId)` so the cookie is renewed on each
 * write, as the spec asks.
 */
import { randomUUID } from "node:crypto";
import { TransactionRollbackError, and, asc, eq, inArray, sql } from "drizzle-orm";
import { notEnoughStock } from "~/domain/cart";
import type { AlertMessage } from "~/domain/messages";
import { messages } from "~/domain/messages";
import { amountBeforeCodes, codeRefusal } from "~/domain/discount-rules";
import { QUANTITY_MAX, cartLineQuantity, parseQuantity } from "~/domain/quantity";
import { type Db, type DbOrTx, getDb } from "../db/index.server";
import { carritoLineas, carritos, productos, promociones } from "../db/schema";
import { cartCookie, readCartId } from "./cart-cookie.server";
import { productPromotion, sameCodeSql } from "./promotions.server";

export type CartLine = {
  productoId: string;
  nombre: string;
  urlImagen: string;
  /** list price, centavos */
  precio: number;
  cantidad: number;
  /** grams per unit */
  peso: number;
  /** units in stock; 0 or below cannot be bought */
  stock: number;
  /** the applied discount code, when it is still valid for this product */
  codigo: string | null;
  /** its percent */
  descuento: number | null;
  /** false once the product is unpublished: listed as 'Ya no disponible', never sold */
  disponible: boolean;
};

export type Cart = { id: string; lines: CartLine[] };

// The cart's pure money rules live in app/domain/cart.ts (the page recomputes them while
// typing); re-exported here so that callers find the whole cart API in one module.
export { type CartSummary, type ShippingRates, cartLineUnitPrice, cartSummary, notEnoughStock } from "~/domain/cart";
export { loadShippingRates } from "./shipping.server";

/** A cart write that was refused; nothing changed. */
export type CartRefusal = { ok: false; message: AlertMessage };

/** A stock of 0 or below cannot be added (SPEC section 5). The spec gives no text for it. */
export const outOfStock = {
  icon: "error",
  title: "Agotado",
  text: "Este producto está agotado por el momento.",
} as const satisfies AlertMessage;

/** Adding a product that is not (or no longer) in the catalogue. */
export const productUnavailable = {
  icon: "error",
  title: "Producto no disponible",
  text: "Este producto ya no está disponible.",
} as const satisfies AlertMessage;

/** 'Pagar' on a cart whose every line is no longer on sale. */
export const nothingAvailable = {
  icon: "error",
  title: "Sin productos disponibles",
  text: "Los productos de tu carrito ya no están disponibles. Quítalos y elige otros para continuar.",
} as const satisfies AlertMessage;

// Cart ids are random UUIDs; anything else in the cookie is ignored, never queried.
const CART_ID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

/** The visitor's cart id from the `carrito` cookie (not checked against the database). */
export async function getCartId(request: Request): Promise<string | null> {
  const id = await readCartId(request);
  return id && CART_ID.test(id) ? id : null;
}

/** Set-Cookie renewing the cart cookie (7 days from now), or clearing it for null. */
export async function cartResponseHeaders(cartId: string | null): Promise<Headers> {
  const headers = new Headers();
  headers.append(
    "Set-Cookie",
    cartId ? await cartCookie.serialize(cartId) : await cartCookie.serialize("", { maxAge: 0 }),
  );
  return headers;
}

export async function loadCart(db: Db, cartId: string | null): Promise<Cart | null> {
  if (!cartId || !CART_ID.test(cartId)) return null;
  const [cart] = await db.select({ id: carritos.id }).from(carritos).where(eq(carritos.id, cartId));
  if (!cart) return null;
  const rows = await db
    .select({
      productoId: carritoLineas.productoId,
      nombre: productos.nombre,
      urlImagen: productos.urlImagen,
      precio: productos.precio,
      cantidad: carritoLineas.cantidad,
      peso: productos.peso,
      stock: productos.cantidad,
      codigo: promociones.codigo,
      descuento: promociones.descuento,
      disponible: productos.publicado,
      // the code's rules (~/domain/discount-rules): the cart shows what checkout will charge
      vigenteDesde: promociones.vigenteDesde,
      vigenteHasta: promociones.vigenteHasta,
      limiteUsos: promociones.limiteUsos,
      limitePorCliente: promociones.limitePorCliente,
      montoMinimo: promociones.montoMinimo,
      usos: promociones.usos,
    })
    .from(carritoLineas)
    .innerJoin(productos, eq(productos.id, carritoLineas.productoId))
    // A code counts only while its promotion exists, is active and is for this product;
    // it is matched by code identity (any case), as the checkout matches it.
    .leftJoin(
      promociones,
      and(
        sameCodeSql(promociones.codigo, carritoLineas.codigoDescuento),
        eq(promociones.productoId, carritoLineas.productoId),
        eq(promociones.activo, true),
      ),
    )
    .where(eq(carritoLineas.carritoId, cartId))
    .orderBy(asc(carritoLineas.createdAt), asc(carritoLineas.productoId));
  // An unpublished product's code is not shown or counted either, nor one its rules refuse
  // now (dates, uses, minimum; the per-client limit is checkout's, which knows the client).
  const monto = amountBeforeCodes(
    rows.filter((r) => r.disponible && r.cantidad >= 1).map((r) => ({ precioOriginal: r.precio, cantidad: r.cantidad })),
  );
  const now = new Date();
  const lines = rows.map(({ vigenteDesde, vigenteHasta, limiteUsos, limitePorCliente, montoMinimo, usos, ...r }) => {
    const rules = { vigenteDesde, vigenteHasta, limiteUsos, limitePorCliente, montoMinimo };
    const refused = r.codigo !== null && codeRefusal(rules, { now, monto, usos: usos ?? undefined }) !== null;
    return r.disponible && !refused ? r : { ...r, codigo: null, descuento: null };
  });
  return { id: cart.id, lines };
}

/** The lines on sale: the ones the totals, the badge and checkout count. */
export function availableLines<T extends Pick<CartLine, "disponible">>(lines: T[]): T[] {
  return lines.filter((l) => l.disponible);
}

/** Available lines asking for more than the stock has (0 or below: sold out). */
export function overStock<T extends Pick<CartLine, "disponible" | "stock" | "cantidad">>(lines: T[]): T[] {
  return availableLines(lines).filter((l) => l.cantidad > l.stock || l.stock <= 0);
}

/**
 * Adds `cantidadInput` units of a product (SPEC section 5): the quantity must be a whole
 * number of at least 1 (else messages.invalidQuantity), the product must be published and in
 * stock. The cart is created on the first add with a random, unguessable id; adding a product
 * already in the cart adds to its quantity.
 */
export async function addToCart(
  db: Db,
  cartId: string | null,
  productoId: string,
  cantidadInput: unknown,
): Promise<{ ok: true; cartId: string; cantidad: number } | CartRefusal> {
  const cantidad = parseQuantity(cantidadInput);
  if (cantidad === null) return { ok: false, message: messages.invalidQuantity };
  const [product] = await db
    .select({ stock: productos.cantidad })
    .from(productos)
    .where(and(eq(productos.id, productoId), eq(productos.publicado, true)));
  if (!product) return { ok: false, message: productUnavailable };
  if (product.stock <= 0) return { ok: false, message: outOfStock };

  const tooMany = { ok: false, message: messages.invalidQuantity } as const;
  let aboveStock: CartRefusal | null = null;
  const added = await db.transaction(async (tx) => {
    let id = cartId && CART_ID.test(cartId) ? cartId : null;
    if (id) {
      const [existing] = await tx.select({ id: carritos.id }).from(carritos).where(eq(carritos.id, id));
      if (existing) await tx.update(carritos).set({ updatedAt: new Date() }).where(eq(carritos.id, id));
      else id = null; // deleted or expired: start a new one rather than trust the old id
    }
    if (!id) {
      id = randomUUID();
      await tx.insert(carritos).values({ id });
    }
    const [line] = await tx
      .insert(carritoLineas)
      .values({ carritoId: id, productoId, cantidad })
      .onConflictDoUpdate({
        target: [carritoLineas.carritoId, carritoLineas.productoId],
        set: { cantidad: sql`${carritoLineas.cantidad} + excluded.cantidad` },
      })
      .returning({ cantidad: carritoLineas.cantidad });
    // One line holds at most QUANTITY_MAX units: more is refused and nothing changes.
    if (line.cantidad > QUANTITY_MAX) tx.rollback();
    // Nor more than the stock: the product page stops there, the server too.
    if (line.cantidad > product.stock) {
      aboveStock = { ok: false, message: notEnoughStock(product.stock, line.cantidad - cantidad) };
      tx.rollback();
    }
    return { ok: true as const, cartId: id, cantidad };
  }).catch((error: unknown) => {
    if (error instanceof TransactionRollbackError) return aboveStock ?? tooMany;
    throw error;
  });
  return added;
}

/**
 * Saves edited quantities (blur or 'Actualizar carrito'). Each update's quantity goes
 * through cartLineQuantity: missing, empty, NaN, zero, negative or fractional → the line is
 * dropped. Lines not named in `updates` are left as they are; product ids not in the cart
 * are ignored (an update never adds). A product now out of stock can be lowered or dropped
 * but not raised. Deletes the cart when no line is left.
 */
export async function updateCartLines(
  db: Db,
  cartId: string,
  updates: { productoId: string; cantidad: unknown }[],
): Promise<{ cartId: string | null }> {
  const cart = await loadCart(db, cartId);
  if (!cart) return { cartId: null };
  const byId = new Map(cart.lines.map((l) => [l.productoId, l]));
  await db.transaction(async (tx) => {
    for (const update of updates) {
      const line = byId.get(update.productoId);
      if (!line) continue;
      const cantidad = cartLineQuantity(update.cantidad);
      // A line no longer on sale can only be dropped, not changed.
      if (!line.disponible && cantidad !== null) continue;
      if (cantidad === null) {
        await deleteLine(tx, cart.id, line.productoId);
      } else if (cantidad !== line.cantidad && !(line.stock <= 0 && cantidad > line.cantidad)) {
        await tx
          .update(carritoLineas)
          .set({ cantidad })
          .where(and(eq(carritoLineas.carritoId, cart.id), eq(carritoLineas.productoId, line.productoId)));
      }
    }
  });
  return { cartId: await deleteIfEmpty(db, cart.id) };
}

/** Removes one line; deletes the cart (→ cartId null) when it was the last one. */
export async function removeCartLine(db: Db, cartId: string, productoId: string): Promise<{ cartId: string | null }> {
  const [cart] = await db.select({ id: carritos.id }).from(carritos).where(eq(carritos.id, cartId));
  if (!cart) return { cartId: null };
  await deleteLine(db, cart.id, productoId);
  return { cartId: await deleteIfEmpty(db, cart.id) };
}

/**
 * Applies a discount code to one line (SPEC: code + product in `promociones`, active).
 * Codes are matched ignoring case and surrounding spaces; the stored code is the
 * promotion's own spelling. An unknown code, a code for another product or a product not
 * in the cart → messages.codeInvalidProduct and nothing changes.
 */
export async function applyDiscountCode(
  db: Db,
  cartId: string,
  productoId: string,
  codigoInput: unknown,
): Promise<{ ok: true; cartId: string; codigo: string; descuento: number } | CartRefusal> {
  const invalid = { ok: false, message: messages.codeInvalidProduct } as const;
  const [line] = await db
    .select({ productoId: carritoLineas.productoId })
    .from(carritoLineas)
    .innerJoin(productos, eq(productos.id, carritoLineas.productoId))
    .where(
      and(
        eq(carritoLineas.carritoId, cartId),
        eq(carritoLineas.productoId, productoId),
        eq(productos.publicado, true),
      ),
    );
  if (!line) return invalid;
  const promo = await productPromotion(db, codigoInput, productoId);
  if (!promo) return invalid;
  // Its rules, as checkout will read them for this cart (the per-client limit is checked there).
  const cart = await loadCart(db, cartId);
  const monto = amountBeforeCodes(
    (cart?.lines ?? []).filter((l) => l.disponible).map((l) => ({ precioOriginal: l.precio, cantidad: l.cantidad })),
  );
  const motivo = codeRefusal(promo, { now: new Date(), monto, usos: promo.usos });
  if (motivo) return { ok: false, message: { ...invalid.message, text: motivo } };
  await db.transaction(async (tx) => {
    await tx
      .update(carritoLineas)
      .set({ codigoDescuento: promo.codigo })
      .where(and(eq(carritoLineas.carritoId, cartId), eq(carritoLineas.productoId, productoId)));
    await tx.update(carritos).set({ updatedAt: new Date() }).where(eq(carritos.id, cartId));
  });
  return { ok: true, cartId, codigo: promo.codigo, descuento: promo.descuento };
}

/**
 * After a purchase: removes the bought products from the cart, inside the purchase's
 * transaction, and deletes the cart when nothing else is left (SPEC §4).
 */
export async function removeBoughtFromCart(tx: DbOrTx, cartId: string, productoIds: string[]): Promise<void> {
  if (productoIds.length > 0) {
    await tx
      .delete(carritoLineas)
      .where(and(eq(carritoLineas.carritoId, cartId), inArray(carritoLineas.productoId, productoIds)));
  }
  const [left] = await tx
    .select({ id: carritoLineas.productoId })
    .from(carritoLineas)
    .where(eq(carritoLineas.carritoId, cartId))
    .limit(1);
  if (!left) await tx.delete(carritos).where(eq(carritos.id, cartId));
  // the whole-order code was this order's: the products left start a new one without it
  else await tx.update(carritos).set({ codigoPedido: null }).where(eq(carritos.id, cartId));
}

/** Deletes the cart and its lines (emptying the cart deletes it, SPEC section 4). */
export async function clearCart(cartId: string, db: Db = getDb()): Promise<void> {
  await db.delete(carritos).where(eq(carritos.id, cartId));
}

async function deleteLine(db: Db, cartId: string, productoId: string) {
  await db
    .delete(carritoLineas)
    .where(and(eq(carritoLineas.carritoId, cartId), eq(carritoLineas.productoId, productoId)));
}

/** Deletes a cart with no lines; returns the id that should stay in the cookie, or null. */
async function deleteIfEmpty(db: Db, cartId: string): Promise<string | null> {
  const [left] = await db
    .select({ productoId: carritoLineas.productoId })
    .from(carritoLineas)
    .where(eq(carritoLineas.carritoId, cartId))
    .limit(1);
  if (left) {
    await db.update(carritos).set({ updatedAt: new Date() }).where(eq(carritos.id, cartId));
    return cartId;
  }
  await clearCart(cartId, db);
  return null;
}

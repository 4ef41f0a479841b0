/**
 * The cart on a real database: add, update, remove, drop rules, stock, codes, totals, and
 * the route actions themselves (a tampered price in the form changes nothing).
 */
import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { messages } from "~/domain/messages";
import { action as cartAction, loader as cartLoader } from "~/routes/carrito";
import { action as productAction } from "~/routes/producto";
import {
  addToCart,
  applyDiscountCode,
  cartResponseHeaders,
  cartSummary,
  clearCart,
  getCartId,
  loadCart,
  loadShippingRates,
  outOfStock,
  removeCartLine,
  updateCartLines,
} from "~/server/shop/cart.server";
import { getAuth } from "~/server/auth.server";
import { cartCookie } from "~/server/shop/cart-cookie.server";
import type { Database } from "~/server/db/client.server";
import {
  ajustes,
  bandasEnvio,
  carritoLineas,
  carritos,
  categorias,
  productos,
  promociones,
  user,
} from "~/server/db/schema";
import { useTestDatabase } from "../support/fixtures";

let database: Database;
const db = () => database.db;

beforeAll(async () => {
  database = await useTestDatabase();
  await db().insert(categorias).values({ id: "cejas", nombre: "Cejas" });
  await db()
    .insert(productos)
    .values([
      { id: "serum", nombre: "Sérum de cejas", marca: "MA", precio: 34999, cantidad: 10, categoriaId: "cejas", peso: 200 },
      { id: "lapiz", nombre: "Lápiz", marca: "MA", precio: 10000, cantidad: 3, categoriaId: "cejas", peso: 100 },
      { id: "agotado", nombre: "Agotado", marca: "MA", precio: 5000, cantidad: 0, categoriaId: "cejas", peso: 100 },
      { id: "oculto", nombre: "Oculto", precio: 5000, cantidad: 9, categoriaId: "cejas", publicado: false },
    ]);
  await db()
    .insert(promociones)
    .values([
      { id: "p1", codigo: "CEJAS15", productoId: "serum", descuento: 15 },
      { id: "p2", codigo: "LAPIZ50", productoId: "lapiz", descuento: 50, activo: false },
    ]);
  await db()
    .insert(bandasEnvio)
    .values([
      { gramosMinimos: 0, gramosMaximos: 1000, precios: [15000, 20000, 25000, 30000, 35000, 40000, 45000] },
      { gramosMinimos: 1001, gramosMaximos: 3000, precios: [25000, 30000, 35000, 40000, 45000, 50000, 55000] },
    ]);
});
afterAll(() => database.close());
beforeEach(async () => {
  await db().delete(carritos);
  await db().delete(ajustes);
});

async function newCart(productoId = "serum", cantidad: unknown = 1): Promise<string> {
  const result = await addToCart(db(), null, productoId, cantidad);
  if (!result.ok) throw new Error(result.message.text);
  return result.cartId;
}

describe("adding to the cart", () => {
  it("creates the cart on the first add with a random id and adds to an existing line", async () => {
    const first = await addToCart(db(), null, "serum", "2");
    expect(first).toMatchObject({ ok: true, cantidad: 2 });
    if (!first.ok) return;
    expect(first.cartId).toMatch(/^[0-9a-f-]{36}$/);
    const again = await addToCart(db(), first.cartId, "serum", 3);
    expect(again).toMatchObject({ ok: true, cartId: first.cartId });
    await addToCart(db(), first.cartId, "lapiz", "1");
    const cart = await loadCart(db(), first.cartId);
    expect(cart?.lines).toEqual([
      expect.objectContaining({ productoId: "serum", cantidad: 5, precio: 34999, peso: 200, stock: 10, codigo: null, descuento: null }),
      expect.objectContaining({ productoId: "lapiz", cantidad: 1, nombre: "Lápiz" }),
    ]);
  });

  it("refuses a quantity that is not a whole number of at least 1, changing nothing", async () => {
    for (const bad of ["abc", "", "0", "-1", "1.5", "NaN", "Infinity", "0x10", null, undefined]) {
      expect(await addToCart(db(), null, "serum", bad)).toEqual({ ok: false, message: messages.invalidQuantity });
    }
    expect(await db().select().from(carritos)).toEqual([]);
  });

  it("refuses a product out of stock, unpublished or unknown", async () => {
    expect(await addToCart(db(), null, "agotado", 1)).toEqual({ ok: false, message: outOfStock });
    expect(await addToCart(db(), null, "oculto", 1)).toMatchObject({ ok: false });
    expect(await addToCart(db(), null, "no-existe", 1)).toMatchObject({ ok: false });
    expect(await db().select().from(carritos)).toEqual([]);
  });

  it("starts a new cart when the cookie names one that is gone", async () => {
    const cartId = await newCart();
    await clearCart(cartId);
    const result = await addToCart(db(), cartId, "serum", 1);
    expect(result.ok && result.cartId).not.toBe(cartId);
  });
});

describe("updating and removing", () => {
  it("saves new quantities and drops lines with missing, empty, NaN or zero quantity", async () => {
    const cartId = await newCart("serum", 1);
    for (const id of ["lapiz"]) await addToCart(db(), cartId, id, 1);
    await updateCartLines(db(), cartId, [{ productoId: "serum", cantidad: "4" }]);
    expect((await loadCart(db(), cartId))?.lines.map((l) => [l.productoId, l.cantidad])).toEqual([
      ["serum", 4],
      ["lapiz", 1],
    ]);

    for (const dropped of [undefined, "", "abc", "0"]) {
      await addToCart(db(), cartId, "lapiz", 1);
      await updateCartLines(db(), cartId, [{ productoId: "lapiz", cantidad: dropped }]);
      expect((await loadCart(db(), cartId))?.lines.map((l) => l.productoId)).toEqual(["serum"]);
    }
  });

  it("ignores products that are not in the cart (an update never adds)", async () => {
    const cartId = await newCart();
    await updateCartLines(db(), cartId, [{ productoId: "lapiz", cantidad: "7" }]);
    expect((await loadCart(db(), cartId))?.lines.map((l) => l.productoId)).toEqual(["serum"]);
  });

  it("does not raise the quantity of a product that ran out of stock", async () => {
    const cartId = await newCart("lapiz", 2);
    await db().update(productos).set({ cantidad: 0 }).where(eq(productos.id, "lapiz"));
    try {
      await updateCartLines(db(), cartId, [{ productoId: "lapiz", cantidad: "5" }]);
      expect((await loadCart(db(), cartId))?.lines[0]?.cantidad).toBe(2);
      await updateCartLines(db(), cartId, [{ productoId: "lapiz", cantidad: "1" }]);
      expect((await loadCart(db(), cartId))?.lines[0]?.cantidad).toBe(1);
    } finally {
      await db().update(productos).set({ cantidad: 3 }).where(eq(productos.id, "lapiz"));
    }
  });

  it("deletes the cart when its last line is removed or dropped", async () => {
    const cartId = await newCart();
    await addToCart(db(), cartId, "lapiz", 1);
    expect(await removeCartLine(db(), cartId, "serum")).toEqual({ cartId });
    expect(await removeCartLine(db(), cartId, "lapiz")).toEqual({ cartId: null });
    expect(await loadCart(db(), cartId)).toBeNull();

    const other = await newCart();
    expect(await updateCartLines(db(), other, [{ productoId: "serum", cantidad: "0" }])).toEqual({ cartId: null });
    expect(await db().select().from(carritos).where(eq(carritos.id, other))).toEqual([]);
  });

  it("keeps lines of products taken off the shop, marked not available (cart-fidelity.test.ts)", async () => {
    const cartId = await newCart();
    await db().insert(carritoLineas).values({ carritoId: cartId, productoId: "oculto", cantidad: 1 });
    const lines = (await loadCart(db(), cartId))?.lines ?? [];
    expect(lines.map((l) => [l.productoId, l.disponible]).sort()).toEqual([
      ["oculto", false],
      ["serum", true],
    ]);
  });
});

describe("discount codes", () => {
  it("applies a code valid for the line's product, ignoring case and spaces", async () => {
    const cartId = await newCart("serum", 2);
    expect(await applyDiscountCode(db(), cartId, "serum", "  cejas15 ")).toEqual({
      ok: true,
      cartId,
      codigo: "CEJAS15",
      descuento: 15,
    });
    const [line] = (await loadCart(db(), cartId))?.lines ?? [];
    expect(line).toMatchObject({ codigo: "CEJAS15", descuento: 15 });
    const [row] = await db()
      .select({ codigo: carritoLineas.codigoDescuento })
      .from(carritoLineas)
      .where(and(eq(carritoLineas.carritoId, cartId), eq(carritoLineas.productoId, "serum")));
    expect(row.codigo).toBe("CEJAS15");
  });

  it("refuses unknown codes, codes of another product, inactive codes and products not in the cart", async () => {
    const cartId = await newCart("serum", 1);
    await addToCart(db(), cartId, "lapiz", 1);
    const refused = { ok: false, message: messages.codeInvalidProduct };
    expect(await applyDiscountCode(db(), cartId, "serum", "NOEXISTE")).toEqual(refused);
    expect(await applyDiscountCode(db(), cartId, "lapiz", "CEJAS15")).toEqual(refused);
    expect(await applyDiscountCode(db(), cartId, "lapiz", "LAPIZ50")).toEqual(refused);
    expect(await applyDiscountCode(db(), cartId, "agotado", "CEJAS15")).toEqual(refused);
    expect(await applyDiscountCode(db(), cartId, "serum", "")).toEqual(refused);
    expect((await loadCart(db(), cartId))?.lines.every((l) => l.codigo === null)).toBe(true);
  });

  it("keeps a valid code when a later invalid one is tried, and drops it once deactivated", async () => {
    const cartId = await newCart("serum", 1);
    await applyDiscountCode(db(), cartId, "serum", "CEJAS15");
    await applyDiscountCode(db(), cartId, "serum", "OTRO");
    expect((await loadCart(db(), cartId))?.lines[0]).toMatchObject({ codigo: "CEJAS15", descuento: 15 });
    await db().update(promociones).set({ activo: false }).where(eq(promociones.id, "p1"));
    try {
      expect((await loadCart(db(), cartId))?.lines[0]).toMatchObject({ codigo: null, descuento: null });
    } finally {
      await db().update(promociones).set({ activo: true }).where(eq(promociones.id, "p1"));
    }
  });
});

describe("totals", () => {
  it("sums rounded discounted prices and prices shipping from the bands", async () => {
    const cartId = await newCart("serum", 2);
    await addToCart(db(), cartId, "lapiz", 1);
    await applyDiscountCode(db(), cartId, "serum", "CEJAS15");
    const cart = await loadCart(db(), cartId);
    const summary = cartSummary(cart?.lines ?? [], await loadShippingRates(db()));
    // 349.99 × 0.85 = 297.4915 → 297.49 (cart rounds); 2 × 297.49 + 100.00
    expect(summary.subtotal).toBe(2 * 29749 + 10000);
    // 500 g, 3 items → first band, first price
    expect(summary.shipping).toEqual({ ok: true, centavos: 15000, grams: 500, items: 3 });
    expect(summary.total).toBe(2 * 29749 + 10000 + 15000);
  });

  it("uses the second band when heavier, Gratis when the studio says so, and explains when no band fits", async () => {
    const cartId = await newCart("serum", 6); // 1200 g
    let summary = cartSummary((await loadCart(db(), cartId))?.lines ?? [], await loadShippingRates(db()));
    expect(summary.shipping).toMatchObject({ ok: true, centavos: 25000 });

    await db().insert(ajustes).values({ clave: "envio", valor: { estado: "Gratis" } });
    summary = cartSummary((await loadCart(db(), cartId))?.lines ?? [], await loadShippingRates(db()));
    expect(summary.shipping).toMatchObject({ ok: true, centavos: 0 });
    await db().delete(ajustes);

    await addToCart(db(), cartId, "serum", 4); // 2000 g… still band 2
    await addToCart(db(), cartId, "lapiz", 3); // 2300 g
    await updateCartLines(db(), cartId, [{ productoId: "serum", cantidad: "20" }]); // 4300 g
    summary = cartSummary((await loadCart(db(), cartId))?.lines ?? [], await loadShippingRates(db()));
    expect(summary.shipping).toMatchObject({ ok: false, reason: "sin-banda" });
    expect(summary.total).toBe(summary.subtotal);
  });
});

describe("cookie", () => {
  it("renews the cookie for 7 days on a write and clears it when the cart is gone", async () => {
    const renew = (await cartResponseHeaders("0b9d6c2e-1f0a-4c55-9a7e-3f1d2c3b4a59")).get("Set-Cookie") ?? "";
    expect(renew).toContain("carrito=");
    expect(renew).toContain("Max-Age=604800");
    expect(renew).toContain("HttpOnly");
    const clear = (await cartResponseHeaders(null)).get("Set-Cookie") ?? "";
    expect(clear).toContain("Max-Age=0");
  });

  it("ignores a cookie value that is not a cart id", async () => {
    const cookie = await cartCookie.serialize("'; drop table carritos; --");
    expect(await getCartId(new Request("http://localhost/", { headers: { Cookie: cookie } }))).toBeNull();
  });
});

// ---------------------------------------------------------------- through the route actions

async function post(
  handler: typeof cartAction | typeof productAction,
  path: string,
  fields: Record<string, string>,
  cartId?: string | null,
  sessionCookie?: string,
) {
  const headers = new Headers({ "Content-Type": "application/x-www-form-urlencoded" });
  const cookies = [cartId ? (await cartCookie.serialize(cartId)).split(";")[0] : "", sessionCookie ?? ""];
  if (cookies.some(Boolean)) headers.set("Cookie", cookies.filter(Boolean).join("; "));
  const request = new Request(`http://localhost${path}`, { method: "POST", headers, body: new URLSearchParams(fields) });
  const params = path.startsWith("/producto/") ? { id: path.split("/")[2] } : {};
  // biome-ignore lint/suspicious/noExplicitAny: the generated Route types are not needed to call an action
  return (handler as any)({ request, params, context: {} });
}

/** The body and Set-Cookie of what an action returned (data(), a Response or a plain object). */
function unwrap(result: unknown): { body: Record<string, unknown>; setCookie: string | null; status: number } {
  if (result instanceof Response) return { body: {}, setCookie: result.headers.get("Set-Cookie"), status: result.status };
  const r = result as { type?: string; data?: unknown; init?: ResponseInit | null };
  if (r?.type === "DataWithResponseInit") {
    const headers = new Headers(r.init?.headers);
    return { body: r.data as Record<string, unknown>, setCookie: headers.get("Set-Cookie"), status: r.init?.status ?? 200 };
  }
  return { body: result as Record<string, unknown>, setCookie: null, status: 200 };
}

describe("route actions", () => {
  it("adds from the product page, setting the cart cookie, and ignores a tampered price", async () => {
    const result = unwrap(await post(productAction, "/producto/serum", { intent: "add", cantidad: "2", precio: "1", price: "1" }));
    expect(result.body).toMatchObject({ ok: true, cantidad: 2 });
    expect(result.setCookie).toContain("Max-Age=604800");
    const cartId = result.body.cartId as string;
    const cart = await loadCart(db(), cartId);
    expect(cart?.lines).toEqual([expect.objectContaining({ productoId: "serum", cantidad: 2, precio: 34999 })]);
    const [product] = await db().select().from(productos).where(eq(productos.id, "serum"));
    expect(product.precio).toBe(34999);
  });

  it("refuses a non-numeric quantity and an out-of-stock product on the server", async () => {
    const bad = unwrap(await post(productAction, "/producto/serum", { intent: "add", cantidad: "dos" }));
    expect(bad.status).toBe(400);
    expect(bad.body).toEqual({ ok: false, message: messages.invalidQuantity });
    const soldOut = unwrap(await post(productAction, "/producto/agotado", { intent: "add", cantidad: "1" }));
    expect(soldOut.body).toEqual({ ok: false, message: outOfStock });
    expect(await db().select().from(carritos)).toEqual([]);
  });

  it("updates, applies codes and removes through /carrito, renewing then clearing the cookie", async () => {
    const cartId = await newCart("serum", 1);
    await addToCart(db(), cartId, "lapiz", 1);

    const update = unwrap(
      await post(cartAction, "/carrito", { intent: "update", "cantidad.serum": "3", "cantidad.lapiz": "", precio: "1" }, cartId),
    );
    expect(update.body).toEqual({ intent: "update", ok: true });
    expect(update.setCookie).toContain("Max-Age=604800");
    expect((await loadCart(db(), cartId))?.lines.map((l) => [l.productoId, l.cantidad, l.precio])).toEqual([
      ["serum", 3, 34999],
    ]);

    const wrong = unwrap(await post(cartAction, "/carrito", { intent: "code:serum", "codigo.serum": "NOPE" }, cartId));
    expect(wrong.body).toEqual({ intent: "code", ok: false, productoId: "serum", message: messages.codeInvalidProduct });
    const found = unwrap(
      await post(cartAction, "/carrito", { intent: "code:serum", "codigo.serum": "CEJAS15", descuento: "99" }, cartId),
    );
    expect(found.body).toMatchObject({ intent: "code", ok: true, message: messages.codeFound });
    expect((await loadCart(db(), cartId))?.lines[0]).toMatchObject({ codigo: "CEJAS15", descuento: 15 });

    const loaded = (await cartLoader({
      request: new Request("http://localhost/carrito", {
        headers: { Cookie: (await cartCookie.serialize(cartId)).split(";")[0] },
      }),
      // biome-ignore lint/suspicious/noExplicitAny: see post()
    } as any)) as { lines: { precioUnitario: number }[] };
    expect(loaded.lines[0].precioUnitario).toBe(29749);

    const removed = unwrap(await post(cartAction, "/carrito", { intent: "remove:serum" }, cartId));
    expect(removed.setCookie).toContain("Max-Age=0");
    expect(await loadCart(db(), cartId)).toBeNull();
  });

  it("Pagar asks a visitor to log in (after saving the quantities)", async () => {
    const cartId = await newCart("serum", 1);
    const result = unwrap(await post(cartAction, "/carrito", { intent: "pagar", "cantidad.serum": "2" }, cartId));
    expect(result.status).toBe(401);
    // `login`: the page offers the log-in overlay with the alert
    expect(result.body).toEqual({
      intent: "pagar",
      ok: false,
      message: messages.loginRequiredPurchase,
      terms: false,
      login: true,
    });
    expect((await loadCart(db(), cartId))?.lines[0]?.cantidad).toBe(2);
  });

  it("Pagar asks a user who has not accepted the terms to accept them, then goes to /pagar", async () => {
    const email = `pagar-${Date.now()}@example.com`;
    const { headers } = await getAuth().api.signUpEmail({
      body: { name: "Paula", email, password: "contrasena-segura-1", aceptaTerminos: true } as never,
      returnHeaders: true,
    });
    const session = (headers.get("set-cookie") ?? "").split(";")[0];
    // As after a first social log-in: logged in, terms not accepted yet.
    await db().update(user).set({ terminos: false }).where(eq(user.email, email));
    const cartId = await newCart("serum", 1);

    const refused = unwrap(await post(cartAction, "/carrito", { intent: "pagar", "cantidad.serum": "1" }, cartId, session));
    expect(refused.status).toBe(403);
    expect(refused.body).toEqual({ intent: "pagar", ok: false, terms: true, login: false, message: messages.termsRequired });

    await db().update(user).set({ terminos: true }).where(eq(user.email, email));
    const result = await post(cartAction, "/carrito", { intent: "pagar", "cantidad.serum": "2" }, cartId, session);
    expect(result).toBeInstanceOf(Response);
    expect(result.status).toBe(302);
    expect(result.headers.get("Location")).toBe("/pagar");
    // a full page load, not a client-side navigation
    expect(result.headers.get("X-Remix-Reload-Document")).toBe("true");
    expect(result.headers.get("Set-Cookie")).toContain("Max-Age=604800");
    expect((await loadCart(db(), cartId))?.lines[0]?.cantidad).toBe(2);
  });
});

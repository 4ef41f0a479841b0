/**
 * Shop fidelity on a real database (issue 12, items 8, 9 and 14):
 * - a product unpublished (or deleted) while in a cart never blocks it: listed as
 *   'Ya no disponible', out of totals and badge, left out of the order, kept until removed;
 * - a quantity above stock is said in the cart ('Solo quedan 2 disponibles'), and 'Pagar'
 *   refuses it there, not first at /pagar;
 * - a refused code names its line (the page clears that field);
 * - related products fall back to other categories so that 3 are shown when there are 3.
 */
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { messages } from "~/domain/messages";
import { action as cartAction, loader as cartLoader } from "~/routes/carrito";
import { loader as pagarLoader } from "~/routes/pagar";
import { loader as productLoader } from "~/routes/producto";
import type { Database } from "~/server/db/client.server";
import { carritoLineas, carritos, productos } from "~/server/db/schema";
import { authorizeDemoPayment, createDemoProvider } from "~/server/payments/demo.server";
import { cartCookie, cartItemCount } from "~/server/shop/cart-cookie.server";
import { loadCart, nothingAvailable, updateCartLines } from "~/server/shop/cart.server";
import { relatedProducts } from "~/server/shop/catalog.server";
import { completePurchase } from "~/server/shop/complete-purchase.server";
import { startPayment } from "~/server/shop/order-payment.server";
import { priceCart } from "~/server/shop/pricing.server";
import {
  type TestUser,
  makeCart,
  makeCategory,
  makeProduct,
  makePromotion,
  makeShippingBand,
  signUpUser,
  useTestDatabase,
} from "../support/fixtures";

let database: Database;
const db = () => database.db;
let buyer: TestUser;

beforeAll(async () => {
  database = await useTestDatabase();
  await makeShippingBand();
  buyer = await signUpUser({ terminos: true });
});
afterAll(() => database.close());

// Lines added together sort by product id: ids that sort in the order of the lines.
let seq = 0;
const id = (name: string) => `${String(++seq).padStart(3, "0")}-${name}`;

const unpublish = (id: string) => db().update(productos).set({ publicado: false }).where(eq(productos.id, id));

async function cookieFor(cartId: string, session?: string) {
  return [(await cartCookie.serialize(cartId)).split(";")[0], session].filter(Boolean).join("; ");
}

async function request(path: string, cartId: string, init: { form?: Record<string, string>; session?: string } = {}) {
  const headers = new Headers({ Cookie: await cookieFor(cartId, init.session) });
  if (!init.form) return new Request(`http://localhost${path}`, { headers });
  headers.set("Content-Type", "application/x-www-form-urlencoded");
  return new Request(`http://localhost${path}`, { method: "POST", headers, body: new URLSearchParams(init.form) });
}

// biome-ignore lint/suspicious/noExplicitAny: the generated Route types are not needed to call a route
const call = (handler: unknown, req: Request, params: Record<string, string> = {}): Promise<any> =>
  // biome-ignore lint/suspicious/noExplicitAny: as above
  (handler as any)({ request: req, params, context: {} });

/** The body and status of what a route returned (data(), a Response or a plain object). */
function unwrap(result: unknown): { body: Record<string, unknown>; status: number; location: string | null } {
  if (result instanceof Response) {
    return { body: {}, status: result.status, location: result.headers.get("Location") };
  }
  const r = result as { type?: string; data?: unknown; init?: ResponseInit | null };
  if (r?.type === "DataWithResponseInit") {
    return { body: r.data as Record<string, unknown>, status: r.init?.status ?? 200, location: null };
  }
  return { body: result as Record<string, unknown>, status: 200, location: null };
}

/** What a loader threw (a redirect), or what it returned. */
async function settle(promise: Promise<unknown>) {
  try {
    return unwrap(await promise);
  } catch (thrown) {
    return unwrap(thrown);
  }
}

describe("a product unpublished while in the cart (item 8)", () => {
  it("is listed as no longer available, out of the totals and the badge, with a remove button", async () => {
    const oculto = await makeProduct({ id: id("paleta"), nombre: "Paleta retirada", precio: 50_000 });
    const serum = await makeProduct({ id: id("serum"), nombre: "Sérum de cejas", precio: 30_000 });
    await makePromotion({ productoId: oculto.id, codigo: "RETIRADA10", descuento: 10 });
    const cartId = await makeCart([
      { productoId: oculto.id, cantidad: 2, codigo: "RETIRADA10" },
      { productoId: serum.id, cantidad: 1 },
    ]);
    await unpublish(oculto.id);

    const page = unwrap(await call(cartLoader, await request("/carrito", cartId)));
    const lines = page.body.lines as { productoId: string; disponible: boolean; codigo: string | null }[];
    expect(lines.map((l) => [l.productoId, l.disponible])).toEqual([
      [oculto.id, false],
      [serum.id, true],
    ]);
    expect(lines[0].codigo).toBeNull();
    expect(page.body.cartId).toBe(cartId);

    // The badge counts the one serum only.
    expect(await cartItemCount(await request("/", cartId))).toBe(1);

    // A quantity sent for it changes nothing; removing it works.
    await updateCartLines(db(), cartId, [{ productoId: oculto.id, cantidad: "5" }]);
    expect((await loadCart(db(), cartId))?.lines.find((l) => l.productoId === oculto.id)?.cantidad).toBe(2);
    const removed = unwrap(await call(cartAction, await request("/carrito", cartId, { form: { intent: `remove:${oculto.id}` } })));
    expect(removed.body).toEqual({ intent: "remove", ok: true });
    expect((await loadCart(db(), cartId))?.lines.map((l) => l.productoId)).toEqual([serum.id]);
  });

  it("never blocks checkout: 'Pagar' goes on, /pagar prices the lines on sale, later products too", async () => {
    const oculto = await makeProduct({ id: id("delineador"), nombre: "Delineador retirado", precio: 20_000 });
    const labial = await makeProduct({ id: id("labial"), nombre: "Labial", precio: 35_050 });
    const cartId = await makeCart([{ productoId: oculto.id, cantidad: 1 }, { productoId: labial.id, cantidad: 1 }], buyer.id);
    await unpublish(oculto.id);
    // A product added after the unpublished one is not blocked either.
    const rubor = await makeProduct({ id: id("rubor"), nombre: "Rubor", precio: 25_000 });
    await db().insert(carritoLineas).values({ carritoId: cartId, productoId: rubor.id, cantidad: 2 });

    const pay = await call(
      cartAction,
      await request("/carrito", cartId, {
        session: buyer.cookie,
        form: { intent: "pagar", [`cantidad.${labial.id}`]: "1", [`cantidad.${rubor.id}`]: "2" },
      }),
    );
    expect(pay).toBeInstanceOf(Response);
    expect((pay as Response).headers.get("Location")).toBe("/pagar");

    const priced = await priceCart(db(), cartId);
    expect(priced.ok).toBe(true);
    if (!priced.ok) return;
    expect(priced.draft.lines.map((l) => [l.nombre, l.cantidad])).toEqual([
      ["Labial", 1],
      ["Rubor", 2],
    ]);
    expect(priced.draft.subtotal).toBe(35_050 + 2 * 25_000);

    const pagar = await settle(call(pagarLoader, await request("/pagar", cartId, { session: buyer.cookie })));
    expect(pagar.body).toMatchObject({ problema: null, pedido: { subtotal: 85_050 } });
  });

  it("stays in the cart after the order for the other lines is paid, until removed", async () => {
    const oculto = await makeProduct({ id: id("brocha"), nombre: "Brocha retirada", precio: 9_000 });
    const kit = await makeProduct({ id: id("kit"), nombre: "Kit de cejas", precio: 60_000, cantidad: 4 });
    const cartId = await makeCart([{ productoId: oculto.id, cantidad: 1 }, { productoId: kit.id, cantidad: 1 }], buyer.id);
    await unpublish(oculto.id);

    const priced = await priceCart(db(), cartId);
    if (!priced.ok) throw new Error(priced.message.text);
    const provider = createDemoProvider(db());
    const { paymentId, clientSecret } = await startPayment(db(), {
      userId: buyer.id,
      draft: priced.draft,
      datosEnvio: null,
      datosContacto: { correo: buyer.email, telefono: "3333333333" },
      provider,
    });
    const card = { numero: "4242424242424242", vencimiento: "12/30", cvc: "123", nombre: "Ana" };
    expect(await authorizeDemoPayment(db(), { clientSecret, userId: buyer.id, card })).toMatchObject({ ok: true });
    expect(await completePurchase(db(), paymentId)).toMatchObject({ ok: true });

    const left = await loadCart(db(), cartId);
    expect(left?.lines.map((l) => [l.productoId, l.disponible])).toEqual([[oculto.id, false]]);
    expect(await cartItemCount(await request("/", cartId))).toBe(0);
    // With nothing on sale left, 'Pagar' says so in the cart instead of sending to /pagar.
    const pay = unwrap(await call(cartAction, await request("/carrito", cartId, { session: buyer.cookie, form: { intent: "pagar" } })));
    expect(pay.status).toBe(409);
    expect(pay.body).toMatchObject({ intent: "pagar", ok: false, message: nothingAvailable });
    const pagar = await settle(call(pagarLoader, await request("/pagar", cartId, { session: buyer.cookie })));
    expect(pagar.location).toBe("/carrito");
  });

  it("leaves the cart with the product when it is deleted (its line goes, nothing is blocked)", async () => {
    const borrado = await makeProduct({ nombre: "Producto borrado" });
    const labial = await makeProduct({ nombre: "Labial", precio: 35_050 });
    const cartId = await makeCart([{ productoId: borrado.id, cantidad: 3 }, { productoId: labial.id, cantidad: 1 }]);
    await db().delete(productos).where(eq(productos.id, borrado.id));
    expect(await cartItemCount(await request("/", cartId))).toBe(1);
    const priced = await priceCart(db(), cartId);
    expect(priced.ok && priced.draft.lines.map((l) => l.nombre)).toEqual(["Labial"]);
  });
});

describe("a quantity above stock (item 9)", () => {
  it("is said in the cart with what is left, and 'Pagar' refuses it there", async () => {
    const lapiz = await makeProduct({ id: id("lapiz"), nombre: "Lápiz de cejas", cantidad: 2 });
    const uno = await makeProduct({ id: id("pigmento"), nombre: "Pigmento", cantidad: 1 });
    const agotado = await makeProduct({ id: id("gel"), nombre: "Gel fijador", cantidad: 5 });
    const cartId = await makeCart(
      [
        { productoId: lapiz.id, cantidad: 3 },
        { productoId: uno.id, cantidad: 1 },
        { productoId: agotado.id, cantidad: 1 },
      ],
      buyer.id,
    );
    await db().update(productos).set({ cantidad: 0 }).where(eq(productos.id, agotado.id));

    const page = unwrap(await call(cartLoader, await request("/carrito", cartId)));
    const avisos = (page.body.lines as { nombre: string; aviso: string | null }[]).map((l) => [l.nombre, l.aviso]);
    expect(avisos).toEqual([
      ["Lápiz de cejas", "Solo quedan 2 disponibles"],
      ["Pigmento", null],
      ["Gel fijador", "Agotado"],
    ]);

    const form = { intent: "pagar", [`cantidad.${lapiz.id}`]: "3", [`cantidad.${uno.id}`]: "2", [`cantidad.${agotado.id}`]: "1" };
    const pay = unwrap(await call(cartAction, await request("/carrito", cartId, { session: buyer.cookie, form })));
    expect(pay.status).toBe(409);
    expect(pay.body).toEqual({
      intent: "pagar",
      ok: false,
      message: {
        icon: "error",
        title: "Sin existencias",
        text:
          "Solo quedan 2 disponibles de Lápiz de cejas. Solo queda 1 disponible de Pigmento. " +
          "Gel fijador está agotado. Ajusta tu carrito para continuar.",
      },
    });
    // The quantities were still saved (the shopper's edit is kept to adjust).
    expect((await loadCart(db(), cartId))?.lines.map((l) => l.cantidad)).toEqual([3, 2, 1]);

    // Adjusted to what is left (and the sold-out line removed): 'Pagar' goes on to /pagar.
    const fixed = await call(
      cartAction,
      await request("/carrito", cartId, {
        session: buyer.cookie,
        form: { intent: "pagar", [`cantidad.${lapiz.id}`]: "2", [`cantidad.${uno.id}`]: "1", [`cantidad.${agotado.id}`]: "0" },
      }),
    );
    expect(fixed).toBeInstanceOf(Response);
    expect((fixed as Response).headers.get("Location")).toBe("/pagar");
  });
});

describe("discount codes and related products (item 14)", () => {
  it("a refused code names its line, so the page can clear that field", async () => {
    const serum = await makeProduct({ nombre: "Sérum" });
    const cartId = await makeCart([{ productoId: serum.id, cantidad: 1 }]);
    const wrong = unwrap(
      await call(cartAction, await request("/carrito", cartId, { form: { intent: `code:${serum.id}`, [`codigo.${serum.id}`]: "NOEXISTE" } })),
    );
    expect(wrong.status).toBe(400);
    expect(wrong.body).toEqual({ intent: "code", ok: false, productoId: serum.id, message: messages.codeInvalidProduct });
  });

  it("fills the three related products from other categories when the product's own has fewer", async () => {
    await db().delete(carritos);
    const sola = await makeCategory({ nombre: "Solitaria" });
    const otra = await makeCategory({ nombre: "Otra" });
    const product = await makeProduct({ nombre: "Único", categoriaId: sola.id });
    const hermano = await makeProduct({ nombre: "Zz hermano", categoriaId: sola.id });
    const oculto = await makeProduct({ nombre: "Aa oculto", categoriaId: otra.id, publicado: false });

    const related = await relatedProducts(db(), product);
    expect(related).toHaveLength(3);
    // The same category's product first, then others; never itself or an unpublished one.
    expect(related[0].id).toBe(hermano.id);
    expect(related.map((p) => p.id)).not.toContain(product.id);
    expect(related.map((p) => p.id)).not.toContain(oculto.id);

    const page = unwrap(await call(productLoader, new Request(`http://localhost/producto/${product.id}`), { id: product.id }));
    expect((page.body.related as unknown[]).length).toBe(3);
  });
});

// @engine: 20 concurrent redemptions of a code with 5 uses left (row lock on the code)
/**
 * Discount codes a shop uses (issue 28): dates, usage limits per code and per client, a
 * minimum amount and whole-order codes, checked by the server when it prices the order and
 * again when it writes it, through the production HTTP stack with the demo provider. The
 * redemption is counted in the order's own transaction: 20 buyers at once on a code with 5
 * uses left get exactly 5 orders; the other authorisations are cancelled, nobody charged.
 */
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { randomUUID } from "node:crypto";
import { eq, inArray } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Database } from "~/server/db/client.server";
import { canjesCodigos, carritos, codigosPedido, compras, pagos, promociones } from "~/server/db/schema";
import { env } from "~/server/env.server";
import { createDemoProvider } from "~/server/payments/demo.server";
import { applyDiscountCode, loadCart } from "~/server/shop/cart.server";
import { priceCart, setOrderCode } from "~/server/shop/pricing.server";
import { listOrders } from "~/server/shop/orders.server";
import { returnCodes } from "~/server/shop/redemptions.server";
import { type TestApp, startTestApp } from "../support/app";
import { checkoutCookies } from "../support/checkout";
import {
  type TestUser,
  makeCart,
  makeCategory,
  makeProduct,
  makeShippingBand,
  signUpUser,
  useTestDatabase,
} from "../support/fixtures";

const API = "/auth/michel-alvarez/v2";
const CARD = { numero: "4242 4242 4242 4242", vencimiento: "12/30", cvc: "123", nombre: "Ana López" };

let database: Database;
let db: Database["db"];
let app: TestApp;
let categoriaId: string;

let nextIp = 0;
const buyerIp = () => {
  nextIp += 1;
  return `203.0.${Math.floor(nextIp / 250)}.${(nextIp % 250) + 1}`;
};

async function makePromo(productoId: string, rules: Partial<typeof promociones.$inferInsert> = {}) {
  const [row] = await db
    .insert(promociones)
    .values({
      id: randomUUID(),
      codigo: `COD${nextIp}${Math.random().toString(36).slice(2, 7)}`.toUpperCase(),
      productoId,
      descuento: 10,
      ...rules,
    })
    .returning();
  return row;
}

/** A buyer with this cart, a demo payment created and its card authorised. */
async function authorisedPayment(
  lines: { productoId: string; cantidad: number; codigo?: string }[],
  options: { buyer?: TestUser; codigoPedido?: string } = {},
) {
  const buyer = options.buyer ?? (await signUpUser());
  const cartId = await makeCart(lines, buyer.id);
  if (options.codigoPedido)
    await db.update(carritos).set({ codigoPedido: options.codigoPedido }).where(eq(carritos.id, cartId));
  const cookie = await checkoutCookies(buyer, cartId);
  const created = await app.post(`${API}/stripe`, {}, cookie, { "x-forwarded-for": buyerIp() });
  expect(created.status).toBe(200);
  const { paymentId, clientSecret } = (await created.json()) as { paymentId: string; clientSecret: string };
  const authorised = await app.post(`${API}/demo/pago`, { clientSecret, ...CARD }, cookie);
  expect(authorised.status).toBe(200);
  return { buyer, cookie, paymentId, cartId };
}

const confirm = (p: { paymentId: string; cookie: string }) =>
  app.post(`${API}/confirmar`, { paymentId: p.paymentId }, p.cookie);

beforeAll(async () => {
  database = await useTestDatabase({
    config: { dataDir: fs.mkdtempSync(path.join(os.tmpdir(), "codigos-")), trustProxy: true },
  });
  db = database.db;
  app = await startTestApp({ payments: { provider: createDemoProvider(db), webhookSecret: "whsec_codigos" } });
  categoriaId = (await makeCategory()).id;
  await makeShippingBand();
}, 60_000);

afterAll(async () => {
  await app?.close();
  await database?.close();
  if (env.dataDir.startsWith(os.tmpdir())) fs.rmSync(env.dataDir, { recursive: true, force: true });
});

describe("the rules when the server prices the order", () => {
  it("leaves out a code before its first day, after its last, under its minimum or used up, saying why", async () => {
    const producto = await makeProduct({ categoriaId, precio: 100_000, cantidad: 50 });
    const now = new Date("2026-06-15T18:00:00Z"); // 12:00 on 15 June in the studio
    const cases: [Partial<typeof promociones.$inferInsert>, string | null][] = [
      [{ vigenteDesde: "2026-06-16" }, "Este código aún no está vigente."],
      [{ vigenteHasta: "2026-06-14" }, "Este código ya venció."],
      [{ vigenteDesde: "2026-06-15", vigenteHasta: "2026-06-15" }, null],
      [{ montoMinimo: 150_000 }, "Este código aplica en compras desde $1,500.00 MXN."],
      [{ montoMinimo: 100_000 }, null],
      [{ limiteUsos: 3, usos: 3 }, "Este código ya se usó el máximo de veces."],
      [{ limiteUsos: 3, usos: 2 }, null],
    ];
    for (const [rules, motivo] of cases) {
      const promo = await makePromo(producto.id, rules);
      const cartId = await makeCart([{ productoId: producto.id, cantidad: 1, codigo: promo.codigo }]);
      const priced = await priceCart(db, cartId, { now });
      if (!priced.ok) throw new Error("not priced");
      if (motivo) {
        expect(priced.draft.codigosRechazados).toEqual([{ id: producto.id, codigo: promo.codigo, motivo }]);
        expect(priced.draft.lines[0].precio).toBe(100_000);
      } else {
        expect(priced.draft.codigosRechazados).toEqual([]);
        expect(priced.draft.lines[0].precio).toBe(90_000);
      }
    }
  });

  it("the cart refuses a code its rules refuse, with the reason, and shows no discount for one that expired", async () => {
    const producto = await makeProduct({ categoriaId, precio: 100_000, cantidad: 50 });
    const vencido = await makePromo(producto.id, { vigenteHasta: "2000-01-31" });
    const minimo = await makePromo(producto.id, { montoMinimo: 500_000 });
    const cartId = await makeCart([{ productoId: producto.id, cantidad: 1 }]);
    expect(await applyDiscountCode(db, cartId, producto.id, vencido.codigo)).toMatchObject({
      ok: false,
      message: { text: "Este código ya venció." },
    });
    expect(await applyDiscountCode(db, cartId, producto.id, minimo.codigo)).toMatchObject({
      ok: false,
      message: { text: "Este código aplica en compras desde $5,000.00 MXN." },
    });
    // stored before it expired: the cart no longer shows its discount, as checkout no longer applies it
    const stored = await makeCart([{ productoId: producto.id, cantidad: 1, codigo: vencido.codigo }]);
    expect((await loadCart(db, stored))?.lines[0]).toMatchObject({ codigo: null, descuento: null });
  });

  it("takes a whole-order code off the products after the line codes, shipping not discounted", async () => {
    const a = await makeProduct({ categoriaId, precio: 33_333, cantidad: 50 });
    const b = await makeProduct({ categoriaId, precio: 10_000, cantidad: 50 });
    const line = await makePromo(a.id, { descuento: 50 });
    await db.insert(codigosPedido).values({ id: randomUUID(), codigo: "TodoDiez", descuento: 10 });
    const cartId = await makeCart([
      { productoId: a.id, cantidad: 1, codigo: line.codigo },
      { productoId: b.id, cantidad: 2 },
    ]);
    await db.update(carritos).set({ codigoPedido: "tododiez" }).where(eq(carritos.id, cartId));
    const priced = await priceCart(db, cartId);
    if (!priced.ok) throw new Error("not priced");
    const { draft } = priced;
    // lines: floor(33333 × 50%) = 16666 + 2 × 10000 = 36666; 10% off floored: 32999.4 → 32999 charged, 3667 off
    expect(draft.subtotal).toBe(36_666);
    expect(draft.codigoPedido).toEqual({ codigo: "TodoDiez", descuento: 10, centavos: 3667 });
    expect(draft.total).toBe(36_666 - 3667 + draft.envio);
    expect(draft.envio).toBeGreaterThan(0);
  });
});

describe("the shopper's whole-order code at /pagar", () => {
  it("is kept only when the checkout would apply it, else refused with the reason; empty removes it", async () => {
    const producto = await makeProduct({ categoriaId, precio: 40_000, cantidad: 50 });
    await db.insert(codigosPedido).values([
      { id: randomUUID(), codigo: "MIN1000", descuento: 10, montoMinimo: 100_000 },
      { id: randomUUID(), codigo: "CINCO", descuento: 5 },
    ]);
    const buyer = await signUpUser();
    const cartId = await makeCart([{ productoId: producto.id, cantidad: 2 }], buyer.id);
    const cartCode = async () =>
      (await db.select({ c: carritos.codigoPedido }).from(carritos).where(eq(carritos.id, cartId)))[0].c;

    expect(await setOrderCode(db, cartId, "min1000", { userId: buyer.id })).toEqual({
      ok: false,
      message: expect.objectContaining({ text: "Este código aplica en compras desde $1,000.00 MXN." }),
    });
    expect(await cartCode()).toBeNull();
    expect(await setOrderCode(db, cartId, "NOEXISTE", { userId: buyer.id })).toMatchObject({ ok: false });
    expect(await setOrderCode(db, cartId, "cinco", { userId: buyer.id })).toEqual({ ok: true, codigo: "CINCO" });
    expect(await cartCode()).toBe("CINCO");
    expect(await setOrderCode(db, cartId, "", { userId: buyer.id })).toEqual({ ok: true, codigo: null });
    expect(await cartCode()).toBeNull();
  });
});

describe("the rules when the order is written", () => {
  it("a whole-order code's order records its discount and counts one use", async () => {
    const producto = await makeProduct({ categoriaId, precio: 200_000, cantidad: 50 });
    const id = randomUUID();
    await db
      .insert(codigosPedido)
      .values({ id, codigo: "PEDIDO15", descuento: 15, limiteUsos: 10, montoMinimo: 150_000 });
    const p = await authorisedPayment([{ productoId: producto.id, cantidad: 1 }], { codigoPedido: "pedido15" });
    const answer = await confirm(p);
    expect(answer.status).toBe(200);
    const [order] = await db.select().from(compras).where(eq(compras.pagoId, p.paymentId));
    expect(order).toMatchObject({ codigoDescuento: "PEDIDO15", descuento: 30_000, total: 170_000 + order.envio });
    // the buyer reads it in /mis-compras
    const [seen] = (await listOrders(db, order.compradorId)).filter((o) => o.id === order.id);
    expect(seen).toMatchObject({ codigoPedido: "PEDIDO15", descuento: 30_000 });
    expect((await db.select().from(codigosPedido).where(eq(codigosPedido.id, id)))[0].usos).toBe(1);
    expect(await db.select().from(canjesCodigos).where(eq(canjesCodigos.compraId, order.id))).toHaveLength(1);
    // an order released unpaid (an expired voucher) gives its use back
    await db.transaction((tx) => returnCodes(tx, order.id));
    expect((await db.select().from(codigosPedido).where(eq(codigosPedido.id, id)))[0].usos).toBe(0);
    expect(await db.select().from(canjesCodigos).where(eq(canjesCodigos.compraId, order.id))).toHaveLength(0);
  });

  it("refuses a client's second use over the per-client limit: nothing ordered, the authorisation cancelled", async () => {
    const producto = await makeProduct({ categoriaId, precio: 50_000, cantidad: 50 });
    const promo = await makePromo(producto.id, { limitePorCliente: 1 });
    const buyer = await signUpUser();
    const first = await authorisedPayment([{ productoId: producto.id, cantidad: 1, codigo: promo.codigo }], { buyer });
    // a second payment priced before the first order exists (two tabs)
    const second = await authorisedPayment([{ productoId: producto.id, cantidad: 1, codigo: promo.codigo }], { buyer });
    expect((await confirm(first)).status).toBe(200);
    const refused = await confirm(second);
    expect(refused.status).toBe(409);
    expect(((await refused.json()) as { error: { text: string } }).error.text).toContain(
      "Este código ya se usó el máximo de veces.",
    );
    expect(await db.select().from(compras).where(eq(compras.pagoId, second.paymentId))).toHaveLength(0);
    expect((await db.select().from(pagos).where(eq(pagos.id, second.paymentId)))[0].estado).toBe("cancelado");
    expect((await db.select().from(promociones).where(eq(promociones.id, promo.id)))[0].usos).toBe(1);
    // another client still may
    const other = await authorisedPayment([{ productoId: producto.id, cantidad: 1, codigo: promo.codigo }]);
    expect((await confirm(other)).status).toBe(200);
  });

  it("refuses a code that expired between pricing and payment", async () => {
    const producto = await makeProduct({ categoriaId, precio: 50_000, cantidad: 50 });
    const promo = await makePromo(producto.id, { vigenteHasta: "2099-12-31" });
    const p = await authorisedPayment([{ productoId: producto.id, cantidad: 1, codigo: promo.codigo }]);
    await db.update(promociones).set({ vigenteHasta: "2000-01-01" }).where(eq(promociones.id, promo.id));
    const refused = await confirm(p);
    expect(refused.status).toBe(409);
    expect(((await refused.json()) as { error: { text: string } }).error.text).toContain("Este código ya venció.");
    expect(await db.select().from(compras).where(eq(compras.pagoId, p.paymentId))).toHaveLength(0);
  });
});

describe("20 concurrent redemptions of a code with 5 uses left", () => {
  it("exactly 5 orders; the 15 other authorisations cancelled, nobody charged", async () => {
    const producto = await makeProduct({ categoriaId, precio: 80_000, cantidad: 100 });
    const promo = await makePromo(producto.id, { limiteUsos: 8, usos: 3 });
    const prepared: Awaited<ReturnType<typeof authorisedPayment>>[] = [];
    for (let i = 0; i < 20; i += 5) {
      prepared.push(
        ...(await Promise.all(
          Array.from({ length: 5 }, () =>
            authorisedPayment([{ productoId: producto.id, cantidad: 1, codigo: promo.codigo }]),
          ),
        )),
      );
    }
    const answers = await Promise.all(prepared.map(confirm));
    expect(answers.filter((a) => a.status === 200)).toHaveLength(5);
    expect(answers.filter((a) => a.status === 409)).toHaveLength(15);
    const ids = prepared.map((p) => p.paymentId);
    expect(await db.select().from(compras).where(inArray(compras.pagoId, ids))).toHaveLength(5);
    expect((await db.select().from(promociones).where(eq(promociones.id, promo.id)))[0].usos).toBe(8);
    expect(await db.select().from(canjesCodigos).where(eq(canjesCodigos.promocionId, promo.id))).toHaveLength(5);
    const states = await db.select({ estado: pagos.estado }).from(pagos).where(inArray(pagos.id, ids));
    expect(states.filter((s) => s.estado === "pagado")).toHaveLength(5);
    expect(states.filter((s) => s.estado === "cancelado")).toHaveLength(15);
  }, 180_000);
});

// @engine: 100 buyers of the last unit at once; webhooks and returns in bursts
/**
 * Money moves only when the order exists (docs/decisions/005-payments.md): card payments are
 * authorised, the order is written with its stock in one transaction, THEN captured; when
 * the stock is gone the authorisation is cancelled. On the real database (PGlite, or
 * PostgreSQL with TEST_DATABASE_URL), through the production HTTP stack, with the demo
 * provider and with Stripe as a local stub of its API that counts captures and
 * cancellations ("0 captured charges to refund").
 */
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { and, eq, inArray, isNull } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import type { Database } from "~/server/db/client.server";
import { compras, pagos, productos } from "~/server/db/schema";
import { env } from "~/server/env.server";
import { createDemoProvider } from "~/server/payments/demo.server";
import { createStripeProvider } from "~/server/payments/stripe.server";
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
import { type StripeStub, sendStripeEvent, startStripeStub } from "../support/stripe-stub";

const WEBHOOK_SECRET = "whsec_prueba_captura";
const API = "/auth/michel-alvarez/v2";
const CARD = { numero: "4242 4242 4242 4242", vencimiento: "12/30", cvc: "123", nombre: "Ana López" };

let database: Database;
let db: Database["db"];
let stub: StripeStub;
let demoApp: TestApp;
let stripeApp: TestApp;
let categoriaId: string;

const stockOf = async (id: string) =>
  (await db.select({ cantidad: productos.cantidad }).from(productos).where(eq(productos.id, id)))[0].cantidad;

/** Runs `task` over `items`, `width` at a time (setting up many buyers without flooding the machine). */
async function inBatches<T, R>(items: T[], width: number, task: (item: T) => Promise<R>): Promise<R[]> {
  const results: R[] = [];
  for (let i = 0; i < items.length; i += width)
    results.push(...(await Promise.all(items.slice(i, i + width).map(task))));
  return results;
}

type Prepared = { buyer: TestUser; cookie: string; paymentId: string; clientSecret: string };

/** Each buyer comes from an address of her own, behind the studio's proxy (payments are throttled per IP). */
let nextBuyerIp = 0;
const buyerIp = () => {
  nextBuyerIp += 1;
  return `198.51.${Math.floor(nextBuyerIp / 250)}.${(nextBuyerIp % 250) + 1}`;
};

/** `count` buyers, each with the product in her cart and a payment created through the API. */
async function buyersWithPayments(app: TestApp, productoId: string, count: number): Promise<Prepared[]> {
  const buyers = await inBatches(Array.from({ length: count }), 10, () => signUpUser());
  return inBatches(buyers, 10, async (buyer) => {
    const cookie = await checkoutCookies(buyer, await makeCart([{ productoId, cantidad: 1 }], buyer.id));
    const created = await app.post(`${API}/stripe`, {}, cookie, { "x-forwarded-for": buyerIp() });
    expect(created.status).toBe(200);
    const { paymentId, clientSecret } = (await created.json()) as { paymentId: string; clientSecret: string };
    return { buyer, cookie, paymentId, clientSecret };
  });
}

/** Payments whose money was taken but that have no order: what the studio would have to refund. */
async function capturedWithoutOrder(paymentIds: string[]) {
  const rows = await db
    .select({ id: pagos.id })
    .from(pagos)
    .where(
      and(
        inArray(pagos.id, paymentIds),
        inArray(pagos.estado, ["pagado", "requiere-reembolso"]),
        isNull(pagos.compraId),
      ),
    );
  const refunds = await db
    .select({ id: pagos.id })
    .from(pagos)
    .where(and(inArray(pagos.id, paymentIds), eq(pagos.estado, "requiere-reembolso")));
  return rows.length + refunds.length;
}

const signedWebhook = (app: TestApp, type: string, paymentId: string, eventId: string) =>
  sendStripeEvent(app.baseURL, WEBHOOK_SECRET, { type, paymentId, eventId });

beforeAll(async () => {
  database = await useTestDatabase({
    config: { dataDir: fs.mkdtempSync(path.join(os.tmpdir(), "captura-")), trustProxy: true },
  });
  db = database.db;
  stub = await startStripeStub();
  const stripe = createStripeProvider({
    secretKey: "sk_test_stub",
    host: "127.0.0.1",
    port: stub.port,
    protocol: "http",
  });
  demoApp = await startTestApp({ payments: { provider: createDemoProvider(db), webhookSecret: WEBHOOK_SECRET } });
  stripeApp = await startTestApp({ payments: { provider: stripe, webhookSecret: WEBHOOK_SECRET } });
  categoriaId = (await makeCategory()).id;
  await makeShippingBand();
}, 60_000);

afterAll(async () => {
  await demoApp?.close();
  await stripeApp?.close();
  await stub?.close();
  await database?.close();
  if (env.dataDir.startsWith(os.tmpdir())) fs.rmSync(env.dataDir, { recursive: true, force: true });
});

describe("100 concurrent buyers of the last unit", () => {
  it("demo provider: exactly one order, stock 0, the other 99 authorisations cancelled, nothing to refund", async () => {
    const ultimo = await makeProduct({ categoriaId, cantidad: 1, precio: 120_000, nombre: "Último pigmento" });
    const prepared = await buyersWithPayments(demoApp, ultimo.id, 100);
    // Every card is accepted (authorised) while the unit is still there...
    await inBatches(prepared, 10, async (p) => {
      const answer = await demoApp.post(`${API}/demo/pago`, { clientSecret: p.clientSecret, ...CARD }, p.cookie);
      expect(answer.status).toBe(200);
    });
    // ...and all 100 browser returns arrive at once.
    const answers = await Promise.all(
      prepared.map((p) => demoApp.post(`${API}/confirmar`, { paymentId: p.paymentId }, p.cookie)),
    );

    expect(answers.filter((a) => a.status === 200)).toHaveLength(1);
    const refused = answers.filter((a) => a.status === 409);
    expect(refused).toHaveLength(99);
    expect(((await refused[0].json()) as { error: { text: string } }).error.text).toContain("No se hizo ningún cargo");
    const ids = prepared.map((p) => p.paymentId);
    expect(await db.select().from(compras).where(inArray(compras.pagoId, ids))).toHaveLength(1);
    expect(await stockOf(ultimo.id)).toBe(0);
    const states = await db.select({ estado: pagos.estado }).from(pagos).where(inArray(pagos.id, ids));
    expect(states.filter((s) => s.estado === "pagado")).toHaveLength(1);
    expect(states.filter((s) => s.estado === "cancelado")).toHaveLength(99);
    expect(await capturedWithoutOrder(ids)).toBe(0);
  }, 240_000);

  it("Stripe: one order and one capture at Stripe; 99 authorisations cancelled there, 0 captured charges to refund", async () => {
    const ultimo = await makeProduct({ categoriaId, cantidad: 1, precio: 120_000, nombre: "Última paleta" });
    const prepared = await buyersWithPayments(stripeApp, ultimo.id, 100);
    const ids = prepared.map((p) => p.paymentId);
    for (const id of ids) {
      expect(stub.intents.get(id)?.capture_method).toBe("manual");
      stub.authorize(id);
    }
    // Every browser return and every authorisation webhook, all at once.
    const answers = await Promise.all([
      ...prepared.map((p) => stripeApp.post(`${API}/confirmar`, { paymentId: p.paymentId }, p.cookie)),
      ...ids.map((id, i) => signedWebhook(stripeApp, "payment_intent.amount_capturable_updated", id, `evt_cien_${i}`)),
    ]);
    expect(answers.filter((a) => a.status >= 500)).toHaveLength(0);

    expect(await db.select().from(compras).where(inArray(compras.pagoId, ids))).toHaveLength(1);
    expect(await stockOf(ultimo.id)).toBe(0);
    const captured = stub.captures.filter((id) => ids.includes(id));
    expect(captured).toHaveLength(1);
    const [order] = await db.select().from(compras).where(inArray(compras.pagoId, ids));
    expect(captured[0]).toBe(order.pagoId);
    expect(new Set(stub.cancellations.filter((id) => ids.includes(id))).size).toBe(99);
    expect(ids.filter((id) => stub.intents.get(id)?.status === "succeeded")).toEqual([order.pagoId]);
    expect(await capturedWithoutOrder(ids)).toBe(0);
  }, 240_000);

  it("5 buyers of the last 3 units: 3 orders, 2 authorisations cancelled, 0 refunds", async () => {
    const tres = await makeProduct({ categoriaId, cantidad: 3, precio: 99_000, nombre: "Pincel kabuki" });
    const prepared = await buyersWithPayments(stripeApp, tres.id, 5);
    const ids = prepared.map((p) => p.paymentId);
    for (const id of ids) stub.authorize(id);
    const answers = await Promise.all(
      prepared.map((p) => stripeApp.post(`${API}/confirmar`, { paymentId: p.paymentId }, p.cookie)),
    );
    expect(answers.map((a) => a.status).sort()).toEqual([200, 200, 200, 409, 409]);
    expect(await db.select().from(compras).where(inArray(compras.pagoId, ids))).toHaveLength(3);
    expect(await stockOf(tres.id)).toBe(0);
    expect(stub.captures.filter((id) => ids.includes(id))).toHaveLength(3);
    expect(stub.cancellations.filter((id) => ids.includes(id))).toHaveLength(2);
    expect(await capturedWithoutOrder(ids)).toBe(0);
  }, 120_000);
});

describe("the process dies between writing the order and capturing it", () => {
  it("leaves the order por-capturar; the next webhook or return captures it exactly once", async () => {
    const producto = await makeProduct({ categoriaId, cantidad: 5, precio: 50_000 });
    const [p] = await buyersWithPayments(stripeApp, producto.id, 1);
    stub.authorize(p.paymentId);
    // Every capture request (with the SDK's own retries) loses its connection.
    stub.failCaptures(3);
    const logged = vi.spyOn(console, "error").mockImplementation(() => {});
    const first = await stripeApp.post(`${API}/confirmar`, { paymentId: p.paymentId }, p.cookie);
    logged.mockRestore();
    expect(first.status).toBe(200);
    const { compraId } = (await first.json()) as { compraId: string };
    const [pago] = await db.select().from(pagos).where(eq(pagos.id, p.paymentId));
    expect(pago).toMatchObject({ estado: "por-capturar", compraId });
    expect(stub.captures).not.toContain(p.paymentId);
    expect(stub.intents.get(p.paymentId)?.status).toBe("requires_capture");

    // Stripe re-sends the authorisation webhook; the browser comes back; a late .succeeded.
    expect(
      (await signedWebhook(stripeApp, "payment_intent.amount_capturable_updated", p.paymentId, "evt_r1")).status,
    ).toBe(200);
    const again = await stripeApp.post(`${API}/confirmar`, { paymentId: p.paymentId }, p.cookie);
    expect(((await again.json()) as { compraId: string }).compraId).toBe(compraId);
    expect((await signedWebhook(stripeApp, "payment_intent.succeeded", p.paymentId, "evt_r2")).status).toBe(200);

    expect(stub.captures.filter((id) => id === p.paymentId)).toHaveLength(1);
    expect((await db.select().from(pagos).where(eq(pagos.id, p.paymentId)))[0].estado).toBe("pagado");
    expect(await db.select().from(compras).where(eq(compras.pagoId, p.paymentId))).toHaveLength(1);
    expect(await stockOf(producto.id)).toBe(4);
    // Every capture attempt carried the same idempotency key.
    const keys = stub.requests
      .filter((r) => r.path === `/v1/payment_intents/${p.paymentId}/capture`)
      .map((r) => r.idempotencyKey);
    expect(new Set(keys)).toEqual(new Set([`capturar-${p.paymentId}`]));
  }, 60_000);
});

describe("Stripe webhooks, duplicated and out of order", () => {
  it("succeeded before amount_capturable_updated, each sent twice at once, then again in reverse: one order, one capture", async () => {
    const producto = await makeProduct({ categoriaId, cantidad: 5, precio: 50_000 });
    const [p] = await buyersWithPayments(stripeApp, producto.id, 1);
    stub.authorize(p.paymentId);
    const burst = await Promise.all([
      signedWebhook(stripeApp, "payment_intent.succeeded", p.paymentId, "evt_w1"),
      signedWebhook(stripeApp, "payment_intent.amount_capturable_updated", p.paymentId, "evt_w2"),
      signedWebhook(stripeApp, "payment_intent.succeeded", p.paymentId, "evt_w1"),
      signedWebhook(stripeApp, "payment_intent.amount_capturable_updated", p.paymentId, "evt_w2"),
    ]);
    expect(burst.map((r) => r.status)).toEqual([200, 200, 200, 200]);
    for (const type of ["payment_intent.amount_capturable_updated", "payment_intent.succeeded"]) {
      expect((await signedWebhook(stripeApp, type, p.paymentId, `evt_${type}`)).status).toBe(200);
    }
    expect(await db.select().from(compras).where(eq(compras.pagoId, p.paymentId))).toHaveLength(1);
    expect(stub.captures.filter((id) => id === p.paymentId)).toHaveLength(1);
    expect(await stockOf(producto.id)).toBe(4);
    expect((await db.select().from(pagos).where(eq(pagos.id, p.paymentId)))[0].estado).toBe("pagado");
  }, 60_000);
});

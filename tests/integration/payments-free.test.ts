/**
 * Totals a card cannot or need not pay (issue 12 item 10), on the real database through the
 * production HTTP stack: a $0 order (a 100 % code, a free course) is written without calling
 * any provider, as an order with total 0 and proveedor 'gratis'; a card total under the
 * provider's minimum for MXN gets a clear Spanish message before anything is created.
 */
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Database } from "~/server/db/client.server";
import { carritos, compras, inscripciones, pagos, productos } from "~/server/db/schema";
import { env } from "~/server/env.server";
import { createConektaProvider } from "~/server/payments/conekta.server";
import { createStripeProvider } from "~/server/payments/stripe.server";
import { readOutbox } from "../support/outbox";
import { type TestApp, startTestApp } from "../support/app";
import { DATOS, checkoutCookies } from "../support/checkout";
import { type ConektaStub, startConektaStub } from "../support/conekta-stub";
import {
  makeCart,
  makeCategory,
  makeCourse,
  makeCoursePromotion,
  makeProduct,
  makePromotion,
  makeShippingBand,
  setSetting,
  signUpUser,
  useTestDatabase,
} from "../support/fixtures";
import { type StripeStub, startStripeStub } from "../support/stripe-stub";

const API = "/auth/michel-alvarez/v2";
const KEY = "key_stub_privada";
const MINIMUM = "El monto mínimo para pagar con tarjeta es de $10.00 MXN.";

let database: Database;
let db: Database["db"];
let stripeStub: StripeStub;
let conektaStub: ConektaStub;
let app: TestApp;
let categoriaId: string;

const providerCalls = () =>
  stripeStub.requests.filter((r) => r.method === "POST").length +
  conektaStub.requests.filter((r) => r.method === "POST").length;

beforeAll(async () => {
  database = await useTestDatabase({ config: { dataDir: fs.mkdtempSync(path.join(os.tmpdir(), "gratis-")) } });
  db = database.db;
  stripeStub = await startStripeStub();
  conektaStub = await startConektaStub(KEY);
  app = await startTestApp({
    payments: {
      provider: createStripeProvider({
        secretKey: "sk_test_stub",
        host: "127.0.0.1",
        port: stripeStub.port,
        protocol: "http",
      }),
      conekta: createConektaProvider({ privateKey: KEY, apiUrl: conektaStub.url }),
    },
  });
  categoriaId = (await makeCategory()).id;
  await makeShippingBand();
});

afterAll(async () => {
  await app?.close();
  await stripeStub?.close();
  await conektaStub?.close();
  await database?.close();
  if (env.dataDir.startsWith(os.tmpdir())) fs.rmSync(env.dataDir, { recursive: true, force: true });
});

describe("$0 orders", () => {
  it("a course with a 100 % code: enrolled, order total 0, proveedor gratis, no provider called", async () => {
    const curso = await makeCourse({ precio: 250_000 });
    await makeCoursePromotion({ cursoId: curso.id, codigo: "REGALO100", descuento: 100 });
    const buyer = await signUpUser();
    const before = providerCalls();

    const answer = await app.post(`${API}/stripe`, { curso: curso.id, codigo: "regalo100" }, buyer.cookie);

    expect(answer.status).toBe(200);
    const body = (await answer.json()) as { compraId: string; paymentId: string; message: { title: string } };
    expect(body.message.title).toBe("Compra exitosa!");
    expect(providerCalls()).toBe(before);
    expect((await db.select().from(compras).where(eq(compras.id, body.compraId)))[0]).toMatchObject({
      total: 0,
      proveedor: "gratis",
      curso: true,
    });
    expect((await db.select().from(pagos).where(eq(pagos.id, body.paymentId)))[0]).toMatchObject({
      proveedor: "gratis",
      monto: 0,
      estado: "pagado",
    });
    expect(await db.select().from(inscripciones).where(eq(inscripciones.userId, buyer.id))).toEqual([
      expect.objectContaining({ cursoId: curso.id, compraId: body.compraId }),
    ]);
    // Owned now: a second attempt is refused, not a second free order.
    expect((await app.post(`${API}/stripe`, { curso: curso.id, codigo: "REGALO100" }, buyer.cookie)).status).toBe(409);
  });

  it("a free course (price 0) completes the same way", async () => {
    const curso = await makeCourse({ precio: 0 });
    const buyer = await signUpUser();
    const before = providerCalls();
    const answer = await app.post(`${API}/stripe`, { curso: curso.id }, buyer.cookie);
    expect(answer.status).toBe(200);
    const { compraId } = (await answer.json()) as { compraId: string };
    expect((await db.select().from(compras).where(eq(compras.id, compraId)))[0]).toMatchObject({ total: 0 });
    expect(providerCalls()).toBe(before);
  });

  it("a cart at 100 % off with free shipping: stock taken, cart emptied, confirmation mailed; on both endpoints", async () => {
    await setSetting("envio", { estado: "Gratis" });
    try {
      for (const endpoint of ["stripe", "conekta"]) {
        const producto = await makeProduct({ categoriaId, cantidad: 4, precio: 35_000 });
        await makePromotion({ productoId: producto.id, codigo: `TODO${endpoint}`, descuento: 100 });
        const buyer = await signUpUser();
        const cartId = await makeCart([{ productoId: producto.id, cantidad: 2, codigo: `TODO${endpoint}` }], buyer.id);
        const before = providerCalls();
        const card = { token: "tok_test_visa_4242", nombre: "Ana", correo: "ana@example.com", cel: "3312345678" };
        const answer = await app.post(
          `${API}/${endpoint}`,
          endpoint === "conekta" ? card : {},
          await checkoutCookies(buyer, cartId),
        );
        expect(answer.status).toBe(200);
        const { compraId } = (await answer.json()) as { compraId: string };
        expect((await db.select().from(compras).where(eq(compras.id, compraId)))[0]).toMatchObject({
          total: 0,
          envio: 0,
          proveedor: "gratis",
        });
        expect((await db.select().from(productos).where(eq(productos.id, producto.id)))[0].cantidad).toBe(2);
        expect(await db.select().from(carritos).where(eq(carritos.id, cartId))).toHaveLength(0);
        expect(providerCalls()).toBe(before);
        expect(
          readOutbox(env.dataDir).filter((m) => m.subject === `Confirmación de tu compra ${compraId}`),
        ).toHaveLength(1);
      }
    } finally {
      await setSetting("envio", { estado: "Express" });
    }
  });
});

describe("card totals under the provider's minimum", () => {
  it("answers the minimum in Spanish on /stripe and /conekta, creating nothing", async () => {
    await setSetting("envio", { estado: "Gratis" });
    try {
      const barato = await makeProduct({ categoriaId, cantidad: 4, precio: 500 });
      const buyer = await signUpUser();
      const cookie = await checkoutCookies(buyer, await makeCart([{ productoId: barato.id, cantidad: 1 }], buyer.id));
      const before = providerCalls();
      const card = { token: "tok_test_visa_4242", nombre: "Ana", correo: DATOS.correo, cel: "3312345678" };
      for (const [endpoint, body] of [
        ["stripe", {}],
        ["conekta", card],
      ] as const) {
        const answer = await app.post(`${API}/${endpoint}`, body, cookie);
        expect(answer.status).toBe(400);
        expect(((await answer.json()) as { error: { text: string } }).error.text).toBe(MINIMUM);
      }
      expect(providerCalls()).toBe(before);
      expect(await db.select().from(pagos).where(eq(pagos.userId, buyer.id))).toHaveLength(0);
    } finally {
      await setSetting("envio", { estado: "Express" });
    }
  });
});

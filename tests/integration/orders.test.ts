// @engine: 20 buyers of the last unit at once; webhook and browser return together
/**
 * Pricing, payments and orders on a real database (PGlite, or PostgreSQL with
 * TEST_DATABASE_URL): the server prices every charge, an order is written exactly once per
 * payment whatever arrives first, stock never oversells, and the payment API answers only
 * the payment's owner. Stripe is a local stub of its HTTP API (the network edge); sessions
 * are real Better Auth sessions.
 */
import { randomUUID } from "node:crypto";
import fs from "node:fs";
import type { AddressInfo } from "node:net";
import os from "node:os";
import path from "node:path";
import { eq, inArray } from "drizzle-orm";
import express from "express";
import Stripe from "stripe";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { action as pagarAction, loader as pagarLoader } from "~/routes/pagar";
import { cartCookie } from "~/server/shop/cart-cookie.server";
import { checkoutCookieHeader } from "~/server/shop/checkout.server";
import type { Database } from "~/server/db/client.server";
import {
  ajustes,
  bandasEnvio,
  carritos,
  categorias,
  compraLineas,
  compras,
  cursos,
  inscripciones,
  pagos,
  productos,
  promociones,
  promocionesCursos,
  user,
} from "~/server/db/schema";
import { env } from "~/server/env.server";
import { completePurchase } from "~/server/shop/complete-purchase.server";
import { startPayment } from "~/server/shop/order-payment.server";
import { paymentRoutes } from "~/server/http/payment-api.server";
import { authorizeDemoPayment, createDemoProvider } from "~/server/payments/demo.server";
import { createConektaProvider } from "~/server/payments/conekta.server";
import type { PaymentProvider } from "~/server/payments/provider.server";
import { createStripeProvider } from "~/server/payments/stripe.server";
import { priceCart, priceCourse } from "~/server/shop/pricing.server";
import { makeCart, signUpUser, useTestDatabase } from "../support/fixtures";
import { readOutbox } from "../support/outbox";
import { DATOS, checkoutCookies } from "../support/checkout";
import { CONEKTA_DECLINED_MESSAGE, type ConektaStub, startConektaStub } from "../support/conekta-stub";
import { type StripeStub, startStripeStub } from "../support/stripe-stub";

const WEBHOOK_SECRET = "whsec_prueba_local";

let database: Database;
let db: Database["db"];
let stub: StripeStub;
let stripeProvider: ReturnType<typeof createStripeProvider>;
let demoProvider: ReturnType<typeof createDemoProvider>;
const servers: { close: () => void }[] = [];

/** The payment API mounted on its own Express app, with the given provider. */
async function startApi(provider: "stripe" | "demo", conekta?: PaymentProvider) {
  const app = express();
  app.use(
    paymentRoutes({
      provider: provider === "stripe" ? stripeProvider : demoProvider,
      conekta,
      webhookSecret: WEBHOOK_SECRET,
    }),
  );
  const server = app.listen(0, "127.0.0.1");
  await new Promise((resolve) => server.once("listening", resolve));
  servers.push(server);
  const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    base,
    post: (pathname: string, body: unknown, cookie?: string, extra: Record<string, string> = {}) =>
      fetch(`${base}${pathname}`, {
        method: "POST",
        headers: { "content-type": "application/json", origin: base, ...(cookie ? { cookie } : {}), ...extra },
        body: JSON.stringify(body),
      }),
  };
}

const stockOf = async (id: string) =>
  (await db.select({ cantidad: productos.cantidad }).from(productos).where(eq(productos.id, id)))[0].cantidad;

const mailsTo = (to: string) => readOutbox(env.dataDir).filter((m) => m.to.includes(to));

beforeAll(async () => {
  database = await useTestDatabase({ config: { dataDir: fs.mkdtempSync(path.join(os.tmpdir(), "orders-")) } });
  db = database.db;
  stub = await startStripeStub();
  stripeProvider = createStripeProvider({
    secretKey: "sk_test_stub",
    host: "127.0.0.1",
    port: stub.port,
    protocol: "http",
  });
  demoProvider = createDemoProvider(db);

  await db.insert(categorias).values({ id: "maquillaje", nombre: "Maquillaje" });
  await db.insert(productos).values([
    // 15% off $350.50 is $297.925: the cart rounds to $297.93, checkout floors to $297.92.
    {
      id: "labial",
      nombre: "Labial mate",
      precio: 35050,
      cantidad: 50,
      categoriaId: "maquillaje",
      peso: 100,
      urlImagen: "/media/labial.jpg",
    },
    { id: "paleta", nombre: "Paleta de sombras", precio: 89000, cantidad: 50, categoriaId: "maquillaje", peso: 300 },
    { id: "pesado", nombre: "Kit profesional", precio: 500000, cantidad: 50, categoriaId: "maquillaje", peso: 9000 },
  ]);
  await db.insert(promociones).values([
    { id: "p1", codigo: "MICHEL15", productoId: "labial", descuento: 15 },
    { id: "p2", codigo: "VIEJO", productoId: "paleta", descuento: 30, activo: false },
  ]);
  // One band up to 5 kg: $150 for 1–9 items, $200 for 10–19, ...
  await db
    .insert(bandasEnvio)
    .values({ gramosMinimos: 0, gramosMaximos: 5000, precios: [15000, 20000, 25000, 30000, 35000, 40000, 45000] });
  await db.insert(cursos).values({
    id: "cejas-online",
    titulo: "Curso de cejas",
    tipo: "online",
    publicado: true,
    precio: 250000,
    precioDescuento: 199900,
    descripcionSecundaria: "En línea",
  });
  await db.insert(promocionesCursos).values({ id: "pc1", codigo: "CURSO20", cursoId: "cejas-online", descuento: 20 });
});

afterAll(async () => {
  for (const server of servers) server.close();
  await stub?.close();
  await database?.close();
  if (env.dataDir.startsWith(os.tmpdir())) fs.rmSync(env.dataDir, { recursive: true, force: true });
});

beforeEach(async () => {
  await db.delete(ajustes);
});

describe("pricing at checkout (server only)", () => {
  it("floors discounted prices, re-checks stored codes one by one and adds Express shipping", async () => {
    const cartId = await makeCart([
      { productoId: "labial", cantidad: 2, codigo: "michel15" },
      { productoId: "paleta", cantidad: 1, codigo: "VIEJO" },
    ]);
    const priced = await priceCart(db, cartId);
    expect(priced.ok).toBe(true);
    if (!priced.ok) return;
    const [labial, paleta] = priced.draft.lines;
    expect(labial).toMatchObject({
      precioOriginal: 35050,
      precio: 29792,
      codigo: "MICHEL15",
      descuento: 15,
      cantidad: 2,
    });
    // The deactivated code no longer applies: full price, and it is reported.
    expect(paleta).toMatchObject({ precio: 89000, codigo: null });
    expect(priced.draft.codigosRechazados).toEqual([{ id: "paleta", codigo: "VIEJO" }]);
    expect(priced.draft).toMatchObject({ subtotal: 29792 * 2 + 89000, envio: 15000, total: 29792 * 2 + 89000 + 15000 });
  });

  it("applies codes given at load over the stored ones, and only valid ones", async () => {
    const cartId = await makeCart([{ productoId: "labial", cantidad: 1 }]);
    const withCode = await priceCart(db, cartId, { codes: [{ productoId: "labial", codigo: " MICHEL15 " }] });
    expect(withCode.ok && withCode.draft.lines[0].precio).toBe(29792);
    const wrongProduct = await priceCart(db, cartId, { codes: [{ productoId: "labial", codigo: "VIEJO" }] });
    expect(wrongProduct.ok && wrongProduct.draft.lines[0].precio).toBe(35050);
  });

  it("ships for free when the studio says Gratis, and refuses a cart outside every band", async () => {
    const heavy = await makeCart([{ productoId: "pesado", cantidad: 1 }]);
    const refused = await priceCart(db, heavy);
    expect(refused).toMatchObject({ ok: false, reason: "envio", message: { title: "Envío no disponible" } });
    await db.insert(ajustes).values({ clave: "envio", valor: { estado: "Gratis" } });
    const free = await priceCart(db, heavy);
    expect(free.ok && free.draft).toMatchObject({ envio: 0, total: 500000 });
  });

  it("refuses lines the stock can no longer serve, and an empty or unknown cart", async () => {
    const cartId = await makeCart([{ productoId: "paleta", cantidad: 51 }]);
    expect(await priceCart(db, cartId)).toMatchObject({
      ok: false,
      reason: "sin-stock",
      message: { title: "Sin existencias" },
    });
    expect(await priceCart(db, null)).toMatchObject({
      ok: false,
      reason: "vacio",
      message: { text: "Carrito vacío." },
    });
    expect(await priceCart(db, randomUUID())).toMatchObject({ ok: false, reason: "vacio" });
  });

  it("prices a course at its discounted price, then its code floored; a wrong code gets the spec's message", async () => {
    const plain = await priceCourse(db, "cejas-online");
    expect(plain.ok && plain.draft).toMatchObject({ tipo: "curso", envio: 0, total: 199900 });
    const coded = await priceCourse(db, "cejas-online", "curso20");
    expect(coded.ok && coded.draft.lines[0]).toMatchObject({
      precioOriginal: 250000,
      precio: 159920,
      codigo: "CURSO20",
    });
    expect(await priceCourse(db, "cejas-online", "NOEXISTE")).toMatchObject({
      ok: false,
      message: { text: "El código ingresado no existe o no es valido para este curso" },
    });
    expect(await priceCourse(db, "no-existe")).toMatchObject({ ok: false, reason: "no-encontrado" });
  });
});

describe("payment API with the demo provider", () => {
  it("charges what the server priced whatever the request says, declines 4000…0002 writing nothing, then orders on 4242", async () => {
    const api = await startApi("demo");
    const buyer = await signUpUser({ email: "demo@example.com" });
    const cartId = await makeCart([{ productoId: "labial", cantidad: 2, codigo: "MICHEL15" }], buyer.id);
    const cookie = await checkoutCookies(buyer, cartId);

    const created = await api.post(
      "/auth/michel-alvarez/v2/stripe",
      { amount: 100, currency: "mxn", precios: [1], cantidades: [99], total: 1 },
      cookie,
    );
    expect(created.status).toBe(200);
    const { clientSecret, paymentId } = (await created.json()) as { clientSecret: string; paymentId: string };
    const [pago] = await db.select().from(pagos).where(eq(pagos.id, paymentId));
    expect(pago).toMatchObject({ monto: 29792 * 2 + 15000, estado: "pendiente", userId: buyer.id, carritoId: cartId });
    expect(pago.detalle).toMatchObject({
      datosEnvio: { colonia: "Americana" },
      datosContacto: { correo: DATOS.correo },
    });

    const card = { clientSecret, vencimiento: "12/30", cvc: "123", nombre: "Ana López" };
    const declined = await api.post(
      "/auth/michel-alvarez/v2/demo/pago",
      { ...card, numero: "4000 0000 0000 0002" },
      cookie,
    );
    expect(declined.status).toBe(402);
    expect(await declined.json()).toMatchObject({ error: { text: "Error: Tu tarjeta fue rechazada." } });
    const notConfirmed = await api.post("/auth/michel-alvarez/v2/confirmar", { paymentId }, cookie);
    expect(notConfirmed.status).toBe(502);
    expect(await db.select().from(compras).where(eq(compras.pagoId, paymentId))).toHaveLength(0);
    expect(await stockOf("labial")).toBe(50);

    const approved = await api.post(
      "/auth/michel-alvarez/v2/demo/pago",
      { ...card, numero: "4242 4242 4242 4242" },
      cookie,
    );
    expect(approved.status).toBe(200);
    const confirmed = await api.post("/auth/michel-alvarez/v2/confirmar", { paymentId }, cookie);
    expect(confirmed.status).toBe(200);
    const { compraId, message } = (await confirmed.json()) as { compraId: string; message: { title: string } };
    expect(compraId).toMatch(/^MA-[2-9A-HJ-NP-Z]{6}$/);
    expect(message.title).toBe("Compra exitosa!");

    const [compra] = await db.select().from(compras).where(eq(compras.id, compraId));
    expect(compra).toMatchObject({
      compradorId: buyer.id,
      total: 29792 * 2 + 15000,
      envio: 15000,
      estadoEnvio: 0,
      curso: false,
    });
    expect(compra.datosEnvio).toMatchObject({ nombre: "Ana", codigo_postal: "44160" });
    expect(compra.datosContacto).toEqual({ correo: DATOS.correo, telefono: DATOS.telefono });
    const lines = await db.select().from(compraLineas).where(eq(compraLineas.compraId, compraId));
    expect(lines).toEqual([
      expect.objectContaining({
        nombre: "Labial mate",
        url: "/media/labial.jpg",
        precio: 29792,
        precioOriginal: 35050,
        cantidad: 2,
      }),
    ]);
    expect(await stockOf("labial")).toBe(48);
    expect(await db.select().from(carritos).where(eq(carritos.id, cartId))).toHaveLength(0);
    const mails = mailsTo(DATOS.correo);
    expect(mails).toHaveLength(1);
    expect(mails[0].subject).toBe(`Confirmación de tu compra ${compraId}`);
    expect(mails[0].raw).toContain("Labial mate");

    // Again (a double click): the same order, no second mail.
    const again = await api.post("/auth/michel-alvarez/v2/confirmar", { paymentId }, cookie);
    expect(((await again.json()) as { compraId: string }).compraId).toBe(compraId);
    expect(mailsTo(DATOS.correo)).toHaveLength(1);
  });

  it("answers the mail call and the confirmation only to the payment's owner, logged in, from our origin", async () => {
    const api = await startApi("demo");
    const owner = await signUpUser({ email: "duena@example.com" });
    const other = await signUpUser({ email: "otra@example.com" });
    const cartId = await makeCart([{ productoId: "paleta", cantidad: 1 }], owner.id);
    const cookie = await checkoutCookies(owner, cartId);
    const { clientSecret, paymentId } = (await (
      await api.post("/auth/michel-alvarez/v2/stripe", {}, cookie)
    ).json()) as {
      clientSecret: string;
      paymentId: string;
    };

    const early = await api.post("/auth/michel-alvarez/v2/correo", { id: paymentId }, owner.cookie);
    expect(early.status).toBe(409);

    const card = { clientSecret, numero: "4242424242424242", vencimiento: "12/30", cvc: "123", nombre: "Ana" };
    expect((await api.post("/auth/michel-alvarez/v2/demo/pago", card, other.cookie)).status).toBe(404);
    expect((await api.post("/auth/michel-alvarez/v2/demo/pago", card, owner.cookie)).status).toBe(200);
    expect((await api.post("/auth/michel-alvarez/v2/confirmar", { paymentId }, other.cookie)).status).toBe(404);
    expect((await api.post("/auth/michel-alvarez/v2/confirmar", { paymentId }, owner.cookie)).status).toBe(200);
    const before = mailsTo(DATOS.correo).length;

    const stranger = await api.post("/auth/michel-alvarez/v2/correo", { id: paymentId }, other.cookie);
    expect(stranger.status).toBe(404);
    expect(await stranger.json()).toEqual({
      error: { icon: "error", title: "Compra no encontrada", text: "No encontramos esa compra." },
    });
    const anonymous = await api.post("/auth/michel-alvarez/v2/correo", { id: paymentId });
    expect(anonymous.status).toBe(401);
    expect(await anonymous.json()).toMatchObject({ error: { title: "¡Inicia sesion!" } });
    const foreign = await api.post("/auth/michel-alvarez/v2/correo", { id: paymentId }, owner.cookie, {
      origin: "https://evil.example",
    });
    expect(foreign.status).toBe(403);
    expect(mailsTo(DATOS.correo)).toHaveLength(before);

    const garbled = await fetch(`${api.base}/auth/michel-alvarez/v2/correo`, {
      method: "POST",
      headers: { "content-type": "application/json", origin: api.base, cookie: owner.cookie },
      body: "{ no es json",
    });
    expect(garbled.status).toBe(400);
    expect(await garbled.json()).toMatchObject({ error: { title: "Solicitud inválida" } });

    const resent = await api.post("/auth/michel-alvarez/v2/correo", { id: paymentId }, owner.cookie);
    expect(resent.status).toBe(200);
    expect(await resent.json()).toMatchObject({ type: "Correo enviado" });
    expect(mailsTo(DATOS.correo)).toHaveLength(before + 1);
  });

  it("refuses before charging: no checkout data, a short stock, paused purchases, terms not accepted", async () => {
    const api = await startApi("demo");
    const buyer = await signUpUser({ email: "antes@example.com" });
    const count = async () => (await db.select().from(pagos).where(eq(pagos.userId, buyer.id))).length;

    const cartId = await makeCart([{ productoId: "paleta", cantidad: 1 }], buyer.id);
    const onlyCart = `${buyer.cookie}; ${(await cartCookie.serialize(cartId)).split(";")[0]}`;
    const noData = await api.post("/auth/michel-alvarez/v2/stripe", { amount: 1 }, onlyCart);
    expect(noData.status).toBe(400);
    expect(await noData.json()).toEqual({
      error: { icon: "error", title: "Faltan llenar datos!", text: "Llena el dato de nombre" },
    });

    const shortCart = await makeCart([{ productoId: "paleta", cantidad: 999 }], buyer.id);
    const short = await api.post("/auth/michel-alvarez/v2/stripe", {}, await checkoutCookies(buyer, shortCart));
    expect(short.status).toBe(409);
    expect(await short.json()).toMatchObject({ error: { title: "Sin existencias" } });

    await db.insert(ajustes).values({ clave: "aviso", valor: { desde: "2020-01-01", hasta: "2099-12-31" } });
    const paused = await api.post("/auth/michel-alvarez/v2/stripe", {}, await checkoutCookies(buyer, cartId));
    expect(paused.status).toBe(409);
    expect(await paused.json()).toMatchObject({ error: { title: "Aviso" } });
    await db.delete(ajustes);

    await db.update(user).set({ terminos: false }).where(eq(user.id, buyer.id));
    const noTerms = await api.post("/auth/michel-alvarez/v2/stripe", {}, await checkoutCookies(buyer, cartId));
    expect(noTerms.status).toBe(403);
    expect(await noTerms.json()).toMatchObject({
      error: { text: "Para continuar con la compra debes aceptar los terminos y condiciones" },
    });
    expect(await count()).toBe(0);
  });

  it("sells a course: enrolment in the order's transaction, no shipping, no stock", async () => {
    const api = await startApi("demo");
    const buyer = await signUpUser({ email: "alumna@example.com" });
    const res = await api.post(
      "/auth/michel-alvarez/v2/stripe",
      { curso: "cejas-online", codigo: "CURSO20", amount: 1 },
      buyer.cookie,
    );
    expect(res.status).toBe(200);
    const { clientSecret, paymentId } = (await res.json()) as { clientSecret: string; paymentId: string };
    const card = { clientSecret, numero: "4242424242424242", vencimiento: "12/30", cvc: "123", nombre: "Ana" };
    await api.post("/auth/michel-alvarez/v2/demo/pago", card, buyer.cookie);
    const { compraId } = (await (
      await api.post("/auth/michel-alvarez/v2/confirmar", { paymentId }, buyer.cookie)
    ).json()) as {
      compraId: string;
    };
    expect((await db.select().from(compras).where(eq(compras.id, compraId)))[0]).toMatchObject({
      curso: true,
      total: 159920,
      envio: 0,
    });
    expect(await db.select().from(inscripciones).where(eq(inscripciones.userId, buyer.id))).toEqual([
      expect.objectContaining({ cursoId: "cejas-online", compraId }),
    ]);
    const twice = await api.post("/auth/michel-alvarez/v2/stripe", { curso: "cejas-online" }, buyer.cookie);
    expect(twice.status).toBe(409);
  });
});

describe("Stripe provider against a local stub of the Stripe API", () => {
  it("creates the PaymentIntent for the server's amount in centavos, mxn, ignoring the request's amount", async () => {
    const api = await startApi("stripe");
    const buyer = await signUpUser({ email: "stripe@example.com" });
    const cartId = await makeCart([{ productoId: "paleta", cantidad: 2 }], buyer.id);
    const res = await api.post(
      "/auth/michel-alvarez/v2/stripe",
      { amount: 50, currency: "usd" },
      await checkoutCookies(buyer, cartId),
    );
    expect(res.status).toBe(200);
    const body = (await res.json()) as { clientSecret: string; paymentId: string };
    const sent = stub.requests.filter((r) => r.method === "POST" && r.path === "/v1/payment_intents").at(-1);
    expect(sent?.body).toMatchObject({ amount: String(89000 * 2 + 15000), currency: "mxn", capture_method: "manual" });
    expect(sent?.auth).toBe("Bearer sk_test_stub");
    expect(body.clientSecret).toBe(stub.intents.get(body.paymentId)?.client_secret);
    const [pago] = await db.select().from(pagos).where(eq(pagos.id, body.paymentId));
    expect(pago).toMatchObject({ proveedor: "stripe", monto: 89000 * 2 + 15000 });
  });

  it("writes one order when the signed webhook and the browser's return arrive together; refuses a forged webhook", async () => {
    const api = await startApi("stripe");
    const buyer = await signUpUser({ email: "juntos@example.com" });
    const cartId = await makeCart([{ productoId: "labial", cantidad: 1 }], buyer.id);
    const cookie = await checkoutCookies(buyer, cartId);
    const { paymentId } = (await (await api.post("/auth/michel-alvarez/v2/stripe", {}, cookie)).json()) as {
      paymentId: string;
    };
    const stockBefore = await stockOf("labial");

    const payload = JSON.stringify({
      id: "evt_1",
      object: "event",
      type: "payment_intent.succeeded",
      data: { object: { id: paymentId, object: "payment_intent" } },
    });
    const webhook = (signature: string) =>
      fetch(`${api.base}/webhooks/stripe`, {
        method: "POST",
        headers: { "content-type": "application/json", "stripe-signature": signature },
        body: payload,
      });

    // Before Stripe says the card was authorised nothing is written, even with a valid signature.
    const signed = Stripe.webhooks.generateTestHeaderString({ payload, secret: WEBHOOK_SECRET });
    expect((await webhook(signed)).status).toBe(409);
    stub.authorize(paymentId);
    const forged = await webhook(Stripe.webhooks.generateTestHeaderString({ payload, secret: "whsec_otro" }));
    expect(forged.status).toBe(400);
    expect(await db.select().from(compras).where(eq(compras.pagoId, paymentId))).toHaveLength(0);

    const [hook, browser] = await Promise.all([
      webhook(signed),
      api.post("/auth/michel-alvarez/v2/confirmar", { paymentId }, cookie),
    ]);
    expect(hook.status).toBe(200);
    expect(browser.status).toBe(200);
    const orders = await db.select().from(compras).where(eq(compras.pagoId, paymentId));
    expect(orders).toHaveLength(1);
    expect(((await browser.json()) as { compraId: string }).compraId).toBe(orders[0].id);
    expect(await stockOf("labial")).toBe(stockBefore - 1);
    // one confirmation to the buyer and one notice to the studio, however many confirmations arrive
    const mails = readOutbox(env.dataDir).filter((m) => m.subject.includes(orders[0].id));
    expect(mails.filter((m) => !m.to.includes(env.studioInbox))).toHaveLength(1);
    expect(mails.filter((m) => m.to.includes(env.studioInbox))).toHaveLength(1);
    // Authorised in the browser, captured by the server once the order existed: once.
    expect(stub.captures.filter((id) => id === paymentId)).toHaveLength(1);
    expect((await db.select().from(pagos).where(eq(pagos.id, paymentId)))[0].estado).toBe("pagado");
  });
});

describe("Conekta provider against a local stub of the Conekta API", () => {
  const CONEKTA = "/auth/michel-alvarez/v2/conekta";
  const KEY = "key_stub_privada";
  let conektaStub: ConektaStub;
  let conekta: PaymentProvider;
  const card = { nombre: "Ana López", correo: "ana@example.com", cel: "3312345678" };

  beforeAll(async () => {
    conektaStub = await startConektaStub(KEY);
    conekta = createConektaProvider({ privateKey: KEY, apiUrl: conektaStub.url });
  });
  afterAll(() => conektaStub?.close());

  it("authorises the token for the server's price whatever precios says, writes the order once, then captures", async () => {
    const api = await startApi("demo", conekta);
    const buyer = await signUpUser({ email: "conekta@example.com" });
    const cartId = await makeCart([{ productoId: "paleta", cantidad: 2 }], buyer.id);
    const stockBefore = await stockOf("paleta");
    const res = await api.post(
      CONEKTA,
      { ...card, token: "tok_test_visa_4242", productos: ["paleta"], cantidades: [2], precios: [1] },
      await checkoutCookies(buyer, cartId),
    );
    expect(res.status).toBe(200);
    const body = (await res.json()) as { paymentId: string; compraId: string; message: { title: string } };
    expect(body.message.title).toBe("Compra exitosa!");

    const sent = conektaStub.requests.find((r) => r.method === "POST" && r.path === "/orders");
    expect(sent?.auth).toBe(`Bearer ${KEY}`);
    expect(sent?.accept).toContain("application/vnd.conekta-v2");
    expect(sent?.body).toMatchObject({
      currency: "MXN",
      pre_authorize: true,
      customer_info: { name: "Ana López", email: "ana@example.com", phone: "3312345678" },
      line_items: [{ unit_price: 89000 * 2 + 15000, quantity: 1 }],
      charges: [{ payment_method: { type: "card", token_id: "tok_test_visa_4242" } }],
    });
    const [pago] = await db.select().from(pagos).where(eq(pagos.id, body.paymentId));
    expect(pago).toMatchObject({ proveedor: "conekta", monto: 89000 * 2 + 15000, compraId: body.compraId });
    const [order] = await db.select().from(compras).where(eq(compras.pagoId, body.paymentId));
    expect(order.id).toBe(body.compraId);
    expect(await stockOf("paleta")).toBe(stockBefore - 2);
    expect(conektaStub.captures).toEqual([body.paymentId]);
    expect(pago.estado).toBe("pagado");
    // Asking again (the browser's return, a retry) finds the same order.
    expect(await completePurchase(db, body.paymentId, { provider: conekta })).toEqual({
      ok: true,
      compraId: body.compraId,
      created: false,
    });
  });

  it("shows Conekta's message for a declined card and writes nothing", async () => {
    const api = await startApi("demo", conekta);
    const buyer = await signUpUser({ email: "conekta-rechazo@example.com" });
    const cartId = await makeCart([{ productoId: "labial", cantidad: 1 }], buyer.id);
    const stockBefore = await stockOf("labial");
    const res = await api.post(
      CONEKTA,
      { ...card, token: "tok_test_card_declined" },
      await checkoutCookies(buyer, cartId),
    );
    expect(res.status).toBe(402);
    expect(await res.json()).toEqual({
      error: { icon: "error", title: "Error!", text: `Error: ${CONEKTA_DECLINED_MESSAGE}` },
    });
    // The attempt was recorded before the call, and is now failed; nothing else was written.
    expect(await db.select({ estado: pagos.estado }).from(pagos).where(eq(pagos.userId, buyer.id))).toEqual([
      { estado: "fallido" },
    ]);
    expect(await db.select().from(compras).where(eq(compras.compradorId, buyer.id))).toHaveLength(0);
    expect(await stockOf("labial")).toBe(stockBefore);
  });

  it("refuses before charging: a changed cart, a missing field, no session, and Conekta switched off", async () => {
    const api = await startApi("demo", conekta);
    const buyer = await signUpUser({ email: "conekta-antes@example.com" });
    const cartId = await makeCart([{ productoId: "labial", cantidad: 1 }], buyer.id);
    const cookie = await checkoutCookies(buyer, cartId);
    const posts = () => conektaStub.requests.filter((r) => r.method === "POST").length;
    const before = posts();

    const changed = await api.post(
      CONEKTA,
      { ...card, token: "tok_test_visa_4242", productos: ["labial"], cantidades: [3] },
      cookie,
    );
    expect(changed.status).toBe(409);
    expect(((await changed.json()) as { error: { title: string } }).error.title).toBe("Tu carrito cambió");

    const noPhone = await api.post(CONEKTA, { ...card, cel: "", token: "tok_test_visa_4242" }, cookie);
    expect(noPhone.status).toBe(400);
    expect(((await noPhone.json()) as { error: { text: string } }).error.text).toBe("Llena el dato de celular");

    const badList = await api.post(CONEKTA, { ...card, token: "tok_test_visa_4242", cantidades: ["dos"] }, cookie);
    expect(badList.status).toBe(400);
    expect(((await badList.json()) as { error: { title: string } }).error.title).toBe("Solicitud inválida");

    const anonymous = await api.post(CONEKTA, { ...card, token: "tok_test_visa_4242" });
    expect(anonymous.status).toBe(401);

    const off = await startApi("demo");
    const disabled = await off.post(CONEKTA, { ...card, token: "tok_test_visa_4242" }, cookie);
    expect(disabled.status).toBe(404);
    expect(((await disabled.json()) as { error: { text: string } }).error.text).toBe(
      "Este opción estará disponible dentro de poco. Sentimos la demora.",
    );
    expect(posts()).toBe(before);
    expect(await db.select().from(pagos).where(eq(pagos.userId, buyer.id))).toHaveLength(0);
  });
});

describe("stock under concurrency", () => {
  it("sells the last unit to exactly one of 20 concurrent buyers; the others' authorisations are cancelled, nobody charged", async () => {
    await db.insert(productos).values({
      id: "ultimo",
      nombre: "Último pigmento",
      precio: 120000,
      cantidad: 1,
      categoriaId: "maquillaje",
      peso: 100,
    });
    const buyers = await Promise.all(
      Array.from({ length: 20 }, async (_, i) => {
        const [row] = await db
          .insert(user)
          .values({ id: `comprador-${i}`, name: `Comprador ${i}`, email: `comprador${i}@example.com`, terminos: true })
          .returning({ id: user.id });
        return row.id;
      }),
    );
    // Everyone priced and paid while the unit was still there...
    const paymentIds: string[] = [];
    for (const userId of buyers) {
      const cartId = await makeCart([{ productoId: "ultimo", cantidad: 1 }], userId);
      const priced = await priceCart(db, cartId);
      if (!priced.ok) throw new Error(priced.message.text);
      const { paymentId, clientSecret } = await startPayment(db, {
        userId,
        draft: priced.draft,
        datosEnvio: null,
        datosContacto: { correo: `pagador-${userId}@example.com`, telefono: "3333333333" },
        provider: demoProvider,
      });
      const card = { numero: "4242424242424242", vencimiento: "12/30", cvc: "123", nombre: "X" };
      expect(await authorizeDemoPayment(db, { clientSecret, userId, card })).toMatchObject({ ok: true });
      paymentIds.push(paymentId);
    }
    // ...and all 20 confirmations (browser returns) arrive at once.
    const refundMails = () => readOutbox(env.dataDir).filter((m) => m.subject === "Tu pago será reembolsado").length;
    const mailsBefore = refundMails();
    const results = await Promise.all(paymentIds.map((id) => completePurchase(db, id)));

    expect(results.filter((r) => r.ok)).toHaveLength(1);
    expect(results.filter((r) => !r.ok && r.reason === "sin-stock")).toHaveLength(19);
    expect(await stockOf("ultimo")).toBe(0);
    expect(await db.select().from(compras).where(inArray(compras.pagoId, paymentIds))).toHaveLength(1);
    const states = await db.select({ estado: pagos.estado }).from(pagos).where(inArray(pagos.id, paymentIds));
    expect(states.filter((s) => s.estado === "pagado")).toHaveLength(1);
    expect(states.filter((s) => s.estado === "cancelado")).toHaveLength(19);
    expect(states.filter((s) => s.estado === "requiere-reembolso")).toHaveLength(0);
    const refused = results.find((r) => !r.ok);
    expect(refused?.ok === false && refused.message.text).toContain("No se hizo ningún cargo a tu tarjeta");
    // Nothing to refund, so nobody is mailed about a refund.
    expect(refundMails()).toBe(mailsBefore);
    // Asking again does not write anything.
    const retry = await completePurchase(db, paymentIds[results.findIndex((r) => !r.ok)]);
    expect(retry).toMatchObject({ ok: false, reason: "sin-stock" });
    expect(await stockOf("ultimo")).toBe(0);
  });
});

describe("/pagar steps (route loader and action)", () => {
  const site = "http://localhost:3000";
  const args = (request: Request) => ({ request, params: {}, context: {} }) as never;
  const postForm = (fields: Record<string, string>, cookie: string, paso = "") =>
    new Request(`${site}/pagar${paso}`, {
      method: "POST",
      body: new URLSearchParams(fields),
      headers: { cookie, origin: site, "content-type": "application/x-www-form-urlencoded" },
    });
  type Returned = Response | { data: { message: { title: string; text: string } }; init: { status: number } };

  /** The Cookie header after a response's Set-Cookie (same name replaced, as a browser does). */
  function withSetCookie(cookie: string, response: Response): string {
    const set = (response.headers.get("Set-Cookie") ?? "").split(";")[0];
    const name = set.split("=")[0];
    return [...cookie.split("; ").filter((c) => !c.startsWith(`${name}=`)), set].join("; ");
  }

  async function thrownOrReturned(promise: Promise<unknown>): Promise<Response> {
    const value = await promise.then(
      (v) => v,
      (e: unknown) => e,
    );
    expect(value).toBeInstanceOf(Response);
    return value as Response;
  }

  it("refuses bad step-1 input with the spec's message in the spec's order, writing nothing", async () => {
    const buyer = await signUpUser({ email: "pasos@example.com" });
    const cartId = await makeCart([{ productoId: "paleta", cantidad: 1 }], buyer.id);
    const cookie = `${buyer.cookie}; ${(await cartCookie.serialize(cartId)).split(";")[0]}`;
    const pagosBefore = (await db.select().from(pagos)).length;

    const cases: [Record<string, string>, string][] = [
      [{}, "Llena el dato de nombre"],
      [{ ...DATOS, apellido: "  " }, "Llena el dato de apellido"],
      [{ ...DATOS, correo: "", direccion: "" }, "Llena el dato de correo"],
      [{ ...DATOS, codigo_postal: "", pais: "" }, "Llena el dato de codigo postal"],
      [{ ...DATOS, telefono: "33-3333-333" }, "El teléfono debe tener 10 dígitos"],
      [{ ...DATOS, correo: "ana@gmail" }, "El correo no es válido"],
    ];
    for (const [fields, text] of cases) {
      const result = (await pagarAction(args(postForm({ ...fields, intent: "informacion" }, cookie)))) as Returned;
      expect(result).not.toBeInstanceOf(Response);
      if (result instanceof Response) continue;
      expect(result.init.status).toBe(400);
      expect(result.data.message).toMatchObject({ title: "Faltan llenar datos!", text });
    }
    expect((await db.select().from(pagos)).length).toBe(pagosBefore);
    // Nothing was kept: step 2 is still out of reach.
    const back = await thrownOrReturned(
      pagarLoader(args(new Request(`${site}/pagar?paso=envio`, { headers: { cookie } }))),
    );
    expect(back.headers.get("Location")).toBe("/pagar");
  });

  it("ships only within Mexico: a foreign país and a postal code of another estado are refused in Spanish, naming the field, keeping what was typed, writing nothing", async () => {
    const buyer = await signUpUser({ email: "solo-mexico@example.com" });
    const cartId = await makeCart([{ productoId: "paleta", cantidad: 1 }], buyer.id);
    const cookie = `${buyer.cookie}; ${(await cartCookie.serialize(cartId)).split(";")[0]}`;
    const pagosBefore = (await db.select().from(pagos)).length;
    const cases: [Record<string, string>, string, string][] = [
      [{ ...DATOS, pais: "USA" }, "pais", "Por ahora solo enviamos dentro de México."],
      [
        { ...DATOS, pais: "Estados Unidos", estado: "Texas", codigo_postal: "90210" },
        "pais",
        "Por ahora solo enviamos dentro de México.",
      ],
      [{ ...DATOS, codigo_postal: "64000" }, "codigo_postal", "El código postal no corresponde al estado."],
      [{ ...DATOS, estado: "Ciudad de México" }, "codigo_postal", "El código postal no corresponde al estado."],
    ];
    for (const [fields, field, text] of cases) {
      const result = (await pagarAction(args(postForm({ ...fields, intent: "informacion" }, cookie)))) as Returned;
      expect(result).not.toBeInstanceOf(Response);
      if (result instanceof Response) continue;
      expect(result.init.status).toBe(400);
      expect(result.data).toMatchObject({
        message: { text },
        field,
        datos: { pais: fields.pais, codigo_postal: fields.codigo_postal },
      });
    }
    const back = await thrownOrReturned(
      pagarLoader(args(new Request(`${site}/pagar?paso=envio`, { headers: { cookie } }))),
    );
    expect(back.headers.get("Location")).toBe("/pagar");

    // A step 1 kept in its signed cookie from before the rule: the payment API refuses it too.
    const api = await startApi("demo");
    const stale = (await checkoutCookieHeader(buyer.id, { datos: { ...DATOS, pais: "USA" }, envio: "express" })).split(
      ";",
    )[0];
    const refused = await api.post("/auth/michel-alvarez/v2/stripe", {}, `${cookie}; ${stale}`);
    expect(refused.status).toBe(400);
    expect(await refused.json()).toMatchObject({ error: { text: "Por ahora solo enviamos dentro de México." } });
    expect((await db.select().from(pagos)).length).toBe(pagosBefore);
    expect(await db.select().from(compras).where(eq(compras.compradorId, buyer.id))).toHaveLength(0);
  });

  it("walks Información → Envío → Pagar, requires Envío Express, and goes straight to payment once it was chosen", async () => {
    const buyer = await signUpUser({ email: "camino@example.com" });
    const cartId = await makeCart([{ productoId: "labial", cantidad: 1, codigo: "MICHEL15" }], buyer.id);
    let cookie = `${buyer.cookie}; ${(await cartCookie.serialize(cartId)).split(";")[0]}`;

    const first = (await pagarAction(
      args(postForm({ ...DATOS, telefono: "33-3333-3333", intent: "informacion" }, cookie)),
    )) as Response;
    expect(first.status).toBe(302);
    expect(first.headers.get("Location")).toBe("/pagar?paso=envio");
    cookie = withSetCookie(cookie, first);

    const step2 = await pagarLoader(args(new Request(`${site}/pagar?paso=envio`, { headers: { cookie } })));
    expect(step2).toMatchObject({ paso: "envio", datos: { telefono: "3333333333" }, envioElegido: false });
    expect((step2 as { pedido: { total: number } }).pedido.total).toBe(29792 + 15000);

    const noChoice = (await pagarAction(args(postForm({ intent: "envio" }, cookie, "?paso=envio")))) as Returned;
    expect(noChoice).not.toBeInstanceOf(Response);
    if (!(noChoice instanceof Response)) expect(noChoice.data.message.text).toBe("Llena el dato de envío");

    const chosen = (await pagarAction(
      args(postForm({ intent: "envio", envio: "express" }, cookie, "?paso=envio")),
    )) as Response;
    expect(chosen.headers.get("Location")).toBe("/pagar?paso=pagar");
    cookie = withSetCookie(cookie, chosen);
    expect(await pagarLoader(args(new Request(`${site}/pagar?paso=pagar`, { headers: { cookie } })))).toMatchObject({
      paso: "pagar",
      payment: { provider: "demo" },
    });

    // 'Cambiar' → step 1 again; Continuar now skips the shipping step.
    const again = (await pagarAction(
      args(postForm({ ...DATOS, ciudad: "Zapopan", intent: "informacion" }, cookie)),
    )) as Response;
    expect(again.headers.get("Location")).toBe("/pagar?paso=pagar");
  });

  it("is guarded: logged out → home, terms not accepted → cart, empty cart → cart", async () => {
    const nobody = await thrownOrReturned(pagarLoader(args(new Request(`${site}/pagar`))));
    expect(nobody.headers.get("Location")).toBe("/");
    const buyer = await signUpUser({ email: "guardia@example.com" });
    const empty = await thrownOrReturned(
      pagarLoader(args(new Request(`${site}/pagar`, { headers: { cookie: buyer.cookie } }))),
    );
    expect(empty.headers.get("Location")).toBe("/carrito");
    await db.update(user).set({ terminos: false }).where(eq(user.id, buyer.id));
    const noTerms = await thrownOrReturned(
      pagarLoader(args(new Request(`${site}/pagar`, { headers: { cookie: buyer.cookie } }))),
    );
    expect(noTerms.headers.get("Location")).toBe("/carrito");
  });
});

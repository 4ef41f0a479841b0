// @engine: concurrent order.paid and order.expired events (advisory lock)
/**
 * OXXO cash and SPEI through Conekta (issue 14, ADR 021 "Conekta"), on the real database
 * through the production HTTP stack, against a local stub of the Conekta API whose webhook
 * events are signed like Conekta's (`digest`: RSA-SHA256 of the raw body, a key pair made
 * here). The same pending workflow as Stripe's: the voucher / CLABE from Conekta, the stock
 * held, `order.paid` confirms exactly once (duplicate, concurrent, out-of-order events),
 * `order.expired` releases the stock, a payment after expiry is flagged for refund, a bad
 * signature changes nothing, and Conekta being down holds nothing.
 */
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { site } from "~/config/site";
import { isValidClabe } from "~/domain/payment-methods";
import { liberacionFicha } from "~/domain/settlement-window";
import { listRefunds } from "~/server/admin/refunds.server";
import { isEnrolled } from "~/server/school/enrolment.server";
import type { Database } from "~/server/db/client.server";
import { compras, pagos, productos } from "~/server/db/schema";
import { env } from "~/server/env.server";
import { decideMode } from "~/server/mode.server";
import { createConektaProvider } from "~/server/payments/conekta.server";
import type { PaymentProvider } from "~/server/payments/provider.server";
import { runDuePendingPayments } from "~/server/payments/settle.server";
import { type TestApp, startTestApp } from "../support/app";
import { checkoutCookies } from "../support/checkout";
import {
  type ConektaStub,
  type StubOrder,
  conektaWebhookKeys,
  signConektaEvent,
  startConektaStub,
} from "../support/conekta-stub";
import {
  makeCart,
  makeCategory,
  makeCourse,
  makeProduct,
  makeShippingBand,
  signUpUser,
  useTestDatabase,
} from "../support/fixtures";
import { readOutbox } from "../support/outbox";

const KEY = "key_stub_privada";
const API = "/auth/michel-alvarez/v2";
const DAY = 86_400_000;

let database: Database;
let db: Database["db"];
let stub: ConektaStub;
let conekta: PaymentProvider;
let app: TestApp;
let categoriaId: string;
let keys: { publicKey: string; privateKey: string };

const stockOf = async (id: string) =>
  (await db.select({ cantidad: productos.cantidad }).from(productos).where(eq(productos.id, id)))[0].cantidad;
const pagoOf = async (id: string) => (await db.select().from(pagos).where(eq(pagos.id, id)))[0];
const compraOf = async (id: string) => (await db.select().from(compras).where(eq(compras.id, id)))[0];
const mailsTo = (subject: string) => readOutbox(env.dataDir).filter((m) => m.subject.includes(subject));
const orderOf = (id: string) => stub.orders.get(id) as StubOrder;

let ip = 0;
const nextIp = () => ({ "x-forwarded-for": `198.51.100.${(ip++ % 250) + 1}` });

type Pending = {
  paymentId: string;
  compraId: string;
  pendiente: boolean;
  instrucciones: {
    metodo: string;
    numero?: string;
    urlFicha?: string;
    clabe?: string;
    referencia?: string;
    banco?: string;
    vence: string;
  };
};

/** Step 3 with Conekta as the provider: a buyer with `cantidad` of the product asks for OXXO or SPEI. */
async function pendingOrder(productoId: string, metodo: "oxxo" | "spei", cantidad = 1) {
  const buyer = await signUpUser();
  const cookie = await checkoutCookies(buyer, await makeCart([{ productoId, cantidad }], buyer.id));
  const answer = await app.post(`${API}/stripe`, { metodo }, cookie, nextIp());
  expect(answer.status).toBe(200);
  return { buyer, cookie, ...((await answer.json()) as Pending) };
}

/** Conekta sends `type` about this order (or its charge), signed with `privateKey`. */
function conektaEvent(type: string, orderId: string, eventId?: string, privateKey = keys.privateKey) {
  const order = orderOf(orderId);
  const signed = type.startsWith("charge.")
    ? signConektaEvent(
        privateKey,
        type,
        {
          ...order,
          id: order.charges.data[0].id,
          object: "charge",
          order_id: order.id,
        } as unknown as StubOrder,
        eventId,
      )
    : signConektaEvent(privateKey, type, order, eventId);
  return post(signed.body, signed.digest);
}

const post = (body: string, digest?: string) =>
  fetch(`${app.baseURL}/webhooks/conekta`, {
    method: "POST",
    headers: { "content-type": "application/json", ...(digest !== undefined ? { digest } : {}) },
    body,
  });

beforeAll(async () => {
  database = await useTestDatabase({
    config: { dataDir: fs.mkdtempSync(path.join(os.tmpdir(), "conekta-oxxo-")), trustProxy: true },
  });
  db = database.db;
  keys = conektaWebhookKeys();
  stub = await startConektaStub(KEY);
  conekta = createConektaProvider({ privateKey: KEY, apiUrl: stub.url });
  app = await startTestApp({ payments: { provider: conekta, conekta, conektaWebhookKey: keys.publicKey } });
  categoriaId = (await makeCategory()).id;
  await makeShippingBand();
}, 60_000);

afterAll(async () => {
  await app?.close();
  await stub?.close();
  await database?.close();
  if (env.dataDir.startsWith(os.tmpdir())) fs.rmSync(env.dataDir, { recursive: true, force: true });
});

describe("Conekta OXXO and SPEI: from creation to paid", () => {
  it("OXXO: a cash order with expires_at, the voucher from Conekta; out-of-order, duplicate and concurrent order.paid give one paid order", async () => {
    const paleta = await makeProduct({ categoriaId, cantidad: 5, precio: 80_000, nombre: "Paleta Conekta" });
    const order = await pendingOrder(paleta.id, "oxxo", 2);

    // What Conekta was asked: one order, one cash charge expiring in 3 days, API v2.1.
    const request = stub.requests.filter((r) => r.method === "POST" && r.path === "/orders").at(-1);
    expect(request?.accept).toBe("application/vnd.conekta-v2.1.0+json");
    const charges = (request?.body.charges ?? []) as { payment_method: { type: string; expires_at: number } }[];
    const charge = charges[0];
    expect(charge.payment_method.type).toBe("cash");
    expect(charge.payment_method.expires_at * 1000 - Date.now()).toBeGreaterThan(3 * DAY - 120_000);
    expect(orderOf(order.paymentId).amount).toBe((await pagoOf(order.paymentId)).monto);

    expect(order.pendiente).toBe(true);
    expect(order.instrucciones).toMatchObject({
      metodo: "oxxo",
      numero: expect.stringMatching(/^\d{14}$/),
      urlFicha: expect.stringContaining("/barcode/"),
    });
    expect(await stockOf(paleta.id)).toBe(3);
    expect((await pagoOf(order.paymentId)).estado).toBe("esperando-pago");
    expect(await compraOf(order.compraId)).toMatchObject({ estadoPago: "pendiente", metodo: "oxxo" });

    // An expiry event while Conekta still waits for the cash: nothing changes.
    expect((await conektaEvent("order.expired", order.paymentId, "evt_x0")).status).toBe(200);
    expect((await pagoOf(order.paymentId)).estado).toBe("esperando-pago");
    // A paid event that Conekta does not confirm (out of order, or forged content): asked again later.
    expect((await conektaEvent("order.paid", order.paymentId, "evt_x1")).status).toBe(409);
    expect(await compraOf(order.compraId)).toMatchObject({ estadoPago: "pendiente" });

    stub.pay(order.paymentId);
    const answers = await Promise.all([
      conektaEvent("order.paid", order.paymentId, "evt_x2"),
      conektaEvent("order.paid", order.paymentId, "evt_x2"),
      conektaEvent("charge.paid", order.paymentId, "evt_x3"),
    ]);
    expect(answers.map((a) => a.status)).toEqual([200, 200, 200]);
    expect((await pagoOf(order.paymentId)).estado).toBe("pagado");
    expect(await compraOf(order.compraId)).toMatchObject({ estadoPago: "pagado" });
    expect(mailsTo(`Confirmación de tu compra ${order.compraId}`)).toHaveLength(1);

    // The same event again, and a stale expiry after it was paid: still paid once, stock unchanged.
    expect((await conektaEvent("order.paid", order.paymentId, "evt_x2")).status).toBe(200);
    expect((await conektaEvent("order.expired", order.paymentId, "evt_x4")).status).toBe(200);
    expect((await pagoOf(order.paymentId)).estado).toBe("pagado");
    expect(mailsTo(`Confirmación de tu compra ${order.compraId}`)).toHaveLength(1);
    expect(await stockOf(paleta.id)).toBe(3);
  });

  it("SPEI: a spei order, the CLABE (valid control digit) and bank from Conekta; a course opens only when paid", async () => {
    const curso = await makeCourse({ precio: 499_000, titulo: "Microblading por SPEI" });
    const buyer = await signUpUser();
    const answer = await app.post(`${API}/stripe`, { curso: curso.id, metodo: "spei" }, buyer.cookie, nextIp());
    expect(answer.status).toBe(200);
    const order = (await answer.json()) as Pending;
    const charge = orderOf(order.paymentId).charges.data[0];
    expect(charge.payment_method?.type).toBe("spei");
    expect(order.instrucciones).toMatchObject({ metodo: "spei", banco: "STP", referencia: order.paymentId });
    // The studio's own account at STP: its configured beneficiary (the business name by default; ADR 033).
    expect(order.instrucciones).toMatchObject({ beneficiario: site.legalName });
    expect(isValidClabe(order.instrucciones.clabe ?? "")).toBe(true);
    expect(await isEnrolled(buyer.id, curso.id, db)).toBe(false);

    // Asking again while the transfer waits: the same CLABE, no second Conekta order.
    const before = stub.orders.size;
    const again = await app.post(`${API}/stripe`, { curso: curso.id, metodo: "spei" }, buyer.cookie, nextIp());
    expect(((await again.json()) as Pending).paymentId).toBe(order.paymentId);
    expect(stub.orders.size).toBe(before);

    stub.pay(order.paymentId);
    expect((await conektaEvent("charge.paid", order.paymentId, "evt_s1")).status).toBe(200);
    expect(await compraOf(order.compraId)).toMatchObject({ estadoPago: "pagado", metodo: "spei" });
    expect(await isEnrolled(buyer.id, curso.id, db)).toBe(true);
  });

  it("OXXO is refused above Conekta's limit ($10,000 MXN) before any call to Conekta", async () => {
    const maquina = await makeProduct({ categoriaId, cantidad: 2, precio: 1_200_000, nombre: "Dermógrafo Conekta" });
    const buyer = await signUpUser();
    const cookie = await checkoutCookies(buyer, await makeCart([{ productoId: maquina.id, cantidad: 1 }], buyer.id));
    const before = stub.orders.size;
    const refused = await app.post(`${API}/stripe`, { metodo: "oxxo" }, cookie, nextIp());
    expect(refused.status).toBe(400);
    expect(((await refused.json()) as { error: { text: string } }).error.text).toContain("$10,000.00");
    expect(stub.orders.size).toBe(before);
    expect(await stockOf(maquina.id)).toBe(2);
  });
});

describe("Conekta: a card order's webhook", () => {
  it("order.paid for a card order already written and captured: nothing more (one order, one capture)", async () => {
    const pincel = await makeProduct({ categoriaId, cantidad: 2, precio: 35_000, nombre: "Pincel tarjeta Conekta" });
    const buyer = await signUpUser();
    const cookie = await checkoutCookies(buyer, await makeCart([{ productoId: pincel.id, cantidad: 1 }], buyer.id));
    const card = { token: "tok_test_visa_4242", nombre: "Ana López", correo: "ana@example.com", cel: "3312345678" };
    const paid = await app.post(`${API}/conekta`, card, cookie, nextIp());
    expect(paid.status).toBe(200);
    const { paymentId, compraId } = (await paid.json()) as { paymentId: string; compraId: string };
    const answers = await Promise.all([
      conektaEvent("order.paid", paymentId, "evt_t1"),
      conektaEvent("order.paid", paymentId, "evt_t1"),
    ]);
    expect(answers.map((a) => a.status)).toEqual([200, 200]);
    expect(await db.select().from(compras).where(eq(compras.compradorId, buyer.id))).toHaveLength(1);
    expect(stub.captures.filter((id) => id === paymentId)).toHaveLength(1);
    expect((await pagoOf(paymentId)).estado).toBe("pagado");
    expect(await compraOf(compraId)).toMatchObject({ estadoPago: "pagado" });
    expect(await stockOf(pincel.id)).toBe(1);
  });
});

describe("Conekta: expiry and late payment", () => {
  it("order.expired (twice, at once) releases the stock and shows 'Vencido'; paid afterwards → requiere-reembolso, never lost", async () => {
    const lapiz = await makeProduct({ categoriaId, cantidad: 1, precio: 40_000, nombre: "Lápiz Conekta" });
    const order = await pendingOrder(lapiz.id, "oxxo");
    expect(await stockOf(lapiz.id)).toBe(0);

    stub.expire(order.paymentId);
    const answers = await Promise.all([
      conektaEvent("order.expired", order.paymentId, "evt_e1"),
      conektaEvent("order.expired", order.paymentId, "evt_e1"),
    ]);
    expect(answers.map((a) => a.status)).toEqual([200, 200]);
    expect(await stockOf(lapiz.id)).toBe(1);
    expect(await compraOf(order.compraId)).toMatchObject({ estadoPago: "vencido" });
    expect((await pagoOf(order.paymentId)).estado).toBe("vencido");
    expect(mailsTo(`Tu ficha de pago venció: compra ${order.compraId}`)).toHaveLength(1);

    // The buyer paid anyway (Conekta says paid after all): recorded and flagged, stock untouched.
    stub.pay(order.paymentId);
    expect((await conektaEvent("order.paid", order.paymentId, "evt_e2")).status).toBe(200);
    expect((await pagoOf(order.paymentId)).estado).toBe("requiere-reembolso");
    expect(await compraOf(order.compraId)).toMatchObject({ estadoPago: "vencido" });
    expect(await stockOf(lapiz.id)).toBe(1);
    expect((await listRefunds(db)).pendientes.map((r) => r.id)).toContain(order.paymentId);
    expect((await conektaEvent("order.paid", order.paymentId, "evt_e2")).status).toBe(200);
    expect(mailsTo(`Reembolso pendiente: pago tardío ${order.paymentId}`)).toHaveLength(1);
  });

  it("our own clock: past `vence` the grace (the next business day) holds it; then the voucher is cancelled at Conekta and the stock goes back", async () => {
    const base = await makeProduct({ categoriaId, cantidad: 2, precio: 50_000, nombre: "Base Conekta vencida" });
    const order = await pendingOrder(base.id, "spei", 2);
    expect(await stockOf(base.id)).toBe(0);
    const vence = new Date(order.instrucciones.vence);
    await runDuePendingPayments(db, () => conekta, new Date(vence.getTime() + 60_000));
    expect((await pagoOf(order.paymentId)).estado).toBe("esperando-pago");
    expect(stub.cancellations).not.toContain(order.paymentId);
    const due = new Date(liberacionFicha(vence, "conekta").getTime() + 60_000);
    expect((await runDuePendingPayments(db, () => conekta, due)).vencidos).toBeGreaterThanOrEqual(1);
    expect(stub.cancellations).toContain(order.paymentId);
    expect(orderOf(order.paymentId).payment_status).toBe("canceled");
    expect(await stockOf(base.id)).toBe(2);
    expect((await pagoOf(order.paymentId)).estado).toBe("vencido");
    // Conekta's own expiry event arrives later: nothing more happens.
    expect((await conektaEvent("order.expired", order.paymentId, "evt_c1")).status).toBe(200);
    expect(await stockOf(base.id)).toBe(2);
  });
});

describe("Conekta: faults", () => {
  it("an unsigned, badly signed or altered event is refused with 400 and changes nothing", async () => {
    const rubor = await makeProduct({ categoriaId, cantidad: 3, precio: 30_000, nombre: "Rubor firmado" });
    const order = await pendingOrder(rubor.id, "oxxo");
    stub.pay(order.paymentId);

    const signed = signConektaEvent(keys.privateKey, "order.paid", orderOf(order.paymentId), "evt_f1");
    const stranger = conektaWebhookKeys();
    const forged = signConektaEvent(stranger.privateKey, "order.paid", orderOf(order.paymentId), "evt_f1");
    const altered = signed.body.replace('"order.paid"', '"order.expired"');
    const refused = await Promise.all([
      post(signed.body),
      post(signed.body, ""),
      post(signed.body, "bm90IGEgc2lnbmF0dXJl"),
      post(forged.body, forged.digest),
      post(altered, signed.digest),
    ]);
    expect(refused.map((r) => r.status)).toEqual([400, 400, 400, 400, 400]);
    expect((await pagoOf(order.paymentId)).estado).toBe("esperando-pago");
    expect(await compraOf(order.compraId)).toMatchObject({ estadoPago: "pendiente" });
    expect(await stockOf(rubor.id)).toBe(2);

    // The genuine event still works afterwards.
    expect((await post(signed.body, signed.digest)).status).toBe(200);
    expect((await pagoOf(order.paymentId)).estado).toBe("pagado");
  });

  it("a paid order of ours that has no payment record (yet): 409 so Conekta sends it again; a stranger's: 200, ignored", async () => {
    const created = await conekta.createPayment({
      amount: 25_000,
      currency: "mxn",
      metadata: { userId: "usuario-x", tipo: "carrito", carritoId: "", metodo: "oxxo" },
      metodo: "oxxo",
      payer: { nombre: "Ana López", correo: "ana@example.com" },
      vence: new Date(Date.now() + 3 * DAY),
    });
    stub.pay(created.id);
    expect((await conektaEvent("order.paid", created.id, "evt_u1")).status).toBe(409);
    orderOf(created.id).metadata = {};
    expect((await conektaEvent("order.paid", created.id, "evt_u2")).status).toBe(200);
    expect(await pagoOf(created.id)).toBeUndefined();
  });

  it("Conekta down when the voucher is asked for: a clear Spanish error, nothing held, no order", async () => {
    const sombra = await makeProduct({ categoriaId, cantidad: 2, precio: 45_000, nombre: "Sombra sin Conekta" });
    const buyer = await signUpUser();
    const cookie = await checkoutCookies(buyer, await makeCart([{ productoId: sombra.id, cantidad: 1 }], buyer.id));
    stub.failCreates(5);
    const answer = await app.post(`${API}/stripe`, { metodo: "oxxo" }, cookie, nextIp());
    stub.failCreates(0);
    expect(answer.status).toBe(502);
    const { error } = (await answer.json()) as { error: { title: string; text: string } };
    expect(error.title).toBe("Error en el proceso de pago");
    expect(error.text).toBe("Intenta nuevamente.");
    expect(await stockOf(sombra.id)).toBe(2);
    expect(await db.select().from(pagos).where(eq(pagos.userId, buyer.id))).toHaveLength(0);
    expect(await db.select().from(compras).where(eq(compras.compradorId, buyer.id))).toHaveLength(0);
    // Conekta is back: the same cart gets its voucher.
    expect((await app.post(`${API}/stripe`, { metodo: "oxxo" }, cookie, nextIp())).status).toBe(200);
    expect(await stockOf(sombra.id)).toBe(1);
  });

  it("a deployment with Conekta but without CONEKTA_WEBHOOK_KEY refuses to start", () => {
    const settings = {
      publicUrlSetting: "https://michelalvarez.mx",
      demoMode: false,
      seedDemoFlag: undefined,
      authSecret: "una-llave-secreta-de-produccion-muy-larga-0123456789",
      smtpUrl: "smtp://correo.example.com:587",
      stripeSecretKey: undefined,
      stripePublishableKey: undefined,
      conektaPrivateKey: "key_prod",
    };
    expect(
      decideMode(settings)
        .missing.map((m) => m.line)
        .join(" "),
    ).toContain("CONEKTA_WEBHOOK_KEY");
    expect(decideMode({ ...settings, conektaWebhookKey: keys.publicKey }).missing).toEqual([]);
  });
});

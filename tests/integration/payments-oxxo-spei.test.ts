// @engine: simulated and Stripe webhooks at once confirm once; two vouchers at once
/**
 * OXXO, SPEI and meses sin intereses (issue 14, docs/decisions/021), on the real database
 * through the production HTTP stack: the demo provider (its signed webhook, 'Simular pago
 * recibido') and Stripe as a local stub of its API with signed webhooks. Pending orders hold
 * their stock, are confirmed exactly once (duplicate, out-of-order and late events), expire
 * releasing the stock, and a late payment is recorded for a refund, never lost.
 */
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { eq, like } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { isValidClabe, luhnCheckDigit } from "~/domain/payment-methods";
import { liberacionFicha, siguienteDiaHabil } from "~/domain/settlement-window";
import { studioDay, studioInstant } from "~/domain/studio-calendar";
import { listRefunds } from "~/server/admin/refunds.server";
import { isEnrolled } from "~/server/school/enrolment.server";
import type { Database } from "~/server/db/client.server";
import { compras, pagos, productos, tareas } from "~/server/db/schema";
import { runDueJobs } from "~/server/jobs.server";
import "~/server/jobs-registry.server";
import { env } from "~/server/env.server";
import { createDemoProvider } from "~/server/payments/demo.server";
import type { PaymentProvider } from "~/server/payments/provider.server";
import { createStripeProvider } from "~/server/payments/stripe.server";
import { runDuePendingPayments } from "~/server/payments/settle.server";
import { type TestApp, startTestApp } from "../support/app";
import { checkoutCookies } from "../support/checkout";
import {
  makeCart,
  makeCategory,
  makeCourse,
  makeProduct,
  makeShippingBand,
  signUpUser,
  configure,
  useTestDatabase,
} from "../support/fixtures";
import { readOutbox } from "../support/outbox";
import { type StripeStub, sendStripeEvent, startStripeStub } from "../support/stripe-stub";

const WEBHOOK_SECRET = "whsec_prueba_oxxo";
const API = "/auth/michel-alvarez/v2";
const CARD = { numero: "4242 4242 4242 4242", vencimiento: "12/30", cvc: "123", nombre: "Ana López" };
const DAY = 86_400_000;

let database: Database;
let db: Database["db"];
let stub: StripeStub;
let demo: PaymentProvider;
let stripe: PaymentProvider;
let demoApp: TestApp;
let stripeApp: TestApp;
let categoriaId: string;

const stockOf = async (id: string) =>
  (await db.select({ cantidad: productos.cantidad }).from(productos).where(eq(productos.id, id)))[0].cantidad;
const pagoOf = async (id: string) => (await db.select().from(pagos).where(eq(pagos.id, id)))[0];
const compraOf = async (id: string) => (await db.select().from(compras).where(eq(compras.id, id)))[0];
const providerFor = (name: string) => (name === "stripe" ? stripe : demo);
const mailsTo = (subject: string) => readOutbox(env.dataDir).filter((m) => m.subject.includes(subject));

let ip = 0;
const nextIp = () => ({ "x-forwarded-for": `203.0.113.${(ip++ % 250) + 1}` });

type Pending = {
  paymentId: string;
  compraId: string;
  pendiente: boolean;
  instrucciones: { metodo: string; numero?: string; clabe?: string; referencia?: string; vence: string };
};

/** A buyer with `cantidad` of the product in her cart, asking for an OXXO or SPEI payment. */
async function pendingOrder(app: TestApp, productoId: string, metodo: "oxxo" | "spei", cantidad = 1) {
  const buyer = await signUpUser();
  const cookie = await checkoutCookies(buyer, await makeCart([{ productoId, cantidad }], buyer.id));
  const answer = await app.post(`${API}/stripe`, { metodo }, cookie, nextIp());
  expect(answer.status).toBe(200);
  return { buyer, cookie, ...((await answer.json()) as Pending) };
}

const stripeEvent = (type: string, paymentId: string, eventId: string) =>
  sendStripeEvent(stripeApp.baseURL, WEBHOOK_SECRET, { type, paymentId, eventId });

beforeAll(async () => {
  database = await useTestDatabase({
    config: { dataDir: fs.mkdtempSync(path.join(os.tmpdir(), "oxxo-")), trustProxy: true },
  });
  db = database.db;
  stub = await startStripeStub();
  stripe = createStripeProvider({ secretKey: "sk_test_stub", host: "127.0.0.1", port: stub.port, protocol: "http" });
  demo = createDemoProvider(db);
  demoApp = await startTestApp({ payments: { provider: demo, webhookSecret: WEBHOOK_SECRET, demo: true } });
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

describe("demo provider: OXXO and SPEI from creation to paid", () => {
  it("OXXO: a realistic voucher, the order 'Pendiente de pago' with its stock held, paid once by the simulated webhook", async () => {
    const paleta = await makeProduct({ categoriaId, cantidad: 5, precio: 80_000, nombre: "Paleta OXXO" });
    const order = await pendingOrder(demoApp, paleta.id, "oxxo", 2);
    expect(order.pendiente).toBe(true);
    const numero = order.instrucciones.numero ?? "";
    expect(numero).toMatch(/^\d{14}$/);
    expect(luhnCheckDigit(numero.slice(0, 13))).toBe(Number(numero[13]));
    expect(new Date(order.instrucciones.vence).getTime() - Date.now()).toBeGreaterThan(3 * DAY - 60_000);

    expect(await stockOf(paleta.id)).toBe(3);
    const compra = await compraOf(order.compraId);
    expect(compra).toMatchObject({ estadoPago: "pendiente", metodo: "oxxo" });
    expect((await pagoOf(order.paymentId)).estado).toBe("esperando-pago");
    expect(mailsTo(`Tu ficha de pago OXXO: compra ${order.compraId}`)).toHaveLength(1);
    expect(mailsTo(`Tu ficha de pago OXXO: compra ${order.compraId}`)[0].raw).toContain(numero.slice(0, 4));

    // A second click for the same cart: the cart is empty now, nothing new is held.
    const again = await demoApp.post(`${API}/stripe`, { metodo: "oxxo" }, order.cookie, nextIp());
    expect(again.status).toBe(409);
    expect(await stockOf(paleta.id)).toBe(3);

    // 'Simular pago recibido', twice at once: one confirmation.
    const [a, b] = await Promise.all([
      demoApp.post(`${API}/demo/simular`, { paymentId: order.paymentId }, order.cookie),
      demoApp.post(`${API}/demo/simular`, { paymentId: order.paymentId }, order.cookie),
    ]);
    expect([a.status, b.status]).toEqual([200, 200]);
    const outcomes = [(await a.json()).resultado, (await b.json()).resultado].sort();
    expect(outcomes).toEqual(["pagado", "ya-pagado"]);
    expect(await compraOf(order.compraId)).toMatchObject({ estadoPago: "pagado" });
    expect((await pagoOf(order.paymentId)).estado).toBe("pagado");
    expect(await stockOf(paleta.id)).toBe(3);
    expect(mailsTo(`Confirmación de tu compra ${order.compraId}`)).toHaveLength(1);
    expect(mailsTo(`Nuevo pedido ${order.compraId}`)).toHaveLength(1);
  });

  it("SPEI: an 18-digit CLABE with a valid control digit and a reference; paid by the simulated webhook", async () => {
    const pincel = await makeProduct({ categoriaId, cantidad: 2, precio: 45_000, nombre: "Pincel SPEI" });
    const order = await pendingOrder(demoApp, pincel.id, "spei");
    expect(isValidClabe(order.instrucciones.clabe ?? "")).toBe(true);
    expect(order.instrucciones.referencia).toMatch(/^\d{7}$/);
    expect(mailsTo(`Tus datos para transferir: compra ${order.compraId}`)).toHaveLength(1);
    const paid = await demoApp.post(`${API}/demo/simular`, { paymentId: order.paymentId }, order.cookie);
    expect(paid.status).toBe(200);
    expect(await compraOf(order.compraId)).toMatchObject({ estadoPago: "pagado", metodo: "spei" });
  });

  it("someone else's payment cannot be simulated; a forged demo webhook is refused", async () => {
    const rubor = await makeProduct({ categoriaId, cantidad: 2, precio: 30_000, nombre: "Rubor" });
    const order = await pendingOrder(demoApp, rubor.id, "oxxo");
    const other = await signUpUser();
    expect((await demoApp.post(`${API}/demo/simular`, { paymentId: order.paymentId }, other.cookie)).status).toBe(404);
    const payload = JSON.stringify({ type: "pago.recibido", data: { paymentId: order.paymentId } });
    const forged = await fetch(`${demoApp.baseURL}/webhooks/demo`, {
      method: "POST",
      headers: { "content-type": "application/json", "demo-signature": `t=${Math.floor(Date.now() / 1000)},v1=00` },
      body: payload,
    });
    expect(forged.status).toBe(400);
    expect((await pagoOf(order.paymentId)).estado).toBe("esperando-pago");
  });

  it("a course bought by OXXO unlocks only when paid", async () => {
    const curso = await makeCourse({ precio: 499_000, titulo: "Microblading en línea" });
    const buyer = await signUpUser();
    const answer = await demoApp.post(`${API}/stripe`, { curso: curso.id, metodo: "oxxo" }, buyer.cookie, nextIp());
    expect(answer.status).toBe(200);
    const order = (await answer.json()) as Pending;
    expect(await isEnrolled(buyer.id, curso.id, db)).toBe(false);
    // Asking again while the voucher waits: the same voucher, not a second one.
    const again = (await (
      await demoApp.post(`${API}/stripe`, { curso: curso.id, metodo: "oxxo" }, buyer.cookie, nextIp())
    ).json()) as Pending;
    expect(again.paymentId).toBe(order.paymentId);
    expect(await isEnrolled(buyer.id, curso.id, db)).toBe(false);
    await demoApp.post(`${API}/demo/simular`, { paymentId: order.paymentId }, buyer.cookie);
    expect(await isEnrolled(buyer.id, curso.id, db)).toBe(true);
  });

  it("OXXO is not offered above its limit ($10,000 MXN); a method the provider lacks is refused", async () => {
    const maquina = await makeProduct({ categoriaId, cantidad: 2, precio: 1_200_000, nombre: "Dermógrafo" });
    const buyer = await signUpUser();
    const cookie = await checkoutCookies(buyer, await makeCart([{ productoId: maquina.id, cantidad: 1 }], buyer.id));
    const refused = await demoApp.post(`${API}/stripe`, { metodo: "oxxo" }, cookie, nextIp());
    expect(refused.status).toBe(400);
    expect(((await refused.json()) as { error: { text: string } }).error.text).toContain("$10,000.00");
    expect((await demoApp.post(`${API}/stripe`, { metodo: "bitcoin" }, cookie, nextIp())).status).toBe(400);
    expect(await stockOf(maquina.id)).toBe(2);
    // SPEI has no such limit.
    expect((await demoApp.post(`${API}/stripe`, { metodo: "spei" }, cookie, nextIp())).status).toBe(200);
  });
});

describe("expiry, reminder and late payment", () => {
  it("the reminder goes out once a day before; expiry releases the stock and shows 'Vencido'; a late payment is flagged for refund", async () => {
    const sombra = await makeProduct({ categoriaId, cantidad: 4, precio: 60_000, nombre: "Sombra vencida" });
    const order = await pendingOrder(demoApp, sombra.id, "oxxo", 3);
    expect(await stockOf(sombra.id)).toBe(1);
    const start = Date.now();

    // (Other tests' vouchers are pending too: the counts include them.)
    // Not yet due: nothing.
    expect(await runDuePendingPayments(db, providerFor, new Date(start + DAY))).toEqual({ recordados: 0, vencidos: 0 });
    // A day before: the reminder, once.
    const first = await runDuePendingPayments(db, providerFor, new Date(start + 2 * DAY + 3_600_000));
    expect(first.recordados).toBeGreaterThanOrEqual(1);
    expect(first.vencidos).toBe(0);
    expect(await runDuePendingPayments(db, providerFor, new Date(start + 2 * DAY + 7_200_000))).toMatchObject({
      recordados: 0,
    });
    expect(mailsTo(`Tu ficha de pago vence mañana: compra ${order.compraId}`)).toHaveLength(1);
    expect((await pagoOf(order.paymentId)).recordatorio).not.toBeNull();

    // Past its printed expiry but within the settlement grace (the next business day): still held.
    const vence = new Date(order.instrucciones.vence);
    const liberacion = liberacionFicha(vence, "demo").getTime();
    await runDuePendingPayments(db, providerFor, new Date(vence.getTime() + 60_000));
    expect((await pagoOf(order.paymentId)).estado).toBe("esperando-pago");
    expect(await stockOf(sombra.id)).toBe(1);
    // The grace is over: the stock goes back, the order reads Vencido.
    expect(
      (await runDuePendingPayments(db, providerFor, new Date(liberacion + 60_000))).vencidos,
    ).toBeGreaterThanOrEqual(1);
    expect(await stockOf(sombra.id)).toBe(4);
    expect(await compraOf(order.compraId)).toMatchObject({ estadoPago: "vencido" });
    expect((await pagoOf(order.paymentId)).estado).toBe("vencido");
    expect(mailsTo(`Tu ficha de pago venció: compra ${order.compraId}`)).toHaveLength(1);
    // Running again changes nothing.
    expect((await runDuePendingPayments(db, providerFor, new Date(liberacion + DAY))).vencidos).toBe(0);
    expect(await stockOf(sombra.id)).toBe(4);

    // The buyer pays anyway: recorded, flagged for refund, the order stays Vencido, the stock untouched.
    const late = await demoApp.post(`${API}/demo/simular`, { paymentId: order.paymentId }, order.cookie);
    expect((await late.json()).resultado).toBe("tarde");
    expect((await pagoOf(order.paymentId)).estado).toBe("requiere-reembolso");
    expect(await compraOf(order.compraId)).toMatchObject({ estadoPago: "vencido" });
    expect(await stockOf(sombra.id)).toBe(4);
    expect((await listRefunds(db)).pendientes.map((r) => r.id)).toContain(order.paymentId);
    expect(mailsTo(`Reembolso pendiente: pago tardío ${order.paymentId}`)).toHaveLength(1);
    // The same late event again: recorded once.
    await demoApp.post(`${API}/demo/simular`, { paymentId: order.paymentId }, order.cookie);
    expect(mailsTo(`Reembolso pendiente: pago tardío ${order.paymentId}`)).toHaveLength(1);
  });
});

describe("the durable jobs (jobs.server.ts)", () => {
  it("scheduled with the hold: the reminder job mails once, the expiry job releases the stock; paid orders lose their jobs", async () => {
    const delineador = await makeProduct({ categoriaId, cantidad: 2, precio: 50_000, nombre: "Delineador job" });
    const order = await pendingOrder(demoApp, delineador.id, "spei");
    const jobs = await db
      .select()
      .from(tareas)
      .where(like(tareas.clave, `%${order.paymentId}`));
    expect(jobs.map((j) => j.tipo).sort()).toEqual(["pago-recordatorio", "pago-vence"]);
    const vence = new Date(order.instrucciones.vence).getTime();

    await runDueJobs(db, new Date(vence - DAY + 60_000), 100);
    expect((await pagoOf(order.paymentId)).recordatorio).not.toBeNull();
    expect(mailsTo(`Tu ficha de pago vence mañana: compra ${order.compraId}`)).toHaveLength(1);
    // The release job runs at the end of the next business day after `vence`, not at `vence`.
    const liberacion = liberacionFicha(new Date(vence), "demo").getTime();
    expect(jobs.find((j) => j.tipo === "pago-vence")?.ejecutarEn.getTime()).toBe(liberacion);
    await runDueJobs(db, new Date(vence + 60_000), 100);
    expect((await pagoOf(order.paymentId)).estado).toBe("esperando-pago");
    await runDueJobs(db, new Date(liberacion + 60_000), 100);
    expect((await pagoOf(order.paymentId)).estado).toBe("vencido");
    expect(await stockOf(delineador.id)).toBe(2);

    const paid = await pendingOrder(demoApp, delineador.id, "oxxo");
    await demoApp.post(`${API}/demo/simular`, { paymentId: paid.paymentId }, paid.cookie);
    const left = await db
      .select()
      .from(tareas)
      .where(like(tareas.clave, `%${paid.paymentId}`));
    expect(left.filter((j) => j.estado === "pendiente")).toHaveLength(0);
  });
});

describe("Stripe (local stub, signed webhooks)", () => {
  it("OXXO: the voucher from next_action; out-of-order and duplicate events give one paid order", async () => {
    const base = await makeProduct({ categoriaId, cantidad: 3, precio: 55_000, nombre: "Base Stripe OXXO" });
    const order = await pendingOrder(stripeApp, base.id, "oxxo");
    const intent = stub.intents.get(order.paymentId);
    expect(intent?.payment_method_types).toEqual(["oxxo"]);
    expect(intent?.status).toBe("requires_action");
    expect(order.instrucciones.numero).toMatch(/^\d{18}$/);
    expect(await stockOf(base.id)).toBe(2);

    // A failure event before the voucher expired, while Stripe still waits: nothing changes.
    expect((await stripeEvent("payment_intent.payment_failed", order.paymentId, "evt_o1")).status).toBe(200);
    expect((await pagoOf(order.paymentId)).estado).toBe("esperando-pago");
    // A succeeded event that Stripe does not confirm (forged order of events): nothing changes.
    await stripeEvent("payment_intent.succeeded", order.paymentId, "evt_o2");
    expect(await compraOf(order.compraId)).toMatchObject({ estadoPago: "pendiente" });

    stub.succeed(order.paymentId);
    const answers = await Promise.all([
      stripeEvent("payment_intent.succeeded", order.paymentId, "evt_o3"),
      stripeEvent("payment_intent.succeeded", order.paymentId, "evt_o3"),
      stripeEvent("payment_intent.succeeded", order.paymentId, "evt_o4"),
    ]);
    expect(answers.map((a) => a.status)).toEqual([200, 200, 200]);
    expect(await compraOf(order.compraId)).toMatchObject({ estadoPago: "pagado" });
    expect(mailsTo(`Confirmación de tu compra ${order.compraId}`)).toHaveLength(1);
    // A stale failure after it was paid: still paid.
    await stripeEvent("payment_intent.payment_failed", order.paymentId, "evt_o5");
    expect((await pagoOf(order.paymentId)).estado).toBe("pagado");
    expect(await stockOf(base.id)).toBe(2);
  });

  it("SPEI: a customer, mx_bank_transfer, the CLABE and reference from Stripe; paid by webhook", async () => {
    const gel = await makeProduct({ categoriaId, cantidad: 3, precio: 70_000, nombre: "Gel SPEI" });
    const order = await pendingOrder(stripeApp, gel.id, "spei");
    const intent = stub.intents.get(order.paymentId);
    expect(intent?.payment_method_types).toEqual(["customer_balance"]);
    expect(stub.customers).toContain(intent?.customer);
    expect(order.instrucciones).toMatchObject({
      clabe: "002180650611111118",
      referencia: expect.stringMatching(/^REF/),
    });
    stub.succeed(order.paymentId);
    expect((await stripeEvent("payment_intent.succeeded", order.paymentId, "evt_s1")).status).toBe(200);
    expect(await compraOf(order.compraId)).toMatchObject({ estadoPago: "pagado", metodo: "spei" });
  });

  it("Stripe expires the voucher (payment_failed): stock back; paid afterwards → requiere-reembolso", async () => {
    const lapiz = await makeProduct({ categoriaId, cantidad: 1, precio: 40_000, nombre: "Lápiz vencido" });
    const order = await pendingOrder(stripeApp, lapiz.id, "oxxo");
    expect(await stockOf(lapiz.id)).toBe(0);
    stub.expire(order.paymentId);
    await Promise.all([
      stripeEvent("payment_intent.payment_failed", order.paymentId, "evt_e1"),
      stripeEvent("payment_intent.payment_failed", order.paymentId, "evt_e1"),
    ]);
    expect(await stockOf(lapiz.id)).toBe(1);
    expect(await compraOf(order.compraId)).toMatchObject({ estadoPago: "vencido" });
    stub.succeed(order.paymentId);
    await stripeEvent("payment_intent.succeeded", order.paymentId, "evt_e2");
    expect((await pagoOf(order.paymentId)).estado).toBe("requiere-reembolso");
    expect(await stockOf(lapiz.id)).toBe(1);
  });
});

describe("vouchers that wait for the money (issue 28): the app's clock moved, Stripe's webhooks", () => {
  /**
   * Runs `work` with the application's clock (ADR 031) at `instant`: the webhooks and the jobs
   * read it (the jobs reach Stripe's stub through the configuration, as a deployment would).
   */
  async function at<T>(instant: Date, work: () => Promise<T>): Promise<T> {
    const undo = configure({
      clock: () => instant,
      config: { stripeSecretKey: "sk_test_stub", stripeApiUrl: `http://127.0.0.1:${stub.port}` },
    });
    try {
      return await work();
    } finally {
      undo();
    }
  }

  it("a late OXXO payment on the next business day keeps the order: nothing is released at `vence`, the money confirms it", async () => {
    const rimel = await makeProduct({ categoriaId, cantidad: 1, precio: 35_000, nombre: "Rímel tardío" });
    const curso = await makeCourse({ precio: 150_000, titulo: "Curso pagado la última noche" });
    const buyer = await signUpUser();
    const cookie = await checkoutCookies(buyer, await makeCart([{ productoId: rimel.id, cantidad: 1 }], buyer.id));
    const answer = await stripeApp.post(`${API}/stripe`, { metodo: "oxxo" }, cookie, nextIp());
    const order = (await answer.json()) as Pending;
    const course = (await (
      await stripeApp.post(`${API}/stripe`, { curso: curso.id, metodo: "oxxo" }, buyer.cookie, nextIp())
    ).json()) as Pending;
    const vence = new Date(order.instrucciones.vence);
    // What the client reads is unchanged: Stripe's own 23:59 of the voucher's last day.
    const display = stub.intents.get(order.paymentId)?.next_action as
      | { oxxo_display_details?: { expires_after?: number } }
      | undefined;
    expect(vence.getTime()).toBe((display?.oxxo_display_details?.expires_after ?? 0) * 1000);
    expect(await stockOf(rimel.id)).toBe(0);

    // She paid at 23:50 of the last day; Stripe has not confirmed it yet. Past `vence` the
    // jobs run and Stripe even sends its failure event: nothing is released.
    const afterVence = new Date(vence.getTime() + 60 * 60_000);
    await at(afterVence, async () => {
      await runDueJobs(db, afterVence, 100);
      expect((await stripeEvent("payment_intent.payment_failed", order.paymentId, "evt_g1")).status).toBe(200);
    });
    expect((await pagoOf(order.paymentId)).estado).toBe("esperando-pago");
    expect(await compraOf(order.compraId)).toMatchObject({ estadoPago: "pendiente" });
    expect(await stockOf(rimel.id)).toBe(0);
    expect(stub.cancellations).not.toContain(order.paymentId);

    // The next business day at noon (studio time), Stripe confirms both: she keeps what she paid for.
    const nextBusinessNoon = studioInstant(siguienteDiaHabil(studioDay(vence)), "12:00");
    await at(nextBusinessNoon, async () => {
      await runDueJobs(db, nextBusinessNoon, 100);
      stub.succeed(order.paymentId);
      stub.succeed(course.paymentId);
      expect((await stripeEvent("payment_intent.succeeded", order.paymentId, "evt_g2")).status).toBe(200);
      expect((await stripeEvent("payment_intent.succeeded", course.paymentId, "evt_g3")).status).toBe(200);
    });
    expect(await compraOf(order.compraId)).toMatchObject({ estadoPago: "pagado" });
    expect((await pagoOf(order.paymentId)).estado).toBe("pagado");
    expect(await stockOf(rimel.id)).toBe(0);
    expect(await isEnrolled(buyer.id, curso.id, db)).toBe(true);
    expect(mailsTo(`Tu ficha de pago venció: compra ${order.compraId}`)).toHaveLength(0);
    expect((await listRefunds(db)).pendientes.map((r) => r.id)).not.toContain(order.paymentId);
  });

  it("after the grace the job releases it ('Vencido', stock back, voucher voided at Stripe); money after that → the refund queue", async () => {
    const labial = await makeProduct({ categoriaId, cantidad: 1, precio: 42_000, nombre: "Labial liberado" });
    const order = await pendingOrder(stripeApp, labial.id, "oxxo");
    const vence = new Date(order.instrucciones.vence);
    const liberacion = liberacionFicha(vence, "stripe");
    // The end (23:59:59, studio time) of the next business day after the voucher's day.
    expect(studioDay(liberacion)).toBe(siguienteDiaHabil(studioDay(vence)));
    const [job] = await db
      .select()
      .from(tareas)
      .where(eq(tareas.clave, `pago-vence:${order.paymentId}`));
    expect(job.ejecutarEn.getTime()).toBe(liberacion.getTime());

    const justBefore = new Date(liberacion.getTime() - 60_000);
    await at(justBefore, () => runDueJobs(db, justBefore, 100));
    expect((await pagoOf(order.paymentId)).estado).toBe("esperando-pago");

    const after = new Date(liberacion.getTime() + 60_000);
    await at(after, () => runDueJobs(db, after, 100));
    expect((await pagoOf(order.paymentId)).estado).toBe("vencido");
    expect(await compraOf(order.compraId)).toMatchObject({ estadoPago: "vencido" });
    expect(await stockOf(labial.id)).toBe(1);
    expect(stub.cancellations).toContain(order.paymentId);

    stub.succeed(order.paymentId);
    await at(new Date(after.getTime() + DAY), () => stripeEvent("payment_intent.succeeded", order.paymentId, "evt_g4"));
    expect((await pagoOf(order.paymentId)).estado).toBe("requiere-reembolso");
    expect(await stockOf(labial.id)).toBe(1);
    expect((await listRefunds(db)).pendientes.map((r) => r.id)).toContain(order.paymentId);
  });
});

describe("faults", () => {
  it("Stripe does not answer the voucher request: 502, nothing held, no order, the cart intact", async () => {
    const sombra = await makeProduct({ categoriaId, cantidad: 2, precio: 45_000, nombre: "Sombra sin Stripe" });
    const buyer = await signUpUser();
    const cookie = await checkoutCookies(buyer, await makeCart([{ productoId: sombra.id, cantidad: 1 }], buyer.id));
    stub.failCreates(10);
    const answer = await stripeApp.post(`${API}/stripe`, { metodo: "oxxo" }, cookie, nextIp());
    stub.failCreates(0);
    expect(answer.status).toBe(502);
    expect(await stockOf(sombra.id)).toBe(2);
    expect(await db.select().from(pagos).where(eq(pagos.userId, buyer.id))).toHaveLength(0);
    // Stripe is back: the same cart gets its voucher.
    expect((await stripeApp.post(`${API}/stripe`, { metodo: "oxxo" }, cookie, nextIp())).status).toBe(200);
    expect(await stockOf(sombra.id)).toBe(1);
  });

  it("two requests for the same course at once: one voucher, one pending order", async () => {
    const curso = await makeCourse({ precio: 299_000, titulo: "Curso doble clic" });
    const buyer = await signUpUser();
    const answers = await Promise.all(
      [1, 2, 3].map(() => demoApp.post(`${API}/stripe`, { curso: curso.id, metodo: "spei" }, buyer.cookie, nextIp())),
    );
    expect(answers.map((a) => a.status)).toEqual([200, 200, 200]);
    const ids = new Set((await Promise.all(answers.map((a) => a.json()))).map((j) => (j as Pending).compraId));
    expect(ids.size).toBe(1);
    const waiting = await db.select().from(pagos).where(eq(pagos.userId, buyer.id));
    expect(waiting.filter((p) => p.estado === "esperando-pago")).toHaveLength(1);
    expect(await db.select().from(compras).where(eq(compras.compradorId, buyer.id))).toHaveLength(1);
  });
});

describe("meses sin intereses", () => {
  it("demo: 6 MSI on the test card; the order records the plan and the amount is unchanged", async () => {
    const kit = await makeProduct({ categoriaId, cantidad: 2, precio: 320_000, nombre: "Kit MSI" });
    const buyer = await signUpUser();
    const cookie = await checkoutCookies(buyer, await makeCart([{ productoId: kit.id, cantidad: 1 }], buyer.id));
    const created = await demoApp.post(`${API}/stripe`, { metodo: "tarjeta", meses: 6 }, cookie, nextIp());
    expect(created.status).toBe(200);
    const { paymentId, clientSecret } = (await created.json()) as { paymentId: string; clientSecret: string };
    const monto = (await pagoOf(paymentId)).monto;
    expect((await demoApp.post(`${API}/demo/pago`, { clientSecret, ...CARD }, cookie)).status).toBe(200);
    const confirmed = await demoApp.post(`${API}/confirmar`, { paymentId }, cookie);
    expect(confirmed.status).toBe(200);
    const { compraId } = (await confirmed.json()) as { compraId: string };
    expect(await compraOf(compraId)).toMatchObject({ meses: 6, metodo: "tarjeta", estadoPago: "pagado", total: monto });
    expect(monto).toBe(320_000 + (await compraOf(compraId)).envio);
    // The receipt shows the plan.
    const [mail] = mailsTo(`Confirmación de tu compra ${compraId}`);
    expect(mail.raw).toContain("6 meses sin intereses");
  });

  it("a plan the total does not allow is refused before any payment", async () => {
    const mini = await makeProduct({ categoriaId, cantidad: 2, precio: 40_000, nombre: "Mini MSI" });
    const buyer = await signUpUser();
    const cookie = await checkoutCookies(buyer, await makeCart([{ productoId: mini.id, cantidad: 1 }], buyer.id));
    const refused = await demoApp.post(`${API}/stripe`, { meses: 12 }, cookie, nextIp());
    expect(refused.status).toBe(400);
    expect((await demoApp.post(`${API}/stripe`, { meses: 5 }, cookie, nextIp())).status).toBe(400);
  });

  it("Stripe: installments enabled on the intent; the plan Stripe charged is recorded; one capture of the same amount", async () => {
    const curso = await makeCourse({ precio: 499_000, titulo: "Cejas MSI" });
    const buyer = await signUpUser();
    const created = await stripeApp.post(`${API}/stripe`, { curso: curso.id, meses: 12 }, buyer.cookie, nextIp());
    expect(created.status).toBe(200);
    const { paymentId } = (await created.json()) as { paymentId: string };
    const intent = stub.intents.get(paymentId);
    expect(intent?.payment_method_options).toMatchObject({ card: { installments: { enabled: "true" } } });
    stub.authorizeInstallments(paymentId, 12);
    const confirmed = await stripeApp.post(`${API}/confirmar`, { paymentId }, buyer.cookie);
    expect(confirmed.status).toBe(200);
    const { compraId } = (await confirmed.json()) as { compraId: string };
    expect(await compraOf(compraId)).toMatchObject({ meses: 12, total: 499_000 });
    expect(stub.captures.filter((id) => id === paymentId)).toHaveLength(1);
    expect(stub.intents.get(paymentId)?.amount).toBe(499_000);
  });

  it("the server re-checks the plan at payment time: another plan than the one chosen, or one the card does not offer, is refused in Spanish and nothing is written or charged", async () => {
    const curso = await makeCourse({ precio: 499_000, titulo: "Labios MSI" });
    const refusedWith = async (chosen: number, charged: number, available?: number[]) => {
      const buyer = await signUpUser();
      const created = await stripeApp.post(`${API}/stripe`, { curso: curso.id, meses: chosen }, buyer.cookie, nextIp());
      expect(created.status).toBe(200);
      const { paymentId } = (await created.json()) as { paymentId: string };
      stub.authorizeInstallments(paymentId, charged, available);
      const confirmed = await stripeApp.post(`${API}/confirmar`, { paymentId }, buyer.cookie);
      expect(confirmed.status).toBe(402);
      const { error } = (await confirmed.json()) as { error: { text: string } };
      expect(await db.select().from(compras).where(eq(compras.compradorId, buyer.id))).toHaveLength(0);
      expect(await isEnrolled(buyer.id, curso.id, db)).toBe(false);
      expect(stub.captures).not.toContain(paymentId);
      expect(stub.cancellations).toContain(paymentId);
      expect((await pagoOf(paymentId)).estado).toBe("fallido");
      return error.text;
    };
    // Stripe.js confirmed 12 months while the server checked 3 (a tampered browser).
    expect(await refusedWith(3, 12)).toContain("no es el que elegiste");
    // The card's bank offers only 3 and 6 months for this card.
    expect(await refusedWith(12, 12, [3, 6])).toContain("Tu banco no ofrece 12 meses sin intereses");
  });
});

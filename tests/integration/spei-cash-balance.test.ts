// @engine: the same cash-balance event delivered three times at once queues one entry (the payment's row lock)
/**
 * SPEI through Stripe (issue 28 part 3, ADR 033): the instructions name the beneficiary
 * (Stripe's account holder; the studio's configured name for the demo and Conekta), and
 * money Stripe keeps in the payer's cash balance (a transfer of more than the total, one
 * short of it when the window ends, one after the order was released) reaches the refund
 * queue once, with a mail to the client and one to the studio, whatever order and how many
 * times Stripe's events arrive; the queue pays it back from the balance. The production
 * HTTP stack and its signed webhook, Stripe as a local stub that keeps each customer's
 * cash balance (tests/support/stripe-stub.ts).
 */
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { createElement } from "react";
import { renderToString } from "react-dom/server";
import { MemoryRouter } from "react-router";
import { eq, like } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { AlertProvider } from "~/components/ui/alert-provider";
import { ToastProvider } from "~/components/ui/toast-provider";
import { site } from "~/config/site";
import { liberacionFicha } from "~/domain/settlement-window";
import MisCompras, { loader as misComprasLoader } from "~/routes/mis-compras";
import { listRefunds, payOutRefund } from "~/server/admin/refunds.server";
import type { Database } from "~/server/db/client.server";
import { compras, pagos, productos } from "~/server/db/schema";
import { runDueJobs } from "~/server/jobs.server";
import "~/server/jobs-registry.server";
import { createDemoProvider } from "~/server/payments/demo.server";
import type { PaymentProvider } from "~/server/payments/provider.server";
import { createStripeProvider } from "~/server/payments/stripe.server";
import { type TestApp, startTestApp } from "../support/app";
import { checkoutCookies } from "../support/checkout";
import {
  type TestUser,
  configure,
  makeCart,
  makeCategory,
  makeProduct,
  makeShippingBand,
  signUpUser,
  useTestDatabase,
} from "../support/fixtures";
import { readOutbox } from "../support/outbox";
import { type StripeStub, type StubCashTransaction, sendStripeEvent, startStripeStub } from "../support/stripe-stub";

const WEBHOOK_SECRET = "whsec_prueba_saldo";
const API = "/auth/michel-alvarez/v2";
const STUDIO = "estudio-saldos@example.com";
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "spei-saldo-"));

let database: Database;
let db: Database["db"];
let stub: StripeStub;
let stripe: PaymentProvider;
let stripeApp: TestApp;
let demoApp: TestApp;
let admin: TestUser;
let categoriaId: string;

type Pending = {
  paymentId: string;
  compraId: string;
  instrucciones: {
    metodo: string;
    clabe: string;
    referencia: string;
    banco: string;
    beneficiario?: string;
    vence: string;
  };
};

let ip = 0;
const nextIp = () => ({ "x-forwarded-for": `198.51.100.${(ip++ % 250) + 1}` });

const pagoOf = async (id: string) => (await db.select().from(pagos).where(eq(pagos.id, id)))[0];
const compraOf = async (id: string) => (await db.select().from(compras).where(eq(compras.id, id)))[0];
const stockOf = async (id: string) =>
  (await db.select({ cantidad: productos.cantidad }).from(productos).where(eq(productos.id, id)))[0].cantidad;
/** The refund-queue entries made from a payment's cash balance. */
const entriesOf = (paymentId: string) =>
  db
    .select()
    .from(pagos)
    .where(like(pagos.id, `saldo_${paymentId}_%`));
const pesos = (centavos: number) =>
  `$${(centavos / 100).toLocaleString("en-US", { minimumFractionDigits: 2 })} MXN`;
const mails = (subject: string) => readOutbox(dataDir).filter((m) => m.subject.includes(subject));
/** A mail's text as written (quoted-printable soft breaks undone). */
const body = (raw: string) =>
  raw
    .replace(/=\r?\n/g, "")
    .replace(/=C3=A1/g, "á")
    .replace(/=C3=AD/g, "í");

/** A buyer with one unit of a new product in her cart, asking for SPEI. */
async function speiOrder(app: TestApp, precio: number, nombre: string) {
  const producto = await makeProduct({ categoriaId, cantidad: 1, precio, nombre });
  const buyer = await signUpUser();
  const cookie = await checkoutCookies(buyer, await makeCart([{ productoId: producto.id, cantidad: 1 }], buyer.id));
  const answer = await app.post(`${API}/stripe`, { metodo: "spei" }, cookie, nextIp());
  expect(answer.status).toBe(200);
  const order = (await answer.json()) as Pending;
  const pago = await pagoOf(order.paymentId);
  /** where her mails go: the checkout's contact address */
  const correo = (pago.detalle as { datosContacto: { correo: string } }).datosContacto.correo;
  return { buyer, producto, correo, ...order, total: pago.monto };
}

const intentEvent = (type: string, paymentId: string, eventId: string) =>
  sendStripeEvent(stripeApp.baseURL, WEBHOOK_SECRET, { type, paymentId, eventId });
/** Stripe's `customer_cash_balance_transaction.created` for one movement of the balance. */
const cashEvent = (t: StubCashTransaction, eventId = `evt_${t.id}`) =>
  sendStripeEvent(stripeApp.baseURL, WEBHOOK_SECRET, {
    type: "customer_cash_balance_transaction.created",
    paymentId: t.id,
    eventId,
    object: t,
  });

/** Work at `instant` on the application's clock, the jobs reaching Stripe's stub through the configuration. */
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

/** The queue's 'Reembolsar' of a deployment on Stripe (the refund reaches Stripe's stub through the configuration). */
const payOut = (id: string) => at(new Date(), () => payOutRefund(db, id, admin.id));

/** The order's window ends (the release job at the end of the settlement grace). */
async function windowEnds(order: { paymentId: string; instrucciones: { vence: string } }) {
  const after = new Date(liberacionFicha(new Date(order.instrucciones.vence), "stripe").getTime() + 60_000);
  await at(after, () => runDueJobs(db, after, 100));
}

/** /mis-compras as the buyer's browser receives it: the real loader, the page drawn on the server. */
async function myOrdersPage(cookie: string): Promise<string> {
  const request = new Request("http://localhost/mis-compras", { headers: { cookie } });
  // The page of a deployment paid through Stripe (no demo 'Simular pago recibido').
  const loaderData = { ...(await misComprasLoader({ request, params: {}, context: {} } as never)), demo: false };
  const page = createElement(MisCompras as never, { loaderData, params: {}, matches: [] });
  return renderToString(
    createElement(MemoryRouter, null, createElement(AlertProvider, null, createElement(ToastProvider, null, page))),
  ).replace(/<!-- -->/g, "");
}

beforeAll(async () => {
  database = await useTestDatabase({ config: { dataDir, trustProxy: true, smtpUrl: undefined, studioInbox: STUDIO } });
  db = database.db;
  stub = await startStripeStub();
  stripe = createStripeProvider({ secretKey: "sk_test_stub", host: "127.0.0.1", port: stub.port, protocol: "http" });
  stripeApp = await startTestApp({ payments: { provider: stripe, webhookSecret: WEBHOOK_SECRET } });
  demoApp = await startTestApp({
    payments: { provider: createDemoProvider(db), webhookSecret: WEBHOOK_SECRET, demo: true },
  });
  admin = await signUpUser({ role: "admin" });
  categoriaId = (await makeCategory()).id;
  await makeShippingBand();
}, 60_000);

afterAll(async () => {
  await stripeApp?.close();
  await demoApp?.close();
  await stub?.close();
  await database?.close();
  fs.rmSync(dataDir, { recursive: true, force: true });
});

describe("SPEI instructions: beneficiary, bank, CLABE, reference and amount", () => {
  it("Stripe: the account holder Stripe names is stored with the instructions and shown in the mail and /mis-compras", async () => {
    const order = await speiOrder(stripeApp, 64_000, "Pigmento con beneficiario");
    expect(order.instrucciones).toMatchObject({
      beneficiario: "STRIPE PAYMENTS MEXICO",
      banco: "BANAMEX",
      clabe: "002180650611111118",
    });
    expect((await pagoOf(order.paymentId)).instrucciones).toMatchObject({ beneficiario: "STRIPE PAYMENTS MEXICO" });

    const [mail] = mails(`Tus datos para transferir: compra ${order.compraId}`);
    const text = body(mail.raw);
    const monto = `$${(order.total / 100).toLocaleString("en-US", { minimumFractionDigits: 2 })} MXN`;
    for (const line of [
      "Beneficiario: STRIPE PAYMENTS MEXICO",
      "Banco: BANAMEX",
      "CLABE: 002 180 6506 1111 1118",
      `Referencia: ${order.instrucciones.referencia}`,
      `Monto: ${monto}`,
    ]) {
      expect(text).toContain(line);
    }

    const html = await myOrdersPage(order.buyer.cookie);
    const card = html.slice(html.indexOf('data-testid="order-pending"'));
    for (const label of ["Beneficiario", "Banco", "CLABE", "Referencia", "Monto"]) {
      expect(card).toContain(`>${label}</dt>`);
    }
    expect(card).toMatch(/data-testid="spei-beneficiary"[^>]*>STRIPE PAYMENTS MEXICO</);
    expect(card).toMatch(
      new RegExp(`data-testid="spei-amount"[^>]*>\\$${(order.total / 100).toLocaleString("en-US")}`),
    );
  });

  it("the demo (as Conekta): the studio's configured beneficiary, its business name unless set", async () => {
    const first = await speiOrder(demoApp, 30_000, "Pincel demo beneficiario");
    expect(first.instrucciones.beneficiario).toBe(site.legalName);
    const undo = configure({ config: { speiBeneficiario: "Estudio Michel Alvarez SA de CV" } });
    try {
      const second = await speiOrder(demoApp, 30_000, "Pincel demo razón social");
      expect(second.instrucciones.beneficiario).toBe("Estudio Michel Alvarez SA de CV");
      expect(body(mails(`Tus datos para transferir: compra ${second.compraId}`)[0].raw)).toContain(
        "Beneficiario: Estudio Michel Alvarez SA de CV",
      );
    } finally {
      undo();
    }
  });
});

describe("money left in the payer's Stripe cash balance goes to the refund queue", () => {
  it("excess: the order is paid with the amount, the difference is queued once and paid back from the balance", async () => {
    const order = await speiOrder(stripeApp, 50_000, "Kit transferido de más");
    const movements = stub.transfer(order.paymentId, order.total + 20_000);
    expect(movements.map((t) => t.type)).toEqual(["funded", "applied_to_payment"]);
    expect(stub.cashBalance(stub.intents.get(order.paymentId)?.customer ?? "")).toBe(20_000);

    // Stripe's events, in its order and again: the movements, then the intent.
    for (const t of movements) expect((await cashEvent(t)).status).toBe(200);
    expect((await intentEvent("payment_intent.succeeded", order.paymentId, "evt_x1")).status).toBe(200);
    for (const t of movements) expect((await cashEvent(t)).status).toBe(200);
    expect((await intentEvent("payment_intent.succeeded", order.paymentId, "evt_x1")).status).toBe(200);

    expect(await compraOf(order.compraId)).toMatchObject({ estadoPago: "pagado" });
    expect((await pagoOf(order.paymentId)).estado).toBe("pagado");
    const entries = await entriesOf(order.paymentId);
    expect(entries).toHaveLength(1);
    expect(entries[0]).toMatchObject({ monto: 20_000, estado: "requiere-reembolso", compraId: null, metodo: "spei" });
    const queued = (await listRefunds(db)).pendientes.find((r) => r.id === entries[0].id);
    expect(queued).toMatchObject({ monto: 20_000, productos: `Transferencia SPEI de más (compra ${order.compraId})` });
    expect(queued?.correo).toBe(order.correo);
    expect(
      mails("Te devolveremos $200.00 MXN de tu transferencia").filter((m) => m.to.includes(order.correo)),
    ).toHaveLength(1);
    expect(mails(`Reembolso pendiente: saldo SPEI ${entries[0].id}`)).toHaveLength(1);
    expect(mails(`Reembolso pendiente: saldo SPEI ${entries[0].id}`)[0].to).toContain(STUDIO);

    // 'Reembolsar' in the queue: from the balance (origin customer_balance), once; the order stays paid.
    const customer = stub.intents.get(order.paymentId)?.customer ?? "";
    const [a, b] = await Promise.all([
      payOut(entries[0].id),
      payOut(entries[0].id),
    ]);
    expect([a.ok, b.ok].filter(Boolean)).toHaveLength(1);
    const fromBalance = stub.refunds.filter((r) => r.customer === customer);
    expect(fromBalance).toHaveLength(1);
    expect(fromBalance[0]).toMatchObject({ amount: 20_000, instructionsEmail: order.correo });
    expect(stub.requests.find((r) => r.path === "/v1/refunds" && r.method === "POST")?.body).toMatchObject({
      origin: "customer_balance",
      customer,
      currency: "mxn",
    });
    expect(stub.cashBalance(customer)).toBe(0);
    expect((await pagoOf(entries[0].id)).estado).toBe("reembolsado");
    expect(await compraOf(order.compraId)).toMatchObject({ estadoPago: "pagado" });
    expect((await pagoOf(order.paymentId)).estado).toBe("pagado");
    expect(mails("Te reembolsamos $200.00 MXN")).toHaveLength(1);

    // Stripe's event for the payout itself: nothing new.
    const [payout] = (stub.cashTransactions.get(customer) ?? []).filter((t) => t.type === "return_initiated");
    expect((await cashEvent(payout)).status).toBe(200);
    expect(await entriesOf(order.paymentId)).toHaveLength(1);
  });

  it("short: the order waits until its window ends; then what arrived is queued once (its events twice change nothing)", async () => {
    const order = await speiOrder(stripeApp, 80_000, "Dermógrafo medio pagado");
    const received = order.total - 30_000;
    const movements = stub.transfer(order.paymentId, received);
    expect(stub.intents.get(order.paymentId)).toMatchObject({ status: "requires_action", amount_received: received });

    expect((await intentEvent("payment_intent.partially_funded", order.paymentId, "evt_p1")).status).toBe(200);
    for (const t of movements) expect((await cashEvent(t)).status).toBe(200);
    // Still waiting for the rest: nothing queued, the order held.
    expect(await entriesOf(order.paymentId)).toHaveLength(0);
    expect(await compraOf(order.compraId)).toMatchObject({ estadoPago: "pendiente" });
    expect(await stockOf(order.producto.id)).toBe(0);

    await windowEnds(order);
    expect((await pagoOf(order.paymentId)).estado).toBe("vencido");
    expect(await compraOf(order.compraId)).toMatchObject({ estadoPago: "vencido" });
    expect(await stockOf(order.producto.id)).toBe(1);
    const customer = stub.intents.get(order.paymentId)?.customer ?? "";
    const back = (stub.cashTransactions.get(customer) ?? []).filter((t) => t.type === "unapplied_from_payment");
    expect(back).toHaveLength(1);

    // Stripe's event for the money moved back, twice, and a stale one: one entry.
    for (const t of [back[0], back[0], ...movements]) expect((await cashEvent(t)).status).toBe(200);
    const entries = await entriesOf(order.paymentId);
    expect(entries).toHaveLength(1);
    expect(entries[0]).toMatchObject({ monto: received, estado: "requiere-reembolso" });
    expect((entries[0].detalle as { saldo: { motivo: string } }).saldo.motivo).toBe("incompleto");
    expect(mails(`Reembolso pendiente: saldo SPEI ${entries[0].id}`)).toHaveLength(1);
    const client = mails(
      `Te devolveremos $${(received / 100).toLocaleString("en-US", { minimumFractionDigits: 2 })} MXN`,
    );
    expect(client.filter((m) => m.to.includes(order.correo))).toHaveLength(1);
    expect(body(client[0].raw)).toContain("menos del total");
  });

  it("late: after the order was released all of it is queued; three deliveries at once, and Stripe down once, queue it once", async () => {
    const order = await speiOrder(stripeApp, 45_000, "Sombra transferida tarde");
    await windowEnds(order);
    expect(await compraOf(order.compraId)).toMatchObject({ estadoPago: "vencido" });
    expect(stub.intents.get(order.paymentId)?.status).toBe("canceled");

    const [funded, ...rest] = stub.transfer(order.paymentId, order.total);
    expect(rest).toHaveLength(0);
    // Stripe does not answer the balance: the event fails (Stripe delivers it again), nothing is written.
    stub.failCashBalance(10);
    expect((await cashEvent(funded)).status).toBe(500);
    stub.failCashBalance(0);
    expect(await entriesOf(order.paymentId)).toHaveLength(0);

    const answers = await Promise.all([cashEvent(funded), cashEvent(funded), cashEvent(funded, "evt_otro")]);
    expect(answers.map((r) => r.status)).toEqual([200, 200, 200]);
    const entries = await entriesOf(order.paymentId);
    expect(entries).toHaveLength(1);
    expect(entries[0]).toMatchObject({ monto: order.total, estado: "requiere-reembolso" });
    expect((entries[0].detalle as { saldo: { motivo: string } }).saldo.motivo).toBe("tardio");
    expect(await compraOf(order.compraId)).toMatchObject({ estadoPago: "vencido" });
    expect(await stockOf(order.producto.id)).toBe(1);
    expect(mails(`Reembolso pendiente: saldo SPEI ${entries[0].id}`)).toHaveLength(1);
    expect(mails(`Te devolveremos ${pesos(order.total)} de tu transferencia`)).toHaveLength(1);

    // Paid back; then she transfers again: only the new money is a new entry.
    expect((await payOut(entries[0].id)).ok).toBe(true);
    const [again] = stub.transfer(order.paymentId, 5_000);
    expect((await cashEvent(again)).status).toBe(200);
    expect((await cashEvent(again)).status).toBe(200);
    const after = await entriesOf(order.paymentId);
    expect(after.map((e) => e.monto).sort((x, y) => x - y)).toEqual([5_000, order.total].sort((x, y) => x - y));
    expect(after.find((e) => e.monto === 5_000)?.estado).toBe("requiere-reembolso");
  });

  it("an event for a customer the studio does not know, or a forged signature, changes nothing", async () => {
    const before = (await listRefunds(db)).pendientes.length;
    const stray: StubCashTransaction = {
      id: "ccsbtxn_ajeno",
      object: "customer_cash_balance_transaction",
      customer: "cus_ajeno",
      type: "funded",
      net_amount: 99_900,
      ending_balance: 99_900,
      currency: "mxn",
      created: Math.floor(Date.now() / 1000),
    };
    expect((await cashEvent(stray)).status).toBe(200);
    const forged = await fetch(`${stripeApp.baseURL}/webhooks/stripe`, {
      method: "POST",
      headers: { "content-type": "application/json", "stripe-signature": "t=1,v1=00" },
      body: JSON.stringify({ type: "customer_cash_balance_transaction.created", data: { object: stray } }),
    });
    expect(forged.status).toBe(400);
    expect((await listRefunds(db)).pendientes.length).toBe(before);
  });
});

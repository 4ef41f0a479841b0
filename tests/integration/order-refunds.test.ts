// @engine: two refunds of one payment at once wait on the payment's row lock (FOR UPDATE)
/**
 * The owner refunds and cancels from admin without touching the provider's dashboard (issue 28):
 * full or partial refunds through the provider (the demo and the Stripe stub), never more than
 * was paid, exactly once when the provider is down and the job retries; an order cancelled
 * before it ships gets its stock back and its money refunded, or its OXXO voucher voided; the
 * client gets a mail each time. Real database, the order screen's own action.
 */
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { action as orderAction, loader as orderLoader } from "~/routes/admin/pedido";
import type { Database } from "~/server/db/client.server";
import { compras, pagos, productos, reembolsos, tareas } from "~/server/db/schema";
import { runDueJobs } from "~/server/jobs.server";
import { authorizeDemoPayment, createDemoProvider } from "~/server/payments/demo.server";
import type { PaymentProvider } from "~/server/payments/provider.server";
import { createStripeProvider } from "~/server/payments/stripe.server";
import { completePurchase } from "~/server/shop/complete-purchase.server";
import { startPayment, startPendingPayment } from "~/server/shop/order-payment.server";
import { priceCart } from "~/server/shop/pricing.server";
import "~/server/jobs-registry.server";
import {
  type TestUser,
  makeCart,
  makeProduct,
  makeShippingBand,
  signUpUser,
  useTestDatabase,
} from "../support/fixtures";
import { callAction } from "../support/actions";
import { readOutbox } from "../support/outbox";
import { type StripeStub, startStripeStub } from "../support/stripe-stub";

let database: Database;
let admin: TestUser;
let buyer: TestUser;
let stub: StripeStub;
let stripe: PaymentProvider;
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "order-refunds-"));
const CARD = { numero: "4242424242424242", vencimiento: "12/30", cvc: "123", nombre: "Ana López" };
const CONTACTO = { correo: "ana.reembolsos@example.com", telefono: "3312345678" };
const ENVIO = {
  nombre: "Ana",
  apellido: "López",
  direccion: "Av. Chapultepec 123",
  colonia: "Americana",
  codigo_postal: "44160",
  ciudad: "Guadalajara",
  estado: "Jalisco",
  pais: "México",
};

beforeAll(async () => {
  stub = await startStripeStub();
  database = await useTestDatabase({
    config: {
      dataDir,
      smtpUrl: undefined,
      stripeSecretKey: "sk_test_stub",
      stripeApiUrl: `http://127.0.0.1:${stub.port}`,
    },
  });
  stripe = createStripeProvider({ secretKey: "sk_test_stub", host: "127.0.0.1", port: stub.port, protocol: "http" });
  admin = await signUpUser({ role: "admin" });
  buyer = await signUpUser({ name: "Ana López" });
  await makeShippingBand();
});

afterAll(async () => {
  await database?.close();
  await stub?.close();
  fs.rmSync(dataDir, { recursive: true, force: true });
});

/** A paid order of `cantidad` units of a new product: its id, payment id and product. */
async function paidOrder(via: "demo" | "stripe", cantidad = 2) {
  const product = await makeProduct({ nombre: `Pigmento ${via}`, precio: 50_000, cantidad: 10 });
  const priced = await priceCart(database.db, await makeCart([{ productoId: product.id, cantidad }], buyer.id));
  if (!priced.ok) throw new Error(priced.message.text);
  const provider = via === "demo" ? createDemoProvider(database.db) : stripe;
  const { paymentId, clientSecret } = await startPayment(database.db, {
    userId: buyer.id,
    draft: priced.draft,
    datosEnvio: ENVIO,
    datosContacto: CONTACTO,
    provider,
  });
  if (via === "demo") {
    expect(await authorizeDemoPayment(database.db, { clientSecret, userId: buyer.id, card: CARD })).toMatchObject({
      ok: true,
    });
  } else stub.authorize(paymentId);
  const result = await completePurchase(database.db, paymentId, { provider });
  if (!result.ok) throw new Error(result.message.text);
  return { compraId: result.compraId, paymentId, product, total: priced.draft.total };
}

/** The order screen's action, as the admin's browser posts it: its status and what it answered. */
async function post(compraId: string, fields: Record<string, string>, cookie = admin.cookie) {
  const answer = await callAction(orderAction, `/admin/pedidos/${compraId}`, fields, {
    cookie,
    params: { id: compraId },
  });
  return { status: answer.status, ...answer.body } as {
    status: number;
    notice?: string;
    errors?: Record<string, string>;
  };
}

const refund = (compraId: string, monto: string, motivo = "Producto dañado") =>
  post(compraId, { intent: "reembolsar", monto, motivo });
const cancel = (compraId: string, cancelacion = "La clienta ya no lo quiere") =>
  post(compraId, { intent: "cancelar", cancelacion });

const orderOf = async (id: string) => (await database.db.select().from(compras).where(eq(compras.id, id)))[0];
const paymentOf = async (id: string) => (await database.db.select().from(pagos).where(eq(pagos.id, id)))[0];
const refundsOf = (pagoId: string) => database.db.select().from(reembolsos).where(eq(reembolsos.pagoId, pagoId));
const stockOf = async (id: string) =>
  (await database.db.select({ n: productos.cantidad }).from(productos).where(eq(productos.id, id)))[0]?.n;
const clientSubjects = () =>
  readOutbox(dataDir)
    .filter((m) => m.to.includes(CONTACTO.correo))
    .map((m) => m.subject);

describe("refunds from the order screen", () => {
  it("gives back part, then the rest, never more than was paid; the order then reads 'Reembolsado'", async () => {
    const order = await paidOrder("demo");
    expect(order.total).toBeGreaterThan(30_000);
    expect(await refund(order.compraId, "300.50")).toMatchObject({
      status: 200,
      notice: "Reembolsamos $300.50 MXN. Le avisamos por correo.",
    });
    // more than what is left: refused in Spanish, nothing written
    const left = order.total - 30_050;
    const over = await refund(order.compraId, ((left + 1) / 100).toFixed(2));
    expect(over).toMatchObject({ status: 400, errors: { monto: expect.stringContaining("pasa de lo que queda") } });
    expect(await refund(order.compraId, "0")).toMatchObject({ status: 400 });
    expect(await refund(order.compraId, "10", "")).toMatchObject({
      status: 400,
      errors: { motivo: expect.any(String) },
    });
    expect(await refund(order.compraId, "10", "x".repeat(301))).toMatchObject({ status: 400 });
    expect((await refundsOf(order.paymentId)).length).toBe(1);
    expect((await orderOf(order.compraId)).estadoPago).toBe("pagado");

    // empty amount: all that is left
    expect(await refund(order.compraId, "")).toMatchObject({ status: 200 });
    const given = await refundsOf(order.paymentId);
    expect(given.map((r) => [r.monto, r.estado])).toEqual([
      [30_050, "hecho"],
      [left, "hecho"],
    ]);
    expect((await paymentOf(order.paymentId)).estado).toBe("reembolsado");
    expect((await orderOf(order.compraId)).estadoPago).toBe("reembolsado");
    expect(await refund(order.compraId, "1")).toMatchObject({ status: 400 });
    expect(clientSubjects()).toEqual(
      expect.arrayContaining(["Te reembolsamos $300.50 MXN", `Te reembolsamos ${mxn(left)} MXN`]),
    );
    // the screen shows what was given back
    const screen = await orderLoader({
      request: new Request(`http://localhost/admin/pedidos/${order.compraId}`, { headers: { cookie: admin.cookie } }),
      params: { id: order.compraId },
      context: {},
    } as never);
    expect(screen.order.dinero).toMatchObject({ pagado: order.total, reembolsado: order.total, disponible: 0 });
  });

  it("refunds through Stripe once, with the refund's own key, also when Stripe was down and the job retried", async () => {
    const order = await paidOrder("stripe");
    stub.failRefunds(10);
    expect(await refund(order.compraId, "100")).toMatchObject({
      status: 200,
      notice: "El reembolso está en proceso: el proveedor no respondió y se reintenta solo.",
    });
    const [pending] = await refundsOf(order.paymentId);
    expect(pending).toMatchObject({ monto: 10_000, estado: "pendiente" });
    expect(stub.refunds.filter((r) => r.paymentIntent === order.paymentId)).toEqual([]);
    // nothing more can be refunded than what is left after the one in flight
    expect(await refund(order.compraId, ((order.total - 10_000 + 1) / 100).toFixed(2))).toMatchObject({ status: 400 });

    // Stripe answers again: the durable job gives it back, once, and a second run changes nothing
    stub.failRefunds(0);
    await runDueJobs(database.db, new Date(Date.now() + 60 * 60_000));
    await runDueJobs(database.db, new Date(Date.now() + 2 * 60 * 60_000));
    expect(stub.refunds.filter((r) => r.paymentIntent === order.paymentId)).toEqual([
      expect.objectContaining({ amount: 10_000 }),
    ]);
    // Stripe keeps a key's first answer, a 500 too: each attempt has its own key, and the refund
    // carries the ledger's id, by which a later attempt finds it instead of making another
    const sent = stub.requests.filter(
      (r) => r.method === "POST" && r.path === "/v1/refunds" && r.body.payment_intent === order.paymentId,
    );
    expect(new Set(sent.map((r) => r.idempotencyKey))).toEqual(new Set([`${pending.id}-1`, `${pending.id}-2`]));
    expect(stub.refunds.find((r) => r.paymentIntent === order.paymentId)?.metadata.reembolso).toBe(pending.id);
    const [done] = await refundsOf(order.paymentId);
    expect(done).toMatchObject({ estado: "hecho", referencia: expect.stringMatching(/^re_stub_/) });
    const [job] = await database.db
      .select()
      .from(tareas)
      .where(eq(tareas.clave, `reembolso:${pending.id}`));
    expect(job?.estado).toBe("hecha");
  });

  it("finds the refund an attempt made when its answer was lost, instead of refunding twice", async () => {
    const order = await paidOrder("stripe", 1);
    stub.failRefunds(0);
    expect(await refund(order.compraId, "50")).toMatchObject({ status: 200 });
    const [row] = await refundsOf(order.paymentId);
    // as if the process died after Stripe refunded and before the row said so
    await database.db
      .update(reembolsos)
      .set({ estado: "pendiente", referencia: null })
      .where(eq(reembolsos.id, row.id));
    await runDueJobs(database.db, new Date(Date.now() + 60 * 60_000));
    expect(stub.refunds.filter((r) => r.paymentIntent === order.paymentId).map((r) => r.amount)).toEqual([5_000]);
    expect((await refundsOf(order.paymentId))[0]).toMatchObject({
      estado: "hecho",
      referencia: expect.stringMatching(/^re_stub_/),
    });
  });

  it("two full refunds of one payment at the same moment: one is given, the other refused", async () => {
    const order = await paidOrder("stripe", 1);
    const answers = await Promise.all([refund(order.compraId, ""), refund(order.compraId, "")]);
    expect(answers.map((a) => a.status).sort()).toEqual([200, 400]);
    expect(stub.refunds.filter((r) => r.paymentIntent === order.paymentId).map((r) => r.amount)).toEqual([order.total]);
    expect((await refundsOf(order.paymentId)).map((r) => r.monto)).toEqual([order.total]);
  });

  it("answers 404 to a client posting to the order screen, and changes nothing", async () => {
    const order = await paidOrder("demo", 1);
    expect((await post(order.compraId, { intent: "reembolsar", monto: "", motivo: "yo" }, buyer.cookie)).status).toBe(
      404,
    );
    expect(await refundsOf(order.paymentId)).toEqual([]);
  });
});

describe("cancelling an order from admin", () => {
  it("a paid order not shipped: stock back, all of it refunded, 'Cancelado', the client told", async () => {
    const order = await paidOrder("stripe", 3);
    expect(await stockOf(order.product.id)).toBe(7);
    expect(await cancel(order.compraId)).toMatchObject({
      status: 200,
      notice: "Pedido cancelado. El stock regresó y el pago fue reembolsado.",
    });
    expect(await stockOf(order.product.id)).toBe(10);
    expect((await orderOf(order.compraId)).estadoPago).toBe("cancelado");
    expect(stub.refunds.filter((r) => r.paymentIntent === order.paymentId).map((r) => r.amount)).toEqual([order.total]);
    expect((await paymentOf(order.paymentId)).estado).toBe("reembolsado");
    expect(clientSubjects()).toContain(`Cancelamos tu pedido ${order.compraId}`);
    // a second cancel changes nothing
    expect(await cancel(order.compraId)).toMatchObject({ status: 400 });
    expect(await stockOf(order.product.id)).toBe(10);
  });

  it("an order waiting for its OXXO payment: the voucher void, its stock back, money after that is late money", async () => {
    const product = await makeProduct({ nombre: "Pigmento OXXO", precio: 40_000, cantidad: 4 });
    const priced = await priceCart(database.db, await makeCart([{ productoId: product.id, cantidad: 1 }], buyer.id));
    if (!priced.ok) throw new Error(priced.message.text);
    const pending = await startPendingPayment(database.db, {
      userId: buyer.id,
      draft: priced.draft,
      datosEnvio: ENVIO,
      datosContacto: CONTACTO,
      payer: { nombre: "Ana López", correo: CONTACTO.correo },
      provider: createDemoProvider(database.db),
      metodo: "oxxo",
    });
    if (!pending.ok) throw new Error(pending.message.text);
    expect(await stockOf(product.id)).toBe(3);
    expect(await cancel(pending.compraId)).toMatchObject({
      status: 200,
      notice: "Pedido cancelado. La ficha de pago quedó anulada y el stock regresó.",
    });
    expect(await stockOf(product.id)).toBe(4);
    expect((await orderOf(pending.compraId)).estadoPago).toBe("cancelado");
    expect((await paymentOf(pending.paymentId)).estado).toBe("cancelado");
    expect(await refundsOf(pending.paymentId)).toEqual([]);
    // its expiry and reminder jobs are dropped
    const jobs = await database.db.select().from(tareas);
    expect(
      jobs.filter((j) => j.clave.includes(pending.paymentId) && j.estado === "pendiente").map((j) => j.clave),
    ).toEqual([]);
  });

  it("refuses to cancel an order whose money is all on its way back already: a Spanish answer, nothing changed", async () => {
    const order = await paidOrder("stripe", 1);
    stub.failRefunds(10);
    expect(await refund(order.compraId, "")).toMatchObject({ status: 200 });
    stub.failRefunds(0);
    expect(await cancel(order.compraId)).toMatchObject({
      status: 400,
      errors: { cancelacion: "Este pago no tiene nada que reembolsar." },
    });
    expect((await orderOf(order.compraId)).estadoPago).toBe("pagado");
    expect(await stockOf(order.product.id)).toBe(9);
    expect(await refundsOf(order.paymentId)).toHaveLength(1);
  });

  it("refuses an order already shipped (refund it instead) and a course, changing nothing", async () => {
    const order = await paidOrder("demo", 1);
    await database.db.update(compras).set({ estadoEnvio: 2 }).where(eq(compras.id, order.compraId));
    expect(await cancel(order.compraId)).toMatchObject({
      status: 400,
      errors: { cancelacion: "Este pedido ya se envió: reembolsa su pago en lugar de cancelarlo." },
    });
    expect(await cancel(order.compraId, "")).toMatchObject({ status: 400 });
    expect((await orderOf(order.compraId)).estadoPago).toBe("pagado");
    expect(await stockOf(order.product.id)).toBe(9);
    expect(await refundsOf(order.paymentId)).toEqual([]);
  });
});

function mxn(centavos: number) {
  return `$${(centavos / 100).toLocaleString("en-US", { minimumFractionDigits: 2, maximumFractionDigits: 2 })}`;
}

// @engine: both completing webhooks at once: one confirmation, one capture
/**
 * An appointment's deposit through Stripe (a local stub: only the network edge is mocked),
 * confirmed by the signed webhook that the payment API hands to the deposit workflow:
 * both completing events at once → one confirmation, one capture; a deposit whose slot was
 * lost while paying → the authorisation is released, nobody is charged; the browser's
 * /confirmar never turns a deposit into an order.
 */
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { availableSlots, bookSlot } from "~/server/booking/booking.server";
import { startDeposit } from "~/server/booking/deposit.server";
import type { Database } from "~/server/db/client.server";
import { citas, pagos, servicios, tratamientos } from "~/server/db/schema";
import { env } from "~/server/env.server";
import { createStripeProvider } from "~/server/payments/stripe.server";
import { type TestApp, startTestApp } from "../support/app";
import { signUpUser, useTestDatabase } from "../support/fixtures";
import { type StripeStub, sendStripeEvent, startStripeStub } from "../support/stripe-stub";

const WEBHOOK_SECRET = "whsec_deposit_test";
let database: Database;
let stub: StripeStub;
let app: TestApp;
let stripe: ReturnType<typeof createStripeProvider>;
let clients = 0;
/** A client of her own for each booking: one client holds at most two slots at once (ADR 024). */
const nextContact = () => {
  clients++;
  return { nombre: "Ana López", telefono: `33123456${String(clients).padStart(2, "0")}`, correo: `ana${clients}@example.com` };
};

const webhook = (type: string, paymentId: string, eventId: string) =>
  sendStripeEvent(app.baseURL, WEBHOOK_SECRET, { type, paymentId, eventId });

beforeAll(async () => {
  database = await useTestDatabase({ config: { dataDir: fs.mkdtempSync(path.join(os.tmpdir(), "anticipo-")) } });
  stub = await startStripeStub();
  stripe = createStripeProvider({ secretKey: "sk_test_stub", host: "127.0.0.1", port: stub.port, protocol: "http" });
  app = await startTestApp({ payments: { provider: stripe, webhookSecret: WEBHOOK_SECRET } });
  await database.db.insert(servicios).values({ id: "cejas", nombre: "Cejas" });
  await database.db.insert(tratamientos).values({
    id: "microblading",
    servicioId: "cejas",
    nombre: "Microblading",
    duracion: 120,
    precio: 350000,
    anticipo: 50000,
  });
}, 60_000);

afterAll(async () => {
  await app?.close();
  await stub?.close();
  fs.rmSync(env.dataDir, { recursive: true, force: true });
  await database?.close();
});

/** A free start a few days ahead (real time: the webhook confirms with the clock). */
async function freeStart(dayIndex: number): Promise<Date> {
  const days = await availableSlots(database.db, 120);
  return new Date(days[dayIndex].horas[0].inicio);
}

const book = (inicio: Date, now = new Date(), userId: string | null = null) =>
  bookSlot(
    database.db,
    { tratamientoId: "microblading", inicio, contact: nextContact(), consentimiento: null, userId, ip: null },
    now,
  );

describe("a deposit paid with Stripe", () => {
  it("both completing webhooks at once: the appointment confirmed once, the deposit captured once", async () => {
    const booked = await book(await freeStart(3));
    if (!booked.ok) throw new Error(booked.message);
    const { paymentId } = await startDeposit(database.db, booked.cita, stripe);
    expect(stub.intents.get(paymentId)?.amount).toBe(50000);
    stub.authorize(paymentId);
    const answers = await Promise.all([
      webhook("payment_intent.amount_capturable_updated", paymentId, "evt_a"),
      webhook("payment_intent.amount_capturable_updated", paymentId, "evt_b"),
    ]);
    expect(answers.map((a) => a.status)).toEqual([200, 200]);
    const [cita] = await database.db.select().from(citas).where(eq(citas.id, booked.cita.id));
    expect(cita).toMatchObject({ estado: "confirmada", pagoId: paymentId });
    expect(stub.captures.filter((id) => id === paymentId)).toHaveLength(1);
    const [pago] = await database.db.select().from(pagos).where(eq(pagos.id, paymentId));
    expect(pago.estado).toBe("pagado");
    // The late 'succeeded' event changes nothing.
    expect((await webhook("payment_intent.succeeded", paymentId, "evt_c")).status).toBe(200);
    expect(stub.captures.filter((id) => id === paymentId)).toHaveLength(1);
  });

  it("the card step asked again gets a new client secret; the previous payment is released", async () => {
    const booked = await book(await freeStart(2));
    if (!booked.ok) throw new Error(booked.message);
    const first = await startDeposit(database.db, booked.cita, stripe, { clientSecret: true });
    const second = await startDeposit(database.db, booked.cita, stripe, { clientSecret: true });
    expect(second.paymentId).not.toBe(first.paymentId);
    expect(second.clientSecret).toBeTruthy();
    expect(stub.cancellations).toContain(first.paymentId);
    const [old] = await database.db.select().from(pagos).where(eq(pagos.id, first.paymentId));
    expect(old.estado).toBe("cancelado");
  });

  it("a webhook before the card was confirmed asks Stripe to retry (409)", async () => {
    const booked = await book(await freeStart(4));
    if (!booked.ok) throw new Error(booked.message);
    const { paymentId } = await startDeposit(database.db, booked.cita, stripe);
    expect((await webhook("payment_intent.amount_capturable_updated", paymentId, "evt_d")).status).toBe(409);
  });

  it("the slot lost while paying: the authorisation is released, nobody is charged", async () => {
    const inicio = await freeStart(5);
    // Held 20 minutes ago: the hold has run out.
    const first = await book(inicio, new Date(Date.now() - 20 * 60_000));
    if (!first.ok) throw new Error(first.message);
    const { paymentId } = await startDeposit(database.db, first.cita, stripe);
    const second = await book(inicio);
    expect(second.ok).toBe(true);
    stub.authorize(paymentId);
    expect((await webhook("payment_intent.amount_capturable_updated", paymentId, "evt_e")).status).toBe(200);
    expect(stub.cancellations).toContain(paymentId);
    expect(stub.captures).not.toContain(paymentId);
    const [pago] = await database.db.select().from(pagos).where(eq(pagos.id, paymentId));
    expect(pago.estado).toBe("cancelado");
  });

  it("the shop's /confirmar refuses a deposit: it never becomes an order", async () => {
    const user = await signUpUser();
    const booked = await book(await freeStart(6), new Date(), user.id);
    if (!booked.ok) throw new Error(booked.message);
    const { paymentId } = await startDeposit(database.db, booked.cita, stripe);
    stub.authorize(paymentId);
    const answer = await app.post("/auth/michel-alvarez/v2/confirmar", { paymentId }, user.cookie);
    expect(answer.status).toBe(404);
    const [pago] = await database.db.select().from(pagos).where(eq(pagos.id, paymentId));
    expect(pago.compraId).toBeNull();
  });
});

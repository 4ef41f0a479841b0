// @engine: completing webhooks at once confirm an appointment once (advisory lock)
/**
 * An appointment's deposit paid at OXXO or by SPEI (issue 15, ADR 024 "OXXO y SPEI para el
 * anticipo"), on the real database with the demo provider: the shop's pending-payment
 * workflow with the appointment as its subject. The voucher holds the slot past the card's
 * 15 minutes until it expires; the simulated webhook confirms the appointment once (twice at
 * once → once); expiry frees the slot; money after someone else took it is flagged for a
 * refund, never lost; an appointment too soon is not offered OXXO/SPEI.
 */
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ANTICIPO_DIFERIDO_DIAS, ofertaAnticipo } from "~/domain/deposit-offer";
import { finDelDiaTras, liberacionFicha } from "~/domain/settlement-window";
import { SlotTakenError, createAppointment } from "~/server/booking/appointments.server";
import { availableSlots, bookSlot } from "~/server/booking/booking.server";
import { completeDeposit } from "~/server/booking/deposit.server";
import { startDepositVoucher, waitingDepositVoucher } from "~/server/booking/deposit-pending.server";
import type { Database } from "~/server/db/client.server";
import { citas, pagos, tareas } from "~/server/db/schema";
import "~/server/jobs-registry.server";
import { env } from "~/server/env.server";
import { createDemoProvider } from "~/server/payments/demo.server";
import { createStripeProvider } from "~/server/payments/stripe.server";
import type { PaymentProvider } from "~/server/payments/provider.server";
import { simulateDemoPayment } from "~/server/shop/demo-webhook.server";
import { runDuePendingPayments } from "~/server/payments/settle.server";
import * as citaPage from "~/routes/cita";
import { paymentsOverview, resendVoucher } from "~/server/admin/payments.server";
import { listRefunds } from "~/server/admin/refunds.server";
import { callAction, callLoader } from "../support/actions";
import { type TestApp, startTestApp } from "../support/app";
import { makeTreatment, useTestDatabase } from "../support/fixtures";
import { type StripeStub, sendStripeEvent, startStripeStub } from "../support/stripe-stub";
import { readOutbox } from "../support/outbox";

const DAY = 86_400_000;
/** Far enough ahead that a 3-day voucher plus its grace (a long weekend) ends before the appointment, whatever today is. */
const FAR = ANTICIPO_DIFERIDO_DIAS + 6;
const WEBHOOK_SECRET = "whsec_anticipo_oxxo";
let stub: StripeStub;
let stripe: PaymentProvider;
let stripeApp: TestApp;
let database: Database;
let db: Database["db"];
let demo: PaymentProvider;
const contact = { nombre: "Ana López", telefono: "3312345678", correo: "ana@example.com" };
const otro = { nombre: "Bea Ruiz", telefono: "3398765432", correo: "bea@example.com" };
// Ana has two holds open by the last test (at most two per client: ADR 024 "Apartados sin abuso").
const tercera = { nombre: "Carla Díaz", telefono: "3311112222", correo: "carla@example.com" };

const citaOf = async (id: string) => (await db.select().from(citas).where(eq(citas.id, id)))[0];
const pagoOf = async (id: string) => (await db.select().from(pagos).where(eq(pagos.id, id)))[0];
const mailsTo = (to: string, subject: string) =>
  readOutbox(env.dataDir).filter((m) => m.to.includes(to) && m.subject.includes(subject));

beforeAll(async () => {
  database = await useTestDatabase({ config: { dataDir: fs.mkdtempSync(path.join(os.tmpdir(), "anticipo-oxxo-")) } });
  db = database.db;
  demo = createDemoProvider(db);
  await makeTreatment({ requiereConsentimiento: false }, db);
  stub = await startStripeStub();
  stripe = createStripeProvider({ secretKey: "sk_test_stub", host: "127.0.0.1", port: stub.port, protocol: "http" });
  stripeApp = await startTestApp({ payments: { provider: stripe, webhookSecret: WEBHOOK_SECRET } });
}, 60_000);

afterAll(async () => {
  await stripeApp?.close();
  await stub?.close();
  fs.rmSync(env.dataDir, { recursive: true, force: true });
  await database?.close();
});

/** Free starts at least `minDays` ahead (and less than `maxDays`), one per day, in order. */
async function freeStarts(minDays: number, maxDays = 60): Promise<Date[]> {
  const now = Date.now();
  return (await availableSlots(db, 120))
    .map((d) => new Date(d.horas[0].inicio))
    .filter((t) => t.getTime() - now >= minDays * DAY && t.getTime() - now < maxDays * DAY);
}

async function book(inicio: Date, who = contact) {
  const result = await bookSlot(db, {
    tratamientoId: "microblading",
    inicio,
    contact: who,
    consentimiento: null,
    userId: null,
    ip: null,
  });
  if (!result.ok) throw new Error(result.message);
  return result.cita;
}

describe("a deposit paid at OXXO or by SPEI", () => {
  it("OXXO: the voucher holds the slot past the 15 minutes; the simulated webhook confirms once, even twice at once", async () => {
    const [inicio] = await freeStarts(FAR);
    const cita = await book(inicio);
    const voucher = await startDepositVoucher(db, cita, demo, "oxxo");
    expect(voucher.ok).toBe(true);
    if (!voucher.ok) return;
    expect(voucher.instrucciones.metodo).toBe("oxxo");
    const vence = new Date(voucher.instrucciones.vence);
    // The end of the studio day 3 days ahead, well before the appointment.
    expect(vence).toEqual(finDelDiaTras(new Date(), 3));
    expect(vence.getTime()).toBeLessThan(inicio.getTime() - DAY);

    // The same voucher again on a second click; the voucher is mailed once.
    const again = await startDepositVoucher(db, cita, demo, "oxxo");
    expect(again.ok && again.paymentId).toBe(voucher.paymentId);
    expect(mailsTo(contact.correo, "Tu ficha para pagar el anticipo")).toHaveLength(1);
    expect((await waitingDepositVoucher(db, cita.id))?.pagoId).toBe(voucher.paymentId);

    // Held past the card's 15 minutes: someone else 20 minutes later cannot take it.
    const held = await citaOf(cita.id);
    expect(held.estado).toBe("apartada");
    // Held until the voucher's release (the end of the next business day after it), not its `vence`.
    expect(held.apartadaHasta?.getTime()).toBe(liberacionFicha(vence, "demo").getTime());
    await expect(
      createAppointment(
        db,
        { tratamientoId: "microblading", inicio, ...otro, estado: "apartada" },
        new Date(Date.now() + 20 * 60_000),
      ),
    ).rejects.toBeInstanceOf(SlotTakenError);
    const expiryJob = async () =>
      (
        await db
          .select()
          .from(tareas)
          .where(eq(tareas.clave, `pago-vence:${voucher.paymentId}`))
      )[0]?.estado;
    expect(await expiryJob()).toBe("pendiente");

    // 'Simular pago recibido' twice at once: confirmed once.
    const answers = await Promise.all([
      simulateDemoPayment(voucher.paymentId, demo),
      simulateDemoPayment(voucher.paymentId, demo),
    ]);
    expect(answers.map((a) => a.status)).toEqual([200, 200]);
    expect(answers.map((a) => a.body.resultado).sort()).toEqual(["pagado", "ya-pagado"]);
    const confirmed = await citaOf(cita.id);
    expect(confirmed.estado).toBe("confirmada");
    expect(confirmed.pagoId).toBe(voucher.paymentId);
    expect((await pagoOf(voucher.paymentId)).estado).toBe("pagado");
    expect(mailsTo(contact.correo, "¡Cita confirmada!")).toHaveLength(1);
    // The expiry job is gone; a late webhook (a provider's retry) changes nothing.
    expect(await expiryJob()).toBe("cancelada");
    const retry = await completeDeposit(db, voucher.paymentId, { provider: demo });
    expect(retry.ok).toBe(true);
    expect(mailsTo(contact.correo, "¡Cita confirmada!")).toHaveLength(1);
  });

  it("SPEI: the voucher expires unpaid → the appointment vencida and its slot free again", async () => {
    const [, inicio] = await freeStarts(FAR);
    const cita = await book(inicio);
    const voucher = await startDepositVoucher(db, cita, demo, "spei");
    expect(voucher.ok).toBe(true);
    if (!voucher.ok) return;
    expect(voucher.instrucciones.metodo).toBe("spei");
    const vence = new Date(voucher.instrucciones.vence).getTime();

    // A day before: the reminder, once (its own mail, with the CLABE again).
    expect(await runDuePendingPayments(db, () => demo, new Date(vence - DAY / 2))).toEqual({
      recordados: 1,
      vencidos: 0,
    });
    expect(await runDuePendingPayments(db, () => demo, new Date(vence - DAY / 3))).toEqual({
      recordados: 0,
      vencidos: 0,
    });
    const reminders = mailsTo(contact.correo, "El pago de tu anticipo vence mañana");
    expect(reminders).toHaveLength(1);
    expect(reminders[0].raw).toContain(voucher.instrucciones.metodo === "spei" ? voucher.instrucciones.referencia : "");
    expect((await citaOf(cita.id)).estado).toBe("apartada");
    // Past `vence`, within the grace: the time is still hers.
    expect((await runDuePendingPayments(db, () => demo, new Date(vence + 60_000))).vencidos).toBe(0);
    expect((await citaOf(cita.id)).estado).toBe("apartada");
    const liberacion = liberacionFicha(new Date(vence), "demo").getTime();
    expect((await runDuePendingPayments(db, () => demo, new Date(liberacion + 60_000))).vencidos).toBe(1);
    expect((await citaOf(cita.id)).estado).toBe("vencida");
    expect((await pagoOf(voucher.paymentId)).estado).toBe("vencido");
    expect(mailsTo(contact.correo, "Tu ficha del anticipo venció")).toHaveLength(1);
    // The slot is free: another client books it.
    const other = await book(inicio, otro);
    expect(other.estado).toBe("apartada");
  });

  it("money after the expiry: confirmed when the slot is still free; flagged for a refund when someone took it", async () => {
    const [, , a, b] = await freeStarts(FAR);
    const free = await book(a);
    const taken = await book(b);
    const v1 = await startDepositVoucher(db, free, demo, "oxxo");
    const v2 = await startDepositVoucher(db, taken, demo, "oxxo");
    if (!v1.ok || !v2.ok) throw new Error("sin ficha");
    const after = new Date(liberacionFicha(new Date(v1.instrucciones.vence), "demo").getTime() + 3_600_000);
    expect((await runDuePendingPayments(db, () => demo, after)).vencidos).toBe(2);

    // Nobody took the first slot: the late money confirms it.
    const late = await simulateDemoPayment(v1.paymentId, demo);
    expect(late.body.resultado).toBe("pagado");
    expect((await citaOf(free.id)).estado).toBe("confirmada");
    expect((await pagoOf(v1.paymentId)).estado).toBe("pagado");

    // Someone took the second: recorded for a refund, the studio told.
    const someoneElse = await book(b, otro);
    const lost = await simulateDemoPayment(v2.paymentId, demo);
    expect(lost.body.resultado).toBe("tarde");
    expect((await pagoOf(v2.paymentId)).estado).toBe("requiere-reembolso");
    expect((await citaOf(taken.id)).estado).toBe("vencida");
    expect((await citaOf(someoneElse.id)).estado).toBe("apartada");
    expect(mailsTo(contact.correo, "Recibimos tu anticipo después del vencimiento")).toHaveLength(1);
    expect(mailsTo(env.studioInbox, `anticipo tardío ${v2.paymentId}`)).toHaveLength(1);
    // In Panel → Reembolsos although booked without an account: the appointment's name and email.
    const refund = (await listRefunds(db)).pendientes.find((r) => r.id === v2.paymentId);
    expect(refund).toMatchObject({ nombre: contact.nombre, correo: contact.correo, productos: "Anticipo de cita" });
  });

  it("an appointment less than 4 days ahead: OXXO and SPEI not offered, and refused by the server", async () => {
    const [inicio] = await freeStarts(0, ANTICIPO_DIFERIDO_DIAS - 1);
    const cita = await book(inicio);
    const oferta = ofertaAnticipo(
      { methods: demo.methods, oxxoMaximum: demo.oxxoMaximum, minimumAmount: demo.minimumAmount, plans: [] },
      cita.anticipo,
      cita.inicio,
      new Date(),
    );
    expect(oferta.metodos.find((m) => m.metodo === "tarjeta")?.disponible).toBe(true);
    expect(oferta.metodos.filter((m) => m.metodo !== "tarjeta").map((m) => m.disponible)).toEqual([false, false]);
    const refused = await startDepositVoucher(db, cita, demo, "oxxo");
    expect(refused.ok).toBe(false);
    expect((await citaOf(cita.id)).apartadaHasta?.getTime()).toBe(cita.apartadaHasta?.getTime());
    expect(await waitingDepositVoucher(db, cita.id)).toBeNull();
  });

  it("the /cita/{token} page: OXXO offered far ahead → the voucher shown → 'Simular pago recibido' → ¡Cita confirmada!; too soon → not offered", async () => {
    let ip = 10;
    const page = (token: string) => callLoader(citaPage.loader, `/cita/${token}`, { params: { token } });
    const post = (token: string, fields: Record<string, string>) =>
      callAction(citaPage.action, `/cita/${token}`, fields, { params: { token }, ip: `198.51.100.${ip++}` });

    const [, , , , , inicio] = await freeStarts(FAR);
    const cita = await book(inicio);
    const before = (await page(cita.token)).body as {
      diferidos: { metodo: string; disponible: boolean }[];
      voucher: unknown;
    };
    expect(before.diferidos).toEqual([
      { metodo: "oxxo", disponible: true },
      { metodo: "spei", disponible: true },
    ]);
    expect(before.voucher).toBeNull();
    expect((await post(cita.token, { intent: "diferido", metodo: "oxxo" })).status).toBe(302);
    const waiting = (await page(cita.token)).body as { estado: string; voucher: { instrucciones: { metodo: string } } };
    expect(waiting.estado).toBe("apartada");
    expect(waiting.voucher.instrucciones.metodo).toBe("oxxo");
    // The studio sees it among the pending OXXO payments and can mail the voucher again.
    const pendientes = await paymentsOverview(db, { metodo: "oxxo", estado: "pendiente" });
    const row = pendientes.lista.find((p) => p.correo === contact.correo && p.productos === "Anticipo de cita");
    expect(row).toBeDefined();
    expect(await resendVoucher(db, row?.id)).toEqual({ ok: true });
    // The card is refused while the voucher waits: one way to pay this deposit.
    expect(
      (
        await post(cita.token, {
          intent: "pagar",
          numero: "4242 4242 4242 4242",
          vencimiento: "12/30",
          cvc: "123",
          titular: "Ana",
        })
      ).status,
    ).toBe(409);
    expect((await post(cita.token, { intent: "simular" })).status).toBe(302);
    expect(((await page(cita.token)).body as { estado: string }).estado).toBe("confirmada");

    const [soon] = await freeStarts(0, ANTICIPO_DIFERIDO_DIAS - 1);
    const close = await book(soon);
    const offered = (await page(close.token)).body as { diferidos: { metodo: string; disponible: boolean }[] };
    expect(offered.diferidos.map((m) => m.disponible)).toEqual([false, false]);
    expect((await post(close.token, { intent: "diferido", metodo: "spei" })).status).toBe(409);
    expect(await waitingDepositVoucher(db, close.id)).toBeNull();
  });

  it("Stripe OXXO: the voucher holds the slot; both completing webhooks at once confirm the appointment once", async () => {
    const [, , , , , , , inicio] = await freeStarts(FAR);
    const cita = await book(inicio, tercera);
    const voucher = await startDepositVoucher(db, cita, stripe, "oxxo");
    if (!voucher.ok) throw new Error(voucher.message);
    expect(voucher.paymentId).toMatch(/^pi_/);
    expect((await citaOf(cita.id)).apartadaHasta?.getTime()).toBe(
      liberacionFicha(new Date(voucher.instrucciones.vence), "stripe").getTime(),
    );
    const webhook = (type: string, eventId: string) =>
      sendStripeEvent(stripeApp.baseURL, WEBHOOK_SECRET, { type, paymentId: voucher.paymentId, eventId });
    // Not paid yet: Stripe is asked, nothing changes (retry later).
    expect((await webhook("payment_intent.succeeded", "evt_early")).status).toBe(409);
    expect((await citaOf(cita.id)).estado).toBe("apartada");
    stub.succeed(voucher.paymentId);
    const answers = await Promise.all([
      webhook("payment_intent.succeeded", "evt_a"),
      webhook("payment_intent.succeeded", "evt_b"),
    ]);
    expect(answers.map((a) => a.status)).toEqual([200, 200]);
    const confirmed = await citaOf(cita.id);
    expect(confirmed.estado).toBe("confirmada");
    expect(confirmed.pagoId).toBe(voucher.paymentId);
    expect((await pagoOf(voucher.paymentId)).estado).toBe("pagado");
  });
});

// @engine: hold limits under requests at once (advisory locks per e-mail, phone, IP)
/**
 * Holds that cannot be abused (issue 25 item 5, ADR 024 "Apartados sin abuso"), on the real
 * database (PGlite; PostgreSQL with TEST_DATABASE_URL):
 *   - at most two open holds per e-mail (any case, spaces), per phone (any spelling of the
 *     same 10 digits) and per connection (an IPv4 address, an IPv6 /64): the third is refused
 *     with a Spanish message and writes nothing, also when the requests arrive at once;
 *   - an OXXO hold never outlives 24 h before the appointment, even when the provider's
 *     voucher expires later (Stripe: 23:59 of its last day); too soon → card only (server);
 *   - the studio's "Liberar" frees the slot at once, voids the voucher or card attempt once,
 *     and a late webhook for the released hold changes nothing.
 */
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { and, eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { ANTICIPO_DIFERIDO_DIAS, venceAnticipoDiferido } from "~/domain/deposit-offer";
import { liberacionFicha } from "~/domain/settlement-window";
import * as agendaPage from "~/routes/admin/agenda";
import * as agendaCita from "~/routes/admin/agenda-cita";
import * as agendarPage from "~/routes/agendar-tratamiento";
import { createAppointment } from "~/server/booking/appointments.server";
import { availableSlots, bookSlot } from "~/server/booking/booking.server";
import { completeDeposit, startDeposit } from "~/server/booking/deposit.server";
import { startDepositVoucher } from "~/server/booking/deposit-pending.server";
import { releaseHeldAppointment } from "~/server/booking/release.server";
import type { Database } from "~/server/db/client.server";
import { citas, pagos, rateLimit, tareas } from "~/server/db/schema";
import "~/server/jobs-registry.server";
import { env } from "~/server/env.server";
import { createDemoProvider } from "~/server/payments/demo.server";
import type { PaymentProvider } from "~/server/payments/provider.server";
import { createStripeProvider } from "~/server/payments/stripe.server";
import { runDuePendingPayments } from "~/server/payments/settle.server";
import { callAction, callLoader } from "../support/actions";
import { type TestApp, startTestApp } from "../support/app";
import { makeTreatment, signUpUser, useTestDatabase } from "../support/fixtures";
import { readOutbox } from "../support/outbox";
import { type StripeStub, sendStripeEvent, startStripeStub } from "../support/stripe-stub";

const DAY = 86_400_000;
const WEBHOOK_SECRET = "whsec_apartados";
let database: Database;
let db: Database["db"];
let stub: StripeStub;
let stripe: PaymentProvider;
let stripeApp: TestApp;
let demo: PaymentProvider;
let adminCookie: string;

beforeAll(async () => {
  database = await useTestDatabase({ config: { dataDir: fs.mkdtempSync(path.join(os.tmpdir(), "apartados-")) } });
  db = database.db;
  await makeTreatment({ requiereConsentimiento: false });
  demo = createDemoProvider(db);
  stub = await startStripeStub();
  stripe = createStripeProvider({ secretKey: "sk_test_stub", host: "127.0.0.1", port: stub.port, protocol: "http" });
  stripeApp = await startTestApp({ payments: { provider: stripe, webhookSecret: WEBHOOK_SECRET } });
  adminCookie = (await signUpUser({ email: "estudio.apartados@example.com", role: "admin" })).cookie;
}, 60_000);

afterAll(async () => {
  await stripeApp?.close();
  await stub?.close();
  fs.rmSync(env.dataDir, { recursive: true, force: true });
  await database?.close();
});

beforeEach(async () => {
  await db.delete(pagos);
  await db.delete(citas);
  await db.delete(tareas);
  await db.delete(rateLimit);
  fs.rmSync(path.join(env.dataDir, "outbox"), { recursive: true, force: true });
});

/** Free starts (real clock), one per day, at least `minDays` ahead. */
async function freeStarts(minDays = 1): Promise<Date[]> {
  const now = Date.now();
  return (await availableSlots(db, 120))
    .map((d) => new Date(d.horas[0].inicio))
    .filter((t) => t.getTime() - now >= minDays * DAY);
}

const citaOf = async (id: string) => (await db.select().from(citas).where(eq(citas.id, id)))[0];
const pagoOf = async (id: string) => (await db.select().from(pagos).where(eq(pagos.id, id)))[0];
const countCitas = async () => (await db.select().from(citas)).length;
const mailsTo = (to: string, subject: string) =>
  readOutbox(env.dataDir).filter((m) => m.to.includes(to) && m.subject.includes(subject));

/** The booking form of /agendar/microblading, sent by a client from `ip`. */
function postBooking(inicio: Date, who: { nombre?: string; telefono: string; correo: string }, ip: string) {
  return callAction(
    agendarPage.action,
    "/agendar/microblading",
    {
      nombre: who.nombre ?? "Ana López",
      telefono: who.telefono,
      correo: who.correo,
      politica: "si",
      inicio: inicio.toISOString(),
    },
    { params: { tratamiento: "microblading" }, ip },
  );
}

describe("at most two open holds per client", () => {
  it("per e-mail, whatever its case and spaces: the third is refused and nothing is written", async () => {
    const [a, b, c, d] = await freeStarts();
    expect((await postBooking(a, { telefono: "3310000001", correo: "ana@example.com" }, "198.51.100.1")).status).toBe(
      302,
    );
    expect((await postBooking(b, { telefono: "3310000002", correo: "ANA@Example.com" }, "198.51.100.2")).status).toBe(
      302,
    );
    const third = await postBooking(c, { telefono: "3310000003", correo: "  Ana@example.COM " }, "198.51.100.3");
    expect(third.status).toBe(429);
    expect(third.body.formError).toContain("Ya tienes 2 citas apartadas sin pagar con este correo o teléfono");
    expect(await countCitas()).toBe(2);
    // Another client books the same slot freely: the refusal held nothing.
    expect((await postBooking(c, { telefono: "3310000004", correo: "bea@example.com" }, "198.51.100.4")).status).toBe(
      302,
    );
    // Once one of Ana's holds is over (its 15 minutes ran out), she may hold another.
    const later = new Date(Date.now() + 16 * 60_000);
    const again = await bookSlot(
      db,
      {
        tratamientoId: "microblading",
        inicio: d,
        contact: { nombre: "Ana López", telefono: "3310000005", correo: "ana@example.com" },
        consentimiento: null,
        userId: null,
        ip: "198.51.100.5",
      },
      later,
    );
    expect(again.ok).toBe(true);
  });

  it("per phone, however it is written (+52, 521, spaces): the third is refused", async () => {
    const [a, b, c] = await freeStarts();
    expect(
      (await postBooking(a, { telefono: "33 1234 5678", correo: "uno@example.com" }, "198.51.100.11")).status,
    ).toBe(302);
    expect(
      (await postBooking(b, { telefono: "+52 33 1234 5678", correo: "dos@example.com" }, "198.51.100.12")).status,
    ).toBe(302);
    const third = await postBooking(c, { telefono: "521 (33) 1234-5678", correo: "tres@example.com" }, "198.51.100.13");
    expect(third.status).toBe(429);
    expect(third.body.formError).toContain("con este correo o teléfono");
    expect(await countCitas()).toBe(2);
  });

  it("per connection: a third hold from the same IP (or the same IPv6 /64) is refused; the address is not stored", async () => {
    const [a, b, c, d, e] = await freeStarts();
    const client = (n: number) => ({ telefono: `33200000${n}0`, correo: `cliente${n}@example.com` });
    expect((await postBooking(a, client(1), "203.0.113.50")).status).toBe(302);
    expect((await postBooking(b, client(2), "203.0.113.50")).status).toBe(302);
    const third = await postBooking(c, client(3), "203.0.113.50");
    expect(third.status).toBe(429);
    expect(third.body.formError).toContain("Desde esta conexión ya hay 2 citas apartadas sin pagar");
    expect(await countCitas()).toBe(2);
    // A phone on IPv6 picks another address in its /64 for each request: still one connection.
    expect((await postBooking(c, client(4), "2001:db8:aa:1::1")).status).toBe(302);
    expect((await postBooking(d, client(5), "2001:db8:aa:1:ffff::2")).status).toBe(302);
    expect((await postBooking(e, client(6), "2001:db8:aa:1:1234:5678:9abc:def0")).status).toBe(429);
    expect((await postBooking(e, client(7), "2001:db8:aa:2::1")).status).toBe(302);
    // The hold keeps a keyed hash of the connection, never the address; it is cleared when the hold ends.
    const rows = await db.select({ id: citas.id, ip: citas.apartadaIp }).from(citas);
    expect(rows).toHaveLength(5);
    for (const row of rows) {
      expect(row.ip).toMatch(/^[A-Za-z0-9_-]{32}$/);
      expect(row.ip).not.toContain("203.0.113");
    }
    const [one] = rows;
    await releaseHeldAppointment(db, one.id, { providerFor: () => demo });
    expect((await citaOf(one.id)).apartadaIp).toBeNull();
  });

  it("two requests at once cannot make a third: one of them waits and is refused", async () => {
    const [a, b, c, d] = await freeStarts();
    const contact = (n: number) => ({
      nombre: "Ana López",
      telefono: `33300000${n}0`,
      correo: "ana.misma@example.com",
    });
    const hold = (inicio: Date, n: number) =>
      bookSlot(db, {
        tratamientoId: "microblading",
        inicio,
        contact: contact(n),
        consentimiento: null,
        userId: null,
        ip: `192.0.2.${n}`,
      });
    expect((await hold(a, 1)).ok).toBe(true);
    // One held; two more at once: exactly one of them gets the second.
    const pair = await Promise.all([hold(b, 2), hold(c, 3)]);
    expect(pair.filter((r) => r.ok)).toHaveLength(1);
    expect(pair.find((r) => !r.ok)).toMatchObject({ ok: false, reason: "limite" });
    // And four at once from one IP with four e-mails: two.
    await db.delete(citas);
    const sameIp = await Promise.all(
      [a, b, c, d].map((inicio, i) =>
        bookSlot(db, {
          tratamientoId: "microblading",
          inicio,
          contact: { nombre: "Bea", telefono: `33400000${i}0`, correo: `bea${i}@example.com` },
          consentimiento: null,
          userId: null,
          ip: "192.0.2.200",
        }),
      ),
    );
    expect(sameIp.filter((r) => r.ok)).toHaveLength(2);
    expect(sameIp.filter((r) => !r.ok).every((r) => !r.ok && r.reason === "limite")).toBe(true);
    const open = await db.select().from(citas).where(eq(citas.estado, "apartada"));
    expect(open).toHaveLength(2);
  });
});

describe("an OXXO / SPEI deposit: the voucher ends 24 h before the appointment, its release 6 h before", () => {
  it("Stripe's voucher ends with the day we count to (≤ appointment − 24 h); the hold and the release job wait for the grace (≤ appointment − 6 h)", async () => {
    const t0 = new Date();
    // The soonest appointment (4 days ahead or more, hour by hour) that OXXO is offered for,
    // whatever today's weekday: the tightest case of the rule.
    let inicio = new Date(t0.getTime() + ANTICIPO_DIFERIDO_DIAS * DAY);
    while (!venceAnticipoDiferido("oxxo", inicio, t0, "stripe")) inicio = new Date(inicio.getTime() + 3_600_000);
    const cita = await createAppointment(
      db,
      {
        tratamientoId: "microblading",
        inicio,
        nombre: "Ana",
        telefono: "3350000001",
        correo: "oxxo@example.com",
        estado: "apartada",
      },
      t0,
    );
    const voucher = await startDepositVoucher(db, cita, stripe, "oxxo", t0);
    if (!voucher.ok) throw new Error(voucher.message);
    const vence = new Date(voucher.instrucciones.vence).getTime();
    // Stripe's own voucher (expires_after_days → 23:59 of that day) ends where we say, 24 h or more before.
    const intent = stub.intents.get(voucher.paymentId);
    const display = intent?.next_action as { oxxo_display_details?: { expires_after?: number } } | undefined;
    const stripeEnds = display?.oxxo_display_details?.expires_after ?? 0;
    expect(stripeEnds * 1000).toBe(vence);
    expect(vence).toBeLessThanOrEqual(inicio.getTime() - DAY);
    // Held until the release: the end of the next business day after it, 6 h or more before the appointment.
    const liberacion = liberacionFicha(new Date(vence), "stripe").getTime();
    expect(liberacion).toBeLessThanOrEqual(inicio.getTime() - 6 * 3_600_000);
    expect((await citaOf(cita.id)).apartadaHasta?.getTime()).toBe(liberacion);
    const [job] = await db
      .select()
      .from(tareas)
      .where(eq(tareas.clave, `pago-vence:${voucher.paymentId}`));
    expect(job.ejecutarEn.getTime()).toBe(liberacion);

    // At `vence` nothing is released (money paid that evening may still come)…
    await runDuePendingPayments(db, () => stripe, new Date(vence + 1000));
    expect((await citaOf(cita.id)).estado).toBe("apartada");
    expect(stub.cancellations).not.toContain(voucher.paymentId);
    // …at the release the voucher is void at Stripe and the slot free, before the appointment.
    expect((await runDuePendingPayments(db, () => stripe, new Date(liberacion + 1000))).vencidos).toBe(1);
    expect((await citaOf(cita.id)).estado).toBe("vencida");
    expect(stub.cancellations).toContain(voucher.paymentId);
  });

  it("an appointment less than 4 days ahead: the server refuses OXXO and SPEI (card only), nothing written", async () => {
    const t0 = new Date();
    const inicio = new Date(t0.getTime() + ANTICIPO_DIFERIDO_DIAS * DAY - 60_000);
    const cita = await createAppointment(
      db,
      {
        tratamientoId: "microblading",
        inicio,
        nombre: "Ana",
        telefono: "3350000002",
        correo: "pronto@example.com",
        estado: "apartada",
      },
      t0,
    );
    for (const metodo of ["oxxo", "spei"] as const) {
      const refused = await startDepositVoucher(db, cita, stripe, metodo, t0);
      expect(refused).toMatchObject({ ok: false });
      expect(!refused.ok && refused.message).toContain("Paga con tarjeta");
    }
    expect(await db.select().from(pagos)).toHaveLength(0);
    expect((await citaOf(cita.id)).apartadaHasta?.getTime()).toBe(cita.apartadaHasta?.getTime());
  });
});

describe("the studio releases a hold ('Liberar')", () => {
  const holdWithStripeVoucher = async (n: number) => {
    const [inicio] = (await freeStarts(ANTICIPO_DIFERIDO_DIAS + 6)).slice(n);
    const booked = await bookSlot(db, {
      tratamientoId: "microblading",
      inicio,
      contact: { nombre: "Ana López", telefono: `33600000${n}0`, correo: `libera${n}@example.com` },
      consentimiento: null,
      userId: null,
      ip: null,
    });
    if (!booked.ok) throw new Error(booked.message);
    const voucher = await startDepositVoucher(db, booked.cita, stripe, "oxxo");
    if (!voucher.ok) throw new Error(voucher.message);
    return { cita: booked.cita, inicio, paymentId: voucher.paymentId };
  };

  it("frees the slot at once and voids the voucher once, even clicked twice at once; a late webhook changes nothing", async () => {
    const { cita, inicio, paymentId } = await holdWithStripeVoucher(0);
    const answers = await Promise.all([
      releaseHeldAppointment(db, cita.id, { providerFor: () => stripe }),
      releaseHeldAppointment(db, cita.id, { providerFor: () => stripe }),
    ]);
    expect(answers.filter((a) => a.ok)).toHaveLength(1);
    expect(answers.find((a) => !a.ok)).toMatchObject({
      ok: false,
      message: expect.stringContaining("ya no está apartada"),
    });
    const released = await citaOf(cita.id);
    expect(released).toMatchObject({ estado: "vencida", apartadaHasta: null, pagoId: null });
    expect((await pagoOf(paymentId)).estado).toBe("cancelado");
    expect(stub.cancellations.filter((id) => id === paymentId)).toHaveLength(1);
    const jobs = await db
      .select()
      .from(tareas)
      .where(sql`${tareas.clave} like ${`%${paymentId}`}`);
    expect(jobs.map((j) => j.estado)).toEqual(["cancelada", "cancelada"]);
    expect(mailsTo("libera0@example.com", "Liberamos el horario que apartaste")).toHaveLength(1);
    // The slot is free at once: another client holds it.
    const other = await bookSlot(db, {
      tratamientoId: "microblading",
      inicio,
      contact: { nombre: "Bea", telefono: "3369999999", correo: "bea.otra@example.com" },
      consentimiento: null,
      userId: null,
      ip: null,
    });
    expect(other.ok).toBe(true);

    // A late webhook for the released hold (Stripe's retry of an old event): nothing changes.
    const webhook = (eventId: string) =>
      sendStripeEvent(stripeApp.baseURL, WEBHOOK_SECRET, { type: "payment_intent.succeeded", paymentId, eventId });
    await webhook("evt_tarde_1");
    expect(await citaOf(cita.id)).toMatchObject({ estado: "vencida", pagoId: null });
    expect((await pagoOf(paymentId)).estado).toBe("cancelado");
    // Even if money did arrive (the void failed at the provider): never the released slot again; refunded.
    stub.succeed(paymentId);
    await webhook("evt_tarde_2");
    expect(await citaOf(cita.id)).toMatchObject({ estado: "vencida", pagoId: null });
    expect((await pagoOf(paymentId)).estado).toBe("requiere-reembolso");
    expect(mailsTo("libera0@example.com", "¡Cita confirmada!")).toHaveLength(0);
    expect(other.ok && (await citaOf(other.cita.id)).estado).toBe("apartada");
  });

  it("a voucher already paid (its webhook not here yet): confirmed instead, nothing released", async () => {
    const { cita, paymentId } = await holdWithStripeVoucher(1);
    stub.succeed(paymentId);
    const answer = await releaseHeldAppointment(db, cita.id, { providerFor: () => stripe });
    expect(answer).toMatchObject({ ok: false, message: expect.stringContaining("ya se había pagado") });
    expect(await citaOf(cita.id)).toMatchObject({ estado: "confirmada", pagoId: paymentId });
    expect((await pagoOf(paymentId)).estado).toBe("pagado");
    expect(stub.cancellations).not.toContain(paymentId);
    expect(mailsTo("libera1@example.com", "Liberamos el horario")).toHaveLength(0);
  });

  it("a card attempt is voided too, and paying it afterwards charges nothing", async () => {
    const [, , , inicio] = await freeStarts(2);
    const booked = await bookSlot(db, {
      tratamientoId: "microblading",
      inicio,
      contact: { nombre: "Ana", telefono: "3370000001", correo: "tarjeta@example.com" },
      consentimiento: null,
      userId: null,
      ip: null,
    });
    if (!booked.ok) throw new Error(booked.message);
    const { paymentId } = await startDeposit(db, booked.cita, stripe, { clientSecret: true });
    expect((await releaseHeldAppointment(db, booked.cita.id, { providerFor: () => stripe })).ok).toBe(true);
    expect((await pagoOf(paymentId)).estado).toBe("cancelado");
    expect(stub.cancellations).toContain(paymentId);
    const late = await completeDeposit(db, paymentId, { provider: stripe });
    expect(late).toMatchObject({ ok: false, reason: "horario" });
    expect(stub.captures).not.toContain(paymentId);
    expect((await citaOf(booked.cita.id)).estado).toBe("vencida");
  });

  it("the admin agenda shows the hold as 'Apartada' with its end, and 'Liberar' frees it (admin only)", async () => {
    const [inicio] = await freeStarts(ANTICIPO_DIFERIDO_DIAS + 6);
    const booked = await bookSlot(db, {
      tratamientoId: "microblading",
      inicio,
      contact: { nombre: "Carla", telefono: "3380000001", correo: "agenda@example.com" },
      consentimiento: null,
      userId: null,
      ip: null,
    });
    if (!booked.ok) throw new Error(booked.message);
    const voucher = await startDepositVoucher(db, booked.cita, demo, "spei");
    if (!voucher.ok) throw new Error(voucher.message);
    const fecha = new Intl.DateTimeFormat("en-CA", { timeZone: "America/Mexico_City" }).format(inicio);
    const view = await callLoader(agendaPage.loader, `/admin/agenda?fecha=${fecha}`, { cookie: adminCookie });
    const entries = view.body.entries as {
      id: string;
      estado: string;
      estadoLabel: string;
      apartadaHasta: string | null;
    }[];
    const entry = entries.find((e) => e.id === booked.cita.id);
    expect(entry?.estadoLabel).toContain("Apartada");
    expect(entry?.apartadaHasta).toBeTruthy();

    // Not the studio: 404, nothing released.
    const client = await signUpUser({ email: "clienta.apartados@example.com" });
    const refused = await callAction(
      agendaPage.action,
      "/admin/agenda",
      { intent: "liberar", id: booked.cita.id },
      { cookie: client.cookie },
    );
    expect(refused.status).toBe(404);
    expect((await citaOf(booked.cita.id)).estado).toBe("apartada");

    const done = await callAction(
      agendaPage.action,
      "/admin/agenda",
      { intent: "liberar", id: booked.cita.id },
      { cookie: adminCookie },
    );
    expect(done.status).toBe(200);
    expect(done.body.notice).toContain("Horario liberado");
    expect((await citaOf(booked.cita.id)).estado).toBe("vencida");
    expect((await pagoOf(voucher.paymentId)).estado).toBe("cancelado");
    const after = await callLoader(agendaPage.loader, `/admin/agenda?fecha=${fecha}`, { cookie: adminCookie });
    expect((after.body.entries as { id: string }[]).some((e) => e.id === booked.cita.id)).toBe(false);
    expect((await availableSlots(db, 120)).some((d) => d.horas.some((h) => h.inicio === inicio.toISOString()))).toBe(
      true,
    );
    // Again (another tab): refused with a message, nothing mailed twice.
    const twice = await callAction(
      agendaCita.action,
      `/admin/agenda/${booked.cita.id}`,
      { intent: "liberar" },
      {
        cookie: adminCookie,
        params: { id: booked.cita.id },
      },
    );
    expect(twice.status).toBe(409);
    expect(mailsTo("agenda@example.com", "Liberamos el horario")).toHaveLength(1);
    const stillNoPayment = await db
      .select()
      .from(pagos)
      .where(and(eq(pagos.id, voucher.paymentId), eq(pagos.estado, "esperando-pago")));
    expect(stillNoPayment).toHaveLength(0);
  });
});

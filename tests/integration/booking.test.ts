// @engine: 50 clients booking one slot at once; a deposit racing its confirmation
/**
 * The client's booking on the real database (issue 15): book → hold → deposit with the demo
 * provider → confirmed; a hold that expires frees its slot; a deposit paid after its slot was
 * lost is released, never charged; 50 concurrent bookings of one slot → one; reschedule and
 * cancel within and past 48 hours (with the deposit's refund rule); the token's access.
 */
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { zonedInstant } from "~/domain/slots";
import { setAttendance } from "~/server/booking/appointments.server";
import { appointmentsOf, availableSlots, bookSlot, findByToken } from "~/server/booking/booking.server";
import { authorizeDemoDeposit, completeDeposit, isDepositPayment, startDeposit } from "~/server/booking/deposit.server";
import { cancelByClient, rescheduleByClient } from "~/server/booking/self-service.server";
import type { Database } from "~/server/db/client.server";
import { agendaBloqueos, citas, pagos, servicios, tareas, tratamientos } from "~/server/db/schema";
import { env } from "~/server/env.server";
import { createDemoProvider } from "~/server/payments/demo.server";
import { guardBookingPost } from "~/server/booking/guard.server";
import { cacheablePath } from "~/server/http/page-cache.server";
import { isPersonalPath } from "~/server/http/security.server";
import { seedDemoTreatments } from "../../seed/demo-treatments";
import { makeTreatment, signUpUser, useTestDatabase } from "../support/fixtures";
import { readOutbox } from "../support/outbox";

let database: Database;
const TZ = "America/Mexico_City";
const at = (fecha: string, hora: string) => zonedInstant(fecha, hora, TZ);
// Monday 2026-11-30 at noon in Guadalajara; Tuesday 09:00 is the first morning slot.
const now = at("2026-11-30", "12:00");
const TUESDAY_9 = at("2026-12-01", "09:00");
// 69 hours ahead: still changeable online.
const THURSDAY_9 = at("2026-12-03", "09:00");
const contact = { nombre: "Ana López", telefono: "3312345678", correo: "ana@example.com" };
const consent = { respuestas: [], firma: "Ana López", aceptado: true as const, firmadoEn: now.toISOString() };
const card = { numero: "4242 4242 4242 4242", vencimiento: "12/30", cvc: "123", nombre: "Ana López" };
const minutes = (n: number) => n * 60_000;

beforeAll(async () => {
  database = await useTestDatabase({ config: { dataDir: fs.mkdtempSync(path.join(os.tmpdir(), "agendar-")) } });
  await makeTreatment();
  await makeTreatment({
    id: "maquillaje-social",
    servicioId: "maquillaje",
    nombre: "Maquillaje social",
    duracion: 60,
    precio: 90000,
    anticipo: 0,
    requiereConsentimiento: false,
    retoqueDesde: null,
    retoqueHasta: null,
    precioRetoque: null,
    duracionRetoque: null,
  });
});

afterAll(async () => {
  fs.rmSync(env.dataDir, { recursive: true, force: true });
  await database.close();
});

beforeEach(async () => {
  await database.db.delete(pagos);
  await database.db.delete(citas);
  await database.db.delete(tareas);
  await database.db.delete(agendaBloqueos);
  fs.rmSync(path.join(env.dataDir, "outbox"), { recursive: true, force: true });
});

const book = (inicio: Date, when = now, tratamientoId = "microblading") =>
  bookSlot(
    database.db,
    { tratamientoId, inicio, contact, consentimiento: tratamientoId === "microblading" ? consent : null, userId: null, ip: null },
    when,
  );

async function bookAndPay(inicio: Date, when = now) {
  const booked = await book(inicio, when);
  if (!booked.ok) throw new Error(booked.message);
  const demo = createDemoProvider(database.db);
  await startDeposit(database.db, booked.cita, demo);
  const auth = await authorizeDemoDeposit(database.db, booked.cita, card);
  if (!auth.ok) throw new Error(auth.message);
  const done = await completeDeposit(database.db, auth.paymentId, { provider: demo, now: when });
  return { booked: booked.cita, paymentId: auth.paymentId, done };
}

const slotsOn = async (fecha: string, when = now) =>
  (await availableSlots(database.db, 120, when)).find((d) => d.fecha === fecha)?.horas.map((h) => h.hora) ?? [];

describe("booking with a deposit", () => {
  it("holds the slot, takes the deposit with the demo card, confirms and mails the .ics", async () => {
    const booked = await book(TUESDAY_9);
    if (!booked.ok) throw new Error(booked.message);
    expect(booked.cita.estado).toBe("apartada");
    expect(booked.cita.apartadaHasta?.getTime()).toBe(now.getTime() + minutes(15));
    expect(await slotsOn("2026-12-01")).not.toContain("09:00");

    const demo = createDemoProvider(database.db);
    const first = await startDeposit(database.db, booked.cita, demo);
    // A reload pays the same payment, not a second one.
    expect((await startDeposit(database.db, booked.cita, demo)).paymentId).toBe(first.paymentId);
    expect(await isDepositPayment(database.db, first.paymentId)).toBe(true);

    const declined = await authorizeDemoDeposit(database.db, booked.cita, { ...card, numero: "4000 0000 0000 0002" });
    expect(declined.ok).toBe(false);
    const auth = await authorizeDemoDeposit(database.db, booked.cita, card);
    expect(auth).toEqual({ ok: true, paymentId: first.paymentId });

    // Named from another appointment's page (/cita/{token}/pago): not this one's deposit.
    expect(
      await completeDeposit(database.db, first.paymentId, { provider: demo, now, citaId: "otra-cita" }),
    ).toMatchObject({
      ok: false,
      reason: "desconocido",
    });

    // The browser's return and a webhook at the same moment: one confirmation, one capture.
    const [a, b] = await Promise.all([
      completeDeposit(database.db, first.paymentId, { provider: demo, now, citaId: booked.cita.id }),
      completeDeposit(database.db, first.paymentId, { provider: demo, now }),
    ]);
    expect(a.ok && b.ok).toBe(true);
    const [cita] = await database.db.select().from(citas).where(eq(citas.id, booked.cita.id));
    expect(cita.estado).toBe("confirmada");
    expect(cita.pagoId).toBe(first.paymentId);
    const [pago] = await database.db.select().from(pagos).where(eq(pagos.id, first.paymentId));
    expect(pago).toMatchObject({ estado: "pagado", monto: 50000, userId: null });
    expect(pago.detalle).toMatchObject({ tipo: "anticipo", citaId: booked.cita.id });

    const mails = readOutbox(env.dataDir).filter((m) => m.to.includes("ana@example.com"));
    expect(mails).toHaveLength(1);
    expect(mails[0].subject).toContain("Cita confirmada");
    expect(mails[0].raw).toContain("text/calendar");
  });

  it("a treatment without deposit is confirmed at once", async () => {
    const booked = await book(TUESDAY_9, now, "maquillaje-social");
    expect(booked.ok && booked.cita.estado).toBe("confirmada");
  });

  it("refuses a time outside the free starts (closed, off the grid, too soon, blocked)", async () => {
    expect((await book(at("2026-12-06", "10:00"))).ok).toBe(false); // Sunday
    expect((await book(at("2026-12-01", "09:10"))).ok).toBe(false);
    expect((await book(at("2026-11-30", "13:00"))).ok).toBe(false); // within the 2 h lead time
    expect((await book(at("2026-12-01", "17:30"))).ok).toBe(false); // would end after 19:00
    await database.db
      .insert(agendaBloqueos)
      .values({ inicio: at("2026-12-02", "00:00"), fin: at("2026-12-03", "00:00"), tipo: "festivo" });
    expect((await book(at("2026-12-02", "10:00"))).ok).toBe(false);
    expect(await slotsOn("2026-12-02")).toEqual([]);
  });
});

describe("holds", () => {
  it("an expired hold frees its slot for the next client", async () => {
    const first = await book(TUESDAY_9);
    expect(first.ok).toBe(true);
    const later = new Date(now.getTime() + minutes(16));
    expect(await slotsOn("2026-12-01", later)).toContain("09:00");
    const second = await book(TUESDAY_9, later);
    expect(second.ok).toBe(true);
    const [old] = await database.db
      .select()
      .from(citas)
      .where(eq(citas.id, first.ok ? first.cita.id : ""));
    expect(old.estado).toBe("vencida");
  });

  it("a deposit paid after its slot went to someone else is released, never charged", async () => {
    const first = await book(TUESDAY_9);
    if (!first.ok) throw new Error(first.message);
    const demo = createDemoProvider(database.db);
    const { paymentId } = await startDeposit(database.db, first.cita, demo);
    const later = new Date(now.getTime() + minutes(20));
    const taken = await book(TUESDAY_9, later);
    expect(taken.ok).toBe(true);
    await authorizeDemoDeposit(database.db, first.cita, card);
    const result = await completeDeposit(database.db, paymentId, { provider: demo, now: later });
    expect(result).toMatchObject({ ok: false, reason: "horario" });
    const [pago] = await database.db.select().from(pagos).where(eq(pagos.id, paymentId));
    expect(pago.estado).toBe("cancelado");
  });

  it("50 clients booking the same slot at once: exactly one gets it", async () => {
    const results = await Promise.all(Array.from({ length: 50 }, () => book(TUESDAY_9)));
    expect(results.filter((r) => r.ok)).toHaveLength(1);
    expect(results.filter((r) => !r.ok).every((r) => !r.ok && r.reason === "horario")).toBe(true);
    const live = await database.db.select().from(citas).where(eq(citas.estado, "apartada"));
    expect(live).toHaveLength(1);
  });
});

describe("self-service", () => {
  it("reschedules more than 48 h before, to a free time only; the old time is free again", async () => {
    const { booked } = await bookAndPay(THURSDAY_9);
    const other = await book(at("2026-12-04", "09:00"), now, "maquillaje-social");
    expect(other.ok).toBe(true);
    const cita = (await findByToken(database.db, booked.token))!;
    expect((await rescheduleByClient(database.db, cita, at("2026-12-04", "09:00"), now)).ok).toBe(false);
    const moved = await rescheduleByClient(database.db, cita, at("2026-12-04", "11:00"), now);
    expect(moved.ok && moved.cita.inicio.toISOString()).toBe(at("2026-12-04", "11:00").toISOString());
    expect(await slotsOn("2026-12-03")).toContain("09:00");
    expect(readOutbox(env.dataDir).some((m) => m.subject.includes("cambió"))).toBe(true);
  });

  it("refuses changes less than 48 h before: WhatsApp instead", async () => {
    const { booked } = await bookAndPay(THURSDAY_9);
    const late = new Date(THURSDAY_9.getTime() - 47 * 3_600_000);
    const cita = (await findByToken(database.db, booked.token))!;
    const move = await rescheduleByClient(database.db, cita, at("2026-12-05", "11:00"), late);
    expect(move).toMatchObject({ ok: false });
    expect(!move.ok && move.message).toContain("WhatsApp");
    expect((await cancelByClient(database.db, cita, late)).ok).toBe(false);
  });

  it("cancelling 48 h or more before frees the time and owes the deposit back", async () => {
    const { booked, paymentId } = await bookAndPay(THURSDAY_9);
    const cita = (await findByToken(database.db, booked.token))!;
    const cancelled = await cancelByClient(database.db, cita, now);
    expect(cancelled).toMatchObject({ ok: true, reembolso: true });
    const [pago] = await database.db.select().from(pagos).where(eq(pagos.id, paymentId));
    expect(pago.estado).toBe("requiere-reembolso");
    expect(await slotsOn("2026-12-03")).toContain("09:00");
    expect(readOutbox(env.dataDir).some((m) => m.subject.includes("cancelada"))).toBe(true);
  });

  it("books the retoque from the invitation's link: its own length and price, no form again, once", async () => {
    const { booked } = await bookAndPay(THURSDAY_9);
    const retoque = (retoqueDe: string) =>
      bookSlot(
        database.db,
        {
          tratamientoId: "microblading",
          inicio: at("2026-12-07", "10:00"),
          contact,
          consentimiento: null,
          userId: null,
          ip: null,
          retoqueDe,
        },
        now,
      );
    // Not attended yet: no retoque.
    expect((await retoque(booked.id)).ok).toBe(false);
    await setAttendance(database.db, booked.id, "atendida", new Date(THURSDAY_9.getTime() + minutes(150)));
    const first = await retoque(booked.id);
    if (!first.ok) throw new Error(first.message);
    expect(first.cita).toMatchObject({ esRetoque: true, citaOrigenId: booked.id, precio: 100000 });
    expect(first.cita.fin.getTime() - first.cita.inicio.getTime()).toBe(minutes(60));
    expect(first.cita.consentimiento).toMatchObject({ firma: "Ana López" });
    expect((await retoque(booked.id)).ok).toBe(false);
    expect((await retoque("no-existe")).ok).toBe(false);
  });

  it("/mis-citas lists the account's appointments: booked with it, and guest bookings with its address once verified", async () => {
    const { booked } = await bookAndPay(THURSDAY_9);
    const other = await bookSlot(
      database.db,
      {
        tratamientoId: "maquillaje-social",
        inicio: at("2026-12-04", "09:00"),
        contact: { ...contact, correo: "otra@example.com" },
        consentimiento: null,
        userId: null,
        ip: null,
      },
      now,
    );
    expect(other.ok).toBe(true);
    const ana = await signUpUser({ email: "ana@example.com" });
    // Booked while logged in (with another contact address): in the account whatever its address.
    const logged = await bookSlot(
      database.db,
      {
        tratamientoId: "maquillaje-social",
        inicio: at("2026-12-04", "12:00"),
        contact: { ...contact, correo: "trabajo@example.com" },
        consentimiento: null,
        ip: null,
        userId: ana.id,
      },
      now,
    );
    if (!logged.ok) throw new Error(logged.message);

    // An address nobody proved lists only what the account booked: the guest booking stays out.
    const unverified = await appointmentsOf(database.db, { id: ana.id, email: "ANA@example.com", emailVerified: false });
    expect(unverified.map((r) => r.cita.id)).toEqual([logged.cita.id]);
    expect((await findByToken(database.db, booked.token))?.userId).toBeNull();

    // Verified: the guest booking with that address joins the account; the other address's does not.
    const mine = await appointmentsOf(database.db, { id: ana.id, email: "ANA@example.com", emailVerified: true });
    expect(mine.map((r) => r.cita.id)).toEqual([booked.id, logged.cita.id]);
    expect(mine[0]).toMatchObject({ tratamiento: "Microblading", servicio: "Cejas" });
    expect((await findByToken(database.db, booked.token))?.userId).toBe(ana.id);
    expect((await findByToken(database.db, other.ok ? other.cita.token : ""))?.userId).toBeNull();
  });

  it("the token opens only its own appointment", async () => {
    const { booked } = await bookAndPay(THURSDAY_9);
    expect((await findByToken(database.db, booked.token))?.id).toBe(booked.id);
    expect(await findByToken(database.db, `${booked.token.slice(0, -2)}xx`)).toBeNull();
    expect(await findByToken(database.db, "")).toBeNull();
    expect(await findByToken(database.db, "' or 1=1 --")).toBeNull();
  });
});

describe("the booking's edges", () => {
  it("never caches the booking pages and marks them personal", () => {
    for (const page of ["/agendar", "/agendar/microblading", "/cita/abc", "/mis-citas", "/agendar.data"]) {
      expect(cacheablePath(page), page).toBeNull();
    }
    for (const page of ["/agendar", "/agendar/microblading", "/cita/abc", "/mis-citas", "/AGENDAR"]) {
      expect(isPersonalPath(page), page).toBe(true);
    }
  });

  it("refuses a booking body over 16 KiB and throttles the booking POSTs per IP", async () => {
    const big = new Request("http://localhost/agendar/x", {
      method: "POST",
      headers: { "content-length": String(17 * 1024) },
    });
    expect(await guardBookingPost(big, { ip: "203.0.113.7" })).toMatchObject({ status: 413 });
    const small = () => new Request("http://localhost/agendar/x", { method: "POST", body: "a=1" });
    const answers = [];
    for (let i = 0; i < 31; i++) answers.push(await guardBookingPost(small(), { ip: "203.0.113.8" }));
    expect(answers.slice(0, 30).every((a) => a === null)).toBe(true);
    expect(answers[30]).toMatchObject({ status: 429 });
  });

  it("the demo seed adds the demo services' treatments once", async () => {
    await database.db
      .insert(servicios)
      .values([{ id: "labios", nombre: "Labios" }])
      .onConflictDoNothing();
    await database.db.delete(tratamientos);
    expect(await seedDemoTreatments(database.db)).toBe(4); // cejas ×3 and labios; no estrías service here
    expect(await seedDemoTreatments(database.db)).toBe(0);
  });
});

// @engine: two instances (two connection pools) send a reminder once (FOR UPDATE)
/**
 * The appointment jobs (app/server/booking/reminders.server.ts) on the real database: the
 * 24-hour reminder goes out exactly once with two instances running at the same moment and
 * after a restart, never for a cancelled or moved appointment's old time, again after a mail
 * server failure; the retoque invitation goes out once, inside its window, unless the retoque
 * is already booked. With TEST_DATABASE_URL the second instance is a second connection pool.
 */
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import "~/server/jobs-registry.server";
import {
  cancelAppointment,
  createAppointment,
  moveAppointment,
  setAttendance,
} from "~/server/booking/appointments.server";
import { type Database, openDatabase } from "~/server/db/client.server";
import { citas, correos, tareas } from "~/server/db/schema";
import { env } from "~/server/env.server";
import { runDueJobs, scheduleJob } from "~/server/jobs.server";
import { deliverDueMail, settleMailDeliveries } from "~/server/mail.server";
import { createMigratedPostgresDatabase, testDatabaseName } from "../support/db";
import { configure, makeTreatment, useTestDatabase as openTestDatabase, useTestContext } from "../support/fixtures";
import { mailParts, readOutbox } from "../support/outbox";

let database: Database;
/** A second app instance on the same database (PostgreSQL only: PGlite admits one process). */
let second: Database | undefined;

const now = new Date("2030-12-01T16:00:00Z");
const day = (n: number, hourUtc: number) => new Date(Date.UTC(2030, 11, 1 + n, hourUtc));
const hours = (date: Date, n: number) => new Date(date.getTime() + n * 3_600_000);
const client = { nombre: "Ana López", telefono: "3312345678", correo: "ana@example.com" };

beforeAll(async () => {
  const config = { dataDir: fs.mkdtempSync(path.join(os.tmpdir(), "recordatorios-")), smtpUrl: undefined };
  const serverUrl = process.env.TEST_DATABASE_URL;
  if (serverUrl) {
    const name = testDatabaseName();
    database = await createMigratedPostgresDatabase(serverUrl, name);
    const url = new URL(serverUrl);
    url.pathname = `/${name}`;
    second = await openDatabase({ url: url.toString() });
    useTestContext({ config, database });
  } else {
    database = await openTestDatabase({ config });
  }
  await makeTreatment({ anticipo: 0, requiereConsentimiento: false }, database.db);
});

afterAll(async () => {
  fs.rmSync(env.dataDir, { recursive: true, force: true });
  await second?.close();
  await database.close();
});

beforeEach(async () => {
  await database.db.delete(citas);
  await database.db.delete(tareas);
  fs.rmSync(path.join(env.dataDir, "outbox"), { recursive: true, force: true });
});

const reminders = () => readOutbox(env.dataDir).filter((m) => m.subject === "Te esperamos mañana");
const invitations = () => readOutbox(env.dataDir).filter((m) => m.subject === "Es momento de agendar tu retoque");
const job = async (clave: string) => (await database.db.select().from(tareas).where(eq(tareas.clave, clave)))[0]!;
const cita = async (id: string) => (await database.db.select().from(citas).where(eq(citas.id, id)))[0]!;

const book = (inicio: Date, extra: Partial<Parameters<typeof createAppointment>[1]> = {}) =>
  createAppointment(
    database.db,
    { ...client, tratamientoId: "microblading", inicio, estado: "confirmada", ...extra },
    now,
  );

/** A second job for the same reminder (as if two runners held it at once). */
const duplicate = (citaId: string, inicio: Date, at: Date, clave = `otra:${citaId}`) =>
  scheduleJob(database.db, {
    tipo: "cita-recordatorio",
    clave,
    ejecutarEn: at,
    datos: { citaId, inicio: inicio.toISOString() },
  });

describe("el recordatorio de 24 horas", () => {
  it("is sent once when two instances run it at the same moment", async () => {
    const c = await book(day(3, 16));
    const at = hours(c.inicio, -24);
    expect((await job(`cita-recordatorio:${c.id}`)).ejecutarEn.toISOString()).toBe(at.toISOString());
    await duplicate(c.id, c.inicio, at);
    expect(await runDueJobs(database.db, hours(at, -1))).toBe(0);
    const other = second?.db ?? database.db;
    const counts = await Promise.all([runDueJobs(database.db, at), runDueJobs(other, at)]);
    expect(counts.reduce((a, b) => a + b, 0)).toBe(2);
    expect(reminders()).toHaveLength(1);
    expect(reminders()[0].to).toContain("ana@example.com");
    expect(mailParts(reminders()[0].raw, "text/calendar")[0]).toContain("BEGIN:VCALENDAR");
    const row = await cita(c.id);
    expect(row.recordatorioEnviado).not.toBeNull();
    expect(row.recordatorioPara?.toISOString()).toBe(c.inicio.toISOString());
    expect((await job(`cita-recordatorio:${c.id}`)).estado).toBe("hecha");
    // later polls send nothing more
    expect(await runDueJobs(database.db, hours(at, 2))).toBe(0);
    expect(reminders()).toHaveLength(1);
  });

  it("after a restart: not again when it was sent before the crash, once when it was not", async () => {
    const sent = await book(day(3, 16));
    const notSent = await book(day(3, 20));
    const at = hours(notSent.inicio, -24);
    // the process that claimed both died; for the first it had committed the mail's stamp
    await database.db
      .update(citas)
      .set({ recordatorioEnviado: hours(at, -5), recordatorioPara: sent.inicio })
      .where(eq(citas.id, sent.id));
    await database.db
      .update(tareas)
      .set({ estado: "en-curso", intentos: 1, bloqueadaHasta: hours(at, 0.05) })
      .where(eq(tareas.tipo, "cita-recordatorio"));
    expect(await runDueJobs(database.db, at)).toBe(0);
    expect(await runDueJobs(database.db, hours(at, 0.1))).toBe(2);
    expect(reminders()).toHaveLength(1);
    expect(mailParts(reminders()[0].raw, "text/plain")[0]).toContain("14:00");
    expect((await job(`cita-recordatorio:${sent.id}`)).estado).toBe("hecha");
  });

  it("is not sent for a cancelled appointment, nor for the old time of a moved one", async () => {
    const cancelled = await book(day(3, 16));
    await cancelAppointment(database.db, cancelled.id, { by: "estudio" }, now);
    expect((await job(`cita-recordatorio:${cancelled.id}`)).estado).toBe("cancelada");
    // a stray job for it (scheduled before the cancellation, claimed late) finds it cancelled
    await duplicate(cancelled.id, cancelled.inicio, hours(cancelled.inicio, -24));

    const moved = await book(day(4, 16));
    await duplicate(moved.id, moved.inicio, hours(moved.inicio, -24), `vieja:${moved.id}`);
    await moveAppointment(database.db, moved.id, day(6, 17), { by: "estudio" }, now);
    expect((await job(`cita-recordatorio:${moved.id}`)).ejecutarEn.toISOString()).toBe(day(5, 17).toISOString());

    // the stray reminder, the moved one's old-time job, and the waitlist's look at the freed time (issue 30)
    expect(await runDueJobs(database.db, day(4, 17))).toBe(3);
    expect(reminders()).toHaveLength(0);
    expect((await cita(moved.id)).recordatorioEnviado).toBeNull();
    expect(await runDueJobs(database.db, day(5, 17))).toBe(1);
    expect(reminders()).toHaveLength(1);
    expect(mailParts(reminders()[0].raw, "text/plain")[0]).toContain("11:00");
  });

  it("sends a reminder for the new time when the appointment moves after its reminder", async () => {
    const c = await book(day(3, 16));
    await runDueJobs(database.db, day(2, 16));
    expect(reminders()).toHaveLength(1);
    // moved to the next week: the done job is re-armed for the new time
    await moveAppointment(database.db, c.id, day(10, 16), { by: "estudio" }, day(2, 17));
    expect(await runDueJobs(database.db, day(9, 15))).toBe(0);
    expect(await runDueJobs(database.db, day(9, 16))).toBe(1);
    expect(reminders()).toHaveLength(2);
    // and that one only once
    await duplicate(c.id, day(10, 16), day(9, 16), `nueva-2:${c.id}`);
    await runDueJobs(database.db, day(9, 17));
    expect(reminders()).toHaveLength(2);
  });

  it("survives a mail server down: the reminder is queued with its stamp, and the outbox's retry sends it once", async () => {
    const c = await book(day(3, 16));
    const at = hours(c.inicio, -24);
    const undo = configure({ config: { smtpUrl: "smtp://127.0.0.1:1" } });
    try {
      expect(await runDueJobs(database.db, at)).toBe(1);
      await settleMailDeliveries();
    } finally {
      undo();
    }
    expect((await job(`cita-recordatorio:${c.id}`)).estado).toBe("hecha");
    expect((await cita(c.id)).recordatorioEnviado).toBeInstanceOf(Date);
    const before = reminders().length;
    const [waiting] = await database.db.select().from(correos).where(eq(correos.estado, "pendiente"));
    expect(waiting).toMatchObject({ asunto: "Te esperamos mañana", intentos: 1 });
    // the job does not send it again; the outbox does, once
    expect(await runDueJobs(database.db, hours(at, 1))).toBe(0);
    await deliverDueMail(database.db, { now: waiting.siguienteIntento });
    await deliverDueMail(database.db, { now: hours(waiting.siguienteIntento, 24) });
    expect(reminders()).toHaveLength(before + 1);
  });
});

describe("la invitación al retoque", () => {
  it("goes out once when the window opens, with the link to book the retoque", async () => {
    const c = await book(day(2, 16));
    await setAttendance(database.db, c.id, "atendida", day(2, 19));
    const opens = new Date(c.fin.getTime() + 30 * 86_400_000);
    expect((await job(`cita-retoque:${c.id}`)).ejecutarEn.toISOString()).toBe(opens.toISOString());
    // a second runner with the same invitation
    await scheduleJob(database.db, {
      tipo: "cita-retoque",
      clave: `otra:${c.id}`,
      ejecutarEn: opens,
      datos: { citaId: c.id },
    });
    // before it, only the aftercare sequence's four steps (issue 30: care, days 1, 7, 21)
    expect(await runDueJobs(database.db, hours(opens, -1))).toBe(4);
    expect(invitations()).toHaveLength(0);
    const other = second?.db ?? database.db;
    await Promise.all([runDueJobs(database.db, opens), runDueJobs(other, opens)]);
    expect(invitations()).toHaveLength(1);
    const text = mailParts(invitations()[0].raw, "text/plain")[0];
    expect(text).toContain(`/agendar/microblading?retoque=${encodeURIComponent(c.id)}`);
    expect((await cita(c.id)).retoqueInvitado).not.toBeNull();
  });

  it("is not sent when the retoque is already booked, nor once the window has closed", async () => {
    const booked = await book(day(2, 16));
    await setAttendance(database.db, booked.id, "atendida", day(2, 19));
    await book(day(34, 16), { esRetoque: true, citaOrigenId: booked.id });

    const late = await book(day(3, 16));
    await setAttendance(database.db, late.id, "atendida", day(3, 19));

    // the runner was down for seven weeks: the second window (30–45 days) has closed, and
    // the retoque's own reminders (24 h and 2 h before) are for a time already past:
    // two invitations, the retoque's two reminders, and each session's four aftercare steps (issue 30)
    expect(await runDueJobs(database.db, day(50, 12))).toBe(12);
    expect(invitations()).toHaveLength(0);
    expect(reminders()).toHaveLength(0);
    expect((await cita(booked.id)).retoqueInvitado).toBeNull();
  });

  it("is sent when a booked retoque was cancelled", async () => {
    const c = await book(day(2, 16));
    await setAttendance(database.db, c.id, "atendida", day(2, 19));
    const retoque = await book(day(34, 16), { esRetoque: true, citaOrigenId: c.id });
    await cancelAppointment(database.db, retoque.id, { by: "estudio" }, now);
    await runDueJobs(database.db, new Date(c.fin.getTime() + 30 * 86_400_000));
    expect(invitations()).toHaveLength(1);
  });
});

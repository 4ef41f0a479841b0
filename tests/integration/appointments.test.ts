/**
 * The one owner of writing appointments (app/server/booking/appointments.server.ts) on the
 * real database: holds and their expiry, confirmation (idempotent), the client's 48-hour
 * limit, the reminder job following the appointment, the retoque invitation, and the mails
 * with their calendar file.
 */
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import type { Database } from "~/server/db/client.server";
import { citas, tareas } from "~/server/db/schema";
import {
  AppointmentError,
  SlotTakenError,
  cancelAppointment,
  confirmAppointment,
  createAppointment,
  moveAppointment,
  setAttendance,
} from "~/server/booking/appointments.server";
import { env } from "~/server/env.server";
import { mailParts, readOutbox } from "../support/outbox";

/** The client's mails (the studio's notices go to STUDIO_INBOX: studio-notices.test.ts). */
const clientMails = () => readOutbox(env.dataDir).filter((m) => !m.to.includes(env.studioInbox));
import { makeTreatment, useTestDatabase as openTestDatabase } from "../support/fixtures";

let database: Database;
const now = new Date("2026-12-01T16:00:00Z");
const day = (n: number, hourUtc: number) => new Date(Date.UTC(2026, 11, 1 + n, hourUtc));
const client = { nombre: "Ana López", telefono: "3312345678", correo: "ana@example.com" };

beforeAll(async () => {
  database = await openTestDatabase({ config: { dataDir: fs.mkdtempSync(path.join(os.tmpdir(), "citas-")) } });
  await makeTreatment();
});

afterAll(async () => {
  fs.rmSync(env.dataDir, { recursive: true, force: true });
  await database.close();
});

beforeEach(async () => {
  await database.db.delete(citas);
  await database.db.delete(tareas);
  fs.rmSync(path.join(env.dataDir, "outbox"), { recursive: true, force: true });
});

const job = async (clave: string) => (await database.db.select().from(tareas).where(eq(tareas.clave, clave)))[0];

describe("citas", () => {
  it("holds a slot, frees it when the hold expires, and confirms an expired hold whose time is still free", async () => {
    const held = await createAppointment(
      database.db,
      { ...client, tratamientoId: "microblading", inicio: day(3, 16), estado: "apartada" },
      now,
    );
    expect(held.anticipo).toBe(50000);
    expect(held.fin.getTime() - held.inicio.getTime()).toBe(120 * 60_000);
    await expect(
      createAppointment(
        database.db,
        { ...client, tratamientoId: "microblading", inicio: day(3, 17), estado: "apartada" },
        now,
      ),
    ).rejects.toBeInstanceOf(SlotTakenError);
    // 20 minutes later the hold (15) expired: the time is free
    const later = new Date(now.getTime() + 20 * 60_000);
    const other = await createAppointment(
      database.db,
      { ...client, correo: "bea@example.com", tratamientoId: "microblading", inicio: day(3, 17), estado: "apartada" },
      later,
    );
    expect((await database.db.select().from(citas).where(eq(citas.id, held.id)))[0].estado).toBe("vencida");
    // the first client's late payment cannot take the time back
    await expect(confirmAppointment(database.db, held.id, { pagoId: "pi_1" }, later)).rejects.toBeInstanceOf(
      SlotTakenError,
    );
    await confirmAppointment(database.db, other.id, { pagoId: "pi_2" }, later);
    // twice: nothing more happens
    await confirmAppointment(database.db, other.id, { pagoId: "pi_2" }, later);
    const mails = clientMails();
    expect(mails.map((m) => m.subject)).toEqual(["¡Cita confirmada!"]);
    expect(mails[0].raw).toContain("text/calendar");
    const [calendar] = mailParts(mails[0].raw, "text/calendar");
    expect(calendar).toContain("BEGIN:VCALENDAR");
    expect(calendar).toContain("DTSTART:20261204T170000Z");
  });

  it("schedules the reminder 24 hours before, moves it with the appointment and drops it on cancellation", async () => {
    const cita = await createAppointment(
      database.db,
      { ...client, tratamientoId: "microblading", inicio: day(5, 16), estado: "confirmada" },
      now,
    );
    expect((await job(`cita-recordatorio:${cita.id}`)).ejecutarEn.toISOString()).toBe(day(4, 16).toISOString());
    await moveAppointment(database.db, cita.id, day(6, 18), { by: "cliente" }, now);
    expect((await job(`cita-recordatorio:${cita.id}`)).ejecutarEn.toISOString()).toBe(day(5, 18).toISOString());
    await cancelAppointment(database.db, cita.id, { by: "cliente" }, now);
    expect((await job(`cita-recordatorio:${cita.id}`)).estado).toBe("cancelada");
    expect(clientMails().map((m) => m.subject)).toEqual([
      "¡Cita confirmada!",
      "Tu cita cambió",
      "Tu cita fue cancelada",
    ]);
    expect(mailParts(clientMails()[2].raw, "text/calendar")[0]).toContain("METHOD:CANCEL");
  });

  it("lets a client change only up to 48 hours before; the studio any time", async () => {
    const cita = await createAppointment(
      database.db,
      { ...client, tratamientoId: "microblading", inicio: day(1, 16), estado: "confirmada" },
      now,
    );
    await expect(moveAppointment(database.db, cita.id, day(9, 16), { by: "cliente" }, now)).rejects.toBeInstanceOf(
      AppointmentError,
    );
    await expect(cancelAppointment(database.db, cita.id, { by: "cliente" }, now)).rejects.toThrow(/WhatsApp/);
    await moveAppointment(database.db, cita.id, day(1, 19), { by: "estudio" }, now);
    await cancelAppointment(database.db, cita.id, { by: "estudio" }, now);
  });

  it("invites to the retoque after an attended session, not after a missed one", async () => {
    const cita = await createAppointment(
      database.db,
      { ...client, tratamientoId: "microblading", inicio: day(2, 16), estado: "confirmada" },
      now,
    );
    await setAttendance(database.db, cita.id, "atendida", day(2, 19));
    const invitation = await job(`cita-retoque:${cita.id}`);
    expect(invitation.ejecutarEn.toISOString()).toBe(new Date(day(2, 18).getTime() + 30 * 86_400_000).toISOString());
    await setAttendance(database.db, cita.id, "no-asistio", day(2, 19));
    expect((await job(`cita-retoque:${cita.id}`)).estado).toBe("cancelada");
    const retoque = await createAppointment(
      database.db,
      {
        ...client,
        tratamientoId: "microblading",
        inicio: day(35, 16),
        estado: "confirmada",
        esRetoque: true,
        citaOrigenId: cita.id,
      },
      now,
    );
    expect(retoque.precio).toBe(100000);
    expect(retoque.fin.getTime() - retoque.inicio.getTime()).toBe(60 * 60_000);
  });
});

// @engine: 50 claims of one offered slot at once make one appointment (conditional update + citas_sin_empalmes)
/**
 * The waitlist (issue 30 item 5, booking/waitlist.server.ts) on the real database, with the
 * clock moved by hand: joining is checked and bounded; a cancellation offers the freed time to
 * the first matching entry in the job run that follows it, held 30 minutes (out of the public
 * calendar); unclaimed, it goes to the next entry; 50 claims at once make one appointment; a
 * claimed hold that is not paid goes on down the list.
 */
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { and, eq, inArray } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import "~/server/jobs-registry.server";
import * as agendaEspera from "~/routes/admin/agenda-espera";
import * as joinPage from "~/routes/lista-de-espera";
import { cancelAppointment, createAppointment } from "~/server/booking/appointments.server";
import { availableSlots } from "~/server/booking/booking.server";
import { claimOffer, expireEntries, joinWaitlist } from "~/server/booking/waitlist.server";
import type { Database } from "~/server/db/client.server";
import { citas, listaEspera, ofertasEspera } from "~/server/db/schema";
import { env } from "~/server/env.server";
import { runDueJobs } from "~/server/jobs.server";
import { callAction, callLoader } from "../support/actions";
import { makeTreatment, signUpUser, useTestDatabase } from "../support/fixtures";
import { mailParts, readOutbox } from "../support/outbox";

let database: Database;
let db: Database["db"];
let adminCookie: string;

/** Sunday 1 December 2030, 10:00 in Guadalajara; the freed slot is Tuesday the 3rd at 10:00. */
const now = new Date("2030-12-01T16:00:00Z");
const slot = new Date("2030-12-03T16:00:00Z");
const minutes = (date: Date, n: number) => new Date(date.getTime() + n * 60_000);
const range: { desde: string; hasta: string; franja: "manana" | "tarde" | null } = {
  desde: "2030-12-02",
  hasta: "2030-12-05",
  franja: null,
};
const offers = () => readOutbox(env.dataDir).filter((m) => m.subject.startsWith("Se liberó un horario"));
const offerRows = (inicio = slot) => db.select().from(ofertasEspera).where(eq(ofertasEspera.inicio, inicio));

async function join(correo: string, extra: Partial<typeof range> = {}) {
  const result = await joinWaitlist(
    db,
    {
      tratamientoId: "microblading",
      request: { nombre: `Clienta ${correo}`, telefono: "3312345678", correo, ...range, ...extra },
      userId: null,
    },
    now,
  );
  if (!result.ok) throw new Error(result.message);
  return result.entry;
}

beforeAll(async () => {
  database = await useTestDatabase({ config: { dataDir: fs.mkdtempSync(path.join(os.tmpdir(), "espera-")) } });
  db = database.db;
  await makeTreatment({ requiereConsentimiento: false });
  adminCookie = (await signUpUser({ email: "estudio.espera@example.com", role: "admin" })).cookie;
}, 60_000);

afterAll(async () => {
  fs.rmSync(env.dataDir, { recursive: true, force: true });
  await database?.close();
});

describe("joining the waitlist", () => {
  it("refuses bad input with Spanish messages and writes nothing; keeps one entry per e-mail and treatment", async () => {
    const bad = await callAction(
      joinPage.action,
      "/agendar/microblading/lista-de-espera",
      {
        nombre: "A",
        telefono: "123",
        correo: "no-es-correo",
        desde: "2030-02-30",
        hasta: "x".repeat(5000),
        franja: "noche",
      },
      { params: { tratamiento: "microblading" } },
    );
    expect(bad.status).toBe(400);
    const errors = bad.body.errors as Record<string, string>;
    expect(Object.keys(errors).sort()).toEqual(["correo", "desde", "franja", "hasta", "nombre", "telefono"]);
    expect(errors.telefono).toMatch(/WhatsApp a 10 dígitos/);
    const unknown = await callAction(
      joinPage.action,
      "/agendar/nada/lista-de-espera",
      {},
      { params: { tratamiento: "nada" } },
    );
    expect(unknown.status).toBe(404);
    expect(await db.select().from(listaEspera)).toHaveLength(0);

    const first = await join("misma@example.com");
    const again = await join("misma@example.com", { hasta: "2030-12-04" });
    expect(again.id).toBe(first.id);
    expect(again.hasta).toBe("2030-12-04");
    await db.delete(listaEspera);
  });
});

describe("a freed slot", () => {
  it("is offered to the first matching entry within the job run, held 30 minutes, then to the next", async () => {
    const cita = await createAppointment(
      db,
      {
        tratamientoId: "microblading",
        inicio: slot,
        nombre: "Lupita",
        telefono: "3311111111",
        correo: "lupita@example.com",
        estado: "confirmada",
      },
      now,
    );
    // entries: one for the afternoon (does not match a 10:00 slot), one whose days end before it, then Ana, Bety, Carla
    await join("tarde@example.com", { franja: "tarde" });
    await join("antes@example.com", { hasta: "2030-12-02" });
    const ana = await join("ana@example.com");
    const bety = await join("bety@example.com");
    const carla = await join("carla@example.com", { franja: "manana" });
    expect(await runDueJobs(db, now)).toBe(0);

    await cancelAppointment(db, cita.id, { by: "cliente" }, now);
    await runDueJobs(db, minutes(now, 1));
    const [first] = await offerRows();
    expect(first).toMatchObject({ entradaId: ana.id, estado: "ofrecida" });
    expect(first.expiraEn.toISOString()).toBe(minutes(now, 31).toISOString());
    expect(offers().map((m) => m.to)).toEqual(["ana@example.com"]);
    expect(mailParts(offers()[0].raw, "text/plain").join("")).toContain(`/lista-de-espera/${first.token}`);
    // held for her: the public calendar leaves it out
    const tuesday = (await availableSlots(db, 120, minutes(now, 2))).find((d) => d.fecha === "2030-12-03");
    expect(tuesday?.horas.map((h) => h.inicio)).not.toContain(slot.toISOString());

    // a second run, the same minute: nothing new
    await runDueJobs(db, minutes(now, 2));
    expect(await offerRows()).toHaveLength(1);

    // 30 minutes later, unclaimed: Bety's turn; Ana's link no longer claims it
    await runDueJobs(db, minutes(now, 32));
    const second = (await offerRows()).find((o) => o.entradaId === bety.id);
    expect(second?.estado).toBe("ofrecida");
    expect((await offerRows()).find((o) => o.entradaId === ana.id)?.estado).toBe("vencida");
    expect(offers().map((m) => m.to)).toEqual(["ana@example.com", "bety@example.com"]);
    const late = await claimOffer(db, first.token, { consentimiento: null, ip: null, userId: null }, minutes(now, 33));
    expect(late).toMatchObject({ ok: false });

    // 50 claims of Bety's link at once: one appointment
    const claimAt = minutes(now, 40);
    const results = await Promise.all(
      Array.from({ length: 50 }, (_, i) =>
        claimOffer(db, second!.token, { consentimiento: null, ip: `203.0.113.${i}`, userId: null }, claimAt),
      ),
    );
    expect(results.filter((r) => r.ok)).toHaveLength(1);
    expect(results.filter((r) => !r.ok).every((r) => !r.ok && /ya no está apartado/.test(r.message))).toBe(true);
    const live = await db
      .select()
      .from(citas)
      .where(and(eq(citas.inicio, slot), inArray(citas.estado, ["apartada", "confirmada"])));
    expect(live).toHaveLength(1);
    expect(live[0]).toMatchObject({ correo: "bety@example.com", estado: "apartada" });
    expect((await offerRows()).find((o) => o.entradaId === bety.id)).toMatchObject({
      estado: "reclamada",
      citaId: live[0].id,
    });
    expect((await db.select().from(listaEspera).where(eq(listaEspera.id, bety.id)))[0].estado).toBe("agendada");

    // her deposit is not paid in time: the hold runs out and Carla (mornings) is offered it
    await runDueJobs(db, minutes(claimAt, 16));
    const third = (await offerRows()).find((o) => o.entradaId === carla.id);
    expect(third?.estado).toBe("ofrecida");
    expect(offers().map((m) => m.to)).toEqual(["ana@example.com", "bety@example.com", "carla@example.com"]);

    // the studio sees who waits, and removes Carla: nobody else wants it, her offer ends
    const list = await callLoader(agendaEspera.loader, "/admin/agenda/espera", { cookie: adminCookie });
    const rows = list.body.entradas as { id: string; correo: string; oferta: unknown }[];
    expect(rows.map((r) => r.correo)).toEqual([
      "tarde@example.com",
      "antes@example.com",
      "ana@example.com",
      "carla@example.com",
    ]);
    expect(rows.find((r) => r.correo === "carla@example.com")?.oferta).not.toBeNull();
    const removed = await callAction(
      agendaEspera.action,
      "/admin/agenda/espera",
      { intent: "quitar", id: carla.id },
      { cookie: adminCookie },
    );
    expect(removed.status).toBe(200);
    expect((await offerRows()).find((o) => o.entradaId === carla.id)?.estado).toBe("vencida");
    const client = await signUpUser({ email: "no-admin.espera@example.com" });
    const refused = await callLoader(agendaEspera.loader, "/admin/agenda/espera", { cookie: client.cookie });
    expect(refused.status).toBe(404);
  });

  it("entries end after their last day", async () => {
    const expired = await expireEntries(db, new Date("2030-12-06T18:00:00Z"));
    expect(expired).toBeGreaterThan(0);
    const waiting = await db.select().from(listaEspera).where(eq(listaEspera.estado, "esperando"));
    expect(waiting).toHaveLength(0);
  });
});

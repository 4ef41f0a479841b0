// engine-neutral: jobs run one after another with a clock moved by hand; no races
/**
 * Aftercare until the retoque (issue 30 item 6, booking/aftercare.server.ts): one attended
 * session → the care instructions at once, check-ins on days 1, 7 and 21 with a signed photo
 * link, and the retoque invitation when its window opens; each exactly once with every job
 * run twice; none after the session is corrected to a no-show or once the retoque is booked.
 * The photo lands privately with the session; another session's link or a forged one sees
 * nothing.
 */
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { eq } from "drizzle-orm";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import "~/server/jobs-registry.server";
import * as agendaCita from "~/routes/admin/agenda-cita";
import * as cuidadosPage from "~/routes/cuidados";
import * as cuidadosFoto from "~/routes/cuidados-foto";
import { createAppointment, setAttendance } from "~/server/booking/appointments.server";
import { photoToken } from "~/server/booking/aftercare.server";
import type { Database } from "~/server/db/client.server";
import { cuidadosFotos } from "~/server/db/schema";
import { env } from "~/server/env.server";
import { runDueJobs } from "~/server/jobs.server";
import { callAction, callLoader } from "../support/actions";
import { makeTreatment, signUpUser, useTestDatabase } from "../support/fixtures";
import { mailParts, readOutbox } from "../support/outbox";

let database: Database;
let db: Database["db"];

const DAY = 86_400_000;
const start = new Date("2030-12-02T16:00:00Z");
const at = (fin: Date, days: number, extraMinutes = 1) => new Date(fin.getTime() + days * DAY + extraMinutes * 60_000);
const mailsTo = (correo: string) =>
  readOutbox(env.dataDir)
    .filter((m) => m.to === correo)
    .map((m) => m.subject);

async function attendedSession(correo: string, inicio = start) {
  const cita = await createAppointment(
    db,
    {
      tratamientoId: "microblading",
      inicio,
      nombre: "Ana López",
      telefono: "3312345678",
      correo,
      estado: "confirmada",
    },
    new Date(inicio.getTime() - 3 * DAY),
  );
  return setAttendance(db, cita.id, "atendida", new Date(cita.fin.getTime() + 5 * 60_000));
}

/** Runs the jobs due at `when` twice (a second runner, a rerun). */
async function runTwice(when: Date) {
  await runDueJobs(db, when);
  await runDueJobs(db, when);
}

beforeAll(async () => {
  database = await useTestDatabase({ config: { dataDir: fs.mkdtempSync(path.join(os.tmpdir(), "cuidados-")) } });
  db = database.db;
  await makeTreatment({ anticipo: 0, requiereConsentimiento: false });
}, 60_000);

afterAll(async () => {
  fs.rmSync(env.dataDir, { recursive: true, force: true });
  await database?.close();
});

describe("the aftercare sequence", () => {
  it("sends the care instructions, the check-ins of days 1, 7 and 21 and the retoque invitation, each once", async () => {
    const cita = await attendedSession("ana.cuidados@example.com");
    const confirmation = mailsTo("ana.cuidados@example.com");
    expect(confirmation).toEqual(["¡Cita confirmada!"]);

    await runTwice(at(cita.fin, 0));
    expect(mailsTo("ana.cuidados@example.com").slice(1)).toEqual(["Cuidados después de tu sesión"]);
    await runTwice(at(cita.fin, 0, 60 * 20));
    expect(mailsTo("ana.cuidados@example.com")).toHaveLength(2);

    await runTwice(at(cita.fin, 1));
    await runTwice(at(cita.fin, 7));
    await runTwice(at(cita.fin, 21));
    const checkIns = readOutbox(env.dataDir)
      .filter((m) => m.to === "ana.cuidados@example.com")
      .slice(2);
    expect(checkIns.map((m) => m.subject)).toEqual([
      "¿Cómo va tu cicatrización?",
      "Día 7: ¿cómo va tu Microblading?",
      "Día 21: ¿cómo va tu Microblading?",
    ]);
    expect(mailParts(checkIns[0].raw, "text/plain").join("")).toContain(`/cuidados/${photoToken(cita.id, 1)}`);
    await runTwice(at(cita.fin, 29));
    expect(mailsTo("ana.cuidados@example.com")).toHaveLength(5);
    await runTwice(at(cita.fin, 30));
    await runTwice(at(cita.fin, 44));
    expect(mailsTo("ana.cuidados@example.com").slice(5)).toEqual(["Es momento de agendar tu retoque"]);
  });

  it("stops when the session is corrected to a no-show, and when the retoque is booked", async () => {
    const missed = await attendedSession("bety.cuidados@example.com", new Date("2030-12-03T16:00:00Z"));
    await runTwice(at(missed.fin, 0));
    await setAttendance(db, missed.id, "no-asistio", at(missed.fin, 0, 30));
    for (const days of [1, 7, 21, 30, 40]) await runTwice(at(missed.fin, days));
    expect(mailsTo("bety.cuidados@example.com")).toEqual(["¡Cita confirmada!", "Cuidados después de tu sesión"]);

    const done = await attendedSession("carla.cuidados@example.com", new Date("2030-12-04T16:00:00Z"));
    await runTwice(at(done.fin, 1));
    // she books her retoque early (day 5): the rest of the sequence stops
    await createAppointment(
      db,
      {
        tratamientoId: "microblading",
        inicio: new Date(done.inicio.getTime() + 35 * DAY),
        nombre: "Carla",
        telefono: "3312345679",
        correo: "carla.cuidados@example.com",
        estado: "confirmada",
        esRetoque: true,
        citaOrigenId: done.id,
      },
      at(done.fin, 5),
    );
    for (const days of [7, 21, 30, 40]) await runTwice(at(done.fin, days));
    const subjects = mailsTo("carla.cuidados@example.com");
    expect(subjects.filter((s) => s !== "¡Cita confirmada!" && s !== "Te esperamos mañana")).toEqual([
      "Cuidados después de tu sesión",
      "¿Cómo va tu cicatrización?",
    ]);
  });
});

describe("the healing photo", () => {
  it("lands privately with her session; a forged link gets 403 and another session's link sees nothing", async () => {
    const mine = await attendedSession("dora.cuidados@example.com", new Date("2030-12-05T16:00:00Z"));
    const other = await attendedSession("eva.cuidados@example.com", new Date("2030-12-06T16:00:00Z"));
    const token = photoToken(mine.id, 7);
    const photo = await sharp({ create: { width: 40, height: 30, channels: 3, background: "#c9a" } })
      .jpeg()
      .toBuffer();

    const page = await callLoader(cuidadosPage.loader, `/cuidados/${token}`, { params: { token } });
    expect(page.status).toBe(200);
    expect(page.body.dia).toBe(7);
    const sent = await callAction(
      cuidadosPage.action,
      `/cuidados/${token}`,
      { foto: new Blob([photo], { type: "image/jpeg" }) },
      { params: { token } },
    );
    expect(sent.body).toMatchObject({ ok: true });
    const notAPhoto = await callAction(
      cuidadosPage.action,
      `/cuidados/${token}`,
      { foto: new Blob(["hola"], { type: "image/jpeg" }) },
      { params: { token } },
    );
    expect(notAPhoto.status).toBe(415);

    const [row] = await db.select().from(cuidadosFotos).where(eq(cuidadosFotos.citaId, mine.id));
    expect(row.ref.startsWith("private:cuidados/")).toBe(true);
    expect(row.dia).toBe(7);
    const mineImage = await callLoader(cuidadosFoto.loader, "/", { params: { token, foto: String(row.id) } });
    expect(mineImage.status).toBe(200);
    expect(mineImage.headers.get("Cache-Control")).toBe("private, no-store");

    // another client's link: her own page, and none of Dora's photos
    const otherToken = photoToken(other.id, 7);
    const otherImage = await callLoader(cuidadosFoto.loader, "/", {
      params: { token: otherToken, foto: String(row.id) },
    });
    expect(otherImage.status).toBe(404);
    const otherPage = await callLoader(cuidadosPage.loader, `/cuidados/${otherToken}`, {
      params: { token: otherToken },
    });
    expect(otherPage.body.fotos).toEqual([]);
    // a forged signature, or Dora's session under another day's signature: 403, nothing written
    const forged = `${mine.id}.7.${"A".repeat(32)}`;
    const swapped = `${other.id}.7.${token.split(".")[2]}`;
    for (const bad of [forged, swapped]) {
      expect(
        (await callLoader(cuidadosFoto.loader, "/", { params: { token: bad, foto: String(row.id) } })).status,
      ).toBe(403);
      expect((await callLoader(cuidadosPage.loader, "/", { params: { token: bad } })).status).toBe(403);
      const refused = await callAction(
        cuidadosPage.action,
        "/",
        { foto: new Blob([photo], { type: "image/jpeg" }) },
        { params: { token: bad } },
      );
      expect(refused.status).toBe(403);
    }
    expect(await db.select().from(cuidadosFotos)).toHaveLength(1);

    // the studio sees it on the appointment's screen
    const admin = await signUpUser({ email: "estudio.cuidados@example.com", role: "admin" });
    const screen = await callLoader(agendaCita.loader, `/admin/agenda/${mine.id}`, {
      cookie: admin.cookie,
      params: { id: mine.id },
    });
    const fotos = screen.body.fotosCuidados as { src: string; dia: number }[];
    expect(fotos).toHaveLength(1);
    expect(fotos[0].dia).toBe(7);
    const [, , linkToken, , fotoId] = fotos[0].src.split("/");
    expect(
      (await callLoader(cuidadosFoto.loader, fotos[0].src, { params: { token: linkToken, foto: fotoId } })).status,
    ).toBe(200);
    const otherScreen = await callLoader(agendaCita.loader, `/admin/agenda/${other.id}`, {
      cookie: admin.cookie,
      params: { id: other.id },
    });
    expect(otherScreen.body.fotosCuidados).toEqual([]);
  });
});

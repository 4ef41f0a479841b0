// engine-neutral: signings and job runs happen one after another, never at once
/**
 * Consent that stands up (issue 30, deliverable 3), through the booking page's loader and
 * action and the admin appointment's, on the real database: signing records the version,
 * answers, signature (typed and drawn), time, IP and a hash; the PDF copy is mailed once
 * however often its job runs; a logged-in client with a standing consent skips the form,
 * and signs again when the version changed or 12 months passed; a forged drawing is refused
 * in Spanish and writes nothing; the artist countersigns (admins only); her records, each
 * with its exact version text, for her and for the client record (`consentsForClient`).
 */
import { execFileSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { action as adminCitaAction, loader as adminCitaLoader } from "~/routes/admin/agenda-cita";
import { action as bookAction, loader as bookLoader } from "~/routes/agendar-tratamiento";
import { loader as misCitasLoader } from "~/routes/mis-citas";
import { questionsFor } from "~/domain/booking";
import { addMonths, drawnSignatureErrors } from "~/domain/consent";
import { availableSlots } from "~/server/booking/booking.server";
import { consentForm } from "~/server/booking/content.server";
import {
  CONSENT_COPY_JOB,
  consentsForClient,
  currentConsentVersion,
  recordHash,
} from "~/server/booking/consent.server";
import type { Database } from "~/server/db/client.server";
import { citas, consentimientoVersiones, consentimientos, correos, tareas } from "~/server/db/schema";
import { runDueJobs } from "~/server/jobs.server";
import { captureLogs } from "~/server/log.server";
import "~/server/jobs-registry.server";
import { type TestUser, makeTreatment, signUpUser, useTestDatabase } from "../support/fixtures";
import { callAction, callLoader } from "../support/actions";
import { readOutbox } from "../support/outbox";

const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "consent-"));
let database: Database;
let client: TestUser;
let admin: TestUser;
let slots: string[];
const DRAWING = "M40 120l10 -20 15 -10 20 5 10 25M200 100l30 0 20 -15";
const PATH = "/agendar/microblading";

const questions = () => questionsFor(consentForm().preguntas, "Cejas Microblading");

/** The booking form, filled: every answer "no" but allergies "sí" with a detail (a health answer, no contraindication). */
function form(inicio: string, extra: Record<string, string> = {}, who = { nombre: "Ana López", correo: "" }) {
  const answers = Object.fromEntries(
    questions().flatMap((q) => [
      [`p_${q.id}`, q.id === "alergias" ? "si" : "no"],
      [`d_${q.id}`, q.id === "alergias" ? "Penicilina, desde niña" : ""],
    ]),
  );
  return {
    inicio,
    nombre: who.nombre,
    telefono: "33 1234 5678",
    correo: who.correo,
    ...answers,
    firma: who.nombre,
    acepto: "si",
    politica: "si",
    ...extra,
  };
}

const book = (fields: Record<string, string>, options: { cookie?: string; ip?: string } = {}) =>
  callAction(bookAction, PATH, fields, { params: { tratamiento: "microblading" }, ...options });

const recordsOf = (userId: string) =>
  database.db.select().from(consentimientos).where(eq(consentimientos.userId, userId));

beforeAll(async () => {
  database = await useTestDatabase({ config: { dataDir, smtpUrl: undefined } });
  // no deposit: booked at once (confirmed), so the artist may countersign
  await makeTreatment({ anticipo: 0 });
  client = await signUpUser({ name: "Ana López" });
  admin = await signUpUser({ name: "Michel Alvarez", role: "admin" });
  slots = (await availableSlots(database.db, 120)).flatMap((d) => d.horas.map((h) => h.inicio));
});

afterAll(async () => {
  await database?.close();
  fs.rmSync(dataDir, { recursive: true, force: true });
});

beforeEach(async () => {
  await database.db.delete(consentimientos);
  await database.db.delete(citas);
  await database.db.delete(tareas);
  await database.db.delete(correos);
  fs.rmSync(path.join(dataDir, "outbox"), { recursive: true, force: true });
});

/** A consent signed earlier on `version` (another text, or today's) at `firmadoEn`. */
async function signedEarlier(firmadoEn: Date, version = currentConsentVersion()) {
  await database.db
    .insert(consentimientoVersiones)
    .values({
      version: version.version,
      hash: version.hash,
      titulo: version.titulo,
      preguntas: version.preguntas,
      declaracionHtml: version.declaracionHtml,
    })
    .onConflictDoNothing();
  const [v] = await database.db
    .select()
    .from(consentimientoVersiones)
    .where(eq(consentimientoVersiones.hash, version.hash));
  const respuestas = questions().map((q) => ({ id: q.id, pregunta: q.texto, respuesta: "no" as const, detalle: "" }));
  const hash = recordHash({ versionHash: v.hash, respuestas, firmaNombre: "Ana López", firmaTrazo: null, firmadoEn });
  await database.db.insert(consentimientos).values({
    id: `antes-${firmadoEn.getTime()}`,
    userId: client.id,
    nombre: "Ana López",
    correo: client.email,
    versionId: v.id,
    respuestas,
    firmaNombre: "Ana López",
    firmadoEn,
    ip: "198.51.100.20",
    hash,
  });
}

describe("signing with the booking", () => {
  it("records version, answers, drawn and typed signature, time, IP and hash; mails the PDF once", async () => {
    const logs = captureLogs("debug");
    const answer = await book(form(slots[0], { trazo: DRAWING }, { nombre: "Ana López", correo: client.email }), {
      cookie: client.cookie,
      ip: "203.0.113.7",
    });
    expect(answer.status).toBe(302);
    const [record] = await recordsOf(client.id);
    const [cita] = await database.db.select().from(citas).where(eq(citas.id, record.citaId!));
    expect(cita.consentimientoId).toBe(record.id);
    expect(cita.estado).toBe("confirmada");
    // the old column keeps its answers for the screens that read it
    expect(cita.consentimiento).toMatchObject({ firma: "Ana López" });

    const version = currentConsentVersion();
    const [v] = await database.db
      .select()
      .from(consentimientoVersiones)
      .where(eq(consentimientoVersiones.id, record.versionId));
    expect(v).toMatchObject({
      version: "2026-11",
      hash: version.hash,
      titulo: version.titulo,
      declaracionHtml: version.declaracionHtml,
    });
    expect(record).toMatchObject({
      ip: "203.0.113.7",
      firmaNombre: "Ana López",
      firmaTrazo: DRAWING,
      correo: client.email,
    });
    expect(record.respuestas.find((r) => r.id === "alergias")).toMatchObject({
      respuesta: "si",
      detalle: "Penicilina, desde niña",
    });
    expect(record.hash).toMatch(/^[0-9a-f]{64}$/);
    expect(record.hash).toBe(
      recordHash({
        versionHash: version.hash,
        respuestas: record.respuestas,
        firmaNombre: record.firmaNombre,
        firmaTrazo: record.firmaTrazo,
        firmadoEn: record.firmadoEn,
      }),
    );

    // the copy: one job, one mail with the PDF, however often the job runs (a second process, a restart)
    const later = new Date(Date.now() + 60_000);
    await runDueJobs(database.db, later);
    await database.db
      .update(tareas)
      .set({ estado: "pendiente" })
      .where(eq(tareas.clave, `${CONSENT_COPY_JOB}:${record.id}`));
    await runDueJobs(database.db, later);
    const mails = await database.db
      .select()
      .from(correos)
      .where(eq(correos.clave, `${CONSENT_COPY_JOB}:${record.id}`));
    expect(mails).toHaveLength(1);
    expect(readOutbox(dataDir).filter((m) => m.subject.startsWith("Tu consentimiento firmado"))).toHaveLength(1);
    logs.stop();
    // health answers never in the logs
    expect(logs.text()).not.toContain("Penicilina");
    // the mail's own text names no health answer; the PDF carries them
    expect(mails[0].texto).not.toContain("Penicilina");
    expect(mails[0].html).not.toContain("Penicilina");
    const [pdf] = mails[0].adjuntos;
    expect(pdf).toMatchObject({ contentType: "application/pdf" });
    const bytes = Buffer.from(pdf.content, "base64");
    expect(bytes.subarray(0, 5).toString("latin1")).toBe("%PDF-");
    const file = path.join(dataDir, "copia.pdf");
    fs.writeFileSync(file, bytes);
    const text = execFileSync("pdftotext", ["-enc", "UTF-8", file, "-"], { encoding: "utf8" });
    expect(text).toContain("Versión 2026-11");
    expect(text).toContain("¿Estás embarazada o en periodo de lactancia?");
    expect(text).toContain("Sí: Penicilina, desde niña");
    expect(text).toContain("IP 203.0.113.7");
    expect(text.replace(/\s+/g, "")).toContain(record.hash);
  });

  it("refuses a forged drawing in Spanish: too big, or not a path; nothing is written", async () => {
    for (const [trazo, error] of [
      [`M0 0l${"1 0 -1 0 ".repeat(800).trim()}`, drawnSignatureErrors.tooBig],
      ['<path d="M0 0"/><script>alert(1)</script>', drawnSignatureErrors.invalid],
      ["M10 10l900 0", drawnSignatureErrors.invalid],
    ] as const) {
      const answer = await book(form(slots[0], { trazo }, { nombre: "Ana López", correo: "ana.invitada@example.com" }));
      expect(answer.status).toBe(400);
      expect((answer.body.errors as Record<string, string>).trazo).toBe(error);
      // her answers come back to the form
      expect((answer.body.values as Record<string, string>).p_alergias).toBe("si");
    }
    expect(await database.db.select().from(citas)).toHaveLength(0);
    expect(await database.db.select().from(consentimientos)).toHaveLength(0);
  });

  it("a guest signs by typing her name (no JavaScript), and always signs: an address does not skip the form", async () => {
    const guest = { nombre: "Berta Ruiz", correo: "berta@example.com" };
    expect((await book(form(slots[0], {}, guest), { ip: "203.0.113.8" })).status).toBe(302);
    const [record] = await database.db.select().from(consentimientos).where(eq(consentimientos.correo, guest.correo));
    expect(record).toMatchObject({ userId: null, firmaTrazo: null, firmaNombre: "Berta Ruiz", ip: "203.0.113.8" });
    // the same address again, without the form: refused, she signs again
    const { inicio, nombre, telefono, correo, politica } = form(slots[1], {}, guest);
    const again = await book({ inicio, nombre, telefono, correo, politica }, { ip: "203.0.113.8" });
    expect(again.status).toBe(400);
    // the client record finds guest signatures by address
    const found = await consentsForClient(database.db, { correo: "BERTA@example.com" });
    expect(found.map((r) => r.id)).toEqual([record.id]);
    expect(found[0].version.declaracionHtml).toBe(currentConsentVersion().declaracionHtml);
    expect(found[0].integro).toBe(true);
  });
});

describe("a returning client", () => {
  const contactOnly = (inicio: string) => ({
    inicio,
    nombre: "Ana López",
    telefono: "3312345678",
    correo: client.email,
    politica: "si",
  });
  const loaderFor = async () =>
    (
      await callLoader(bookLoader, `${PATH}?inicio=${encodeURIComponent(slots[2])}`, {
        cookie: client.cookie,
        params: { tratamiento: "microblading" },
      })
    ).body as { consent: unknown; consentVigente: string | null };

  it("skips the form while her consent stands: the new appointment points to the same record", async () => {
    await signedEarlier(addMonths(new Date(), -11));
    const page = await loaderFor();
    expect(page.consent).toBeNull();
    expect(page.consentVigente).toMatch(/ de 20\d\d$/);
    expect((await book(contactOnly(slots[2]), { cookie: client.cookie })).status).toBe(302);
    const [cita] = await database.db.select().from(citas).where(eq(citas.userId, client.id));
    const records = await recordsOf(client.id);
    expect(records).toHaveLength(1);
    expect(cita.consentimientoId).toBe(records[0].id);
  });

  it("signs again when the version changed", async () => {
    const old = {
      ...currentConsentVersion(),
      version: "2026-10",
      hash: "f".repeat(64),
      declaracionHtml: "<p>Texto anterior.</p>",
    };
    await signedEarlier(addMonths(new Date(), -1), old);
    const page = await loaderFor();
    expect(page.consentVigente).toBeNull();
    expect(page.consent).not.toBeNull();
    expect((await book(contactOnly(slots[2]), { cookie: client.cookie })).status).toBe(400);
    expect(
      (await book(form(slots[2], {}, { nombre: "Ana López", correo: client.email }), { cookie: client.cookie })).status,
    ).toBe(302);
    // both stay, each with its exact text
    const mine = await consentsForClient(database.db, { userId: client.id });
    expect(mine.map((r) => r.version.version)).toEqual(["2026-11", "2026-10"]);
    expect(mine[1].version.declaracionHtml).toBe("<p>Texto anterior.</p>");
    expect(mine.every((r) => r.integro)).toBe(true);
  });

  it("signs again 12 months later", async () => {
    await signedEarlier(addMonths(new Date(Date.now() - 60_000), -12));
    const page = await loaderFor();
    expect(page.consentVigente).toBeNull();
    expect(page.consent).not.toBeNull();
    expect((await book(contactOnly(slots[2]), { cookie: client.cookie })).status).toBe(400);
  });

  it("sees her signed consents on /mis-citas", async () => {
    await signedEarlier(addMonths(new Date(), -2));
    const page = (await callLoader(misCitasLoader, "/mis-citas", { cookie: client.cookie })).body as {
      consentimientos: { id: string; version: string; hash: string }[];
    };
    expect(page.consentimientos).toHaveLength(1);
    expect(page.consentimientos[0]).toMatchObject({ version: "2026-11" });
  });
});

describe("the artist countersigns", () => {
  it("shows the record with its exact text; only an admin countersigns, once", async () => {
    expect(
      (
        await book(form(slots[slots.length - 1], { trazo: DRAWING }, { nombre: "Ana López", correo: client.email }), {
          cookie: client.cookie,
        })
      ).status,
    ).toBe(302);
    const [cita] = await database.db.select().from(citas).where(eq(citas.userId, client.id));
    const params = { id: cita.id };

    const screen = (await callLoader(adminCitaLoader, `/admin/agenda/${cita.id}`, { cookie: admin.cookie, params }))
      .body as {
      firmado: {
        version: string;
        declaracionHtml: string;
        firmaTrazo: string;
        hash: string;
        integro: boolean;
        contrafirma: string | null;
      };
    };
    expect(screen.firmado).toMatchObject({
      version: "2026-11",
      declaracionHtml: currentConsentVersion().declaracionHtml,
      firmaTrazo: DRAWING,
      integro: true,
      contrafirma: null,
    });

    // a client (or nobody) gets the admin area's 404, and nothing is signed
    for (const cookie of [client.cookie, ""]) {
      const refused = await callAction(
        adminCitaAction,
        `/admin/agenda/${cita.id}`,
        { intent: "contrafirmar" },
        { cookie, params },
      );
      expect(refused.status).toBe(404);
    }
    const [before] = await recordsOf(client.id);
    expect(before.contrafirmadoEn).toBeNull();

    // on the day, not before
    const early = await callAction(
      adminCitaAction,
      `/admin/agenda/${cita.id}`,
      { intent: "contrafirmar" },
      { cookie: admin.cookie, params },
    );
    expect(early.status).toBe(409);
    expect((early.body.alert as { text: string }).text).toMatch(/^Se firma el día de la cita/);
    const hour = 3_600_000;
    const started = new Date(Date.now() - hour);
    await database.db
      .update(citas)
      .set({
        inicio: started,
        fin: new Date(started.getTime() + 2 * hour),
        ocupaHasta: new Date(started.getTime() + 2 * hour),
      })
      .where(eq(citas.id, cita.id));

    const signed = await callAction(
      adminCitaAction,
      `/admin/agenda/${cita.id}`,
      { intent: "contrafirmar" },
      { cookie: admin.cookie, params },
    );
    expect(signed.status).toBe(200);
    expect(signed.body.notice).toBe("Consentimiento firmado como especialista.");
    const [after] = await recordsOf(client.id);
    expect(after).toMatchObject({ especialistaId: admin.id, especialistaNombre: "Michel Alvarez" });
    expect(after.contrafirmadoEn).toBeInstanceOf(Date);
    // the client's own hash is untouched by the countersignature
    expect(after.hash).toBe(before.hash);

    const twice = await callAction(
      adminCitaAction,
      `/admin/agenda/${cita.id}`,
      { intent: "contrafirmar" },
      { cookie: admin.cookie, params },
    );
    expect(twice.status).toBe(409);
    expect(twice.body.alert).toMatchObject({ text: "Este consentimiento ya tiene la firma de la especialista." });
  });

  it("an older appointment (answers only in citas.consentimiento) still shows them, with nothing to countersign", async () => {
    expect((await book(form(slots[4], {}, { nombre: "Carla Díaz", correo: "carla@example.com" }))).status).toBe(302);
    const [cita] = await database.db.select().from(citas).where(eq(citas.correo, "carla@example.com"));
    // as rows written before issue 30: no record
    await database.db.update(citas).set({ consentimientoId: null }).where(eq(citas.id, cita.id));
    const screen = (
      await callLoader(adminCitaLoader, `/admin/agenda/${cita.id}`, { cookie: admin.cookie, params: { id: cita.id } })
    ).body as { firmado: unknown; cita: { consentimiento: { pregunta: string }[] } };
    expect(screen.firmado).toBeNull();
    expect(screen.cita.consentimiento.map((a) => a.pregunta)).toContain("Firma (nombre completo)");
    const refused = await callAction(
      adminCitaAction,
      `/admin/agenda/${cita.id}`,
      { intent: "contrafirmar" },
      { cookie: admin.cookie, params: { id: cita.id } },
    );
    expect(refused.status).toBe(409);
    expect(
      await database.db
        .select()
        .from(consentimientos)
        .where(and(eq(consentimientos.correo, "carla@example.com"))),
    ).toHaveLength(1);
  });
});

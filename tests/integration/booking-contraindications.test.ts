// engine-neutral: one client at a time; no race or lock is exercised here
/**
 * Issue 30 on the real database: a health answer that hits a contraindication stops the
 * booking (the action answers the free valoración offer; no `citas` row, no `pagos` row, even
 * for a crafted request straight to bookSlot); the free valoración every install has; the
 * statutory holidays closed by default and opened from admin's block-outs; the patch test
 * booked first and the session only from its hours on, enforced by the server. A waitlist
 * offer's claim asks the same questions and stops the same way (it books through bookSlot).
 */
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { questionsFor } from "~/domain/booking";
import { VALORACION_ID } from "~/domain/contraindications";
import { zonedInstant } from "~/domain/slots";
import * as agendarPage from "~/routes/agendar-tratamiento";
import * as offerPage from "~/routes/lista-de-espera-oferta";
import { availableSlots, bookSlot, findBookable } from "~/server/booking/booking.server";
import { consentForm } from "~/server/booking/content.server";
import { patchTestStep } from "~/server/booking/patch-test.server";
import type { Database } from "~/server/db/client.server";
import { eq } from "drizzle-orm";
import { agendaBloqueos, citas, consentimientos, listaEspera, ofertasEspera, pagos } from "~/server/db/schema";
import { env } from "~/server/env.server";
import { callAction } from "../support/actions";
import { makeTreatment, useTestDatabase } from "../support/fixtures";

let database: Database;
const TZ = "America/Mexico_City";
const at = (fecha: string, hora: string) => zonedInstant(fecha, hora, TZ);
const contact = { nombre: "Ana López", telefono: "3312345678", correo: "ana@example.com" };
const questions = () => questionsFor(consentForm().preguntas, "Cejas Microblading");
const counts = async () => ({
  citas: (await database.db.select().from(citas)).length,
  pagos: (await database.db.select().from(pagos)).length,
});

beforeAll(async () => {
  database = await useTestDatabase({ config: { dataDir: fs.mkdtempSync(path.join(os.tmpdir(), "contra-")) } });
  await makeTreatment();
  await makeTreatment({
    id: "prueba-pigmento",
    nombre: "Prueba de pigmento",
    duracion: 20,
    precio: 0,
    anticipo: 0,
    requiereConsentimiento: false,
    retoqueDesde: null,
    retoqueHasta: null,
    precioRetoque: null,
    duracionRetoque: null,
  });
  await makeTreatment({
    id: "labios",
    servicioId: "labios",
    nombre: "Labios",
    requiereConsentimiento: false,
    pruebaTratamientoId: "prueba-pigmento",
    pruebaHoras: 48,
  });
});

afterAll(async () => {
  fs.rmSync(env.dataDir, { recursive: true, force: true });
  await database.close();
});

beforeEach(async () => {
  await database.db.delete(pagos);
  await database.db.delete(citas);
  await database.db.delete(agendaBloqueos);
});

/** The booking form of /agendar/microblading with every health answer "no" but `si`. */
async function postBooking(si: string[], ip: string) {
  const [day] = await availableSlots(database.db, 120);
  const fields: Record<string, string> = {
    ...contact,
    firma: "Ana López",
    acepto: "si",
    politica: "si",
    inicio: day!.horas[0]!.inicio,
  };
  for (const q of questions()) fields[`p_${q.id}`] = si.includes(q.id) ? "si" : "no";
  return callAction(agendarPage.action, "/agendar/microblading", fields, {
    params: { tratamiento: "microblading" },
    ip,
  });
}

describe("a contraindication stops the booking", () => {
  it("a waitlist offer's claim: 'embarazada: sí' books nothing and keeps the offer; 'no' signs the versioned consent, drawn", async () => {
    const [day] = await availableSlots(database.db, 120);
    const inicio = new Date(day!.horas[0]!.inicio);
    await database.db.insert(listaEspera).values({
      id: "espera-ana",
      tratamientoId: "microblading",
      nombre: contact.nombre,
      telefono: contact.telefono,
      correo: contact.correo,
      desde: day!.fecha,
      hasta: day!.fecha,
    });
    const token = "oferta-ana-0123456789";
    await database.db.insert(ofertasEspera).values({
      entradaId: "espera-ana",
      tratamientoId: "microblading",
      inicio,
      ocupaHasta: new Date(inicio.getTime() + 135 * 60_000),
      token,
      expiraEn: new Date(Date.now() + 30 * 60_000),
    });
    const claim = (si: string[], extra: Record<string, string>, ip: string) => {
      const fields: Record<string, string> = { firma: "Ana López", acepto: "si", politica: "si", ...extra };
      for (const q of questions()) fields[`p_${q.id}`] = si.includes(q.id) ? "si" : "no";
      return callAction(offerPage.action, `/lista-de-espera/${token}`, fields, { params: { token }, ip });
    };
    const offerState = async () =>
      (await database.db.select().from(ofertasEspera).where(eq(ofertasEspera.token, token)))[0]!.estado;

    const stopped = await claim(["embarazo"], {}, "198.51.100.30");
    expect(stopped.status).toBe(200);
    expect((stopped.body.offer as { nivel: string }).nivel).toBe("absoluta");
    expect(await counts()).toEqual({ citas: 0, pagos: 0 });
    expect(await offerState()).toBe("ofrecida");

    const drawing = "M40 120l10 -20 15 -10 20 5 10 25M200 100l30 0 20 -15";
    const claimed = await claim([], { trazo: drawing }, "198.51.100.31");
    expect(claimed.status).toBe(302);
    const [cita] = await database.db.select().from(citas);
    expect(cita).toMatchObject({ correo: contact.correo, estado: "apartada", notas: "Desde la lista de espera" });
    expect(await offerState()).toBe("reclamada");
    const [signed] = await database.db.select().from(consentimientos).where(eq(consentimientos.citaId, cita!.id));
    expect(signed).toMatchObject({ firmaNombre: "Ana López", firmaTrazo: drawing, ip: "198.51.100.31" });
    expect(cita!.consentimientoId).toBe(signed!.id);
    await database.db.delete(consentimientos);
    await database.db.delete(listaEspera);
  });

  it("'embarazada: sí' answers the valoración offer: no appointment, no payment", async () => {
    const answer = await postBooking(["embarazo"], "198.51.100.10");
    expect(answer.status).toBe(200);
    const offer = answer.body.offer as {
      valoracionHref: string;
      whatsappHref: string;
      motivos: string[];
      nivel: string;
    };
    expect(offer.nivel).toBe("absoluta");
    expect(offer.valoracionHref).toBe(`/agendar/${VALORACION_ID}`);
    expect(offer.whatsappHref).toMatch(/^https:\/\/wa\.me\//);
    expect(offer.motivos.join(" ")).toMatch(/embarazo/i);
    expect(await counts()).toEqual({ citas: 0, pagos: 0 });
  });

  it("a relative one (diabetes) asks for the valoración too; a 'sí' that is no contraindication books", async () => {
    const relative = await postBooking(["diabetes"], "198.51.100.11");
    expect((relative.body.offer as { nivel: string }).nivel).toBe("relativa");
    expect(await counts()).toEqual({ citas: 0, pagos: 0 });
    const fine = await postBooking(["medicamentos"], "198.51.100.12");
    expect(fine.status).toBe(302);
    expect((await counts()).citas).toBe(1);
  });

  it("a crafted request straight to bookSlot is refused as well", async () => {
    const [day] = await availableSlots(database.db, 120);
    const result = await bookSlot(database.db, {
      tratamientoId: "microblading",
      inicio: new Date(day!.horas[0]!.inicio),
      contact,
      consentimiento: {
        respuestas: [{ id: "isotretinoina", pregunta: "¿Isotretinoína?", respuesta: "si", detalle: "" }],
        firma: "Ana López",
        aceptado: true,
        firmadoEn: new Date().toISOString(),
      },
      userId: null,
      ip: null,
    });
    expect(result).toMatchObject({ ok: false, reason: "contraindicacion" });
    expect(await counts()).toEqual({ citas: 0, pagos: 0 });
  });

  it("the free valoración exists on a fresh install: 20 minutes, price 0, confirmed without a deposit", async () => {
    const valoracion = await findBookable(database.db, VALORACION_ID);
    expect(valoracion).toMatchObject({ duracion: 20, precio: 0, anticipo: 0, requiereConsentimiento: false });
    const [day] = await availableSlots(database.db, 20);
    const booked = await bookSlot(database.db, {
      tratamientoId: VALORACION_ID,
      inicio: new Date(day!.horas[0]!.inicio),
      contact,
      consentimiento: null,
      userId: null,
      ip: null,
    });
    expect(booked).toMatchObject({ ok: true, cita: { estado: "confirmada", anticipo: 0 } });
    expect((await counts()).pagos).toBe(0);
  });
});

describe("statutory holidays", () => {
  const now = at("2026-12-20", "12:00");
  const days = async () => (await availableSlots(database.db, 120, now)).map((d) => d.fecha);

  it("25 December and 1 January show no slots; the studio opens one from its block-outs", async () => {
    const before = await days();
    expect(before).toContain("2026-12-24");
    expect(before).not.toContain("2026-12-25");
    expect(before).not.toContain("2027-01-01");
    expect(before).toContain("2027-01-02");
    await database.db
      .insert(agendaBloqueos)
      .values({ tipo: "abierto", inicio: at("2026-12-25", "00:00"), fin: at("2026-12-26", "00:00") });
    const after = await days();
    expect(after).toContain("2026-12-25");
    expect(after).not.toContain("2027-01-01");
  });

  it("a holiday's slot is refused by the server too", async () => {
    const result = await bookSlot(
      database.db,
      {
        tratamientoId: VALORACION_ID,
        inicio: at("2026-12-25", "10:00"),
        contact,
        consentimiento: null,
        userId: null,
        ip: null,
      },
      now,
    );
    expect(result).toMatchObject({ ok: false, reason: "horario" });
  });
});

describe("patch test before the first session", () => {
  const now = at("2026-12-07", "08:00");
  const TEST = at("2026-12-07", "10:00");
  const book = (tratamientoId: string, inicio: Date, who = contact) =>
    bookSlot(database.db, { tratamientoId, inicio, contact: who, consentimiento: null, userId: null, ip: null }, now);

  it("no test: the session is refused; the test first, then only from 48 h after it", async () => {
    const first = await book("labios", at("2026-12-10", "10:00"));
    expect(first).toMatchObject({ ok: false, reason: "prueba" });
    expect((first as { message: string }).message).toMatch(/prueba de pigmento/);

    const test = await book("prueba-pigmento", TEST);
    if (!test.ok) throw new Error(test.message);
    expect(test.cita.estado).toBe("confirmada");

    const soon = await book("labios", at("2026-12-08", "10:00"));
    expect(soon).toMatchObject({ ok: false, reason: "prueba" });
    expect((soon as { message: string }).message).toMatch(/48 h/);
    // Another client's test does not count for her.
    const other = { nombre: "Eva Ruiz", telefono: "3399999999", correo: "eva@example.com" };
    expect(await book("labios", at("2026-12-09", "12:30"), other)).toMatchObject({ ok: false, reason: "prueba" });

    const session = await book("labios", at("2026-12-09", "10:00"));
    expect(session).toMatchObject({ ok: true, cita: { estado: "apartada" } });
    expect((await counts()).citas).toBe(2);

    // Step 2's calendar from the test's link: only starts from 48 h after the test.
    const step = await patchTestStep(database.db, "labios", test.cita.token);
    expect(step?.from?.toISOString()).toBe(at("2026-12-09", "10:00").toISOString());
    expect((await patchTestStep(database.db, "labios", null))?.step.pruebaHref).toBe(
      "/agendar/prueba-pigmento?para=labios",
    );
  });
});

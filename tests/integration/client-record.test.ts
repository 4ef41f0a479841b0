// engine-neutral: one admin reads and writes in turn; nothing runs at once
/**
 * The client record (issue 30 part 4, ADR 041): /admin/clientas finds accounts and people who
 * booked without one by name, e-mail or phone; /admin/clientas/{id} shows everything of one
 * client (appointments with consent, notes, visits dated by their appointment, orders,
 * courses, mails) and nothing of another; a client cannot open it; ARCO: the export carries her
 * bookings, consents, visits and orders, and the deletion leaves no personal data of hers in
 * any table but the invoice's receptor, her photos deleted from storage.
 */
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { formatSpanishDate } from "~/domain/dates";
import { parseSearch } from "~/domain/search";
import { action as recordAction, loader as recordLoader } from "~/routes/admin/clienta";
import { loader as dataLoader } from "~/routes/admin/clienta-datos";
import { loader as listLoader } from "~/routes/admin/clientas";
import { loader as visitLoader } from "~/routes/visita";
import { createAppointment } from "~/server/booking/appointments.server";
import { currentConsentVersion, recordConsent, recordHash } from "~/server/booking/consent.server";
import type { ClientExport } from "~/server/clients/arco.server";
import { type Database, queryRows } from "~/server/db/client.server";
import {
  citaNotas,
  citas,
  compraLineas,
  compras,
  consentimientoVersiones,
  consentimientos,
  cursos,
  dudas,
  practicaEntregas,
  practicaFotos,
  unidades,
  unidadesTerminadas,
  datosFiscales,
  facturas,
  listaEspera,
  mensajes,
  visitas,
  whatsappConsentimientos,
} from "~/server/db/schema";
import { queueMail } from "~/server/mail.server";
import { searchAdmin } from "~/server/search/search.server";
import { getStorage, readRef } from "~/server/storage/index.server";
import { createVisit } from "~/server/visits/visits.server";
import { callAction, callLoader } from "../support/actions";
import { type TestUser, makeTreatment, signUpUser, useTestDatabase } from "../support/fixtures";

const ANA = { name: "Anabel Trujillo Peña", email: "anabel.trujillo@example.com", phone: "55 8123 4567" };
const BERTA = { name: "Berta Quintanar Ruiz", email: "berta.q@example.com", phone: "33 1987 6543" };
const PHOTO = "private:visitas/anabel-antes-1.jpg";
const PRACTICE_PHOTO = "private:practicas/ana-1.webp";
const OLD_TEXT = "<p>Texto del consentimiento de 2025, tal como lo firmó.</p>";

let database: Database;
let admin: TestUser;
let ana: TestUser;
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "client-record-"));
const ids = { anaCita: "", anaGuestCita: "", bertaCita: "", anaVisit: "", bertaVisit: "" };
const day = (n: number) => new Date(Date.UTC(2026, 2, n, 17, 0));

beforeAll(async () => {
  database = await useTestDatabase({ config: { dataDir, smtpUrl: undefined } });
  const db = database.db;
  admin = await signUpUser({ role: "admin" });
  ana = await signUpUser({ name: ANA.name, email: ANA.email });
  await makeTreatment();
  const consent = {
    respuestas: [{ id: "embarazo", pregunta: "¿Estás embarazada?", respuesta: "no", detalle: "" }],
    firma: ANA.name,
    aceptado: true as const,
    firmadoEn: day(1).toISOString(),
  };
  const book = (who: typeof ANA, inicio: Date, userId: string | null, consentimiento: unknown) =>
    createAppointment(db, {
      tratamientoId: "microblading",
      inicio,
      nombre: who.name,
      telefono: who.phone,
      correo: userId ? who.email : who.email.toUpperCase(),
      userId,
      estado: "confirmada",
      consentimiento: consentimiento as Record<string, unknown> | null,
    });
  ids.anaCita = (await book(ANA, day(10), ana.id, consent)).id;
  // booked again without logging in, her e-mail in capitals: still hers
  ids.anaGuestCita = (await book(ANA, day(12), null, null)).id;
  ids.bertaCita = (await book(BERTA, day(11), null, { ...consent, firma: BERTA.name })).id;

  // two signed consents of hers on two versions of the text: last year's, and today's with a drawing
  const respuestas = [{ id: "embarazo", pregunta: "¿Estás embarazada?", respuesta: "no" as const, detalle: "" }];
  const [older] = await db
    .insert(consentimientoVersiones)
    .values({
      version: "2025-01",
      hash: "a".repeat(64),
      titulo: "Consentimiento 2025",
      preguntas: [],
      declaracionHtml: OLD_TEXT,
    })
    .returning();
  await db.insert(consentimientos).values({
    id: "consent-ana-2025",
    citaId: ids.anaGuestCita,
    nombre: ANA.name,
    correo: ANA.email,
    versionId: older!.id,
    respuestas,
    firmaNombre: ANA.name,
    firmadoEn: day(2),
    ip: "198.51.100.7",
    hash: recordHash({
      versionHash: older!.hash,
      respuestas,
      firmaNombre: ANA.name,
      firmaTrazo: null,
      firmadoEn: day(2),
    }),
  });
  await recordConsent(
    db,
    { id: ids.anaCita, userId: ana.id, nombre: ANA.name, correo: ANA.email },
    { consentimiento: { ...consent, respuestas }, trazo: "M 1 1 L 20 20", ip: "198.51.100.8", now: day(3) },
  );

  await getStorage("private").put("visitas/anabel-antes-1.jpg", new Uint8Array([1, 2, 3]), "image/jpeg");
  ids.anaVisit = (await createVisit(db, { clienta: ANA.name, antes: [PHOTO] })).id;
  ids.bertaVisit = (await createVisit(db, { clienta: BERTA.name })).id;
  await db.update(visitas).set({ citaId: ids.anaCita }).where(eq(visitas.id, ids.anaVisit));
  await db.update(visitas).set({ citaId: ids.bertaCita }).where(eq(visitas.id, ids.bertaVisit));

  await db.insert(compras).values({
    id: "MA-ANA1",
    compradorId: ana.id,
    total: 45_000,
    proveedor: "demo",
    pagoId: "pago-ana-1",
    datosContacto: { correo: ANA.email, telefono: ANA.phone },
    datosEnvio: {
      nombre: "Anabel",
      apellido: "Trujillo Peña",
      direccion: "Calle Falsa 123",
      colonia: "Centro",
      codigo_postal: "06000",
      ciudad: "CDMX",
      estado: "CDMX",
      pais: "México",
    },
  });
  await db
    .insert(compraLineas)
    .values({ compraId: "MA-ANA1", nombre: "Pigmento café", precio: 45_000, precioOriginal: 45_000, cantidad: 1 });
  await db.insert(facturas).values({
    id: "fac-ana-1",
    compraId: "MA-ANA1",
    userId: ana.id,
    estado: "vigente",
    proveedor: "demo",
    clave: "clave-fac-ana-1",
    uuid: "UUID-ANA-1",
    rfc: "TUPA800101ABC",
    razonSocial: ANA.name.toUpperCase(),
    regimen: "612",
    uso: "G03",
    codigoPostal: "06000",
    correo: ANA.email,
    formaPago: "04",
    total: 45_000,
  });
  // what the academy keeps of her: a unit done and a practice submission with a photo and a note
  await db.insert(cursos).values({ id: "curso-ana", titulo: "Microblading Online", tipo: "online" });
  await db.insert(unidades).values({ id: "unidad-ana", cursoId: "curso-ana", nombre: "Trazos" });
  await db
    .insert(unidadesTerminadas)
    .values({ userId: ana.id, cursoId: "curso-ana", unidadId: "unidad-ana", como: "manual" });
  const [entrega] = await db
    .insert(practicaEntregas)
    .values({
      userId: ana.id,
      cursoId: "curso-ana",
      unidadId: "unidad-ana",
      nota: "Práctica de Anabel Trujillo en látex",
    })
    .returning();
  await getStorage("private").put("practicas/ana-1.webp", new Uint8Array([4, 5, 6]), "image/webp");
  await db.insert(practicaFotos).values({ entregaId: entrega!.id, ref: PRACTICE_PHOTO });
  await db.insert(dudas).values({
    unidadId: "unidad-ana",
    cursoId: "curso-ana",
    userId: ana.id,
    texto: "Soy Anabel Trujillo: ¿qué aguja uso?",
  });
  // what the clinic keeps of her too: a waitlist entry, a WhatsApp message and her number's consent
  await db.insert(listaEspera).values({
    id: "espera-ana",
    tratamientoId: "microblading",
    userId: ana.id,
    nombre: ANA.name,
    telefono: "5581234567",
    correo: ANA.email,
    desde: "2026-12-01",
    hasta: "2026-12-20",
  });
  await db.insert(whatsappConsentimientos).values({
    telefono: "525581234567",
    userId: ana.id,
    acepta: true,
    texto: "Acepto recibir por WhatsApp…",
    aceptadoEn: new Date(),
    origen: "perfil",
  });
  await db.insert(mensajes).values({
    telefono: "525581234567",
    plantilla: "cita_confirmada",
    parametros: [ANA.name],
    correo: { to: ANA.email, subject: "Tu cita", html: `<p>${ANA.name}</p>`, text: ANA.name },
  });
  await db.insert(datosFiscales).values({
    userId: ana.id,
    rfc: "TUPA800101ABC",
    razonSocial: ANA.name,
    regimen: "612",
    uso: "G03",
    codigoPostal: "06000",
  });
  await queueMail(db, {
    to: ANA.email,
    subject: "Tu cita está confirmada",
    text: `Hola ${ANA.name}`,
    html: `<p>Hola ${ANA.name}</p>`,
  });
  await queueMail(db, {
    to: "estudio@example.com",
    subject: "Nueva cita",
    text: `Cita de ${ANA.name}, tel. ${ANA.phone}`,
    html: "<p>Nueva cita</p>",
  });
  await queueMail(db, {
    to: BERTA.email,
    subject: "Tu cita está confirmada",
    text: `Hola ${BERTA.name}`,
    html: "<p>Hola</p>",
  });
});

afterAll(async () => {
  await database?.close();
  fs.rmSync(dataDir, { recursive: true, force: true });
});

const asAdmin = (p: string, params: Record<string, string> = {}) =>
  callLoader(recordLoader, p, { cookie: admin.cookie, params });
type Record_ = {
  record: {
    citas: { id: string; consentimientos: unknown[]; visitas: { fecha: string; fotos: unknown[] }[] }[];
    compras: unknown[];
    mensajes: { asunto: string }[];
    visitasSinCita: unknown[];
  };
};

describe("the clients list", () => {
  it("finds accounts and booking-only clients by name (a typo, no accents), e-mail or phone", async () => {
    const find = async (q: string) =>
      (await callLoader(listLoader, `/admin/clientas?q=${encodeURIComponent(q)}`, { cookie: admin.cookie })).body as {
        items: { id: string; title: string; badge?: string }[];
      };
    expect((await find("trujilo pena")).items.map((i) => i.id)).toEqual([ana.id]);
    expect((await find("anabel.trujillo@")).items.map((i) => i.id)).toEqual([ana.id]);
    expect((await find("8123 4567")).items.map((i) => i.id)).toEqual([ana.id]);
    const berta = (await find("berta.q@example")).items;
    expect(berta).toEqual([expect.objectContaining({ id: `cita-${ids.bertaCita}`, badge: "Sin cuenta" })]);
    // every client, her account once (the booking under her e-mail is hers, not a second client)
    const all = (await find("")).items;
    expect(all.filter((i) => i.title === ANA.name)).toHaveLength(1);
    // the owner's search finds the same clients, through the same indexed branches
    const admin_ = await searchAdmin(database.db, (parseSearch("1987 6543") as unknown as { query: never }).query);
    expect(admin_.clientes.map((c) => c.id)).toEqual([`cita-${ids.bertaCita}`]);
  });

  it("finds a client by the name she has now: the name kept without accents follows every change", async () => {
    const find = async (q: string) =>
      (
        (await callLoader(listLoader, `/admin/clientas?q=${encodeURIComponent(q)}`, { cookie: admin.cookie })).body as {
          items: { id: string }[];
        }
      ).items.map((i) => i.id);
    await database.db.execute(sql`update users set name = 'Anabel Zúñiga Peña' where id = ${ana.id}`);
    await database.db.execute(sql`update citas set nombre = 'Bertha Ibáñez' where id = ${ids.bertaCita}`);
    try {
      expect(await find("zuniga")).toEqual([ana.id]);
      expect(await find("ibanez")).toEqual([`cita-${ids.bertaCita}`]);
    } finally {
      await database.db.execute(sql`update users set name = ${ANA.name} where id = ${ana.id}`);
      await database.db.execute(sql`update citas set nombre = ${BERTA.name} where id = ${ids.bertaCita}`);
    }
  });
});

describe("one client's record", () => {
  it("shows everything of hers and nothing of another's; the visit dated by its appointment", async () => {
    const answer = await asAdmin(`/admin/clientas/${ana.id}`, { id: ana.id });
    expect(answer.status).toBe(200);
    const { record } = answer.body as unknown as Record_;
    expect(record.citas.map((c) => c.id).sort()).toEqual([ids.anaCita, ids.anaGuestCita].sort());
    const signed = record.citas.find((c) => c.id === ids.anaCita)!;
    expect(signed.consentimientos).toHaveLength(1);
    expect(signed.visitas).toHaveLength(1);
    expect(signed.visitas[0]!.fecha).toBe(formatSpanishDate(day(10)));
    expect(signed.visitas[0]!.fotos).toHaveLength(1);
    expect(record.compras).toHaveLength(1);
    expect(record.mensajes.map((m) => m.asunto)).toContain("Tu cita está confirmada");
    const text = JSON.stringify(answer.body);
    for (const other of [BERTA.name, BERTA.email, BERTA.phone, ids.bertaCita, ids.bertaVisit])
      expect(text).not.toContain(other);

    // the visit's own page carries the appointment's day too, not the import's
    const visit = await callLoader(visitLoader, "/x", {
      params: { visitSlug: "tu-visita-con-anabel-trujillo-pena", visitId: ids.anaVisit },
    });
    expect(visit.body.fecha).toBe(formatSpanishDate(day(10)));

    // a booking-only client's record by one of her bookings; a booking of Ana's leads to Ana's
    const berta = await asAdmin(`/admin/clientas/cita-${ids.bertaCita}`, { id: `cita-${ids.bertaCita}` });
    expect(JSON.stringify(berta.body)).not.toContain(ANA.email);
    const viaBooking = await asAdmin(`/admin/clientas/cita-${ids.anaGuestCita}`, { id: `cita-${ids.anaGuestCita}` });
    expect(viaBooking.status).toBe(302);
    expect(viaBooking.headers.get("Location")).toBe(`/admin/clientas/${ana.id}`);
  });

  it("is a 404 for the client herself, for nobody logged in, and for an unknown id", async () => {
    for (const cookie of [ana.cookie, ""]) {
      expect(
        (await callLoader(recordLoader, `/admin/clientas/${ana.id}`, { cookie, params: { id: ana.id } })).status,
      ).toBe(404);
      expect((await callLoader(listLoader, "/admin/clientas", { cookie })).status).toBe(404);
      expect((await callLoader(dataLoader, "/x", { cookie, params: { id: ana.id, formato: "json" } })).status).toBe(
        404,
      );
      const erase = await callAction(
        recordAction,
        "/x",
        { intent: "eliminar", confirmacion: "ELIMINAR" },
        { cookie, params: { id: ana.id } },
      );
      expect(erase.status).toBe(404);
    }
    expect((await asAdmin("/admin/clientas/nadie", { id: "nadie" })).status).toBe(404);
    expect((await asAdmin(`/admin/clientas/${admin.id}`, { id: admin.id })).status).toBe(404);
  });

  it("keeps the artist's notes per session, only on her own appointments, within their limits", async () => {
    const save = (cita: string, tecnica = "Microblading pelo a pelo") =>
      callAction(
        recordAction,
        "/x",
        { intent: "notas", cita, tecnica, pigmento: "Café medio", aguja: "U18", notas: "Piel grasa" },
        { cookie: admin.cookie, params: { id: ana.id } },
      );
    expect((await save(ids.anaCita)).status).toBe(200);
    expect((await save(ids.bertaCita)).status).toBe(400);
    expect((await save(ids.anaCita, "x".repeat(500))).status).toBe(400);
    const rows = await database.db.select().from(citaNotas);
    expect(rows).toEqual([
      expect.objectContaining({ citaId: ids.anaCita, tecnica: "Microblading pelo a pelo", aguja: "U18" }),
    ]);
  });
});

describe("ARCO", () => {
  it("exports her bookings with their consent, visits and photos, notes, orders and mails (JSON and PDF)", async () => {
    const json = await callLoader(dataLoader, "/x", { cookie: admin.cookie, params: { id: ana.id, formato: "json" } });
    expect(json.status).toBe(200);
    expect(json.headers.get("Cache-Control")).toContain("no-store");
    // callLoader reads a Response's status only: ask the loader again for the body
    const response = (await dataLoader({
      request: new Request("http://localhost/x", { headers: { Cookie: admin.cookie } }),
      params: { id: ana.id, formato: "json" },
      context: {},
    } as never)) as Response;
    const exported = (await response.json()) as ClientExport;
    expect(exported.citas).toHaveLength(2);
    const signed = exported.citas.find((c) => c.id === ids.anaCita)!;
    expect(signed.consentimientos[0]!.respuestas[0]).toMatchObject({ pregunta: "¿Estás embarazada?", respuesta: "No" });
    expect(signed.notasDeSesion).toMatchObject({ pigmento: "Café medio" });
    expect(signed.visitas[0]!.fotos).toHaveLength(1);
    expect(exported.compras[0]).toMatchObject({
      id: "MA-ANA1",
      datosEnvio: expect.objectContaining({ direccion: "Calle Falsa 123" }),
    });
    expect(exported.facturas[0]).toMatchObject({ uuid: "UUID-ANA-1" });
    expect(exported.mensajes.map((m) => m.asunto)).toContain("Tu cita está confirmada");
    expect(JSON.stringify(exported)).not.toContain(BERTA.email);
    // every consent she signed, each with its version's exact text, newest first, untouched
    expect(
      exported.consentimientosFirmados.map((c) => ({
        version: c.version.version,
        texto: c.version.declaracionHtml,
        integro: c.integro,
        cita: c.citaId,
      })),
    ).toEqual([
      {
        version: currentConsentVersion().version,
        texto: currentConsentVersion().declaracionHtml,
        integro: true,
        cita: ids.anaCita,
      },
      { version: "2025-01", texto: OLD_TEXT, integro: true, cita: ids.anaGuestCita },
    ]);
    expect(exported.consentimientosFirmados[0]!.firmaDibujada).toBe("M 1 1 L 20 20");
    // the academy's: her progress and her practice with its photo
    expect(exported.escuela.progreso).toEqual([
      expect.objectContaining({ curso: "Microblading Online", unidad: "Trazos" }),
    ]);
    expect(exported.escuela.preguntas).toEqual([
      expect.objectContaining({ pregunta: "Soy Anabel Trujillo: ¿qué aguja uso?" }),
    ]);
    expect(exported.escuela.practicas).toEqual([
      expect.objectContaining({ unidad: "Trazos", estado: "pendiente", fotos: [PRACTICE_PHOTO] }),
    ]);

    const pdf = (await dataLoader({
      request: new Request("http://localhost/x", { headers: { Cookie: admin.cookie } }),
      params: { id: ana.id, formato: "pdf" },
      context: {},
    } as never)) as Response;
    expect(pdf.headers.get("Content-Type")).toBe("application/pdf");
    expect(
      Buffer.from(await pdf.arrayBuffer())
        .subarray(0, 5)
        .toString(),
    ).toBe("%PDF-");
  });

  it("deletes after the typed confirmation only, and leaves her data nowhere but the invoice's receptor", async () => {
    const unconfirmed = await callAction(
      recordAction,
      "/x",
      { intent: "eliminar", confirmacion: "si" },
      { cookie: admin.cookie, params: { id: ana.id } },
    );
    expect(unconfirmed.status).toBe(400);
    expect(await database.db.select({ n: citas.nombre }).from(citas).where(eq(citas.id, ids.anaCita))).toEqual([
      { n: ANA.name },
    ]);

    const erased = await callAction(
      recordAction,
      "/x",
      { intent: "eliminar", confirmacion: "eliminar" },
      { cookie: admin.cookie, params: { id: ana.id } },
    );
    expect(erased.status).toBe(302);
    expect(erased.headers.get("Location")).toBe("/admin/clientas?eliminada=1");

    // every table, every row as text: her e-mail, phone (as typed or digits) and name
    const tables = await queryRows<{ t: string }>(
      database.db,
      sql`select table_name as t from information_schema.tables where table_schema = 'public' and table_type = 'BASE TABLE'`,
    );
    const needles = [ANA.email, ANA.phone, ANA.phone.replace(/\D/g, ""), ANA.name, "Trujillo", "Calle Falsa"];
    const found: string[] = [];
    for (const { t } of tables) {
      for (const needle of needles) {
        const [row] = await queryRows<{ n: number }>(
          database.db,
          sql`select count(*)::int as n from ${sql.identifier(t)} x where x::text ilike ${`%${needle}%`}`,
        );
        if (Number(row!.n) > 0) found.push(`${t}: ${needle}`);
      }
    }
    // the CFDI's receptor stays (razón social), as tax law requires
    expect(found).toEqual([`facturas: ${ANA.name}`, "facturas: Trujillo"]);
    const [invoice] = await database.db.select().from(facturas);
    expect(invoice).toMatchObject({
      rfc: "TUPA800101ABC",
      razonSocial: ANA.name.toUpperCase(),
      correo: "",
      total: 45_000,
    });
    const [order] = await database.db.select().from(compras);
    expect(order).toMatchObject({ id: "MA-ANA1", total: 45_000, datosEnvio: null });
    // her bookings keep their time and money, her visit and its photo are gone
    expect(
      await database.db
        .select({ n: citas.nombre, c: citas.consentimiento })
        .from(citas)
        .where(eq(citas.id, ids.anaCita)),
    ).toEqual([{ n: "Clienta eliminada", c: null }]);
    expect(await database.db.select().from(visitas).where(eq(visitas.id, ids.anaVisit))).toEqual([]);
    expect(await readRef(PHOTO)).toBeNull();
    expect(await readRef(PRACTICE_PHOTO)).toBeNull();
    expect(await database.db.select().from(practicaEntregas)).toEqual([]);
    expect(await database.db.select().from(unidadesTerminadas)).toEqual([]);
    // her record is gone, Berta's is whole
    expect((await asAdmin(`/admin/clientas/${ana.id}`, { id: ana.id })).status).toBe(404);
    expect((await asAdmin(`/admin/clientas/cita-${ids.anaCita}`, { id: `cita-${ids.anaCita}` })).status).toBe(404);
    const berta = (await asAdmin(`/admin/clientas/cita-${ids.bertaCita}`, { id: `cita-${ids.bertaCita}` }))
      .body as unknown as Record_;
    expect(berta.record.citas[0]!.consentimientos).toHaveLength(1);
    expect(berta.record.citas[0]!.visitas).toHaveLength(1);
    expect(berta.record.mensajes.map((m) => m.asunto)).toContain("Tu cita está confirmada");
  });
});

/**
 * The studio's side of the agenda on the real database, through the route modules' loaders
 * and actions with real Better Auth sessions: the bookable treatments of a service, the
 * day and week views, a phone booking, moving, cancelling, attendance, block-outs and the
 * deposits list. Everyone but the admin gets the 404.
 */
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { eq, ne } from "drizzle-orm";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import * as agendaCita from "~/routes/admin/agenda-cita";
import * as agendaAnticipos from "~/routes/admin/agenda-anticipos";
import * as agendaNueva from "~/routes/admin/agenda-nueva";
import * as agenda from "~/routes/admin/agenda";
import { todaysAppointments } from "~/server/admin/agenda.server";
import { editAction, editScreen, listScreen } from "~/server/admin/sections.server";
import type { Database } from "~/server/db/client.server";
import { agendaBloqueos, citas, pagos, tareas, tratamientos, user } from "~/server/db/schema";
import { env } from "~/server/env.server";
import { callAction, callLoader } from "../support/actions";
import { makeTreatment, signUpUser, useTestDatabase } from "../support/fixtures";
import { readOutbox } from "../support/outbox";

let database: Database;
let adminCookie: string;
let clientCookie: string;

beforeAll(async () => {
  database = await useTestDatabase({ config: { dataDir: fs.mkdtempSync(path.join(os.tmpdir(), "admin-agenda-")) } });
  adminCookie = (await signUpUser({ email: "estudio.agenda@example.com", role: "admin" })).cookie;
  clientCookie = (await signUpUser({ email: "clienta.agenda@example.com" })).cookie;
  await makeTreatment();
});

afterAll(async () => {
  fs.rmSync(env.dataDir, { recursive: true, force: true });
  await database.close();
});

beforeEach(async () => {
  await database.db.delete(citas);
  await database.db.delete(tareas);
  await database.db.delete(agendaBloqueos);
  fs.rmSync(path.join(env.dataDir, "outbox"), { recursive: true, force: true });
});

// the client's mails (the studio's own notices of each booking, change and cancellation go to STUDIO_INBOX: studio-notices.test.ts)
const subjects = () =>
  readOutbox(env.dataDir)
    .filter((m) => !m.to.includes(env.studioInbox))
    .map((m) => m.subject);
const citaRow = async (id: string) => (await database.db.select().from(citas).where(eq(citas.id, id)))[0]!;

function request(pathname: string, init: { cookie?: string; form?: Record<string, string> } = {}) {
  const headers = new Headers({ cookie: init.cookie ?? adminCookie });
  if (!init.form) return new Request(`http://localhost${pathname}`, { headers });
  const body = new FormData();
  for (const [k, v] of Object.entries(init.form)) body.append(k, v);
  return new Request(`http://localhost${pathname}`, { method: "POST", headers, body });
}

/** What a generic screen answered, thrown or returned. */
async function outcome(
  promise: Promise<unknown>,
): Promise<{ status: number; location: string | null; data: Record<string, unknown> }> {
  let value: unknown;
  try {
    value = await promise;
  } catch (thrown) {
    value = thrown;
  }
  if (value instanceof Response) return { status: value.status, location: value.headers.get("Location"), data: {} };
  const d = value as { type?: string; data?: unknown; init?: { status?: number } | null };
  if (d?.type === "DataWithResponseInit")
    return { status: d.init?.status ?? 200, location: null, data: d.data as Record<string, unknown> };
  if (value instanceof Error) throw value;
  return { status: 200, location: null, data: value as Record<string, unknown> };
}

const phoneBooking = (extra: Record<string, string> = {}) => ({
  intent: "agendar",
  tratamientoId: "microblading",
  fecha: "2030-12-03",
  hora: "10:00",
  nombre: "Carla Ruiz",
  telefono: "33 1234 5678",
  correo: "Carla@Example.com",
  anticipoRecibido: "on",
  notas: "Llamó por teléfono.",
  ...extra,
});

async function book(extra: Record<string, string> = {}) {
  const answer = await callAction(agendaNueva.action, "/admin/agenda/nueva", phoneBooking(extra), {
    cookie: adminCookie,
  });
  expect(answer.status).toBe(302);
  return answer.headers.get("Location")!.split("/").pop()!.split("?")[0]!;
}

/** Moves an appointment so that it started an hour ago (attendance is marked from its start). */
async function startedAlready(id: string) {
  const [c] = await database.db.select().from(citas).where(eq(citas.id, id));
  const shift = Date.now() - 3_600_000 - c!.inicio.getTime();
  const by = (d: Date) => new Date(d.getTime() + shift);
  await database.db
    .update(citas)
    .set({ inicio: by(c!.inicio), fin: by(c!.fin), ocupaHasta: by(c!.ocupaHasta) })
    .where(eq(citas.id, id));
}

// ---------------------------------------------------------------- access

describe("the agenda's door", () => {
  it("answers 404 to a visitor and to a client, on every screen and action", async () => {
    for (const cookie of ["", clientCookie]) {
      expect((await callLoader(agenda.loader, "/admin/agenda", { cookie })).status).toBe(404);
      expect((await callLoader(agendaAnticipos.loader, "/admin/agenda/anticipos", { cookie })).status).toBe(404);
      expect((await callLoader(agendaNueva.loader, "/admin/agenda/nueva", { cookie })).status).toBe(404);
      expect((await callAction(agendaNueva.action, "/admin/agenda/nueva", phoneBooking(), { cookie })).status).toBe(
        404,
      );
      expect(
        (
          await callAction(
            agendaCita.action,
            "/admin/agenda/x",
            { intent: "cancelar" },
            { cookie, params: { id: "x" } },
          )
        ).status,
      ).toBe(404);
      expect((await outcome(listScreen(request("/admin/bloqueos", { cookie })))).status).toBe(404);
      expect((await outcome(editScreen(request("/admin/tratamientos/nuevo", { cookie }), "nuevo"))).status).toBe(404);
    }
    expect(await database.db.select().from(citas)).toHaveLength(0);
  });
});

// ---------------------------------------------------------------- treatments

describe("bookable treatments", () => {
  const treatment = (extra: Record<string, string> = {}) => ({
    intent: "guardar",
    servicioId: "cejas",
    nombre: "Híbridas",
    duracion: "150",
    precio: "4,200",
    anticipo: "800",
    requiereConsentimiento: "on",
    activo: "on",
    posicion: "2",
    retoqueDesde: "30",
    retoqueHasta: "45",
    precioRetoque: "1200",
    duracionRetoque: "90",
    ...extra,
  });

  it("creates one under its service, in centavos, and the service's screen lists it", async () => {
    const created = await outcome(editAction(request("/admin/tratamientos/nuevo", { form: treatment() }), "nuevo"));
    expect(created.status).toBe(302);
    const id = created.location!.split("/").pop()!.split("?")[0]!;
    const [row] = await database.db.select().from(tratamientos).where(eq(tratamientos.id, id));
    expect(row).toMatchObject({
      servicioId: "cejas",
      duracion: 150,
      precio: 420000,
      anticipo: 80000,
      requiereConsentimiento: true,
      retoqueDesde: 30,
      retoqueHasta: 45,
      precioRetoque: 120000,
      duracionRetoque: 90,
    });
    const service = (await outcome(editScreen(request("/admin/servicios/cejas"), "cejas"))).data as {
      children: { section: string; items: { title: string }[] }[];
    };
    const child = service.children.find((c) => c.section === "tratamientos")!;
    expect(child.items.map((i) => i.title)).toContain("Híbridas");

    // no retoque: the whole window is left empty and stored as none
    const edited = await outcome(
      editAction(
        request(`/admin/tratamientos/${id}`, {
          form: treatment({ retoqueDesde: "", retoqueHasta: "", precioRetoque: "", duracionRetoque: "", activo: "" }),
        }),
        id,
      ),
    );
    expect(edited.status).toBe(200);
    const [after] = await database.db.select().from(tratamientos).where(eq(tratamientos.id, id));
    expect(after).toMatchObject({ retoqueDesde: null, retoqueHasta: null, precioRetoque: null, activo: false });
    await database.db.delete(tratamientos).where(eq(tratamientos.id, id));
  });

  it("refuses a bad form with Spanish errors and writes nothing", async () => {
    const cases: [Record<string, string>, string, RegExp][] = [
      [{ anticipo: "5000" }, "anticipo", /mayor que el precio/],
      [{ retoqueHasta: "20" }, "retoqueHasta", /posterior/],
      [{ retoqueDesde: "", precioRetoque: "1200" }, "retoqueDesde", /desde qué día/],
      [{ precioRetoque: "" }, "precioRetoque", /precio del retoque/],
      [{ duracion: "5" }, "duracion", /15 o más/],
      [{ duracion: "1.5" }, "duracion", /entero/],
      [{ precio: "abc" }, "precio", /pesos/],
      [{ nombre: "x".repeat(81) }, "nombre", /máximo 80/],
      [{ servicioId: "no-existe" }, "servicioId", /Elige una opción/],
      [{ retoqueHasta: "400" }, "retoqueHasta", /365 o menos/],
    ];
    for (const [extra, field, message] of cases) {
      const answer = await outcome(
        editAction(request("/admin/tratamientos/nuevo", { form: treatment(extra) }), "nuevo"),
      );
      expect(answer.status, field).toBe(400);
      expect((answer.data.errors as Record<string, string>)[field], field).toMatch(message);
    }
    // besides the free valoración every install has (migration valoracion)
    expect(await database.db.select().from(tratamientos).where(ne(tratamientos.id, "valoracion"))).toHaveLength(1);
  });

  it("keeps a treatment (and its service) that has appointments", async () => {
    await book();
    const refused = await outcome(
      editAction(request("/admin/tratamientos/microblading", { form: { intent: "eliminar" } }), "microblading"),
    );
    expect(refused).toMatchObject({ status: 409, data: { alert: { title: "Tiene citas" } } });
    const service = await outcome(
      editAction(request("/admin/servicios/cejas", { form: { intent: "eliminar" } }), "cejas"),
    );
    expect(service).toMatchObject({ status: 409, data: { alert: { title: "Tiene citas" } } });
    // besides the free valoración every install has (migration valoracion)
    expect(await database.db.select().from(tratamientos).where(ne(tratamientos.id, "valoracion"))).toHaveLength(1);
  });
});

// ---------------------------------------------------------------- appointments

describe("the agenda", () => {
  it("books by phone: confirmed, from the studio, the confirmation mailed, shown in the day and week", async () => {
    const id = await book();
    const row = await citaRow(id);
    expect(row).toMatchObject({
      estado: "confirmada",
      origen: "estudio",
      correo: "carla@example.com",
      nombre: "Carla Ruiz",
      precio: 350000,
    });
    // 10:00 in Guadalajara is 16:00 UTC
    expect(row.inicio.toISOString()).toBe("2030-12-03T16:00:00.000Z");
    expect(row.notas).toContain("Anticipo recibido en el estudio");
    expect(subjects()).toEqual(["¡Cita confirmada!"]);

    const day = await callLoader(agenda.loader, "/admin/agenda?fecha=2030-12-03", { cookie: adminCookie });
    expect(day.status).toBe(200);
    expect(day.body.entries).toEqual([
      expect.objectContaining({ id, hora: "10:00", horaFin: "12:00", nombre: "Carla Ruiz", estadoLabel: "Confirmada" }),
    ]);
    const week = await callLoader(agenda.loader, "/admin/agenda?fecha=2030-12-05&vista=semana", {
      cookie: adminCookie,
    });
    expect(week.body.desde).toBe("2030-12-02");
    expect(week.body.days).toHaveLength(7);
    expect((week.body.entries as { dia: string }[]).map((e) => e.dia)).toEqual(["2030-12-03"]);
    const other = await callLoader(agenda.loader, "/admin/agenda?fecha=2030-12-04", { cookie: adminCookie });
    expect(other.body.entries).toEqual([]);
    // the admin home's tile: that day's appointments
    expect(await todaysAppointments(database.db, new Date("2030-12-03T23:00:00Z"))).toBe(1);
    expect(await todaysAppointments(database.db, new Date("2030-12-04T07:00:00Z"))).toBe(0);
    // a broken date falls back to today instead of failing
    expect((await callLoader(agenda.loader, "/admin/agenda?fecha=2030-13-45", { cookie: adminCookie })).status).toBe(
      200,
    );
  });

  it("refuses an overlapping booking and bad client data, in Spanish", async () => {
    await book();
    const overlap = await callAction(agendaNueva.action, "/admin/agenda/nueva", phoneBooking({ hora: "11:30" }), {
      cookie: adminCookie,
    });
    expect(overlap.status).toBe(400);
    expect((overlap.body.errors as Record<string, string>).hora).toMatch(/empalma/);
    const bad = await callAction(
      agendaNueva.action,
      "/admin/agenda/nueva",
      phoneBooking({ hora: "25:00", telefono: "123", correo: "no-es-correo", fecha: "2030-12-10" }),
      { cookie: adminCookie },
    );
    expect(bad.status).toBe(400);
    expect((bad.body.errors as Record<string, string>).hora).toBeTruthy();
    const bad2 = await callAction(
      agendaNueva.action,
      "/admin/agenda/nueva",
      phoneBooking({ telefono: "123", correo: "no-es-correo", fecha: "2030-12-10", notas: "x".repeat(1001) }),
      { cookie: adminCookie },
    );
    expect(bad2.body.errors).toMatchObject({
      telefono: expect.stringMatching(/10 dígitos/),
      correo: expect.stringMatching(/correo válido/),
      notas: expect.stringMatching(/1000/),
    });
    const missing = await callAction(
      agendaNueva.action,
      "/admin/agenda/nueva",
      phoneBooking({ nombre: "", tratamientoId: "" }),
      {
        cookie: adminCookie,
      },
    );
    expect(missing.body.errors).toMatchObject({ nombre: expect.any(String), tratamientoId: expect.any(String) });
    expect(await database.db.select().from(citas)).toHaveLength(1);
  });

  it("moves, refuses a move onto another appointment, marks attendance and cancels", async () => {
    const id = await book();
    const other = await book({ hora: "15:00", correo: "dora@example.com", nombre: "Dora" });
    const act = (form: Record<string, string>, target = id) =>
      callAction(agendaCita.action, `/admin/agenda/${target}`, form, { cookie: adminCookie, params: { id: target } });

    const moved = await act({ intent: "mover", fecha: "2030-12-04", hora: "12:30" });
    expect(moved.status).toBe(200);
    expect((await citaRow(id)).inicio.toISOString()).toBe("2030-12-04T18:30:00.000Z");
    const [reminder] = await database.db
      .select()
      .from(tareas)
      .where(eq(tareas.clave, `cita-recordatorio:${id}`));
    expect(reminder!.ejecutarEn.toISOString()).toBe("2030-12-03T18:30:00.000Z");

    const onto = await act({ intent: "mover", fecha: "2030-12-03", hora: "14:00" }, id);
    expect(onto.status).toBe(400);
    expect((onto.body.errors as Record<string, string>).hora).toMatch(/empalma/);
    const badTime = await act({ intent: "mover", fecha: "", hora: "9" });
    expect(badTime.body.errors).toMatchObject({ fecha: expect.any(String), hora: expect.any(String) });

    // Not before its start: refused in Spanish, nothing changes (issue 30).
    const early = await act({ intent: "atendida" }, other);
    expect(early.status).toBe(409);
    expect((early.body.alert as { text: string }).text).toMatch(/todavía no empieza/);
    expect((await act({ intent: "no-asistio" }, other)).status).toBe(409);
    expect((await citaRow(other)).estado).toBe("confirmada");
    await startedAlready(other);
    expect((await act({ intent: "atendida" }, other)).status).toBe(200);
    expect((await citaRow(other)).estado).toBe("atendida");
    const [retoque] = await database.db
      .select()
      .from(tareas)
      .where(eq(tareas.clave, `cita-retoque:${other}`));
    expect(retoque!.estado).toBe("pendiente");
    expect((await act({ intent: "no-asistio" }, other)).status).toBe(200);
    expect((await citaRow(other)).estado).toBe("no-asistio");

    expect((await act({ intent: "cancelar" })).status).toBe(200);
    expect((await citaRow(id)).estado).toBe("cancelada");
    // a cancelled appointment cannot be moved: the appointments module's Spanish refusal
    const late = await act({ intent: "mover", fecha: "2030-12-05", hora: "10:00" });
    expect(late.status).toBe(409);
    expect((late.body.alert as { text: string }).text).toMatch(/ya no se puede cambiar/);
    const unknown = await act({ intent: "otra-cosa" });
    expect(unknown.status).toBe(400);
    expect(
      (
        await callAction(
          agendaCita.action,
          "/admin/agenda/nada",
          { intent: "cancelar" },
          { cookie: adminCookie, params: { id: "nada" } },
        )
      ).status,
    ).toBe(404);

    expect(subjects()).toEqual(["¡Cita confirmada!", "¡Cita confirmada!", "Tu cita cambió", "Tu cita fue cancelada"]);
    const day = await callLoader(agenda.loader, "/admin/agenda?fecha=2030-12-04", { cookie: adminCookie });
    expect(day.body.entries).toEqual([expect.objectContaining({ id, estado: "cancelada" })]);
  });

  it("books a session's retoque by hand, linked to that session", async () => {
    const session = await book();
    await startedAlready(session);
    await callAction(
      agendaCita.action,
      `/admin/agenda/${session}`,
      { intent: "atendida" },
      {
        cookie: adminCookie,
        params: { id: session },
      },
    );
    const screen = await callLoader(agendaNueva.loader, `/admin/agenda/nueva?retoque=${session}`, {
      cookie: adminCookie,
    });
    expect(screen.body.prefill).toEqual({
      tratamientoId: "microblading",
      esRetoque: true,
      nombre: "Carla Ruiz",
      telefono: "33 1234 5678",
      correo: "carla@example.com",
    });
    // the phone typed another way, another e-mail: still her session
    const id = await book({
      fecha: "2031-01-07",
      esRetoque: "on",
      telefono: "+52 331 234 5678",
      correo: "otra@example.com",
    });
    const retoque = await citaRow(id);
    expect(retoque).toMatchObject({ esRetoque: true, citaOrigenId: session, precio: 100000 });
    expect(retoque.fin.getTime() - retoque.inicio.getTime()).toBe(60 * 60_000);
  });

  it("shows an appointment with its consent form answers and its deposit", async () => {
    const id = await book();
    const [owner] = await database.db.select({ id: user.id }).from(user).limit(1);
    await database.db.insert(pagos).values({
      id: "pi_anticipo_1",
      proveedor: "demo",
      userId: owner!.id,
      monto: 50000,
      estado: "pagado",
      detalle: {},
    });
    await database.db
      .update(citas)
      .set({ pagoId: "pi_anticipo_1", consentimiento: { embarazo: false, anticoagulantes: true, alergias: "Níquel" } })
      .where(eq(citas.id, id));
    const screen = await callLoader(agendaCita.loader, `/admin/agenda/${id}`, { cookie: adminCookie, params: { id } });
    expect(screen.status).toBe(200);
    const cita = screen.body.cita as Record<string, unknown>;
    expect(cita).toMatchObject({ anticipo: 50000, pagoEstado: "Pagado", anticipoPagado: true });
    // an object of answers (jsonb keeps no key order)
    expect(cita.consentimiento).toHaveLength(3);
    expect(cita.consentimiento).toEqual(
      expect.arrayContaining([
        { pregunta: "Embarazo", respuesta: "No", alerta: false },
        { pregunta: "Anticoagulantes", respuesta: "Sí", alerta: true },
        { pregunta: "Alergias", respuesta: "Níquel", alerta: false },
      ]),
    );
    // what the booking flow stores: the questions as shown, in order, and the signature
    const firmado = {
      respuestas: [
        { id: "embarazo", pregunta: "¿Estás embarazada o lactando?", respuesta: "no", detalle: "" },
        { id: "anticoagulantes", pregunta: "¿Tomas anticoagulantes?", respuesta: "si", detalle: "Aspirina diaria" },
      ],
      firma: "Carla Ruiz Pérez",
      aceptado: true,
      firmadoEn: "2030-11-20T18:05:00.000Z",
    };
    await database.db.update(citas).set({ consentimiento: firmado }).where(eq(citas.id, id));
    const again = await callLoader(agendaCita.loader, `/admin/agenda/${id}`, { cookie: adminCookie, params: { id } });
    expect((again.body.cita as Record<string, unknown>).consentimiento).toEqual([
      { pregunta: "¿Estás embarazada o lactando?", respuesta: "No", alerta: false },
      { pregunta: "¿Tomas anticoagulantes?", respuesta: "Sí: Aspirina diaria", alerta: true },
      { pregunta: "Firma (nombre completo)", respuesta: "Carla Ruiz Pérez", alerta: false },
      { pregunta: "Firmado el", respuesta: "20 de noviembre de 2030, 12:05", alerta: false },
    ]);
    const deposits = await callLoader(agendaAnticipos.loader, "/admin/agenda/anticipos", { cookie: adminCookie });
    expect(deposits.body.items).toEqual([
      expect.objectContaining({
        citaId: id,
        nombre: "Carla Ruiz",
        monto: 50000,
        pagoEstado: "Pagado",
        reembolso: "no",
      }),
    ]);
    await database.db.update(pagos).set({ estado: "reembolsado" }).where(eq(pagos.id, "pi_anticipo_1"));
    const after = await callLoader(agendaAnticipos.loader, "/admin/agenda/anticipos", { cookie: adminCookie });
    expect(after.body.items).toEqual([expect.objectContaining({ reembolso: "hecho", pagoEstado: "Reembolsado" })]);
    expect(
      (await callLoader(agendaCita.loader, "/admin/agenda/nada", { cookie: adminCookie, params: { id: "nada" } }))
        .status,
    ).toBe(404);
    await database.db.update(citas).set({ pagoId: null }).where(eq(citas.id, id));
    await database.db.delete(pagos);
  });
});

// ---------------------------------------------------------------- block-outs

describe("block-outs and holidays", () => {
  const blockout = (extra: Record<string, string> = {}) => ({
    intent: "guardar",
    tipo: "festivo",
    desde: "2030-12-24",
    hasta: "2030-12-25",
    horaInicio: "",
    horaFin: "",
    motivo: "Navidad",
    ...extra,
  });

  it("creates whole days and hours in the studio's time, edits, lists and deletes them", async () => {
    const created = await outcome(editAction(request("/admin/bloqueos/nuevo", { form: blockout() }), "nuevo"));
    expect(created.status).toBe(302);
    const id = created.location!.split("/").pop()!.split("?")[0]!;
    const [row] = await database.db.select().from(agendaBloqueos);
    // from midnight of the 24th to midnight after the 25th, Guadalajara time (UTC−6)
    expect(row!.inicio.toISOString()).toBe("2030-12-24T06:00:00.000Z");
    expect(row!.fin.toISOString()).toBe("2030-12-26T06:00:00.000Z");
    const screen = (await outcome(editScreen(request(`/admin/bloqueos/${id}`), id))).data as {
      values: Record<string, string>;
    };
    expect(screen.values).toMatchObject({
      desde: "2030-12-24",
      hasta: "2030-12-25",
      horaInicio: "",
      motivo: "Navidad",
    });

    const edited = await outcome(
      editAction(
        request(`/admin/bloqueos/${id}`, {
          form: blockout({ tipo: "bloqueo", hasta: "", horaInicio: "14:00", horaFin: "16:30", motivo: "Curso" }),
        }),
        id,
      ),
    );
    expect(edited.status).toBe(200);
    const [after] = await database.db.select().from(agendaBloqueos);
    expect(after!.inicio.toISOString()).toBe("2030-12-24T20:00:00.000Z");
    expect(after!.fin.toISOString()).toBe("2030-12-24T22:30:00.000Z");
    const list = (await outcome(listScreen(request("/admin/bloqueos")))).data as { items: { title: string }[] };
    expect(list.items.map((i) => i.title)).toEqual(["martes 24 de diciembre, 14:00 a 16:30"]);

    const week = await callLoader(agenda.loader, "/admin/agenda?fecha=2030-12-24&vista=semana", {
      cookie: adminCookie,
    });
    // the statutory holiday of that week is shown closed, with the way to open it
    expect(week.body.blockouts).toEqual([
      expect.objectContaining({
        tipo: "oficial",
        motivo: "Navidad",
        dias: ["2030-12-25"],
        href: "/admin/bloqueos/nuevo",
      }),
      expect.objectContaining({ motivo: "Curso", dias: ["2030-12-24"] }),
    ]);
    // opened for a client ("abierto"): the agenda no longer shows it closed
    const opened = await outcome(
      editAction(
        request("/admin/bloqueos/nuevo", {
          form: blockout({ tipo: "abierto", desde: "2030-12-25", hasta: "", motivo: "" }),
        }),
        "nuevo",
      ),
    );
    expect(opened.status).toBe(302);
    const day = await callLoader(agenda.loader, "/admin/agenda?fecha=2030-12-25", { cookie: adminCookie });
    expect(day.body.blockouts).toEqual([]);
    await database.db.delete(agendaBloqueos).where(eq(agendaBloqueos.tipo, "abierto"));

    const removed = await outcome(editAction(request(`/admin/bloqueos/${id}`, { form: { intent: "eliminar" } }), id));
    expect(removed.status).toBe(302);
    expect(await database.db.select().from(agendaBloqueos)).toHaveLength(0);
    expect((await outcome(editScreen(request("/admin/bloqueos/abc"), "abc"))).status).toBe(404);
  });

  it("refuses bad ranges in Spanish", async () => {
    const cases: [Record<string, string>, string, RegExp][] = [
      [{ hasta: "2030-12-20" }, "hasta", /mismo día o uno posterior/],
      [{ horaInicio: "10:00" }, "horaFin", /hora/],
      [{ hasta: "", horaInicio: "16:00", horaFin: "10:00" }, "horaFin", /después/],
      [{ desde: "" }, "desde", /fecha/],
      [{ hasta: "2032-12-25" }, "hasta", /366 días/],
      [{ tipo: "vacaciones" }, "tipo", /Elige una opción/],
      [{ motivo: "x".repeat(201) }, "motivo", /máximo 200/],
    ];
    for (const [extra, field, message] of cases) {
      const answer = await outcome(editAction(request("/admin/bloqueos/nuevo", { form: blockout(extra) }), "nuevo"));
      expect(answer.status, field).toBe(400);
      expect((answer.data.errors as Record<string, string>)[field], field).toMatch(message);
    }
    expect(await database.db.select().from(agendaBloqueos)).toHaveLength(0);
  });
});

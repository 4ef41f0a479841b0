// @engine: two job runners take the same due jobs and messages at once (FOR UPDATE SKIP LOCKED)
/**
 * Client messages, WhatsApp first (issue 30 deliverable 1, ADR 039), against a local stub of
 * the WhatsApp Cloud API with a clock moved forward: one booking by a client who opted in →
 * exactly the confirmation, the 24 h and the 2 h reminders, at their offsets, none twice with
 * two runners and a rerun after a restart; the mail instead when the API answers 500, does not
 * answer in time, or the webhook reports `failed`; the webhook's signature, its handshake,
 * statuses out of order and twice, a BAJA reply; a client who did not opt in gets mail only.
 * Prints the figure: messages sent per minute by the runner against the stub.
 */
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { WHATSAPP_CONSENT_TEXT } from "~/domain/whatsapp";
import { loader as correosLoader } from "~/routes/admin/correos";
import { action as perfilAction, loader as perfilLoader } from "~/routes/mi-perfil";
import { createAppointment, setAttendance } from "~/server/booking/appointments.server";
import { availableSlots, bookSlot } from "~/server/booking/booking.server";
import { type Database, openDatabase } from "~/server/db/client.server";
import { correos, mensajes, tareas, whatsappConsentimientos } from "~/server/db/schema";
import { runDueJobs } from "~/server/jobs.server";
import "~/server/jobs-registry.server";
import { currentWhatsAppProvider } from "~/server/messages/provider.server";
import {
  acceptsWhatsApp,
  deliverDueMessages,
  queueClientMessage,
  recordWhatsAppConsent,
  settleMessageDeliveries,
} from "~/server/messages/messages.server";
import { type TestApp, startTestApp } from "../support/app";
import { type TestUser, configure, makeTreatment, signUpUser, useTestDatabase } from "../support/fixtures";
import { readOutbox } from "../support/outbox";
import {
  STUB_PHONE_ID,
  STUB_TOKEN,
  type WhatsAppStub,
  replyEvent,
  sign,
  startWhatsAppStub,
  statusEvent,
} from "../support/whatsapp-stub";

const SECRET = "app-secret-prueba";
const VERIFY = "verificame";
const STUDIO = "estudio.wa@example.com";
let database: Database;
/** a second runner: its own pool on PostgreSQL; the same handle on PGlite (one connection) */
let second: Database | undefined;
let stub: WhatsAppStub;
let app: TestApp;
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "whatsapp-"));

/** the Cloud API settings pointed at the stub (the stub's URL once started) */
const settings = (over: Record<string, unknown> = {}) => ({
  token: STUB_TOKEN as string | undefined,
  phoneId: STUB_PHONE_ID as string | undefined,
  appSecret: SECRET,
  verifyToken: VERIFY,
  apiUrl: stub.url,
  apiVersion: "v23.0",
  // generous: a loaded machine must not turn a send into a time-out
  timeoutMs: 10_000,
  studioNumber: undefined as string | undefined,
  ...over,
});

const HOUR = 3_600_000;
// a fixed hour a few days ahead of the real clock (rows are queued at the database's now)
const base = new Date(Math.ceil(Date.now() / HOUR) * HOUR + 24 * HOUR);
const at = (hours: number, from = base) => new Date(from.getTime() + hours * HOUR);
let day = 0;
let person: TestUser | undefined;
const account = async () => (person ??= await signUpUser({ name: "Sol", role: "admin" }));

/** a booking on a day of its own (no overlaps), confirmed at `base` */
async function book(telefono: string, correo: string) {
  day++;
  const cita = await createAppointment(
    database.db,
    {
      tratamientoId: "microblading",
      inicio: at(72 + day * 24),
      nombre: "Lucía",
      telefono,
      correo,
      estado: "confirmada",
    },
    base,
  );
  await settleMessageDeliveries();
  return cita;
}

/** both runners at `now`: the due jobs, then the due messages (the runner's tick) */
async function tick(now: Date) {
  const other = second?.db ?? database.db;
  await Promise.all([runDueJobs(database.db, now), runDueJobs(other, now)]);
  await Promise.all([deliverDueMessages(database.db, { now }), deliverDueMessages(other, { now })]);
  await settleMessageDeliveries();
}

const mailsTo = (to: string) => readOutbox(dataDir).filter((m) => m.to.includes(to));
const row = async (id: number) => (await database.db.select().from(mensajes).where(eq(mensajes.id, id)))[0]!;
const rowOf = async (proveedorId: string) =>
  (await database.db.select().from(mensajes).where(eq(mensajes.proveedorId, proveedorId)))[0]!;

function webhook(event: unknown, signature?: string) {
  const body = JSON.stringify(event);
  return fetch(`${app.baseURL}/webhooks/whatsapp`, {
    method: "POST",
    headers: { "content-type": "application/json", "x-hub-signature-256": signature ?? sign(body, SECRET) },
    body,
  });
}

beforeAll(async () => {
  stub = await startWhatsAppStub();
  database = await useTestDatabase({
    config: {
      dataDir,
      smtpUrl: undefined,
      studioInbox: STUDIO,
      whatsapp: settings(),
    },
  });
  if (database.kind === "postgres") {
    const url = (database.db as unknown as { $client: { options: { connectionString: string } } }).$client.options
      .connectionString;
    second = await openDatabase({ url });
  }
  await makeTreatment();
  app = await startTestApp();
  for (const phone of ["33 1234 5678", "3311110000", "3322220000", "3344440000", "3355550000"]) {
    await recordWhatsAppConsent(database.db, { phone, origen: "reserva" }, base);
  }
});

afterAll(async () => {
  await settleMessageDeliveries();
  await app?.close();
  await stub?.close();
  await second?.close();
  await database?.close();
  fs.rmSync(dataDir, { recursive: true, force: true });
});

describe("one booking by a client who opted in: WhatsApp, at its offsets, once", () => {
  it("confirmation at once, the reminders 24 h and 2 h before; none twice with two runners and a rerun", async () => {
    const cita = await book("33 1234 5678", "lucia@example.com");
    const templates = () => stub.sent.filter((m) => m.to === "523312345678").map((m) => m.template);
    expect(templates()).toEqual(["cita_confirmada"]);
    const [confirmacion] = stub.sent;
    expect(confirmacion.language).toBe("es_MX");
    expect(confirmacion.params[0]).toBe("Lucía");
    expect(confirmacion.params[3]).toContain(`/cita/${cita.token}`);

    await tick(at(-25, cita.inicio));
    expect(templates()).toEqual(["cita_confirmada"]);
    await tick(at(-24, cita.inicio));
    expect(templates()).toEqual(["cita_confirmada", "cita_recordatorio"]);
    await tick(at(-3, cita.inicio));
    expect(templates()).toHaveLength(2);
    await tick(at(-2, cita.inicio));
    expect(templates()).toEqual(["cita_confirmada", "cita_recordatorio", "cita_recordatorio_2h"]);
    expect(stub.sent.at(-1)!.params[3]).toContain(`/cita/${cita.token}`);

    // a restart: the process that ran the 2 h reminder died before writing it done; it runs again
    await database.db
      .update(tareas)
      .set({ estado: "en-curso", bloqueadaHasta: at(-1.95, cita.inicio) })
      .where(eq(tareas.clave, `cita-recordatorio-2h:${cita.id}`));
    await tick(at(-1.9, cita.inicio));
    expect(
      (
        await database.db
          .select()
          .from(tareas)
          .where(eq(tareas.clave, `cita-recordatorio-2h:${cita.id}`))
      )[0].estado,
    ).toBe("hecha");
    await tick(at(-1, cita.inicio));
    expect(templates()).toEqual(["cita_confirmada", "cita_recordatorio", "cita_recordatorio_2h"]);

    // no mail to her; the studio's notice by mail (no STUDIO_WHATSAPP)
    expect(mailsTo("lucia@example.com")).toHaveLength(0);
    expect(mailsTo(STUDIO).map((m) => m.subject)).toEqual([expect.stringContaining("Nueva cita")]);
    const rows = await database.db.select().from(mensajes).where(eq(mensajes.telefono, "523312345678"));
    expect(rows.map((r) => r.estado)).toEqual(["enviado", "enviado", "enviado"]);
    expect(rows.every((r) => r.proveedorId?.startsWith("wamid.") && r.enviadoEn)).toBe(true);
  });

  it("after the session: the care instructions, the check-ins of days 1, 7 and 21, the retoque invitation; once each", async () => {
    await recordWhatsAppConsent(database.db, { phone: "3312120000", origen: "reserva" }, base);
    const cita = await book("3312120000", "marta@example.com");
    const sent = () => stub.sent.filter((m) => m.to === "523312120000");
    await setAttendance(database.db, cita.id, "atendida", at(3, cita.inicio));
    for (const days of [0, 1, 7, 21, 30]) {
      await tick(at(3 + days * 24, cita.inicio));
      await tick(at(3 + days * 24, cita.inicio)); // a second pass sends nothing new
    }
    expect(sent().map((m) => m.template)).toEqual([
      "cita_confirmada",
      "cuidados",
      "cuidados",
      "cuidados",
      "cuidados",
      "cita_retoque",
    ]);
    // each check-in links to her own page for that day (the care instructions are there too)
    const links = sent()
      .filter((m) => m.template === "cuidados")
      .map((m) => m.params[2]);
    expect(links.every((link) => link.includes(`/cuidados/${cita.id}.`))).toBe(true);
    expect(new Set(links).size).toBe(3); // day 0 and day 1 share the day-1 page
    expect(mailsTo("marta@example.com")).toHaveLength(0);
  });

  it("a client who did not opt in gets the same news by mail, and nothing by WhatsApp", async () => {
    await book("3399990000", "sin-whatsapp@example.com");
    expect(stub.sent.filter((m) => m.to === "523399990000")).toHaveLength(0);
    expect(mailsTo("sin-whatsapp@example.com").map((m) => m.subject)).toEqual(["¡Cita confirmada!"]);
  });
});

describe("the mail when WhatsApp fails", () => {
  it("the API answers 500: the message is fallido and the mail goes, once", async () => {
    stub.fail = 500;
    const cita = await book("3311110000", "falla@example.com");
    stub.fail = null;
    const [m] = await database.db
      .select()
      .from(mensajes)
      .where(eq(mensajes.clave, `cita:${cita.id}:confirmada`));
    expect(m).toMatchObject({ estado: "fallido", proveedorId: null });
    expect(m.ultimoError).toContain("http-500");
    expect(m.correoId).not.toBeNull();
    expect(mailsTo("falla@example.com").map((x) => x.subject)).toEqual(["¡Cita confirmada!"]);
    // the mail keeps its calendar file
    expect(mailsTo("falla@example.com")[0].raw).toContain("cita.ics");
    await tick(at(1));
    expect(mailsTo("falla@example.com")).toHaveLength(1);
  });

  it("the API does not answer in time: the mail goes", async () => {
    const undo = configure({ config: { whatsapp: settings({ timeoutMs: 200 }) } });
    stub.delayMs = 1_000;
    const cita = await book("3322220000", "lenta@example.com").finally(undo);
    stub.delayMs = 0;
    const [m] = await database.db
      .select()
      .from(mensajes)
      .where(eq(mensajes.clave, `cita:${cita.id}:confirmada`));
    expect(m).toMatchObject({ estado: "fallido", ultimoError: "timeout" });
    expect(mailsTo("lenta@example.com").map((x) => x.subject)).toEqual(["¡Cita confirmada!"]);
  });
});

describe("the webhook", () => {
  it("answers the handshake with the challenge only for the verify token", async () => {
    const ok = await app.get(
      `/webhooks/whatsapp?hub.mode=subscribe&hub.verify_token=${VERIFY}&hub.challenge=1158201444`,
    );
    expect(ok.status).toBe(200);
    expect(await ok.text()).toBe("1158201444");
    const wrong = await app.get("/webhooks/whatsapp?hub.mode=subscribe&hub.verify_token=otro&hub.challenge=1");
    expect(wrong.status).toBe(403);
  });

  it("a wrong signature: 401 and nothing changes", async () => {
    const [first] = stub.sent;
    const before = await rowOf(first.id);
    expect((await webhook(statusEvent(first.id, "read"), sign("otro cuerpo", SECRET))).status).toBe(401);
    expect((await webhook(statusEvent(first.id, "read"), `sha256=${"0".repeat(64)}`)).status).toBe(401);
    expect((await webhook(statusEvent(first.id, "read"), "")).status).toBe(401);
    expect(await rowOf(first.id)).toEqual(before);
  });

  it("statuses move forward only: delivered, read; twice or late change nothing", async () => {
    const [first] = stub.sent;
    const delivered = at(0.5);
    expect((await webhook(statusEvent(first.id, "delivered", delivered))).status).toBe(200);
    expect((await webhook(statusEvent(first.id, "delivered", delivered))).status).toBe(200);
    expect(await rowOf(first.id)).toMatchObject({ estado: "entregado", entregadoEn: delivered });
    const read = at(0.75);
    await webhook(statusEvent(first.id, "read", read));
    await webhook(statusEvent(first.id, "delivered", at(1)));
    expect(await rowOf(first.id)).toMatchObject({ estado: "leido", entregadoEn: delivered, leidoEn: read });
    // failed after read: she read it, no mail
    await webhook(statusEvent(first.id, "failed"));
    expect((await rowOf(first.id)).estado).toBe("leido");
  });

  it("failed: the mail goes, once, however many times it is reported", async () => {
    const cita = await book("3344440000", "rebota@example.com");
    const [m] = await database.db
      .select()
      .from(mensajes)
      .where(eq(mensajes.clave, `cita:${cita.id}:confirmada`));
    expect(m.estado).toBe("enviado");
    expect(mailsTo("rebota@example.com")).toHaveLength(0);
    expect((await webhook(statusEvent(m.proveedorId!, "failed"))).status).toBe(200);
    expect((await webhook(statusEvent(m.proveedorId!, "failed"))).status).toBe(200);
    await tick(at(2));
    expect(await row(m.id)).toMatchObject({ estado: "fallido", ultimoError: "131026 Message undeliverable" });
    expect(mailsTo("rebota@example.com").map((x) => x.subject)).toEqual(["¡Cita confirmada!"]);
    expect(
      await database.db
        .select()
        .from(correos)
        .where(eq(correos.clave, `cita:${cita.id}:confirmada`)),
    ).toHaveLength(1);
  });

  it("a BAJA reply withdraws her consent: the next message goes by mail", async () => {
    expect((await webhook(replyEvent("5213344440000", "Baja"))).status).toBe(200);
    expect(await acceptsWhatsApp(database.db, "523344440000")).toBe(false);
    const [consent] = await database.db
      .select()
      .from(whatsappConsentimientos)
      .where(eq(whatsappConsentimientos.telefono, "523344440000"));
    expect(consent).toMatchObject({ acepta: false, origen: "whatsapp", texto: WHATSAPP_CONSENT_TEXT });
    expect(consent.bajaEn).not.toBeNull();
    const sentTo = () => stub.sent.filter((m) => m.to === "523344440000").length;
    const before = sentTo();
    await book("3344440000", "rebota@example.com");
    expect(sentTo()).toBe(before);
    expect(mailsTo("rebota@example.com")).toHaveLength(2);
  });
});

describe("her consent: the booking form's checkbox and Mi perfil", () => {
  it("booking with the box ticked records the number, the exact text and the time; the confirmation goes by WhatsApp", async () => {
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
    });
    const when = at(24 * 30);
    const [first] = (await availableSlots(database.db, 60, when)).filter((d) => d.horas.length > 0);
    const slot = new Date(first.horas[0].inicio);
    const contact = { nombre: "Mar", telefono: "33 7777 0000", correo: "mar@example.com" };
    const booked = await bookSlot(
      database.db,
      {
        tratamientoId: "maquillaje-social",
        inicio: slot,
        contact,
        consentimiento: null,
        userId: null,
        ip: null,
        whatsapp: true,
      },
      when,
    );
    expect(booked.ok).toBe(true);
    await settleMessageDeliveries();
    const [consent] = await database.db
      .select()
      .from(whatsappConsentimientos)
      .where(eq(whatsappConsentimientos.telefono, "523377770000"));
    expect(consent).toMatchObject({ acepta: true, origen: "reserva", texto: WHATSAPP_CONSENT_TEXT, aceptadoEn: when });
    expect(stub.sent.filter((m) => m.to === "523377770000").map((m) => m.template)).toEqual(["cita_confirmada"]);
    expect(mailsTo("mar@example.com")).toHaveLength(0);
  });

  it("Mi perfil: a bad number changes nothing; a good one opts in; unticking opts out", async () => {
    // one account for the file (sign-ups cost): an admin has a Mi perfil too
    const clienta = await account();
    const post = (fields: Record<string, string>) => {
      const form = new FormData();
      for (const [k, v] of Object.entries(fields)) form.set(k, v);
      return perfilAction({
        request: new Request("http://localhost/mi-perfil", {
          method: "POST",
          headers: { cookie: clienta.cookie },
          body: form,
        }),
        params: {},
        context: {},
      } as never) as Promise<unknown>;
    };
    const screen = () =>
      perfilLoader({
        request: new Request("http://localhost/mi-perfil", { headers: { cookie: clienta.cookie } }),
        params: {},
        context: {},
      } as never);
    const bad = (await post({ intent: "whatsapp", whatsapp: "si", telefono: "12ab" })) as { init: { status: number } };
    expect(bad.init.status).toBe(400);
    expect(
      await database.db.select().from(whatsappConsentimientos).where(eq(whatsappConsentimientos.userId, clienta.id)),
    ).toHaveLength(0);
    expect(await post({ intent: "whatsapp", whatsapp: "si", telefono: "33 8888 1111" })).toMatchObject({
      whatsapp: { ok: true },
    });
    expect((await screen()).whatsapp).toEqual({ acepta: true, telefono: "33 8888 1111" });
    expect(await acceptsWhatsApp(database.db, "523388881111")).toBe(true);
    await post({ intent: "whatsapp", telefono: "33 8888 1111" });
    expect((await screen()).whatsapp).toEqual({ acepta: false, telefono: "" });
    expect(await acceptsWhatsApp(database.db, "523388881111")).toBe(false);
  });
});

describe("a runner that died while sending", () => {
  it("its claim holds until it expires; then another runner sends the message, once", async () => {
    const queued = await queueClientMessage(database.db, {
      recipient: { email: "muerto@example.com", phone: "3355550000" },
      clave: "prueba:claim-muerto",
      mail: { subject: "Prueba", html: "<p>Prueba</p>", text: "Prueba" },
      whatsapp: { template: "aviso_estudio", params: ["reclamado por un proceso que murió"] },
    });
    await database.db
      .update(mensajes)
      .set({ estado: "enviando", intentos: 1, bloqueadoHasta: at(10) })
      .where(eq(mensajes.id, queued!.id));
    const sends = () => stub.sent.filter((m) => m.params[0] === "reclamado por un proceso que murió").length;
    await tick(at(9));
    expect(sends()).toBe(0);
    await tick(at(11));
    await tick(at(12));
    expect(sends()).toBe(1);
    expect(await row(queued!.id)).toMatchObject({ estado: "enviado", intentos: 2 });
    // the same news queued again writes nothing
    expect(
      await queueClientMessage(database.db, {
        recipient: { email: "muerto@example.com", phone: "3355550000" },
        clave: "prueba:claim-muerto",
        mail: { subject: "Prueba", html: "<p>Prueba</p>", text: "Prueba" },
        whatsapp: { template: "aviso_estudio", params: ["otra vez"] },
      }),
    ).toBeNull();
  });
});

describe("in the demo (no token)", () => {
  it("messages are recorded, not sent, and listed in /admin/correos with their state", async () => {
    const undo = configure({
      config: { whatsapp: settings({ token: undefined, phoneId: undefined }) },
    });
    try {
      expect(currentWhatsAppProvider()?.name).toBe("demo");
      await recordWhatsAppConsent(database.db, { phone: "3366660000", origen: "perfil" }, base);
      const before = stub.sent.length;
      const cita = await book("3366660000", "demo@example.com");
      expect(stub.sent.length).toBe(before);
      expect(mailsTo("demo@example.com")).toHaveLength(0);
      const [m] = await database.db
        .select()
        .from(mensajes)
        .where(eq(mensajes.clave, `cita:${cita.id}:confirmada`));
      expect(m).toMatchObject({ proveedor: "demo", estado: "enviado", plantilla: "cita_confirmada" });
      expect(m.proveedorId).toMatch(/^demo\./);

      const admin = await account();
      const screen = await correosLoader({
        request: new Request("http://localhost/admin/correos", { headers: { cookie: admin.cookie } }),
        params: {},
        context: {},
      } as never);
      const shown = screen.mensajes.find((x) => x.id === m.id)!;
      expect(shown).toMatchObject({ telefono: "+52 33••••0000", estadoLabel: "Enviado", proveedor: "demo" });
      // the failed one from the stub's 500 shows its fallback mail
      expect(screen.mensajes.some((x) => x.estado === "fallido" && x.correo === "enviado")).toBe(true);
      expect(screen.mensajes.some((x) => x.estado === "leido" && x.leido)).toBe(true);
    } finally {
      undo();
    }
  });
});

describe("figure", () => {
  it("messages sent per minute by the runner against the stub (printed, not asserted)", async () => {
    const n = 100;
    await database.db.transaction(async (tx) => {
      for (let i = 0; i < n; i++) {
        await queueClientMessage(tx, {
          recipient: { email: `c${i}@example.com`, phone: "3355550000" },
          clave: `figura:${i}`,
          mail: { subject: "Prueba", html: "<p>Prueba</p>", text: "Prueba" },
          whatsapp: { template: "aviso_estudio", params: [`Aviso ${i}`] },
        });
      }
    });
    const started = performance.now();
    await tick(at(3));
    const seconds = (performance.now() - started) / 1000;
    expect(stub.sent.filter((m) => m.params[0]?.startsWith("Aviso "))).toHaveLength(n);
    console.log(
      `[figura] ${n} mensajes de WhatsApp enviados por el runner contra el stub en ${seconds.toFixed(2)} s: ${Math.round((n / seconds) * 60)} por minuto (${database.kind}, dos runners)`,
    );
  });
});

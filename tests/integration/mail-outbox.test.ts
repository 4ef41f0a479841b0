// @engine: two outbox runners deliver a batch once (FOR UPDATE SKIP LOCKED)
/**
 * The mail outbox (ADR 028) against a real database and a local SMTP server (smtp-server):
 * a mail survives a mail server that refuses for a while and arrives once; two runners on
 * one database deliver a batch once; a row claimed by a process that died goes out once
 * after its claim expires; after the last retry the row is listed in /admin/correos and
 * "Reenviar" delivers it; a mail queued in a transaction that rolls back never exists;
 * SMTP to a non-local host requires STARTTLS. On PostgreSQL (TEST_DATABASE_URL) the second
 * runner is a pool of its own; on PGlite both runners share the one connection.
 */
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { action as mailAction, loader as mailLoader } from "~/routes/admin/correos";
import { type Database, type Db, openDatabase } from "~/server/db/client.server";
import { correos } from "~/server/db/schema";
import {
  MAIL_CLAIM_MS,
  MAX_MAIL_ATTEMPTS,
  deliverDueMail,
  deliverQueuedMail,
  queueMail,
  sendMail,
  settleMailDeliveries,
  smtpTransportOptions,
} from "~/server/mail.server";
import { type TestUser, configure, signUpUser, useTestDatabase } from "../support/fixtures";
import { type SmtpStub, startSmtpStub } from "../support/smtp-stub";

let database: Database;
/** a second runner: its own pool on PostgreSQL; the same handle on PGlite (one connection) */
let second: Database | undefined;
let smtp: SmtpStub;
let admin: TestUser;
let buyer: TestUser;
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "correos-"));

beforeAll(async () => {
  smtp = await startSmtpStub();
  database = await useTestDatabase({ config: { dataDir, smtpUrl: smtp.url } });
  if (database.kind === "postgres") {
    const url = (database.db as unknown as { $client: { options: { connectionString: string } } }).$client.options
      .connectionString;
    second = await openDatabase({ url });
  }
  admin = await signUpUser({ role: "admin" });
  buyer = await signUpUser();
});

afterAll(async () => {
  await settleMailDeliveries();
  await second?.close();
  await database?.close();
  await smtp?.close();
  fs.rmSync(dataDir, { recursive: true, force: true });
});

beforeEach(async () => {
  await settleMailDeliveries();
  await database.db.delete(correos);
  smtp.received.length = 0;
  smtp.refusing = false;
});

const db = (): Db => database.db;
const mail = (n = 1) => ({
  to: "ana@example.com",
  subject: `Confirmación de tu compra MA-${n}`,
  html: `<p>Compra ${n}</p>`,
  text: `Compra ${n}`,
});
const rows = () => db().select().from(correos).orderBy(correos.id);
const rowOf = async (id: number) => (await db().select().from(correos).where(eq(correos.id, id)))[0];
const later = (date: Date, ms: number) => new Date(date.getTime() + ms);

describe("delivery with retries", () => {
  it("a mail server that refuses for a while: the mail waits, retries with back-off and arrives once", async () => {
    smtp.refusing = true;
    await sendMail(mail(), db());
    await settleMailDeliveries();
    const [first] = await rows();
    expect(first).toMatchObject({ estado: "pendiente", intentos: 1 });
    expect(first.ultimoError).toContain("451");
    // nothing personal in the stored error, though the server's reply named the address
    expect(first.ultimoError).not.toContain("ana@example.com");
    const t1 = first.siguienteIntento;
    expect(t1.getTime() - (first.ultimoIntento?.getTime() ?? 0)).toBe(60_000);

    // not due yet: nothing is tried
    expect(await deliverDueMail(db(), { now: later(t1, -1) })).toBe(0);
    // due: tried again, refused again; the next wait doubles
    expect(await deliverDueMail(db(), { now: t1 })).toBe(1);
    const retried = await rowOf(first.id);
    expect(retried).toMatchObject({ estado: "pendiente", intentos: 2 });
    expect(retried.siguienteIntento.getTime() - t1.getTime()).toBe(2 * 60_000);

    smtp.refusing = false;
    expect(await deliverDueMail(db(), { now: retried.siguienteIntento })).toBe(1);
    expect(await deliverDueMail(db(), { now: later(retried.siguienteIntento, 86_400_000) })).toBe(0);
    expect(smtp.received).toHaveLength(1);
    expect(smtp.received[0].to).toEqual(["ana@example.com"]);
    const sent = await rowOf(first.id);
    expect(sent).toMatchObject({ estado: "enviado", intentos: 3, ultimoError: null });
    expect(sent.enviadoEn).toBeInstanceOf(Date);
    // the Message-ID is the row's, the same on every attempt
    expect(smtp.received[0].messageId).toBe(sent.messageId);
  });

  it("an accepted mail goes out at once after its write, in the background of the request", async () => {
    await sendMail(mail(), db());
    await smtp.waitFor(1);
    await settleMailDeliveries();
    expect((await rows()).map((r) => r.estado)).toEqual(["enviado"]);
    expect(await deliverDueMail(db(), { now: later(new Date(), 86_400_000) })).toBe(0);
    expect(smtp.received).toHaveLength(1);
  });

  it("attachments (an .ics, an invoice's PDF) travel with the row", async () => {
    const pdf = Buffer.from("%PDF-1.4 factura");
    await sendMail(
      {
        ...mail(),
        attachments: [
          { filename: "cita.ics", content: "BEGIN:VCALENDAR\r\nEND:VCALENDAR", contentType: "text/calendar" },
          { filename: "factura.pdf", content: pdf, contentType: "application/pdf" },
        ],
      },
      db(),
    );
    await smtp.waitFor(1);
    const raw = smtp.received[0].raw;
    expect(raw).toContain("filename=cita.ics");
    expect(raw).toContain(pdf.toString("base64"));
  });
});

describe("exactly once", () => {
  it("two runners on one database deliver a batch once", async () => {
    const ids: number[] = [];
    for (let n = 0; n < 30; n++) ids.push(await queueMail(db(), mail(n)));
    const other = second?.db ?? db();
    const now = later(new Date(), 1000);
    const [a, b] = await Promise.all([
      deliverDueMail(db(), { now, limit: 4 }),
      deliverDueMail(other, { now, limit: 4 }),
    ]);
    expect(a + b).toBe(30);
    expect(smtp.received).toHaveLength(30);
    const messageIds = new Set(smtp.received.map((m) => m.messageId));
    expect(messageIds.size).toBe(30);
    expect((await rows()).every((r) => r.estado === "enviado" && r.intentos === 1)).toBe(true);
    expect(await deliverDueMail(other, { now: later(now, 86_400_000) })).toBe(0);
  });

  it("a row claimed by a process that died goes out once, after its claim expires", async () => {
    const id = await queueMail(db(), mail());
    const claimedAt = new Date();
    // what a process leaves behind when it dies between its claim and SMTP's answer
    await db().execute(sql`
      update correos set estado = 'enviando', intentos = 1, ultimo_intento = ${claimedAt.toISOString()}::timestamptz,
        bloqueado_hasta = ${later(claimedAt, MAIL_CLAIM_MS).toISOString()}::timestamptz
      where id = ${id}`);
    expect(await deliverDueMail(db(), { now: later(claimedAt, 60_000) })).toBe(0);
    expect(smtp.received).toHaveLength(0);
    const expired = later(claimedAt, MAIL_CLAIM_MS + 1);
    const [a, b] = await Promise.all([
      deliverDueMail(db(), { now: expired }),
      deliverDueMail(second?.db ?? db(), { now: expired }),
    ]);
    expect(a + b).toBe(1);
    expect(await deliverDueMail(db(), { now: later(expired, 86_400_000) })).toBe(0);
    expect(smtp.received).toHaveLength(1);
    expect(await rowOf(id)).toMatchObject({ estado: "enviado", intentos: 2 });
  });
});

describe("in the caller's transaction", () => {
  it("a mail queued in a transaction that rolls back never exists", async () => {
    await expect(
      db().transaction(async (tx) => {
        await sendMail(mail(), tx);
        throw new Error("la compra no se escribió");
      }),
    ).rejects.toThrow("la compra no se escribió");
    expect(await rows()).toHaveLength(0);
    expect(await deliverDueMail(db(), { now: later(new Date(), 86_400_000) })).toBe(0);
    expect(smtp.received).toHaveLength(0);
  });

  it("a mail queued in a transaction that commits waits for the commit, then goes out once", async () => {
    await db().transaction(async (tx) => {
      await sendMail(mail(), tx);
      // inside the transaction nothing was handed to SMTP
      await settleMailDeliveries();
      expect(smtp.received).toHaveLength(0);
    });
    await deliverQueuedMail(db());
    await smtp.waitFor(1);
    await settleMailDeliveries();
    expect((await rows()).map((r) => r.estado)).toEqual(["enviado"]);
    expect(smtp.received).toHaveLength(1);
  });
});

/** Runs the admin screen's action as a browser's form post would. */
async function resend(correoId: string, cookie = admin.cookie) {
  const form = new FormData();
  form.set("correoId", correoId);
  const request = new Request("http://localhost/admin/correos", { method: "POST", headers: { cookie }, body: form });
  const result = (await mailAction({ request, params: {}, context: {} } as never)) as {
    type?: string;
    data?: { notice?: string; alert?: { text: string } };
    init?: { status?: number };
    notice?: string;
  };
  if (result?.type === "DataWithResponseInit") return { status: result.init?.status ?? 200, ...result.data };
  return { status: 200, ...result };
}

const screen = (cookie = admin.cookie) =>
  mailLoader({
    request: new Request("http://localhost/admin/correos", { headers: { cookie } }),
    params: {},
    context: {},
  } as never);

describe("Correos no enviados (/admin/correos)", () => {
  it("after the last retry the mail is listed for the admin, and Reenviar delivers it once", async () => {
    smtp.refusing = true;
    const id = await queueMail(db(), mail(7));
    let now = new Date();
    for (let attempt = 1; attempt <= MAX_MAIL_ATTEMPTS; attempt++) {
      expect(await deliverDueMail(db(), { now })).toBe(1);
      now = (await rowOf(id)).siguienteIntento;
    }
    const failed = await rowOf(id);
    expect(failed).toMatchObject({ estado: "fallido", intentos: MAX_MAIL_ATTEMPTS });
    // a failed mail is never tried again by the runner
    expect(await deliverDueMail(db(), { now: later(now, 30 * 86_400_000) })).toBe(0);
    expect(smtp.received).toHaveLength(0);

    const { correos: listed } = await screen();
    expect(listed).toEqual([
      expect.objectContaining({ id, para: "ana@example.com", asunto: "Confirmación de tu compra MA-7", intentos: 10 }),
    ]);
    expect(listed[0].ultimoIntento).not.toBe("—");

    smtp.refusing = false;
    expect(await resend(String(id))).toMatchObject({
      status: 200,
      notice: "Correo puesto de nuevo en la cola de envío.",
    });
    await smtp.waitFor(1);
    await settleMailDeliveries();
    expect(await rowOf(id)).toMatchObject({ estado: "enviado", intentos: 1 });
    expect((await screen()).correos).toEqual([]);
    // a second Reenviar of the same mail sends nothing
    expect(await resend(String(id))).toMatchObject({ status: 400 });
    expect(await resend("no-es-un-id")).toMatchObject({ status: 400 });
    await settleMailDeliveries();
    expect(smtp.received).toHaveLength(1);
  });

  it("is for admins only: a client gets a 404 and cannot resend", async () => {
    await expect(screen(buyer.cookie)).rejects.toMatchObject({ init: { status: 404 } });
    await expect(resend("1", buyer.cookie)).rejects.toMatchObject({ init: { status: 404 } });
  });
});

describe("TLS to the mail server", () => {
  it("smtp:// to another host must upgrade with STARTTLS; smtps:// is TLS from the start; this host stays plain", () => {
    expect(smtpTransportOptions("smtp://estudio:cl%40ve@smtp.example.com:587")).toMatchObject({
      host: "smtp.example.com",
      port: 587,
      secure: false,
      requireTLS: true,
      ignoreTLS: false,
      auth: { user: "estudio", pass: "cl@ve" },
    });
    expect(smtpTransportOptions("smtp://smtp.example.com")).toMatchObject({ port: 587, requireTLS: true });
    expect(smtpTransportOptions("smtps://estudio:clave@smtp.example.com")).toMatchObject({
      port: 465,
      secure: true,
      requireTLS: false,
    });
    for (const local of ["smtp://127.0.0.1:2525", "smtp://localhost:25", "smtp://[::1]:2525"]) {
      expect(smtpTransportOptions(local)).toMatchObject({ secure: false, requireTLS: false, ignoreTLS: true });
    }
  });

  it("a server on another address that does not offer STARTTLS gets nothing: the mail waits in the outbox", async () => {
    // 127.0.0.2 is this machine too, but not one of the local names that may stay plain
    const plain = await startSmtpStub({ host: "127.0.0.2" });
    const undo = configure({ config: { smtpUrl: plain.url } });
    try {
      await sendMail(mail(), db());
      await settleMailDeliveries();
      expect(plain.received).toHaveLength(0);
      const [row] = await rows();
      expect(row).toMatchObject({ estado: "pendiente", intentos: 1 });
      expect(row.ultimoError).toMatch(/STARTTLS|TLS/);
    } finally {
      undo();
      await plain.close();
    }
  });
});

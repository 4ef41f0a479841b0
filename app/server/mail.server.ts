/**
 * Outgoing mail, never lost (ADR 028). Every mail is a row of the outbox table `correos`
 * first, written in the transaction of the thing it announces when the caller has one
 * (`sendMail(mail, tx)`), and delivered from there:
 *
 *   sendMail ──► pendiente ──claim──► enviando ──SMTP accepts──► enviado
 *                   ▲                    │
 *                   └── error (back-off) ◄┤── last attempt fails ──► fallido (admin: Reenviar)
 *                                         └── claim expired (process died) ──► claimed again
 *
 * - Without a transaction the row is written and delivery is tried at once: awaited in the
 *   demo (the .eml file in DATA_DIR/outbox is the demo's "SMTP"), in the background of the
 *   request with SMTP_URL. With a transaction the caller calls `deliverQueuedMail(db)` after
 *   its commit. Either way the job runner's upkeep (`deliverDueMail`, every tick in every
 *   instance) is the retry path: back-off 1, 2, 4 … 120 minutes, MAX_MAIL_ATTEMPTS attempts.
 * - Exactly once to SMTP: rows are claimed with FOR UPDATE SKIP LOCKED (two processes never
 *   take the same row), marked `enviado` right after the server accepts, and carry a stable
 *   Message-ID. Only a crash between the server's acceptance and that write sends it again,
 *   after the claim expires (CLAIM_MS), under the same Message-ID.
 * - `ultimoError` holds the SMTP error's code, response code and command, redacted: never an
 *   address or a body.
 */
import { randomUUID } from "node:crypto";
import fs from "node:fs/promises";
import path from "node:path";
import { and, desc, eq, sql } from "drizzle-orm";
import { PgTransaction } from "drizzle-orm/pg-core";
import nodemailer from "nodemailer";
import type SMTPTransport from "nodemailer/lib/smtp-transport";
import { type Db, type DbOrTx, queryRows } from "./db/client.server";
import { getDb } from "./db/index.server";
import { correos } from "./db/schema";
import { env, outboxDir } from "./env.server";
import { logError, redact } from "./log.server";

export type Mail = {
  to: string;
  subject: string;
  html: string;
  text: string;
  replyTo?: string;
  /** files sent with the mail: an invoice's PDF and XML, an appointment's .ics */
  attachments?: { filename: string; content: string | Buffer; contentType?: string }[];
  /**
   * What the mail announces when it must go at most once (ADR 036): a second queueing with
   * the same key (a webhook twice, two requests at once) writes nothing.
   */
  clave?: string;
};

/** Attempts before a mail is left `fallido` (listed in /admin/correos): about six hours of retries. */
export const MAX_MAIL_ATTEMPTS = 10;
/** How long a claim holds before another process may take the row again (its process died). */
export const MAIL_CLAIM_MS = 5 * 60_000;
/** The wait before attempt n + 1 after n failed: 1, 2, 4 … minutes, at most two hours. */
const mailBackoffMs = (intentos: number) => Math.min(2 ** Math.max(0, intentos - 1), 120) * 60_000;

/** Whether `db` is an open transaction (the mail then leaves after its commit). */
const isTransaction = (db: DbOrTx) => db instanceof PgTransaction;

/** The Message-ID's domain: the sender's. */
function messageDomain(): string {
  return env.mailFrom.match(/@([^>\s]+)/)?.[1] ?? "michelalvarez.mx";
}

/**
 * Writes a mail to the outbox in `db` (a transaction: it exists only if that commits) and
 * answers its id, or null when a mail with its `clave` was queued before. Throws only when
 * the row cannot be written (the database).
 */
export async function queueMail(db: DbOrTx, mail: Mail & { clave?: undefined }): Promise<number>;
export async function queueMail(db: DbOrTx, mail: Mail): Promise<number | null>;
export async function queueMail(db: DbOrTx, mail: Mail): Promise<number | null> {
  const [row] = await db
    .insert(correos)
    .values({
      para: mail.to,
      asunto: mail.subject,
      html: mail.html,
      texto: mail.text,
      responderA: mail.replyTo ?? null,
      adjuntos: (mail.attachments ?? []).map((a) => ({
        filename: a.filename,
        ...(a.contentType ? { contentType: a.contentType } : {}),
        content: Buffer.from(a.content).toString("base64"),
      })),
      messageId: `<${randomUUID()}@${messageDomain()}>`,
      siguienteIntento: new Date(),
      clave: mail.clave ?? null,
    })
    .onConflictDoNothing({ target: correos.clave })
    .returning({ id: correos.id });
  return row?.id ?? null;
}

/**
 * Sends a mail through the outbox. `db` is the database (the process's when not given) or the
 * caller's open transaction: then the row is written in it and the caller calls
 * `deliverQueuedMail` after the commit. Without a transaction delivery is tried at once
 * (see the module's comment). Throws only when the mail could not be queued: a mail server
 * down is not an error here, the outbox retries.
 */
export async function sendMail(mail: Mail, db: DbOrTx = getDb()): Promise<void> {
  const id = await queueMail(db, mail);
  if (id !== null && !isTransaction(db)) await deliverQueuedMail(db as Db, [id]);
}

/** Deliveries running in the background of requests (SMTP_URL): tests wait for them. */
const inFlight = new Set<Promise<unknown>>();

/**
 * Tries the queued mails now (`ids`, or every one due): after a commit that queued mails.
 * In the demo it is awaited (the .eml files are there when the answer is); with SMTP_URL it
 * runs in the background. Never throws: what fails waits for the runner's retry.
 */
export async function deliverQueuedMail(db: Db, ids?: number[]): Promise<void> {
  const run = deliverDueMail(db, { ids }).catch((error) => logError("Correos: entrega inmediata fallida", error));
  if (!env.smtpUrl) {
    await run;
    return;
  }
  inFlight.add(run);
  void run.finally(() => inFlight.delete(run));
}

/**
 * Waits for the background deliveries started so far (tests; a graceful stop, which gives
 * them at most `maxMs`: a row left `enviando` is taken again once its claim expires).
 */
export async function settleMailDeliveries(maxMs?: number): Promise<void> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const giveUp =
    maxMs === undefined
      ? undefined
      : new Promise<void>((resolve) => {
          timer = setTimeout(resolve, maxMs);
          timer.unref();
        });
  const settle = async () => {
    while (inFlight.size > 0) await Promise.allSettled([...inFlight]);
  };
  await (giveUp ? Promise.race([settle(), giveUp]) : settle());
  clearTimeout(timer);
}

type Claimed = typeof correos.$inferSelect;

/** Claims due rows for this process: pending and due, or claimed by a process that died. */
async function claimMail(db: Db, now: Date, limit: number, ids?: number[]): Promise<Claimed[]> {
  if (ids && ids.length === 0) return [];
  const at = now.toISOString();
  const until = new Date(now.getTime() + MAIL_CLAIM_MS).toISOString();
  const only = ids
    ? sql`and id in (${sql.join(
        ids.map((id) => sql`${id}`),
        sql`, `,
      )})`
    : sql``;
  const rows = await queryRows<{ id: number }>(
    db,
    sql`
    update correos set estado = 'enviando', intentos = intentos + 1,
      bloqueado_hasta = ${until}::timestamptz, ultimo_intento = ${at}::timestamptz
    where id in (
      select id from correos
      where ((estado = 'pendiente' and siguiente_intento <= ${at}::timestamptz)
          or (estado = 'enviando' and bloqueado_hasta < ${at}::timestamptz))
        ${only}
      order by siguiente_intento
      limit ${limit}
      for update skip locked
    )
    returning id`,
  );
  if (rows.length === 0) return [];
  const claimed = rows.map((r) => Number(r.id));
  return db
    .select()
    .from(correos)
    .where(
      sql`${correos.id} in (${sql.join(
        claimed.map((id) => sql`${id}`),
        sql`, `,
      )})`,
    );
}

/**
 * Delivers the mails due at `now` (the runner's upkeep on every tick; tests pass their own
 * clock): each claimed row is sent, then marked `enviado`, or put back with a back-off, or
 * left `fallido` after MAX_MAIL_ATTEMPTS. Answers how many rows it claimed.
 */
export async function deliverDueMail(
  db: Db,
  options: { now?: Date; ids?: number[]; limit?: number } = {},
): Promise<number> {
  const now = options.now ?? new Date();
  const limit = options.limit ?? 20;
  let total = 0;
  for (;;) {
    const rows = await claimMail(db, now, limit, options.ids);
    total += rows.length;
    for (const row of rows) await deliverOne(db, row, now);
    if (rows.length < limit || options.ids) return total;
  }
}

async function deliverOne(db: Db, row: Claimed, now: Date): Promise<void> {
  try {
    await transmit(row);
  } catch (error) {
    const failed = row.intentos >= MAX_MAIL_ATTEMPTS;
    const reason = smtpError(error);
    logError(`Correo ${row.id}: intento ${row.intentos} fallido${failed ? " (último)" : ""}`, reason);
    await db
      .update(correos)
      .set({
        estado: failed ? "fallido" : "pendiente",
        siguienteIntento: new Date(now.getTime() + mailBackoffMs(row.intentos)),
        bloqueadoHasta: null,
        ultimoError: reason,
      })
      .where(and(eq(correos.id, row.id), eq(correos.estado, "enviando")))
      .catch((e) => logError(`Correo ${row.id}: no se pudo anotar el intento`, e));
    return;
  }
  // Right after the server accepted it: a retry never sends it again.
  await db
    .update(correos)
    .set({ estado: "enviado", enviadoEn: new Date(), bloqueadoHasta: null, ultimoError: null })
    .where(eq(correos.id, row.id));
}

/** What an SMTP failure was, without personal data: its code, reply code and command. */
function smtpError(error: unknown): string {
  if (!(error instanceof Error)) return "Error desconocido";
  const e = error as Error & { code?: string; responseCode?: number; command?: string };
  const head = [e.code, e.responseCode, e.command].filter(Boolean).join(" ");
  const message = redact(e.message)
    .replace(/<[^>]*>/g, "<…>")
    .slice(0, 200);
  return `${head ? `${head}: ` : ""}${message}`;
}

/** Local SMTP servers (tests, a relay on this host) speak plain SMTP without STARTTLS. */
const LOCAL_HOSTS = new Set(["localhost", "127.0.0.1", "[::1]", "::1"]);

/**
 * nodemailer's SMTP options for SMTP_URL: `smtps://` is TLS from the first byte (465);
 * `smtp://` to any other host must upgrade with STARTTLS (requireTLS: a server that does not
 * offer it is refused, nothing is sent in clear); a server on this host stays plain.
 */
export function smtpTransportOptions(smtpUrl: string): SMTPTransport.Options {
  const url = new URL(smtpUrl);
  const implicitTls = url.protocol === "smtps:";
  const local = LOCAL_HOSTS.has(url.hostname);
  return {
    host: url.hostname.replace(/^\[(.*)\]$/, "$1"),
    port: Number(url.port || (implicitTls ? 465 : 587)),
    secure: implicitTls,
    requireTLS: !implicitTls && !local,
    ignoreTLS: !implicitTls && local,
    auth: url.username ? { user: decodeURIComponent(url.username), pass: decodeURIComponent(url.password) } : undefined,
    // A server that hangs is a failed attempt well within the claim (MAIL_CLAIM_MS).
    connectionTimeout: 15_000,
    greetingTimeout: 15_000,
    socketTimeout: 60_000,
  };
}

/** Hands one row to SMTP (SMTP_URL) or, in the demo, writes it to DATA_DIR/outbox. */
async function transmit(row: Claimed): Promise<void> {
  const message = {
    from: env.mailFrom,
    to: row.para,
    subject: row.asunto,
    html: row.html,
    text: row.texto,
    ...(row.responderA ? { replyTo: row.responderA } : {}),
    attachments: row.adjuntos.map((a) => ({
      filename: a.filename,
      content: Buffer.from(a.content, "base64"),
      ...(a.contentType ? { contentType: a.contentType } : {}),
    })),
    messageId: row.messageId,
  };
  if (env.smtpUrl) {
    const transport = nodemailer.createTransport(smtpTransportOptions(env.smtpUrl));
    try {
      await transport.sendMail(message);
    } finally {
      transport.close();
    }
    return;
  }
  const transport = nodemailer.createTransport({ streamTransport: true, buffer: true, newline: "unix" });
  const info = await transport.sendMail(message);
  await fs.mkdir(outboxDir(), { recursive: true });
  const name = `${new Date().toISOString().replace(/[:.]/g, "-")}-${randomUUID().slice(0, 8)}.eml`;
  await fs.writeFile(path.join(outboxDir(), name), info.message as Buffer);
}

// ---------------------------------------------------------------- the admin's list

type UndeliveredMail = {
  id: number;
  para: string;
  asunto: string;
  ultimoIntento: Date | null;
  intentos: number;
  error: string | null;
};

/** Mails that failed their last attempt (newest first), for /admin/correos. */
export async function listUndeliveredMail(db: Db, limit = 200): Promise<UndeliveredMail[]> {
  return db
    .select({
      id: correos.id,
      para: correos.para,
      asunto: correos.asunto,
      ultimoIntento: correos.ultimoIntento,
      intentos: correos.intentos,
      error: correos.ultimoError,
    })
    .from(correos)
    .where(eq(correos.estado, "fallido"))
    .orderBy(desc(correos.ultimoIntento))
    .limit(limit);
}

/**
 * "Reenviar": a failed mail is queued again with its attempts back to zero, and tried at
 * once. Answers false when it is not a failed mail (already resent, or unknown).
 */
export async function resendMail(db: Db, id: unknown): Promise<boolean> {
  const n = Number(id);
  if (!Number.isSafeInteger(n) || n <= 0) return false;
  const [row] = await db
    .update(correos)
    .set({ estado: "pendiente", intentos: 0, siguienteIntento: new Date(), bloqueadoHasta: null })
    .where(and(eq(correos.id, n), eq(correos.estado, "fallido")))
    .returning({ id: correos.id });
  if (!row) return false;
  await deliverQueuedMail(db, [row.id]);
  return true;
}

/** A simple branded HTML frame for every mail. `body` is trusted HTML built by our code. */
export function mailLayout(title: string, body: string): string {
  return `<!doctype html><html lang="es"><body style="margin:0;background:#fbf7f2;font-family:Helvetica,Arial,sans-serif;color:#2b211d">
<table role="presentation" width="100%" cellpadding="0" cellspacing="0"><tr><td align="center" style="padding:32px 16px">
<table role="presentation" width="100%" style="max-width:560px;background:#ffffff;border-radius:16px;padding:32px">
<tr><td style="font-family:Georgia,serif;font-size:28px;color:#4a3630;text-align:center">Michel Alvarez</td></tr>
<tr><td style="padding-top:8px;font-size:20px;color:#b47a63;text-align:center">${escapeHtml(title)}</td></tr>
<tr><td style="padding-top:24px;font-size:15px;line-height:1.6">${body}</td></tr>
</table></td></tr></table></body></html>`;
}

export function escapeHtml(value: string): string {
  return value.replace(
    /[&<>"']/g,
    (c) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" })[c]!,
  );
}

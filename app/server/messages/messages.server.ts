/**
 * Client messages, WhatsApp first (issue 30, ADR 039). Every message to a client (and the
 * studio's notices) goes through ONE function, `queueClientMessage(db, { recipient, clave,
 * mail, whatsapp: { template, params } })`, a near drop-in for `queueMail(db, mail)`:
 *
 * - she opted in to WhatsApp (whatsapp_consentimientos) and a provider is configured → a row of
 *   `mensajes` (the template, its parameters and the mail it falls back to), written in the
 *   caller's transaction like a mail;
 * - otherwise → the mail, through the outbox (queueMail as before, ADR 028).
 *
 *   mensajes: pendiente ──claim──► enviando ──API accepts──► enviado ──webhook──► entregado ──► leido
 *                                     │                          │
 *                                     └─ error / time-out ───────┴─ webhook "failed" ──► fallido + the mail
 *
 * Exactly once: `clave` is unique in both tables (a second queueing of the same news, by
 * another path or a second runner, writes nothing, and a clave already mailed is not sent by
 * WhatsApp too); rows are claimed with FOR UPDATE SKIP LOCKED (two processes never take the
 * same row), marked `enviado` right after the API accepted, and a claim whose process died is
 * taken again after MESSAGE_CLAIM_MS. The fallback mail carries the message's clave, so a
 * failure reported twice mails once.
 */
import { and, desc, eq, inArray, sql } from "drizzle-orm";
import { PgTransaction } from "drizzle-orm/pg-core";
import {
  type MessageState,
  WHATSAPP_CONSENT_TEXT,
  advances,
  fillsTemplate,
  isOptOut,
  parseWebhook,
  whatsappNumber,
} from "~/domain/whatsapp";
import { type Db, type DbOrTx, queryRows } from "../db/client.server";
import { getDb } from "../db/index.server";
import { correos, mensajes, whatsappConsentimientos } from "../db/schema";
import { env } from "../env.server";
import { logError } from "../log.server";
import { type Mail, deliverQueuedMail, queueMail } from "../mail.server";
import { WhatsAppError, type WhatsAppProvider, currentWhatsAppProvider } from "./provider.server";

export type Recipient = {
  /** her address: the mail goes there when WhatsApp is not for her or fails */
  email: string;
  /** her phone as she typed it (10 digits in Mexico) */
  phone?: string | null;
  /**
   * Whether she opted in; looked up by phone when not given. The studio's own notices pass
   * true (STUDIO_WHATSAPP is its consent).
   */
  optedIn?: boolean;
};

export type ClientMessage = {
  recipient: Recipient;
  /** what the message announces, when it must go at most once (as `Mail.clave`) */
  clave?: string;
  /** the mail: sent when WhatsApp is not for her, or fails; `to` defaults to recipient.email */
  mail: Omit<Mail, "to" | "clave"> & { to?: string };
  /** the approved template and its body parameters ({{1}}, {{2}}…) */
  whatsapp: { template: string; params: string[] };
};

export type QueuedMessage = { canal: "whatsapp" | "correo"; id: number } | null;

/** How long a claim holds before another process may take the row again (its process died). */
export const MESSAGE_CLAIM_MS = 5 * 60_000;

/**
 * Writes a client message in `db` (the caller's transaction: it exists only if that commits) by
 * WhatsApp or by mail (see the module's comment). Answers where it went, or null when its
 * `clave` was queued before. The caller delivers after its commit (`deliverClientMessages`);
 * the job runner does it anyway on its next tick.
 */
export async function queueClientMessage(db: DbOrTx, message: ClientMessage): Promise<QueuedMessage> {
  const mail: Mail = { ...message.mail, to: message.mail.to ?? message.recipient.email, clave: message.clave };
  if (message.clave && (await alreadyQueued(db, message.clave))) return null;
  const telefono = await whatsappRecipient(db, message.recipient);
  if (!telefono || !fillsTemplate(message.whatsapp.template, message.whatsapp.params)) {
    const id = await queueMail(db, mail);
    return id === null ? null : { canal: "correo", id };
  }
  const [row] = await db
    .insert(mensajes)
    .values({
      clave: message.clave ?? null,
      telefono,
      plantilla: message.whatsapp.template,
      parametros: message.whatsapp.params,
      correo: {
        to: mail.to,
        subject: mail.subject,
        html: mail.html,
        text: mail.text,
        ...(mail.replyTo ? { replyTo: mail.replyTo } : {}),
        ...(mail.attachments?.length
          ? {
              attachments: mail.attachments.map((a) => ({
                filename: a.filename,
                ...(a.contentType ? { contentType: a.contentType } : {}),
                content: Buffer.from(a.content).toString("base64"),
              })),
            }
          : {}),
      },
      siguienteIntento: new Date(),
    })
    .onConflictDoNothing({ target: mensajes.clave })
    .returning({ id: mensajes.id });
  return row ? { canal: "whatsapp", id: row.id } : null;
}

/**
 * `sendMail`'s twin: queues the message and, outside a transaction, delivers it at once (in a
 * transaction the caller calls `deliverClientMessages` after its commit).
 */
export async function sendClientMessage(message: ClientMessage, db: DbOrTx = getDb()): Promise<QueuedMessage> {
  const queued = await queueClientMessage(db, message);
  if (queued && !(db instanceof PgTransaction)) await deliverClientMessages(db as Db);
  return queued;
}

async function alreadyQueued(db: DbOrTx, clave: string): Promise<boolean> {
  const rows = await queryRows<{ n: number }>(
    db,
    sql`select 1 as n from mensajes where clave = ${clave} union all select 1 from correos where clave = ${clave} limit 1`,
  );
  return rows.length > 0;
}

/** Her WhatsApp number when she opted in and WhatsApp is on; null: by mail. */
async function whatsappRecipient(db: DbOrTx, recipient: Recipient): Promise<string | null> {
  const telefono = whatsappNumber(recipient.phone);
  if (!telefono || !currentWhatsAppProvider()) return null;
  if (recipient.optedIn !== undefined) return recipient.optedIn ? telefono : null;
  return (await acceptsWhatsApp(db, telefono)) ? telefono : null;
}

/** The studio's notices (ADR 036) go the same way: STUDIO_WHATSAPP, opted in by configuration. */
export function studioRecipient(): Recipient {
  return {
    email: env.studioInbox,
    phone: env.whatsapp.studioNumber ?? null,
    optedIn: Boolean(env.whatsapp.studioNumber),
  };
}

// ---------------------------------------------------------------- delivery

/** Deliveries running in the background of requests (the Cloud API): tests wait for them. */
const inFlight = new Set<Promise<unknown>>();

/**
 * After a commit that queued client messages: tries the due WhatsApp messages and mails now.
 * Awaited in the demo; with the Cloud API in the background of the request (a slow API never
 * holds a page). `now`: a job's clock (its claims must agree with the runner's). Never throws:
 * what fails waits for the runner.
 */
export async function deliverClientMessages(db: Db, now?: Date): Promise<void> {
  const run = deliverDueMessages(db, { now })
    .catch((error) => logError("Mensajes: entrega inmediata fallida", error))
    .then(() => deliverQueuedMail(db));
  if (currentWhatsAppProvider()?.name !== "whatsapp") {
    await run;
    return;
  }
  inFlight.add(run);
  void run.finally(() => inFlight.delete(run));
}

/**
 * Waits for the background deliveries started so far (tests; a graceful stop, which gives them
 * at most `maxMs`: a row left `enviando` is taken again once its claim expires).
 */
export async function settleMessageDeliveries(maxMs?: number): Promise<void> {
  const settle = async () => {
    while (inFlight.size > 0) await Promise.allSettled([...inFlight]);
  };
  if (maxMs === undefined) return settle();
  let timer: ReturnType<typeof setTimeout> | undefined;
  const giveUp = new Promise<void>((resolve) => {
    timer = setTimeout(resolve, maxMs);
    timer.unref();
  });
  await Promise.race([settle(), giveUp]);
  clearTimeout(timer);
}

type Claimed = typeof mensajes.$inferSelect;

async function claimMessages(db: Db, now: Date, limit: number): Promise<Claimed[]> {
  const at = now.toISOString();
  const until = new Date(now.getTime() + MESSAGE_CLAIM_MS).toISOString();
  const rows = await queryRows<{ id: number }>(
    db,
    sql`
    update mensajes set estado = 'enviando', intentos = intentos + 1, bloqueado_hasta = ${until}::timestamptz
    where id in (
      select id from mensajes
      where (estado = 'pendiente' and siguiente_intento <= ${at}::timestamptz)
         or (estado = 'enviando' and bloqueado_hasta < ${at}::timestamptz)
      order by siguiente_intento
      limit ${limit}
      for update skip locked
    )
    returning id`,
  );
  if (rows.length === 0) return [];
  return db
    .select()
    .from(mensajes)
    .where(
      inArray(
        mensajes.id,
        rows.map((r) => Number(r.id)),
      ),
    );
}

/**
 * Sends the WhatsApp messages due at `now` (the runner's upkeep on every tick; tests pass their
 * own clock and provider): each claimed row is sent and marked `enviado` with WhatsApp's id, or
 * — the API refused, failed or did not answer in time, or WhatsApp is no longer configured —
 * marked `fallido` and its mail queued (same clave). Answers how many rows it claimed.
 */
export async function deliverDueMessages(
  db: Db,
  options: { now?: Date; limit?: number; provider?: WhatsAppProvider | null } = {},
): Promise<number> {
  const now = options.now ?? new Date();
  const limit = options.limit ?? 20;
  const provider = options.provider === undefined ? currentWhatsAppProvider() : options.provider;
  let total = 0;
  const fallbacks: number[] = [];
  for (;;) {
    const rows = await claimMessages(db, now, limit);
    total += rows.length;
    for (const row of rows) {
      const mailId = await deliverOne(db, row, provider, now);
      if (mailId) fallbacks.push(mailId);
    }
    if (rows.length < limit) break;
  }
  if (fallbacks.length) await deliverQueuedMail(db, fallbacks);
  return total;
}

async function deliverOne(db: Db, row: Claimed, provider: WhatsAppProvider | null, now: Date): Promise<number | null> {
  let sent: { id: string } | undefined;
  let reason = "WhatsApp no está configurado";
  if (provider) {
    try {
      sent = await provider.sendTemplate(row.telefono, row.plantilla, row.parametros);
    } catch (error) {
      reason = error instanceof WhatsAppError ? `${error.code} ${error.detail}`.trim() : "error desconocido";
      logError(`Mensaje ${row.id}: WhatsApp falló (${reason}); va por correo`);
    }
  }
  if (sent) {
    // right after the API accepted it: a retry never sends it again
    await db
      .update(mensajes)
      .set({ estado: "enviado", proveedor: provider!.name, proveedorId: sent.id, enviadoEn: now, bloqueadoHasta: null })
      .where(and(eq(mensajes.id, row.id), eq(mensajes.estado, "enviando")));
    return null;
  }
  return db.transaction(async (tx) => {
    const [failed] = await tx
      .update(mensajes)
      .set({ estado: "fallido", fallidoEn: now, bloqueadoHasta: null, ultimoError: reason.slice(0, 200) })
      .where(and(eq(mensajes.id, row.id), eq(mensajes.estado, "enviando")))
      .returning({ id: mensajes.id });
    if (!failed) return null;
    return fallBackToMail(tx, row);
  });
}

/** Queues a failed message's mail (its clave: once), and notes it on the row. */
async function fallBackToMail(tx: DbOrTx, row: Claimed): Promise<number | null> {
  const c = row.correo;
  const id = await queueMail(tx, {
    to: c.to,
    subject: c.subject,
    html: c.html,
    text: c.text,
    ...(c.replyTo ? { replyTo: c.replyTo } : {}),
    ...(c.attachments?.length
      ? {
          attachments: c.attachments.map((a) => ({
            filename: a.filename,
            content: Buffer.from(a.content, "base64"),
            ...(a.contentType ? { contentType: a.contentType } : {}),
          })),
        }
      : {}),
    clave: row.clave ?? `mensaje:${row.id}`,
  });
  if (id !== null) await tx.update(mensajes).set({ correoId: id }).where(eq(mensajes.id, row.id));
  return id;
}

// ---------------------------------------------------------------- the webhook

/**
 * A verified webhook notification (http/whatsapp-webhook.server.ts): statuses move their
 * message forward only (out of order and twice change nothing); "failed" sends its mail
 * (once: the message's clave); a "BAJA"/"STOP" reply withdraws that number's consent.
 */
export async function applyWhatsAppWebhook(
  db: Db,
  body: unknown,
  now: Date = new Date(),
): Promise<{ statuses: number; optOuts: number }> {
  const { statuses, replies } = parseWebhook(body);
  let changed = 0;
  const mails: number[] = [];
  for (const status of statuses) {
    const mailId = await db.transaction(async (tx) => {
      const [row] = await tx.select().from(mensajes).where(eq(mensajes.proveedorId, status.id)).for("update");
      if (!row || !advances(row.estado as MessageState, status.state)) return undefined;
      changed++;
      await tx
        .update(mensajes)
        .set({
          estado: status.state,
          ...(status.state === "entregado" ? { entregadoEn: status.at } : {}),
          ...(status.state === "leido" ? { leidoEn: status.at, entregadoEn: row.entregadoEn ?? status.at } : {}),
          ...(status.state === "fallido" ? { fallidoEn: status.at, ultimoError: status.error ?? "failed" } : {}),
        })
        .where(eq(mensajes.id, row.id));
      return status.state === "fallido" ? fallBackToMail(tx, row) : undefined;
    });
    if (mailId) mails.push(mailId);
  }
  let optOuts = 0;
  for (const reply of replies) {
    if (!isOptOut(reply.text)) continue;
    const telefono = whatsappNumber(`+${reply.from.replace(/\D/g, "")}`);
    if (telefono && (await withdrawWhatsAppConsent(db, { telefono }, "whatsapp", now))) optOuts++;
  }
  if (mails.length) await deliverQueuedMail(db, mails);
  return { statuses: changed, optOuts };
}

// ---------------------------------------------------------------- consent

/** Whether this number (whatsappNumber's form) accepts WhatsApp messages. */
export async function acceptsWhatsApp(db: DbOrTx, telefono: string): Promise<boolean> {
  const [row] = await db
    .select({ acepta: whatsappConsentimientos.acepta })
    .from(whatsappConsentimientos)
    .where(eq(whatsappConsentimientos.telefono, telefono));
  return row?.acepta === true;
}

/**
 * She agreed (the booking form's checkbox, Mi perfil): the number, the exact text and when.
 * Answers false when the phone is not a number WhatsApp can reach.
 */
export async function recordWhatsAppConsent(
  db: DbOrTx,
  input: { phone: string; userId?: string | null; origen: "reserva" | "perfil" },
  now: Date = new Date(),
): Promise<boolean> {
  const telefono = whatsappNumber(input.phone);
  if (!telefono) return false;
  const values = {
    acepta: true,
    texto: WHATSAPP_CONSENT_TEXT,
    aceptadoEn: now,
    bajaEn: null,
    origen: input.origen,
    updatedAt: now,
    ...(input.userId ? { userId: input.userId } : {}),
  };
  await db
    .insert(whatsappConsentimientos)
    .values({ telefono, ...values })
    .onConflictDoUpdate({ target: whatsappConsentimientos.telefono, set: values });
  return true;
}

/** She withdrew (Mi perfil: her numbers; a BAJA reply: that number). Answers whether one was on. */
export async function withdrawWhatsAppConsent(
  db: DbOrTx,
  who: { telefono: string } | { userId: string },
  origen: "perfil" | "whatsapp",
  now: Date = new Date(),
): Promise<boolean> {
  const rows = await db
    .update(whatsappConsentimientos)
    .set({ acepta: false, bajaEn: now, origen, updatedAt: now })
    .where(
      and(
        "telefono" in who
          ? eq(whatsappConsentimientos.telefono, who.telefono)
          : eq(whatsappConsentimientos.userId, who.userId),
        eq(whatsappConsentimientos.acepta, true),
      ),
    )
    .returning({ telefono: whatsappConsentimientos.telefono });
  return rows.length > 0;
}

/** Mi perfil: her number that accepts WhatsApp and since when, if any. */
export async function whatsappConsentOf(
  db: DbOrTx,
  userId: string,
): Promise<{ telefono: string; aceptadoEn: Date } | null> {
  const [row] = await db
    .select({ telefono: whatsappConsentimientos.telefono, aceptadoEn: whatsappConsentimientos.aceptadoEn })
    .from(whatsappConsentimientos)
    .where(and(eq(whatsappConsentimientos.userId, userId), eq(whatsappConsentimientos.acepta, true)))
    .orderBy(desc(whatsappConsentimientos.aceptadoEn))
    .limit(1);
  return row ?? null;
}

// ---------------------------------------------------------------- the admin's list

/** The latest WhatsApp messages, newest first, for /admin/correos. */
export async function listMessages(db: Db = getDb(), limit = 100) {
  return db
    .select({
      id: mensajes.id,
      telefono: mensajes.telefono,
      plantilla: mensajes.plantilla,
      estado: mensajes.estado,
      proveedor: mensajes.proveedor,
      proveedorId: mensajes.proveedorId,
      createdAt: mensajes.createdAt,
      enviadoEn: mensajes.enviadoEn,
      entregadoEn: mensajes.entregadoEn,
      leidoEn: mensajes.leidoEn,
      fallidoEn: mensajes.fallidoEn,
      error: mensajes.ultimoError,
      correoEstado: correos.estado,
    })
    .from(mensajes)
    .leftJoin(correos, eq(correos.id, mensajes.correoId))
    .orderBy(desc(mensajes.id))
    .limit(limit);
}

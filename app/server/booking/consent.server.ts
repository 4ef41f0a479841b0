/**
 * The signed consent (issue 30, deliverable 3; ADR 038). Reads top to bottom:
 *
 *   currentConsentVersion → the text of content/agenda/consentimiento.md with its version and hash
 *   consentForBooking     → a logged-in client's consent that still stands (domain/consent.ts
 *                           consentStanding): the booking then skips the form
 *   recordConsent         → in the appointment's transaction: the version row (kept forever),
 *                           the signed record with its hash, the appointment's link to it, and
 *                           the durable job that mails her the PDF copy (consent-mail.server.ts)
 *   consentsForClient     → every record of one person, each with its exact version text
 *   consentForAppointment → the record an appointment is covered by (admin screen)
 *   countersignConsent    → the artist's "Firmar como especialista"
 *
 * Health answers are never logged; the records live on uncached pages only.
 */
import { createHash, randomBytes } from "node:crypto";
import { and, desc, eq, inArray, isNull, or } from "drizzle-orm";
import { CITA_ESTADO } from "~/domain/agenda";
import { type ConsentQuestion, type ConsentRecord, questionsFor } from "~/domain/booking";
import {
  type ConsentDisplay,
  type ConsentStanding,
  consentStanding,
  recordHashText,
  versionHashText,
} from "~/domain/consent";
import { formatSpanishDateTime } from "~/domain/dates";
import { dayTitle, studioDay } from "~/domain/studio-calendar";
import type { Db, DbOrTx } from "../db/client.server";
import { citas, consentimientoVersiones, consentimientos } from "../db/schema";
import { scheduleJob } from "../jobs.server";
import { consentForm } from "./content.server";

export const CONSENT_COPY_JOB = "consentimiento-copia";

const sha256 = (text: string) => createHash("sha256").update(text, "utf8").digest("hex");

export type ConsentVersion = {
  version: string;
  hash: string;
  titulo: string;
  preguntas: { id: string; texto: string; solo?: string | null }[];
  declaracionHtml: string;
};

let current: ConsentVersion | null = null;

/** The consent text shown today, with its version and the hash of exactly that text. */
export function currentConsentVersion(): ConsentVersion {
  if (!current) {
    const form = consentForm();
    const text = {
      version: form.version,
      titulo: form.titulo,
      preguntas: form.preguntas,
      declaracionHtml: form.declaracionHtml,
    };
    current = { ...text, hash: sha256(versionHashText(text)) };
  }
  return current;
}

/** The id of a version's row, written the first time that version is signed. */
async function versionId(tx: DbOrTx, version: ConsentVersion): Promise<number> {
  await tx
    .insert(consentimientoVersiones)
    .values({
      version: version.version,
      hash: version.hash,
      titulo: version.titulo,
      preguntas: version.preguntas.map((q) => ({ id: q.id, texto: q.texto, ...(q.solo ? { solo: q.solo } : {}) })),
      declaracionHtml: version.declaracionHtml,
    })
    .onConflictDoNothing({ target: consentimientoVersiones.hash });
  const [row] = await tx
    .select({ id: consentimientoVersiones.id })
    .from(consentimientoVersiones)
    .where(eq(consentimientoVersiones.hash, version.hash));
  return row.id;
}

/** The record's hash: SHA-256 over version hash + answers + signature + instant (domain/consent.ts). */
export function recordHash(record: {
  versionHash: string;
  respuestas: ConsentRecord["respuestas"];
  firmaNombre: string;
  firmaTrazo: string | null;
  firmadoEn: Date;
}): string {
  return sha256(recordHashText(record));
}

export type NewSignature = {
  consentimiento: ConsentRecord;
  /** the drawn signature, already checked (domain/consent.ts parseDrawnSignature) */
  trazo: string | null;
  /** the request's client IP (React Router's load context) */
  ip: string | null;
  now: Date;
};

/**
 * Records a fresh signature for `cita`, inside the transaction that writes the appointment:
 * the version kept, the record with its hash, `citas.consentimiento_id`, and the job that
 * mails her the PDF copy once. Answers the record's id.
 */
export async function recordConsent(
  tx: DbOrTx,
  cita: { id: string; userId: string | null; nombre: string; correo: string },
  signature: NewSignature,
): Promise<string> {
  const version = currentConsentVersion();
  const id = randomBytes(12).toString("base64url");
  const firmadoEn = signature.now;
  const respuestas = signature.consentimiento.respuestas;
  const hash = recordHash({
    versionHash: version.hash,
    respuestas,
    firmaNombre: signature.consentimiento.firma,
    firmaTrazo: signature.trazo,
    firmadoEn,
  });
  await tx.insert(consentimientos).values({
    id,
    citaId: cita.id,
    userId: cita.userId,
    nombre: cita.nombre,
    correo: cita.correo.toLowerCase(),
    versionId: await versionId(tx, version),
    respuestas,
    firmaNombre: signature.consentimiento.firma,
    firmaTrazo: signature.trazo,
    firmadoEn,
    ip: signature.ip,
    hash,
  });
  await tx.update(citas).set({ consentimientoId: id }).where(eq(citas.id, cita.id));
  await scheduleJob(tx, {
    tipo: CONSENT_COPY_JOB,
    clave: `${CONSENT_COPY_JOB}:${id}`,
    ejecutarEn: firmadoEn,
    datos: { id },
  });
  return id;
}

// ---------------------------------------------------------------- reading records

export type ConsentView = {
  id: string;
  citaId: string | null;
  nombre: string;
  correo: string;
  respuestas: ConsentRecord["respuestas"];
  firmaNombre: string;
  firmaTrazo: string | null;
  firmadoEn: Date;
  ip: string | null;
  hash: string;
  /** whether the stored record still gives its hash (nobody edited it since) */
  integro: boolean;
  especialistaNombre: string | null;
  contrafirmadoEn: Date | null;
  version: {
    version: string;
    hash: string;
    titulo: string;
    preguntas: ConsentVersion["preguntas"];
    declaracionHtml: string;
  };
};

const viewColumns = { record: consentimientos, version: consentimientoVersiones };

function toView({
  record,
  version,
}: {
  record: typeof consentimientos.$inferSelect;
  version: typeof consentimientoVersiones.$inferSelect;
}): ConsentView {
  const expected = recordHash({
    versionHash: version.hash,
    respuestas: record.respuestas,
    firmaNombre: record.firmaNombre,
    firmaTrazo: record.firmaTrazo,
    firmadoEn: record.firmadoEn,
  });
  return {
    id: record.id,
    citaId: record.citaId,
    nombre: record.nombre,
    correo: record.correo,
    respuestas: record.respuestas,
    firmaNombre: record.firmaNombre,
    firmaTrazo: record.firmaTrazo,
    firmadoEn: record.firmadoEn,
    ip: record.ip,
    hash: record.hash,
    integro: expected === record.hash,
    especialistaNombre: record.especialistaNombre,
    contrafirmadoEn: record.contrafirmadoEn,
    version: {
      version: version.version,
      hash: version.hash,
      titulo: version.titulo,
      preguntas: version.preguntas,
      declaracionHtml: version.declaracionHtml,
    },
  };
}

/** Who a client is for her records: her account, and her address once it is proved (or the studio's word). */
export type ClientKey = { userId?: string | null; correo?: string | null };

function clientCondition({ userId, correo }: ClientKey) {
  const conditions = [
    ...(userId ? [eq(consentimientos.userId, userId)] : []),
    ...(correo ? [eq(consentimientos.correo, correo.trim().toLowerCase())] : []),
  ];
  return conditions.length > 0 ? or(...conditions) : null;
}

/**
 * Every consent one client signed, newest first, each with the exact text of its version
 * (the client record and its ARCO export, /mis-citas). `correo` must be one she proved
 * (a verified address) or the studio looks her up: it matches guest signatures too.
 */
export async function consentsForClient(db: DbOrTx, client: ClientKey): Promise<ConsentView[]> {
  const where = clientCondition(client);
  if (!where) return [];
  const rows = await db
    .select(viewColumns)
    .from(consentimientos)
    .innerJoin(consentimientoVersiones, eq(consentimientoVersiones.id, consentimientos.versionId))
    .where(where)
    .orderBy(desc(consentimientos.firmadoEn));
  return rows.map(toView);
}

/** One record by id (the PDF job). */
export async function consentById(db: DbOrTx, id: string): Promise<ConsentView | null> {
  const [row] = await db
    .select(viewColumns)
    .from(consentimientos)
    .innerJoin(consentimientoVersiones, eq(consentimientoVersiones.id, consentimientos.versionId))
    .where(eq(consentimientos.id, id));
  return row ? toView(row) : null;
}

/** Several records by id (the client record's appointments), in one query. */
export async function consentsByIds(db: DbOrTx, ids: string[]): Promise<ConsentView[]> {
  if (ids.length === 0) return [];
  const rows = await db
    .select(viewColumns)
    .from(consentimientos)
    .innerJoin(consentimientoVersiones, eq(consentimientoVersiones.id, consentimientos.versionId))
    .where(inArray(consentimientos.id, ids));
  return rows.map(toView);
}

/** The record that covers an appointment (signed for it, or the standing one it reused). */
export async function consentForAppointment(db: DbOrTx, citaId: string): Promise<ConsentView | null> {
  const [cita] = await db.select({ consentimientoId: citas.consentimientoId }).from(citas).where(eq(citas.id, citaId));
  return cita?.consentimientoId ? consentById(db, cita.consentimientoId) : null;
}

// ---------------------------------------------------------------- returning clients

export type BookingConsent =
  | { vigente: true; id: string; firmadoEn: Date; consentimiento: ConsentRecord }
  | { vigente: false; motivo: Exclude<ConsentStanding, { vigente: true }>["motivo"] };

/**
 * Whether a logged-in client's last signature covers a new booking asking `preguntas` (ids):
 * signed on today's version, less than 12 months ago, answering those questions. Guests always
 * sign: a typed address must not reveal that someone signed a health form here, nor skip hers.
 * Only a proved (verified) address matches her guest signatures.
 */
export async function consentForBooking(
  db: DbOrTx,
  user: { id: string; email: string; emailVerified: boolean } | null,
  preguntas: string[],
  now: Date = new Date(),
): Promise<BookingConsent> {
  if (!user) return { vigente: false, motivo: "sin-firma" };
  const where = clientCondition({ userId: user.id, correo: user.emailVerified ? user.email : null });
  const [last] = where
    ? await db
        .select({ record: consentimientos, versionHash: consentimientoVersiones.hash })
        .from(consentimientos)
        .innerJoin(consentimientoVersiones, eq(consentimientoVersiones.id, consentimientos.versionId))
        .where(where)
        .orderBy(desc(consentimientos.firmadoEn))
        .limit(1)
    : [];
  const standing = consentStanding(
    last
      ? {
          versionHash: last.versionHash,
          firmadoEn: last.record.firmadoEn,
          preguntas: last.record.respuestas.map((r) => r.id),
        }
      : null,
    { hash: currentConsentVersion().hash, preguntas },
    now,
  );
  if (!standing.vigente || !last) return { vigente: false, motivo: standing.vigente ? "sin-firma" : standing.motivo };
  return {
    vigente: true,
    id: last.record.id,
    firmadoEn: last.record.firmadoEn,
    consentimiento: {
      respuestas: last.record.respuestas,
      firma: last.record.firmaNombre,
      aceptado: true,
      firmadoEn: last.record.firmadoEn.toISOString(),
    },
  };
}

// ---------------------------------------------------------------- the artist's countersignature

export type CountersignResult = { ok: true; notice: string } | { ok: false; message: string };

/**
 * "Firmar como especialista": the admin who holds the needle countersigns the record that
 * covers the appointment, once (a second click changes nothing), from the appointment's day
 * on. Only for a confirmed or attended appointment covered by an online signature.
 */
export async function countersignConsent(
  db: Db,
  citaId: string,
  especialista: { id: string; name: string },
  now: Date = new Date(),
): Promise<CountersignResult> {
  const [cita] = await db
    .select({ estado: citas.estado, inicio: citas.inicio, consentimientoId: citas.consentimientoId })
    .from(citas)
    .where(eq(citas.id, citaId));
  if (!cita?.consentimientoId) return { ok: false, message: "Esta cita no tiene un consentimiento firmado en línea." };
  if (cita.estado !== CITA_ESTADO.confirmada && cita.estado !== CITA_ESTADO.atendida) {
    return { ok: false, message: "Solo se firma el consentimiento de una cita confirmada o atendida." };
  }
  // on the day: with the client in front of her, not days ahead
  if (studioDay(now) < studioDay(cita.inicio)) {
    return {
      ok: false,
      message: `Se firma el día de la cita (${dayTitle(studioDay(cita.inicio))}), con la clienta presente.`,
    };
  }
  const [signed] = await db
    .update(consentimientos)
    .set({ especialistaId: especialista.id, especialistaNombre: especialista.name, contrafirmadoEn: now })
    .where(and(eq(consentimientos.id, cita.consentimientoId), isNull(consentimientos.contrafirmadoEn)))
    .returning({ id: consentimientos.id });
  if (!signed) return { ok: false, message: "Este consentimiento ya tiene la firma de la especialista." };
  return { ok: true, notice: "Consentimiento firmado como especialista." };
}

// ---------------------------------------------------------------- the booking form's step

/**
 * What the booking form asks about consent (the server decides): nothing when the treatment
 * needs no form or this is a retoque (signed at its session); nothing either when her standing
 * consent covers it (`vigente`, shown as "Tu consentimiento está vigente"); otherwise the
 * questions this treatment asks, to answer and sign.
 */
export async function consentStep(
  db: DbOrTx,
  input: {
    user: { id: string; email: string; emailVerified: boolean } | null;
    treatment: { requiereConsentimiento: boolean; servicioNombre: string; nombre: string };
    retoque: boolean;
  },
  now: Date = new Date(),
): Promise<{ preguntas: ConsentQuestion[] | null; vigente: Extract<BookingConsent, { vigente: true }> | null }> {
  if (!input.treatment.requiereConsentimiento || input.retoque) return { preguntas: null, vigente: null };
  const preguntas = questionsFor(
    consentForm().preguntas,
    `${input.treatment.servicioNombre} ${input.treatment.nombre}`,
  );
  const standing = await consentForBooking(
    db,
    input.user,
    preguntas.map((q) => q.id),
    now,
  );
  return standing.vigente ? { preguntas: null, vigente: standing } : { preguntas, vigente: null };
}

// ---------------------------------------------------------------- what the screens show

/** A record as the screens show it (admin appointment, /mis-citas): dates in words. */
export function consentDisplay(view: ConsentView): ConsentDisplay {
  return {
    id: view.id,
    titulo: view.version.titulo,
    version: view.version.version,
    versionHash: view.version.hash,
    declaracionHtml: view.version.declaracionHtml,
    respuestas: view.respuestas,
    firmaNombre: view.firmaNombre,
    firmaTrazo: view.firmaTrazo,
    firmadoEn: formatSpanishDateTime(view.firmadoEn),
    ip: view.ip,
    hash: view.hash,
    integro: view.integro,
    contrafirma:
      view.contrafirmadoEn && view.especialistaNombre
        ? `${view.especialistaNombre}, el ${formatSpanishDateTime(view.contrafirmadoEn)}`
        : null,
  };
}

/**
 * Aftercare until the retoque (issue 30 item 6, ADR 042): the jobs scheduled by
 * aftercare-schedule.server.ts, in order after an attended session:
 *
 *   day 0   the care instructions of its treatment (content/agenda/cuidados/{tratamiento or
 *           servicio}.md, else general.md: content the studio edits)
 *   day 1, 7, 21   a check-in asking for a healing photo, by a signed link to a small upload
 *           page (/cuidados/{token}); the photo is stored privately with the appointment
 *   retoqueDesde   the retoque invitation (booking/mail.server.ts "retoque")
 *
 * Every step runs only while the sequence stands: the session still `atendida` and no
 * retoque held, booked or done for it (a cancelled appointment is never attended; a booked
 * retoque ends it). Each message is keyed in the outbox (`cuidados:{cita}:{paso}`) inside
 * the transaction that locks the session's row, so two runners or a rerun send it once.
 */
import { createHmac, randomBytes, timingSafeEqual } from "node:crypto";
import { and, asc, eq, inArray, isNull } from "drizzle-orm";
import { Marked } from "marked";
import { parse as parseYaml } from "yaml";
import { z } from "zod";
import { PHOTO_DAYS } from "~/domain/waitlist";
import type { Db, DbOrTx } from "../db/client.server";
import { citas, cuidadosFotos, tratamientos } from "../db/schema";
import { registerJob } from "../jobs.server";
import { deliverClientMessages } from "../messages/messages.server";
import { serverSecret } from "../secret.server";
import { getStorage, readRef, storageRef } from "../storage/index.server";
import { ContentError, readContentFolder } from "../content.server";
import { AFTERCARE_JOB, RETOQUE_JOB, aftercareKey } from "./aftercare-schedule.server";
import { sendAppointmentMail } from "./mail.server";
import { queueAftercareMail } from "./aftercare-mail.server";

const DAY_MS = 86_400_000;

/** States in which a retoque booking counts as booked (held, confirmed or done). */
const LIVE_OR_DONE = ["apartada", "confirmada", "atendida"];

// ---------------------------------------------------------------- the care content

const FILES: Readonly<Record<string, string>> = import.meta.env
  ? import.meta.glob<string>("/content/agenda/cuidados/*.md", { query: "?raw", import: "default", eager: true })
  : readContentFolder();
const FRONT_MATTER = /^---\r?\n([\s\S]*?)\r?\n---[ \t]*(?:\r?\n|$)/;
const marked = new Marked({ gfm: true });
const META = z.object({ titulo: z.string().trim().min(1).max(300), actualizado: z.string().trim().min(1).max(40) });

export type CareText = { titulo: string; html: string; texto: string };

function readCare(file: string): CareText {
  const raw = FILES[file];
  const match = raw === undefined ? null : FRONT_MATTER.exec(raw);
  if (!raw || !match) throw new ContentError(file, "falta el archivo o su encabezado entre líneas '---'");
  const meta = META.safeParse(parseYaml(match[1]));
  if (!meta.success) throw new ContentError(file, "encabezado inválido (titulo, actualizado)");
  const body = raw.slice(match[0].length);
  if (/<[a-z!/]/i.test(body)) throw new ContentError(file, "no se permite HTML; use Markdown");
  return { titulo: meta.data.titulo, html: marked.parse(body, { async: false }), texto: body.trim() };
}

// checked at start-up, as the other content: a broken file stops the server with its name
const CARE: ReadonlyMap<string, CareText> = new Map(
  Object.keys(FILES)
    .filter((f) => f.startsWith("/content/agenda/cuidados/") && f.endsWith(".md"))
    .map((f) => [f.slice("/content/agenda/cuidados/".length, -3), readCare(f)]),
);
if (!CARE.has("general")) throw new ContentError("/content/agenda/cuidados/general.md", "no existe");

/** The care instructions of a treatment: its own file, its service's, or the general one. */
export function careFor(tratamiento: { id: string; servicioId: string }): CareText {
  return CARE.get(tratamiento.id) ?? CARE.get(tratamiento.servicioId) ?? (CARE.get("general") as CareText);
}

// ---------------------------------------------------------------- the photo links

const sign = (citaId: string, dia: number) =>
  createHmac("sha256", serverSecret()).update(`cuidados-foto:${citaId}:${dia}`).digest("base64url").slice(0, 32);

/** The check-in's link token: the session, the day, and their signature. */
export function photoToken(citaId: string, dia: number): string {
  return `${citaId}.${dia}.${sign(citaId, dia)}`;
}

/** The session and day a token names, when its signature holds; null otherwise. */
export function readPhotoToken(token: string): { citaId: string; dia: number } | null {
  const match = /^([A-Za-z0-9_-]{1,40})\.(\d{1,2})\.([A-Za-z0-9_-]{32})$/.exec(token);
  if (!match) return null;
  const [, citaId, diaText, signature] = match;
  const dia = Number(diaText);
  if (!(PHOTO_DAYS as readonly number[]).includes(dia)) return null;
  const expected = Buffer.from(sign(citaId, dia));
  const given = Buffer.from(signature);
  return expected.length === given.length && timingSafeEqual(expected, given) ? { citaId, dia } : null;
}

/** Photos one session may receive in all (three check-ins, a few each). */
export const MAX_PHOTOS_PER_SESSION = 12;

/** The session behind a valid link: attended, with its photos so far. */
export async function photoPage(db: DbOrTx, token: string) {
  const signed = readPhotoToken(token);
  if (!signed) return null;
  const [row] = await db
    .select({
      cita: citas,
      tratamiento: tratamientos.nombre,
      tratamientoId: tratamientos.id,
      servicioId: tratamientos.servicioId,
    })
    .from(citas)
    .innerJoin(tratamientos, eq(tratamientos.id, citas.tratamientoId))
    .where(eq(citas.id, signed.citaId));
  if (!row || row.cita.estado !== "atendida") return null;
  const fotos = await photosOf(db, signed.citaId);
  // the care instructions are on the page too: a WhatsApp message carries only its link
  const care = careFor({ id: row.tratamientoId, servicioId: row.servicioId });
  return { cita: row.cita, tratamiento: row.tratamiento, care, dia: signed.dia, fotos };
}

export function photosOf(db: DbOrTx, citaId: string) {
  return db
    .select({ id: cuidadosFotos.id, dia: cuidadosFotos.dia, createdAt: cuidadosFotos.createdAt })
    .from(cuidadosFotos)
    .where(eq(cuidadosFotos.citaId, citaId))
    .orderBy(asc(cuidadosFotos.id));
}

/** Stores a healing photo (already re-encoded, no camera metadata) privately with its session. */
export async function saveHealingPhoto(db: Db, citaId: string, dia: number, webp: Uint8Array) {
  const key = `cuidados/${citaId}/dia-${dia}-${randomBytes(6).toString("hex")}.webp`;
  await getStorage("private").put(key, webp, "image/webp");
  const [row] = await db
    .insert(cuidadosFotos)
    .values({ citaId, dia, ref: storageRef("private", key) })
    .returning({ id: cuidadosFotos.id });
  return row;
}

/** A session's photo bytes, only for that session (its link, or the studio). */
export async function healingPhoto(db: DbOrTx, citaId: string, fotoId: number) {
  const [row] = await db
    .select({ ref: cuidadosFotos.ref })
    .from(cuidadosFotos)
    .where(and(eq(cuidadosFotos.id, fotoId), eq(cuidadosFotos.citaId, citaId)));
  return row ? readRef(row.ref) : null;
}

// ---------------------------------------------------------------- the jobs

/** The session, locked, when the sequence still stands; null when it stopped. */
async function standing(tx: DbOrTx, citaId: string) {
  const [row] = await tx
    .select({ cita: citas, tratamiento: tratamientos })
    .from(citas)
    .innerJoin(tratamientos, eq(tratamientos.id, citas.tratamientoId))
    .where(and(eq(citas.id, citaId), eq(citas.estado, "atendida")))
    .for("update", { of: citas });
  if (!row) return null;
  const booked = await tx
    .select({ id: citas.id })
    .from(citas)
    .where(and(eq(citas.citaOrigenId, citaId), eq(citas.esRetoque, true), inArray(citas.estado, LIVE_OR_DONE)))
    .limit(1);
  return booked.length ? null : row;
}

registerJob(AFTERCARE_JOB, async (datos, { db, now }) => {
  const citaId = String(datos.citaId ?? "");
  const paso = String(datos.paso ?? "");
  if (!citaId || !paso) return;
  await db.transaction(async (tx) => {
    const row = await standing(tx, citaId);
    if (!row) return;
    const dia = paso === "cuidados" ? 0 : Number(paso.replace("dia-", ""));
    await queueAftercareMail(tx, {
      cita: row.cita,
      tratamiento: row.tratamiento,
      dia,
      care: careFor(row.tratamiento),
      clave: aftercareKey(citaId, paso),
      photoToken: photoToken(citaId, dia > 0 ? dia : 1),
    });
  });
  await deliverClientMessages(db, now);
});

registerJob(RETOQUE_JOB, async (datos, { db, now }) => {
  const citaId = String(datos.citaId ?? "");
  if (!citaId) return;
  await db.transaction(async (tx) => {
    const row = await standing(tx, citaId);
    if (!row || row.cita.retoqueInvitado !== null || row.tratamiento.retoqueHasta === null) return;
    // the window has closed (the job ran very late): an invitation would offer no day
    if (now.getTime() > row.cita.fin.getTime() + row.tratamiento.retoqueHasta * DAY_MS) return;
    await tx
      .update(citas)
      .set({ retoqueInvitado: new Date() })
      .where(and(eq(citas.id, citaId), isNull(citas.retoqueInvitado)));
    await sendAppointmentMail(tx, citaId, "retoque");
  });
  await deliverClientMessages(db, now);
});

/** The studio's view of a session's healing photos (admin only: its links are signed for the session). */
export async function healingPhotosForStudio(db: DbOrTx, citaId: string) {
  const fotos = await photosOf(db, citaId);
  return fotos.map((f) => ({
    id: f.id,
    dia: f.dia,
    createdAt: f.createdAt,
    src: `/cuidados/${photoToken(citaId, (PHOTO_DAYS as readonly number[]).includes(f.dia) ? f.dia : 1)}/foto/${f.id}`,
  }));
}

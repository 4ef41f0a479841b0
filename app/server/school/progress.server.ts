/**
 * A student's progress in a course (issue 31 item 1, ADR 044).
 *
 * A unit is done when one of its videos was watched to 90 % (the browser reports it,
 * use-watch-progress.ts; recorded once) or when the student marks it; undoing the mark
 * deletes the row (unidades_terminadas). The percentage counts the course's current units.
 * "Continuar" opens the unit she was on (inscripciones.ultima_unidad_id, on the server, so
 * on any device) unless she finished it: then the next unfinished one (domain/course-progress).
 *
 * The unit that brings a course to 100 % queues the completion mail in its own transaction,
 * once per student and course (the outbox row's clave); a per-enrolment advisory lock makes
 * two reports at the same moment count one after the other.
 */
import { and, asc, count, eq, inArray, max, sql } from "drizzle-orm";
import { data } from "react-router";
import { site } from "~/config/site";
import { progressPercent, resumeUnit } from "~/domain/course-progress";
import { invalidRequest, isPlainId, notFound } from "~/domain/limits";
import type { Db, DbOrTx } from "../db/client.server";
import { getDb } from "../db/index.server";
import { cursos, diplomas, inscripciones, unidades, unidadesTerminadas, unidadVideos } from "../db/schema";
import { env } from "../env.server";
import { deliverQueuedMail, escapeHtml, mailLayout, queueMail } from "../mail.server";
import { requireUser } from "../session.server";

export type CourseProgress = {
  total: number;
  hechas: number;
  porcentaje: number;
  /** ids of the units done */
  terminadas: string[];
  /** the unit "Continuar" opens, null without units */
  continuar: string | null;
  /** she opened a unit or finished one */
  empezado: boolean;
  /** the unit the viewer opens without ?unidad (the one she was on, else the first) */
  abre: string | null;
};

export type DoneHow = "video" | "manual";

/** The course's unit ids in their order. */
async function unitIds(db: DbOrTx, cursoId: string): Promise<string[]> {
  const rows = await db
    .select({ id: unidades.id })
    .from(unidades)
    .where(eq(unidades.cursoId, cursoId))
    .orderBy(asc(unidades.posicion), asc(unidades.id));
  return rows.map((r) => r.id);
}

async function doneUnitIds(db: DbOrTx, userId: string, cursoId: string): Promise<Set<string>> {
  const rows = await db
    .select({ id: unidadesTerminadas.unidadId })
    .from(unidadesTerminadas)
    .where(and(eq(unidadesTerminadas.userId, userId), eq(unidadesTerminadas.cursoId, cursoId)));
  return new Set(rows.map((r) => r.id));
}

/** Progress of one student in one course (enrolled or not: the caller checked). */
export async function courseProgress(db: DbOrTx, userId: string, cursoId: string): Promise<CourseProgress> {
  const [ids, done, [enrolment]] = await Promise.all([
    unitIds(db, cursoId),
    doneUnitIds(db, userId, cursoId),
    db
      .select({ ultima: inscripciones.ultimaUnidadId })
      .from(inscripciones)
      .where(and(eq(inscripciones.userId, userId), eq(inscripciones.cursoId, cursoId))),
  ]);
  const terminadas = ids.filter((id) => done.has(id));
  return {
    total: ids.length,
    hechas: terminadas.length,
    porcentaje: progressPercent(terminadas.length, ids.length),
    terminadas,
    continuar: resumeUnit(ids, done, enrolment?.ultima ?? null),
    empezado: terminadas.length > 0 || Boolean(enrolment?.ultima),
    abre: ids.find((id) => id === enrolment?.ultima) ?? ids[0] ?? null,
  };
}

/** Whether she finished the course: every unit done (a course with units), or she holds its diploma. */
export async function hasFinishedCourse(db: DbOrTx, userId: string, cursoId: string): Promise<boolean> {
  const [diploma] = await db
    .select({ id: diplomas.id })
    .from(diplomas)
    .where(and(eq(diplomas.userId, userId), eq(diplomas.cursoId, cursoId)))
    .limit(1);
  if (diploma) return true;
  const progress = await courseProgress(db, userId, cursoId);
  return progress.total > 0 && progress.hechas === progress.total;
}

/**
 * Progress of many enrolments (the admin's students list): percent and the last unit done's
 * date per `${userId}/${cursoId}`, in three grouped queries whatever the page's size.
 */
export async function progressOfEnrolments(
  db: DbOrTx,
  keys: readonly { userId: string; cursoId: string }[],
): Promise<Map<string, { porcentaje: number; ultimoAvance: Date | null }>> {
  const result = new Map<string, { porcentaje: number; ultimoAvance: Date | null }>();
  if (keys.length === 0) return result;
  const courseIds = [...new Set(keys.map((k) => k.cursoId))];
  const userIds = [...new Set(keys.map((k) => k.userId))];
  const totals = await db
    .select({ cursoId: unidades.cursoId, n: count() })
    .from(unidades)
    .where(inArray(unidades.cursoId, courseIds))
    .groupBy(unidades.cursoId);
  const done = await db
    .select({
      userId: unidadesTerminadas.userId,
      cursoId: unidadesTerminadas.cursoId,
      n: count(),
      ultimo: max(unidadesTerminadas.terminadaEn),
    })
    .from(unidadesTerminadas)
    .where(and(inArray(unidadesTerminadas.userId, userIds), inArray(unidadesTerminadas.cursoId, courseIds)))
    .groupBy(unidadesTerminadas.userId, unidadesTerminadas.cursoId);
  const totalOf = new Map(totals.map((t) => [t.cursoId, t.n]));
  for (const { userId, cursoId } of keys) {
    const row = done.find((d) => d.userId === userId && d.cursoId === cursoId);
    result.set(`${userId}/${cursoId}`, {
      porcentaje: progressPercent(row?.n ?? 0, totalOf.get(cursoId) ?? 0),
      ultimoAvance: row?.ultimo ?? null,
    });
  }
  return result;
}

// ---------------------------------------------------------------- marking

export const COMPLETION_SUBJECT = "¡Terminaste tu curso!";

/** The outbox key of a course's completion mail: one per student and course, ever. */
export const completionKey = (userId: string, cursoId: string) => `curso-terminado:${userId}:${cursoId}`;

async function queueCompletionMail(
  tx: DbOrTx,
  student: { id: string; name: string; email: string },
  cursoId: string,
): Promise<number | null> {
  const [curso] = await tx
    .select({ titulo: cursos.titulo, examen: cursos.examen })
    .from(cursos)
    .where(eq(cursos.id, cursoId));
  if (!curso) return null;
  const [diploma] = await tx
    .select({ id: diplomas.id })
    .from(diplomas)
    .where(and(eq(diplomas.userId, student.id), eq(diplomas.cursoId, cursoId)));
  const exam = curso.examen && !diploma;
  // a course without exam shows its diploma on its last unit
  const last = curso.examen ? [] : await unitIds(tx, cursoId);
  const lastUnit = last.length > 0 ? `?unidad=${encodeURIComponent(last[last.length - 1])}` : "";
  const link = exam
    ? `${env.publicUrl}/examen-michel-alvare/${encodeURIComponent(cursoId)}`
    : `${env.publicUrl}/curso-michel-alvarez/${encodeURIComponent(cursoId)}${lastUnit}`;
  const next = exam
    ? "Ya puedes presentar el examen final: con una calificación perfecta obtienes tu diploma."
    : "Tu diploma ya te espera: descárgalo desde el curso.";
  const action = exam ? "Presentar examen final" : "Descargar mi diploma";
  const text = [
    `¡Felicidades, ${student.name}!`,
    "",
    `Terminaste todas las unidades del curso ${curso.titulo}.`,
    next,
    "",
    `${action}: ${link}`,
    "",
    site.name,
  ].join("\n");
  const html = mailLayout(
    COMPLETION_SUBJECT,
    `<p>¡Felicidades, ${escapeHtml(student.name)}!</p>
<p>Terminaste todas las unidades del curso <strong>${escapeHtml(curso.titulo)}</strong>. ${escapeHtml(next)}</p>
<p style="text-align:center;margin:24px 0"><a href="${escapeHtml(link)}" style="background:#4a3428;color:#fff;padding:12px 22px;border-radius:999px;text-decoration:none">${escapeHtml(action)}</a></p>`,
  );
  return queueMail(tx, {
    to: student.email,
    subject: `${COMPLETION_SUBJECT} ${curso.titulo} | ${site.name}`,
    text,
    html,
    clave: completionKey(student.id, cursoId),
  });
}

/**
 * Records a unit as done (idempotent: a unit already done keeps its first row), and, when it
 * completes the course, queues the completion mail in the same transaction (once ever).
 * The caller checked the enrolment and that the unit is the course's.
 */
export async function markUnitDone(
  db: Db,
  student: { id: string; name: string; email: string },
  cursoId: string,
  unidadId: string,
  como: DoneHow,
): Promise<{ nueva: boolean; completado: boolean }> {
  let mailId: number | null = null;
  const outcome = await db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`progreso:${student.id}:${cursoId}`}))`);
    const inserted = await tx
      .insert(unidadesTerminadas)
      .values({ userId: student.id, cursoId, unidadId, como })
      .onConflictDoNothing()
      .returning({ unidadId: unidadesTerminadas.unidadId });
    if (inserted.length === 0) return { nueva: false, completado: false };
    const progress = await courseProgress(tx, student.id, cursoId);
    const completado = progress.total > 0 && progress.hechas === progress.total;
    if (completado) mailId = await queueCompletionMail(tx, student, cursoId);
    return { nueva: true, completado };
  });
  if (mailId !== null) await deliverQueuedMail(db, [mailId]);
  return outcome;
}

/** Undoes "Marcar como terminada" (whichever way the unit was done). */
export async function unmarkUnit(db: DbOrTx, userId: string, unidadId: string): Promise<void> {
  await db
    .delete(unidadesTerminadas)
    .where(and(eq(unidadesTerminadas.userId, userId), eq(unidadesTerminadas.unidadId, unidadId)));
}

// ---------------------------------------------------------------- the viewer's action

export const PROGRESS_INTENTS = ["visto", "marcar", "desmarcar"] as const;
export type ProgressIntent = (typeof PROGRESS_INTENTS)[number];
export const isProgressIntent = (value: unknown): value is ProgressIntent =>
  PROGRESS_INTENTS.includes(value as ProgressIntent);

export type ProgressAnswer =
  | { ok: true; porcentaje: number; completado: boolean }
  | { ok: false; message: typeof notFound | typeof invalidRequest };

const refuse = (message: typeof notFound | typeof invalidRequest, status: number) =>
  data<ProgressAnswer>({ ok: false, message }, { status });

/**
 * The viewer's progress intents: `marcar` / `desmarcar` with `unidad`, `visto` with `video`
 * (a video watched to 90 %: its unit is done). Logged out → home; a course she is not
 * enrolled in, or a unit or video not of this course → 404, nothing written.
 */
export async function handleProgressAction(request: Request, cursoId: string, form: FormData) {
  const student = await requireUser(request);
  const intent = form.get("intent");
  const db = getDb();
  const [enrolment] = await db
    .select({ cursoId: inscripciones.cursoId })
    .from(inscripciones)
    .where(and(eq(inscripciones.userId, student.id), eq(inscripciones.cursoId, cursoId)))
    .limit(1);
  if (!enrolment) return refuse(notFound, 404);

  let unidadId: string | null = null;
  if (intent === "visto") {
    const raw = form.get("video");
    const videoId = typeof raw === "string" && /^\d{1,9}$/.test(raw) ? Number(raw) : null;
    if (videoId === null) return refuse(invalidRequest, 400);
    const [row] = await db
      .select({ unidadId: unidadVideos.unidadId })
      .from(unidadVideos)
      .innerJoin(unidades, eq(unidades.id, unidadVideos.unidadId))
      .where(and(eq(unidadVideos.id, videoId), eq(unidades.cursoId, cursoId)))
      .limit(1);
    unidadId = row?.unidadId ?? null;
  } else {
    const raw = form.get("unidad");
    if (!isPlainId(raw)) return refuse(invalidRequest, 400);
    const [row] = await db
      .select({ id: unidades.id })
      .from(unidades)
      .where(and(eq(unidades.id, raw), eq(unidades.cursoId, cursoId)))
      .limit(1);
    unidadId = row?.id ?? null;
  }
  if (!unidadId) return refuse(notFound, 404);

  let completado = false;
  if (intent === "desmarcar") await unmarkUnit(db, student.id, unidadId);
  else ({ completado } = await markUnitDone(db, student, cursoId, unidadId, intent === "visto" ? "video" : "manual"));
  const { porcentaje } = await courseProgress(db, student.id, cursoId);
  return data<ProgressAnswer>({ ok: true, porcentaje, completado });
}

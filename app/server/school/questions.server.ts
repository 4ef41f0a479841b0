/**
 * Questions (dudas) under a course unit (issue 31 item 3, ADR 046).
 *
 *   listUnitQuestions(db, unidadId, viewerId) → what a student of the course sees under the unit:
 *       answered, not hidden questions (pinned first, then newest) and her own pending ones
 *   askQuestion(db, user, cursoId, unidadId, texto, ip) → a student asks (throttled, length-limited)
 *   listQuestionsForAdmin(db)                  → /admin/dudas: unanswered first, per course and unit
 *   answerQuestion / setQuestionPinned / setQuestionHidden → the studio's work on one question
 *
 * The caller checks the student's enrolment (requireEnrolment) and the admin role (requireAdmin);
 * this module checks that the unit belongs to the course. Texts are stored as typed and shown
 * as plain text (React escapes them; the mail escapes them). Names: the first name only.
 */
import { and, asc, desc, eq, isNull, or, sql } from "drizzle-orm";
import { data } from "react-router";
import { textTooLong, tooManyAttempts, withoutNul } from "~/domain/limits";
import type { AlertMessage } from "~/domain/messages";
import { ANSWER_MAX_LENGTH, QUESTION_MAX_LENGTH } from "~/domain/questions";
import { type Db, type DbOrTx, getDb } from "../db/index.server";
import { cursos, dudas, unidades, user as users } from "../db/schema";
import { env } from "../env.server";
import { escapeHtml, mailLayout, queueMail } from "../mail.server";
import { throttle } from "../rate-limit.server";

export { ANSWER_MAX_LENGTH, QUESTION_MAX_LENGTH };
/** Questions listed under one unit (the newest of them). */
export const QUESTIONS_SHOWN = 50;
/** Questions listed on /admin/dudas. */
export const ADMIN_QUESTIONS_SHOWN = 200;

export const QUESTION_ERRORS = {
  empty: { icon: "error", title: "Escribe tu pregunta", text: "Tu pregunta está vacía." },
  tooLong: textTooLong("pregunta", QUESTION_MAX_LENGTH),
  answerEmpty: { icon: "error", title: "Escribe la respuesta", text: "La respuesta está vacía." },
  answerTooLong: textTooLong("respuesta", ANSWER_MAX_LENGTH),
  unit: { icon: "error", title: "Unidad no válida", text: "Esa unidad no pertenece a este curso." },
  notFound: { icon: "error", title: "No se encontró", text: "Esa pregunta ya no existe." },
} as const satisfies Record<string, AlertMessage>;

export type QuestionResult = { ok: true } | { ok: false; message: AlertMessage; status: number; retryAfter?: number };

export type UnitQuestion = {
  id: number;
  nombre: string;
  texto: string;
  respuesta: string | null;
  fijada: boolean;
  propia: boolean;
  fecha: string;
};

/** 'Ana María López' → 'Ana' (names are shown by first name only). */
export function firstName(name: string): string {
  return name.trim().split(/\s+/)[0] || "Alumna";
}

function cleanText(input: unknown): string {
  return typeof input === "string" ? withoutNul(input).replace(/\r\n/g, "\n").trim() : "";
}

function parseId(input: unknown): number | null {
  return typeof input === "string" && /^\d{1,9}$/.test(input) ? Number(input) : null;
}

/** Under a unit: answered and visible questions (pinned first, newest next) plus the viewer's own pending ones. */
export async function listUnitQuestions(db: Db, unidadId: string, viewerId: string): Promise<UnitQuestion[]> {
  const rows = await db
    .select({
      id: dudas.id,
      name: users.name,
      userId: dudas.userId,
      texto: dudas.texto,
      respuesta: dudas.respuesta,
      fijada: dudas.fijada,
      createdAt: dudas.createdAt,
    })
    .from(dudas)
    .innerJoin(users, eq(users.id, dudas.userId))
    .where(
      and(
        eq(dudas.unidadId, unidadId),
        or(
          and(eq(dudas.oculta, false), sql`${dudas.respuesta} is not null`),
          and(eq(dudas.userId, viewerId), isNull(dudas.respuesta), eq(dudas.oculta, false)),
        ),
      ),
    )
    .orderBy(desc(dudas.fijada), desc(dudas.createdAt), desc(dudas.id))
    .limit(QUESTIONS_SHOWN);
  return rows.map((r) => ({
    id: r.id,
    nombre: firstName(r.name),
    texto: r.texto,
    respuesta: r.respuesta,
    fijada: r.fijada,
    propia: r.userId === viewerId,
    fecha: r.createdAt.toISOString(),
  }));
}

/**
 * A student's question under a unit of `cursoId` (her enrolment already checked): the unit must
 * be the course's, the text 1..QUESTION_MAX_LENGTH characters, within the 'duda' throttle.
 */
export async function askQuestion(
  db: Db,
  asker: { id: string },
  cursoId: string,
  input: { unidadId: unknown; texto: unknown },
  ip: string | undefined,
  now = Date.now(),
): Promise<QuestionResult> {
  const texto = cleanText(input.texto);
  if (texto === "") return { ok: false, message: QUESTION_ERRORS.empty, status: 400 };
  if (texto.length > QUESTION_MAX_LENGTH) return { ok: false, message: QUESTION_ERRORS.tooLong, status: 400 };
  const unidadId = typeof input.unidadId === "string" && input.unidadId.length <= 100 ? input.unidadId : "";
  const [unit] = unidadId
    ? await db
        .select({ id: unidades.id })
        .from(unidades)
        .where(and(eq(unidades.id, unidadId), eq(unidades.cursoId, cursoId)))
    : [];
  if (!unit) return { ok: false, message: QUESTION_ERRORS.unit, status: 400 };
  const limit = await throttle(db, "duda", { ip, userId: asker.id }, now);
  if (!limit.allowed)
    return {
      ok: false,
      message: tooManyAttempts(limit.retryAfterSeconds),
      status: 429,
      retryAfter: limit.retryAfterSeconds,
    };
  await db.insert(dudas).values({ unidadId: unit.id, cursoId, userId: asker.id, texto });
  return { ok: true };
}

export type AdminQuestion = {
  id: number;
  curso: string;
  unidad: string;
  nombre: string;
  texto: string;
  respuesta: string | null;
  fijada: boolean;
  oculta: boolean;
  fecha: string;
};

/** /admin/dudas: unanswered first (oldest waiting first), then answered newest first; grouped by course and unit by the page. */
export async function listQuestionsForAdmin(db: Db): Promise<{ questions: AdminQuestion[]; pendientes: number }> {
  const rows = await db
    .select({
      id: dudas.id,
      curso: cursos.titulo,
      unidad: unidades.nombre,
      name: users.name,
      texto: dudas.texto,
      respuesta: dudas.respuesta,
      fijada: dudas.fijada,
      oculta: dudas.oculta,
      createdAt: dudas.createdAt,
    })
    .from(dudas)
    .innerJoin(cursos, eq(cursos.id, dudas.cursoId))
    .innerJoin(unidades, eq(unidades.id, dudas.unidadId))
    .innerJoin(users, eq(users.id, dudas.userId))
    .orderBy(
      sql`(${dudas.respuesta} is null) desc`,
      sql`case when ${dudas.respuesta} is null then ${dudas.createdAt} end asc`,
      desc(dudas.respondidaEn),
      asc(cursos.titulo),
      asc(unidades.posicion),
      desc(dudas.id),
    )
    .limit(ADMIN_QUESTIONS_SHOWN);
  const [{ n }] = await db
    .select({ n: sql<number>`count(*)`.mapWith(Number) })
    .from(dudas)
    .where(isNull(dudas.respuesta));
  return {
    pendientes: n,
    questions: rows.map((r) => ({
      id: r.id,
      curso: r.curso,
      unidad: r.unidad,
      nombre: firstName(r.name),
      texto: r.texto,
      respuesta: r.respuesta,
      fijada: r.fijada,
      oculta: r.oculta,
      fecha: r.createdAt.toISOString(),
    })),
  };
}

/**
 * The studio answers (or edits its answer). The asker's notice is queued in the same
 * transaction under the key `duda-respondida:{id}`: an edited answer never mails again.
 */
export async function answerQuestion(db: Db, idInput: unknown, respuestaInput: unknown): Promise<QuestionResult> {
  const id = parseId(idInput);
  const respuesta = cleanText(respuestaInput);
  if (respuesta === "") return { ok: false, message: QUESTION_ERRORS.answerEmpty, status: 400 };
  if (respuesta.length > ANSWER_MAX_LENGTH) return { ok: false, message: QUESTION_ERRORS.answerTooLong, status: 400 };
  if (id === null) return { ok: false, message: QUESTION_ERRORS.notFound, status: 404 };
  return db.transaction(async (tx) => {
    const [row] = await tx
      .update(dudas)
      .set({ respuesta, respondidaEn: sql`coalesce(${dudas.respondidaEn}, now())` })
      .where(eq(dudas.id, id))
      .returning({
        id: dudas.id,
        userId: dudas.userId,
        cursoId: dudas.cursoId,
        unidadId: dudas.unidadId,
        texto: dudas.texto,
      });
    if (!row) return { ok: false, message: QUESTION_ERRORS.notFound, status: 404 } as const;
    await queueAnswerNotice(tx, row, respuesta);
    return { ok: true } as const;
  });
}

async function queueAnswerNotice(
  tx: DbOrTx,
  q: { id: number; userId: string; cursoId: string; unidadId: string; texto: string },
  respuesta: string,
) {
  const [asker] = await tx.select({ name: users.name, email: users.email }).from(users).where(eq(users.id, q.userId));
  const [curso] = await tx.select({ titulo: cursos.titulo }).from(cursos).where(eq(cursos.id, q.cursoId));
  if (!asker || !curso) return;
  const link = `${env.publicUrl}/curso-michel-alvarez/${encodeURIComponent(q.cursoId)}?unidad=${encodeURIComponent(q.unidadId)}`;
  const nombre = firstName(asker.name);
  const subject = `Respondimos tu pregunta de ${curso.titulo}`;
  await queueMail(tx, {
    to: asker.email,
    clave: `duda-respondida:${q.id}`,
    subject,
    text: `Hola ${nombre}:\n\nMichel respondió tu pregunta del curso ${curso.titulo}.\n\nTu pregunta:\n${q.texto}\n\nRespuesta:\n${respuesta}\n\nVer en el curso: ${link}\n`,
    html: mailLayout(
      "Respondimos tu pregunta",
      `<p>Hola ${escapeHtml(nombre)}:</p>
<p>Michel respondió tu pregunta del curso <strong>${escapeHtml(curso.titulo)}</strong>.</p>
<p style="color:#7a6a62;white-space:pre-line">${escapeHtml(q.texto)}</p>
<p style="white-space:pre-line">${escapeHtml(respuesta)}</p>
<p style="text-align:center;padding:16px 0"><a href="${escapeHtml(link)}" style="background:#4a3630;color:#fbf7f2;text-decoration:none;padding:12px 24px;border-radius:999px;display:inline-block">Ver en el curso</a></p>`,
    ),
  });
}

async function setFlag(
  db: Db,
  idInput: unknown,
  set: { fijada: boolean } | { oculta: boolean },
): Promise<QuestionResult> {
  const id = parseId(idInput);
  if (id === null) return { ok: false, message: QUESTION_ERRORS.notFound, status: 404 };
  const updated = await db.update(dudas).set(set).where(eq(dudas.id, id)).returning({ id: dudas.id });
  return updated.length === 1 ? { ok: true } : { ok: false, message: QUESTION_ERRORS.notFound, status: 404 };
}

/** Pins a question (listed first under its unit) or unpins it. */
export const setQuestionPinned = (db: Db, id: unknown, fijada: boolean) => setFlag(db, id, { fijada });
/** Hides a question from every student (the asker too) or shows it again. */
export const setQuestionHidden = (db: Db, id: unknown, oculta: boolean) => setFlag(db, id, { oculta });

/** The viewer action's 'duda' branch (enrolment checked by the caller): a 4xx with a Spanish message on refusal. */
export async function handleQuestionIntent(
  asker: { id: string },
  cursoId: string,
  form: FormData,
  ip: string | undefined,
) {
  const result = await askQuestion(
    getDb(),
    asker,
    cursoId,
    { unidadId: form.get("unidadId"), texto: form.get("texto") },
    ip,
  );
  if (result.ok) return data({ ok: true as const, message: undefined }, { status: 200 });
  const headers: Record<string, string> = result.retryAfter ? { "Retry-After": String(result.retryAfter) } : {};
  return data({ ok: false as const, message: result.message }, { status: result.status, headers });
}

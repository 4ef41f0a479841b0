/**
 * The final exam, decided on the server (SPEC §4 'Exam', §9): the first 6 questions of the
 * course by posicion, answers in a new order on every attempt, graded here.
 *
 * The browser never learns which answer is right: each answer goes out as its text and an
 * opaque option id, an HMAC (server secret) of the user, the course, a random attempt
 * nonce, the question and the answer's stored index. Only the server can tell which id
 * stands for respuesta_correcta, and the ids change with every attempt, so nothing in the
 * page (order, ids, attributes) says which one it is.
 */
import { createHmac, randomBytes, timingSafeEqual } from "node:crypto";
import { and, asc, desc, eq, gt, sql } from "drizzle-orm";
import { EXAM_QUESTION_COUNT, isPerfect, scoreExam, shuffle } from "~/domain/exam";
import { answerField } from "~/domain/exam-form";
import { serverSecret } from "../secret.server";
import { type DbOrTx, getDb } from "../db/index.server";
import { examenIntentos, preguntas } from "../db/schema";
import { issueDiploma } from "./diploma.server";

/** What the exam page receives: texts and opaque ids only. */
export type ExamPaper = {
  intento: string;
  preguntas: { id: string; pregunta: string; opciones: { id: string; texto: string }[] }[];
};

export type ExamResult =
  | { ok: true; correctas: number; total: number; calificacion: number; aprobado: boolean; diploma: string | null }
  | ExamRefusal;

/** A submission that was not graded (nothing recorded), with its HTTP status. */
export type ExamRefusal = { ok: false; error: string; status: 400 | 409 | 429 };

export const EXAM_ERRORS = {
  incomplete: "Responde todas las preguntas antes de enviar el examen.",
  invalid: "Tus respuestas no coinciden con este examen. Vuelve a cargar la página e inténtalo de nuevo.",
  noQuestions: "Este examen todavía no tiene preguntas.",
  used: "Este examen ya fue calificado. Vuelve a cargar la página para un nuevo intento.",
} as const;

/** Graded attempts a student may make per course in EXAM_WINDOW_MS (SPEC: guessing the answers costs time). */
export const EXAM_MAX_ATTEMPTS = 3;
export const EXAM_WINDOW_MS = 60 * 60_000;

/** The spec's text once the attempts of the hour are spent. */
export function examAttemptsExhausted(retryAfterSeconds: number): string {
  const minutes = Math.max(1, Math.ceil(retryAfterSeconds / 60));
  return `Has agotado tus intentos, vuelve a intentarlo en ${minutes} minutos`;
}

/** The exam's questions: the first EXAM_QUESTION_COUNT by posicion. */
async function examQuestions(cursoId: string) {
  return getDb()
    .select()
    .from(preguntas)
    .where(eq(preguntas.cursoId, cursoId))
    .orderBy(asc(preguntas.posicion), asc(preguntas.id))
    .limit(EXAM_QUESTION_COUNT);
}

function examKey(): string {
  return createHmac("sha256", serverSecret()).update("examen-opciones-v1").digest("hex");
}

/** The opaque id of answer `index` (1..3) of a question in one attempt. */
function optionId(
  key: string,
  scope: { userId: string; cursoId: string; intento: string },
  preguntaId: string,
  index: number,
) {
  return createHmac("sha256", key)
    .update(`${scope.userId}\n${scope.cursoId}\n${scope.intento}\n${preguntaId}\n${index}`)
    .digest("base64url")
    .slice(0, 22);
}

/** A new attempt's paper: questions in order, each with its three answers shuffled. */
export async function prepareExam(
  userId: string,
  cursoId: string,
  random: () => number = Math.random,
): Promise<ExamPaper> {
  const intento = randomBytes(12).toString("base64url");
  const key = examKey();
  const scope = { userId, cursoId, intento };
  const rows = await examQuestions(cursoId);
  return {
    intento,
    preguntas: rows.map((q) => ({
      id: q.id,
      pregunta: q.pregunta,
      opciones: shuffle(
        [q.respuesta1, q.respuesta2, q.respuesta3].map((texto, i) => ({
          id: optionId(key, scope, q.id, i + 1),
          texto,
        })),
        random,
      ),
    })),
  };
}

/**
 * Grades a submitted attempt and records it. A perfect score issues the diploma (once).
 * Bad input (a question left out, an id from another attempt) records nothing. A paper is
 * graded once (its id is stored with the attempt), and at most EXAM_MAX_ATTEMPTS per course
 * and hour are graded: guessing the answers one submission at a time takes hours.
 */
export async function gradeExam(
  user: { id: string; name: string },
  cursoId: string,
  form: FormData,
): Promise<ExamResult> {
  const intento = String(form.get("intento") ?? "");
  const rows = await examQuestions(cursoId);
  if (rows.length === 0) return { ok: false, error: EXAM_ERRORS.noQuestions, status: 400 };
  if (!/^[A-Za-z0-9_-]{16}$/.test(intento)) return { ok: false, error: EXAM_ERRORS.invalid, status: 400 };

  const key = examKey();
  const scope = { userId: user.id, cursoId, intento };
  let correctas = 0;
  for (const q of rows) {
    const chosen = form.get(answerField(q.id));
    if (typeof chosen !== "string" || chosen === "") return { ok: false, error: EXAM_ERRORS.incomplete, status: 400 };
    const index = [1, 2, 3].find((i) => sameId(optionId(key, scope, q.id, i), chosen));
    if (index === undefined) return { ok: false, error: EXAM_ERRORS.invalid, status: 400 };
    if (index === q.respuestaCorrecta) correctas++;
  }

  const calificacion = scoreExam(correctas, rows.length);
  const aprobado = isPerfect(calificacion);
  const saved = await getDb().transaction(async (tx): Promise<ExamRefusal | { diploma: string | null }> => {
    // One student's submissions for one course are counted one at a time, so two sent
    // together cannot both take the last attempt of the hour.
    await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`examen|${user.id}|${cursoId}`}))`);
    const spent = await examLockout(tx, user.id, cursoId);
    if (spent) return spent;
    // The paper is used once: its id is unique among attempts.
    const [recorded] = await tx
      .insert(examenIntentos)
      .values({
        userId: user.id,
        cursoId,
        intento,
        correctas,
        total: rows.length,
        calificacion: Math.round(calificacion * 100),
      })
      .onConflictDoNothing({ target: examenIntentos.intento })
      .returning({ id: examenIntentos.id });
    if (!recorded) return { ok: false, error: EXAM_ERRORS.used, status: 409 };
    const diploma = aprobado ? await issueDiploma(tx, { userId: user.id, cursoId, nombre: user.name }) : null;
    return { diploma: diploma?.id ?? null };
  });
  if ("ok" in saved) return saved;
  return { ok: true, correctas, total: rows.length, calificacion, aprobado, diploma: saved.diploma };
}

/**
 * The refusal when the student already made EXAM_MAX_ATTEMPTS graded attempts of this
 * course within the last EXAM_WINDOW_MS, with the minutes until the oldest of them ages out.
 */
export async function examLockout(
  db: DbOrTx,
  userId: string,
  cursoId: string,
  now = new Date(),
): Promise<ExamRefusal | null> {
  const since = new Date(now.getTime() - EXAM_WINDOW_MS);
  const recent = await db
    .select({ createdAt: examenIntentos.createdAt })
    .from(examenIntentos)
    .where(
      and(eq(examenIntentos.userId, userId), eq(examenIntentos.cursoId, cursoId), gt(examenIntentos.createdAt, since)),
    )
    .orderBy(desc(examenIntentos.createdAt))
    .limit(EXAM_MAX_ATTEMPTS);
  if (recent.length < EXAM_MAX_ATTEMPTS) return null;
  const oldest = recent[recent.length - 1].createdAt.getTime();
  const retryAfterSeconds = Math.ceil((oldest + EXAM_WINDOW_MS - now.getTime()) / 1000);
  return { ok: false, error: examAttemptsExhausted(retryAfterSeconds), status: 429 };
}

function sameId(a: string, b: string): boolean {
  const x = Buffer.from(a);
  const y = Buffer.from(b);
  return x.length === y.length && timingSafeEqual(x, y);
}

/** The student's attempts, newest first (scores as percentages). */
export async function listAttempts(userId: string, cursoId: string) {
  const rows = await getDb()
    .select()
    .from(examenIntentos)
    .where(and(eq(examenIntentos.userId, userId), eq(examenIntentos.cursoId, cursoId)))
    .orderBy(desc(examenIntentos.createdAt), desc(examenIntentos.id));
  return rows.map((r) => ({ ...r, calificacion: r.calificacion / 100 }));
}

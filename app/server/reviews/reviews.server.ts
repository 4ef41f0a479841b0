/**
 * Reviews (comentarios) of a product or a course: one module for both (SPEC sections 3, 5).
 *
 *   listReviews(db, target)                 → { reviews, average, count } newest first
 *   submitReview(db, user, target, form)    → { ok: true } | { ok: false, message }
 *   handleReviewAction(request, form, target, clientIp) → the same, reading the form and the
 *                                           session, throttled, with a 4xx status on refusal
 *
 *   listReviewsForAdmin(db, page)           → every review, hidden ones too, newest first (/admin/resenas)
 *   setReviewHidden(db, id, hidden)         → the studio hides or shows one again
 *
 * A target is `{ productoId }` or `{ cursoId }`. The form fields are `calificacion` (1..5,
 * from the star radio group) and `comentarios` (text); see app/components/reviews.
 */
import { and, count, desc, eq, sql } from "drizzle-orm";
import { data } from "react-router";
import { TEXT_LIMITS, textTooLong, tooManyAttempts, withoutNul } from "~/domain/limits";
import { type AlertMessage, messages } from "~/domain/messages";
import { type Page, paginate } from "~/domain/pagination";
import { type ReviewResult, type ReviewsData, meanRating, parseRating } from "~/domain/ratings";
import { type Db, getDb } from "../db/index.server";
import { comentarios, cursos, productos, user as users } from "../db/schema";
import { throttle } from "../rate-limit.server";
import { hasFinishedCourse } from "../school/progress.server";
import { currentUser } from "../session.server";

export type ReviewTarget = { productoId: string } | { cursoId: string };

export type { Review, ReviewResult, ReviewsData } from "~/domain/ratings";

/** Longest review text (app/domain/limits.ts); longer ones are refused. */
export const REVIEW_MAX_LENGTH = TEXT_LIMITS.comentario;

function targetColumn(target: ReviewTarget) {
  return "productoId" in target
    ? eq(comentarios.productoId, target.productoId)
    : eq(comentarios.cursoId, target.cursoId);
}

/** Reviews a page lists: the newest; the count and the average cover all of them. */
export const REVIEWS_SHOWN = 20;

/**
 * The newest REVIEWS_SHOWN reviews of a product or course (comentarios_*_recientes), with
 * the count and average rating of all of them added up by the database: a course with
 * hundreds of reviews costs the same page as one with twenty.
 */
export async function listReviews(db: Db, target: ReviewTarget): Promise<ReviewsData> {
  // One query: the window sums run over every review of the target before the LIMIT, so the
  // newest 20 rows carry the count and the sum of all; no row means no review.
  const rows = await db
    .select({
      id: comentarios.id,
      nombre: comentarios.nombre,
      comentarios: comentarios.comentarios,
      calificacion: comentarios.calificacion,
      fecha: comentarios.fecha,
      total: sql<number>`count(*) over ()`.mapWith(Number),
      suma: sql<number>`sum(${comentarios.calificacion}) over ()`.mapWith(Number),
    })
    .from(comentarios)
    // a review the studio hid is neither shown nor counted (setReviewHidden)
    .where(and(targetColumn(target), eq(comentarios.oculto, false)))
    .orderBy(desc(comentarios.fecha), desc(comentarios.id))
    .limit(REVIEWS_SHOWN);
  const reviews = rows.map(({ total: _total, suma: _suma, ...r }) => ({ ...r, fecha: r.fecha.toISOString() }));
  const total = rows[0]?.total ?? 0;
  return { reviews, average: meanRating(rows[0]?.suma ?? 0, total), count: total };
}

/**
 * Saves a review (SPEC section 5): a rating of 1..5 and non-empty text, else
 * messages.reviewEmpty; text within TEXT_LIMITS.comentario; a logged-in user whose record
 * exists, else messages.reviewLoginRequired. Stored with the user's current name and today's
 * date. One review per user and product (or course): posting again edits it (unique index).
 * The caller checks that the product or course exists.
 */
export async function submitReview(
  db: Db,
  userId: string | null,
  target: ReviewTarget,
  input: { calificacion: unknown; comentarios: unknown },
): Promise<ReviewResult> {
  const calificacion = parseRating(input.calificacion);
  const text = typeof input.comentarios === "string" ? withoutNul(input.comentarios).trim() : "";
  if (calificacion === null || text === "") return { ok: false, message: messages.reviewEmpty };
  if (text.length > REVIEW_MAX_LENGTH) return { ok: false, message: reviewTooLong };
  if (!userId) return { ok: false, message: messages.reviewLoginRequired };
  const [author] = await db.select({ id: users.id, name: users.name }).from(users).where(eq(users.id, userId));
  if (!author) return { ok: false, message: messages.reviewLoginRequired };
  // a course is reviewed only by its students who finished it (issue 31, ADR 044)
  if ("cursoId" in target && !(await hasFinishedCourse(db, author.id, target.cursoId))) {
    return { ok: false, message: courseReviewNotFinished };
  }

  const review = { userId: author.id, nombre: author.name, comentarios: text, calificacion };
  const edit = { nombre: author.name, comentarios: text, calificacion, fecha: new Date() };
  const insert = db.insert(comentarios);
  const saved =
    "productoId" in target
      ? insert
          .values({ ...review, productoId: target.productoId })
          .onConflictDoUpdate({ target: [comentarios.userId, comentarios.productoId], set: edit })
      : insert
          .values({ ...review, cursoId: target.cursoId })
          .onConflictDoUpdate({ target: [comentarios.userId, comentarios.cursoId], set: edit });
  const [row] = await saved.returning({
    id: comentarios.id,
    nombre: comentarios.nombre,
    comentarios: comentarios.comentarios,
    calificacion: comentarios.calificacion,
    fecha: comentarios.fecha,
  });
  return { ok: true, review: { ...row, fecha: row.fecha.toISOString() } };
}

/** A course review by someone who has not finished the course (or holds no diploma of it). */
export const courseReviewNotFinished = {
  icon: "info",
  title: "Termina el curso para opinar",
  text: "Solo las alumnas que terminaron el curso pueden dejar una reseña. Cuando completes todas las unidades (o tengas tu diploma), cuéntanos qué te pareció.",
} as const satisfies AlertMessage;

/** A review longer than TEXT_LIMITS.comentario. */
export const reviewTooLong = textTooLong("comentario", REVIEW_MAX_LENGTH);

const STATUS_OF = new Map<AlertMessage, number>([
  [messages.reviewEmpty, 400],
  [reviewTooLong, 400],
  [messages.reviewLoginRequired, 401],
  [courseReviewNotFinished, 403],
]);

/**
 * A route action's review branch: reads the form and the session, spends one hit of the
 * reviews throttle (per IP and account), then submitReview. Refusals carry a 4xx status.
 */
export async function handleReviewAction(
  request: Request,
  form: FormData,
  target: ReviewTarget,
  clientIp: string | undefined,
) {
  const user = await currentUser(request);
  if (user) {
    const limit = await throttle(getDb(), "resena", { ip: clientIp, userId: user.id });
    if (!limit.allowed) {
      const refused: ReviewResult = { ok: false, message: tooManyAttempts(limit.retryAfterSeconds) };
      return data(refused, { status: 429, headers: { "Retry-After": String(limit.retryAfterSeconds) } });
    }
  }
  const result = await submitReview(getDb(), user?.id ?? null, target, {
    calificacion: form.get("calificacion"),
    comentarios: form.get("comentarios"),
  });
  return data(result, { status: result.ok ? 200 : (STATUS_OF.get(result.message) ?? 400) });
}

/** Reviews per page of /admin/resenas. */
export const ADMIN_REVIEWS_PER_PAGE = 30;

export type AdminReview = {
  id: number;
  nombre: string;
  comentarios: string;
  calificacion: number;
  fecha: string;
  oculto: boolean;
  /** what it reviews: the product's or course's name and its public page */
  de: string;
  href: string;
};

/** Every review, hidden ones too, newest first, one page of them with the total. */
export async function listReviewsForAdmin(
  db: Db,
  requestedPage: number,
): Promise<{ reviews: AdminReview[]; total: number; page: Page }> {
  const [{ n }] = await db.select({ n: count() }).from(comentarios);
  const page = paginate(n, requestedPage, ADMIN_REVIEWS_PER_PAGE);
  const rows = await db
    .select({
      id: comentarios.id,
      nombre: comentarios.nombre,
      comentarios: comentarios.comentarios,
      calificacion: comentarios.calificacion,
      fecha: comentarios.fecha,
      oculto: comentarios.oculto,
      productoId: comentarios.productoId,
      producto: productos.nombre,
      cursoId: comentarios.cursoId,
      curso: cursos.titulo,
      cursoTipo: cursos.tipo,
    })
    .from(comentarios)
    .leftJoin(productos, eq(productos.id, comentarios.productoId))
    .leftJoin(cursos, eq(cursos.id, comentarios.cursoId))
    .orderBy(desc(comentarios.fecha), desc(comentarios.id))
    .limit(ADMIN_REVIEWS_PER_PAGE)
    .offset(page.offset);
  const reviews = rows.map((r) => ({
    id: r.id,
    nombre: r.nombre,
    comentarios: r.comentarios,
    calificacion: r.calificacion,
    fecha: r.fecha.toISOString(),
    oculto: r.oculto,
    de: r.producto ?? r.curso ?? "—",
    href: r.productoId ? `/producto/${r.productoId}` : r.cursoId && r.cursoTipo === "online" ? `/cursos/${r.cursoId}` : "/cursos",
  }));
  return { reviews, total: n, page };
}

/**
 * Hides a review from its page (and from the average and the count), or shows it again.
 * Answers whether the review exists; the form's id is checked here (a whole number).
 */
export async function setReviewHidden(db: Db, idInput: unknown, hidden: boolean): Promise<boolean> {
  const id = typeof idInput === "string" && /^\d{1,9}$/.test(idInput) ? Number(idInput) : null;
  if (id === null) return false;
  const updated = await db
    .update(comentarios)
    .set({ oculto: hidden })
    .where(eq(comentarios.id, id))
    .returning({ id: comentarios.id });
  return updated.length === 1;
}

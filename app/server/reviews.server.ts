/**
 * Reviews (comentarios) of a product or a course: one module for both (SPEC sections 3, 5).
 *
 *   listReviews(db, target)                 → { reviews, average, count } newest first
 *   submitReview(db, user, target, form)    → { ok: true } | { ok: false, message }
 *   handleReviewAction(request, target)     → the same, reading the form and the session
 *
 * A target is `{ productoId }` or `{ cursoId }`. The form fields are `calificacion` (1..5,
 * from the star radio group) and `comentarios` (text); see app/components/reviews.
 */
import { desc, eq } from "drizzle-orm";
import { messages } from "~/domain/messages";
import { type ReviewResult, type ReviewsData, averageRating, parseRating } from "~/domain/ratings";
import { type Db, getDb } from "./db/index.server";
import { comentarios, user as users } from "./db/schema";
import { currentUser } from "./session.server";

export type ReviewTarget = { productoId: string } | { cursoId: string };

export type { Review, ReviewResult, ReviewsData } from "~/domain/ratings";

/** Longest review text we keep; longer ones are cut rather than refused. */
export const REVIEW_MAX_LENGTH = 2000;

function targetColumn(target: ReviewTarget) {
  return "productoId" in target
    ? eq(comentarios.productoId, target.productoId)
    : eq(comentarios.cursoId, target.cursoId);
}

export async function listReviews(db: Db, target: ReviewTarget): Promise<ReviewsData> {
  const rows = await db
    .select({
      id: comentarios.id,
      nombre: comentarios.nombre,
      comentarios: comentarios.comentarios,
      calificacion: comentarios.calificacion,
      fecha: comentarios.fecha,
    })
    .from(comentarios)
    .where(targetColumn(target))
    .orderBy(desc(comentarios.fecha), desc(comentarios.id));
  const reviews = rows.map((r) => ({ ...r, fecha: r.fecha.toISOString() }));
  return { reviews, average: averageRating(reviews.map((r) => r.calificacion)), count: reviews.length };
}

/**
 * Saves a review (SPEC section 5): a rating of 1..5 and non-empty text, else
 * messages.reviewEmpty; a logged-in user whose record exists, else
 * messages.reviewLoginRequired. Stored with the user's current name and today's date.
 * The caller checks that the product or course exists.
 */
export async function submitReview(
  db: Db,
  userId: string | null,
  target: ReviewTarget,
  input: { calificacion: unknown; comentarios: unknown },
): Promise<ReviewResult> {
  const calificacion = parseRating(input.calificacion);
  const text = typeof input.comentarios === "string" ? input.comentarios.trim() : "";
  if (calificacion === null || text === "") return { ok: false, message: messages.reviewEmpty };
  if (!userId) return { ok: false, message: messages.reviewLoginRequired };
  const [author] = await db.select({ id: users.id, name: users.name }).from(users).where(eq(users.id, userId));
  if (!author) return { ok: false, message: messages.reviewLoginRequired };

  const [row] = await db
    .insert(comentarios)
    .values({
      ...("productoId" in target ? { productoId: target.productoId } : { cursoId: target.cursoId }),
      userId: author.id,
      nombre: author.name,
      comentarios: text.slice(0, REVIEW_MAX_LENGTH),
      calificacion,
    })
    .returning({
      id: comentarios.id,
      nombre: comentarios.nombre,
      comentarios: comentarios.comentarios,
      calificacion: comentarios.calificacion,
      fecha: comentarios.fecha,
    });
  return { ok: true, review: { ...row, fecha: row.fecha.toISOString() } };
}

/** A route action's review branch: reads the form and the session, then submitReview. */
export async function handleReviewAction(request: Request, form: FormData, target: ReviewTarget): Promise<ReviewResult> {
  const user = await currentUser(request);
  return submitReview(getDb(), user?.id ?? null, target, {
    calificacion: form.get("calificacion"),
    comentarios: form.get("comentarios"),
  });
}

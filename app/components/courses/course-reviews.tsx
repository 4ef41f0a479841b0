import { Star } from "lucide-react";
import { formatSpanishDate } from "~/domain/dates";
import { averageRating } from "~/domain/ratings";

export type ReviewItem = { id: number; nombre: string; comentarios: string; calificacion: number; fecha: Date | string };

function Stars({ value, label }: { value: number; label: string }) {
  return (
    <span className="flex items-center gap-0.5" role="img" aria-label={label}>
      {[1, 2, 3, 4, 5].map((n) => (
        <Star key={n} className={`size-4 ${n <= value ? "fill-clay text-clay" : "text-sand"}`} aria-hidden />
      ))}
    </span>
  );
}

/**
 * The reviews of a course, read-only. (Writing reviews arrives with the shared reviews module,
 * which will replace this list on the course page.)
 */
export function CourseReviews({ reviews }: { reviews: ReviewItem[] }) {
  const average = averageRating(reviews.map((r) => r.calificacion));
  return (
    <div data-testid="course-reviews">
      {reviews.length > 0 ? (
        <>
          <div className="mt-4 flex items-center gap-3 text-sm text-muted">
            <Stars value={average} label={`Calificación promedio: ${average} de 5`} />
            <span>
              {reviews.length} {reviews.length === 1 ? "reseña" : "reseñas"}
            </span>
          </div>
          <ul className="mt-8 space-y-6">
            {reviews.map((review) => (
              <li key={review.id} className="rounded-2xl bg-white p-6 ring-1 ring-sand">
                <div className="flex flex-wrap items-center justify-between gap-2">
                  <p className="font-medium text-cocoa">{review.nombre}</p>
                  <Stars value={review.calificacion} label={`${review.calificacion} de 5 estrellas`} />
                </div>
                <p className="mt-1 text-xs text-muted">{formatSpanishDate(new Date(review.fecha))}</p>
                <p className="mt-3 whitespace-pre-line leading-relaxed text-ink/85">{review.comentarios}</p>
              </li>
            ))}
          </ul>
        </>
      ) : (
        <p className="mt-4 text-muted">Este curso aún no tiene reseñas.</p>
      )}
    </div>
  );
}

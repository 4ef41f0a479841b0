/**
 * Reviews of a product or a course: the list and the form, for any route whose action
 * answers `intent=review` with handleReviewAction (app/server/reviews.server.ts):
 *
 *   // loader
 *   reviews: await listReviews(db, { cursoId })
 *   // action
 *   if (form.get("intent") === "review") return handleReviewAction(request, form, { cursoId }, context.clientIp);
 *   // component
 *   <ReviewsSection data={loaderData.reviews} loggedIn={Boolean(useRootData()?.user)} />
 */
import { useEffect, useRef, useState } from "react";
import { useFetcher } from "react-router";
import { useAlert } from "~/components/ui/alert-provider";
import { useToast } from "~/components/ui/toast-provider";
import { formatSpanishDate } from "~/domain/dates";
import { TEXT_LIMITS } from "~/domain/limits";
import { reviewEmpty, reviewLoginRequired } from "~/domain/messages";
import { parseRating } from "~/domain/ratings";
import type { ReviewResult, ReviewsData } from "~/domain/ratings";
import { StarInput } from "./star-input";
import { Stars } from "./stars";

export function ReviewsSection({ data, loggedIn, action }: { data: ReviewsData; loggedIn: boolean; action?: string }) {
  return (
    <section aria-labelledby="resenas-titulo" className="grid gap-10 md:grid-cols-[1fr_1.1fr] md:gap-16">
      <div>
        <h2 id="resenas-titulo" className="text-3xl">
          Reseñas
        </h2>
        <div className="mt-3 flex items-center gap-3 text-sm text-muted">
          <Stars value={data.average} size="size-5" label={`Calificación promedio: ${data.average} de 5 estrellas`} />
          <span>{data.count === 1 ? "1 reseña" : `${data.count} reseñas`}</span>
        </div>
        <ReviewForm loggedIn={loggedIn} action={action} />
      </div>
      <ReviewList reviews={data.reviews} />
    </section>
  );
}

export function ReviewList({ reviews }: { reviews: ReviewsData["reviews"] }) {
  if (reviews.length === 0) {
    return <p className="text-muted md:pt-14">Aún no hay reseñas. ¡Sé la primera en opinar!</p>;
  }
  return (
    <ul className="flex flex-col divide-y divide-sand md:pt-10" data-testid="review-list">
      {reviews.map((review) => (
        <li key={review.id} className="py-5 first:pt-0">
          <div className="flex flex-wrap items-baseline justify-between gap-x-4 gap-y-1">
            <p className="font-medium text-cocoa">{review.nombre}</p>
            <time dateTime={review.fecha} className="text-xs text-muted">
              {formatSpanishDate(new Date(review.fecha))}
            </time>
          </div>
          <Stars value={review.calificacion} />
          <p className="mt-2 whitespace-pre-line text-sm leading-relaxed text-ink">{review.comentarios}</p>
        </li>
      ))}
    </ul>
  );
}

function ReviewForm({ loggedIn, action }: { loggedIn: boolean; action?: string }) {
  const fetcher = useFetcher<ReviewResult>();
  const alert = useAlert();
  const toast = useToast();
  const [rating, setRating] = useState(0);
  const formRef = useRef<HTMLFormElement>(null);

  // Answer once per server reply: an alert for a refusal, a toast and a fresh form for a save.
  useEffect(() => {
    if (fetcher.state !== "idle" || !fetcher.data) return;
    if (fetcher.data.ok) {
      toast.show("¡Gracias! Tu reseña fue publicada.");
      formRef.current?.reset();
      setRating(0);
    } else {
      void alert.show(fetcher.data.message);
    }
  }, [fetcher.state, fetcher.data, alert, toast]);

  return (
    <fetcher.Form
      ref={formRef}
      method="post"
      action={action}
      className="mt-8 flex flex-col gap-4 rounded-2xl bg-white/70 p-5 ring-1 ring-sand md:p-6"
      aria-label="Escribe una reseña"
      onSubmit={(event) => {
        // The same checks as the server, answered without a round trip.
        const form = new FormData(event.currentTarget);
        const text = String(form.get("comentarios") ?? "").trim();
        if (parseRating(form.get("calificacion")) === null || text === "") {
          event.preventDefault();
          void alert.show(reviewEmpty);
        } else if (!loggedIn) {
          event.preventDefault();
          void alert.show(reviewLoginRequired);
        }
      }}
    >
      <input type="hidden" name="intent" value="review" />
      <p className="font-serif text-xl text-cocoa">Escribe una reseña</p>
      <StarInput value={rating} onChange={setRating} />
      <label className="flex flex-col gap-1 text-sm text-cocoa">
        Comentario
        <textarea name="comentarios" rows={4} maxLength={TEXT_LIMITS.comentario} className="field resize-y" placeholder="Cuéntanos tu experiencia" />
      </label>
      <button type="submit" className="btn-primary self-start" disabled={fetcher.state !== "idle"}>
        Enviar reseña
      </button>
    </fetcher.Form>
  );
}

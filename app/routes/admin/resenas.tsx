/**
 * /admin/resenas: every review of a product or course, newest first, hidden ones marked;
 * 'Ocultar' takes one off its page (and out of the average), 'Mostrar' puts it back.
 */
import { Eye, EyeOff } from "lucide-react";
import { Form, Link, data } from "react-router";
import { AdminPage, AdminPanel } from "~/components/admin/admin-page";
import { AdminPager } from "~/components/admin/admin-pager";
import { useActionFeedback } from "~/components/admin/use-admin-feedback";
import { Stars } from "~/components/reviews/stars";
import { formatSpanishDate } from "~/domain/dates";
import type { AlertMessage } from "~/domain/messages";
import { parsePage } from "~/domain/pagination";
import { requireAdmin } from "~/server/admin/guard.server";
import { getDb } from "~/server/db/index.server";
import { listReviewsForAdmin, setReviewHidden } from "~/server/reviews/reviews.server";
import type { Route } from "./+types/resenas";

export async function loader({ request }: Route.LoaderArgs) {
  await requireAdmin(request);
  const listing = await listReviewsForAdmin(getDb(), parsePage(new URL(request.url).searchParams.get("pagina")));
  return {
    ...listing,
    reviews: listing.reviews.map((r) => ({ ...r, fecha: formatSpanishDate(new Date(r.fecha)) })),
  };
}

export async function action({ request }: Route.ActionArgs) {
  await requireAdmin(request);
  const form = await request.formData();
  const intent = form.get("intent");
  if (intent !== "ocultar" && intent !== "mostrar") {
    const alert: AlertMessage = {
      icon: "error",
      title: "Solicitud no válida",
      text: "No sabemos qué hacer con esa reseña.",
    };
    return data({ alert, notice: undefined }, { status: 400 });
  }
  if (!(await setReviewHidden(getDb(), form.get("resenaId"), intent === "ocultar"))) {
    const alert: AlertMessage = { icon: "error", title: "No se encontró", text: "Esa reseña ya no existe." };
    return data({ alert, notice: undefined }, { status: 404 });
  }
  return { alert: undefined, notice: intent === "ocultar" ? "Reseña oculta." : "Reseña visible de nuevo." };
}

export default function AdminReviews({ loaderData, actionData }: Route.ComponentProps) {
  useActionFeedback(actionData);
  const { reviews, total, page } = loaderData;
  return (
    <AdminPage title="Reseñas">
      <p className="text-muted">Una reseña oculta no aparece en la página ni cuenta en el promedio de estrellas.</p>
      <AdminPanel title={`Reseñas (${total})`}>
        {reviews.length === 0 ? (
          <p className="text-muted">Todavía no hay reseñas.</p>
        ) : (
          <ul className="divide-y divide-sand" data-testid="admin-reviews">
            {reviews.map((r) => (
              <li key={r.id} className="flex flex-wrap items-start gap-3 py-4" data-testid="admin-review">
                <div className="min-w-0 flex-1 basis-64">
                  <p className="flex flex-wrap items-center gap-2 text-sm">
                    <Stars value={r.calificacion} />
                    <span className="font-medium text-cocoa">{r.nombre}</span>
                    <span className="text-muted">{r.fecha}</span>
                    {r.oculto && <span className="rounded-full bg-ink px-2 py-0.5 text-xs text-cream">Oculta</span>}
                  </p>
                  <p className={`mt-1 whitespace-pre-line break-words text-sm ${r.oculto ? "text-muted" : "text-ink"}`}>
                    {r.comentarios}
                  </p>
                  <Link to={r.href} className="mt-1 inline-block text-xs text-clay-dark hover:underline">
                    {r.de}
                  </Link>
                </div>
                <Form method="post" preventScrollReset>
                  <input type="hidden" name="resenaId" value={r.id} />
                  <button
                    type="submit"
                    name="intent"
                    value={r.oculto ? "mostrar" : "ocultar"}
                    className="btn-outline min-h-12"
                  >
                    {r.oculto ? <Eye className="size-4" aria-hidden /> : <EyeOff className="size-4" aria-hidden />}
                    {r.oculto ? "Mostrar" : "Ocultar"}
                  </button>
                </Form>
              </li>
            ))}
          </ul>
        )}
      </AdminPanel>
      <AdminPager page={page.page} pages={page.pages} hrefOf={(n) => `/admin/resenas?pagina=${n}`} />
    </AdminPage>
  );
}

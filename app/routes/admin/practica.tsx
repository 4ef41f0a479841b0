/**
 * /admin/practicas/{id} (issue 31 item 2, ADR 045): one practice submission, its photos and
 * note, and the verdict: 'Aprobada' or 'Repetir' with a comment. The verdict, the student's
 * mail and (when it completes the course) her diploma are written together, once
 * (school/practice.server.ts reviewSubmission).
 */
import { CircleCheck, RotateCcw } from "lucide-react";
import { Form, data, useNavigation } from "react-router";
import { AdminPage, AdminPanel } from "~/components/admin/admin-page";
import { useActionFeedback } from "~/components/admin/use-admin-feedback";
import type { AlertMessage } from "~/domain/messages";
import { requireAdmin } from "~/server/admin/guard.server";
import { PRACTICE_COMMENT_MAX } from "~/domain/practice";
import { loadSubmission, reviewSubmission } from "~/server/school/practice.server";
import type { Route } from "./+types/practica";

export async function loader({ request, params }: Route.LoaderArgs) {
  await requireAdmin(request);
  const entrega = await loadSubmission(params.id);
  if (!entrega) throw data(null, { status: 404 });
  return { entrega };
}

export async function action({ request, params }: Route.ActionArgs) {
  await requireAdmin(request);
  const form = await request.formData();
  const result = await reviewSubmission(params.id, {
    veredicto: form.get("veredicto"),
    comentario: form.get("comentario"),
  });
  if (!result.ok) {
    const alert: AlertMessage = { icon: "error", title: "No se guardó la revisión", text: result.error };
    return data({ alert, notice: undefined }, { status: result.status });
  }
  const notice = result.diploma
    ? "Revisión guardada. La alumna completó el curso: su diploma está listo."
    : "Revisión guardada.";
  return { alert: undefined, notice };
}

const LABEL = { pendiente: "Por revisar", aprobada: "Aprobada", repetir: "Repetir" } as const;

export default function AdminPractice({ loaderData, actionData }: Route.ComponentProps) {
  useActionFeedback(actionData);
  const { entrega } = loaderData;
  const navigation = useNavigation();
  const sending = navigation.state === "submitting";
  return (
    <AdminPage title={`Práctica de ${entrega.alumna}`} back={{ href: "/admin/practicas", label: "Prácticas" }}>
      <AdminPanel>
        <p className="text-sm text-muted">
          {entrega.curso} · {entrega.unidad} · enviada el {entrega.fecha}
        </p>
        {entrega.instruccion ? <p className="mt-2 text-sm text-cocoa">Se pidió: {entrega.instruccion}</p> : null}
        <p className="mt-2 text-sm" data-testid="practice-state">
          Estado: <strong>{LABEL[entrega.estado]}</strong>
          {entrega.revisada ? ` (revisada el ${entrega.revisada})` : ""}
        </p>
        {entrega.nota ? (
          <p className="mt-4 whitespace-pre-line break-words rounded-xl bg-cream px-4 py-3 text-ink">{entrega.nota}</p>
        ) : null}
        <ul className="mt-5 grid grid-cols-1 gap-4 sm:grid-cols-2">
          {entrega.fotos.map((src, i) => (
            <li key={src}>
              <a href={src} target="_blank" rel="noreferrer">
                <img src={src} alt={`Foto ${i + 1} de la práctica`} className="w-full rounded-xl border border-sand" />
              </a>
            </li>
          ))}
        </ul>
      </AdminPanel>

      {entrega.estado === "pendiente" ? (
        <AdminPanel title="Tu revisión">
          <Form method="post" className="flex flex-col gap-4">
            <label className="flex flex-col gap-1.5 text-sm text-cocoa">
              Comentario para la alumna (obligatorio si debe repetir)
              <textarea
                name="comentario"
                rows={4}
                maxLength={PRACTICE_COMMENT_MAX}
                className="rounded-xl border border-sand bg-white px-4 py-3 text-base text-ink"
                placeholder="Qué hizo bien y qué debe cuidar."
              />
            </label>
            <div className="flex flex-wrap gap-3">
              <button
                type="submit"
                name="veredicto"
                value="aprobada"
                className="btn-primary min-h-12"
                disabled={sending}
              >
                <CircleCheck className="size-4" aria-hidden />
                Aprobada
              </button>
              <button
                type="submit"
                name="veredicto"
                value="repetir"
                className="btn-outline min-h-12"
                disabled={sending}
              >
                <RotateCcw className="size-4" aria-hidden />
                Repetir
              </button>
            </div>
          </Form>
        </AdminPanel>
      ) : entrega.comentario ? (
        <AdminPanel title="Tu comentario">
          <p className="whitespace-pre-line break-words text-ink">{entrega.comentario}</p>
        </AdminPanel>
      ) : null}
    </AdminPage>
  );
}

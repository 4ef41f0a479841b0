/**
 * /admin/dudas: the students' questions under the course units (issue 31, ADR 046), unanswered
 * first; the studio answers once for everybody (the asker is mailed once), pins (fijar: listed
 * first under the unit) and hides (ocultar: nobody sees it).
 */
import { Eye, EyeOff, Pin, PinOff, Send } from "lucide-react";
import { Form, data } from "react-router";
import { AdminPage, AdminPanel } from "~/components/admin/admin-page";
import { useActionFeedback } from "~/components/admin/use-admin-feedback";
import { formatSpanishDate } from "~/domain/dates";
import type { AlertMessage } from "~/domain/messages";
import { ANSWER_MAX_LENGTH } from "~/domain/questions";
import { requireAdmin } from "~/server/admin/guard.server";
import { getDb } from "~/server/db/index.server";
import {
  answerQuestion,
  listQuestionsForAdmin,
  setQuestionHidden,
  setQuestionPinned,
} from "~/server/school/questions.server";
import type { Route } from "./+types/dudas";

export async function loader({ request }: Route.LoaderArgs) {
  await requireAdmin(request);
  const listing = await listQuestionsForAdmin(getDb());
  return {
    ...listing,
    questions: listing.questions.map((q) => ({ ...q, fecha: formatSpanishDate(new Date(q.fecha)) })),
  };
}

const NOTICES: Record<string, string> = {
  responder: "Respuesta guardada.",
  fijar: "Pregunta fijada.",
  desfijar: "Pregunta sin fijar.",
  ocultar: "Pregunta oculta.",
  mostrar: "Pregunta visible de nuevo.",
};

export async function action({ request }: Route.ActionArgs) {
  await requireAdmin(request);
  const form = await request.formData();
  const intent = form.get("intent");
  const id = form.get("dudaId");
  const db = getDb();
  const result =
    intent === "responder"
      ? await answerQuestion(db, id, form.get("respuesta"))
      : intent === "fijar" || intent === "desfijar"
        ? await setQuestionPinned(db, id, intent === "fijar")
        : intent === "ocultar" || intent === "mostrar"
          ? await setQuestionHidden(db, id, intent === "ocultar")
          : null;
  if (result === null) {
    const alert: AlertMessage = {
      icon: "error",
      title: "Solicitud no válida",
      text: "No sabemos qué hacer con esa pregunta.",
    };
    return data({ alert, notice: undefined }, { status: 400 });
  }
  if (!result.ok) return data({ alert: result.message, notice: undefined }, { status: result.status });
  return { alert: undefined, notice: NOTICES[intent as string] };
}

export default function AdminQuestions({ loaderData, actionData }: Route.ComponentProps) {
  useActionFeedback(actionData);
  const { questions, pendientes } = loaderData;
  return (
    <AdminPage title="Dudas de alumnas">
      <p className="text-muted">
        Las alumnas del curso ven las preguntas respondidas (las fijadas primero). Una pregunta oculta no la ve nadie.
      </p>
      <AdminPanel title={`Preguntas (${pendientes} sin responder)`}>
        {questions.length === 0 ? (
          <p className="text-muted">Todavía no hay preguntas.</p>
        ) : (
          <ul className="divide-y divide-sand" data-testid="admin-questions">
            {questions.map((q) => (
              <li key={q.id} className="py-4" data-testid="admin-question">
                <p className="flex flex-wrap items-center gap-2 text-xs text-muted">
                  <span className="font-medium text-cocoa">{q.curso}</span>
                  <span>· {q.unidad}</span>
                  <span>· {q.nombre}</span>
                  <span>· {q.fecha}</span>
                  {q.respuesta === null && (
                    <span className="rounded-full bg-clay px-2 py-0.5 text-cream">Sin responder</span>
                  )}
                  {q.fijada && <span className="rounded-full bg-cream px-2 py-0.5 text-clay-dark">Fijada</span>}
                  {q.oculta && <span className="rounded-full bg-ink px-2 py-0.5 text-cream">Oculta</span>}
                </p>
                <p className={`mt-1 whitespace-pre-line break-words ${q.oculta ? "text-muted" : "text-ink"}`}>
                  {q.texto}
                </p>
                <Form method="post" preventScrollReset className="mt-3 flex flex-col gap-2">
                  <input type="hidden" name="dudaId" value={q.id} />
                  <label className="sr-only" htmlFor={`respuesta-${q.id}`}>
                    Respuesta
                  </label>
                  <textarea
                    id={`respuesta-${q.id}`}
                    name="respuesta"
                    rows={3}
                    maxLength={ANSWER_MAX_LENGTH}
                    defaultValue={q.respuesta ?? ""}
                    placeholder="Tu respuesta para todas las alumnas del curso"
                    className="w-full rounded-xl border border-sand bg-white p-3 text-sm"
                  />
                  <div className="flex flex-wrap gap-2">
                    <button type="submit" name="intent" value="responder" className="btn-primary min-h-12">
                      <Send className="size-4" aria-hidden />
                      {q.respuesta === null ? "Responder" : "Guardar cambios"}
                    </button>
                    <button
                      type="submit"
                      name="intent"
                      value={q.fijada ? "desfijar" : "fijar"}
                      formNoValidate
                      className="btn-outline min-h-12"
                    >
                      {q.fijada ? <PinOff className="size-4" aria-hidden /> : <Pin className="size-4" aria-hidden />}
                      {q.fijada ? "Quitar fijado" : "Fijar"}
                    </button>
                    <button
                      type="submit"
                      name="intent"
                      value={q.oculta ? "mostrar" : "ocultar"}
                      formNoValidate
                      className="btn-outline min-h-12"
                    >
                      {q.oculta ? <Eye className="size-4" aria-hidden /> : <EyeOff className="size-4" aria-hidden />}
                      {q.oculta ? "Mostrar" : "Ocultar"}
                    </button>
                  </div>
                </Form>
              </li>
            ))}
          </ul>
        )}
      </AdminPanel>
    </AdminPage>
  );
}

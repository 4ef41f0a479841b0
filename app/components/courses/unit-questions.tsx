/**
 * Questions under a course unit (issue 31, ADR 046): answered ones for every student of the
 * course (pinned first), the student's own pending ones marked 'Pendiente de respuesta', and
 * a form to ask. Texts are plain text (React escapes them); names are first names only.
 */
import { MessageCircleQuestion, Pin, Send } from "lucide-react";
import { useEffect, useRef } from "react";
import { useFetcher } from "react-router";
import type { AlertMessage } from "~/domain/messages";
import { QUESTION_MAX_LENGTH } from "~/domain/questions";

export type UnitQuestionView = {
  id: number;
  nombre: string;
  texto: string;
  respuesta: string | null;
  fijada: boolean;
  propia: boolean;
  fecha: string;
};

const MAX = QUESTION_MAX_LENGTH;

type AskResult = { ok: boolean; message?: AlertMessage };

export function UnitQuestions({ unidadId, dudas }: { unidadId: string; dudas: UnitQuestionView[] }) {
  const fetcher = useFetcher<AskResult>();
  const form = useRef<HTMLFormElement>(null);
  const sending = fetcher.state !== "idle";
  const result = fetcher.state === "idle" ? fetcher.data : undefined;

  useEffect(() => {
    if (result?.ok) form.current?.reset();
  }, [result]);

  return (
    <section aria-labelledby="dudas-titulo" className="mt-12 border-t border-sand pt-8" data-testid="unit-questions">
      <p className="eyebrow">Dudas</p>
      <h2 id="dudas-titulo" className="mt-2 text-2xl leading-tight md:text-3xl">
        Preguntas de esta unidad
      </h2>

      <fetcher.Form ref={form} method="post" className="mt-6 rounded-2xl border border-sand bg-white p-4 md:p-5">
        <input type="hidden" name="intent" value="duda" />
        <input type="hidden" name="unidadId" value={unidadId} />
        <label htmlFor="duda-texto" className="text-sm font-medium text-cocoa">
          ¿Tienes una duda sobre esta unidad?
        </label>
        <textarea
          id="duda-texto"
          name="texto"
          required
          maxLength={MAX}
          rows={3}
          placeholder="Escribe tu pregunta. Michel la responderá para todas las alumnas."
          className="mt-2 w-full rounded-xl border border-sand bg-cream/40 p-3 text-base text-ink focus:border-clay focus:outline-none"
        />
        <div className="mt-3 flex flex-col gap-3 sm:flex-row sm:items-center sm:justify-between">
          <p className="text-xs text-muted">
            Hasta {MAX.toLocaleString("es-MX")} caracteres. Se publica con tu primer nombre.
          </p>
          <button type="submit" className="btn-primary min-h-12" disabled={sending}>
            <Send className="size-4" aria-hidden />
            {sending ? "Enviando…" : "Enviar pregunta"}
          </button>
        </div>
        {result && !result.ok && result.message ? (
          <p role="alert" className="mt-3 rounded-xl bg-red-50 px-3 py-2 text-sm text-red-800">
            {result.message.text}
          </p>
        ) : null}
        {result?.ok ? (
          <p role="status" className="mt-3 rounded-xl bg-emerald-50 px-3 py-2 text-sm text-emerald-800">
            Recibimos tu pregunta. Te avisaremos cuando Michel la responda.
          </p>
        ) : null}
      </fetcher.Form>

      {dudas.length === 0 ? (
        <p className="mt-6 text-sm text-muted">Todavía no hay preguntas respondidas en esta unidad.</p>
      ) : (
        <ul className="mt-6 flex flex-col gap-4" data-testid="unit-question-list">
          {dudas.map((d) => (
            <li key={d.id} className="rounded-2xl border border-sand bg-white p-4 md:p-5" data-testid="unit-question">
              <p className="flex flex-wrap items-center gap-2 text-xs text-muted">
                <MessageCircleQuestion className="size-4 text-clay-dark" aria-hidden />
                <span className="font-medium text-cocoa">{d.propia ? "Tú" : d.nombre}</span>
                {d.fijada ? (
                  <span className="inline-flex items-center gap-1 rounded-full bg-cream px-2 py-0.5 text-clay-dark">
                    <Pin className="size-3" aria-hidden />
                    Fijada
                  </span>
                ) : null}
                {d.respuesta === null ? (
                  <span className="rounded-full bg-sand/60 px-2 py-0.5 text-cocoa">Pendiente de respuesta</span>
                ) : null}
              </p>
              <p className="mt-2 whitespace-pre-line break-words text-ink">{d.texto}</p>
              {d.respuesta !== null ? (
                <div className="mt-3 rounded-xl bg-cream px-4 py-3">
                  <p className="text-xs font-medium uppercase tracking-[0.2em] text-clay-dark">Respuesta de Michel</p>
                  <p className="mt-1 whitespace-pre-line break-words text-sm leading-relaxed text-ink/90">
                    {d.respuesta}
                  </p>
                </div>
              ) : null}
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}

/**
 * A unit's practice work in the course viewer (issue 31 item 2, ADR 045): the instructor's
 * instruction, the student's submissions with their verdicts and comments, and the form that
 * sends photos straight from the phone's camera with a short note. The server decides
 * everything (school/practice.server.ts); this only shows it.
 */
import { Camera, CircleCheck, Clock, ImagePlus, RotateCcw, Send } from "lucide-react";
import { useState } from "react";
import { Form, useNavigation } from "react-router";
import { PRACTICE_MAX_PHOTOS as MAX_PHOTOS, PRACTICE_NOTE_MAX as NOTE_MAX, PRACTICE_PARAM } from "~/domain/practice";

export type PracticeView = {
  requeridas: number;
  instruccion: string;
  aprobadas: number;
  pendiente: boolean;
  puedeEnviar: boolean;
  entregas: {
    id: number;
    estado: "pendiente" | "aprobada" | "repetir";
    nota: string;
    comentario: string;
    fecha: string;
    fotos: string[];
  }[];
};


const STATE = {
  pendiente: { label: "En revisión", icon: Clock, className: "bg-sand text-cocoa" },
  aprobada: { label: "Aprobada", icon: CircleCheck, className: "bg-emerald-50 text-emerald-800" },
  repetir: { label: "Repetir", icon: RotateCcw, className: "bg-amber-50 text-amber-900" },
} as const;

export function UnitPractice({
  unidadId,
  practica,
  answer,
}: {
  unidadId: string;
  practica: PracticeView;
  answer?: { ok: true; mensaje: string } | { ok: false; error: string };
}) {
  const navigation = useNavigation();
  const sending = navigation.state === "submitting" && navigation.formEncType === "multipart/form-data";
  const [chosen, setChosen] = useState(0);
  const { requeridas, aprobadas } = practica;

  return (
    <section
      aria-labelledby="practica-titulo"
      className="mt-10 rounded-2xl border border-sand bg-white p-5 md:p-7"
      data-testid="unit-practice"
    >
      <p className="eyebrow">Práctica</p>
      <h3 id="practica-titulo" className="mt-2 text-2xl">
        Tu práctica de esta unidad
      </h3>
      {practica.instruccion ? <p className="mt-2 leading-relaxed text-ink/85">{practica.instruccion}</p> : null}
      <p className="mt-3 text-sm text-cocoa" data-testid="practice-progress">
        {aprobadas >= requeridas
          ? `Completaste la práctica de esta unidad (${aprobadas} de ${requeridas} aprobadas).`
          : `Aprobadas: ${aprobadas} de ${requeridas}.`}
      </p>

      {practica.entregas.length > 0 ? (
        <ol className="mt-5 flex flex-col gap-4">
          {practica.entregas.map((e) => {
            const state = STATE[e.estado];
            const Icon = state.icon;
            return (
              <li key={e.id} className="rounded-xl border border-sand p-4" data-testid="practice-submission">
                <div className="flex flex-wrap items-center gap-2 text-sm">
                  <span
                    className={`inline-flex items-center gap-1.5 rounded-full px-3 py-1 font-medium ${state.className}`}
                  >
                    <Icon className="size-4" aria-hidden />
                    {state.label}
                  </span>
                  <span className="text-muted">Enviada el {e.fecha}</span>
                </div>
                {e.fotos.length > 0 ? (
                  <ul className="mt-3 grid grid-cols-3 gap-2 sm:grid-cols-4">
                    {e.fotos.map((src, i) => (
                      <li key={src}>
                        <a href={src} target="_blank" rel="noreferrer">
                          <img
                            src={src}
                            alt={`Foto ${i + 1} de tu práctica`}
                            loading="lazy"
                            className="aspect-square w-full rounded-lg border border-sand object-cover"
                          />
                        </a>
                      </li>
                    ))}
                  </ul>
                ) : null}
                {e.nota ? <p className="mt-3 whitespace-pre-line break-words text-sm text-ink/85">{e.nota}</p> : null}
                {e.comentario ? (
                  <blockquote
                    className="mt-3 whitespace-pre-line break-words rounded-lg bg-cream px-4 py-3 text-sm text-cocoa"
                    data-testid="practice-comment"
                  >
                    <span className="font-medium">Tu instructora: </span>
                    {e.comentario}
                  </blockquote>
                ) : null}
              </li>
            );
          })}
        </ol>
      ) : null}

      {answer ? (
        <p
          role={answer.ok ? "status" : "alert"}
          className={`mt-5 rounded-xl px-4 py-3 text-sm ${answer.ok ? "bg-emerald-50 text-emerald-800" : "bg-red-50 text-red-800"}`}
          data-testid="practice-answer"
        >
          {answer.ok ? answer.mensaje : answer.error}
        </p>
      ) : null}

      {practica.puedeEnviar ? (
        <Form
          method="post"
          action={`?unidad=${encodeURIComponent(unidadId)}&${PRACTICE_PARAM}=1`}
          encType="multipart/form-data"
          preventScrollReset
          className="mt-6 flex flex-col gap-4"
          key={practica.entregas.length}
        >
          <input type="hidden" name="unidad" value={unidadId} />
          <label className="flex min-h-24 cursor-pointer flex-col items-center justify-center gap-2 rounded-xl border border-dashed border-clay/50 bg-cream px-4 py-6 text-center text-cocoa hover:bg-sand/40">
            <Camera className="size-7 text-clay" aria-hidden strokeWidth={1.5} />
            <span className="font-medium">
              {chosen > 0 ? `${chosen} ${chosen === 1 ? "foto elegida" : "fotos elegidas"}` : "Tomar o elegir fotos"}
            </span>
            <span className="text-xs text-muted">Hasta {MAX_PHOTOS} fotos (JPG, PNG o WebP), 20 MB cada una.</span>
            <input
              type="file"
              name="fotos"
              accept="image/*"
              capture="environment"
              multiple
              required
              className="sr-only"
              onChange={(event) => setChosen(event.currentTarget.files?.length ?? 0)}
            />
          </label>
          <label className="flex flex-col gap-1.5 text-sm text-cocoa">
            Nota para tu instructora (opcional)
            <textarea
              name="nota"
              rows={3}
              maxLength={NOTE_MAX}
              className="rounded-xl border border-sand bg-white px-4 py-3 text-base text-ink"
              placeholder="Cuéntale qué practicaste o qué dudas tienes."
            />
          </label>
          <button type="submit" className="btn-primary min-h-12 self-start" disabled={sending}>
            {sending ? (
              <ImagePlus className="size-4 animate-pulse" aria-hidden />
            ) : (
              <Send className="size-4" aria-hidden />
            )}
            {sending ? "Enviando…" : "Enviar práctica"}
          </button>
        </Form>
      ) : practica.pendiente ? (
        <p className="mt-5 text-sm text-muted">Tu instructora revisará tu práctica; aquí verás su respuesta.</p>
      ) : null}
    </section>
  );
}

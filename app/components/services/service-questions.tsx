import { Plus } from "lucide-react";

/** The questions block of a service, as an accordion of native <details> (keyboard and reader friendly). */
export function ServiceQuestions({ preguntas }: { preguntas: { pregunta: string; respuesta: string }[] }) {
  if (preguntas.length === 0) return null;
  return (
    <div className="mt-8 divide-y divide-sand border-y border-sand" data-testid="service-questions">
      {preguntas.map((q, i) => (
        <details key={i} className="group py-2" name="preguntas-servicio">
          <summary className="flex cursor-pointer list-none items-center justify-between gap-6 py-4 text-left font-serif text-xl text-cocoa marker:content-none md:text-2xl [&::-webkit-details-marker]:hidden">
            {q.pregunta}
            <Plus className="size-5 shrink-0 text-clay transition-transform duration-300 group-open:rotate-45" aria-hidden />
          </summary>
          <p className="pb-5 pr-8 whitespace-pre-line leading-relaxed text-muted">{q.respuesta}</p>
        </details>
      ))}
    </div>
  );
}

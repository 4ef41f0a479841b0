import { PlayCircle } from "lucide-react";
import type { CourseUnit } from "~/domain/catalog";

/** The course's content: its units in order, each with its video titles (never the videos). */
export function CourseUnits({ unidades }: { unidades: CourseUnit[] }) {
  if (unidades.length === 0) return <p className="mt-6 text-muted">El temario se publicará pronto.</p>;
  return (
    <ol className="mt-8 space-y-3" data-testid="course-units">
      {unidades.map((unit, i) => (
        <li key={unit.id} className="rounded-2xl bg-white ring-1 ring-sand">
          <details className="group" open={i === 0}>
            <summary className="flex cursor-pointer list-none items-center gap-4 px-5 py-4 marker:content-none [&::-webkit-details-marker]:hidden">
              <span className="flex size-9 shrink-0 items-center justify-center rounded-full bg-sand font-serif text-lg text-cocoa">
                {i + 1}
              </span>
              <span className="flex-1 font-serif text-xl text-cocoa">{unit.nombre}</span>
              <span className="shrink-0 text-xs uppercase tracking-[0.15em] text-muted">
                {unit.videos.length} {unit.videos.length === 1 ? "video" : "videos"}
              </span>
            </summary>
            {unit.videos.length > 0 && (
              <ul className="space-y-2 border-t border-sand px-5 py-4 text-sm">
                {unit.videos.map((video, j) => (
                  <li key={j} className="flex items-start gap-3 text-ink/85">
                    <PlayCircle className="mt-0.5 size-4 shrink-0 text-clay" aria-hidden />
                    <span>{video.titulo}</span>
                  </li>
                ))}
              </ul>
            )}
          </details>
        </li>
      ))}
    </ol>
  );
}

/**
 * The viewer's progress pieces (ADR 044): the course's bar, the check of a done unit and the
 * "Marcar como terminada" button (posted to the viewer route's action, intent=marcar/desmarcar).
 */
import { CircleCheck, Circle, RotateCcw } from "lucide-react";
import { useFetcher } from "react-router";

export function CourseProgressBar({
  porcentaje,
  hechas,
  total,
}: {
  porcentaje: number;
  hechas: number;
  total: number;
}) {
  return (
    <div data-testid="course-progress">
      <div className="flex items-baseline justify-between gap-3 text-sm">
        <span className="text-cocoa">
          {hechas} de {total} {total === 1 ? "unidad" : "unidades"}
        </span>
        <span className="font-serif text-lg text-clay-dark">{porcentaje} %</span>
      </div>
      <div
        className="mt-2 h-2 overflow-hidden rounded-full bg-sand"
        role="progressbar"
        aria-label="Avance del curso"
        aria-valuemin={0}
        aria-valuemax={100}
        aria-valuenow={porcentaje}
      >
        <div className="h-full rounded-full bg-clay transition-[width]" style={{ width: `${porcentaje}%` }} />
      </div>
    </div>
  );
}

/** A done unit's check in the units list (or an empty circle). */
export function UnitCheck({ done, current }: { done: boolean; current: boolean }) {
  return done ? (
    <span className="shrink-0" data-testid="unit-done">
      <CircleCheck className={`mt-0.5 size-4 ${current ? "text-blush" : "text-emerald-700"}`} aria-hidden />
      <span className="sr-only">(terminada)</span>
    </span>
  ) : (
    <Circle className={`mt-0.5 size-4 shrink-0 ${current ? "text-cream/40" : "text-sand"}`} aria-hidden />
  );
}

export function UnitDoneButton({ unidadId, done }: { unidadId: string; done: boolean }) {
  const fetcher = useFetcher();
  // shown as she asked while the server answers
  const pending = fetcher.formData?.get("intent");
  const shownDone = pending ? pending === "marcar" : done;
  return (
    <fetcher.Form method="post" className="contents">
      <input type="hidden" name="unidad" value={unidadId} />
      {shownDone ? (
        <div className="flex flex-wrap items-center gap-3">
          <p className="flex items-center gap-2 text-sm font-medium text-emerald-800" data-testid="unit-finished">
            <CircleCheck className="size-5" aria-hidden />
            Unidad terminada
          </p>
          <button
            type="submit"
            name="intent"
            value="desmarcar"
            className="inline-flex items-center gap-1 text-sm text-muted underline-offset-4 hover:text-clay hover:underline"
          >
            <RotateCcw className="size-3.5" aria-hidden />
            Deshacer
          </button>
        </div>
      ) : (
        <button type="submit" name="intent" value="marcar" className="btn-outline" data-testid="mark-done">
          <CircleCheck className="size-4" aria-hidden />
          Marcar como terminada
        </button>
      )}
    </fetcher.Form>
  );
}

/**
 * The booking calendar: a row of days (the next 60, only those with free times) and the free
 * times of the chosen day. Plain links (no script needed): the server computes and checks
 * every time again when the form is sent. Phone first: the days scroll sideways, the times
 * are large buttons.
 */
import { Link } from "react-router";

export type PickerDay = {
  fecha: string;
  label: { semana: string; dia: string; mes: string };
  horas: { inicio: string; hora: string }[];
};

export function SlotPicker({
  days,
  fecha,
  inicio,
  href,
}: {
  days: PickerDay[];
  /** the chosen day */
  fecha: string | null;
  /** the chosen start (ISO) */
  inicio: string | null;
  /** the link for a day, or for a time of a day */
  href: (fecha: string, inicio?: string) => string;
}) {
  const day = days.find((d) => d.fecha === fecha) ?? days[0];
  if (!day) {
    return (
      <p className="mt-6 rounded-2xl border border-sand bg-white p-6 text-ink/80" data-testid="no-slots">
        No hay horarios libres en los próximos 60 días. Escríbenos por WhatsApp y buscamos un espacio para ti.
      </p>
    );
  }
  return (
    <div data-testid="slot-picker">
      <h3 className="sr-only">Día</h3>
      <ul className="-mx-4 mt-4 flex snap-x gap-2 overflow-x-auto px-4 pb-3 [scrollbar-width:none] md:mx-0 md:px-0" aria-label="Días con horarios libres">
        {days.map((d) => {
          const active = d.fecha === day.fecha;
          return (
            <li key={d.fecha} className="snap-start">
              <Link
                to={href(d.fecha)}
                preventScrollReset
                aria-current={active ? "date" : undefined}
                data-testid="slot-day"
                data-fecha={d.fecha}
                className={`flex w-16 flex-col items-center rounded-2xl border px-2 py-3 text-center transition ${
                  active ? "border-cocoa bg-cocoa text-cream" : "border-sand bg-white text-ink hover:border-clay"
                }`}
              >
                <span className="text-xs uppercase tracking-wider">{d.label.semana}</span>
                <span className="font-serif text-2xl leading-tight">{d.label.dia}</span>
                <span className="text-xs">{d.label.mes}</span>
              </Link>
            </li>
          );
        })}
      </ul>
      <h3 className="mt-4 text-sm uppercase tracking-[0.2em] text-muted">Horarios libres</h3>
      <ul className="mt-3 grid grid-cols-3 gap-2 sm:grid-cols-4 md:grid-cols-6" aria-label="Horarios libres">
        {day.horas.map((h) => {
          const active = h.inicio === inicio;
          return (
            <li key={h.inicio}>
              <Link
                to={href(day.fecha, h.inicio)}
                preventScrollReset
                aria-current={active ? "true" : undefined}
                data-testid="slot-time"
                className={`block rounded-xl border py-3 text-center text-base font-medium transition ${
                  active ? "border-clay-dark bg-clay-dark text-white" : "border-sand bg-white text-ink hover:border-clay"
                }`}
              >
                {h.hora}
              </Link>
            </li>
          );
        })}
      </ul>
    </div>
  );
}

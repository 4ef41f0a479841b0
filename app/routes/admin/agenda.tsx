/**
 * /admin/agenda: the studio's appointments by day (default: today) or by week, as the clock in
 * Guadalajara shows them, with the day's block-outs. ?fecha=YYYY-MM-DD&vista=dia|semana.
 * On a phone the week is a list of days; on a wide screen, seven columns. A held slot
 * ("Apartada", its deposit not paid yet) says until when, and can be released ("Liberar").
 */
import { ExportPanel } from "~/components/admin/export-panel";
import { FilteredResults } from "~/components/admin/filtered-results";
import { filteredList } from "~/server/admin/filtered-lists.server";
import { FILTER_MARK, FILTROS } from "~/domain/export-filters";
import { Ban, CalendarOff, ChevronLeft, ChevronRight, ClipboardCheck, Hourglass, ListOrdered, LockOpen, Phone, Wallet } from "lucide-react";
import { Form, Link, data, useSubmit } from "react-router";
import { useActionFeedback } from "~/components/admin/use-admin-feedback";
import { useAlert } from "~/components/ui/alert-provider";
import { releaseHoldConfirm } from "~/domain/agenda-labels";
import { NewButton } from "~/components/admin/admin-list";
import { AdminPage } from "~/components/admin/admin-page";
import { formatPrice } from "~/domain/money";
import { plural } from "~/domain/plural";
import { addDays, dayTitle, mondayOf, shortDayTitle, studioDay } from "~/domain/studio-calendar";
import { type AgendaBlockout, type AgendaEntry, agendaQuery, agendaRange, releaseHold } from "~/server/admin/agenda.server";
import { requireAdmin } from "~/server/admin/guard.server";
import { getDb } from "~/server/db/index.server";
import type { Route } from "./+types/agenda";

export async function loader({ request }: Route.LoaderArgs) {
  await requireAdmin(request);
  const url = new URL(request.url);
  const { fecha, vista } = agendaQuery(url);
  const desde = vista === "semana" ? mondayOf(fecha) : fecha;
  const dias = vista === "semana" ? 7 : 1;
  const range = await agendaRange(getDb(), desde, dias);
  const filtrado = await filteredList(getDb(), "citas", url);
  return { fecha, vista, desde, hoy: studioDay(new Date()), ...range, filtrado };
}

/** "Liberar" a held slot; nothing else is written from this screen. */
export async function action({ request }: Route.ActionArgs) {
  await requireAdmin(request);
  const form = await request.formData();
  if (form.get("intent") !== "liberar") throw data(null, { status: 405 });
  const result = await releaseHold(getDb(), form.get("id"));
  if (result.ok) return { notice: result.notice, alert: undefined };
  return data({ notice: undefined, alert: result.alert }, { status: 409 });
}

const href = (vista: string, fecha: string) => `/admin/agenda?vista=${vista}&fecha=${fecha}`;

export default function AdminAgenda({ loaderData, actionData }: Route.ComponentProps) {
  useActionFeedback(actionData);
  const { fecha, vista, desde, hoy, days, entries, blockouts, filtrado } = loaderData;
  const step = vista === "semana" ? 7 : 1;
  const live = entries.filter((e) => e.estado !== "cancelada");
  const title =
    vista === "semana" ? `Semana del ${dayTitle(desde).replace(/^\S+ /, "")}` : dayTitle(fecha).replace(/^./, (c) => c.toUpperCase());
  return (
    <AdminPage title="Agenda" action={<NewButton href={`/admin/agenda/nueva?fecha=${fecha}`} label="Nueva cita" />}>
      <ExportPanel
        lista="citas"
        applies
        mark={FILTER_MARK}
        errors={filtrado.errors}
        estados={FILTROS.citas.estados}
        metodos={FILTROS.citas.metodos}
        metodoLabel="Método del anticipo"
        searchLabel="Nombre, correo o teléfono"
        value={filtrado.filter}
      />
      {filtrado.active && <FilteredResults path="/admin/agenda" {...filtrado} />}
      <div className="flex flex-wrap items-center gap-2">
        <div className="flex rounded-full border border-sand bg-white p-1" role="group" aria-label="Vista">
          {(["dia", "semana"] as const).map((v) => (
            <Link
              key={v}
              to={href(v, fecha)}
              aria-current={vista === v ? "page" : undefined}
              className={`min-h-10 rounded-full px-4 py-2 text-sm font-medium ${vista === v ? "bg-cocoa text-cream" : "text-cocoa"}`}
            >
              {v === "dia" ? "Día" : "Semana"}
            </Link>
          ))}
        </div>
        <div className="flex items-center gap-1">
          <Link to={href(vista, addDays(fecha, -step))} className="btn-outline min-h-11 px-3" aria-label="Anterior">
            <ChevronLeft className="size-5" aria-hidden />
          </Link>
          <Link to={href(vista, hoy)} className="btn-outline min-h-11 px-4">
            Hoy
          </Link>
          <Link to={href(vista, addDays(fecha, step))} className="btn-outline min-h-11 px-3" aria-label="Siguiente">
            <ChevronRight className="size-5" aria-hidden />
          </Link>
        </div>
        <Form method="get" className="flex items-center gap-2">
          <input type="hidden" name="vista" value={vista} />
          <label className="sr-only" htmlFor="agenda-fecha">
            Ir a la fecha
          </label>
          <input id="agenda-fecha" type="date" name="fecha" defaultValue={fecha} className="field min-h-11 w-auto" />
          <button type="submit" className="btn-outline min-h-11 px-4">
            Ir
          </button>
        </Form>
      </div>

      <div className="flex flex-wrap items-baseline justify-between gap-2">
        <h2 className="text-2xl">{title}</h2>
        <p className="text-sm text-muted" data-testid="agenda-total">
          {plural(live.length, "cita", "citas")}
        </p>
      </div>

      {vista === "dia" ? (
        <DayColumn day={fecha} entries={entries} blockouts={blockouts} />
      ) : (
        <div className="grid gap-4 lg:grid-cols-7 lg:gap-2" data-testid="agenda-semana">
          {days.map((day) => (
            <section key={day} aria-label={dayTitle(day)} className="min-w-0 space-y-2">
              <h3
                className={`sticky top-16 z-10 rounded-xl px-3 py-2 text-sm font-medium lg:static lg:text-center ${
                  day === hoy ? "bg-cocoa text-cream" : "bg-sand text-cocoa"
                }`}
              >
                <Link to={href("dia", day)} className="block">
                  <span className="lg:hidden">{dayTitle(day)}</span>
                  <span className="hidden lg:inline">{shortDayTitle(day)}</span>
                </Link>
              </h3>
              <DayColumn day={day} entries={entries} blockouts={blockouts} compact />
            </section>
          ))}
        </div>
      )}

      <nav aria-label="Más de la agenda" className="flex flex-wrap gap-2 border-t border-sand pt-4">
        <Link to="/admin/bloqueos" className="btn-outline">
          <CalendarOff className="size-4" aria-hidden />
          Días bloqueados
        </Link>
        <Link to="/admin/agenda/anticipos" className="btn-outline">
          <Wallet className="size-4" aria-hidden />
          Anticipos recibidos
        </Link>
        <Link to="/admin/agenda/espera" className="btn-outline">
          <ListOrdered className="size-4" aria-hidden />
          Lista de espera
        </Link>
      </nav>
    </AdminPage>
  );
}

function DayColumn({
  day,
  entries,
  blockouts,
  compact = false,
}: {
  day: string;
  entries: AgendaEntry[];
  blockouts: AgendaBlockout[];
  compact?: boolean;
}) {
  const mine = entries.filter((e) => e.dia === day);
  const blocks = blockouts.filter((b) => b.dias.includes(day));
  return (
    <div className="space-y-2">
      {blocks.map((b) => (
        <Link
          key={b.key}
          to={b.href}
          className="flex items-start gap-2 rounded-xl border border-dashed border-clay bg-cream p-3 text-sm text-cocoa"
        >
          <Ban className="mt-0.5 size-4 shrink-0" aria-hidden />
          <span className="min-w-0">
            <span className="block font-medium">{b.tipo === "oficial" ? `Día festivo oficial: ${b.motivo}` : b.tipo === "festivo" ? "Día festivo" : "Bloqueado"}</span>
            <span className={compact ? "block break-words text-xs text-muted" : "block text-muted"}>
              {b.tipo === "oficial" ? b.texto : b.motivo || b.texto}
            </span>
          </span>
        </Link>
      ))}
      {mine.length === 0 && blocks.length === 0 && (
        <p className={`rounded-xl border border-dashed border-sand text-center text-muted ${compact ? "p-2 text-xs" : "p-6"}`}>
          {compact ? "Libre" : "Sin citas este día."}
        </p>
      )}
      <ul className="space-y-2" data-testid={`agenda-dia-${day}`}>
        {mine.map((e) => (
          <li key={e.id}>
            <AppointmentCard entry={e} compact={compact} />
          </li>
        ))}
      </ul>
    </div>
  );
}

const STATE_STYLE: Record<string, string> = {
  confirmada: "bg-blush text-cocoa",
  apartada: "bg-amber-100 text-amber-900",
  atendida: "bg-emerald-100 text-emerald-900",
  "no-asistio": "bg-red-100 text-red-900",
  cancelada: "bg-sand text-cocoa",
};

function AppointmentCard({ entry: e, compact }: { entry: AgendaEntry; compact: boolean }) {
  const cancelled = e.estado === "cancelada";
  return (
    <div
      className={`relative rounded-2xl border transition-colors hover:border-clay ${
        cancelled ? "border-dashed border-sand bg-cream" : "border-sand bg-white"
      } ${compact ? "p-2.5" : "p-4"}`}
    >
      <div className="flex items-start justify-between gap-2">
        <p className={`font-medium text-ink tabular-nums ${compact ? "text-sm" : "text-lg"}`}>
          {e.hora}
          <span className="text-muted">–{e.horaFin}</span>
        </p>
        {!compact && (
          <span className={`shrink-0 rounded-full px-2 py-0.5 text-xs font-medium ${STATE_STYLE[e.estado] ?? "bg-sand"}`}>
            {e.estadoLabel}
          </span>
        )}
      </div>
      <Link
        to={`/admin/agenda/${e.id}`}
        className={`block font-medium text-cocoa after:absolute after:inset-0 after:content-[''] ${
          cancelled ? "line-through" : ""
        } ${compact ? "break-words text-sm" : "text-base"}`}
      >
        {e.nombre}
      </Link>
      <p className={`text-muted ${compact ? "break-words text-xs" : "text-sm"}`}>
        {e.tratamiento}
        {!compact && ` · ${e.servicio}`}
      </p>
      {e.apartadaHasta && (
        <p className={`mt-1 inline-flex items-center gap-1 text-amber-900 ${compact ? "text-xs" : "text-sm"}`} data-testid="apartada-hasta">
          <Hourglass className="size-4 shrink-0" aria-hidden />
          Apartado hasta {e.apartadaHasta}
        </p>
      )}
      {compact ? (
        <p className="mt-1 text-xs text-muted">{e.estadoLabel}</p>
      ) : (
        <div className="mt-2 flex flex-wrap items-center gap-x-3 gap-y-1 text-sm text-muted">
          {e.anticipo > 0 && (
            <span className="inline-flex items-center gap-1">
              <Wallet className="size-4" aria-hidden />
              Anticipo {formatPrice(e.anticipo)}: {e.anticipoPagado ? "pagado" : e.pagoEstado.toLowerCase()}
            </span>
          )}
          {e.conConsentimiento && (
            <span className="inline-flex items-center gap-1">
              <ClipboardCheck className="size-4" aria-hidden />
              Consentimiento firmado
            </span>
          )}
          {e.origen === "estudio" && <span>Agendada en el estudio</span>}
          <a
            href={`tel:${e.telefono.replace(/[^\d+]/g, "")}`}
            className="relative z-10 inline-flex min-h-11 items-center gap-1 text-clay-dark underline"
          >
            <Phone className="size-4" aria-hidden />
            {e.telefono}
          </a>
        </div>
      )}
      {e.apartadaHasta && <ReleaseButton id={e.id} compact={compact} />}
    </div>
  );
}

/** "Liberar": asks first, then posts to this screen's action (works without script too). */
function ReleaseButton({ id, compact }: { id: string; compact: boolean }) {
  const alert = useAlert();
  const submit = useSubmit();
  return (
    <Form
      method="post"
      className="relative z-10 mt-2"
      onSubmit={async (event) => {
        event.preventDefault();
        const form = event.currentTarget;
        if (await alert.show(releaseHoldConfirm)) await submit(form, { method: "post", preventScrollReset: true });
      }}
    >
      <input type="hidden" name="intent" value="liberar" />
      <input type="hidden" name="id" value={id} />
      <button type="submit" className={`btn-outline min-h-11 ${compact ? "w-full px-2 text-xs" : "px-4"}`}>
        <LockOpen className="size-4" aria-hidden />
        Liberar
      </button>
    </Form>
  );
}

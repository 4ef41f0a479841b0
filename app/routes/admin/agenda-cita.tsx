/**
 * /admin/agenda/{id}: one appointment: when, what, the client and how to reach her, the
 * deposit, the health and consent form as she signed it; and the studio's actions: move it,
 * mark attended or no-show, cancel it (each mails the client where it changes her plans).
 */
import { CalendarClock, CalendarPlus, CheckCircle2, LockOpen, MessageCircle, Phone, UserX, XCircle } from "lucide-react";
import { Link, data, useSubmit } from "react-router";
import { AdminForm } from "~/components/admin/admin-form";
import { AdminPage, AdminPanel } from "~/components/admin/admin-page";
import { ConsentPanel } from "~/components/booking/consent-panel";
import { useActionFeedback, useSavedFlag } from "~/components/admin/use-admin-feedback";
import { useAlert } from "~/components/ui/alert-provider";
import type { AlertMessage } from "~/domain/messages";
import { formatSpanishDateTime } from "~/domain/dates";
import { formatPrice } from "~/domain/money";
import { dayTitle } from "~/domain/studio-calendar";
import { agendaAppointment, appointmentAction, moveFields } from "~/server/admin/agenda.server";
import { consentDisplay, consentForAppointment, countersignConsent } from "~/server/booking/consent.server";
import { releaseHoldConfirm } from "~/domain/agenda-labels";
import { specsOf } from "~/server/admin/fields.server";
import { requireAdmin } from "~/server/admin/guard.server";
import { getDb } from "~/server/db/index.server";
import { HealingPhotos } from "~/components/booking/healing-photos";
import { healingPhotosForStudio } from "~/server/booking/aftercare.server";
import type { Route } from "./+types/agenda-cita";

export async function loader({ request, params }: Route.LoaderArgs) {
  await requireAdmin(request);
  const cita = await agendaAppointment(getDb(), params.id);
  if (!cita) throw data(null, { status: 404 });
  // the signed record with its exact version text (issue 30); older rows show their answers below
  const firmado = await consentForAppointment(getDb(), cita.id);
  const { inicio, recordatorioEnviado, canceladaEn, apartadaHasta, ...rest } = cita;
  return {
    cita: {
      ...rest,
      // a hold still running: until when (an expired one is released by the next booking)
      apartadaHasta: apartadaHasta && apartadaHasta.getTime() > Date.now() ? formatSpanishDateTime(apartadaHasta) : null,
      pasada: inicio.getTime() <= Date.now(),
      recordatorioEnviado: recordatorioEnviado ? formatSpanishDateTime(recordatorioEnviado) : null,
      canceladaEn: canceladaEn ? formatSpanishDateTime(canceladaEn) : null,
    },
    moveFields: specsOf(moveFields),
    firmado: firmado ? consentDisplay(firmado) : null,
    // the photos she sent from her aftercare check-ins (issue 30)
    fotosCuidados: (await healingPhotosForStudio(getDb(), params.id)).map((f) => ({ ...f, fecha: formatSpanishDateTime(f.createdAt), createdAt: undefined })),
  };
}

export async function action({ request, params }: Route.ActionArgs) {
  const admin = await requireAdmin(request);
  const db = getDb();
  if (!(await agendaAppointment(db, params.id))) throw data(null, { status: 404 });
  const form = await request.formData();
  if (form.get("intent") === "contrafirmar") {
    const signed = await countersignConsent(db, params.id, admin);
    if (signed.ok) return { notice: signed.notice, errors: undefined, alert: undefined };
    return data({ notice: undefined, errors: undefined, alert: { icon: "warning" as const, title: "No se firmó", text: signed.message } }, { status: 409 });
  }
  const result = await appointmentAction(db, params.id, form);
  if (result.ok) return { notice: result.notice, errors: undefined, alert: undefined };
  return data({ notice: undefined, errors: result.errors, alert: result.alert }, { status: result.errors ? 400 : 409 });
}

const cancelConfirm: AlertMessage = {
  icon: "warning",
  title: "¿Cancelar esta cita?",
  text: "Se libera el horario y la clienta recibe un correo de cancelación.",
  confirmText: "Cancelar cita",
  cancelText: "No",
};

export default function AdminAppointment({
  loaderData: { cita, moveFields, firmado, fotosCuidados },
  actionData,
}: Route.ComponentProps) {
  useActionFeedback(actionData);
  useSavedFlag();
  const alert = useAlert();
  const submit = useSubmit();
  const send = async (intent: string, confirm?: AlertMessage) => {
    if (confirm && !(await alert.show(confirm))) return;
    await submit({ intent }, { method: "post", preventScrollReset: true });
  };
  const abierta = cita.estado === "confirmada" || cita.estado === "apartada";
  const whatsapp = cita.telefono.replace(/\D/g, "");
  return (
    <AdminPage title={cita.nombre} back={{ href: `/admin/agenda?fecha=${cita.dia}`, label: "Agenda" }}>
      <p className="text-lg text-cocoa">
        {dayTitle(cita.dia).replace(/^./, (c) => c.toUpperCase())}, {cita.hora}–{cita.horaFin}
      </p>

      <AdminPanel title="Cita">
        <dl className="space-y-2">
          <Row label="Tratamiento" value={`${cita.tratamiento} · ${cita.servicio}`} />
          <Row label="Estado" value={<span data-testid="cita-estado">{cita.estadoLabel}</span>} />
          {cita.apartadaHasta && <Row label="Apartado hasta" value={cita.apartadaHasta} />}
          <Row label="Precio" value={formatPrice(cita.precio)} />
          <Row
            label="Anticipo"
            value={
              cita.anticipo > 0
                ? `${formatPrice(cita.anticipo)} · ${cita.pagoEstado}${cita.pagoProveedor ? ` (${cita.pagoProveedor})` : ""}`
                : "Sin anticipo en línea"
            }
          />
          <Row label="Agendada" value={cita.origen === "estudio" ? "En el estudio (teléfono o en persona)" : "En línea"} />
          {cita.recordatorioEnviado && <Row label="Recordatorio" value={`Enviado el ${cita.recordatorioEnviado}`} />}
          {cita.canceladaEn && <Row label="Cancelada" value={cita.canceladaEn} />}
          {cita.notas && <Row label="Notas" value={<span className="whitespace-pre-line">{cita.notas}</span>} />}
        </dl>
      </AdminPanel>

      <AdminPanel title="Contacto">
        <div className="flex flex-wrap gap-2">
          <a href={`tel:${cita.telefono.replace(/[^\d+]/g, "")}`} className="btn-outline">
            <Phone className="size-4" aria-hidden />
            {cita.telefono}
          </a>
          <a
            href={`https://wa.me/${whatsapp.length === 10 ? `52${whatsapp}` : whatsapp}`}
            className="btn-outline"
            target="_blank"
            rel="noreferrer"
          >
            <MessageCircle className="size-4" aria-hidden />
            WhatsApp
          </a>
          <a href={`mailto:${cita.correo}`} className="btn-outline max-w-full truncate normal-case tracking-normal">
            {cita.correo}
          </a>
        </div>
      </AdminPanel>

      <HealingPhotos fotos={fotosCuidados} />

      <AdminPanel title="Salud y consentimiento">
        {firmado ? (
          <ConsentPanel record={firmado} onCountersign={() => void send("contrafirmar")} />
        ) : cita.consentimiento.length > 0 ? (
          <dl className="divide-y divide-sand" data-testid="consentimiento">
            {cita.consentimiento.map((a) => (
              <div key={a.pregunta} className="py-2 sm:flex sm:gap-4">
                <dt className="text-muted sm:w-1/2">{a.pregunta}</dt>
                <dd className={`font-medium sm:w-1/2 ${a.alerta ? "text-red-800" : "text-ink"}`}>{a.respuesta}</dd>
              </div>
            ))}
          </dl>
        ) : (
          <p className="text-muted">
            {cita.requiereConsentimiento
              ? "Todavía no llena el formulario: pídeselo antes de empezar."
              : "Este tratamiento no pide formulario."}
          </p>
        )}
      </AdminPanel>

      {abierta && (
        <AdminPanel title="Mover la cita">
          <AdminForm
            key={`${cita.dia}#${cita.hora}`}
            fields={moveFields}
            values={{ fecha: cita.dia, hora: cita.hora }}
            errors={actionData?.errors}
            intent="mover"
            submitLabel="Mover cita"
            confirm={false}
          />
        </AdminPanel>
      )}

      {(abierta || cita.estado === "no-asistio" || cita.estado === "atendida") && (
        <div className="grid gap-2 sm:flex sm:flex-wrap">
          {cita.estado !== "atendida" && cita.estado !== "apartada" && cita.pasada && (
            <button type="button" className="btn-primary" onClick={() => void send("atendida")}>
              <CheckCircle2 className="size-4" aria-hidden />
              Marcar atendida
            </button>
          )}
          {cita.estado !== "no-asistio" && cita.estado !== "apartada" && cita.pasada && (
            <button type="button" className="btn-outline" onClick={() => void send("no-asistio")}>
              <UserX className="size-4" aria-hidden />
              No asistió
            </button>
          )}
          {cita.estado === "apartada" && (
            <button type="button" className="btn-outline" onClick={() => void send("liberar", releaseHoldConfirm)}>
              <LockOpen className="size-4" aria-hidden />
              Liberar horario
            </button>
          )}
          {cita.estado === "confirmada" && (
            <button
              type="button"
              className="btn w-full border border-red-700 text-red-700 hover:bg-red-50 sm:w-auto"
              onClick={() => void send("cancelar", cancelConfirm)}
            >
              <XCircle className="size-4" aria-hidden />
              Cancelar cita
            </button>
          )}
        </div>
      )}
      {cita.estado === "atendida" && !cita.esRetoque && (
        <Link to={`/admin/agenda/nueva?retoque=${encodeURIComponent(cita.id)}`} className="btn-outline w-full sm:w-auto">
          <CalendarPlus className="size-4" aria-hidden />
          Agendar su retoque
        </Link>
      )}
      {!abierta && cita.estado === "cancelada" && (
        <p className="flex items-center gap-2 text-muted">
          <CalendarClock className="size-4" aria-hidden />
          Cita cancelada: su horario quedó libre.
        </p>
      )}
    </AdminPage>
  );
}

function Row({ label, value }: { label: string; value: React.ReactNode }) {
  return (
    <div className="sm:flex sm:gap-4">
      <dt className="text-muted sm:w-40 sm:shrink-0">{label}</dt>
      <dd className="min-w-0 break-words text-ink">{value}</dd>
    </div>
  );
}

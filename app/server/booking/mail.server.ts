/**
 * The appointment mails (issue 15): confirmation, change, cancellation and the reminder carry
 * a calendar file (.ics, the `ics` library) the phone adds to its calendar; the retoque
 * invitation links to the booking page. Every mail links to the appointment's own page
 * (/cita/{token}) to reschedule or cancel, and to WhatsApp.
 */
import { eq } from "drizzle-orm";
import { type EventAttributes, createEvent } from "ics";
import { fullAddress, mapLink, site, whatsappLink } from "~/config/site";
import { formatSpanishDateTime } from "~/domain/dates";
import { formatPrice } from "~/domain/money";
import type { DbOrTx } from "../db/client.server";
import { citas, tratamientos } from "../db/schema";
import { env } from "../env.server";
import { escapeHtml, mailLayout } from "../mail.server";
import { queueClientMessage, studioRecipient } from "../messages/messages.server";

/** Each appointment message's WhatsApp template (ADR 039). */
const TEMPLATE: Record<AppointmentMailKind, string> = {
  confirmada: "cita_confirmada",
  cambio: "cita_cambio",
  cancelada: "cita_cancelada",
  recordatorio: "cita_recordatorio",
  "recordatorio-2h": "cita_recordatorio_2h",
  retoque: "cita_retoque",
  liberada: "cita_liberada",
};

export type AppointmentMailKind =
  | "confirmada"
  | "cambio"
  | "cancelada"
  | "recordatorio"
  | "recordatorio-2h"
  | "retoque"
  | "liberada";

const SUBJECT: Record<AppointmentMailKind, string> = {
  confirmada: "¡Cita confirmada!",
  cambio: "Tu cita cambió",
  cancelada: "Tu cita fue cancelada",
  recordatorio: "Te esperamos mañana",
  "recordatorio-2h": "Te esperamos en unas horas",
  retoque: "Es momento de agendar tu retoque",
  liberada: "Liberamos el horario que apartaste",
};

/** The appointment's own page: reschedule or cancel without logging in. */
export const appointmentLink = (token: string) => `${env.publicUrl}/cita/${token}`;

/** The calendar file of an appointment; cancelled ones tell the calendar to remove it. */
export function appointmentCalendar(
  cita: { id: string; inicio: Date; fin: Date; token: string; updatedAt: Date },
  title: string,
  cancelled: boolean,
): string {
  const event: EventAttributes = {
    uid: `cita-${cita.id}@michelalvarez.mx`,
    // grows with every change, so calendars replace the old version (RFC 5546)
    sequence: Math.floor(cita.updatedAt.getTime() / 1000),
    start: cita.inicio.getTime(),
    end: cita.fin.getTime(),
    startInputType: "utc",
    startOutputType: "utc",
    endInputType: "utc",
    endOutputType: "utc",
    title: `${title} · ${site.name}`,
    description: `Cambiar o cancelar: ${appointmentLink(cita.token)}`,
    location: fullAddress(),
    geo: { lat: site.map.lat, lon: site.map.lng },
    url: appointmentLink(cita.token),
    organizer: { name: site.name, email: site.email },
    status: cancelled ? "CANCELLED" : "CONFIRMED",
    method: cancelled ? "CANCEL" : "PUBLISH",
    productId: "michelalvarez.mx/agenda",
  };
  const { error, value } = createEvent(event);
  if (error || !value) throw error ?? new Error("No se pudo crear el archivo de calendario");
  return value;
}

export async function sendAppointmentMail(db: DbOrTx, citaId: string, kind: AppointmentMailKind): Promise<void> {
  const [row] = await db
    .select({ cita: citas, tratamiento: tratamientos })
    .from(citas)
    .innerJoin(tratamientos, eq(tratamientos.id, citas.tratamientoId))
    .where(eq(citas.id, citaId));
  if (!row) return;
  const { cita, tratamiento } = row;
  const title = cita.esRetoque ? `Retoque de ${tratamiento.nombre}` : tratamiento.nombre;
  const when = formatSpanishDateTime(cita.inicio);
  const link = appointmentLink(cita.token);
  const booking = `${env.publicUrl}/agendar/${encodeURIComponent(tratamiento.id)}?retoque=${encodeURIComponent(cita.id)}`;
  const lines: string[] = [];
  if (kind === "liberada") {
    // A hold the studio released: it was never on her calendar, so no calendar file.
    lines.push(
      `Hola ${cita.nombre}: el estudio liberó el horario que apartaste para ${title} el ${when} (hora de Guadalajara); ya no está reservado a tu nombre.`,
      "Si generaste una ficha de OXXO o una referencia SPEI para el anticipo, ya no la pagues.",
      `Puedes agendar otro horario cuando quieras: ${env.publicUrl}/agendar`,
    );
  } else if (kind === "retoque") {
    lines.push(
      `Hola ${cita.nombre}: ya pasaron unas semanas desde tu sesión de ${tratamiento.nombre}. Es el momento ideal para tu retoque` +
        (tratamiento.retoqueHasta ? `, antes de ${tratamiento.retoqueHasta} días después de tu sesión.` : "."),
      `Agenda tu retoque: ${booking}`,
    );
  } else {
    const intro: Record<Exclude<AppointmentMailKind, "retoque" | "liberada">, string> = {
      confirmada: `Hola ${cita.nombre}: tu cita quedó confirmada.`,
      cambio: `Hola ${cita.nombre}: tu cita cambió de horario.`,
      cancelada: `Hola ${cita.nombre}: tu cita fue cancelada.`,
      recordatorio: `Hola ${cita.nombre}: te recordamos tu cita de mañana.`,
      "recordatorio-2h": `Hola ${cita.nombre}: te esperamos hoy, en unas horas.`,
    };
    lines.push(intro[kind], `${title}: ${when} (hora de Guadalajara).`);
    if (kind !== "cancelada") {
      lines.push(`Dirección: ${fullAddress()}`, `Cómo llegar: ${mapLink()}`);
      if (cita.anticipo > 0 && cita.pagoId) lines.push(`Anticipo pagado: ${formatPrice(cita.anticipo)}`);
      lines.push(`Para cambiar o cancelar tu cita (hasta 48 horas antes): ${link}`);
    }
  }
  lines.push(`¿Dudas? Escríbenos por WhatsApp: ${whatsappLink()}`);
  const text = lines.join("\n\n");
  const html = mailLayout(
    SUBJECT[kind],
    lines.map((line) => `<p style="margin:0 0 12px">${linkify(escapeHtml(line))}</p>`).join(""),
  );
  const attachments =
    kind === "retoque" || kind === "liberada"
      ? undefined
      : [
          {
            filename: "cita.ics",
            content: appointmentCalendar(cita, title, kind === "cancelada"),
            contentType: `text/calendar; charset=utf-8; method=${kind === "cancelada" ? "CANCEL" : "PUBLISH"}`,
          },
        ];
  const params: Record<AppointmentMailKind, string[]> = {
    confirmada: [cita.nombre, title, when, link],
    cambio: [cita.nombre, title, when, link],
    cancelada: [cita.nombre, title, when],
    recordatorio: [cita.nombre, title, when, link],
    "recordatorio-2h": [cita.nombre, title, when, link],
    retoque: [cita.nombre, tratamiento.nombre, booking],
    liberada: [cita.nombre, title, when],
  };
  // once per appointment and news: a change and a reminder once per start time (ADR 039)
  const at = cita.inicio.toISOString();
  const clave: Record<AppointmentMailKind, string> = {
    confirmada: `cita:${cita.id}:confirmada`,
    cambio: `cita:${cita.id}:cambio:${at}:${cita.updatedAt.toISOString()}`,
    cancelada: `cita:${cita.id}:cancelada`,
    recordatorio: `cita:${cita.id}:recordatorio:${at}`,
    "recordatorio-2h": `cita:${cita.id}:recordatorio-2h:${at}`,
    retoque: `cita:${cita.id}:retoque`,
    liberada: `cita:${cita.id}:liberada`,
  };
  await queueClientMessage(db, {
    recipient: { email: cita.correo, phone: cita.telefono },
    clave: clave[kind],
    mail: { subject: SUBJECT[kind], text, html, attachments },
    whatsapp: { template: TEMPLATE[kind], params: params[kind] },
  });
  if (kind === "confirmada" || kind === "cambio" || kind === "cancelada") {
    await sendStudioAppointmentNotice(db, { cita, title, when }, kind);
  }
}

const STUDIO_SUBJECT = { confirmada: "Nueva cita", cambio: "Cita cambiada", cancelada: "Cita cancelada" } as const;

/**
 * The studio's notice of a booking, a change or a cancellation (issue 29, ADR 036), to
 * STUDIO_INBOX, queued with the client's mail in the same transaction and keyed: a booking is
 * announced once, each new time once, a cancellation once, however many paths confirm it.
 */
async function sendStudioAppointmentNotice(
  db: DbOrTx,
  { cita, title, when }: { cita: typeof citas.$inferSelect; title: string; when: string },
  kind: keyof typeof STUDIO_SUBJECT,
): Promise<void> {
  const admin = `${env.publicUrl}/admin/agenda/${encodeURIComponent(cita.id)}`;
  const lines = [
    `${STUDIO_SUBJECT[kind]}: ${title}, ${when} (hora de Guadalajara).`,
    `Clienta: ${cita.nombre} · ${cita.telefono} · ${cita.correo}`,
    ...(cita.anticipo > 0 ? [`Anticipo: ${formatPrice(cita.anticipo)}${cita.pagoId ? " (pagado)" : ""}`] : []),
    `Origen: ${cita.origen === "estudio" ? "agendada por el estudio" : "agendada en la página"}`,
    `Ver en la agenda: ${admin}`,
  ];
  const subject = `${STUDIO_SUBJECT[kind]}: ${title}, ${when}`;
  await queueClientMessage(db, {
    recipient: studioRecipient(),
    whatsapp: { template: "aviso_estudio", params: [`${subject} · ${cita.nombre} · ${cita.telefono} · ${admin}`] },
    mail: {
      subject,
      text: lines.join("\n"),
      html: mailLayout(
        STUDIO_SUBJECT[kind],
        lines.map((line) => `<p style="margin:0 0 12px">${linkify(escapeHtml(line))}</p>`).join(""),
      ),
      replyTo: cita.correo,
    },
    // each move is its own news (its time and when it was made); the booking and its cancellation once
    clave: `estudio:cita:${cita.id}:${kind}${kind === "cambio" ? `:${cita.inicio.toISOString()}:${cita.updatedAt.toISOString()}` : ""}`,
  });
}

const linkify = (escaped: string) => escaped.replace(/https?:\/\/[^\s<]+/g, (url) => `<a href="${url}">${url}</a>`);

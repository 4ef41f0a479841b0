/**
 * The aftercare messages (issue 30 item 6), in one place: the care instructions (day 0) and
 * the check-ins of days 1, 7 and 21 with the link to send a healing photo. Queued in the
 * outbox with their key (ADR 028): once each, WhatsApp first to a client who opted in (ADR 039:
 * the `cuidados` template with her name, the treatment and the link to her check-in page, which
 * also shows the care instructions), by mail otherwise. The retoque invitation is
 * booking/mail.server.ts's.
 */
import { whatsappLink } from "~/config/site";
import type { DbOrTx } from "../db/client.server";
import type { citas, tratamientos } from "../db/schema";
import { env } from "../env.server";
import { escapeHtml, mailLayout } from "../mail.server";
import { queueClientMessage } from "../messages/messages.server";

/** The check-in's upload page. */
export const photoLink = (token: string) => `${env.publicUrl}/cuidados/${token}`;

const CHECK_IN: Record<number, string> = {
  1: "¿Cómo amaneciste? Es normal ver el color intenso y un poco de inflamación.",
  7: "Ya pasó una semana: puede haber costritas o descamación; no las quites.",
  21: "Van tres semanas: el color ya se asentó y es buen momento para ver cómo quedó antes del retoque.",
};

export async function queueAftercareMail(
  db: DbOrTx,
  input: {
    cita: typeof citas.$inferSelect;
    tratamiento: typeof tratamientos.$inferSelect;
    dia: number;
    care: { titulo: string; html: string; texto: string };
    clave: string;
    /** the check-in page of that day (day 0: of day 1, where the care instructions are too) */
    photoToken: string;
  },
): Promise<void> {
  const { cita, tratamiento, dia, care } = input;
  const whatsapp = `¿Dudas o algo no se ve bien? Escríbenos por WhatsApp: ${whatsappLink()}`;
  let subject: string;
  let lines: string[];
  let extraHtml = "";
  if (dia === 0) {
    subject = care.titulo;
    lines = [`Hola ${cita.nombre}: gracias por tu sesión de ${tratamiento.nombre}. Estos son tus cuidados:`];
    extraHtml = care.html;
    lines.push(care.texto, whatsapp);
  } else {
    subject = dia === 1 ? "¿Cómo va tu cicatrización?" : `Día ${dia}: ¿cómo va tu ${tratamiento.nombre}?`;
    const link = photoLink(input.photoToken);
    lines = [
      `Hola ${cita.nombre}: ${CHECK_IN[dia] ?? "¿Cómo va tu cicatrización?"}`,
      `Mándanos una foto con luz natural para revisar cómo va (solo tú y el estudio la ven): ${link}`,
      whatsapp,
    ];
  }
  const paragraph = (line: string) =>
    `<p style="margin:0 0 12px">${escapeHtml(line).replace(/https?:\/\/[^\s<]+/g, (url) => `<a href="${url}">${url}</a>`)}</p>`;
  const html =
    dia === 0
      ? mailLayout(subject, `${paragraph(lines[0])}${extraHtml}${paragraph(whatsapp)}`)
      : mailLayout(subject, lines.map(paragraph).join(""));
  await queueClientMessage(db, {
    recipient: { email: cita.correo, phone: cita.telefono },
    clave: input.clave,
    mail: { to: cita.correo, subject, text: lines.join("\n\n"), html },
    whatsapp: { template: "cuidados", params: [cita.nombre, tratamiento.nombre, photoLink(input.photoToken)] },
  });
}

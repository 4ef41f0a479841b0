/**
 * The waitlist's messages (issue 30), each in one place and keyed in the outbox (ADR 028):
 * the entry's confirmation and the offer of a freed slot with its 30-minute link; WhatsApp first
 * to a client who opted in, by mail otherwise (ADR 039).
 */
import { site, whatsappLink } from "~/config/site";
import { formatSpanishCalendarDate, formatSpanishDateTime } from "~/domain/dates";
import { FRANJA_LABEL, type Franja, OFFER_MINUTES } from "~/domain/waitlist";
import type { DbOrTx } from "../db/client.server";
import type { listaEspera } from "../db/schema";
import { env } from "../env.server";
import { escapeHtml, mailLayout } from "../mail.server";
import { queueClientMessage } from "../messages/messages.server";

type Entry = typeof listaEspera.$inferSelect;

const html = (title: string, lines: string[]) =>
  mailLayout(
    title,
    lines
      .map(
        (line) =>
          `<p style="margin:0 0 12px">${escapeHtml(line).replace(/https?:\/\/[^\s<]+/g, (url) => `<a href="${url}">${url}</a>`)}</p>`,
      )
      .join(""),
  );

/** The offer's own page: claim the slot (then pay the deposit) within 30 minutes. */
export const offerLink = (token: string) => `${env.publicUrl}/lista-de-espera/${token}`;

/** "Estás en la lista de espera": once per entry. */
export async function queueJoinedMail(db: DbOrTx, entry: Entry, tratamiento: string): Promise<void> {
  const subject = "Estás en la lista de espera";
  const franja = entry.franja ? ` (${FRANJA_LABEL[entry.franja as Franja].toLowerCase()})` : "";
  const lines = [
    `Hola ${entry.nombre}: te anotamos en la lista de espera de ${tratamiento}, del ${formatSpanishCalendarDate(entry.desde)} al ${formatSpanishCalendarDate(entry.hasta)}${franja}.`,
    `Si se libera un horario te escribimos con un enlace que lo aparta para ti durante ${OFFER_MINUTES} minutos; el primero en la lista lo recibe primero.`,
    `¿Ya no lo necesitas o tienes dudas? Escríbenos por WhatsApp: ${whatsappLink()}`,
  ];
  await queueClientMessage(db, {
    recipient: { email: entry.correo, phone: entry.telefono },
    clave: `espera-alta:${entry.id}`,
    mail: { subject, text: lines.join("\n\n"), html: html(subject, lines) },
    whatsapp: {
      template: "espera_alta",
      params: [entry.nombre, tratamiento, `${formatSpanishCalendarDate(entry.desde)} al ${formatSpanishCalendarDate(entry.hasta)}`],
    },
  });
}

/** The freed slot, offered to one entry: once per offer. */
export async function queueOfferMail(
  db: DbOrTx,
  offer: { id: number; token: string; inicio: Date; expiraEn: Date },
  entry: Entry,
  tratamiento: string,
): Promise<void> {
  const subject = `Se liberó un horario para ${tratamiento}`;
  const lines = [
    `Hola ${entry.nombre}: se liberó un horario de ${tratamiento} el ${formatSpanishDateTime(offer.inicio)} (hora de Guadalajara).`,
    `Lo apartamos para ti durante ${OFFER_MINUTES} minutos, hasta las ${formatSpanishDateTime(offer.expiraEn).split(", ").pop()}. Para quedártelo entra aquí y paga el anticipo: ${offerLink(offer.token)}`,
    `Si no lo tomas, se lo ofrecemos a la siguiente persona de la lista. Sigues en la lista para otros horarios.`,
    `${site.name} · WhatsApp: ${whatsappLink()}`,
  ];
  // WhatsApp first (ADR 039): the offer lasts 30 minutes, and she reads WhatsApp first
  await queueClientMessage(db, {
    recipient: { email: entry.correo, phone: entry.telefono },
    clave: `espera-oferta:${offer.id}`,
    mail: { subject, text: lines.join("\n\n"), html: html(subject, lines) },
    whatsapp: {
      template: "espera_oferta",
      params: [entry.nombre, tratamiento, formatSpanishDateTime(offer.inicio), offerLink(offer.token)],
    },
  });
}

/** The studio's view of the WhatsApp messages (/admin/correos, ADR 039): rows ready to show. */
import { formatSpanishDateTime } from "~/domain/dates";
import { MESSAGE_STATE_LABEL, type MessageState } from "~/domain/whatsapp";
import type { Db } from "../db/client.server";
import { listMessages } from "./messages.server";

const MAIL_STATE: Record<string, string> = {
  pendiente: "en cola",
  enviando: "enviando",
  enviado: "enviado",
  fallido: "no enviado",
};

/** The number with its middle hidden (523312345678 → +52 33••••5678): enough to tell clients apart. */
export function maskNumber(telefono: string): string {
  if (telefono.length < 8) return "••••";
  return `+${telefono.slice(0, 2)} ${telefono.slice(2, 4)}••••${telefono.slice(-4)}`;
}

export async function listWhatsAppMessagesForAdmin(db: Db, limit = 100) {
  const when = (d: Date | null) => (d ? formatSpanishDateTime(d) : null);
  return (await listMessages(db, limit)).map((m) => ({
    id: m.id,
    telefono: maskNumber(m.telefono),
    plantilla: m.plantilla,
    estado: m.estado,
    estadoLabel: MESSAGE_STATE_LABEL[m.estado as MessageState] ?? m.estado,
    proveedor: m.proveedor,
    creado: formatSpanishDateTime(m.createdAt),
    enviado: when(m.enviadoEn),
    entregado: when(m.entregadoEn),
    leido: when(m.leidoEn),
    fallido: when(m.fallidoEn),
    error: m.error,
    correo: m.correoEstado ? (MAIL_STATE[m.correoEstado] ?? m.correoEstado) : null,
  }));
}

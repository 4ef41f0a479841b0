/**
 * Mi perfil → WhatsApp (issue 30, ADR 039): her number and whether she accepts messages there.
 * Ticking records the number with the exact consent text and the time; unticking withdraws
 * every number of her account. Bad input changes nothing and says why, in Spanish.
 */
import { TEXT_LIMITS } from "~/domain/limits";
import { whatsappNumber } from "~/domain/whatsapp";
import type { DbOrTx } from "../db/client.server";
import { recordWhatsAppConsent, whatsappConsentOf, withdrawWhatsAppConsent } from "./messages.server";

export type WhatsAppPreference = { acepta: boolean; telefono: string };

/** 523312345678 → "33 1234 5678" (a Mexican number), else "+" and the digits. */
export function displayNumber(telefono: string): string {
  if (telefono.length === 12 && telefono.startsWith("52")) {
    return `${telefono.slice(2, 4)} ${telefono.slice(4, 8)} ${telefono.slice(8)}`;
  }
  return `+${telefono}`;
}

export async function whatsappPreference(db: DbOrTx, userId: string): Promise<WhatsAppPreference> {
  const consent = await whatsappConsentOf(db, userId);
  return consent ? { acepta: true, telefono: displayNumber(consent.telefono) } : { acepta: false, telefono: "" };
}

export async function saveWhatsAppPreference(
  db: DbOrTx,
  userId: string,
  form: FormData,
  now: Date = new Date(),
): Promise<{ ok: true; notice: string } | { ok: false; error: string }> {
  const acepta = form.get("whatsapp") === "si";
  if (!acepta) {
    await withdrawWhatsAppConsent(db, { userId }, "perfil", now);
    return { ok: true, notice: "Listo: ya no te enviaremos mensajes por WhatsApp; te escribiremos por correo." };
  }
  const raw = form.get("telefono");
  const phone = typeof raw === "string" ? raw.trim() : "";
  if (phone.length > TEXT_LIMITS.telefono || !whatsappNumber(phone)) {
    return { ok: false, error: "Escribe tu número de WhatsApp a 10 dígitos (o con + y la clave de tu país)." };
  }
  // one number per account: a new one replaces the previous
  await withdrawWhatsAppConsent(db, { userId }, "perfil", now);
  await recordWhatsAppConsent(db, { phone, userId, origen: "perfil" }, now);
  return { ok: true, notice: "Listo: te enviaremos los avisos de tus citas y pedidos por WhatsApp." };
}

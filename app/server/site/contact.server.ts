/** Delivers the contact form (/Contacto) to the studio's inbox. */
import type { ContactMessage } from "~/domain/contact";
import { env } from "../env.server";
import { escapeHtml, mailLayout, sendMail } from "../mail.server";

export async function sendContactMessage(message: ContactMessage): Promise<void> {
  const rows: [string, string][] = [
    ["Nombre", message.nombre],
    ["Correo", message.correo],
    ["Teléfono", message.telefono],
  ];
  const html = mailLayout(
    "Nuevo mensaje de contacto",
    `${rows.map(([label, value]) => `<p style="margin:0 0 8px"><strong>${label}:</strong> ${escapeHtml(value)}</p>`).join("")}
<p style="margin:16px 0 0;white-space:pre-wrap">${escapeHtml(message.mensaje)}</p>`,
  );
  const text = `${rows.map(([label, value]) => `${label}: ${value}`).join("\n")}\n\n${message.mensaje}\n`;
  await sendMail({
    to: env.studioInbox,
    subject: `Nuevo mensaje de contacto de ${message.nombre}`,
    html,
    text,
    // Answering the mail answers the visitor.
    replyTo: `"${message.nombre.replace(/["\\\r\n]/g, "")}" <${message.correo}>`,
  });
}

/**
 * The client's copy of her signed consent (issue 30): a durable job scheduled in the
 * transaction that records the signature (consent.server.ts) renders the PDF and queues one
 * mail with it attached. The outbox row's `clave` makes it once: a job run twice (two
 * processes, a crash after queueing) queues nothing the second time. The mail's own text
 * names no health answer: those travel only inside the attached PDF.
 */
import { site, whatsappLink } from "~/config/site";
import { formatSpanishDateTime } from "~/domain/dates";
import { env } from "../env.server";
import { registerJob } from "../jobs.server";
import { deliverQueuedMail, escapeHtml, mailLayout, queueMail } from "../mail.server";
import { renderConsentPdf } from "./consent-pdf.server";
import { CONSENT_COPY_JOB, consentById } from "./consent.server";

export const CONSENT_COPY_SUBJECT = "Tu consentimiento firmado";

registerJob(CONSENT_COPY_JOB, async (datos, { db }) => {
  const id = typeof datos.id === "string" ? datos.id : "";
  const record = await consentById(db, id);
  if (!record) return;
  const pdf = await renderConsentPdf(record);
  const cuando = formatSpanishDateTime(record.firmadoEn);
  const text = [
    `Hola, ${record.nombre}:`,
    "",
    `Te enviamos la copia del consentimiento informado que firmaste el ${cuando} (versión ${record.version.version}). Va adjunta en PDF, con tus respuestas y tu firma.`,
    "",
    `Si tienes cuenta, también la ves en ${env.publicUrl}/mis-citas. ¿Algo no es correcto? Escríbenos por WhatsApp: ${whatsappLink("Hola, quiero corregir mi consentimiento")}`,
    "",
    site.name,
  ].join("\n");
  const html = mailLayout(
    CONSENT_COPY_SUBJECT,
    `<p>Hola, ${escapeHtml(record.nombre)}:</p>
<p>Te enviamos la copia del consentimiento informado que firmaste el ${escapeHtml(cuando)} (versión ${escapeHtml(record.version.version)}). Va adjunta en PDF, con tus respuestas y tu firma.</p>
<p>Si tienes cuenta, también la ves en <a href="${escapeHtml(`${env.publicUrl}/mis-citas`)}">Mis citas</a>. ¿Algo no es correcto? <a href="${escapeHtml(whatsappLink("Hola, quiero corregir mi consentimiento"))}">Escríbenos por WhatsApp</a>.</p>`,
  );
  const mailId = await queueMail(db, {
    to: record.correo,
    subject: `${CONSENT_COPY_SUBJECT} | ${site.name}`,
    text,
    html,
    attachments: [
      {
        filename: `consentimiento-${record.firmadoEn.toISOString().slice(0, 10)}.pdf`,
        content: Buffer.from(pdf),
        contentType: "application/pdf",
      },
    ],
    clave: `${CONSENT_COPY_JOB}:${record.id}`,
  });
  if (mailId !== null) await deliverQueuedMail(db, [mailId]);
});

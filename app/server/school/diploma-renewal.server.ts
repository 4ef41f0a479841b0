/**
 * The renewal reminder of a diploma that expires (issue 31 item 4, ADR 047): one durable job
 * per diploma ('diploma-renovacion:{folio}'), scheduled in the transaction that issues it, 30
 * days before its expiry. When it runs (with the job's db and now) it mails the student once
 * (the mail is keyed by the folio) unless the diploma was revoked, is gone, or no longer
 * expires then.
 */
import { eq } from "drizzle-orm";
import type { DbOrTx } from "../db/client.server";
import { diplomas, user } from "../db/schema";
import { formatSpanishDate } from "~/domain/dates";
import { env } from "../env.server";
import { registerJob, scheduleJob } from "../jobs.server";
import { escapeHtml, mailLayout, queueMail } from "../mail.server";

export const DIPLOMA_RENOVACION = "diploma-renovacion";
export const RENEWAL_NOTICE_DAYS = 30;
const DAY_MS = 24 * 60 * 60_000;

export const renewalAt = (venceEn: Date) => new Date(venceEn.getTime() - RENEWAL_NOTICE_DAYS * DAY_MS);

/** In the issuing transaction: the reminder 30 days before `venceEn` (at once when that is past). */
export async function scheduleRenewalReminder(tx: DbOrTx, folio: string, venceEn: Date): Promise<void> {
  await scheduleJob(tx, {
    tipo: DIPLOMA_RENOVACION,
    clave: `${DIPLOMA_RENOVACION}:${folio}`,
    ejecutarEn: renewalAt(venceEn),
    datos: { folio },
  });
}

registerJob(DIPLOMA_RENOVACION, async (datos, { db, now }) => {
  const folio = typeof datos.folio === "string" ? datos.folio : "";
  const [row] = await db
    .select({ diploma: diplomas, correo: user.email })
    .from(diplomas)
    .innerJoin(user, eq(user.id, diplomas.userId))
    .where(eq(diplomas.id, folio))
    .limit(1);
  if (!row || row.diploma.revocadoEn || !row.diploma.venceEn) return;
  // a job that runs late still reminds, but not after the expiry (then there is nothing to renew early)
  if (row.diploma.venceEn.getTime() <= now.getTime()) return;
  const { diploma } = row;
  const fecha = formatSpanishDate(diploma.venceEn!);
  const curso = diploma.cursoTitulo;
  const link = `${env.publicUrl.replace(/\/$/, "")}/mis-cursos`;
  const verify = `${env.publicUrl.replace(/\/$/, "")}/diploma/${diploma.id}`;
  await queueMail(db, {
    to: row.correo,
    subject: `Tu diploma de ${curso} vence el ${fecha}`,
    clave: `${DIPLOMA_RENOVACION}:${diploma.id}`,
    text: `Hola ${diploma.nombre}:\n\nTu diploma del curso ${curso} (folio ${diploma.id}) vence el ${fecha}. Para mantenerlo vigente, renueva tu certificación desde Mis cursos: ${link}\n\nVerificación: ${verify}\n\nMichel Alvarez`,
    html: mailLayout(
      "Tu diploma está por vencer",
      `<p>Hola ${escapeHtml(diploma.nombre)}:</p><p>Tu diploma del curso <strong>${escapeHtml(curso)}</strong> (folio ${escapeHtml(diploma.id)}) vence el <strong>${escapeHtml(fecha)}</strong>.</p><p>Para mantenerlo vigente, renueva tu certificación desde <a href="${escapeHtml(link)}">Mis cursos</a>.</p><p style="font-size:12px;color:#777">Verificación: <a href="${escapeHtml(verify)}">${escapeHtml(verify)}</a></p>`,
    ),
  });
});

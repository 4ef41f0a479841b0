/**
 * The appointment jobs (ADR 023, scheduled by booking/appointments.server.ts):
 *
 * - "cita-recordatorio" (clave cita-recordatorio:{id}, 24 h before): the reminder, only if the
 *   appointment is still confirmed, at the time the job was scheduled for, and still ahead.
 * - the retoque invitation closes the aftercare sequence: booking/aftercare.server.ts.
 *
 * - "cita-recordatorio-2h" (clave cita-recordatorio-2h:{id}, 2 h before, issue 30): the same
 *   checks; at most once per start time by the message's clave (`cita:{id}:recordatorio-2h:{inicio}`).
 *
 * Each message goes by WhatsApp to a client who opted in, by mail otherwise (ADR 039).
 * Each mail goes out at most once, even with two instances running the same job or a rerun
 * after a crash: the mail is queued in the outbox (ADR 028) inside the transaction that stamps
 * the appointment (`UPDATE … SET recordatorio_para = inicio WHERE recordatorio_para IS
 * DISTINCT FROM inicio RETURNING`). A second runner's UPDATE waits on the row lock, then finds
 * the stamp and queues nothing; a crash before the commit rolls back both. The outbox delivers
 * it after the commit and retries while the mail server is down.
 */
import { and, eq, gt, isNull, ne, or, sql } from "drizzle-orm";
import { citas } from "../db/schema";
import { registerJob } from "../jobs.server";
import { deliverClientMessages } from "../messages/messages.server";
import { REMINDER_2H_JOB, REMINDER_JOB } from "./appointments.server";
import { sendAppointmentMail } from "./mail.server";

registerJob(REMINDER_JOB, async (datos, { db, now }) => {
  const citaId = String(datos.citaId ?? "");
  if (!citaId) return;
  const inicio = typeof datos.inicio === "string" ? new Date(datos.inicio) : null;
  await db.transaction(async (tx) => {
    const [stamped] = await tx
      .update(citas)
      .set({ recordatorioEnviado: new Date(), recordatorioPara: sql`${citas.inicio}` })
      .where(
        and(
          eq(citas.id, citaId),
          eq(citas.estado, "confirmada"),
          // a runner that was down past the appointment: a reminder would come too late
          gt(citas.inicio, now),
          // not yet sent for this start time (an appointment moved after its reminder gets a new one)
          or(isNull(citas.recordatorioPara), ne(citas.recordatorioPara, citas.inicio)),
          // a job left over from before a move names the old time: it sends nothing
          inicio && !Number.isNaN(inicio.getTime()) ? eq(citas.inicio, inicio) : undefined,
        ),
      )
      .returning({ id: citas.id });
    if (!stamped) return;
    await sendAppointmentMail(tx, citaId, "recordatorio");
  });
  await deliverClientMessages(db, now);
});

registerJob(REMINDER_2H_JOB, async (datos, { db, now }) => {
  const citaId = String(datos.citaId ?? "");
  const inicio = typeof datos.inicio === "string" ? new Date(datos.inicio) : null;
  if (!citaId || !inicio || Number.isNaN(inicio.getTime())) return;
  await db.transaction(async (tx) => {
    // still confirmed, at the time the job was scheduled for, and still ahead
    const [cita] = await tx
      .select({ id: citas.id })
      .from(citas)
      .where(and(eq(citas.id, citaId), eq(citas.estado, "confirmada"), eq(citas.inicio, inicio), gt(citas.inicio, now)))
      .for("update");
    if (!cita) return;
    // keyed by appointment and start time: a rerun or a second runner queues nothing
    await sendAppointmentMail(tx, citaId, "recordatorio-2h");
  });
  await deliverClientMessages(db, now);
});

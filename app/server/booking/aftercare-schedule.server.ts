/**
 * The aftercare sequence's jobs (issue 30 item 6, ADR 042), scheduled in the transaction that
 * marks a session attended (appointments.server.ts setAttendance): the care instructions at
 * once, the check-ins on days 1, 7 and 21, and the retoque invitation when its window opens.
 * booking/aftercare.server.ts runs them; each checks, when it runs, that the sequence still
 * stands (the session still attended, no retoque booked).
 */
import { AFTERCARE_STEPS } from "~/domain/waitlist";
import type { DbOrTx } from "../db/client.server";
import type { citas, tratamientos } from "../db/schema";
import { cancelJob, scheduleJob } from "../jobs.server";

export const AFTERCARE_JOB = "cuidados";
/** The retoque invitation: the sequence's last message (its job name predates the sequence). */
export const RETOQUE_JOB = "cita-retoque";

const DAY_MS = 86_400_000;
export const aftercareKey = (citaId: string, paso: string) => `${AFTERCARE_JOB}:${citaId}:${paso}`;
export const retoqueKey = (citaId: string) => `${RETOQUE_JOB}:${citaId}`;

export async function scheduleAftercare(
  tx: DbOrTx,
  cita: Pick<typeof citas.$inferSelect, "id" | "fin">,
  tratamiento: Pick<typeof tratamientos.$inferSelect, "retoqueDesde">,
): Promise<void> {
  for (const step of AFTERCARE_STEPS) {
    await scheduleJob(tx, {
      tipo: AFTERCARE_JOB,
      clave: aftercareKey(cita.id, step.paso),
      ejecutarEn: new Date(cita.fin.getTime() + step.dia * DAY_MS),
      datos: { citaId: cita.id, paso: step.paso },
      // attended → no-show → attended again: the jobs run again, the outbox key sends once
      rearm: true,
    });
  }
  if (tratamiento.retoqueDesde != null) {
    await scheduleJob(tx, {
      tipo: RETOQUE_JOB,
      clave: retoqueKey(cita.id),
      ejecutarEn: new Date(cita.fin.getTime() + tratamiento.retoqueDesde * DAY_MS),
      datos: { citaId: cita.id },
      // after attended → no-show → attended; the job itself never invites twice
      rearm: true,
    });
  }
}

/** The session is no longer attended (a correction): what has not gone out is dropped. */
export async function stopAftercare(tx: DbOrTx, citaId: string): Promise<void> {
  for (const step of AFTERCARE_STEPS) await cancelJob(tx, aftercareKey(citaId, step.paso));
  await cancelJob(tx, retoqueKey(citaId));
}

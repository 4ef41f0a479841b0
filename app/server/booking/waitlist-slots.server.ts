/**
 * What the waitlist adds to the agenda, without importing the booking workflows (they import
 * this): the times held by a live offer (kept out of the public calendar for 30 minutes) and
 * the job that looks for a waitlist entry once an appointment's time is free again.
 */
import { and, eq, gt, lt } from "drizzle-orm";
import type { DbOrTx } from "../db/client.server";
import { ofertasEspera } from "../db/schema";
import { scheduleJob } from "../jobs.server";

/** The job that offers a freed time to the waitlist (booking/waitlist.server.ts runs it). */
export const FREED_SLOT_JOB = "espera-hueco";

/** The spans held by live offers between `now` and `until` (they occupy like an appointment). */
export async function offeredSpans(db: DbOrTx, now: Date, until: Date) {
  return db
    .select({ id: ofertasEspera.id, inicio: ofertasEspera.inicio, fin: ofertasEspera.ocupaHasta })
    .from(ofertasEspera)
    .where(
      and(
        eq(ofertasEspera.estado, "ofrecida"),
        gt(ofertasEspera.expiraEn, now),
        lt(ofertasEspera.inicio, until),
        gt(ofertasEspera.ocupaHasta, now),
      ),
    );
}

/**
 * The appointment's time may be free at `at` (cancelled or released now; a hold whose
 * deposit time ends then): the waitlist is asked then, in the transaction of the change, so
 * the job exists exactly when the change committed. One job per appointment and moment.
 */
export async function scheduleFreedSlotCheck(tx: DbOrTx, citaId: string, at: Date): Promise<void> {
  await scheduleJob(tx, {
    tipo: FREED_SLOT_JOB,
    clave: `${FREED_SLOT_JOB}:${citaId}:${at.getTime()}`,
    ejecutarEn: at,
    datos: { citaId },
  });
}

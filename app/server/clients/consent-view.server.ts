/**
 * What the client record shows of an appointment's consent (ADR 038). Today the answers are
 * `citas.consentimiento` (jsonb: the questions as shown, the answers, the typed signature).
 * The versioned consent records (issue 30 part 3) replace THIS function only: the record,
 * its export and its deletion read consent through it (and `eraseConsents`).
 */
import { inArray, sql } from "drizzle-orm";
import type { ConsentRecord } from "~/domain/booking";
import type { DbOrTx } from "../db/client.server";
import { citas } from "../db/schema";

export type ConsentView = {
  /** the consent text's version; null before consent was versioned */
  version: string | null;
  firma: string;
  firmadoEn: string | null;
  respuestas: { pregunta: string; respuesta: string; detalle: string }[];
};

/** The consents signed for each appointment, by appointment id (an empty list: none signed). */
export async function consentsOf(
  _db: DbOrTx,
  appointments: { id: string; consentimiento: unknown }[],
): Promise<Map<string, ConsentView[]>> {
  const byId = new Map<string, ConsentView[]>();
  for (const cita of appointments) {
    const record = cita.consentimiento as Partial<ConsentRecord> | null;
    byId.set(
      cita.id,
      record && typeof record === "object"
        ? [
            {
              version: null,
              firma: String(record.firma ?? ""),
              firmadoEn: typeof record.firmadoEn === "string" ? record.firmadoEn : null,
              respuestas: (Array.isArray(record.respuestas) ? record.respuestas : []).map((r) => ({
                pregunta: String(r?.pregunta ?? r?.id ?? ""),
                respuesta: r?.respuesta === "si" ? "Sí" : r?.respuesta === "no" ? "No" : String(r?.respuesta ?? ""),
                detalle: String(r?.detalle ?? ""),
              })),
            },
          ]
        : [],
    );
  }
  return byId;
}

/** Deletes the consent answers of these appointments (ARCO deletion: health data goes entirely). */
export async function eraseConsents(db: DbOrTx, appointmentIds: string[]): Promise<void> {
  if (appointmentIds.length === 0) return;
  await db.update(citas).set({ consentimiento: sql`null` }).where(inArray(citas.id, appointmentIds));
}

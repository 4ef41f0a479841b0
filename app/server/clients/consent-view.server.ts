/**
 * What the client record shows of an appointment's consent (ADR 041), read from the signed
 * records (ADR 038: `consentimientos`, each with the exact text of its version): the record an
 * appointment points to (`citas.consentimiento_id`: signed for it, or the standing one it
 * reused). Appointments booked before consent was versioned keep their answers in
 * `citas.consentimiento` (jsonb) and show those, with no version. The record, its ARCO export
 * and its deletion read consent only through this module.
 */
import { eq, inArray, sql } from "drizzle-orm";
import type { ConsentRecord } from "~/domain/booking";
import { consentsByIds, consentsForClient } from "../booking/consent.server";
import type { DbOrTx } from "../db/client.server";
import { citas, consentimientos } from "../db/schema";

export type ConsentView = {
  /** the consent text's version; null before consent was versioned */
  version: string | null;
  /** the SHA-256 of that version's exact text, and of the signed record (null: not versioned) */
  versionHash: string | null;
  hash: string | null;
  /** the declaration she signed under, as shown to her (null: not versioned) */
  declaracionHtml: string | null;
  firma: string;
  firmadoEn: string | null;
  contrafirma: string | null;
  respuestas: { pregunta: string; respuesta: string; detalle: string }[];
};

const answerText = (value: unknown) => (value === "si" ? "Sí" : value === "no" ? "No" : String(value ?? ""));

/**
 * Every consent one client signed, newest first, each with the exact text of the version she
 * signed under (the ARCO export: all versions, whether or not an appointment still points to it).
 */
export async function signedConsentsOf(db: DbOrTx, client: { userId: string | null; correo: string }) {
  return (await consentsForClient(db, { userId: client.userId, correo: client.correo })).map((c) => ({
    id: c.id,
    citaId: c.citaId,
    firmadoEn: c.firmadoEn,
    firma: c.firmaNombre,
    firmaDibujada: c.firmaTrazo,
    ip: c.ip,
    hash: c.hash,
    integro: c.integro,
    contrafirma: c.especialistaNombre,
    contrafirmadoEn: c.contrafirmadoEn,
    respuestas: c.respuestas,
    version: c.version,
  }));
}

/** The consents signed for each appointment, by appointment id (an empty list: none signed). */
export async function consentsOf(
  db: DbOrTx,
  appointments: { id: string; consentimiento: unknown; consentimientoId?: string | null }[],
): Promise<Map<string, ConsentView[]>> {
  const byId = new Map<string, ConsentView[]>();
  const records = new Map<string, ConsentView>();
  const ids = [...new Set(appointments.flatMap((c) => (c.consentimientoId ? [c.consentimientoId] : [])))];
  for (const record of await consentsByIds(db, ids)) {
    records.set(record.id, {
      version: record.version.version,
      versionHash: record.version.hash,
      hash: record.hash,
      declaracionHtml: record.version.declaracionHtml,
      firma: record.firmaNombre,
      firmadoEn: record.firmadoEn.toISOString(),
      contrafirma: record.contrafirmadoEn
        ? `${record.especialistaNombre ?? "Especialista"}, ${record.contrafirmadoEn.toISOString()}`
        : null,
      respuestas: record.respuestas.map((r) => ({
        pregunta: r.pregunta,
        respuesta: answerText(r.respuesta),
        detalle: r.detalle,
      })),
    });
  }
  for (const cita of appointments) {
    const signed = cita.consentimientoId ? records.get(cita.consentimientoId) : undefined;
    const legacy = cita.consentimiento as Partial<ConsentRecord> | null;
    byId.set(
      cita.id,
      signed
        ? [signed]
        : legacy && typeof legacy === "object"
          ? [
              {
                version: null,
                versionHash: null,
                hash: null,
                declaracionHtml: null,
                firma: String(legacy.firma ?? ""),
                firmadoEn: typeof legacy.firmadoEn === "string" ? legacy.firmadoEn : null,
                contrafirma: null,
                respuestas: (Array.isArray(legacy.respuestas) ? legacy.respuestas : []).map((r) => ({
                  pregunta: String(r?.pregunta ?? r?.id ?? ""),
                  respuesta: answerText(r?.respuesta),
                  detalle: String(r?.detalle ?? ""),
                })),
              },
            ]
          : [],
    );
  }
  return byId;
}

/**
 * Deletes the consent answers of these appointments and the signed records they point to (ARCO
 * deletion: health data goes entirely). The versions' texts stay: they hold nobody's data.
 */
export async function eraseConsents(db: DbOrTx, appointmentIds: string[]): Promise<void> {
  if (appointmentIds.length === 0) return;
  const linked = await db.select({ id: citas.consentimientoId }).from(citas).where(inArray(citas.id, appointmentIds));
  const recordIds = linked.flatMap((r) => (r.id ? [r.id] : []));
  await db
    .update(citas)
    .set({ consentimiento: sql`null`, consentimientoId: null })
    .where(inArray(citas.id, appointmentIds));
  if (recordIds.length) await db.delete(consentimientos).where(inArray(consentimientos.id, recordIds));
  await db.delete(consentimientos).where(inArray(consentimientos.citaId, appointmentIds));
}

/** Her signed records not tied to any of her appointments any more (a guest's, by address). */
export async function eraseConsentsByAddress(db: DbOrTx, correo: string): Promise<void> {
  await db.delete(consentimientos).where(eq(consentimientos.correo, correo.trim().toLowerCase()));
}

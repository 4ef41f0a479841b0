/**
 * Diplomas: who earned one, the row that proves it, and its verification (SPEC §4, §9).
 *
 * A diploma exists only once earned — a perfect exam, or, for a course without exam,
 * reaching its last unit — and its id is the short verification code printed on the PDF
 * and looked up by /diploma/{codigo}. The row keeps the student's name and the course's
 * title as they were when it was issued: the PDF, drawn on every download from that row
 * (diploma-pdf.server.ts), and the public check show those, whatever is renamed later.
 */
import { randomInt } from "node:crypto";
import { and, desc, eq, ilike, isNull, or } from "drizzle-orm";
import { type Curso, type DbOrTx, requireEnrolment } from "./enrolment.server";
import { lastUnitId } from "./viewer.server";
import { getDb } from "../db/index.server";
import { cursos, diplomas, user as users } from "../db/schema";
import { loadCertificateImage, renderDiplomaPdf } from "./diploma-pdf.server";
import { practiceMissing, practiceRequirementMet } from "./practice.server";
import { scheduleRenewalReminder } from "./diploma-renewal.server";
import type { SessionUser } from "../session.server";

export type Diploma = typeof diplomas.$inferSelect;

export const DIPLOMA_FILENAME = "certificado_michel.pdf";

export const DIPLOMA_NOT_EARNED = {
  exam: "Para obtener tu diploma es necesario obtener una calificacion perfecta.",
  units: "Termina todas las unidades del curso para obtener tu diploma.",
} as const;

// No 0/O, 1/I/L: the code is read off paper and typed by hand.
const CODE_ALPHABET = "ABCDEFGHJKMNPQRSTUVWXYZ23456789";
const CODE_LENGTH = 8;

export function newDiplomaCode(): string {
  let code = "";
  for (let i = 0; i < CODE_LENGTH; i++) code += CODE_ALPHABET[randomInt(CODE_ALPHABET.length)];
  return code;
}

export async function findDiploma(userId: string, cursoId: string, db: DbOrTx = getDb()): Promise<Diploma | null> {
  const [row] = await db
    .select()
    .from(diplomas)
    .where(and(eq(diplomas.userId, userId), eq(diplomas.cursoId, cursoId)))
    .limit(1);
  return row ?? null;
}

/**
 * Records an earned diploma with the student's name and the course's title of this moment;
 * earning it again keeps the first one (its code, date, name and title). Null while the
 * course's practice work is not all approved (practice.server.ts, ADR 045).
 */
export async function issueDiploma(
  db: DbOrTx,
  earned: { userId: string; cursoId: string; nombre: string },
): Promise<Diploma | null> {
  if (!(await practiceRequirementMet(db, earned.userId, earned.cursoId))) return null;
  const [curso] = await db
    .select({ titulo: cursos.titulo, vigenciaMeses: cursos.vigenciaMeses })
    .from(cursos)
    .where(eq(cursos.id, earned.cursoId));
  const emitidoEn = new Date();
  const venceEn = curso?.vigenciaMeses ? addMonths(emitidoEn, curso.vigenciaMeses) : null;
  // the row and its renewal reminder together: both or neither (ADR 047)
  const created = await db.transaction(async (tx) => {
    const [row] = await tx
      .insert(diplomas)
      .values({ id: newDiplomaCode(), ...earned, cursoTitulo: curso?.titulo ?? "", emitidoEn, venceEn })
      .onConflictDoNothing({ target: [diplomas.userId, diplomas.cursoId] })
      .returning();
    if (row?.venceEn) await scheduleRenewalReminder(tx, row.id, row.venceEn);
    return row;
  });
  if (created) return created;
  const existing = await findDiploma(earned.userId, earned.cursoId, db);
  if (!existing) throw new Error("No se pudo registrar el diploma.");
  return existing;
}

/** The same day `months` later (the month's last day when it has fewer days), in UTC. */
export function addMonths(from: Date, months: number): Date {
  const d = new Date(from);
  const day = d.getUTCDate();
  d.setUTCDate(1);
  d.setUTCMonth(d.getUTCMonth() + months);
  const last = new Date(Date.UTC(d.getUTCFullYear(), d.getUTCMonth() + 1, 0)).getUTCDate();
  d.setUTCDate(Math.min(day, last));
  return d;
}

/**
 * A course without exam is completed by reaching its last unit: the viewer calls this
 * whenever a unit is opened, and the diploma is issued on the last one.
 */
export async function noteUnitReached(
  user: { id: string; name: string },
  curso: Pick<Curso, "id" | "examen">,
  unidadId: string,
): Promise<Diploma | null> {
  if (curso.examen) return null;
  if ((await lastUnitId(curso.id)) !== unidadId) return null;
  return issueDiploma(getDb(), { userId: user.id, cursoId: curso.id, nombre: user.name });
}

/**
 * Guard of the diploma download: enrolled (else redirect home) and earned (else 403 with
 * the spec's reason). Returns what the PDF needs.
 */
export async function requireEarnedDiploma(request: Request, cursoId: string) {
  const { user, curso, ultimaUnidadId } = await requireEnrolment(request, cursoId);
  let diploma = await findDiploma(user.id, cursoId);
  if (!diploma && !curso.examen && ultimaUnidadId) {
    diploma = await noteUnitReached(user, curso, ultimaUnidadId);
  }
  if (!diploma) {
    const practica = await practiceMissing(user.id, cursoId);
    throw new Response(practica ?? (curso.examen ? DIPLOMA_NOT_EARNED.exam : DIPLOMA_NOT_EARNED.units), {
      status: 403,
      headers: { "Content-Type": "text/plain; charset=utf-8" },
    });
  }
  return { user, curso, diploma };
}

export type DiplomaState = "vigente" | "revocado" | "vencido";

/** A folio as printed: the 8-character code (older and newer diplomas alike). */
export const FOLIO_PATTERN = /^[A-Z2-9]{8}$/;

/** A diploma's state at `now`: revoked wins over expired. */
export function diplomaState(d: { revocadoEn: Date | null; venceEn: Date | null }, now = new Date()): DiplomaState {
  if (d.revocadoEn) return "revocado";
  if (d.venceEn && d.venceEn.getTime() <= now.getTime()) return "vencido";
  return "vigente";
}

/** The public verification page's data: the name, course, date and state it was issued with, or null. */
export async function verifyDiploma(codigo: string, now = new Date()) {
  const code = codigo.trim().toUpperCase();
  if (!FOLIO_PATTERN.test(code)) return null;
  const [row] = await getDb()
    .select({
      codigo: diplomas.id,
      nombre: diplomas.nombre,
      curso: diplomas.cursoTitulo,
      cursoActual: cursos.titulo,
      emitidoEn: diplomas.emitidoEn,
      venceEn: diplomas.venceEn,
      revocadoEn: diplomas.revocadoEn,
    })
    .from(diplomas)
    .innerJoin(cursos, eq(cursos.id, diplomas.cursoId))
    .where(eq(diplomas.id, code))
    .limit(1);
  if (!row) return null;
  const { cursoActual, ...issued } = row;
  return { ...issued, curso: issued.curso || cursoActual, estado: diplomaState(row, now) };
}

export const DIPLOMA_REVOKED = "Este diploma fue revocado y ya no puede descargarse.";

/**
 * Revokes a diploma (the admin): who, when and why. Its PDF is refused from then on and the
 * public check says 'Revocado'. Answers false when it is unknown or already revoked.
 */
export async function revokeDiploma(
  db: DbOrTx,
  admin: Pick<SessionUser, "id" | "email">,
  folio: string,
  motivo: string,
): Promise<boolean> {
  const rows = await db
    .update(diplomas)
    .set({ revocadoEn: new Date(), revocadoPor: admin.id, revocadoPorCorreo: admin.email, motivoRevocacion: motivo })
    .where(and(eq(diplomas.id, folio), isNull(diplomas.revocadoEn)))
    .returning({ id: diplomas.id });
  return rows.length > 0;
}

/** Diplomas for the admin, newest first, optionally of one course or one student. */
export async function listDiplomas(
  db: DbOrTx,
  filter: { cursoId?: string; userId?: string; q?: string } = {},
  now = new Date(),
) {
  const term = (filter.q ?? "").trim().slice(0, 100).replace(/[\\%_]/g, "\\$&");
  const rows = await db
    .select({ diploma: diplomas, correo: users.email })
    .from(diplomas)
    .innerJoin(users, eq(users.id, diplomas.userId))
    .where(
      and(
        filter.cursoId ? eq(diplomas.cursoId, filter.cursoId) : undefined,
        filter.userId ? eq(diplomas.userId, filter.userId) : undefined,
        term ? or(ilike(users.email, `%${term}%`), ilike(diplomas.nombre, `%${term}%`), eq(diplomas.id, term.toUpperCase())) : undefined,
      ),
    )
    .orderBy(desc(diplomas.emitidoEn))
    .limit(300);
  return rows.map(({ diploma: d, correo }) => ({
    folio: d.id,
    nombre: d.nombre,
    correo,
    cursoId: d.cursoId,
    curso: d.cursoTitulo,
    emitidoEn: d.emitidoEn,
    venceEn: d.venceEn,
    revocado: d.revocadoEn
      ? { en: d.revocadoEn, por: d.revocadoPorCorreo ?? "", motivo: d.motivoRevocacion ?? "" }
      : null,
    estado: diplomaState(d, now),
  }));
}

/** The PDF download response of an earned diploma: the name and course title it was issued with. */
export async function diplomaResponse(diploma: Diploma, curso: Curso): Promise<Response> {
  // a revoked diploma is not handed out as valid: refused, with the reason in Spanish (ADR 047)
  if (diploma.revocadoEn) {
    return new Response(DIPLOMA_REVOKED, { status: 403, headers: { "Content-Type": "text/plain; charset=utf-8" } });
  }
  const pdf = await renderDiplomaPdf({
    nombre: diploma.nombre,
    curso: diploma.cursoTitulo || curso.titulo,
    fecha: diploma.emitidoEn,
    codigo: diploma.id,
    imagen: await loadCertificateImage(curso.certificadoUrl),
  });
  return new Response(Buffer.from(pdf), {
    headers: {
      "Content-Type": "application/pdf",
      "Content-Disposition": `attachment; filename="${DIPLOMA_FILENAME}"`,
      "Cache-Control": "private, no-store",
    },
  });
}

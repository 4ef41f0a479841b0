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
import { and, eq } from "drizzle-orm";
import { type Curso, type DbOrTx, requireEnrolment } from "./enrolment.server";
import { lastUnitId } from "./viewer.server";
import { getDb } from "../db/index.server";
import { cursos, diplomas } from "../db/schema";
import { loadCertificateImage, renderDiplomaPdf } from "./diploma-pdf.server";
import { practiceMissing, practiceRequirementMet } from "./practice.server";

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
  const [curso] = await db.select({ titulo: cursos.titulo }).from(cursos).where(eq(cursos.id, earned.cursoId));
  const [created] = await db
    .insert(diplomas)
    .values({ id: newDiplomaCode(), ...earned, cursoTitulo: curso?.titulo ?? "" })
    .onConflictDoNothing({ target: [diplomas.userId, diplomas.cursoId] })
    .returning();
  if (created) return created;
  const existing = await findDiploma(earned.userId, earned.cursoId, db);
  if (!existing) throw new Error("No se pudo registrar el diploma.");
  return existing;
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

/** The public verification page's data: the name, course and date it was issued with, or null. */
export async function verifyDiploma(codigo: string) {
  const code = codigo.trim().toUpperCase();
  if (!/^[A-Z0-9]{4,16}$/.test(code)) return null;
  const [row] = await getDb()
    .select({
      codigo: diplomas.id,
      nombre: diplomas.nombre,
      curso: diplomas.cursoTitulo,
      cursoActual: cursos.titulo,
      emitidoEn: diplomas.emitidoEn,
    })
    .from(diplomas)
    .innerJoin(cursos, eq(cursos.id, diplomas.cursoId))
    .where(eq(diplomas.id, code))
    .limit(1);
  if (!row) return null;
  const { cursoActual, ...issued } = row;
  return { ...issued, curso: issued.curso || cursoActual };
}

/** The PDF download response of an earned diploma: the name and course title it was issued with. */
export async function diplomaResponse(diploma: Diploma, curso: Curso): Promise<Response> {
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

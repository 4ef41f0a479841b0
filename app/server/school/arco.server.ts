/**
 * The school's part of a client's ARCO request (ADR 041; issue 31): what the academy keeps of
 * a student — her progress, her practice submissions with their photos, notes and the
 * instructor's verdicts, her questions under the units, the invitations sent to her address — for the export, and its erasure (the photo files are deleted by the
 * caller after its commit). The client record's module (clients/arco.server.ts) asks here
 * instead of reading the school's tables itself.
 */
import { asc, eq, inArray, sql } from "drizzle-orm";
import type { DbOrTx } from "../db/client.server";
import {
  cursos,
  dudas,
  invitacionesCurso,
  practicaEntregas,
  practicaFotos,
  unidades,
  unidadesTerminadas,
} from "../db/schema";

/** Her progress, practice work, questions and invitations, as plain rows for the export. */
export async function schoolDataOf(db: DbOrTx, userId: string, emails: readonly string[] = []) {
  const progreso = await db
    .select({
      curso: cursos.titulo,
      unidad: unidades.nombre,
      como: unidadesTerminadas.como,
      terminadaEn: unidadesTerminadas.terminadaEn,
    })
    .from(unidadesTerminadas)
    .innerJoin(unidades, eq(unidades.id, unidadesTerminadas.unidadId))
    .innerJoin(cursos, eq(cursos.id, unidadesTerminadas.cursoId))
    .where(eq(unidadesTerminadas.userId, userId))
    .orderBy(asc(unidadesTerminadas.terminadaEn));
  const entregas = await db
    .select({
      id: practicaEntregas.id,
      curso: cursos.titulo,
      unidad: unidades.nombre,
      nota: practicaEntregas.nota,
      estado: practicaEntregas.estado,
      comentario: practicaEntregas.comentario,
      enviadaEn: practicaEntregas.createdAt,
      revisadaEn: practicaEntregas.revisadaEn,
    })
    .from(practicaEntregas)
    .innerJoin(unidades, eq(unidades.id, practicaEntregas.unidadId))
    .innerJoin(cursos, eq(cursos.id, unidades.cursoId))
    .where(eq(practicaEntregas.userId, userId))
    .orderBy(asc(practicaEntregas.createdAt));
  const fotos = entregas.length
    ? await db
        .select({ entregaId: practicaFotos.entregaId, ref: practicaFotos.ref })
        .from(practicaFotos)
        .where(
          inArray(
            practicaFotos.entregaId,
            entregas.map((e) => e.id),
          ),
        )
        .orderBy(asc(practicaFotos.posicion), asc(practicaFotos.id))
    : [];
  const preguntas = await db
    .select({
      pregunta: dudas.texto,
      respuesta: dudas.respuesta,
      enviadaEn: dudas.createdAt,
      respondidaEn: dudas.respondidaEn,
    })
    .from(dudas)
    .where(eq(dudas.userId, userId))
    .orderBy(asc(dudas.createdAt));
  const invitaciones = emails.length
    ? await db
        .select({ curso: cursos.titulo, estado: invitacionesCurso.estado, enviadaEn: invitacionesCurso.createdAt })
        .from(invitacionesCurso)
        .innerJoin(cursos, eq(cursos.id, invitacionesCurso.cursoId))
        .where(inArray(sql`lower(${invitacionesCurso.correo})`, [...emails]))
    : [];
  return {
    progreso,
    preguntas,
    invitaciones,
    practicas: entregas.map(({ id, ...e }) => ({
      ...e,
      fotos: fotos.filter((f) => f.entregaId === id).map((f) => f.ref),
    })),
  };
}

/**
 * Deletes her progress and practice submissions in the caller's transaction; answers the photo
 * files to delete after the commit and how many rows went.
 */
export async function eraseSchoolData(
  tx: DbOrTx,
  userId: string,
  emails: readonly string[] = [],
): Promise<{ files: string[]; practicas: number }> {
  const fotos = await tx
    .select({ ref: practicaFotos.ref })
    .from(practicaFotos)
    .innerJoin(practicaEntregas, eq(practicaEntregas.id, practicaFotos.entregaId))
    .where(eq(practicaEntregas.userId, userId));
  const removed = await tx
    .delete(practicaEntregas)
    .where(eq(practicaEntregas.userId, userId))
    .returning({ id: practicaEntregas.id });
  await tx.delete(unidadesTerminadas).where(eq(unidadesTerminadas.userId, userId));
  await tx.delete(dudas).where(eq(dudas.userId, userId));
  if (emails.length)
    await tx.delete(invitacionesCurso).where(inArray(sql`lower(${invitacionesCurso.correo})`, [...emails]));
  return { files: fotos.map((f) => f.ref), practicas: removed.length };
}

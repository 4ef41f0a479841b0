/**
 * Admin: students (alumnas), one row per enrolment (inscripciones: a course bought online
 * or given by hand), newest first, searched by the student's name or e-mail and filtered by
 * course; paginated on the server (there can be thousands).
 */
import { and, count, desc, eq, ilike, or, sql } from "drizzle-orm";
import { isPlainId } from "~/domain/limits";
import { type Page, paginate, parsePage } from "~/domain/pagination";
import type { Db } from "../db/index.server";
import { cursos, inscripciones, user } from "../db/schema";
import { ADMIN_PER_PAGE, likePattern, searchTerm } from "./resource.server";

export type StudentFilter = { q: string; curso: string; pagina: number };

/** The list's filters from the URL; anything unexpected means 'no filter'. */
export function studentFilter(url: URL): StudentFilter {
  const curso = (url.searchParams.get("curso") ?? "").trim();
  return {
    q: searchTerm(url),
    curso: isPlainId(curso) ? curso : "",
    pagina: parsePage(url.searchParams.get("pagina")),
  };
}

export type StudentRow = {
  userId: string;
  nombre: string;
  correo: string;
  cursoId: string;
  curso: string;
  compraId: string | null;
  fecha: Date;
};

export async function listStudents(
  db: Db,
  filter: StudentFilter,
): Promise<{ rows: StudentRow[]; total: number; page: Page }> {
  const term = filter.q ? likePattern(filter.q) : null;
  const where = and(
    filter.curso ? eq(inscripciones.cursoId, filter.curso) : undefined,
    term ? or(ilike(user.name, term), ilike(user.email, term)) : undefined,
  );
  const counting = db.select({ n: count() }).from(inscripciones).$dynamic();
  const [counted] = await (term ? counting.innerJoin(user, eq(user.id, inscripciones.userId)) : counting).where(where);
  const total = counted?.n ?? 0;
  const page = paginate(total, filter.pagina, ADMIN_PER_PAGE);
  // The page's enrolments first, in order from the index alone (inscripciones_recientes holds
  // the whole order: created_at, user_id, curso_id), then only those joined to their student
  // and course: a far page skips index entries instead of joining every enrolment it skips.
  const picking = db
    .select({ userId: inscripciones.userId, cursoId: inscripciones.cursoId })
    .from(inscripciones)
    .$dynamic();
  const pageKeys = (term ? picking.innerJoin(user, eq(user.id, inscripciones.userId)) : picking)
    .where(where)
    .orderBy(desc(inscripciones.createdAt), desc(inscripciones.userId), desc(inscripciones.cursoId))
    .limit(ADMIN_PER_PAGE)
    .offset(page.offset);
  const rows = await db
    .select({
      userId: inscripciones.userId,
      nombre: user.name,
      correo: user.email,
      cursoId: inscripciones.cursoId,
      titulo: cursos.titulo,
      tituloExterior: cursos.tituloExterior,
      compraId: inscripciones.compraId,
      fecha: inscripciones.createdAt,
    })
    .from(inscripciones)
    .innerJoin(user, eq(user.id, inscripciones.userId))
    .innerJoin(cursos, eq(cursos.id, inscripciones.cursoId))
    .where(sql`(${inscripciones.userId}, ${inscripciones.cursoId}) in (${pageKeys})`)
    .orderBy(desc(inscripciones.createdAt), desc(inscripciones.userId), desc(inscripciones.cursoId));
  return {
    rows: rows.map(({ titulo, tituloExterior, ...r }) => ({ ...r, curso: tituloExterior || titulo })),
    total,
    page,
  };
}

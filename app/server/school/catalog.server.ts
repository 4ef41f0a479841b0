/**
 * The school's public reads: the course cards of /cursos and the home page, an online
 * course's page (units and video titles only: video files and their URLs never leave the
 * viewer, school/viewer.server.ts), and the in-person course pages. Read-only.
 */
import { and, asc, eq } from "drizzle-orm";
import type { CourseCard, CourseUnit } from "~/domain/catalog";
import type { InPersonCourseText } from "~/domain/content";
import { inPersonCoursePath, inPersonCourseText } from "../content.server";
import { getDb } from "../db/index.server";
import { cursos, unidadVideos, unidades } from "../db/schema";

export type { CourseCard, CourseUnit } from "~/domain/catalog";

const courseCardColumns = {
  id: cursos.id,
  tipo: cursos.tipo,
  titulo: cursos.titulo,
  tituloExterior: cursos.tituloExterior,
  descripcion: cursos.descripcion,
  imagenExterior: cursos.imagenExterior,
  imagenInterior: cursos.imagenInterior,
  precio: cursos.precio,
  precioDescuento: cursos.precioDescuento,
  horas: cursos.horas,
  duracion: cursos.duracion,
};

/** Where a course's card links: its page, or null for an in-person course without one. */
function withPage<T extends { id: string; tipo: string }>(row: T): T & { pagina: string | null } {
  return { ...row, pagina: row.tipo === "online" ? `/cursos/${row.id}` : inPersonCoursePath(row.id) };
}

/** Published online courses (SPEC §7: publicado true and tipo online). */
export async function listOnlineCourses(): Promise<CourseCard[]> {
  const rows = await getDb()
    .select(courseCardColumns)
    .from(cursos)
    .where(and(eq(cursos.publicado, true), eq(cursos.tipo, "online")))
    .orderBy(asc(cursos.posicion), asc(cursos.titulo));
  return rows.map(withPage);
}

/** In-person courses ordered by posicion (SPEC §7). */
export async function listInPersonCourses(): Promise<CourseCard[]> {
  const rows = await getDb()
    .select(courseCardColumns)
    .from(cursos)
    .where(eq(cursos.tipo, "presencial"))
    .orderBy(asc(cursos.posicion), asc(cursos.titulo));
  return rows.map(withPage);
}

export type OnlineCourse = typeof cursos.$inferSelect & { unidades: CourseUnit[] };

/** A published online course with its units (titles only) and reviews; null otherwise. */
export async function getOnlineCourse(id: string): Promise<OnlineCourse | null> {
  const db = getDb();
  const [course] = await db
    .select()
    .from(cursos)
    .where(and(eq(cursos.id, id), eq(cursos.tipo, "online"), eq(cursos.publicado, true)))
    .limit(1);
  if (!course) return null;
  // Its reviews are not part of the course: the page lists the newest through listReviews.
  // Its units and their videos' titles in one query (a unit without videos comes once, no video).
  const rows = await db
    .select({
      id: unidades.id,
      nombre: unidades.nombre,
      titulo: unidadVideos.titulo,
      descripcion: unidadVideos.descripcion,
    })
    .from(unidades)
    .leftJoin(unidadVideos, eq(unidadVideos.unidadId, unidades.id))
    .where(eq(unidades.cursoId, id))
    .orderBy(asc(unidades.posicion), asc(unidades.id), asc(unidadVideos.posicion), asc(unidadVideos.id));
  const units = new Map<string, CourseUnit>();
  for (const { id: unitId, nombre, titulo, descripcion } of rows) {
    const unit = units.get(unitId) ?? { id: unitId, nombre, videos: [] };
    units.set(unitId, unit);
    if (titulo !== null) unit.videos.push({ titulo, descripcion: descripcion ?? "" });
  }
  return { ...course, unidades: [...units.values()] };
}

/**
 * The facts of an in-person course (hours, duration, dates, place, group, requirements, kit,
 * diploma, price): the catalogue row is their one source, read by its card and its page alike.
 */
export type InPersonCourse = CourseCard & {
  fechaInicio: string;
  /** where it is taught (the export's `online` field, e.g. 'Presencial en Guadalajara') */
  sede: string;
  alumnos: string;
  requisitos: string;
  certificado: string;
  kit: string;
};

/** The catalogue row of an in-person course, or null. */
export async function getInPersonCourse(id: string): Promise<InPersonCourse | null> {
  const [row] = await getDb()
    .select({
      ...courseCardColumns,
      fechaInicio: cursos.fechaInicio,
      sede: cursos.online,
      alumnos: cursos.alumnos,
      requisitos: cursos.requisitos,
      certificado: cursos.certificado,
      kit: cursos.kit,
    })
    .from(cursos)
    .where(and(eq(cursos.id, id), eq(cursos.tipo, "presencial")))
    .limit(1);
  return row ? withPage(row) : null;
}

/**
 * An in-person course page (SPEC §2: only five courses have one): the catalogue's facts and
 * the page's marketing text (content/cursos-presenciales/{id}.md). Null, a 404, unless both exist.
 */
export async function getInPersonCoursePage(
  id: string,
): Promise<{ course: InPersonCourse; text: InPersonCourseText } | null> {
  const text = inPersonCourseText(id);
  if (!text) return null;
  const course = await getInPersonCourse(id);
  return course ? { course, text } : null;
}

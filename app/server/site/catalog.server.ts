/**
 * Reads for the public pages (home, services, gallery, course pages). Read-only: nothing here
 * writes. Course video URLs never leave this module: the public course page only needs unit
 * and video titles.
 */
import { and, asc, eq, sql } from "drizzle-orm";
import type { CourseCard, CourseUnit, GalleryImage, ServiceDetail, ServiceSummary } from "~/domain/catalog";
import type { InPersonCourseText } from "~/domain/content";
import { GALLERY_PAGE_SIZE } from "~/domain/pagination";
import { inPersonCoursePath, inPersonCourseText } from "../content.server";
import { getDb } from "../db/index.server";
import { featuredProducts } from "../shop/catalog.server";
import { env } from "../env.server";
import { cursos, servicioImagenes, servicios, unidadVideos, unidades } from "../db/schema";
import { readSiteMedia, type SiteMedia } from "./media.server";

export type { CourseCard, CourseUnit, GalleryImage, ServiceDetail, ServiceSummary } from "~/domain/catalog";

// ---------------------------------------------------------------- services


export async function listServices(): Promise<ServiceSummary[]> {
  return getDb()
    .select({ id: servicios.id, nombre: servicios.nombre, slogan: servicios.slogan, urlImagen: servicios.urlImagen })
    .from(servicios)
    .orderBy(asc(servicios.posicion), asc(servicios.nombre));
}


export async function getService(id: string): Promise<ServiceDetail | null> {
  const [row] = await getDb().select().from(servicios).where(eq(servicios.id, id)).limit(1);
  return row ?? null;
}

// ---------------------------------------------------------------- gallery


export type GalleryPage = {
  images: GalleryImage[];
  /** how many pages of GALLERY_PAGE_SIZE are shown */
  paginas: number;
  /** images of this filter in total */
  total: number;
  /** false once every image is shown: the page then says 'Sin Imagenes' */
  hayMas: boolean;
};

/** A hand-edited `?pagina=` can ask for at most this many pages at once. */
const MAX_GALLERY_PAGES = 100;

/**
 * The first `paginas` pages of the gallery, optionally of one service. Pages accumulate
 * ('Ver más...' appends the next 6), so a link to `?pagina=3` shows pages 1 to 3: the same
 * screen with or without JavaScript.
 */
export async function galleryPages(servicioId: string | null, paginas: number): Promise<GalleryPage> {
  const db = getDb();
  const shown = Math.min(Math.max(Math.trunc(paginas) || 1, 1), MAX_GALLERY_PAGES);
  const filter = servicioId ? eq(servicioImagenes.servicioId, servicioId) : undefined;
  const [images, [{ total }]] = await Promise.all([
    db
      .select({
        id: servicioImagenes.id,
        servicioId: servicioImagenes.servicioId,
        nombre: servicioImagenes.nombre,
        url: servicioImagenes.url,
        ancho: servicioImagenes.ancho,
        alto: servicioImagenes.alto,
      })
      .from(servicioImagenes)
      .innerJoin(servicios, eq(servicios.id, servicioImagenes.servicioId))
      .where(filter)
      .orderBy(
        asc(servicios.posicion),
        asc(servicioImagenes.servicioId),
        asc(servicioImagenes.posicion),
        asc(servicioImagenes.id),
      )
      .limit(shown * GALLERY_PAGE_SIZE),
    db.select({ total: sql<number>`count(*)::int` }).from(servicioImagenes).where(filter),
  ]);
  return { images, paginas: shown, total, hayMas: images.length < total };
}

/**
 * A preview for the home page: the first image of each service in turn, so that every
 * service shows before one repeats.
 */
export async function galleryPreview(count: number): Promise<GalleryImage[]> {
  const rows = await getDb()
    .select({
      id: servicioImagenes.id,
      servicioId: servicioImagenes.servicioId,
      nombre: servicioImagenes.nombre,
      url: servicioImagenes.url,
      ancho: servicioImagenes.ancho,
      alto: servicioImagenes.alto,
      rank: sql<number>`row_number() over (partition by ${servicioImagenes.servicioId} order by ${servicioImagenes.posicion}, ${servicioImagenes.id})`.as(
        "rank",
      ),
      servicioPosicion: servicios.posicion,
    })
    .from(servicioImagenes)
    .innerJoin(servicios, eq(servicios.id, servicioImagenes.servicioId));
  return rows
    .sort(
      (a, b) => a.rank - b.rank || a.servicioPosicion - b.servicioPosicion || a.servicioId.localeCompare(b.servicioId),
    )
    .slice(0, count)
    .map(({ rank: _r, servicioPosicion: _p, ...image }) => image);
}

// ---------------------------------------------------------------- courses


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

// ---------------------------------------------------------------- site media

export type { SiteImage, SiteMedia } from "./media.server";

/** Hero image, studio video and facilities photos (ajustes 'sitio'; none when unset). */
export function siteMedia(): Promise<SiteMedia> {
  return readSiteMedia(getDb());
}

/** What a page's meta tags need from the server: the public origin and a default preview image. */
export async function pageSeo(image?: string): Promise<{ origin: string; image: string }> {
  return { origin: env.publicUrl, image: image || (await siteMedia()).hero };
}

// ---------------------------------------------------------------- home

export async function homeSections() {
  const [media, services, products, online, inPerson, gallery] = await Promise.all([
    siteMedia(),
    listServices(),
    featuredProducts(getDb(), 12),
    listOnlineCourses(),
    listInPersonCourses(),
    galleryPreview(6),
  ]);
  return { media, services, products, courses: [...online, ...inPerson], gallery };
}

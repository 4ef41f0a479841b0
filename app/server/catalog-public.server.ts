/**
 * Reads for the public pages (home, services, gallery, course pages). Read-only: nothing here
 * writes. Course video URLs never leave this module: the public course page only needs unit
 * and video titles.
 */
import fs from "node:fs/promises";
import path from "node:path";
import { and, asc, desc, eq, inArray, sql } from "drizzle-orm";
import type { CourseCard, CourseUnit, GalleryImage, ServiceDetail, ServiceSummary } from "~/domain/catalog";
import { GALLERY_PAGE_SIZE } from "~/domain/pagination";
import { getDb } from "./db/index.server";
import { featuredProducts } from "./shop/catalog.server";
import { env } from "./env.server";
import {
  ajustes,
  comentarios,
  cursos,
  servicioImagenes,
  servicios,
  unidadVideos,
  unidades,
} from "./db/schema";

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

/** Published online courses (SPEC §7: publicado true and tipo online). */
export async function listOnlineCourses(): Promise<CourseCard[]> {
  return getDb()
    .select(courseCardColumns)
    .from(cursos)
    .where(and(eq(cursos.publicado, true), eq(cursos.tipo, "online")))
    .orderBy(asc(cursos.posicion), asc(cursos.titulo));
}

/** In-person courses ordered by posicion (SPEC §7). */
export async function listInPersonCourses(): Promise<CourseCard[]> {
  return getDb()
    .select(courseCardColumns)
    .from(cursos)
    .where(eq(cursos.tipo, "presencial"))
    .orderBy(asc(cursos.posicion), asc(cursos.titulo));
}


export type CourseReview = { id: number; nombre: string; comentarios: string; calificacion: number; fecha: Date };

export type OnlineCourse = typeof cursos.$inferSelect & { unidades: CourseUnit[]; comentarios: CourseReview[] };

/** A published online course with its units (titles only) and reviews; null otherwise. */
export async function getOnlineCourse(id: string): Promise<OnlineCourse | null> {
  const db = getDb();
  const [course] = await db
    .select()
    .from(cursos)
    .where(and(eq(cursos.id, id), eq(cursos.tipo, "online"), eq(cursos.publicado, true)))
    .limit(1);
  if (!course) return null;
  const [units, reviews] = await Promise.all([
    db
      .select({ id: unidades.id, nombre: unidades.nombre })
      .from(unidades)
      .where(eq(unidades.cursoId, id))
      .orderBy(asc(unidades.posicion), asc(unidades.id)),
    db
      .select({
        id: comentarios.id,
        nombre: comentarios.nombre,
        comentarios: comentarios.comentarios,
        calificacion: comentarios.calificacion,
        fecha: comentarios.fecha,
      })
      .from(comentarios)
      .where(eq(comentarios.cursoId, id))
      .orderBy(desc(comentarios.fecha), desc(comentarios.id)),
  ]);
  const videos = units.length
    ? await db
        .select({ unidadId: unidadVideos.unidadId, titulo: unidadVideos.titulo, descripcion: unidadVideos.descripcion })
        .from(unidadVideos)
        .where(
          inArray(
            unidadVideos.unidadId,
            units.map((u) => u.id),
          ),
        )
        .orderBy(asc(unidadVideos.posicion), asc(unidadVideos.id))
    : [];
  return {
    ...course,
    unidades: units.map((u) => ({
      ...u,
      videos: videos.filter((v) => v.unidadId === u.id).map(({ titulo, descripcion }) => ({ titulo, descripcion })),
    })),
    comentarios: reviews,
  };
}

/** The row of an in-person course, if the catalogue has it (its page text lives in code). */
export async function getInPersonCourse(id: string): Promise<CourseCard | null> {
  const [row] = await getDb()
    .select(courseCardColumns)
    .from(cursos)
    .where(and(eq(cursos.id, id), eq(cursos.tipo, "presencial")))
    .limit(1);
  return row ?? null;
}

// ---------------------------------------------------------------- site media

export type SiteImage = { url: string; nombre: string; ancho: number | null; alto: number | null };

export type SiteMedia = {
  hero: string;
  heroAncho: number;
  heroAlto: number;
  video: string;
  poster: string;
  instalaciones: SiteImage[];
};

/** The `_sitio` block of an export: hero, studio video with poster, facilities photos. */
type SitioExport = {
  hero?: string;
  heroAncho?: number;
  heroAlto?: number;
  video?: string;
  poster?: string;
  instalaciones?: { url: string; titulo?: string; nombre?: string; width?: number; height?: number }[];
};

function toSiteMedia(value: SitioExport): SiteMedia {
  return {
    hero: value.hero ?? "",
    heroAncho: value.heroAncho ?? 1600,
    heroAlto: value.heroAlto ?? 1000,
    video: value.video ?? "",
    poster: value.poster ?? value.hero ?? "",
    instalaciones: (value.instalaciones ?? [])
      .filter((image) => typeof image?.url === "string" && image.url !== "")
      .map((image) => ({
        url: image.url,
        nombre: image.titulo ?? image.nombre ?? "",
        ancho: image.width ?? null,
        alto: image.height ?? null,
      })),
  };
}

let demoSitio: Promise<SitioExport> | undefined;

/** `_sitio` of the demo export (seed/demo.json), read once; {} when there is none. */
function readDemoSitio(): Promise<SitioExport> {
  demoSitio ??= fs
    .readFile(path.join(process.cwd(), "seed", "demo.json"), "utf8")
    .then((text) => (JSON.parse(text) as { _sitio?: SitioExport })._sitio ?? {})
    .catch(() => ({}));
  return demoSitio;
}

/**
 * Hero image, studio video and facilities photos. The studio's own choice, when set, lives in
 * ajustes under 'sitio' (same shape as the export's `_sitio`); otherwise the demo export's.
 */
export async function siteMedia(): Promise<SiteMedia> {
  const [row] = await getDb().select({ valor: ajustes.valor }).from(ajustes).where(eq(ajustes.clave, "sitio")).limit(1);
  if (row?.valor && typeof row.valor === "object") return toSiteMedia(row.valor as SitioExport);
  if (!env.seedDemo) return toSiteMedia({});
  return toSiteMedia(await readDemoSitio());
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

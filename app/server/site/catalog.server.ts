/**
 * Reads for the public pages of the studio itself (home, services, gallery, site media, meta
 * tags). Read-only: nothing here writes. The courses' public reads are the school's
 * (school/catalog.server.ts); the products' are the shop's (shop/catalog.server.ts).
 */
import { asc, eq, ne, sql } from "drizzle-orm";
import { VALORACION_ID } from "~/domain/contraindications";
import type { GalleryImage, ServiceDetail, ServiceSummary } from "~/domain/catalog";
import { GALLERY_PAGE_SIZE } from "~/domain/pagination";
import { getDb } from "../db/index.server";
import { featuredProducts } from "../shop/catalog.server";
import { env } from "../env.server";
import { servicioImagenes, servicios } from "../db/schema";
import { listInPersonCourses, listOnlineCourses } from "../school/catalog.server";
import { readSiteMedia, type SiteMedia } from "./media.server";

export type { GalleryImage, ServiceDetail, ServiceSummary } from "~/domain/catalog";

// ---------------------------------------------------------------- services


export async function listServices(): Promise<ServiceSummary[]> {
  return getDb()
    .select({ id: servicios.id, nombre: servicios.nombre, slogan: servicios.slogan, urlImagen: servicios.urlImagen })
    .from(servicios)
    .where(ne(servicios.id, VALORACION_ID))
    .orderBy(asc(servicios.posicion), asc(servicios.nombre));
}


export async function getService(id: string): Promise<ServiceDetail | null> {
  // the free valoración is booked (/agendar/valoracion), not a service with a page of its own
  if (id === VALORACION_ID) return null;
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

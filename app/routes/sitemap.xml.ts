import { ne, sql } from "drizzle-orm";
import { VALORACION_ID } from "~/domain/contraindications";
import { bookableTreatments } from "~/server/booking/booking.server";
import { contentPages, inPersonCoursePath } from "~/server/content.server";
import { queryRows } from "~/server/db/client.server";
import { getDb } from "~/server/db/index.server";
import { categorias, cursos, servicios } from "~/server/db/schema";
import { env } from "~/server/env.server";

/** Products per query while the sitemap streams (keyset on id: no OFFSET, no whole list). */
export const SITEMAP_BATCH = 1_000;

/**
 * Ids that are their own URL path segment and need no XML escape (`encodeURI` leaves them
 * as they are): the database writes their <url> lines itself. Any other id (an imported one
 * with a space, an accent, an ampersand) comes back apart and is written here.
 */
const PLAIN_ID = "^[A-Za-z0-9._~-]+$";

const XML_ESCAPES: Record<string, string> = { "&": "&amp;", "<": "&lt;", ">": "&gt;", "'": "&apos;", '"': "&quot;" };
const escapeXml = (text: string) => text.replace(/[&<>'"]/g, (c) => XML_ESCAPES[c]!);

/**
 * The public pages for search engines; private pages (visits, account) are left out. Pages
 * whose text lives in content/ (legal pages, in-person courses) carry its date as <lastmod>.
 * Streamed: the fixed pages, services, categories and courses first, then the products a
 * batch at a time, so a catalogue of any size never sits whole in memory.
 */
export async function loader() {
  const db = getDb();
  const [services, categories, courses, treatments] = await Promise.all([
    db.select({ id: servicios.id }).from(servicios).where(ne(servicios.id, VALORACION_ID)),
    db.select({ id: categorias.id }).from(categorias),
    db.select({ id: cursos.id, tipo: cursos.tipo, publicado: cursos.publicado }).from(cursos),
    bookableTreatments(db),
  ]);
  const paths = [
    "/",
    "/nosotros",
    "/Contacto",
    "/servicios",
    "/galeria",
    "/categorias",
    "/cursos",
    "/aviso-de-privacidad",
    "/terminos-y-condiciones",
    ...services.map((s) => `/servicios/${s.id}`),
    // The booking pages (issue 27): the list and each bookable treatment's calendar.
    ...(treatments.length > 0 ? ["/agendar", ...treatments.map((t) => `/agendar/${t.id}`)] : []),
    ...categories.map((c) => `/productos/${c.id}`),
    // Published online courses; in-person ones only when they have a page (SPEC §2), not 404s.
    ...courses.flatMap((c) =>
      c.tipo === "presencial" ? (inPersonCoursePath(c.id) ?? []) : c.publicado ? [`/cursos/${c.id}`] : [],
    ),
  ];
  const lastmod = new Map(contentPages().map((page) => [page.path, page.actualizado]));
  const base = env.publicUrl.replace(/\/$/, "");
  const url = (path: string) => {
    const date = lastmod.get(path);
    return `  <url><loc>${escapeXml(base + encodeURI(path))}</loc>${date ? `<lastmod>${date}</lastmod>` : ""}</url>\n`;
  };
  // a plain product's line, either side of its id
  const productLine = [`  <url><loc>${escapeXml(base)}/producto/`, "</loc></url>\n"] as const;
  const encoder = new TextEncoder();
  let after = "";
  let done = false;
  const body = new ReadableStream<Uint8Array>({
    start(controller) {
      controller.enqueue(
        encoder.encode(
          `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${paths.map(url).join("")}`,
        ),
      );
    },
    // One batch of products each time the reader wants more: one row back, its lines already
    // written by the database (no row objects, no per-product work here).
    async pull(controller) {
      if (done) return;
      const [batch] = await queryRows<{ lines: string | null; other: string[] | null; last: string | null; n: number }>(
        db,
        sql`select string_agg(case when id ~ ${PLAIN_ID} then ${productLine[0]} || id || ${productLine[1]} end, '' order by id) lines,
          array_agg(id order by id) filter (where id !~ ${PLAIN_ID}) other, max(id) last, count(*)::int n
          from (select id from productos where publicado and id > ${after} order by id limit ${SITEMAP_BATCH}) page`,
      );
      const n = Number(batch?.n ?? 0);
      if (n > 0) {
        after = batch!.last!;
        controller.enqueue(
          encoder.encode((batch!.lines ?? "") + (batch!.other ?? []).map((id) => url(`/producto/${id}`)).join("")),
        );
      }
      if (n < SITEMAP_BATCH) {
        done = true;
        controller.enqueue(encoder.encode("</urlset>\n"));
        controller.close();
      }
    },
  });
  return new Response(body, {
    headers: { "Content-Type": "application/xml; charset=utf-8", "Cache-Control": "public, max-age=3600" },
  });
}

import { and, asc, eq, gt } from "drizzle-orm";
import { contentPages, inPersonCoursePath } from "~/server/content.server";
import { getDb } from "~/server/db/index.server";
import { categorias, cursos, productos, servicios } from "~/server/db/schema";
import { env } from "~/server/env.server";

/** Products read per query while the sitemap streams (keyset on id: no OFFSET, no whole list). */
const BATCH = 500;

/**
 * The public pages for search engines; private pages (visits, account) are left out. Pages
 * whose text lives in content/ (legal pages, in-person courses) carry its date as <lastmod>.
 * Streamed: the fixed pages, services, categories and courses first, then the products a
 * batch at a time, so a catalogue of any size never sits whole in memory.
 */
export async function loader() {
  const db = getDb();
  const [services, categories, courses] = await Promise.all([
    db.select({ id: servicios.id }).from(servicios),
    db.select({ id: categorias.id }).from(categorias),
    db.select({ id: cursos.id, tipo: cursos.tipo, publicado: cursos.publicado }).from(cursos),
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
    return `  <url><loc>${base}${encodeURI(path)}</loc>${date ? `<lastmod>${date}</lastmod>` : ""}</url>\n`;
  };
  const encoder = new TextEncoder();
  let after: string | null = null;
  let done = false;
  const body = new ReadableStream<Uint8Array>({
    start(controller) {
      controller.enqueue(
        encoder.encode(
          `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${paths.map(url).join("")}`,
        ),
      );
    },
    // one batch of products each time the reader wants more
    async pull(controller) {
      if (done) return;
      const batch = await db
        .select({ id: productos.id })
        .from(productos)
        .where(
          after === null ? eq(productos.publicado, true) : and(eq(productos.publicado, true), gt(productos.id, after)),
        )
        .orderBy(asc(productos.id))
        .limit(BATCH);
      if (batch.length > 0) {
        after = batch[batch.length - 1]!.id;
        controller.enqueue(encoder.encode(batch.map((p) => url(`/producto/${p.id}`)).join("")));
      }
      if (batch.length < BATCH) {
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

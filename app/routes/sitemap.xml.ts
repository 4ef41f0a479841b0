import { eq } from "drizzle-orm";
import { contentPages, inPersonCoursePath } from "~/server/content.server";
import { getDb } from "~/server/db/index.server";
import { categorias, cursos, productos, servicios } from "~/server/db/schema";
import { env } from "~/server/env.server";

/**
 * The public pages for search engines; private pages (visits, account) are left out. Pages
 * whose text lives in content/ (legal pages, in-person courses) carry its date as <lastmod>.
 */
export async function loader() {
  const db = getDb();
  const [services, categories, products, courses] = await Promise.all([
    db.select({ id: servicios.id }).from(servicios),
    db.select({ id: categorias.id }).from(categorias),
    db.select({ id: productos.id }).from(productos).where(eq(productos.publicado, true)),
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
    ...products.map((p) => `/producto/${p.id}`),
    // Published online courses; in-person ones only when they have a page (SPEC §2), not 404s.
    ...courses.flatMap((c) =>
      c.tipo === "presencial" ? (inPersonCoursePath(c.id) ?? []) : c.publicado ? [`/cursos/${c.id}`] : [],
    ),
  ];
  const lastmod = new Map(contentPages().map((page) => [page.path, page.actualizado]));
  const base = env.publicUrl.replace(/\/$/, "");
  const url = (path: string) => {
    const date = lastmod.get(path);
    return `  <url><loc>${base}${encodeURI(path)}</loc>${date ? `<lastmod>${date}</lastmod>` : ""}</url>`;
  };
  const body = `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${paths
    .map(url)
    .join("\n")}\n</urlset>\n`;
  return new Response(body, {
    headers: { "Content-Type": "application/xml; charset=utf-8", "Cache-Control": "public, max-age=3600" },
  });
}

/**
 * The public site as its sitemap lists it, for the tests and the benchmarks that visit every
 * kind of public page (first-load JavaScript, `npm run bench:lighthouse`).
 */

/** The paths the sitemap of the server at `baseURL` lists, in its order. */
export async function sitemapPaths(baseURL: string): Promise<string[]> {
  const sitemap = await (await fetch(`${baseURL}/sitemap.xml`)).text();
  return [...sitemap.matchAll(/<loc>([^<]+)<\/loc>/g)].map((m) => decodeURI(new URL(m[1]).pathname));
}

/** The sitemap's first path that starts with `prefix` (the demo's first product, say). */
export async function firstSitemapPath(baseURL: string, prefix: string): Promise<string | undefined> {
  return (await sitemapPaths(baseURL)).find((path) => path.startsWith(prefix));
}

/**
 * Every kind of public page: one of each in the sitemap (a kind is a first segment at a depth:
 * `/cursos` and `/cursos/{id}` are two), and the cart (never listed) and /agendar (listed when
 * something is bookable online).
 */
export async function publicPages(baseURL: string): Promise<string[]> {
  const kinds = new Map<string, string>();
  for (const path of await sitemapPaths(baseURL)) {
    const segments = path.split("/").filter(Boolean);
    const kind = `${segments[0] ?? ""}/${segments.length}`;
    if (!kinds.has(kind)) kinds.set(kind, path);
  }
  return [...new Set([...kinds.values(), "/carrito", "/agendar"])];
}

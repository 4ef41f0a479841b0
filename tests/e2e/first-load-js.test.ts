/**
 * First-load JavaScript of the public pages (issue 13, ADR 019): every script a page's HTML
 * asks for before anyone touches it (the modules its start-up script preloads and imports,
 * after the first paint: ADR 026), as the server sends them to a browser that accepts gzip
 * (compressed at build time with Zopfli, ADR 026), against a budget per page. A size check
 * on the production build, not a timing: it fails when a change puts, say, a carousel library or the log-in code back into
 * every page. Same measure as `npm run bench:lighthouse`'s "first-load JS" column.
 *
 * The goal is 120 KiB on every public page (issue 13); React 19, React DOM and React Router alone
 * are 101.7 KiB, the shell 9.3. What a page shows below its first screen (the home's sections,
 * a product's reviews and related products, a course's reviews, /nosotros after its header)
 * comes when it comes into view (components/site/deferred.tsx, ADR 027), not here.
 */
import { describe, expect, inject, it } from "vitest";
import { gzipBytesSent } from "../support/sent-bytes";
import { firstSitemapPath, publicPages } from "../support/sitemap";

const baseURL = inject("baseURL");

const GOAL_KIB = 120;

/** The scripts of a page's first load, as its HTML names them. */
function scriptsOf(html: string): string[] {
  const urls = new Set<string>();
  for (const m of html.matchAll(/<script[^>]*\ssrc="([^"]+)"/g)) urls.add(m[1]);
  // the start-up script's preloads and React Router's imports it runs (hydrate-after-paint.server.ts)
  for (const m of html.matchAll(/\[("\/assets\/[^"]+\.js"(?:,"\/assets\/[^"]+\.js")*)\]/g))
    for (const url of JSON.parse(`[${m[1]}]`) as string[]) urls.add(url);
  for (const m of html.matchAll(/import(?:\s*\*\s*as\s+\w+\s+from)?\s*\(?\s*\\"(\/assets\/[^"\\]+\.js)\\"/g))
    urls.add(m[1]);
  return [...urls].filter((u) => u.startsWith("/"));
}

/** A page of the sitemap whose path starts with `prefix` (the demo's first product, say). */
async function sitemapPage(prefix: string): Promise<string> {
  const path = await firstSitemapPath(baseURL, prefix);
  expect(path, prefix).toBeTruthy();
  return path as string;
}

async function firstLoadKiB(path: string): Promise<{ kib: number; files: number }> {
  const response = await fetch(baseURL + path);
  expect(response.status).toBe(200);
  const scripts = scriptsOf(await response.text());
  let bytes = 0;
  for (const src of scripts) {
    const script = await gzipBytesSent(baseURL + src);
    expect(script.status, src).toBe(200);
    // every file comes compressed but where gzip is no smaller (the tiniest: checked above 512 bytes)
    if (script.bytes > 512) expect(script.encoding, src).toBe("gzip");
    bytes += script.bytes;
  }
  return { kib: bytes / 1024, files: scripts.length };
}

describe("first-load JavaScript (gzip)", () => {
  it("stays within each public page's budget", async () => {
    const pages = await publicPages(baseURL);
    const over: string[] = [];
    for (const page of pages) {
      const { kib, files } = await firstLoadKiB(page);
      expect(files).toBeGreaterThan(2);
      if (kib > GOAL_KIB) over.push(`${page}: ${kib.toFixed(1)} KiB > ${GOAL_KIB} KiB`);
    }
    expect(over).toEqual([]);
  });

  it("leaves what a page shows below its first screen for later", async () => {
    const product = await sitemapPage("/producto/");
    const checks: [string, RegExp][] = [
      ["/", /below-fold|products-section|courses-section|gallery-grid|map-block|course-card/],
      [product, /reviews-section|related-products|product-card/],
      ["/nosotros", /below-fold|gallery-grid|map-block/],
    ];
    for (const [page, later] of checks) {
      const html = await (await fetch(baseURL + page)).text();
      expect(scriptsOf(html).join(" "), page).not.toMatch(later);
      // the server's page is whole all the same
      expect(html, page).toContain("data-deferred=");
    }
  });

  it("keeps the log-in overlay, the lightbox and the auth client out of the first load", async () => {
    for (const page of ["/", "/galeria"]) {
      const html = await (await fetch(baseURL + page)).text();
      const names = scriptsOf(html).join(" ");
      expect(names).not.toMatch(/login-overlay|image-lightbox|auth-client|embla/);
    }
  });
});

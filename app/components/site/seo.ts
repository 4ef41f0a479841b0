/**
 * Page titles, descriptions, the canonical link and Open Graph tags as React Router meta
 * descriptors, so that every page reads well in search results and in a WhatsApp preview.
 * The pure parts (URLs, descriptions, schema.org objects) live in `~/domain/seo`. The origin
 * comes from a loader (PUBLIC_URL on the server), because a canonical link and a preview
 * need absolute URLs.
 */
import type { MetaDescriptor } from "react-router";
import type { Thing, WithContext } from "schema-dts";
import { site } from "~/config/site";
import { absoluteUrl, canonicalUrl, priceAmount, summary } from "~/domain/seo";

export type PageSeo = {
  /** the page's own title; the studio's name is appended */
  title: string;
  description: string;
  /** absolute origin, e.g. https://michelalvarez.mx */
  origin?: string;
  /** path of the page, e.g. /servicios/cejas (with `?pagina=2` on a listing's later pages) */
  path?: string;
  /** an image path (/media/...) or absolute URL for the preview */
  image?: string;
  /** a full title used as is (the home page) */
  fullTitle?: boolean;
  /** a product page: Open Graph type 'product' with its price (centavos) and stock */
  product?: { precio: number; available: boolean };
};

export function pageMeta(seo: PageSeo): MetaDescriptor[] {
  const title = seo.fullTitle ? seo.title : `${seo.title} | ${site.name}`;
  const description = summary(seo.description);
  const tags: MetaDescriptor[] = [
    { title },
    { name: "description", content: description },
    { property: "og:type", content: seo.product ? "product" : "website" },
    { property: "og:locale", content: "es_MX" },
    { property: "og:site_name", content: site.name },
    { property: "og:title", content: title },
    { property: "og:description", content: description },
    { name: "twitter:card", content: seo.image ? "summary_large_image" : "summary" },
  ];
  if (seo.origin && seo.path !== undefined) {
    const canonical = canonicalUrl(seo.origin, seo.path);
    tags.push({ tagName: "link", rel: "canonical", href: canonical }, { property: "og:url", content: canonical });
  }
  if (seo.image) {
    const image = absoluteUrl(seo.origin, seo.image);
    tags.push({ property: "og:image", content: image }, { property: "og:image:alt", content: title });
  }
  if (seo.product) {
    tags.push(
      { property: "product:price:amount", content: priceAmount(seo.product.precio) },
      { property: "product:price:currency", content: "MXN" },
      { property: "product:availability", content: seo.product.available ? "in stock" : "out of stock" },
    );
  }
  return tags;
}

/** The canonical link alone, for pages that write their other tags themselves (legal pages). */
export function canonicalLink(origin: string | undefined, path: string): MetaDescriptor[] {
  return origin ? [{ tagName: "link", rel: "canonical", href: canonicalUrl(origin, path) }] : [];
}

/** The public origin the root loader passes to every page (PUBLIC_URL). */
export function rootOrigin(matches: readonly ({ id: string; data?: unknown } | undefined)[]): string | undefined {
  const data = matches.find((m) => m?.id === "root")?.data as { origin?: unknown } | undefined;
  return typeof data?.origin === "string" ? data.origin : undefined;
}

/** The 404 page's own title, kept out of search results. */
export function notFoundMeta(robots = "noindex"): MetaDescriptor[] {
  return [{ title: `Página no encontrada | ${site.name}` }, { name: "robots", content: robots }];
}

/**
 * schema.org data for search engines, as React Router's `script:ld+json` meta descriptor. The
 * data is built by a loader with `~/domain/seo`'s typed builders (on the server: they stay out
 * of the browser's JavaScript) and reaches `meta` as plain JSON.
 */
export function structuredData(data: WithContext<Thing> | object): MetaDescriptor {
  return { "script:ld+json": data };
}

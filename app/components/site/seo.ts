/**
 * Page titles, descriptions and Open Graph tags, so that every page reads well in search
 * results and in a WhatsApp preview. Pure: the origin comes from the loader (PUBLIC_URL on
 * the server), because a preview needs an absolute image URL.
 */
import type { MetaDescriptor } from "react-router";
import { site } from "~/config/site";

export type PageSeo = {
  /** the page's own title; the studio's name is appended */
  title: string;
  description: string;
  /** absolute origin, e.g. https://michelalvarez.mx */
  origin?: string;
  /** path of the page, e.g. /servicios/cejas */
  path?: string;
  /** an image path (/media/...) or absolute URL for the preview */
  image?: string;
  /** a full title used as is (the home page) */
  fullTitle?: boolean;
};

/** Joins an origin and a path; an absolute URL or an empty value is returned as is. */
export function absoluteUrl(origin: string | undefined, pathOrUrl: string): string {
  if (!pathOrUrl || /^https?:\/\//i.test(pathOrUrl) || !origin) return pathOrUrl;
  return `${origin.replace(/\/+$/, "")}/${pathOrUrl.replace(/^\/+/, "")}`;
}

/** Shortens text for a meta description at a word boundary (search engines cut near 160). */
export function summary(text: string, max = 158): string {
  const clean = text.replace(/\s+/g, " ").trim();
  if (clean.length <= max) return clean;
  const cut = clean.slice(0, max - 1);
  const lastSpace = cut.lastIndexOf(" ");
  return `${(lastSpace > max / 2 ? cut.slice(0, lastSpace) : cut).replace(/[\s,.;:]+$/, "")}…`;
}

export function pageMeta(seo: PageSeo): MetaDescriptor[] {
  const title = seo.fullTitle ? seo.title : `${seo.title} | ${site.name}`;
  const description = summary(seo.description);
  const tags: MetaDescriptor[] = [
    { title },
    { name: "description", content: description },
    { property: "og:type", content: "website" },
    { property: "og:locale", content: "es_MX" },
    { property: "og:site_name", content: site.name },
    { property: "og:title", content: title },
    { property: "og:description", content: description },
    { name: "twitter:card", content: seo.image ? "summary_large_image" : "summary" },
  ];
  if (seo.origin && seo.path !== undefined) {
    tags.push({ property: "og:url", content: absoluteUrl(seo.origin, seo.path) });
  }
  if (seo.image) {
    const image = absoluteUrl(seo.origin, seo.image);
    tags.push({ property: "og:image", content: image }, { property: "og:image:alt", content: title });
  }
  return tags;
}

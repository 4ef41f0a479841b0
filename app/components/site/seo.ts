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

/** schema.org data for search engines, as React Router's `script:ld+json` meta descriptor. */
function structuredData(data: Record<string, unknown>): MetaDescriptor {
  return { "script:ld+json": { "@context": "https://schema.org", ...data } };
}

/** The studio as a local business: address, map point, hours, phone and social profiles. */
export function studioStructuredData(origin: string, image?: string): MetaDescriptor {
  const a = site.address;
  return structuredData({
    "@type": "BeautySalon",
    name: site.name,
    url: absoluteUrl(origin, "/"),
    image: image ? absoluteUrl(origin, image) : undefined,
    telephone: site.phoneHref.replace(/^tel:/, ""),
    email: site.email,
    priceRange: "$$",
    address: {
      "@type": "PostalAddress",
      streetAddress: `${a.street}, ${a.colonia}`,
      addressLocality: a.city,
      addressRegion: a.state,
      postalCode: a.postalCode,
      addressCountry: "MX",
    },
    geo: { "@type": "GeoCoordinates", latitude: site.map.lat, longitude: site.map.lng },
    openingHoursSpecification: site.hours.map((h) => ({
      "@type": "OpeningHoursSpecification",
      dayOfWeek: h.dayOfWeek,
      opens: h.opens,
      closes: h.closes,
    })),
    sameAs: Object.values(site.social),
  });
}

export type ProductForSearch = {
  id: string;
  nombre: string;
  marca: string | null;
  /** centavos */
  precio: number;
  cantidad: number;
  urlImagen: string | null;
  especificacion?: string | null;
};

/** A product with its offer (price in MXN, stock) and, when it has reviews, their rating. */
export function productStructuredData(
  product: ProductForSearch,
  origin: string,
  reviews: { average: number; count: number },
): MetaDescriptor {
  return structuredData({
    "@type": "Product",
    sku: product.id,
    name: product.nombre,
    brand: product.marca ? { "@type": "Brand", name: product.marca } : undefined,
    image: product.urlImagen ? absoluteUrl(origin, product.urlImagen) : undefined,
    description: product.especificacion ? summary(product.especificacion, 500) : undefined,
    offers: {
      "@type": "Offer",
      url: absoluteUrl(origin, `/producto/${product.id}`),
      priceCurrency: "MXN",
      price: (product.precio / 100).toFixed(2),
      availability: product.cantidad > 0 ? "https://schema.org/InStock" : "https://schema.org/OutOfStock",
    },
    aggregateRating:
      reviews.count > 0
        ? { "@type": "AggregateRating", ratingValue: reviews.average, reviewCount: reviews.count, bestRating: 5 }
        : undefined,
  });
}

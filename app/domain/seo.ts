/**
 * What search engines and link previews read about a page, as plain data: absolute and
 * canonical URLs, meta descriptions, and schema.org objects (typed with schema-dts) for the
 * studio, a product and a course. Pure: the origin (PUBLIC_URL) is always a parameter.
 * `app/components/site/seo.ts` turns these into React Router meta descriptors.
 */
import type {
  BeautySalon,
  Course,
  CourseInstance,
  Offer,
  Organization,
  PostalAddress,
  Product,
  Service,
  UnitPriceSpecification,
  WithContext,
} from "schema-dts";
import { site } from "~/config/site";
import { priceBefore } from "./catalog";
import { type CoursePriceInput, coursePrice } from "./course-price";

/** Joins an origin and a path; an absolute URL or an empty value is returned as is. */
export function absoluteUrl(origin: string | undefined, pathOrUrl: string): string {
  if (!pathOrUrl || /^https?:\/\//i.test(pathOrUrl) || !origin) return pathOrUrl;
  return `${origin.replace(/\/+$/, "")}/${pathOrUrl.replace(/^\/+/, "")}`;
}

/**
 * The page's one address for search engines: the public origin, the path, and of the query
 * only what changes the content in a way worth indexing (the listing's page, `pagina` > 1).
 * Filters, tracking and overlay parameters (`?login=1`, `utm_*`) are left out.
 */
export function canonicalUrl(origin: string, pathWithQuery: string): string {
  const url = new URL(pathWithQuery, "http://x");
  const pagina = Number(url.searchParams.get("pagina"));
  const query = Number.isInteger(pagina) && pagina > 1 ? `?pagina=${pagina}` : "";
  return absoluteUrl(origin, `${url.pathname}${query}`);
}

/**
 * Joins sentences into one text: each part trimmed, ended with a full stop unless it already
 * ends with one (or '!', '?', '…'), empty parts skipped. ("Cejas perfectas." + "La técnica"
 * → "Cejas perfectas. La técnica.", never "..")
 */
export function joinSentences(...parts: (string | null | undefined)[]): string {
  return parts
    .map((part) => (part ?? "").replace(/\s+/g, " ").trim())
    .filter(Boolean)
    .map((part) => (/[.!?…]$/.test(part) ? part : `${part.replace(/[,;:]+$/, "")}.`))
    .join(" ");
}

/** Shortens text for a meta description at a word boundary (search engines cut near 160). */
export function summary(text: string, max = 158): string {
  const clean = text.replace(/\s+/g, " ").trim();
  if (clean.length <= max) return clean;
  const cut = clean.slice(0, max - 1);
  const lastSpace = cut.lastIndexOf(" ");
  return `${(lastSpace > max / 2 ? cut.slice(0, lastSpace) : cut).replace(/[\s,.;:]+$/, "")}…`;
}

/** Centavos as schema.org and Open Graph write a price: pesos with two decimals, no symbol. */
export function priceAmount(centavos: number): string {
  return (centavos / 100).toFixed(2);
}

/** The studio's street address. */
export function studioAddress(): PostalAddress {
  const a = site.address;
  return {
    "@type": "PostalAddress",
    streetAddress: `${a.street}, ${a.colonia}`,
    addressLocality: a.city,
    addressRegion: a.state,
    postalCode: a.postalCode,
    addressCountry: "MX",
  };
}

/** The studio as a local business: address, map point, hours, phone and social profiles. */
export function studioSchema(origin: string, image?: string): WithContext<BeautySalon> {
  return {
    "@context": "https://schema.org",
    "@type": "BeautySalon",
    name: site.name,
    url: absoluteUrl(origin, "/"),
    image: image ? absoluteUrl(origin, image) : undefined,
    telephone: site.phoneHref.replace(/^tel:/, ""),
    email: site.email,
    priceRange: "$$",
    address: studioAddress(),
    geo: { "@type": "GeoCoordinates", latitude: site.map.lat, longitude: site.map.lng },
    openingHoursSpecification: site.hours.map((h) => ({
      "@type": "OpeningHoursSpecification",
      dayOfWeek: [...h.dayOfWeek],
      opens: h.opens,
      closes: h.closes,
    })),
    sameAs: Object.values(site.social),
  };
}

export type ProductForSearch = {
  id: string;
  nombre: string;
  marca: string | null;
  /** centavos */
  precio: number;
  /** centavos: the price before a sale (see priceBefore) */
  precioAntes?: number | null;
  /** the studio's code; the id when none */
  sku?: string;
  cantidad: number;
  urlImagen: string | null;
  especificacion?: string | null;
};

/**
 * A product with its offer (price in MXN, stock; on sale, the former price as the Offer's
 * strikethrough price specification, as Google's merchant listings read it) and, when it has
 * reviews, their rating.
 */
export function productSchema(
  product: ProductForSearch,
  origin: string,
  reviews: { average: number; count: number },
): WithContext<Product> {
  return {
    "@context": "https://schema.org",
    "@type": "Product",
    sku: product.sku || product.id,
    name: product.nombre,
    brand: product.marca ? { "@type": "Brand", name: product.marca } : undefined,
    image: product.urlImagen ? absoluteUrl(origin, product.urlImagen) : undefined,
    description: product.especificacion ? summary(product.especificacion, 500) : undefined,
    offers: {
      "@type": "Offer",
      url: absoluteUrl(origin, `/producto/${product.id}`),
      priceCurrency: "MXN",
      price: priceAmount(product.precio),
      availability: product.cantidad > 0 ? "https://schema.org/InStock" : "https://schema.org/OutOfStock",
      priceSpecification: onSale(product),
    },
    aggregateRating:
      reviews.count > 0
        ? { "@type": "AggregateRating", ratingValue: reviews.average, reviewCount: reviews.count, bestRating: 5 }
        : undefined,
  };
}

/** The former price of a product on sale, as a strikethrough UnitPriceSpecification; undefined otherwise. */
function onSale(product: ProductForSearch): UnitPriceSpecification | undefined {
  const before = priceBefore(product);
  if (before === null) return undefined;
  return {
    "@type": "UnitPriceSpecification",
    priceType: "https://schema.org/StrikethroughPrice",
    price: priceAmount(before),
    priceCurrency: "MXN",
  };
}

export type CourseForSearch = {
  /** the page's path, e.g. /cursos/microblading-online */
  path: string;
  name: string;
  description: string;
  image?: string | null;
  /** centavos; no price (an in-person course quoted by WhatsApp) means no offer */
  price?: CoursePriceInput | null;
  /** online, at the student's pace; or in person at the studio */
  mode: "online" | "presencial";
};

/** The studio as a course's provider. */
function studioAsProvider(origin: string): Organization {
  return {
    "@type": "Organization",
    name: site.name,
    url: absoluteUrl(origin, "/"),
    sameAs: Object.values(site.social),
  };
}

/**
 * A course (schema.org Course): the studio as provider, its offer (the price the page
 * charges: the discounted one when there is one) and how it is taught: online, or at the
 * studio's address.
 */
export function courseSchema(course: CourseForSearch, origin: string): WithContext<Course> {
  const url = absoluteUrl(origin, course.path);
  const offer: Offer | undefined =
    course.price && course.price.precio > 0
      ? {
          "@type": "Offer",
          category: "Paid",
          url,
          priceCurrency: "MXN",
          price: priceAmount(coursePrice(course.price).precio),
          availability: "https://schema.org/InStock",
        }
      : undefined;
  const instance: CourseInstance =
    course.mode === "online"
      ? { "@type": "CourseInstance", courseMode: "online" }
      : {
          "@type": "CourseInstance",
          courseMode: "onsite",
          location: { "@type": "Place", name: site.name, address: studioAddress() },
        };
  return {
    "@context": "https://schema.org",
    "@type": "Course",
    name: course.name,
    description: summary(course.description, 500),
    url,
    image: course.image ? absoluteUrl(origin, course.image) : undefined,
    inLanguage: "es-MX",
    provider: studioAsProvider(origin),
    offers: offer,
    hasCourseInstance: instance,
  };
}

export type ServiceForSearch = {
  id: string;
  name: string;
  description: string;
  image?: string | null;
  /** centavos, the bookable treatments' lowest and highest price; null: not booked online */
  priceRange: { low: number; high: number } | null;
  /** where it is booked: the booking page of one of its treatments; /agendar?servicio= otherwise */
  bookingPath?: string;
};

/**
 * A studio service (schema.org Service) provided at the studio; when it is booked online, its
 * price range (AggregateOffer lowPrice–highPrice) and the booking page as a ReserveAction.
 */
export function serviceSchema(service: ServiceForSearch, origin: string): WithContext<Service> {
  const bookingUrl = absoluteUrl(origin, service.bookingPath ?? `/agendar?servicio=${encodeURIComponent(service.id)}`);
  const range = service.priceRange;
  return {
    "@context": "https://schema.org",
    "@type": "Service",
    name: service.name,
    description: summary(service.description || service.name, 500),
    url: absoluteUrl(origin, `/servicios/${service.id}`),
    image: service.image ? absoluteUrl(origin, service.image) : undefined,
    areaServed: site.address.city,
    provider: { "@type": "BeautySalon", name: site.name, address: studioAddress(), telephone: site.phone },
    offers: range
      ? {
          "@type": "AggregateOffer",
          priceCurrency: "MXN",
          lowPrice: priceAmount(range.low),
          highPrice: priceAmount(range.high),
          url: bookingUrl,
        }
      : undefined,
    potentialAction: range
      ? {
          "@type": "ReserveAction",
          target: {
            "@type": "EntryPoint",
            urlTemplate: bookingUrl,
            actionPlatform: ["https://schema.org/DesktopWebPlatform", "https://schema.org/MobileWebPlatform"],
          },
          result: { "@type": "Reservation", name: `Cita: ${service.name}` },
        }
      : undefined,
  };
}

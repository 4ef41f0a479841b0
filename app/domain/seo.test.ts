import { describe, expect, it } from "vitest";
import { site } from "~/config/site";
import {
  absoluteUrl,
  canonicalUrl,
  courseSchema,
  joinSentences,
  priceAmount,
  productSchema,
  studioSchema,
  summary,
} from "./seo";

describe("absoluteUrl", () => {
  it("joins an origin and a path with exactly one slash", () => {
    expect(absoluteUrl("https://michelalvarez.mx/", "/media/hero.jpg")).toBe("https://michelalvarez.mx/media/hero.jpg");
    expect(absoluteUrl("https://michelalvarez.mx", "media/hero.jpg")).toBe("https://michelalvarez.mx/media/hero.jpg");
  });

  it("keeps absolute URLs and empty values", () => {
    expect(absoluteUrl("https://a.mx", "https://cdn.mx/x.jpg")).toBe("https://cdn.mx/x.jpg");
    expect(absoluteUrl("https://a.mx", "")).toBe("");
    expect(absoluteUrl(undefined, "/x.jpg")).toBe("/x.jpg");
  });
});

describe("canonicalUrl", () => {
  it("is the public origin and the path, case kept", () => {
    expect(canonicalUrl("https://michelalvarez.mx/", "/Contacto")).toBe("https://michelalvarez.mx/Contacto");
    expect(canonicalUrl("https://michelalvarez.mx", "/")).toBe("https://michelalvarez.mx/");
  });

  it("keeps only a listing's later page of the query", () => {
    expect(canonicalUrl("https://a.mx", "/productos/pigmentos?pagina=2&utm_source=x&login=1")).toBe(
      "https://a.mx/productos/pigmentos?pagina=2",
    );
    expect(canonicalUrl("https://a.mx", "/productos/pigmentos?pagina=1")).toBe("https://a.mx/productos/pigmentos");
    expect(canonicalUrl("https://a.mx", "/galeria?pagina=abc&servicio=cejas")).toBe("https://a.mx/galeria");
    expect(canonicalUrl("https://a.mx", "/carrito?login=1#x")).toBe("https://a.mx/carrito");
  });
});

describe("joinSentences", () => {
  it("ends each sentence with one full stop, never two", () => {
    expect(joinSentences("Cejas perfectas al despertar.", "La micropigmentación de cejas")).toBe(
      "Cejas perfectas al despertar. La micropigmentación de cejas.",
    );
    expect(joinSentences("Lema", "Texto.")).toBe("Lema. Texto.");
    expect(joinSentences("¿Lista?", "¡Ven!", "Fin…")).toBe("¿Lista? ¡Ven! Fin…");
  });

  it("skips empty parts, tidies spaces and a trailing comma", () => {
    expect(joinSentences(null, "  Uno  dos ", undefined, "", "tres,")).toBe("Uno dos. tres.");
    expect(joinSentences(null, "")).toBe("");
  });
});

describe("summary", () => {
  it("keeps short text and collapses whitespace", () => {
    expect(summary("  Cejas   naturales \n y labios ")).toBe("Cejas naturales y labios");
  });

  it("cuts long text at a word boundary with an ellipsis", () => {
    const text = "palabra ".repeat(40);
    const result = summary(text, 50);
    expect(result.length).toBeLessThanOrEqual(50);
    expect(result.endsWith("palabra…")).toBe(true);
  });

  it("never leaves '..' before the ellipsis", () => {
    const result = summary(`${"frase corta. ".repeat(20)}`, 40);
    expect(result).not.toMatch(/\.\.|\.…/);
  });
});

describe("priceAmount", () => {
  it("writes centavos as pesos with two decimals", () => {
    expect(priceAmount(68950)).toBe("689.50");
    expect(priceAmount(500000)).toBe("5000.00");
  });
});

describe("product", () => {
  const product = {
    id: "p1",
    nombre: "Pigmento",
    marca: "Velvet",
    precio: 68950,
    cantidad: 0,
    urlImagen: "/media/p.jpg",
  };

  it("gives a product's price in pesos, its stock as availability and a rating only when reviewed", () => {
    const data = productSchema(product, "https://michelalvarez.mx", { average: 0, count: 0 });
    expect(data).toMatchObject({
      "@context": "https://schema.org",
      "@type": "Product",
      image: "https://michelalvarez.mx/media/p.jpg",
      offers: { price: "689.50", priceCurrency: "MXN", availability: "https://schema.org/OutOfStock" },
    });
    expect(JSON.parse(JSON.stringify(data))).not.toHaveProperty("aggregateRating");
    const reviewed = productSchema({ ...product, cantidad: 3 }, "https://a.mx", { average: 5, count: 2 });
    expect(reviewed).toMatchObject({
      offers: { availability: "https://schema.org/InStock" },
      aggregateRating: { ratingValue: 5, reviewCount: 2 },
    });
  });
});

describe("studio", () => {
  it("describes the studio with its address and its hours in 24-hour time", () => {
    const data = studioSchema("https://michelalvarez.mx") as unknown as Record<string, unknown>;
    expect(data).toMatchObject({
      "@type": "BeautySalon",
      address: { addressLocality: "Guadalajara", postalCode: site.address.postalCode, addressCountry: "MX" },
    });
    expect(data.openingHoursSpecification).toEqual([
      expect.objectContaining({ opens: "09:00", closes: "19:00" }),
      expect.objectContaining({ dayOfWeek: ["Saturday"], opens: "09:00", closes: "18:00" }),
    ]);
  });
});

describe("course", () => {
  const origin = "https://michelalvarez.mx";

  it("an online course: the studio as provider, the discounted price as its offer, taught online", () => {
    const data = courseSchema(
      {
        path: "/cursos/microblading-online",
        name: "Microblading Pelo a Pelo",
        description: "Aprende microblading.",
        image: "/media/c.jpg",
        price: { precio: 500000, precioDescuento: 350000 },
        mode: "online",
      },
      origin,
    );
    expect(JSON.parse(JSON.stringify(data))).toEqual({
      "@context": "https://schema.org",
      "@type": "Course",
      name: "Microblading Pelo a Pelo",
      description: "Aprende microblading.",
      url: "https://michelalvarez.mx/cursos/microblading-online",
      image: "https://michelalvarez.mx/media/c.jpg",
      inLanguage: "es-MX",
      provider: { "@type": "Organization", name: site.name, url: "https://michelalvarez.mx/", sameAs: expect.any(Array) },
      offers: {
        "@type": "Offer",
        category: "Paid",
        url: "https://michelalvarez.mx/cursos/microblading-online",
        priceCurrency: "MXN",
        price: "3500.00",
        availability: "https://schema.org/InStock",
      },
      hasCourseInstance: { "@type": "CourseInstance", courseMode: "online" },
    });
  });

  it("an in-person course takes place at the studio's address; without a price it has no offer", () => {
    const data = courseSchema(
      { path: "/cursos-presenciales/labios-presencial", name: "Labios", description: "x", price: null, mode: "presencial" },
      origin,
    );
    const json = JSON.parse(JSON.stringify(data));
    expect(json).not.toHaveProperty("offers");
    expect(json).not.toHaveProperty("image");
    expect(json.hasCourseInstance).toEqual({
      "@type": "CourseInstance",
      courseMode: "onsite",
      location: {
        "@type": "Place",
        name: site.name,
        address: {
          "@type": "PostalAddress",
          streetAddress: `${site.address.street}, ${site.address.colonia}`,
          addressLocality: site.address.city,
          addressRegion: site.address.state,
          postalCode: site.address.postalCode,
          addressCountry: "MX",
        },
      },
    });
    const priced = courseSchema(
      {
        path: "/cursos-presenciales/labios-presencial",
        name: "Labios",
        description: "x",
        price: { precio: 1200000, precioDescuento: null },
        mode: "presencial",
      },
      origin,
    );
    expect(priced.offers).toMatchObject({ price: "12000.00", priceCurrency: "MXN" });
  });
});

describe("serviceSchema", () => {
  it("carries the price range and the booking link of a bookable service", async () => {
    const { serviceSchema } = await import("./seo");
    const schema = serviceSchema(
      { id: "cejas", name: "Cejas", description: "Microblading", priceRange: { low: 350000, high: 450000 } },
      "https://michelalvarez.mx",
    ) as unknown as Record<string, Record<string, unknown>>;
    expect(schema.offers).toMatchObject({ "@type": "AggregateOffer", lowPrice: "3500.00", highPrice: "4500.00" });
    expect(schema.potentialAction).toMatchObject({
      "@type": "ReserveAction",
      target: { urlTemplate: "https://michelalvarez.mx/agendar?servicio=cejas" },
    });
  });

  it("has no offer nor action when the service is not booked online", async () => {
    const { serviceSchema } = await import("./seo");
    const schema = serviceSchema({ id: "x", name: "X", description: "", priceRange: null }, "https://m.mx");
    expect(schema).not.toHaveProperty("offers.lowPrice");
    expect((schema as { potentialAction?: unknown }).potentialAction).toBeUndefined();
  });
});

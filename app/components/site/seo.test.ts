import { describe, expect, it } from "vitest";
import { absoluteUrl, pageMeta, productStructuredData, studioStructuredData, summary } from "./seo";

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
});

describe("pageMeta", () => {
  it("gives title, description and Open Graph tags with an absolute image", () => {
    const tags = pageMeta({
      title: "Servicios",
      description: "Nuestros servicios",
      origin: "https://michelalvarez.mx",
      path: "/servicios",
      image: "/media/hero.jpg",
    });
    expect(tags).toContainEqual({ title: "Servicios | Michel Alvarez" });
    expect(tags).toContainEqual({ name: "description", content: "Nuestros servicios" });
    expect(tags).toContainEqual({ property: "og:title", content: "Servicios | Michel Alvarez" });
    expect(tags).toContainEqual({ property: "og:url", content: "https://michelalvarez.mx/servicios" });
    expect(tags).toContainEqual({ property: "og:image", content: "https://michelalvarez.mx/media/hero.jpg" });
  });

  it("uses a full title as is and leaves out the image when there is none", () => {
    const tags = pageMeta({ title: "Michel Alvarez | Cejas", description: "x", fullTitle: true });
    expect(tags).toContainEqual({ title: "Michel Alvarez | Cejas" });
    expect(tags.some((t) => "property" in t && t.property === "og:image")).toBe(false);
  });
});

describe("structured data", () => {
  const ld = (descriptor: ReturnType<typeof productStructuredData>) =>
    (descriptor as { "script:ld+json": Record<string, unknown> })["script:ld+json"];

  it("gives a product's price in pesos, its stock as availability and a rating only when reviewed", () => {
    const product = {
      id: "p1",
      nombre: "Pigmento",
      marca: "Velvet",
      precio: 68950,
      cantidad: 0,
      urlImagen: "/media/p.jpg",
    };
    const data = ld(productStructuredData(product, "https://michelalvarez.mx", { average: 0, count: 0 }));
    expect(data).toMatchObject({
      "@context": "https://schema.org",
      "@type": "Product",
      image: "https://michelalvarez.mx/media/p.jpg",
      offers: { price: "689.50", priceCurrency: "MXN", availability: "https://schema.org/OutOfStock" },
    });
    expect(JSON.parse(JSON.stringify(data))).not.toHaveProperty("aggregateRating");
    const reviewed = ld(productStructuredData({ ...product, cantidad: 3 }, "https://a.mx", { average: 5, count: 2 }));
    expect(reviewed).toMatchObject({
      offers: { availability: "https://schema.org/InStock" },
      aggregateRating: { ratingValue: 5, reviewCount: 2 },
    });
  });

  it("describes the studio with its hours in 24-hour time", () => {
    const data = ld(studioStructuredData("https://michelalvarez.mx")) as { openingHoursSpecification: unknown[] };
    expect(data.openingHoursSpecification).toEqual([
      expect.objectContaining({ opens: "09:00", closes: "19:00" }),
      expect.objectContaining({ dayOfWeek: ["Saturday"], opens: "09:00", closes: "18:00" }),
    ]);
  });
});

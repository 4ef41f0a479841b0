import { describe, expect, it } from "vitest";
import { canonicalLink, notFoundMeta, pageMeta, rootOrigin, structuredData } from "./seo";

describe("pageMeta", () => {
  it("gives title, description, the canonical link and Open Graph tags with an absolute image", () => {
    const tags = pageMeta({
      title: "Servicios",
      description: "Nuestros servicios",
      origin: "https://michelalvarez.mx",
      path: "/servicios",
      image: "/media/hero.jpg",
    });
    expect(tags).toContainEqual({ title: "Servicios | Michel Alvarez" });
    expect(tags).toContainEqual({ name: "description", content: "Nuestros servicios" });
    expect(tags).toContainEqual({ property: "og:type", content: "website" });
    expect(tags).toContainEqual({ property: "og:title", content: "Servicios | Michel Alvarez" });
    expect(tags).toContainEqual({ tagName: "link", rel: "canonical", href: "https://michelalvarez.mx/servicios" });
    expect(tags).toContainEqual({ property: "og:url", content: "https://michelalvarez.mx/servicios" });
    expect(tags).toContainEqual({ property: "og:image", content: "https://michelalvarez.mx/media/hero.jpg" });
    expect(tags.some((t) => "property" in t && String(t.property).startsWith("product:"))).toBe(false);
  });

  it("keeps a listing's page in the canonical link", () => {
    const tags = pageMeta({ title: "Pigmentos", description: "x", origin: "https://a.mx", path: "/productos/p?pagina=3" });
    expect(tags).toContainEqual({ tagName: "link", rel: "canonical", href: "https://a.mx/productos/p?pagina=3" });
  });

  it("uses a full title as is and leaves out the image and canonical link without an origin", () => {
    const tags = pageMeta({ title: "Michel Alvarez | Cejas", description: "x", fullTitle: true });
    expect(tags).toContainEqual({ title: "Michel Alvarez | Cejas" });
    expect(tags.some((t) => "property" in t && t.property === "og:image")).toBe(false);
    expect(tags.some((t) => "tagName" in t)).toBe(false);
  });

  it("marks a product page as an Open Graph product with its price in MXN and its stock", () => {
    const tags = pageMeta({
      title: "Pigmento",
      description: "x",
      origin: "https://a.mx",
      path: "/producto/p1",
      product: { precio: 68950, available: false },
    });
    expect(tags).toContainEqual({ property: "og:type", content: "product" });
    expect(tags).toContainEqual({ property: "product:price:amount", content: "689.50" });
    expect(tags).toContainEqual({ property: "product:price:currency", content: "MXN" });
    expect(tags).toContainEqual({ property: "product:availability", content: "out of stock" });
    expect(tags.filter((t) => "property" in t && t.property === "og:type")).toHaveLength(1);
  });
});

describe("canonicalLink and rootOrigin", () => {
  it("reads the public origin from the root route's data", () => {
    const matches = [{ id: "root", data: { origin: "https://a.mx" } }, { id: "routes/carrito", data: {} }];
    expect(rootOrigin(matches)).toBe("https://a.mx");
    expect(rootOrigin([{ id: "root", data: undefined }])).toBeUndefined();
    expect(canonicalLink("https://a.mx", "/aviso-de-privacidad")).toEqual([
      { tagName: "link", rel: "canonical", href: "https://a.mx/aviso-de-privacidad" },
    ]);
    expect(canonicalLink(undefined, "/aviso-de-privacidad")).toEqual([]);
  });
});

describe("notFoundMeta and structuredData", () => {
  it("names the 404 page and keeps it out of the index", () => {
    expect(notFoundMeta()).toEqual([{ title: "Página no encontrada | Michel Alvarez" }, { name: "robots", content: "noindex" }]);
    expect(notFoundMeta("noindex, nofollow")).toContainEqual({ name: "robots", content: "noindex, nofollow" });
  });

  it("wraps schema.org data as a JSON-LD descriptor", () => {
    const data = { "@context": "https://schema.org", "@type": "Thing", name: "x" } as const;
    expect(structuredData(data)).toEqual({ "script:ld+json": data });
  });
});

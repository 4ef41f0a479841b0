/**
 * The public site in the browser at 375 px and 1280 px, against the real server and the demo
 * catalogue: every page, carousels, gallery paging, the lightbox, the contact form and its
 * mail, anchors, 404s, and an axe-core audit of each page.
 */
import fs from "node:fs";
import path from "node:path";
import type { Browser, BrowserContextOptions, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { DESKTOP, PHONE, drawWholePage, untilHydrated } from "../support/browser";
import { sharedBrowser } from "./shared-browser";
import { axeViolations } from "../support/axe";
import { site } from "~/config/site";
import { formatPrice } from "~/domain/money";
import { readOutbox } from "../support/outbox";

const baseURL = inject("baseURL");
const dataDir = inject("dataDir");

type Viewport = { width: number; height: number };
const VIEWPORTS: [string, Viewport][] = [
  ["375 px", PHONE],
  ["1280 px", DESKTOP],
];

let browser: Browser;
beforeAll(async () => {
  browser = await sharedBrowser({ reuseContexts: true });
});
afterAll(() => browser?.close());

async function open(viewport: Viewport, url: string, options: BrowserContextOptions = {}): Promise<Page> {
  // its own context, closed with it
  const page = await browser.newPage({ viewport, ...options });
  const response = await page.goto(`${baseURL}${url}`);
  expect(response?.status(), `status of ${url}`).toBeLessThan(400);
  return page;
}

/** Number of slides of a carousel whose card lies entirely inside its viewport. */
async function visibleSlides(page: Page, testId: string): Promise<number> {
  return page.getByTestId(testId).evaluate((carousel) => {
    const viewport = carousel.querySelector("[data-carousel-viewport]")!.getBoundingClientRect();
    // The card inside each slide (the slide itself includes the gutter before it).
    const slides = [...carousel.querySelectorAll("[data-carousel-slide]")].map((s) =>
      s.firstElementChild!.getBoundingClientRect(),
    );
    return slides.filter((r) => r.width > 0 && r.left >= viewport.left - 2 && r.right <= viewport.right + 2).length;
  });
}

async function waitForCarousel(page: Page, testId: string) {
  // The home's carousels are below its first screen: their code comes when they come into
  // view (ADR 027). Once React runs, a carousel marks itself ready (its arrows and mouse
  // dragging work).
  await page.getByTestId(testId).scrollIntoViewIfNeeded();
  await page.getByTestId(testId).locator("[data-carousel-viewport][data-ready]").waitFor({ state: "attached" });
}

/** The Subject of a raw mail: folded lines joined, MIME words (=?UTF-8?Q|B?...?=) decoded. */
function subjectOf(raw: string): string {
  const headers = raw.split(/\r?\n\r?\n/)[0].replace(/\r?\n[ \t]+/g, " ");
  const value = headers.match(/^Subject: (.*)$/im)?.[1]?.trim() ?? "";
  const words = [...value.matchAll(/=\?utf-8\?([qb])\?([^?]*)\?=/gi)];
  if (words.length === 0) return value;
  // Bytes of all words first: a multi-byte character may be split across two words.
  const bytes = words.map(([, enc, text]) =>
    enc.toLowerCase() === "b"
      ? Buffer.from(text, "base64")
      : Buffer.from(
          text
            .replace(/_/g, " ")
            .replace(/=([0-9a-f]{2})/gi, (_x, h: string) => String.fromCharCode(Number.parseInt(h, 16))),
          "latin1",
        ),
  );
  return Buffer.concat(bytes).toString("utf8");
}

async function meta(page: Page, selector: string) {
  return page.locator(selector).first().getAttribute("content");
}

const PAGES = [
  { path: "/", h1: "Belleza que se nota, naturalidad que se siente" },
  { path: "/nosotros", h1: "Belleza con propósito" },
  { path: "/Contacto", h1: "Contacto" },
  { path: "/gracias", h1: "Envío Exitoso" },
  { path: "/servicios", h1: "Servicios" },
  { path: "/servicios/cejas", h1: "Cejas" },
  { path: "/galeria", h1: "Galeria" },
  { path: "/cursos", h1: "Cursos" },
  { path: "/cursos/microblading-online", h1: "Microblading Pelo a Pelo" },
  { path: "/cursos-presenciales/microblading-presencial", h1: "Curso presencial de Microblading" },
];

describe("search engines", () => {
  type LdBlock = {
    "@type": string;
    offers: { price: string; priceCurrency: string; url: string };
    aggregateRating: { reviewCount: number };
    [key: string]: unknown;
  };
  /** The schema.org blocks a server-rendered page carries (no JavaScript needed). */
  async function structuredData(url: string) {
    const html = await (await fetch(`${baseURL}${url}`)).text();
    const blocks = [...html.matchAll(/<script type="application\/ld\+json">(.*?)<\/script>/gs)];
    return { html, data: blocks.map((m) => JSON.parse(m[1]) as LdBlock) };
  }

  it("describes the studio on the home page and a product with its offer on its page (schema.org)", async () => {
    const home = await structuredData("/");
    const studio = home.data.find((d) => d["@type"] === "BeautySalon");
    expect(studio).toMatchObject({
      name: "Michel Alvarez",
      address: { addressLocality: "Guadalajara", addressRegion: "Jalisco", addressCountry: "MX" },
      openingHoursSpecification: [
        { dayOfWeek: ["Monday", "Tuesday", "Wednesday", "Thursday", "Friday"], opens: "09:00", closes: "19:00" },
        { dayOfWeek: ["Saturday"], opens: "09:00", closes: "18:00" },
      ],
    });

    const product = await structuredData("/producto/pig-01");
    const item = product.data.find((d) => d["@type"] === "Product");
    expect(item?.offers).toMatchObject({ priceCurrency: "MXN", url: `${baseURL}/producto/pig-01` });
    // The offer's price is the one the page shows.
    expect(product.html).toContain(`$${Number(item?.offers.price).toFixed(2)} MXN`);
    expect(item?.aggregateRating.reviewCount).toBeGreaterThan(0);
  });

  /** The `content` of each `<meta property|name="key">` of the page's head. */
  const metaTags = (html: string, key: string) =>
    [
      ...html.matchAll(new RegExp(`<meta (?:property|name)="${key.replace(/[.:+]/g, "\\$&")}" content="([^"]*)"`, "g")),
    ].map((m) => m[1]);
  const canonicals = (html: string) => [...html.matchAll(/<link rel="canonical" href="([^"]*)"/g)].map((m) => m[1]);

  it("gives every public page one absolute canonical link from PUBLIC_URL, without tracking or overlay parameters", async () => {
    const paths = [
      ...PAGES.map((p) => p.path),
      "/categorias",
      "/productos/pigmentos",
      "/producto/pig-01",
      "/carrito",
      "/aviso-de-privacidad",
      "/terminos-y-condiciones",
      "/terminos-y-privacidad",
    ];
    for (const url of paths) {
      const { html } = await structuredData(url);
      expect(canonicals(html), url).toEqual([`${baseURL}${url}`]);
    }
    // The query is left out, except a listing's later page.
    expect(canonicals((await structuredData("/servicios/cejas?login=1&utm_source=whatsapp")).html)).toEqual([
      `${baseURL}/servicios/cejas`,
    ]);
    expect(canonicals((await structuredData("/productos/pigmentos?pagina=2&utm_source=x")).html)).toEqual([
      `${baseURL}/productos/pigmentos?pagina=2`,
    ]);
    // Nothing to index on a 404 or a client's visit page.
    expect(canonicals((await structuredData("/no/existe")).html)).toEqual([]);
  });

  it("describes online and in-person courses as schema.org Courses from the studio, with their offer", async () => {
    type CourseLd = {
      "@type": string;
      name: string;
      provider: { name: string };
      offers?: { price: string; priceCurrency: string };
      hasCourseInstance: { courseMode: string; location?: { address: Record<string, string> } };
    };
    const online = await structuredData("/cursos/microblading-online");
    const course = (online.data as unknown as CourseLd[]).find((d) => d["@type"] === "Course");
    expect(course).toMatchObject({
      name: "Microblading Pelo a Pelo",
      provider: { name: "Michel Alvarez" },
      offers: { priceCurrency: "MXN" },
      hasCourseInstance: { courseMode: "online" },
    });
    // The offer is the price the page charges.
    expect(online.html).toContain(formatPrice(Math.round(Number(course?.offers?.price) * 100), { suffix: true }));

    const inPerson = await structuredData("/cursos-presenciales/microblading-presencial");
    const studioCourse = (inPerson.data as unknown as CourseLd[]).find((d) => d["@type"] === "Course");
    expect(studioCourse).toMatchObject({
      name: "Curso presencial de Microblading",
      provider: { name: "Michel Alvarez" },
      offers: { priceCurrency: "MXN" },
      hasCourseInstance: {
        courseMode: "onsite",
        location: {
          address: {
            streetAddress: `${site.address.street}, ${site.address.colonia}`,
            addressLocality: "Guadalajara",
            postalCode: site.address.postalCode,
          },
        },
      },
    });
    expect(inPerson.html).toContain(
      formatPrice(Math.round(Number(studioCourse?.offers?.price) * 100), { suffix: true }),
    );
  });

  it("shares a product page as an Open Graph product with its price in MXN", async () => {
    const { html, data } = await structuredData("/producto/pig-01");
    const offer = data.find((d) => d["@type"] === "Product")?.offers;
    expect(metaTags(html, "og:type")).toEqual(["product"]);
    expect(metaTags(html, "product:price:amount")).toEqual([offer?.price]);
    expect(metaTags(html, "product:price:currency")).toEqual(["MXN"]);
    expect(metaTags((await structuredData("/servicios")).html, "og:type")).toEqual(["website"]);
  });

  it("never ends a sentence twice in a description ('..')", async () => {
    const paths = [...PAGES.map((p) => p.path), "/servicios/labios", "/producto/pig-01", "/cursos/lip-blush-online"];
    for (const url of paths) {
      const { html } = await structuredData(url);
      for (const description of [...metaTags(html, "description"), ...metaTags(html, "og:description")]) {
        expect(description, url).not.toMatch(/\.\.|\.\s*\.|\.…/);
      }
    }
    expect(metaTags((await structuredData("/servicios/cejas")).html, "description")[0]).toMatch(
      /^Cejas perfectas al despertar, diseñadas para tu rostro\. La micropigmentación/,
    );
  });
});

describe("every public page", () => {
  for (const [label, viewport] of VIEWPORTS) {
    it(`renders with its own title, description, preview tags and no serious axe violations at ${label}`, async () => {
      const titles = new Set<string>();
      for (const { path: url, h1 } of PAGES) {
        const page = await open(viewport, url);
        expect((await page.locator("h1").first().textContent())?.trim(), url).toBe(h1);
        const title = await page.title();
        expect(title, url).toMatch(/Michel Alvarez/);
        titles.add(title);
        expect((await meta(page, 'meta[name="description"]'))?.length, url).toBeGreaterThan(40);
        expect(await meta(page, 'meta[property="og:title"]'), url).toBe(title);
        expect(await meta(page, 'meta[property="og:image"]'), url).toMatch(new RegExp(`^${baseURL}/media/`));
        // Every image has alt text and a size; only a page's first (hero) image loads eagerly.
        const images = await page.locator("main img").evaluateAll((imgs) =>
          imgs.map((img) => ({
            alt: img.getAttribute("alt"),
            width: img.getAttribute("width"),
            height: img.getAttribute("height"),
            loading: img.getAttribute("loading"),
          })),
        );
        for (const image of images) {
          expect(image.alt, url).not.toBeNull();
          expect(Number(image.width), url).toBeGreaterThan(0);
          expect(Number(image.height), url).toBeGreaterThan(0);
        }
        expect(images.filter((i) => i.loading !== "lazy").length, url).toBeLessThanOrEqual(1);
        // Nothing sticks out sideways, the parts below the fold drawn too.
        await drawWholePage(page);
        expect(await page.evaluate(() => document.documentElement.scrollWidth), url).toBeLessThanOrEqual(
          viewport.width,
        );
        // With tap targets of at least 24 px (WCAG 2.2; Lighthouse's target-size).
        expect(await axeViolations(page, null, { targetSize: true }), `${url} at ${label}`).toEqual([]);
        await page.close();
      }
      expect(titles.size).toBe(PAGES.length);
    });
  }

  it("keeps the home's contrast as Lighthouse audits it, the parts below the fold drawn only as it scrolls", async () => {
    // A part drawn late takes its real height then: one of a guessed height above a light text
    // moved a dark card under it while axe looked (Lighthouse's accessibility 96 on the home).
    const page = await open({ width: 412, height: 823 }, "/");
    expect(await axeViolations(page, null, { drawFirst: false })).toEqual([]);
    await page.close();
  });
});

describe("without JavaScript", () => {
  it("serves every page complete and within the screen at 375 px and 1280 px", async () => {
    // Without scripts a page's look is its markup and its media queries: one load, both widths.
    const page = await open(PHONE, "/", { javaScriptEnabled: false });
    for (const { path: url, h1 } of PAGES) {
      await page.setViewportSize(PHONE);
      const response = await page.goto(`${baseURL}${url}`);
      expect(response?.status(), `status of ${url}`).toBeLessThan(400);
      expect((await page.locator("h1").first().textContent())?.trim(), url).toBe(h1);
      for (const [label, viewport] of VIEWPORTS) {
        await page.setViewportSize(viewport);
        await drawWholePage(page);
        expect(
          await page.evaluate(() => document.documentElement.scrollWidth),
          `${url} at ${label}`,
        ).toBeLessThanOrEqual(viewport.width);
      }
    }
    await page.close();
  });

  it("lets the carousels scroll natively", async () => {
    const page = await open(PHONE, "/", { javaScriptEnabled: false });
    const viewport = page.getByTestId("products-carousel").locator("[data-carousel-viewport]");
    expect(await viewport.evaluate((el) => getComputedStyle(el).overflowX)).toBe("auto");
    expect(await viewport.evaluate((el) => el.scrollWidth > el.clientWidth)).toBe(true);
    await page.close();
  });
});

describe("home", () => {
  it("shows 3 services, 4 products and 3 courses at a time at 1280 px", async () => {
    const page = await open(DESKTOP, "/");
    for (const id of ["services-carousel", "products-carousel", "courses-carousel"]) await waitForCarousel(page, id);
    expect(await visibleSlides(page, "services-carousel")).toBe(3);
    expect(await visibleSlides(page, "products-carousel")).toBe(4);
    expect(await visibleSlides(page, "courses-carousel")).toBe(3);
    await expect(page.getByTestId("services-phone-links").isVisible()).resolves.toBe(false);

    // The arrows move the products carousel.
    const products = page.getByTestId("products-carousel");
    const firstSlide = products.locator("[data-carousel-slide]").first();
    const before = (await firstSlide.boundingBox())!.x;
    await products.getByRole("button", { name: "Siguiente: Productos" }).click();
    await expect.poll(async () => (await firstSlide.boundingBox())!.x).toBeLessThan(before - 100);
    await page.close();
  });

  it("shows 2 courses at a time between 551 and 850 px", async () => {
    const page = await open({ width: 760, height: 900 }, "/");
    await waitForCarousel(page, "courses-carousel");
    expect(await visibleSlides(page, "courses-carousel")).toBe(2);
    expect(await visibleSlides(page, "services-carousel")).toBe(3);
    await page.close();
  });

  it("shows 1 product and 1 course at a time and three service links instead of a carousel at 375 px", async () => {
    const page = await open(PHONE, "/");
    await waitForCarousel(page, "products-carousel");
    await waitForCarousel(page, "courses-carousel");
    expect(await visibleSlides(page, "products-carousel")).toBe(1);
    expect(await visibleSlides(page, "courses-carousel")).toBe(1);
    await expect(page.getByTestId("services-carousel").isVisible()).resolves.toBe(false);
    const links = page.getByTestId("services-phone-links").getByRole("link");
    expect(await links.count()).toBe(3);
    expect(await links.evaluateAll((as) => as.map((a) => a.getAttribute("href")))).toEqual([
      "/servicios/cejas",
      "/servicios/labios",
      "/servicios/estrias",
    ]);

    // A swipe moves the products carousel by one card.
    const products = page.getByTestId("products-carousel");
    const slides = products.locator("[data-carousel-slide]");
    await products.scrollIntoViewIfNeeded();
    const box = (await products.locator("[data-carousel-viewport]").boundingBox())!;
    const y = box.y + box.height / 2;
    await page.mouse.move(box.x + box.width * 0.8, y);
    await page.mouse.down();
    for (let step = 1; step <= 10; step++) await page.mouse.move(box.x + box.width * (0.8 - 0.06 * step), y);
    await page.mouse.up();
    // It settles on the second card, alone in view.
    await expect
      .poll(async () => Math.round((await slides.nth(1).locator("> *").boundingBox())!.x))
      .toBe(Math.round(box.x));
    expect(await visibleSlides(page, "products-carousel")).toBe(1);
    await page.close();
  });

  it("has the hero, the video with poster, WhatsApp booking, claims, gallery preview, a lazy titled map and contact", async () => {
    const page = await open(PHONE, "/");
    const hero = page.locator("main img").first();
    expect(await hero.getAttribute("loading")).toBe("eager");
    expect(await hero.getAttribute("src")).toMatch(/^\/media\/.+\.(jpg|webp|png)$/);
    expect((await page.request.get(`${baseURL}${await hero.getAttribute("src")}`)).status()).toBe(200);

    // The video is its poster, a link to the file, until pressed: then the player, playing.
    const poster = page.getByTestId("studio-video-poster");
    expect(await page.locator("video").count()).toBe(0);
    expect(await poster.locator("img").getAttribute("src")).toMatch(/^\/media\//);
    const videoSrc = await poster.getAttribute("href");
    expect((await page.request.get(`${baseURL}${videoSrc}`)).status()).toBe(200);
    await poster.click();
    const video = page.getByTestId("studio-video");
    expect(await video.getAttribute("src")).toBe(videoSrc);
    expect(await video.getAttribute("poster")).toMatch(/^\/media\//);
    expect(await video.getAttribute("controls")).not.toBeNull();
    expect(page.url()).toBe(`${baseURL}/`);

    const whatsapp = await page.getByTestId("appointment-whatsapp").getAttribute("href");
    expect(whatsapp).toMatch(/^https:\/\/wa\.me\/\d+\?text=/);
    expect(decodeURIComponent(whatsapp!.split("text=")[1])).toMatch(/cita/);

    const claims = await page.getByTestId("claims").textContent();
    expect(claims).toContain("más de 7,500 cejas");
    expect(claims).toContain("más de 200 alumnas");

    expect(await page.getByTestId("gallery-preview").locator("img").count()).toBe(6);

    const map = page.getByTestId("map-frame").first();
    expect(await map.getAttribute("loading")).toBe("lazy");
    expect(await map.getAttribute("title")).toMatch(/Mapa/);
    await map.scrollIntoViewIfNeeded();
    await expect.poll(() => map.getAttribute("src")).toMatch(/openstreetmap/);
    expect(await page.getByTestId("contact-block").textContent()).toContain("Guadalajara");
    await page.close();
  });
});

describe("gallery", () => {
  it("pages 6 at a time with 'Ver más...' until 'Sin Imagenes' at 375 px", async () => {
    const page = await open(PHONE, "/galeria");
    await untilHydrated(page);
    const grid = page.getByTestId("gallery-grid");
    const images = grid.locator("img");
    expect(await images.count()).toBe(6);
    const seen = [6];
    while (await page.getByTestId("gallery-more").isVisible()) {
      await page.getByTestId("gallery-more").click();
      await expect.poll(() => images.count()).toBeGreaterThan(seen.at(-1)!);
      seen.push(await images.count());
      expect(seen.length).toBeLessThan(20);
    }
    // Each page adds up to 6; the last may be shorter.
    for (let i = 1; i < seen.length; i++) expect(seen[i] - seen[i - 1]).toBeLessThanOrEqual(6);
    expect(seen.slice(1, -1).every((n, i) => n - seen[i] === 6)).toBe(true);
    await expect(page.getByTestId("gallery-empty").textContent()).resolves.toBe("Sin Imagenes");
    // Every image has its size set (no layout shift) and is lazy but the first, the page's LCP.
    const attrs = await images.evaluateAll((imgs) =>
      imgs.map((i) => [i.getAttribute("loading"), i.getAttribute("width"), i.getAttribute("height")]),
    );
    for (const [index, [loading, width, height]] of attrs.entries()) {
      expect(loading).toBe(index === 0 ? "eager" : "lazy");
      expect(Number(width)).toBeGreaterThan(0);
      expect(Number(height)).toBeGreaterThan(0);
    }
    await page.close();
  });

  it("filters by service tab and reaches 'Sin Imagenes' for one service at 1280 px", async () => {
    const page = await open(DESKTOP, "/galeria");
    await untilHydrated(page);
    const tabs = page.getByTestId("gallery-tab");
    expect((await tabs.allTextContents())[0]).toBe("Todo");
    const tab = page.getByRole("link", { name: "Maquillaje", exact: true });
    await tab.click();
    await page.waitForURL(/servicio=maquillaje/);
    await expect.poll(() => tab.getAttribute("aria-current")).toBe("page");
    const images = page.getByTestId("gallery-grid").locator("img");
    const srcs = () => images.evaluateAll((imgs) => imgs.map((i) => i.getAttribute("src") ?? ""));
    await expect.poll(async () => (await srcs()).every((src) => src.includes("/maquillaje/"))).toBe(true);
    expect(await images.count()).toBe(6);
    await page.getByTestId("gallery-more").click();
    await page.getByTestId("gallery-empty").waitFor();
    expect(await images.count()).toBe(8);
    await page.close();
  });

  it("opens on the service id stored in the browser", async () => {
    const page = await open(PHONE, "/servicios");
    await page.evaluate(() => window.localStorage.setItem("galeriaServicio", "labios"));
    await page.goto(`${baseURL}/galeria`);
    await page.waitForURL(/servicio=labios/);
    const tab = page.getByRole("link", { name: "Labios", exact: true });
    await expect.poll(() => tab.getAttribute("aria-current")).toBe("page");
    const srcs = await page
      .getByTestId("gallery-grid")
      .locator("img")
      .evaluateAll((imgs) => imgs.map((i) => i.getAttribute("src")));
    expect(srcs.length).toBe(6);
    for (const src of srcs) expect(src).toContain("/labios/");
    await page.close();
  });

  it("'Galeria' on a service page stores the service and opens the gallery on it", async () => {
    const page = await open(DESKTOP, "/servicios/estrias");
    await untilHydrated(page);
    await page.getByTestId("service-gallery-button").click();
    await page.waitForURL(/\/galeria\?servicio=estrias/);
    expect(await page.evaluate(() => window.localStorage.getItem("galeriaServicio"))).toBe("estrias");
    await page.goto(`${baseURL}/galeria`);
    await page.waitForURL(/servicio=estrias/);
    await page.close();
  });

  it("opens an image in the lightbox and closes it", async () => {
    for (const [, viewport] of VIEWPORTS) {
      const page = await open(viewport, "/galeria");
      await untilHydrated(page);
      await page.locator("[data-gallery-item]").nth(1).click();
      const dialog = page.getByRole("dialog", { name: "Visor de imágenes" });
      await dialog.waitFor();
      expect(await dialog.locator("img").first().getAttribute("src")).toMatch(/^\/media\//);
      await dialog.getByRole("button", { name: "Cerrar" }).click();
      await dialog.waitFor({ state: "detached" });
      await page.close();
    }
  });

  it("pages without JavaScript through the 'Ver más...' link", async () => {
    const page = await open(PHONE, "/galeria", { javaScriptEnabled: false });
    expect(await page.getByTestId("gallery-grid").locator("img").count()).toBe(6);
    await page.getByTestId("gallery-more").click();
    await page.waitForURL(/pagina=2/);
    expect(await page.getByTestId("gallery-grid").locator("img").count()).toBe(12);
    await page.close();
  });
});

describe("nosotros", () => {
  it("shows story, philosophy and the seven values", async () => {
    const page = await open(PHONE, "/nosotros");
    for (const heading of ["Nuestros valores", "Instalaciones", "Dónde estamos"]) {
      await expect(page.getByRole("heading", { name: heading }).isVisible()).resolves.toBe(true);
    }
    const values = await page.getByTestId("values").locator("h3").allTextContents();
    expect(values).toEqual([
      "Honestidad",
      "Puntualidad",
      "Comodidad",
      "Confianza",
      "Limpieza",
      "Presentación",
      "Amabilidad",
    ]);
    await page.close();
  });

  for (const [label, viewport] of VIEWPORTS) {
    it(`scrolls to #instalaciones and #mapa when linked at ${label}`, async () => {
      const page = await open(viewport, "/nosotros#instalaciones");
      await untilHydrated(page);
      await expect
        .poll(() => page.locator("#instalaciones").evaluate((el) => el.getBoundingClientRect().top))
        .toBeLessThan(160);
      expect(
        await page.locator("#instalaciones").evaluate((el) => el.getBoundingClientRect().top),
      ).toBeGreaterThanOrEqual(-2);

      await page.goto(`${baseURL}/nosotros#mapa`);
      await expect.poll(() => page.locator("#mapa").evaluate((el) => el.getBoundingClientRect().top)).toBeLessThan(160);
      expect(await page.evaluate(() => window.scrollY)).toBeGreaterThan(500);
      await page.close();
    });
  }

  it("opens a facilities photo in the lightbox and closes it with Escape", async () => {
    const page = await open(PHONE, "/nosotros#instalaciones");
    await untilHydrated(page);
    const photos = page.getByTestId("facilities-gallery").locator("[data-gallery-item]");
    expect(await photos.count()).toBeGreaterThanOrEqual(6);
    await photos.first().click();
    const dialog = page.getByRole("dialog", { name: "Visor de imágenes" });
    await dialog.waitFor();
    await page.keyboard.press("Escape");
    await dialog.waitFor({ state: "detached" });
    await page.close();
  });
});

describe("contact form", () => {
  // the contact form's mails only: the other files share the server and its outbox, and mail at the same time
  const contactMails = () =>
    readOutbox(dataDir).filter((m) => subjectOf(m.raw).startsWith("Nuevo mensaje de contacto"));
  async function fill(page: Page, values: Record<string, string>) {
    for (const [label, value] of Object.entries(values)) await page.getByLabel(label, { exact: true }).fill(value);
  }
  const valid = {
    Nombre: "Lucía Hernández",
    "Correo electrónico": "lucia@example.com",
    Teléfono: "33-1234-5678",
    Mensaje: "Hola, quisiera información para una cita de microblading el próximo sábado.",
  };

  it("sends the message to the studio and lands on /gracias at 375 px", async () => {
    const before = contactMails().length;
    const page = await open(PHONE, "/Contacto");
    await untilHydrated(page);
    // The short privacy notice stands by the form and opens the full one in a new tab.
    const notice = page.locator("main form").getByRole("link", { name: "Aviso de privacidad" });
    expect(await notice.getAttribute("href")).toBe("/aviso-de-privacidad");
    expect(await notice.getAttribute("target")).toBe("_blank");
    await fill(page, valid);
    await page.getByRole("button", { name: "Enviar mensaje" }).click();
    await page.waitForURL(`${baseURL}/gracias`);
    await page.getByRole("heading", { level: 1, name: "Envío Exitoso" }).waitFor();
    await expect(page.getByRole("link", { name: "Volver al inicio" }).getAttribute("href")).resolves.toBe("/");
    const mails = contactMails();
    expect(mails.length).toBe(before + 1);
    const mail = mails.at(-1)!;
    expect(mail.to).toBe("contacto@michelalvarez.mx");
    expect(subjectOf(mail.raw)).toBe("Nuevo mensaje de contacto de Lucía Hernández");
    expect(mail.raw).toMatch(/Reply-To: .*lucia@example\.com/);
    expect(mail.raw).toContain("3312345678");
    await page.close();
  });

  it("loads the map only when it is scrolled near, not with the first screen, at 375 px", async () => {
    const page = await open(PHONE, "/Contacto");
    await untilHydrated(page);
    const map = page.getByTestId("map-frame");
    // below the form, far from a phone's first screen: no request to the map's site yet
    expect(await map.getAttribute("src")).toBeNull();
    await map.scrollIntoViewIfNeeded();
    await expect.poll(() => map.getAttribute("src")).toMatch(/^https:\/\/www\.openstreetmap\.org\/export\/embed/);
    await page.close();
  });

  it("shows Spanish field errors, keeps what was typed and sends nothing at 1280 px", async () => {
    const before = contactMails().length;
    const page = await open(DESKTOP, "/Contacto");
    await untilHydrated(page);
    await fill(page, { ...valid, "Correo electrónico": "lucia@", Teléfono: "123", Mensaje: "" });
    await page.getByRole("button", { name: "Enviar mensaje" }).click();
    await page.getByText("Escribe un correo electrónico válido").waitFor();
    expect(page.url()).toBe(`${baseURL}/Contacto`);
    await expect(page.getByText("El teléfono debe tener 10 dígitos").isVisible()).resolves.toBe(true);
    await expect(page.getByText("Escribe tu mensaje (al menos 10 caracteres).").isVisible()).resolves.toBe(true);
    await expect(page.getByLabel("Nombre", { exact: true }).inputValue()).resolves.toBe("Lucía Hernández");
    await expect(page.getByLabel("Correo electrónico", { exact: true }).inputValue()).resolves.toBe("lucia@");
    await expect(page.getByLabel("Correo electrónico", { exact: true }).getAttribute("aria-invalid")).resolves.toBe(
      "true",
    );
    expect(contactMails().length).toBe(before);
    await page.close();
  });

  it("works without JavaScript", async () => {
    const before = contactMails().length;
    const page = await open(PHONE, "/Contacto", { javaScriptEnabled: false });
    await fill(page, { ...valid, Nombre: "Sin JS" });
    await page.getByRole("button", { name: "Enviar mensaje" }).click();
    await page.waitForURL(`${baseURL}/gracias`);
    expect(contactMails().length).toBe(before + 1);
    expect(subjectOf(contactMails().at(-1)!.raw)).toBe("Nuevo mensaje de contacto de Sin JS");
    await page.close();
  });

  it("answers a bot that fills the honeypot like a person, and sends nothing", async () => {
    const before = contactMails().length;
    const form = new FormData();
    form.set("nombre", "Bot");
    form.set("correo", "bot@example.com");
    form.set("telefono", "3312345678");
    form.set("mensaje", "Compra seguidores baratos ahora mismo");
    form.set("sitio_web", "http://spam.example");
    const response = await fetch(`${baseURL}/Contacto`, { method: "POST", body: form, redirect: "manual" });
    expect(response.status).toBe(302);
    expect(response.headers.get("location")).toBe("/gracias");
    expect(contactMails().length).toBe(before);
  });

  it("thanks the visitor when the mail cannot be delivered yet: it waits in the outbox (ADR 028)", async () => {
    // Delivery fails (the demo's "SMTP", the outbox folder, is a file): the message is already
    // a row of the outbox table, retried by the jobs (tests/integration/mail-outbox.test.ts).
    const outbox = path.join(dataDir, "outbox");
    const aside = `${outbox}-aparte`;
    fs.mkdirSync(outbox, { recursive: true });
    fs.renameSync(outbox, aside);
    fs.writeFileSync(outbox, "no soy una carpeta");
    try {
      const page = await open(PHONE, "/Contacto");
      await untilHydrated(page);
      await fill(page, valid);
      await page.getByRole("button", { name: "Enviar mensaje" }).click();
      await page.waitForURL(`${baseURL}/gracias`);
      await page.close();
    } finally {
      fs.rmSync(outbox, { force: true });
      fs.renameSync(aside, outbox);
    }
  });
});

describe("services", () => {
  it("lists the services as round images linking to their pages", async () => {
    const page = await open(PHONE, "/servicios");
    const circles = page.getByTestId("service-circle");
    expect(await circles.count()).toBeGreaterThanOrEqual(5);
    expect(await circles.first().getAttribute("href")).toBe("/servicios/cejas");
    const radius = await circles
      .first()
      .locator("img")
      .evaluate((img) => getComputedStyle(img).borderRadius);
    expect(radius).not.toBe("0px");
    await page.close();
  });

  it("shows the three option blocks for brows and free text for lips, and the questions", async () => {
    const page = await open(DESKTOP, "/servicios/cejas");
    expect(await page.getByTestId("service-slogan").textContent()).toBeTruthy();
    const blocks = page.getByTestId("service-option-blocks");
    expect(await blocks.locator("h3").allTextContents()).toEqual(["Microblading", "Hibridas", "Ombré"]);
    expect(await blocks.locator("img").count()).toBe(3);
    const question = page.getByTestId("service-questions").locator("details").first();
    expect(await question.getAttribute("open")).toBeNull();
    await question.locator("summary").click();
    expect(await question.getAttribute("open")).not.toBeNull();
    await page.goto(`${baseURL}/servicios/labios`);
    await expect(page.getByTestId("service-options-text").isVisible()).resolves.toBe(true);
    await expect(page.getByTestId("service-option-blocks").count()).resolves.toBe(0);
    await page.close();
  });
});

describe("courses", () => {
  it("lists published online courses and in-person courses by position", async () => {
    const page = await open(DESKTOP, "/cursos");
    const online = await page
      .getByTestId("online-courses")
      .getByTestId("course-card")
      .evaluateAll((as) => as.map((a) => a.getAttribute("href")));
    expect(online).toEqual([
      "/cursos/microblading-online",
      "/cursos/lip-blush-online",
      "/cursos/automaquillaje-online",
    ]);
    const inPerson = await page
      .getByTestId("in-person-courses")
      .getByTestId("course-card")
      .evaluateAll((as) => as.map((a) => a.getAttribute("href")));
    expect(inPerson).toEqual([
      "/cursos-presenciales/microblading-presencial",
      "/cursos-presenciales/labios-presencial",
      "/cursos-presenciales/estrias-presencial",
      "/cursos-presenciales/ombre-presencial",
      "/cursos-presenciales/maquillaje-presencial",
    ]);
    await page.close();
  });

  it("shows an online course with MXN prices, the regular one crossed out, units, reviews and 'Comprar'", async () => {
    const page = await open(PHONE, "/cursos/microblading-online");
    const price = page.locator("aside").getByTestId("course-price");
    expect(await price.textContent()).toContain("$3,990.00 MXN");
    expect(await price.locator("del").textContent()).toContain("$4,990.00 MXN");
    expect(await page.getByTestId("course-units").locator(":scope > li").count()).toBeGreaterThanOrEqual(3);
    expect(await page.getByTestId("course-reviews").locator("li").count()).toBeGreaterThanOrEqual(1);
    await untilHydrated(page);
    await page.getByRole("button", { name: "Comprar" }).click();
    // a visitor is asked to log in first, and stays on the course
    await page.getByTestId("alert-dialog").locator("#alerta-titulo").getByText("¡Inicia sesion!").waitFor();
    expect(new URL(page.url()).pathname).toBe("/cursos/microblading-online");
    await page.close();
  });

  it("shows on each in-person course page the hours its card shows (/cursos and the home carousel)", async () => {
    const cardHours = async (url: string, testId: string) => {
      const page = await open(DESKTOP, url);
      const cards = await page
        .getByTestId(testId)
        .locator('a[href^="/cursos-presenciales/"]')
        .evaluateAll((as) =>
          as.map((a) => [a.getAttribute("href")!, a.querySelector('[data-testid="course-hours"]')?.textContent ?? ""]),
        );
      await page.close();
      return new Map(cards as [string, string][]);
    };
    const fromList = await cardHours("/cursos", "in-person-courses");
    const fromHome = await cardHours("/", "courses-carousel");
    expect(fromList.size).toBe(5);
    expect(fromHome).toEqual(fromList);
    for (const [url, hours] of fromList) {
      expect(hours, url).toMatch(/^\d+ horas$/);
      const page = await open(PHONE, url);
      expect(await page.getByTestId("in-person-duration").textContent(), url).toContain(hours);
      // No other number of hours anywhere on the page (Ombré once said '16 horas' there, '24 horas' on its card).
      const mentioned = (await page.locator("main").textContent())!.match(/\d+ horas/g);
      expect(new Set(mentioned), url).toEqual(new Set([hours]));
      await page.close();
    }
  });

  it("shows an in-person course's fixed content and a WhatsApp call to action", async () => {
    const page = await open(PHONE, "/cursos-presenciales/microblading-presencial");
    const highlights = await page.getByTestId("in-person-highlights").textContent();
    expect(highlights).toContain("21 meses de asesoría");
    expect(highlights).toContain("Kit profesional para 20 tratamientos");
    expect(highlights).toContain("3 prácticas con modelo real");
    // The catalogue's facts: dates, place, group and requirements.
    const facts = await page.getByTestId("in-person-facts").textContent();
    expect(facts).toContain("Grupos cada mes");
    expect(facts).toContain("Presencial en Guadalajara");
    expect(await page.locator("main").textContent()).toContain("al lado de Michel");
    const cta = await page.getByTestId("in-person-cta").getAttribute("href");
    expect(decodeURIComponent(cta!)).toContain("Curso presencial de Microblading");
    await page.close();
  });
});

describe("legal pages", () => {
  const LEGAL = [
    { path: "/terminos-y-condiciones", h1: "Términos y Condiciones de Uso y Compra", sections: 26 },
    { path: "/aviso-de-privacidad", h1: "Aviso de Privacidad Integral", sections: 17 },
    // 26 + 17 sections and the two documents
    { path: "/terminos-y-privacidad", h1: "Términos y Condiciones y Aviso de Privacidad", sections: 45 },
  ];

  /** path → <lastmod> of the sitemap's entries that have one. */
  async function sitemapDates(): Promise<Map<string, string>> {
    const xml = await (await fetch(`${baseURL}/sitemap.xml`)).text();
    const entries = [...xml.matchAll(/<loc>([^<]+)<\/loc><lastmod>([^<]+)<\/lastmod>/g)];
    return new Map(entries.map(([, loc, date]) => [new URL(loc).pathname, date]));
  }

  for (const [label, viewport] of VIEWPORTS) {
    it(`have one id per element, contents that lead to every section, and no axe violations at ${label}`, async () => {
      for (const { path: url, h1, sections } of LEGAL) {
        const page = await open(viewport, url);
        expect((await page.locator("h1").first().textContent())?.trim(), url).toBe(h1);
        const ids = await page.evaluate(() => [...document.querySelectorAll("[id]")].map((e) => e.id));
        expect(
          ids.filter((id, i) => ids.indexOf(id) !== i),
          url,
        ).toEqual([]);
        // The layout's <main> is #principal; the contents list is #indice, where 'Volver al contenido' leads.
        expect(await page.locator("main").getAttribute("id")).toBe("principal");
        const toc = page.getByRole("navigation", { name: "Contenido" });
        expect(await toc.getAttribute("id")).toBe("indice");
        // The contents list leads to every section (and, on the combined page, to each document), in order.
        const tocTargets = await toc.locator("a").evaluateAll((as) => as.map((a) => a.getAttribute("href")));
        const sectionIds = await page.locator("main section[id]").evaluateAll((ss) => ss.map((s) => `#${s.id}`));
        expect(sectionIds.length, url).toBe(sections);
        expect(tocTargets, url).toEqual(sectionIds);
        // (hidden from 768 px on, where the contents list stays beside the text)
        const back = await page
          .locator("main a", { hasText: "Volver al contenido" })
          .evaluateAll((as) => as.map((a) => a.getAttribute("href")));
        expect(new Set(back), url).toEqual(new Set(["#indice"]));
        // Every in-page link lands on an element of the page.
        const targets = await page
          .locator('main a[href^="#"]')
          .evaluateAll((as) =>
            as.map((a) => a.getAttribute("href")!.slice(1)).filter((id) => !document.getElementById(id)),
          );
        expect(targets, url).toEqual([]);
        expect(await page.locator("main style, main [style]").count(), url).toBe(0);
        expect(await page.evaluate(() => document.documentElement.scrollWidth), url).toBeLessThanOrEqual(
          viewport.width,
        );
        expect(await axeViolations(page, null), `${url} at ${label}`).toEqual([]);
        await page.close();
      }
    });
  }

  it("print the date of their last update, the one the sitemap gives", async () => {
    const dates = await sitemapDates();
    for (const url of ["/terminos-y-condiciones", "/aviso-de-privacidad"]) {
      const page = await open(PHONE, url);
      const time = page.locator("article header time");
      expect(await time.getAttribute("datetime"), url).toBe(dates.get(url));
      expect(await page.locator("article header").textContent(), url).toMatch(
        /Última actualización: \d{1,2} de [a-z]+ de \d{4}/,
      );
      await page.close();
    }
  });

  it("jump to a section from the contents list and back", async () => {
    const page = await open(PHONE, "/terminos-y-condiciones");
    await page.getByRole("navigation", { name: "Contenido" }).getByRole("link", { name: "Garantías" }).click();
    expect(new URL(page.url()).hash).toBe("#garantias");
    expect(await page.locator("#garantias h2").isVisible()).toBe(true);
    await page.locator("#garantias").getByRole("link", { name: "Volver al contenido" }).click();
    expect(new URL(page.url()).hash).toBe("#indice");
    await page.close();
  });
});

describe("not found", () => {
  for (const url of [
    "/servicios/no-existe",
    "/cursos-presenciales/no-existe",
    "/cursos-presenciales/microblading-online",
    "/cursos/no-existe",
    "/cursos/camuflaje-estrias-online",
    "/cursos/microblading-presencial",
  ]) {
    it(`answers ${url} with the Spanish 404 page`, async () => {
      const response = await fetch(`${baseURL}${url}`);
      expect(response.status).toBe(404);
      expect(await response.text()).toContain("Página no encontrada");
    });
  }

  for (const url of ["/no-existe", "/no/existe", "/tu-visita-con-nadie/abc", "/servicios/no-existe", "/a/b/c/d"]) {
    it(`gives ${url} the 404 page's own title, and only that one`, async () => {
      const response = await fetch(`${baseURL}${url}`);
      expect(response.status).toBe(404);
      const html = await response.text();
      expect([...html.matchAll(/<title>([^<]*)<\/title>/g)].map((m) => m[1])).toEqual([
        "Página no encontrada | Michel Alvarez",
      ]);
      expect(html).toMatch(/<meta name="robots" content="noindex[^"]*"/);
    });
  }

  it("names the 404 page in the browser for a two-segment path", async () => {
    const context = await browser.newContext({ viewport: PHONE });
    const page = await context.newPage();
    const response = await page.goto(`${baseURL}/no/existe`);
    expect(response?.status()).toBe(404);
    expect(await page.title()).toBe("Página no encontrada | Michel Alvarez");
    await expect(page.getByRole("heading", { level: 1 }).textContent()).resolves.toBe("Página no encontrada");
    await context.close();
  });

  it("shows the 404 page in the browser for an unknown service", async () => {
    const context = await browser.newContext({ viewport: PHONE });
    const page = await context.newPage();
    const response = await page.goto(`${baseURL}/servicios/no-existe`);
    expect(response?.status()).toBe(404);
    await expect(page.getByRole("heading", { level: 1 }).textContent()).resolves.toBe("Página no encontrada");
    await context.close();
  });
});

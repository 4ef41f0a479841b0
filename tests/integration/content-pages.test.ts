/**
 * Pages whose text lives in content/ on a real database holding the demo export: the sitemap
 * dates them from their files, and an in-person course's facts come from its catalogue row,
 * the one its card reads.
 */
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { LEGAL_SLUGS } from "~/domain/content";
import { courseHours, courseLength } from "~/domain/course-length";
import * as agendarPage from "~/routes/agendar";
import * as bookingPage from "~/routes/agendar-tratamiento";
import * as privacyPage from "~/routes/aviso-de-privacidad";
import { loader as sitemapLoader } from "~/routes/sitemap.xml";
import { bookableTreatments } from "~/server/booking/booking.server";
import { getInPersonCoursePage, listInPersonCourses, listOnlineCourses } from "~/server/school/catalog.server";
import { contentPages, inPersonCourseText, legalDocument } from "~/server/content.server";
import type { Database } from "~/server/db/client.server";
import { cursos } from "~/server/db/schema";
import { makeTreatment, useDemoDatabase } from "../support/fixtures";

/** The five in-person courses with a page (app/server/content.server.test.ts checks which). */
const IN_PERSON_IDS = contentPages()
  .map((page) => page.path.match(/^\/cursos-presenciales\/(.+)$/)?.[1])
  .filter((id) => id !== undefined);

let database: Database;
beforeAll(async () => {
  database = await useDemoDatabase();
});
afterAll(() => database.close());

/** path → lastmod (null when the entry has none) of every <url> of the sitemap. */
async function sitemap(): Promise<Map<string, string | null>> {
  const response = await sitemapLoader();
  expect(response.headers.get("content-type")).toContain("application/xml");
  const xml = await response.text();
  const entries = [...xml.matchAll(/<url><loc>([^<]+)<\/loc>(?:<lastmod>([^<]+)<\/lastmod>)?<\/url>/g)];
  expect(entries.length).toBe(xml.match(/<url>/g)?.length);
  return new Map(entries.map(([, loc, lastmod]) => [decodeURI(new URL(loc).pathname), lastmod ?? null]));
}

it("knows the five in-person course pages", () => {
  expect(IN_PERSON_IDS).toHaveLength(5);
});

describe("sitemap", () => {
  it("dates the legal pages and the in-person course pages with their files' 'actualizado'", async () => {
    const urls = await sitemap();
    for (const slug of LEGAL_SLUGS) {
      expect(urls.get(`/${slug}`), slug).toBe(legalDocument(slug).actualizado);
    }
    for (const id of IN_PERSON_IDS) {
      expect(urls.get(`/cursos-presenciales/${id}`), id).toBe(inPersonCourseText(id)!.actualizado);
    }
    for (const page of contentPages()) expect(urls.get(page.path), page.path).toBe(page.actualizado);
  });

  it("keeps its other entries, without a date", async () => {
    const urls = await sitemap();
    for (const path of ["/", "/nosotros", "/Contacto", "/cursos", "/servicios/cejas", "/cursos/microblading-online"]) {
      expect(urls.has(path), path).toBe(true);
      expect(urls.get(path), path).toBeNull();
    }
    // Unpublished online courses and private pages stay out.
    expect(urls.has("/cursos/camuflaje-estrias-online")).toBe(false);
    expect([...urls.keys()].some((p) => p.startsWith("/tu-visita-con-"))).toBe(false);
  });
});

describe("booking pages for search engines (issue 27)", () => {
  type Tag = Record<string, unknown>;
  const meta = (tags: unknown) => tags as Tag[];
  const content = (tags: Tag[], key: string, value: string) =>
    tags.find((t) => t[key] === value)?.content as string | undefined;
  const canonical = (tags: Tag[]) => tags.find((t) => t.rel === "canonical")?.href as string | undefined;
  // the demo export has the services (with their photos), not the treatments booked online
  beforeAll(() => makeTreatment({ servicioId: "cejas", nombre: "Microblading", anticipo: 50_000 }));

  it("lists /agendar and every bookable treatment's page in the sitemap", async () => {
    const urls = await sitemap();
    const treatments = await bookableTreatments(database.db);
    expect(treatments.length).toBeGreaterThan(0);
    expect(urls.has("/agendar")).toBe(true);
    for (const t of treatments) expect(urls.has(`/agendar/${t.id}`), t.id).toBe(true);
  });

  it("makes a booking page indexable, previewable and canonical without the slot's query", async () => {
    const [treatment] = await bookableTreatments(database.db);
    const request = new Request(`http://localhost/agendar/${treatment!.id}?fecha=2099-01-01&inicio=2099-01-01T16:00:00.000Z&utm_source=wa`);
    const loaderData = await bookingPage.loader({ request, params: { tratamiento: treatment!.id }, context: {} } as never);
    const tags = meta(bookingPage.meta({ loaderData } as never));
    expect(tags.some((t) => t.name === "robots")).toBe(false);
    expect(canonical(tags)).toMatch(new RegExp(`/agendar/${treatment!.id}$`));
    expect(content(tags, "property", "og:url")).toBe(canonical(tags));
    expect(content(tags, "name", "description")).toContain(treatment!.nombre);
    expect(content(tags, "property", "og:image")).toMatch(/^https?:\/\//);
    const ld = tags.find((t) => "script:ld+json" in t)?.["script:ld+json"] as { "@type": string; offers: Record<string, string>; potentialAction: { "@type": string; target: { urlTemplate: string } } };
    expect(ld["@type"]).toBe("Service");
    expect(ld.offers["@type"]).toBe("AggregateOffer");
    expect(Number(ld.offers.lowPrice)).toBeGreaterThan(0);
    expect(ld.potentialAction["@type"]).toBe("ReserveAction");
    expect(ld.potentialAction.target.urlTemplate).toBe(canonical(tags));
  });

  it("gives /agendar and the legal pages a canonical address and preview tags", async () => {
    const request = new Request("http://localhost/agendar?servicio=cejas");
    const agendar = meta(agendarPage.meta({ loaderData: await agendarPage.loader({ request } as never) } as never));
    expect(canonical(agendar)).toMatch(/\/agendar$/);
    const privacy = meta(privacyPage.meta({ loaderData: await privacyPage.loader() } as never));
    expect(canonical(privacy)).toMatch(/\/aviso-de-privacidad$/);
    for (const tags of [agendar, privacy]) {
      for (const property of ["og:title", "og:description", "og:url"]) {
        expect(content(tags, "property", property), property).toBeTruthy();
      }
    }
  });
});

describe("in-person course facts: one source for card and page", () => {
  it("shows on each of the five pages the hours its card shows, from the same row", async () => {
    const cards = await listInPersonCourses();
    for (const id of IN_PERSON_IDS) {
      const card = cards.find((c) => c.id === id)!;
      expect(card.pagina).toBe(`/cursos-presenciales/${id}`);
      const page = await getInPersonCoursePage(id);
      expect(page?.text.id).toBe(id);
      expect(page!.course.horas).toBe(card.horas);
      expect(page!.course.duracion).toBe(card.duracion);
      expect(page!.course.precio).toBe(card.precio);
      expect(courseLength(page!.course)).toContain(courseHours(card));
    }
    // Ombré: the catalogue's '24 horas' on both, no '16 horas' left in the page's text.
    const ombre = await getInPersonCoursePage("ombre-presencial");
    expect(courseLength(ombre!.course)).toBe("3 días (24 horas)");
    expect(JSON.stringify(ombre!.text)).not.toContain("16 horas");
  });

  it("reads a change of the row on the card and the page alike", async () => {
    await database.db.update(cursos).set({ horas: "18 horas", duracion: "2 días" }).where(eq(cursos.id, "labios-presencial"));
    const card = (await listInPersonCourses()).find((c) => c.id === "labios-presencial")!;
    const page = await getInPersonCoursePage("labios-presencial");
    expect(courseHours(card)).toBe("18 horas");
    expect(courseLength(page!.course)).toBe("2 días (18 horas)");
  });

  it("links online cards to their pages", async () => {
    for (const card of await listOnlineCourses()) expect(card.pagina).toBe(`/cursos/${card.id}`);
  });

  it("has no page for an in-person course without a text, nor for a text without its row", async () => {
    await database.db.insert(cursos).values({ id: "pestanas-presencial", titulo: "Pestañas", tipo: "presencial" });
    const card = (await listInPersonCourses()).find((c) => c.id === "pestanas-presencial");
    expect(card?.pagina).toBeNull();
    expect(await getInPersonCoursePage("pestanas-presencial")).toBeNull();
    expect(await getInPersonCoursePage("microblading-online")).toBeNull();

    await database.db.delete(cursos).where(eq(cursos.id, "estrias-presencial"));
    expect(await getInPersonCoursePage("estrias-presencial")).toBeNull();
    const urls = await sitemap();
    expect(urls.has("/cursos-presenciales/pestanas-presencial")).toBe(false);
    expect(urls.has("/cursos-presenciales/estrias-presencial")).toBe(false);
    expect(urls.has("/cursos-presenciales/ombre-presencial")).toBe(true);
  });
});

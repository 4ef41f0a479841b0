/**
 * The site's prose in content/: every file reads with a valid date, the legal documents say
 * what the spec requires with unique anchors, the in-person course texts leave the facts to
 * the catalogue (and agree with the demo catalogue), and broken files are refused by name.
 */
import fs from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { fullAddress, site } from "~/config/site";
import { LEGAL_SLUGS } from "~/domain/content";
import { isCalendarDate } from "~/domain/dates";
import {
  ContentError,
  LEGAL_LAYOUT_IDS,
  contentPages,
  inPersonCoursePath,
  inPersonCourseText,
  legalDocument,
  readContent,
  readContentFolder,
} from "./content.server";

const IN_PERSON_IDS = [
  "microblading-presencial",
  "labios-presencial",
  "estrias-presencial",
  "ombre-presencial",
  "maquillaje-presencial",
];

const allHtml = (slug: (typeof LEGAL_SLUGS)[number], level: 2 | 3 = 2) => {
  const doc = legalDocument(slug, level);
  return [doc.introHtml, ...doc.secciones.map((s) => s.html)].join("\n");
};

/** The visible text of some HTML, entities decoded the way the page shows them. */
const text = (html: string) =>
  html
    .replace(/<[^>]+>/g, " ")
    .replace(/&amp;/g, "&")
    .replace(/&quot;/g, '"')
    .replace(/&#39;/g, "'")
    .replace(/\s+/g, " ");

describe("every content file", () => {
  it("is read by a page, with a real 'actualizado' date", () => {
    const pages = contentPages();
    expect(pages.map((p) => p.path).sort()).toEqual(
      [...LEGAL_SLUGS.map((s) => `/${s}`), ...IN_PERSON_IDS.map((id) => `/cursos-presenciales/${id}`)].sort(),
    );
    for (const page of pages) expect(isCalendarDate(page.actualizado), page.path).toBe(true);
    // What Vite bundles is the folder on disk, file for file (the scripts read the folder).
    // (content/agenda/ is read by the booking pages: booking/content.server.ts; cuidados/ by aftercare.server.ts.)
    const files = Object.keys(readContentFolder());
    expect(files.filter((f) => !f.startsWith("/content/agenda/")).length).toBe(pages.length);
    expect(files.filter((f) => f.startsWith("/content/agenda/")).sort()).toEqual([
      "/content/agenda/consentimiento.md",
      "/content/agenda/contraindicaciones.md",
      "/content/agenda/cuidados/general.md",
      "/content/agenda/cuidados/labios.md",
      "/content/agenda/preparacion.md",
    ]);
    expect(readContent(readContentFolder()).legal.get("terminos-y-condiciones")![2]).toEqual(
      legalDocument("terminos-y-condiciones"),
    );
  });

  it("renders no raw HTML, style or script, and no {{variable}} left unfilled", () => {
    const html = [
      ...LEGAL_SLUGS.flatMap((slug) => [allHtml(slug, 2), allHtml(slug, 3)]),
      ...IN_PERSON_IDS.flatMap((id) => {
        const c = inPersonCourseText(id)!;
        return [...c.sobre, ...c.incluye, ...c.temario, c.lema, c.perfil];
      }),
    ].join("\n");
    expect(html).not.toMatch(/<style|style=|<script|<iframe|on\w+=/i);
    expect(html).not.toMatch(/\{\{|\}\}/);
    // Copy fix: 'al lado de', never 'a lado de'.
    expect(html).not.toMatch(/\ba lado de\b/);
  });
});

describe("legal documents", () => {
  it("fill the studio's facts from site.ts", () => {
    const terms = text(allHtml("terminos-y-condiciones"));
    for (const fact of [site.legalName, fullAddress(), site.email, site.privacyEmail, site.phone]) {
      expect(terms).toContain(fact);
    }
    expect(terms).toContain("Lunes a Viernes, de 9:00 am a 7:00 pm; Sábado, de 9:00 am a 6:00 pm");
    const privacy = text(allHtml("aviso-de-privacidad"));
    for (const fact of [site.legalName, fullAddress(), site.privacyEmail, site.phone]) expect(privacy).toContain(fact);
  });

  it("say what the spec requires: 18 years, no refunds of card charges, liability capped, Guadalajara, ARCO terms", () => {
    const terms = text(allHtml("terminos-y-condiciones"));
    expect(terms).toContain("mayor de dieciocho (18) años");
    expect(terms).toContain("los cargos realizados con tarjeta por compras en el Sitio no son reembolsables");
    expect(terms).toContain("se limitará al monto efectivamente pagado");
    expect(terms).toContain("tribunales competentes de la ciudad de Guadalajara, Jalisco");
    const privacy = text(allHtml("aviso-de-privacidad"));
    expect(privacy).toContain("tres (3) días hábiles");
    expect(privacy).toContain("cinco (5) días hábiles");
  });

  it("give every section its own anchor, unique on the combined page and apart from the layout's", () => {
    const ids = LEGAL_SLUGS.flatMap((slug) => [slug, ...legalDocument(slug).secciones.map((s) => s.id)]);
    expect(new Set(ids).size).toBe(ids.length);
    for (const id of LEGAL_LAYOUT_IDS) expect(ids).not.toContain(id);
    // Anchors that pages and mails already link to stay where they were.
    expect(ids).toEqual(expect.arrayContaining(["proveedor", "reembolsos", "garantias", "derechos-arco", "cookies"]));
    for (const slug of LEGAL_SLUGS) {
      const own = new Set(legalDocument(slug).secciones.map((s) => s.id));
      for (const [, target] of allHtml(slug).matchAll(/href="#([^"]+)"/g)) expect(own.has(target), target).toBe(true);
    }
  });

  it("put subheadings one level under their section: h3 alone, h4 on the combined page", () => {
    for (const slug of LEGAL_SLUGS) {
      expect(allHtml(slug, 2)).toMatch(/<h3>/);
      expect(allHtml(slug, 2)).not.toMatch(/<h[124]/);
      expect(allHtml(slug, 3)).toMatch(/<h4>/);
      expect(allHtml(slug, 3)).not.toMatch(/<h[123]/);
    }
  });

  it("open links to other sites in a new tab, and keep mail subjects", () => {
    const terms = allHtml("terminos-y-condiciones");
    expect(terms).toContain(
      '<a target="_blank" rel="noopener noreferrer" href="https://www.gob.mx/profeco">www.gob.mx/profeco</a>',
    );
    expect(terms).toContain(`href="mailto:${site.email}?subject=Revocaci%C3%B3n%20de%20compra"`);
    expect(terms).toContain('<a href="/aviso-de-privacidad">Aviso de Privacidad</a>');
    expect(terms).not.toMatch(/<a target="_blank"[^>]*href="(?!https)/);
  });
});

describe("in-person course pages", () => {
  it("exist for exactly the five in-person course ids", () => {
    for (const id of IN_PERSON_IDS) {
      expect(inPersonCourseText(id)?.id).toBe(id);
      expect(inPersonCoursePath(id)).toBe(`/cursos-presenciales/${id}`);
    }
  });

  it("do not exist for any other id, including near misses", () => {
    for (const id of ["microblading", "Microblading-presencial", "curso-online", "", "toString", "__proto__"]) {
      expect(inPersonCourseText(id)).toBeNull();
      expect(inPersonCoursePath(id)).toBeNull();
    }
  });

  it("give every course its advice months, 3 model practices and a syllabus", () => {
    for (const id of IN_PERSON_IDS) {
      const course = inPersonCourseText(id)!;
      const months = Number(course.asesoria.match(/^(\d+) meses/)?.[1]);
      expect(months).toBeGreaterThanOrEqual(6);
      expect(months).toBeLessThanOrEqual(21);
      expect(course.practicas).toBe("3 prácticas con modelo real");
      expect(course.temario.length).toBeGreaterThan(3);
      expect(course.incluye.length).toBeGreaterThan(2);
    }
  });

  it("leave hours, duration, dates and price to the catalogue row (one source with the card)", () => {
    const count = "(\\d+|un|una|dos|tres|cuatro|cinco|seis|siete|ocho|nueve|diez)";
    const facts = new RegExp(`\\b${count}\\s+(horas?|días?|sábados?|sesiones|semanas?)\\b|\\$\\s?\\d|\\bMXN\\b`, "i");
    for (const id of IN_PERSON_IDS) {
      const c = inPersonCourseText(id)!;
      for (const line of [c.titulo, c.lema, c.perfil, ...c.sobre, ...c.incluye, ...c.temario]) {
        expect(line, id).not.toMatch(facts);
      }
    }
  });

  it("agree with the demo catalogue: an in-person row with hours, duration and the same kit", () => {
    const demo = JSON.parse(fs.readFileSync(path.resolve("seed/demo.json"), "utf8")) as {
      cursos: { id: string; tipo: string; horas: string; duracion: string; kit: string; fechaInicio: string }[];
    };
    for (const id of IN_PERSON_IDS) {
      const row = demo.cursos.find((c) => c.id === id);
      expect(row?.tipo, id).toBe("precensial");
      expect(row?.horas, id).toMatch(/^\d+ horas$/);
      expect(row?.duracion, id).not.toBe("");
      expect(row?.fechaInicio, id).not.toBe("");
      // The kit the page's tile shows (the row's) is the one its 'Qué incluye' list names.
      const kit = row?.kit.match(/20 (tratamientos|maquillajes)/)?.[0];
      expect(kit, id).toBeDefined();
      expect(inPersonCourseText(id)!.incluye.some((item) => item.includes(kit!)), id).toBe(true);
    }
  });
});

describe("a broken content file", () => {
  const good = readContentFolder();
  const terms = "/content/legal/terminos-y-condiciones.md";
  const course = "/content/cursos-presenciales/ombre-presencial.md";
  const edit = (file: string, change: (text: string) => string) => ({ ...good, [file]: change(good[file]) });

  function refused(files: Record<string, string>, message: RegExp) {
    let error: unknown;
    try {
      readContent(files);
    } catch (e) {
      error = e;
    }
    expect(error).toBeInstanceOf(ContentError);
    expect((error as Error).message).toMatch(message);
  }

  it("reads as it is", () => {
    expect(() => readContent(good)).not.toThrow();
  });

  it("is refused for a missing or impossible date, naming the file", () => {
    refused(
      edit(terms, (t) => t.replace(/actualizado: .*\n/, "")),
      /^content\/legal\/terminos-y-condiciones\.md: .*actualizado/s,
    );
    refused(
      edit(terms, (t) => t.replace(/actualizado: .*\n/, "actualizado: 2026-02-30\n")),
      /fecha real escrita AAAA-MM-DD/,
    );
    refused(
      edit(course, (t) => t.replace(/actualizado: .*\n/, "actualizado: ayer\n")),
      /ombre-presencial\.md.*AAAA-MM-DD/s,
    );
  });

  it("is refused without front matter, with broken YAML or an unknown field", () => {
    refused(
      edit(terms, (t) => t.replace(/^---\n[\s\S]*?\n---\n/, "")),
      /falta el encabezado/,
    );
    refused(
      edit(terms, (t) => t.replace("titulo: ", "titulo: [")),
      /encabezado inválido/,
    );
    refused(
      edit(course, (t) => t.replace("lema:", "horas: 16 horas\nlema:")),
      /horas/,
    );
  });

  it("is refused for raw HTML (no <style>, no <script>)", () => {
    refused(
      edit(terms, (t) => `${t}\n<style>body { color: red }</style>\n`),
      /no se permite HTML/,
    );
    refused(
      edit(course, (t) => t.replace("- Manual digital", "- Manual <b>digital</b>")),
      /no se permite HTML/,
    );
  });

  it("is refused for an unknown {{variable}} or unclosed braces", () => {
    refused(
      edit(terms, (t) => t.replace("{{nombre}}", "{{nombre_comercial}}")),
      /no existe la variable \{\{nombre_comercial\}\}/,
    );
    refused(
      edit(terms, (t) => t.replace("{{nombre}}", "{{nombre}")),
      /llaves sin cerrar/,
    );
  });

  it("is refused when a section lacks its anchor, repeats one, or a link goes nowhere", () => {
    refused(
      edit(terms, (t) => t.replace(" {#proveedor}", "")),
      /necesita su ancla/,
    );
    refused(
      edit("/content/legal/aviso-de-privacidad.md", (t) => t.replace("{#seguridad}", "{#garantias}")),
      /#garantias ya se usa/,
    );
    refused(
      edit(terms, (t) => t.replace("{#definiciones}", "{#contenido}")),
      /#contenido ya se usa/,
    );
    refused(
      edit(terms, (t) => t.replace("(#reembolsos)", "(#reembolso)")),
      /#reembolso no lleva a ninguna sección/,
    );
  });

  it("is refused when a course page's sections are missing, renamed or of the wrong kind", () => {
    refused(
      edit(course, (t) => t.replace("## Temario", "## Programa")),
      /tres secciones/,
    );
    refused(
      edit(course, (t) => t.replace(/## Temario[\s\S]*$/, "")),
      /tres secciones/,
    );
    refused(
      edit(course, (t) => t.replace("1. Tipos de piel", "- Tipos de piel")),
      /«Temario» es una sola lista numerada/,
    );
    refused(
      edit(course, (t) => t.replace("## Qué incluye\n", "## Qué incluye\n\nIncluye:\n")),
      /«Qué incluye» es una sola lista/,
    );
  });

  it("is refused when a file is missing or no page uses it", () => {
    const { [terms]: _removed, ...withoutTerms } = good;
    refused(withoutTerms, /terminos-y-condiciones\.md: no existe/);
    refused({ ...good, "/content/legal/cookies.md": good[terms] }, /cookies\.md: ninguna página usa este archivo/);
    refused(
      { ...good, "/content/cursos-presenciales/Curso Nuevo.md": good[course] },
      /el nombre del archivo es el id del curso/,
    );
  });
});

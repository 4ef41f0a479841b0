/**
 * The site's prose, kept as Markdown files with front matter under `content/` so that the
 * studio (or its lawyer) edits words without touching code; content/README.md tells how.
 *
 *   content/legal/<slug>.md                the terms and the privacy notice
 *   content/cursos-presenciales/<id>.md    the marketing text of the in-person course pages
 *
 * Vite bundles the files into the server build (import.meta.glob ?raw), so the build carries
 * them whatever the working directory (the tsx scripts, which run without Vite, read the folder). They are read, checked and rendered once, when this
 * module loads: a broken file stops the server at start-up (and fails the tests), never a
 * request. Each file has one date, `actualizado`, which its page prints and the sitemap uses.
 *
 * Markdown is rendered by `marked`, front matter read by `yaml` and checked by zod. Studio
 * facts (name, address, mail, phone, hours, claims) are written as {{variables}} and come from
 * app/config/site.ts. Raw HTML is refused: the output is our own, trusted, and style-free.
 */
import fs from "node:fs";
import path from "node:path";
import { Lexer, Marked, Parser, Renderer, type Token, type Tokens } from "marked";
import { parse as parseYaml } from "yaml";
import { z } from "zod";
import { fullAddress, site } from "~/config/site";
import {
  type ContentPage,
  type InPersonCourseText,
  LEGAL_SLUGS,
  type LegalDocument,
  type LegalSlug,
} from "~/domain/content";
import { isCalendarDate } from "~/domain/dates";

type Files = Readonly<Record<string, string>>;

/**
 * The content files from the folder on disk, keyed like import.meta.glob's ('/content/legal/x.md').
 * Only where no Vite runs: the command-line scripts (tsx), which reach this module through auth.
 */
export function readContentFolder(root: URL = new URL("../../content/", import.meta.url)): Files {
  const files: Record<string, string> = {};
  for (const name of fs.readdirSync(root, { recursive: true, encoding: "utf8" })) {
    const relative = name.split(path.sep).join("/");
    if (relative.endsWith(".md") && relative !== "README.md") {
      files[`/content/${relative}`] = fs.readFileSync(new URL(relative, root), "utf8");
    }
  }
  return files;
}

// Vite (the server build, development, Vitest) defines import.meta.env and bundles the files.
const FILES: Files = import.meta.env
  ? import.meta.glob<string>(["/content/**/*.md", "!/content/README.md"], {
      query: "?raw",
      import: "default",
      eager: true,
    })
  : readContentFolder();

/** A content file that cannot be used, named by its path. */
export class ContentError extends Error {
  constructor(file: string, problem: string) {
    super(`${file.replace(/^\//, "")}: ${problem}`);
    this.name = "ContentError";
  }
}

// ---------------------------------------------------------------- reading a file

/** Studio facts the prose may name, so that a new phone or address is one edit (site.ts). */
const VARIABLES: Readonly<Record<string, string>> = {
  nombre: site.name,
  razon_social: site.legalName,
  domicilio: fullAddress(),
  correo: site.email,
  correo_privacidad: site.privacyEmail,
  telefono: site.phone,
  telefono_enlace: site.phoneHref,
  horario: site.hours.map((h) => `${h.days}, de ${h.open} a ${h.close}`).join("; "),
  cejas: site.claims.brows,
  alumnas: site.claims.students,
};

function fillVariables(file: string, text: string): string {
  const filled = text.replace(/\{\{\s*(\w+)\s*\}\}/g, (_match, name: string) => {
    if (!Object.hasOwn(VARIABLES, name)) {
      throw new ContentError(file, `no existe la variable {{${name}}} (existen: ${Object.keys(VARIABLES).join(", ")})`);
    }
    return VARIABLES[name];
  });
  const stray = /\{\{|\}\}/.exec(filled);
  if (stray)
    throw new ContentError(file, `llaves sin cerrar cerca de «${filled.slice(stray.index, stray.index + 30)}»`);
  return filled;
}

const calendarDate = z.string().refine(isCalendarDate, "debe ser una fecha real escrita AAAA-MM-DD");
const line = z.string().trim().min(1).max(300);

const FRONT_MATTER = /^---\r?\n([\s\S]*?)\r?\n---[ \t]*(?:\r?\n|$)/;

/** Front matter (checked against `schema`, variables filled) and the Markdown body. */
function readFile<S extends z.ZodType<Record<string, string>>>(files: Files, file: string, schema: S) {
  const raw = files[file];
  if (raw === undefined) throw new ContentError(file, "no existe");
  const match = FRONT_MATTER.exec(raw);
  if (!match) throw new ContentError(file, "falta el encabezado entre líneas '---' (front matter)");
  let data: unknown;
  try {
    data = parseYaml(match[1]);
  } catch (error) {
    throw new ContentError(file, `encabezado inválido: ${(error as Error).message}`);
  }
  const parsed = schema.safeParse(data);
  if (!parsed.success) throw new ContentError(file, `encabezado inválido:\n${z.prettifyError(parsed.error)}`);
  const meta = Object.fromEntries(
    Object.entries(parsed.data).map(([key, value]) => [key, fillVariables(file, value)]),
  ) as z.infer<S>;
  return { meta, body: fillVariables(file, raw.slice(match[0].length)) };
}

/** Markdown renderer; `sectionLevel` is the heading level of the `##` sections on the page. */
function markdown(sectionLevel: 2 | 3) {
  return new Marked({
    gfm: true,
    renderer: {
      // Subheadings (###) sit one level under their section: h3 alone, h4 on the combined page.
      heading({ tokens, depth }) {
        const level = depth + sectionLevel - 2;
        return `<h${level}>${this.parser.parseInline(tokens)}</h${level}>\n`;
      },
      // Links to other sites open in a new tab, as the studio's pages do.
      link(token) {
        const html = Renderer.prototype.link.call(this, token);
        return /^https?:\/\//.test(token.href)
          ? html.replace("<a ", '<a target="_blank" rel="noopener noreferrer" ')
          : html;
      },
    },
  });
}

const MARKDOWN = { 2: markdown(2), 3: markdown(3) } as const;
const lexer = MARKDOWN[2];

/** The file's tokens, grouped: what comes before the first `##`, then each `##` with what follows. */
function sections(file: string, body: string) {
  const tokens = lexer.lexer(body);
  lexer.walkTokens(tokens, (token) => {
    if (token.type === "html") throw new ContentError(file, `no se permite HTML: ${token.raw.trim().slice(0, 60)}`);
  });
  const intro: Token[] = [];
  const groups: { heading: Tokens.Heading; tokens: Token[] }[] = [];
  for (const token of tokens) {
    if (token.type === "heading" && token.depth === 2) groups.push({ heading: token as Tokens.Heading, tokens: [] });
    else if (token.type === "heading" && token.depth !== 3) {
      throw new ContentError(file, `solo se usan títulos ## y ###: «${token.raw.trim()}»`);
    } else (groups.at(-1)?.tokens ?? intro).push(token);
  }
  return { intro, groups };
}

const inline = (text: string) => MARKDOWN[2].parseInline(text, { async: false });
/** Inline Markdown as plain text (a section title: the page and its contents list print it). */
const plainText = (text: string) => {
  const parser = new Parser();
  return parser.parseInline(Lexer.lexInline(text), parser.textRenderer);
};
const blocks = (tokens: Token[], level: 2 | 3) => MARKDOWN[level].parser(tokens);

// ---------------------------------------------------------------- legal documents

const legalMeta = z.strictObject({ titulo: line, actualizado: calendarDate });

/** `## Título {#ancla}`: the anchor is written, so that renaming a section keeps its links. */
const ANCHOR = /\s*\{#([a-z0-9]+(?:-[a-z0-9]+)*)\}\s*$/;

/** Ids the legal pages' layout uses itself: a section may not take them. */
export const LEGAL_LAYOUT_IDS = ["contenido", "indice"] as const;

function readLegal(files: Files, slug: LegalSlug) {
  const file = `/content/legal/${slug}.md`;
  const { meta, body } = readFile(files, file, legalMeta);
  const { intro, groups } = sections(file, body);
  if (intro.some((t) => t.type === "heading")) throw new ContentError(file, "un ### antes de la primera sección ##");
  const secciones = groups.map(({ heading, tokens }) => {
    const anchor = ANCHOR.exec(heading.text);
    if (!anchor) throw new ContentError(file, `la sección «${heading.text}» necesita su ancla: ## Título {#ancla}`);
    return { id: anchor[1], titulo: heading.text.replace(ANCHOR, ""), tokens };
  });
  if (secciones.length === 0) throw new ContentError(file, "no tiene secciones ##");
  // Links inside the document (#reembolsos) must land on one of its sections.
  const ids = new Set(secciones.map((s) => s.id));
  lexer.walkTokens([...intro, ...secciones.flatMap((s) => s.tokens)], (token) => {
    if (token.type === "link" && token.href.startsWith("#") && !ids.has(token.href.slice(1))) {
      throw new ContentError(file, `el enlace ${token.href} no lleva a ninguna sección`);
    }
  });
  const render = (level: 2 | 3): LegalDocument => ({
    slug,
    titulo: meta.titulo,
    actualizado: meta.actualizado,
    introHtml: blocks(intro, level),
    secciones: secciones.map((s) => ({ id: s.id, titulo: plainText(s.titulo), html: blocks(s.tokens, level) })),
  });
  return { 2: render(2), 3: render(3) };
}

// ---------------------------------------------------------------- in-person courses

const courseMeta = z.strictObject({
  titulo: line,
  lema: line,
  perfil: line,
  asesoria: line,
  practicas: line,
  actualizado: calendarDate,
});

const COURSE_SECTIONS = ["Sobre el curso", "Qué incluye", "Temario"] as const;
const COURSE_DIR = "/content/cursos-presenciales/";

function readCourse(files: Files, file: string): InPersonCourseText {
  const id = file.slice(COURSE_DIR.length, -".md".length);
  if (!/^[a-z0-9]+(?:-[a-z0-9]+)*$/.test(id)) throw new ContentError(file, "el nombre del archivo es el id del curso");
  const { meta, body } = readFile(files, file, courseMeta);
  const { intro, groups } = sections(file, body);
  const titles = groups.map((g) => g.heading.text);
  if (intro.some((t) => t.type !== "space") || titles.join("|") !== COURSE_SECTIONS.join("|")) {
    throw new ContentError(
      file,
      `el texto va en tres secciones, en orden: ${COURSE_SECTIONS.map((s) => `## ${s}`).join(", ")}`,
    );
  }
  const [sobre, incluye, temario] = groups.map((g) => g.tokens.filter((t) => t.type !== "space"));
  if (sobre.length === 0 || sobre.some((t) => t.type !== "paragraph")) {
    throw new ContentError(file, "«Sobre el curso» lleva solo párrafos");
  }
  const list = (tokens: Token[], ordered: boolean, name: string) => {
    const [only] = tokens;
    if (tokens.length !== 1 || only.type !== "list" || (only as Tokens.List).ordered !== ordered) {
      throw new ContentError(file, `«${name}» es una sola lista ${ordered ? "numerada (1. …)" : "con guiones (- …)"}`);
    }
    return (only as Tokens.List).items.map((item) => inline(item.text));
  };
  return {
    id,
    ...meta,
    sobre: sobre.map((p) => inline((p as Tokens.Paragraph).text)),
    incluye: list(incluye, false, "Qué incluye"),
    temario: list(temario, true, "Temario"),
  };
}

// ---------------------------------------------------------------- all of it, once

/**
 * Reads and checks every content file (`files`: path → text, as import.meta.glob gives them).
 * Throws a ContentError naming the file and the problem; a file no page uses is one too.
 */
export function readContent(files: Files) {
  const legal = new Map(LEGAL_SLUGS.map((slug) => [slug, readLegal(files, slug)]));
  // Both documents share the combined page /terminos-y-privacidad: every id once on it.
  const seen = new Set<string>(LEGAL_LAYOUT_IDS);
  for (const doc of legal.values()) {
    for (const id of [doc[2].slug, ...doc[2].secciones.map((s) => s.id)]) {
      if (seen.has(id)) throw new ContentError(`/content/legal/${doc[2].slug}.md`, `el ancla #${id} ya se usa`);
      seen.add(id);
    }
  }
  const courses = new Map<string, InPersonCourseText>();
  for (const file of Object.keys(files).sort()) {
    if (file.startsWith(COURSE_DIR)) {
      const course = readCourse(files, file);
      courses.set(course.id, course);
    } else if (file.startsWith("/content/agenda/")) {
      // The booking's texts (consent questions, preparation): read by booking/content.server.ts.
    } else if (!LEGAL_SLUGS.some((slug) => file === `/content/legal/${slug}.md`)) {
      throw new ContentError(file, "ninguna página usa este archivo");
    }
  }
  return { legal, courses };
}

const CONTENT = readContent(FILES);

// ---------------------------------------------------------------- what pages ask

/**
 * A legal document rendered for its page: `sectionLevel` 2 on its own page, 3 inside the
 * combined page (where each document is an h2).
 */
export function legalDocument(slug: LegalSlug, sectionLevel: 2 | 3 = 2): LegalDocument {
  const doc = CONTENT.legal.get(slug);
  if (!doc) throw new Error(`Unknown legal document: ${slug}`);
  return doc[sectionLevel];
}

/** The text of an in-person course page; null for a course without one (its page is a 404). */
export function inPersonCourseText(id: string): InPersonCourseText | null {
  return CONTENT.courses.get(id) ?? null;
}

/** The page of an in-person course, or null when it has none (SPEC §2: only five do). */
export function inPersonCoursePath(id: string): string | null {
  return CONTENT.courses.has(id) ? `/cursos-presenciales/${id}` : null;
}

/** The pages whose text lives here, with the date it last changed: the sitemap's <lastmod>. */
export function contentPages(): ContentPage[] {
  return [
    ...LEGAL_SLUGS.map((slug) => ({ path: `/${slug}`, actualizado: legalDocument(slug).actualizado })),
    ...[...CONTENT.courses.values()].map((c) => ({ path: `/cursos-presenciales/${c.id}`, actualizado: c.actualizado })),
  ];
}

/**
 * The shapes of the site's prose once read from `content/` (app/server/content.server.ts reads
 * and renders it; pages draw it). HTML strings come from our own Markdown files: trusted, with
 * no raw HTML allowed in them.
 */

/** A numbered section of a legal document; `id` is its anchor (`#reembolsos`). */
export type LegalSection = {
  id: string;
  /** the heading, as plain text */
  titulo: string;
  /** the body: paragraphs, lists and subheadings */
  html: string;
};

/** The privacy notice or the terms (content/legal/<slug>.md). */
export type LegalDocument = {
  /** the file's name, which is also the page's path and the document's anchor on the combined page */
  slug: LegalSlug;
  titulo: string;
  /** last update, 'YYYY-MM-DD': printed under the title and the sitemap's <lastmod> */
  actualizado: string;
  introHtml: string;
  secciones: LegalSection[];
};

export const LEGAL_SLUGS = ["terminos-y-condiciones", "aviso-de-privacidad"] as const;
export type LegalSlug = (typeof LEGAL_SLUGS)[number];

/**
 * The marketing text of an in-person course page (content/cursos-presenciales/<id>.md). The
 * course's facts (hours, duration, dates, place, group, requirements, kit, diploma, price) are
 * not here: they are the catalogue row's, which the course card reads too.
 */
export type InPersonCourseText = {
  id: string;
  titulo: string;
  /** one line under the title */
  lema: string;
  /** who the course is for */
  perfil: string;
  /** months of advice after the course, e.g. '21 meses de asesoría personalizada' */
  asesoria: string;
  /** model practices, e.g. '3 prácticas con modelo real' */
  practicas: string;
  actualizado: string;
  /** 'Sobre el curso': paragraphs as inline HTML */
  sobre: string[];
  /** 'Qué incluye': items as inline HTML */
  incluye: string[];
  /** 'Temario': items as inline HTML, in order */
  temario: string[];
};

/** A page whose text lives in `content/`, with the date it last changed (for the sitemap). */
export type ContentPage = { path: string; actualizado: string };

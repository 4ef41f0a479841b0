/**
 * The booking's texts (content/agenda/, ADR 009): the health and consent questions with the
 * declaration signed under them, and what to bring and how to prepare. Read and checked once
 * at start-up: a broken file stops the server with its name, as the other content does.
 */
import { Marked } from "marked";
import { parse as parseYaml } from "yaml";
import { z } from "zod";
import type { ConsentQuestion } from "~/domain/booking";
import type { Contraindication } from "~/domain/contraindications";
import { ContentError, readContentFolder } from "../content.server";

type Files = Readonly<Record<string, string>>;

const FILES: Files = import.meta.env
  ? import.meta.glob<string>("/content/agenda/*.md", { query: "?raw", import: "default", eager: true })
  : readContentFolder();

const FRONT_MATTER = /^---\r?\n([\s\S]*?)\r?\n---[ \t]*(?:\r?\n|$)/;
const marked = new Marked({ gfm: true });

function read<S extends z.ZodType>(file: string, schema: S): { meta: z.infer<S>; html: string } {
  const raw = FILES[file];
  if (raw === undefined) throw new ContentError(file, "no existe");
  const match = FRONT_MATTER.exec(raw);
  if (!match) throw new ContentError(file, "falta el encabezado entre líneas '---' (front matter)");
  const parsed = schema.safeParse(parseYaml(match[1]));
  if (!parsed.success) throw new ContentError(file, `encabezado inválido:\n${z.prettifyError(parsed.error)}`);
  const body = raw.slice(match[0].length);
  // Markdown only, as the other content: no raw HTML can reach the pages.
  if (/<[a-z!/]/i.test(body)) throw new ContentError(file, "no se permite HTML; use Markdown");
  return { meta: parsed.data, html: marked.parse(body, { async: false }) };
}

const line = z.string().trim().min(1).max(300);

const consent = read(
  "/content/agenda/consentimiento.md",
  z.object({
    titulo: line,
    /** the version a signature names (issue 30): `version: 2026-11` */
    version: z.coerce.string().trim().min(1).max(40),
    actualizado: line,
    preguntas: z
      .array(z.object({ id: z.string().regex(/^[a-z0-9-]{1,40}$/), texto: line, solo: line.optional() }))
      .min(1)
      .max(40),
  }),
);

const contraindications = read(
  "/content/agenda/contraindicaciones.md",
  z.object({
    titulo: line,
    actualizado: line,
    contraindicaciones: z
      .array(
        z.object({
          pregunta: z.string().regex(/^[a-z0-9-]{1,40}$/),
          nivel: z.enum(["absoluta", "relativa"]),
          motivo: line,
          solo: line.optional(),
        }),
      )
      .max(60),
  }),
);
// Every entry names a question of the form: a typo must stop the start, not let a booking through.
for (const c of contraindications.meta.contraindicaciones) {
  if (!consent.meta.preguntas.some((q) => q.id === c.pregunta)) {
    throw new ContentError(
      "/content/agenda/contraindicaciones.md",
      `la pregunta '${c.pregunta}' no está en consentimiento.md`,
    );
  }
}

const preparation = read("/content/agenda/preparacion.md", z.object({ titulo: line, actualizado: line }));

export function consentForm(): { version: string; titulo: string; preguntas: ConsentQuestion[]; declaracionHtml: string } {
  return {
    version: consent.meta.version,
    titulo: consent.meta.titulo,
    preguntas: consent.meta.preguntas,
    declaracionHtml: consent.html,
  };
}

export function preparationText(): { titulo: string; html: string } {
  return { titulo: preparation.meta.titulo, html: preparation.html };
}

/** The studio's contraindications and the text the client reads when one stops the booking. */
export function contraindicationList(): { titulo: string; lista: Contraindication[]; html: string } {
  return {
    titulo: contraindications.meta.titulo,
    lista: contraindications.meta.contraindicaciones,
    html: contraindications.html,
  };
}

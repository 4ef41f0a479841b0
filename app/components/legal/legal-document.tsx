import type { ReactNode } from "react";
import { ContentHtml } from "~/components/content/content-html";
import type { LegalDocument, LegalSection } from "~/domain/content";
import { formatSpanishCalendarDate } from "~/domain/dates";

/**
 * Shared layout of the legal pages (privacy notice, terms, and the page that combines both).
 *
 * The documents' text lives in content/legal/*.md; the server renders it (app/server/
 * content.server.ts) and this layout draws it: a title, the date of the last update, an
 * optional introduction, a contents list and numbered sections, each with its anchor. The
 * same document renders alone (sections are `h2`) or inside the combined page (each document
 * is an `h2`, its sections `h3`, their subheadings one level lower still).
 */

type LegalDocumentProps = {
  title: string;
  /** 'YYYY-MM-DD' */
  actualizado: string;
  intro?: ReactNode;
} & ({ sections: LegalSection[]; documents?: never } | { documents: LegalDocument[]; sections?: never });

/** The contents list's anchor ('Volver al contenido'); the page's <main> is #contenido. */
const INDEX_ID = "indice";

/** Body typography: sans serif, generous line height, theme colours, lists and links styled. */
const PROSE = [
  "break-words text-[1.0625rem] leading-[1.8] text-ink",
  "[&_p]:mt-4",
  "[&_ul]:mt-4 [&_ul]:list-disc [&_ul]:space-y-2 [&_ul]:pl-6 [&_ul]:marker:text-clay",
  "[&_ol]:mt-4 [&_ol]:list-[lower-alpha] [&_ol]:space-y-2 [&_ol]:pl-7 [&_ol]:marker:text-clay-dark",
  "[&_li]:pl-1 [&_li>p]:mt-2",
  "[&_a]:font-medium [&_a]:text-clay-dark [&_a]:underline [&_a]:decoration-clay/50 [&_a]:underline-offset-4 [&_a:hover]:decoration-clay-dark",
  "[&_strong]:font-medium [&_strong]:text-cocoa",
].join(" ");

/** Subheadings inside a section body: h3 on a single document, h4 on the combined page. */
const SUBHEADINGS = [
  "[&_h3]:mt-8 [&_h3]:font-serif [&_h3]:text-xl [&_h3]:font-semibold [&_h3]:tracking-wide [&_h3]:text-cocoa md:[&_h3]:text-2xl",
  "[&_h4]:mt-8 [&_h4]:font-serif [&_h4]:text-xl [&_h4]:font-semibold [&_h4]:tracking-wide [&_h4]:text-cocoa md:[&_h4]:text-2xl",
].join(" ");

const SECTION_SPACING = "mt-14 scroll-mt-24 first:mt-0 md:scroll-mt-28";

function SectionNumber({ n }: { n: number }) {
  return <span className="mr-2 text-clay-dark">{n}.</span>;
}

function BackToContents() {
  return (
    <p className="mt-6 text-sm md:hidden">
      <a href={`#${INDEX_ID}`}>Volver al contenido</a>
    </p>
  );
}

function Sections({ sections, level }: { sections: LegalSection[]; level: 2 | 3 }) {
  const Heading = level === 2 ? "h2" : "h3";
  const headingClass =
    level === 2
      ? "font-serif text-[1.75rem] font-semibold leading-tight tracking-wide text-cocoa md:text-[2rem]"
      : "font-serif text-2xl font-semibold leading-tight tracking-wide text-cocoa md:text-[1.75rem]";
  return sections.map((section, index) => (
    <section key={section.id} id={section.id} className={SECTION_SPACING}>
      <Heading className={headingClass}>
        <SectionNumber n={index + 1} />
        {section.titulo}
      </Heading>
      <ContentHtml html={section.html} className={SUBHEADINGS} />
      <BackToContents />
    </section>
  ));
}

function TocList({ sections }: { sections: LegalSection[] }) {
  return (
    <ol className="space-y-1.5">
      {sections.map((section, index) => (
        <li key={section.id} className="flex gap-2">
          <span className="w-6 shrink-0 text-right tabular-nums text-muted">{index + 1}.</span>
          <a href={`#${section.id}`} className="text-cocoa hover:text-clay-dark hover:underline">
            {section.titulo}
          </a>
        </li>
      ))}
    </ol>
  );
}

export function LegalDocumentLayout(props: LegalDocumentProps) {
  const { title, actualizado, intro } = props;

  return (
    <article className="container-page py-12 md:py-20">
      <header className="max-w-[70ch]">
        <p className="eyebrow text-clay-dark">Información legal</p>
        <h1 className="mt-3 font-serif text-[2.25rem] font-semibold leading-[1.1] tracking-wide text-cocoa md:text-5xl">
          {title}
        </h1>
        <p className="mt-4 text-sm text-muted">
          Última actualización: <time dateTime={actualizado}>{formatSpanishCalendarDate(actualizado)}</time>
        </p>
        {intro ? <div className={`mt-6 ${PROSE}`}>{intro}</div> : null}
      </header>

      <div className="mt-10 md:mt-14 md:grid md:grid-cols-[15rem_minmax(0,1fr)] md:gap-12 lg:grid-cols-[18rem_minmax(0,1fr)] lg:gap-16">
        <nav
          id={INDEX_ID}
          aria-label="Contenido"
          className="scroll-mt-24 rounded-2xl border border-sand bg-white/60 p-5 text-[0.95rem] leading-snug md:sticky md:top-28 md:max-h-[calc(100vh-8.5rem)] md:self-start md:overflow-y-auto print:hidden"
        >
          <p className="eyebrow text-clay-dark">Contenido</p>
          <div className="mt-4">
            {props.documents ? (
              <ol className="space-y-5">
                {props.documents.map((doc) => (
                  <li key={doc.slug}>
                    <a
                      href={`#${doc.slug}`}
                      className="font-serif text-lg font-semibold text-cocoa hover:text-clay-dark hover:underline"
                    >
                      {doc.titulo}
                    </a>
                    <div className="mt-2">
                      <TocList sections={doc.secciones} />
                    </div>
                  </li>
                ))}
              </ol>
            ) : (
              <TocList sections={props.sections} />
            )}
          </div>
        </nav>

        <div className={`mt-12 max-w-[70ch] md:mt-0 ${PROSE}`}>
          {props.documents ? (
            props.documents.map((doc) => (
              <section key={doc.slug} id={doc.slug} className="mt-20 scroll-mt-24 first:mt-0 md:scroll-mt-28">
                <h2 className="border-b border-sand pb-4 font-serif text-[2rem] font-semibold leading-tight tracking-wide text-cocoa md:text-[2.5rem]">
                  {doc.titulo}
                </h2>
                {doc.introHtml ? <ContentHtml html={doc.introHtml} className="mt-6" /> : null}
                <div className="mt-10">
                  <Sections sections={doc.secciones} level={3} />
                </div>
              </section>
            ))
          ) : (
            <Sections sections={props.sections} level={2} />
          )}
        </div>
      </div>
    </article>
  );
}

/** One legal document on its own page. */
export function LegalDocumentPage({ document }: { document: LegalDocument }) {
  return (
    <LegalDocumentLayout
      title={document.titulo}
      actualizado={document.actualizado}
      intro={document.introHtml ? <ContentHtml html={document.introHtml} /> : null}
      sections={document.secciones}
    />
  );
}

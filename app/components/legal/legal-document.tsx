import { createContext, type ReactNode, useContext } from "react";

/**
 * Shared layout of the legal pages (privacy notice, terms, and the page that combines both).
 *
 * A document is data: a title, an optional introduction and numbered sections, each with an
 * id (its anchor) and its body. The same data renders alone (sections are `h2`) or inside the
 * combined page (each document is an `h2`, its sections `h3`), so every text lives in one place.
 */

export const LEGAL_LAST_UPDATED = { iso: "2026-11-22", label: "22 de noviembre de 2026" } as const;

export type LegalSection = {
  /** Anchor id: unique across both documents, because the combined page shows them together. */
  id: string;
  title: string;
  content: ReactNode;
};

export type LegalDocumentData = {
  /** Anchor id of the whole document on the combined page. */
  id: string;
  title: string;
  intro?: ReactNode;
  sections: LegalSection[];
};

type LegalDocumentProps = {
  title: string;
  intro?: ReactNode;
} & ({ sections: LegalSection[]; documents?: never } | { documents: LegalDocumentData[]; sections?: never });

/** Heading level of the subheadings inside a section: 3 on a single document, 4 on the combined page. */
const SubheadingLevel = createContext<3 | 4>(3);

/** A subheading inside a section body; its level follows the page it is rendered on. */
export function LegalSubheading({ children }: { children: ReactNode }) {
  const level = useContext(SubheadingLevel);
  const className = "mt-8 font-serif text-xl font-semibold tracking-wide text-cocoa md:text-2xl";
  return level === 3 ? <h3 className={className}>{children}</h3> : <h4 className={className}>{children}</h4>;
}

/** A mailto link showing the address itself. */
export function MailLink({ email, subject }: { email: string; subject?: string }) {
  const href = subject ? `mailto:${email}?subject=${encodeURIComponent(subject)}` : `mailto:${email}`;
  return <a href={href}>{email}</a>;
}

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

const SECTION_SPACING = "mt-14 scroll-mt-24 first:mt-0 md:scroll-mt-28";

function SectionNumber({ n }: { n: number }) {
  return <span className="mr-2 text-clay-dark">{n}.</span>;
}

function BackToContents() {
  return (
    <p className="mt-6 text-sm md:hidden">
      <a href="#contenido">Volver al contenido</a>
    </p>
  );
}

function Sections({ sections, level }: { sections: LegalSection[]; level: 2 | 3 }) {
  const headingClass =
    level === 2
      ? "font-serif text-[1.75rem] font-semibold leading-tight tracking-wide text-cocoa md:text-[2rem]"
      : "font-serif text-2xl font-semibold leading-tight tracking-wide text-cocoa md:text-[1.75rem]";
  return (
    <SubheadingLevel.Provider value={level === 2 ? 3 : 4}>
      {sections.map((section, index) => (
        <section key={section.id} id={section.id} className={SECTION_SPACING}>
          {level === 2 ? (
            <h2 className={headingClass}>
              <SectionNumber n={index + 1} />
              {section.title}
            </h2>
          ) : (
            <h3 className={headingClass}>
              <SectionNumber n={index + 1} />
              {section.title}
            </h3>
          )}
          {section.content}
          <BackToContents />
        </section>
      ))}
    </SubheadingLevel.Provider>
  );
}

function TocList({ sections }: { sections: LegalSection[] }) {
  return (
    <ol className="space-y-1.5">
      {sections.map((section, index) => (
        <li key={section.id} className="flex gap-2">
          <span className="w-6 shrink-0 text-right tabular-nums text-muted">{index + 1}.</span>
          <a href={`#${section.id}`} className="text-cocoa hover:text-clay-dark hover:underline">
            {section.title}
          </a>
        </li>
      ))}
    </ol>
  );
}

export function LegalDocument(props: LegalDocumentProps) {
  const { title, intro } = props;

  return (
    <article className="container-page py-12 md:py-20">
      <header className="max-w-[70ch]">
        <p className="eyebrow text-clay-dark">Información legal</p>
        <h1 className="mt-3 font-serif text-[2.25rem] font-semibold leading-[1.1] tracking-wide text-cocoa md:text-5xl">
          {title}
        </h1>
        <p className="mt-4 text-sm text-muted">
          Última actualización: <time dateTime={LEGAL_LAST_UPDATED.iso}>{LEGAL_LAST_UPDATED.label}</time>
        </p>
        {intro ? <div className={`mt-6 ${PROSE}`}>{intro}</div> : null}
      </header>

      <div className="mt-10 md:mt-14 md:grid md:grid-cols-[15rem_minmax(0,1fr)] md:gap-12 lg:grid-cols-[18rem_minmax(0,1fr)] lg:gap-16">
        <nav
          id="contenido"
          aria-label="Contenido"
          className="scroll-mt-24 rounded-2xl border border-sand bg-white/60 p-5 text-[0.95rem] leading-snug md:sticky md:top-28 md:max-h-[calc(100vh-8.5rem)] md:self-start md:overflow-y-auto print:hidden"
        >
          <p className="eyebrow text-clay-dark">Contenido</p>
          <div className="mt-4">
            {props.documents ? (
              <ol className="space-y-5">
                {props.documents.map((doc) => (
                  <li key={doc.id}>
                    <a
                      href={`#${doc.id}`}
                      className="font-serif text-lg font-semibold text-cocoa hover:text-clay-dark hover:underline"
                    >
                      {doc.title}
                    </a>
                    <div className="mt-2">
                      <TocList sections={doc.sections} />
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
              <section key={doc.id} id={doc.id} className="mt-20 scroll-mt-24 first:mt-0 md:scroll-mt-28">
                <h2 className="border-b border-sand pb-4 font-serif text-[2rem] font-semibold leading-tight tracking-wide text-cocoa md:text-[2.5rem]">
                  {doc.title}
                </h2>
                {doc.intro ? <div className="mt-6">{doc.intro}</div> : null}
                <div className="mt-10">
                  <Sections sections={doc.sections} level={3} />
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

import type { ReactNode } from "react";

/** The eyebrow + serif title + intro that opens every section of the public pages. */
export function SectionHeading({
  eyebrow,
  title,
  intro,
  id,
  align = "center",
  as: Heading = "h2",
  children,
}: {
  eyebrow?: string;
  title: string;
  intro?: ReactNode;
  id?: string;
  align?: "center" | "left";
  as?: "h1" | "h2";
  /** an action at the side of the title (a link 'Ver todos') */
  children?: ReactNode;
}) {
  const centered = align === "center";
  return (
    <div
      className={`flex flex-col gap-6 ${centered ? "items-center text-center" : "md:flex-row md:items-end md:justify-between"}`}
    >
      <div className={centered ? "max-w-2xl" : "max-w-2xl"}>
        {eyebrow && <p className="eyebrow">{eyebrow}</p>}
        <Heading id={id} className={`mt-3 ${Heading === "h1" ? "text-4xl md:text-6xl" : "text-3xl md:text-5xl"}`}>
          {title}
        </Heading>
        {intro && <div className="mt-4 leading-relaxed text-muted">{intro}</div>}
      </div>
      {children}
    </div>
  );
}

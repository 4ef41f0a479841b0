/** The frame of every admin screen: a back link, the title, and the screen's main action. */
import { ChevronLeft } from "lucide-react";
import { Link } from "react-router";

export function AdminPage({
  title,
  back,
  action,
  children,
}: {
  title: string;
  back?: { href: string; label: string };
  action?: React.ReactNode;
  children: React.ReactNode;
}) {
  return (
    <div className="space-y-6">
      <title>{`${title} | Administración`}</title>
      <header className="space-y-2">
        {back && (
          <Link to={back.href} className="-ml-2 inline-flex min-h-11 items-center gap-1 px-2 text-sm text-clay-dark">
            <ChevronLeft className="size-4" aria-hidden />
            {back.label}
          </Link>
        )}
        <div className="flex flex-wrap items-center justify-between gap-3">
          <h1 className="text-3xl md:text-4xl">{title}</h1>
          {action}
        </div>
      </header>
      {children}
    </div>
  );
}

/** A white panel with an optional heading: the building block of admin screens. */
export function AdminPanel({
  title,
  children,
  className = "",
}: {
  title?: string;
  children: React.ReactNode;
  className?: string;
}) {
  return (
    <section className={`rounded-2xl border border-sand bg-white p-4 md:p-6 ${className}`}>
      {title && <h2 className="mb-4 text-2xl">{title}</h2>}
      {children}
    </section>
  );
}

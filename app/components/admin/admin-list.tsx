/** The admin area's one list: items as large cards, each opening its edit screen. */
import { ChevronRight, Plus, Search } from "lucide-react";
import { Form, Link } from "react-router";
import type { ListItem } from "~/domain/admin-form";

export function AdminList({
  items,
  hrefOf,
  empty,
}: {
  items: ListItem[];
  hrefOf: (item: ListItem) => string;
  empty: string;
}) {
  if (items.length === 0)
    return <p className="rounded-2xl border border-dashed border-sand p-6 text-center text-muted">{empty}</p>;
  return (
    <ul className="space-y-2" data-testid="admin-list">
      {items.map((item) => (
        <li key={item.id}>
          <Link
            to={hrefOf(item)}
            className="flex min-h-16 items-center gap-3 rounded-2xl border border-sand bg-white p-3 transition-colors hover:border-clay"
          >
            {item.image !== undefined && (
              <span className="size-14 shrink-0 overflow-hidden rounded-xl bg-sand">
                {item.image && <img src={item.image} alt="" loading="lazy" className="size-full object-cover" />}
              </span>
            )}
            <span className="min-w-0 flex-1">
              <span className="line-clamp-2 font-medium text-ink">{item.title}</span>
              {item.detail && <span className="line-clamp-2 text-sm text-muted">{item.detail}</span>}
            </span>
            {item.badge && (
              <span className="shrink-0 rounded-full bg-blush px-2 py-0.5 text-xs font-medium text-cocoa">
                {item.badge}
              </span>
            )}
            <ChevronRight className="size-5 shrink-0 text-muted" aria-hidden />
          </Link>
        </li>
      ))}
    </ul>
  );
}

/** The 'Nuevo …' button at the top of a list. */
export function NewButton({ href, label }: { href: string; label: string }) {
  return (
    <Link to={href} className="btn-primary w-full sm:w-auto">
      <Plus className="size-4" aria-hidden />
      {label}
    </Link>
  );
}

/** A search box that filters the list through the URL (?q=), so the result can be shared. */
export function SearchBox({
  label,
  placeholder,
  q,
  children,
}: {
  label: string;
  placeholder: string;
  q: string;
  children?: React.ReactNode;
}) {
  return (
    <Form method="get" role="search" className="flex flex-wrap gap-2">
      {children}
      <label className="relative min-w-0 flex-1">
        <span className="sr-only">{label}</span>
        <Search
          className="pointer-events-none absolute left-3 top-1/2 size-5 -translate-y-1/2 text-muted"
          aria-hidden
        />
        <input type="search" name="q" defaultValue={q} placeholder={placeholder} className="field pl-10" />
      </label>
      <button type="submit" className="btn-outline">
        Buscar
      </button>
    </Form>
  );
}

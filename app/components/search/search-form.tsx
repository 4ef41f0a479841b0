import { Search } from "lucide-react";
import { Form } from "react-router";
import { SEARCH_MAX_LENGTH } from "~/domain/search";

/**
 * A search box: a plain GET form to `action` (/buscar, or /admin/buscar), so it works
 * before (or without) JavaScript. `compact` is the header's small box.
 */
export function SearchForm({
  action = "/buscar",
  defaultValue = "",
  label = "Buscar productos, cursos y servicios",
  compact = false,
  autoFocus = false,
}: {
  action?: string;
  defaultValue?: string;
  label?: string;
  compact?: boolean;
  autoFocus?: boolean;
}) {
  return (
    <Form method="get" action={action} role="search" className="relative flex w-full items-center">
      <label className="sr-only" htmlFor={compact ? "buscar-encabezado" : "buscar"}>
        {label}
      </label>
      <input
        id={compact ? "buscar-encabezado" : "buscar"}
        type="search"
        name="q"
        defaultValue={defaultValue}
        maxLength={SEARCH_MAX_LENGTH}
        placeholder={compact ? "Buscar" : "¿Qué buscas? Ej.: pigmento café"}
        autoComplete="off"
        enterKeyHint="search"
        // biome-ignore lint/a11y/noAutofocus: the search page's one purpose is this box
        autoFocus={autoFocus}
        className={
          compact
            ? "h-10 w-full rounded-full border border-cocoa/20 bg-white/80 pl-4 pr-10 text-sm text-ink placeholder:text-muted focus:border-clay focus:outline-none"
            : "field h-12 rounded-full pl-5 pr-14 text-base"
        }
      />
      <button
        type="submit"
        aria-label="Buscar"
        className={`absolute right-1 grid place-items-center rounded-full text-cocoa hover:text-clay ${compact ? "size-8" : "size-10 bg-cocoa text-cream hover:bg-clay-dark hover:text-cream"}`}
      >
        <Search className={compact ? "size-4" : "size-5"} aria-hidden />
      </button>
    </Form>
  );
}

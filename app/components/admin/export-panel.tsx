/**
 * 'Filtrar y exportar' (issue 29): date range, state, method and a search, the same filter
 * for the screen (when it applies them) and its CSV for the contador (/admin/exportar/:lista).
 */
import { Download, SlidersHorizontal } from "lucide-react";

export type ExportFilterValue = {
  desde?: string | null;
  hasta?: string | null;
  estado?: string | null;
  pago?: string | null;
  metodo?: string | null;
  q?: string;
};

type Options = Record<string, string>;

function Select({
  name,
  label,
  options,
  value,
}: {
  name: string;
  label: string;
  options: Options;
  value: string | null | undefined;
}) {
  if (Object.keys(options).length === 0) return null;
  return (
    <label className="min-w-40 flex-1">
      <span className="mb-1 block text-sm text-muted">{label}</span>
      <select name={name} defaultValue={value ?? ""} className="field min-h-12">
        <option value="">Todos</option>
        {Object.entries(options).map(([v, l]) => (
          <option key={v} value={v}>
            {l}
          </option>
        ))}
      </select>
    </label>
  );
}

export function ExportPanel({
  lista,
  estados,
  metodos,
  pagos,
  value,
  applies,
  errors = [],
  metodoLabel = "Método de pago",
  searchLabel = "Folio, nombre, correo o teléfono",
  open = false,
  title,
  mark,
}: {
  lista: string;
  estados: Options;
  metodos: Options;
  /** orders: the payment's state beside the shipping state */
  pagos?: Options;
  value: ExportFilterValue;
  /** whether this screen's list follows the filter too ('Filtrar'), or only the CSV does */
  applies: boolean;
  errors?: string[];
  metodoLabel?: string;
  searchLabel?: string;
  open?: boolean;
  /** the summary's words (default: 'Filtrar y exportar' or 'Exportar a CSV') */
  title?: string;
  /** a hidden field the screen reads to know the filter came from this panel (filtered-lists.server.ts) */
  mark?: string;
}) {
  const filtered = Boolean(value.desde || value.hasta || value.estado || value.pago || value.metodo || value.q);
  return (
    <details className="rounded-2xl border border-sand bg-white p-4" open={open || filtered || errors.length > 0}>
      <summary className="flex min-h-11 cursor-pointer items-center gap-2 font-medium text-cocoa">
        <SlidersHorizontal className="size-5 text-clay" aria-hidden />
        {title ?? (applies ? "Filtrar y exportar" : "Exportar a CSV")}
      </summary>
      {errors.length > 0 && (
        <p role="alert" className="mt-3 rounded-xl bg-blush px-3 py-2 text-sm text-cocoa">
          {errors.join(" ")}
        </p>
      )}
      <form
        method="get"
        action={applies ? undefined : `/admin/exportar/${lista}`}
        className="mt-3 flex flex-wrap items-end gap-3"
      >
        {mark && <input type="hidden" name={mark} value="1" />}
        <DateField name="desde" label="Desde" value={value.desde} />
        <DateField name="hasta" label="Hasta" value={value.hasta} />
        <Select name="estado" label="Estado" options={estados} value={value.estado} />
        {pagos && <Select name="pago" label="Pago" options={pagos} value={value.pago} />}
        <Select name="metodo" label={metodoLabel} options={metodos} value={value.metodo} />
        <label className="min-w-48 flex-[2]">
          <span className="mb-1 block text-sm text-muted">Buscar</span>
          <input
            type="search"
            name="q"
            defaultValue={value.q ?? ""}
            maxLength={100}
            placeholder={searchLabel}
            className="field min-h-12"
          />
        </label>
        <div className="flex w-full flex-wrap gap-2 sm:w-auto">
          {applies && (
            <button type="submit" className="btn-outline min-h-12 flex-1 sm:flex-none">
              Filtrar
            </button>
          )}
          <button
            type="submit"
            formAction={`/admin/exportar/${lista}`}
            className="btn-primary min-h-12 flex-1 sm:flex-none"
          >
            <Download className="size-4" aria-hidden /> Descargar CSV
          </button>
        </div>
      </form>
    </details>
  );
}

/** A day of the range, within the dates the server accepts. */
function DateField({ name, label, value }: { name: string; label: string; value: string | null | undefined }) {
  return (
    <label className="min-w-36 flex-1">
      <span className="mb-1 block text-sm text-muted">{label}</span>
      <input type="date" name={name} defaultValue={value ?? ""} min="2000-01-01" max="2100-12-31" className="field min-h-12" />
    </label>
  );
}

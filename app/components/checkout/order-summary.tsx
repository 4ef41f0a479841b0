/**
 * The checkout's right column (SPEC §2): each item with image, quantity, name and price
 * (struck through when a code applies, then the discounted price), shipping and Total. All
 * numbers come from the server's priced draft. On phones it folds into a 'Resumen' toggle
 * above the steps.
 */
import { ChevronDown } from "lucide-react";
import { formatPrice } from "~/domain/money";

export type SummaryLine = {
  id: string;
  nombre: string;
  url: string;
  cantidad: number;
  /** unit prices, centavos */
  precioOriginal: number;
  precio: number;
  codigo: string | null;
  descuento: number | null;
};

export type SummaryProps = {
  lines: SummaryLine[];
  subtotal: number;
  /** null: no shipping line (courses) */
  envio: number | null;
  total: number;
  /** a whole-order code and the centavos it took off the products */
  descuento?: { codigo: string; descuento: number; centavos: number } | null;
  /** extra content under the totals (the course checkout's code field) */
  children?: React.ReactNode;
};

function SummaryBody({ lines, subtotal, envio, total, descuento, children }: SummaryProps) {
  return (
    <div className="flex flex-col gap-5">
      <ul className="flex flex-col gap-4" data-testid="summary-lines">
        {lines.map((line) => {
          const discounted = line.precio < line.precioOriginal;
          return (
            <li key={line.id} className="flex items-center gap-4" data-testid="summary-line">
              <span className="relative shrink-0">
                <span className="block size-16 overflow-hidden rounded-xl bg-sand ring-1 ring-sand">
                  {line.url ? <img src={line.url} alt="" className="size-full object-cover" loading="lazy" /> : null}
                </span>
                <span
                  className="absolute -right-2 -top-2 grid min-w-6 place-items-center rounded-full bg-cocoa px-1.5 text-xs font-medium leading-6 text-cream"
                  data-testid="summary-quantity"
                >
                  <span className="sr-only">Cantidad: </span>
                  {line.cantidad}
                </span>
              </span>
              <span className="min-w-0 flex-1">
                <span className="block text-sm font-medium leading-snug text-cocoa">{line.nombre}</span>
                {line.codigo && (
                  <span className="mt-0.5 block text-xs text-clay-dark">
                    Código {line.codigo} (-{line.descuento}%)
                  </span>
                )}
              </span>
              <span className="flex flex-col items-end text-sm" data-testid="summary-price">
                {discounted && (
                  <del className="text-xs text-muted">{formatPrice(line.precioOriginal * line.cantidad)}</del>
                )}
                <span className={discounted ? "font-medium text-clay-dark" : "text-cocoa"}>
                  {formatPrice(line.precio * line.cantidad)}
                </span>
              </span>
            </li>
          );
        })}
      </ul>
      <dl className="flex flex-col gap-2 border-t border-sand pt-4 text-sm">
        <div className="flex justify-between gap-4">
          <dt className="text-muted">Subtotal</dt>
          <dd>{formatPrice(subtotal)}</dd>
        </div>
        {descuento && (
          <div className="flex justify-between gap-4" data-testid="summary-order-code">
            <dt className="text-muted">
              Código {descuento.codigo} (-{descuento.descuento}%)
            </dt>
            <dd className="text-clay-dark">-{formatPrice(descuento.centavos)}</dd>
          </div>
        )}
        {envio !== null && (
          <div className="flex justify-between gap-4">
            <dt className="text-muted">Envío Express</dt>
            <dd data-testid="summary-shipping">{envio === 0 ? "Gratis" : formatPrice(envio)}</dd>
          </div>
        )}
        <div className="mt-2 flex items-baseline justify-between gap-4 border-t border-sand pt-4">
          <dt className="text-base font-medium text-cocoa">Total</dt>
          <dd className="font-serif text-3xl text-cocoa" data-testid="summary-total">
            <span className="mr-1.5 align-middle font-sans text-xs text-muted">MXN</span>
            {formatPrice(total)}
          </dd>
        </div>
      </dl>
      {children}
    </div>
  );
}

/** The summary for phones: a toggle with the total, folded by default. */
export function MobileOrderSummary(props: SummaryProps) {
  return (
    <details className="group rounded-2xl bg-white/80 ring-1 ring-sand md:hidden" data-testid="order-summary-mobile">
      <summary className="flex cursor-pointer list-none items-center justify-between gap-3 px-5 py-4 text-sm text-clay-dark [&::-webkit-details-marker]:hidden">
        <span className="flex items-center gap-1.5">
          <span className="group-open:hidden">Mostrar resumen del pedido</span>
          <span className="hidden group-open:inline">Ocultar resumen del pedido</span>
          <ChevronDown className="size-4 transition-transform group-open:rotate-180" aria-hidden />
        </span>
        <span className="font-medium text-cocoa">{formatPrice(props.total)}</span>
      </summary>
      <div className="border-t border-sand px-5 py-5">
        <SummaryBody {...props} />
      </div>
    </details>
  );
}

/** The summary column for wider screens. */
export function OrderSummary(props: SummaryProps) {
  return (
    <aside
      aria-labelledby="resumen-pedido"
      className="hidden rounded-3xl bg-white/80 p-7 ring-1 ring-sand md:sticky md:top-28 md:block"
      data-testid="order-summary"
    >
      <h2 id="resumen-pedido" className="mb-6 text-2xl">
        Resumen del pedido
      </h2>
      <SummaryBody {...props} />
    </aside>
  );
}

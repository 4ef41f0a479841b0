/** The Factura button of an order in /mis-compras: ask for it, or download the one it has. */
import { FileText } from "lucide-react";
import { Link } from "react-router";

export type OrderInvoiceView =
  | { kind: "factura"; facturaId: string; estado: string }
  | { kind: "disponible" }
  | { kind: "ninguna" };

const pill =
  "inline-flex items-center gap-1.5 rounded-full px-3 py-1 text-xs text-clay-dark ring-1 ring-clay/40 hover:bg-clay-dark hover:text-white";

export function OrderInvoice({ compraId, state }: { compraId: string; state: OrderInvoiceView | undefined }) {
  if (!state || state.kind === "ninguna") return null;
  return (
    <Link to={`/mis-compras/factura/${encodeURIComponent(compraId)}`} className={pill} data-testid="order-factura">
      <FileText className="size-4" aria-hidden />
      {state.kind === "disponible" ? "Factura" : state.estado === "emitiendo" ? "Factura en proceso" : "Ver factura"}
    </Link>
  );
}

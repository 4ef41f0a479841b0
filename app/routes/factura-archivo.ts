/** /mis-compras/facturas/:id/:formato: an invoice's PDF or XML, for its owner or an admin (404 for anyone else). */
import { cfdiFileResponse } from "~/server/invoicing/file-response.server";
import { invoiceFile } from "~/server/invoicing/invoices.server";
import type { Route } from "./+types/factura-archivo";

export async function loader({ request, params }: Route.LoaderArgs) {
  return cfdiFileResponse(request, params, (db, { id, ...who }) => invoiceFile(db, { ...who, facturaId: id }));
}

/**
 * /admin/exportar/:lista — a list as CSV for the contador (issue 29, ADR 035): pedidos, pagos,
 * citas, clientas or facturas with the filters of its screen (desde, hasta, estado, pago,
 * metodo, q), streamed a batch at a time. Admin only (anyone else gets the 404 of requireAdmin).
 */
import { requireAdmin } from "~/server/admin/guard.server";
import { csvResponse } from "~/server/admin/csv.server";
import { exportFilename, exportStream, isLista, readListFilter } from "~/server/admin/exports.server";
import { getDb } from "~/server/db/index.server";
import type { Route } from "./+types/exportar";

const refuse = (status: number, text: string) =>
  new Response(text, {
    status,
    headers: { "Content-Type": "text/plain; charset=utf-8", "Cache-Control": "private, no-store" },
  });

export async function loader({ request, params }: Route.LoaderArgs) {
  await requireAdmin(request);
  if (!isLista(params.lista)) return refuse(404, "Esta lista no existe.");
  const { filter, errors } = readListFilter(params.lista, new URL(request.url));
  if (errors.length > 0) return refuse(400, errors.join(" "));
  return csvResponse(exportFilename(params.lista, filter), exportStream(getDb(), params.lista, filter));
}

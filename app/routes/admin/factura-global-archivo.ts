/** /admin/facturas-globales/:id/:formato: a monthly global invoice's PDF or XML, for the studio (404 for anyone else). */
import { data } from "react-router";
import { isPlainId } from "~/domain/limits";
import { requireAdmin } from "~/server/admin/guard.server";
import { getDb } from "~/server/db/index.server";
import { globalInvoiceFile } from "~/server/invoicing/global.server";
import type { Route } from "./+types/factura-global-archivo";

export async function loader({ request, params }: Route.LoaderArgs) {
  await requireAdmin(request);
  if (!isPlainId(params.id)) throw data(null, { status: 404 });
  const file = await globalInvoiceFile(getDb(), { id: params.id, formato: params.formato });
  if (!file) throw data(null, { status: 404 });
  return new Response(new Uint8Array(file.body), {
    headers: {
      "content-type": file.contentType,
      "content-disposition": `attachment; filename="${file.filename}"`,
      "cache-control": "private, no-store",
    },
  });
}

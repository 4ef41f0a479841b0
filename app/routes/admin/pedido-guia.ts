/** /admin/pedidos/:id/guia: the order's guía (label) PDF to print, for the studio (404 for anyone else). */
import { data } from "react-router";
import { requireAdmin } from "~/server/admin/guard.server";
import { getDb } from "~/server/db/index.server";
import { guiaPdf } from "~/server/shipping/guias.server";
import type { Route } from "./+types/pedido-guia";

export async function loader({ request, params }: Route.LoaderArgs) {
  await requireAdmin(request);
  if (params.id.length > 100) throw data(null, { status: 404 });
  const pdf = await guiaPdf(getDb(), params.id);
  if (!pdf) throw data(null, { status: 404 });
  return new Response(new Uint8Array(pdf), {
    headers: {
      "content-type": "application/pdf",
      // opens in the browser's viewer, ready to print
      "content-disposition": `inline; filename="guia-${params.id.replace(/[^A-Za-z0-9-]/g, "")}.pdf"`,
      "cache-control": "private, no-store",
    },
  });
}

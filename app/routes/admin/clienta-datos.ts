/**
 * /admin/clientas/{id}/datos/{json|pdf}: a client's data (ARCO access, ADR 041) as a file to
 * hand her. Admin only (a 404 for anyone else), never cached.
 */
import { data } from "react-router";
import { requireAdmin } from "~/server/admin/guard.server";
import { clientDataPdf, exportClientData } from "~/server/clients/arco.server";
import { resolveClient } from "~/server/clients/record.server";
import { getDb } from "~/server/db/index.server";
import type { Route } from "./+types/clienta-datos";

export async function loader({ request, params }: Route.LoaderArgs) {
  await requireAdmin(request);
  if (params.formato !== "json" && params.formato !== "pdf") throw data(null, { status: 404 });
  const client = await resolveClient(getDb(), params.id);
  if (!client) throw data(null, { status: 404 });
  const exported = await exportClientData(getDb(), client);
  const name = `datos-clienta-${new Date().toISOString().slice(0, 10)}`;
  const headers = { "Cache-Control": "private, no-store", "X-Robots-Tag": "noindex, nofollow" };
  if (params.formato === "json")
    return new Response(JSON.stringify(exported, null, 2), {
      headers: {
        ...headers,
        "Content-Type": "application/json; charset=utf-8",
        "Content-Disposition": `attachment; filename="${name}.json"`,
      },
    });
  const pdf = await clientDataPdf(exported);
  return new Response(Buffer.from(pdf), {
    headers: {
      ...headers,
      "Content-Type": "application/pdf",
      "Content-Disposition": `attachment; filename="${name}.pdf"`,
    },
  });
}

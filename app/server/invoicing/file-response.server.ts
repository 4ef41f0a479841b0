/**
 * The download of a CFDI's PDF or XML (an invoice's, a nota de crédito's): for the client it
 * belongs to or an admin, 404 for anyone else, never cached.
 */
import { data } from "react-router";
import { isPlainId } from "~/domain/limits";
import { isAdmin } from "~/server/admin/guard.server";
import { type Db, getDb } from "~/server/db/index.server";
import { requireUser } from "~/server/session.server";
import type { InvoiceFile } from "./invoices.server";

type Who = { userId: string; admin: boolean; id: string; formato: string };

export async function cfdiFileResponse(
  request: Request,
  params: { id?: string; formato?: string },
  find: (db: Db, who: Who) => Promise<InvoiceFile | null>,
): Promise<Response> {
  const user = await requireUser(request);
  if (!isPlainId(params.id)) throw data(null, { status: 404 });
  const file = await find(getDb(), {
    userId: user.id,
    admin: isAdmin(user),
    id: params.id,
    formato: params.formato ?? "",
  });
  if (!file) throw data(null, { status: 404 });
  return new Response(new Uint8Array(file.body), {
    headers: {
      "content-type": file.contentType,
      "content-disposition": `attachment; filename="${file.filename}"`,
      "cache-control": "private, no-store",
    },
  });
}

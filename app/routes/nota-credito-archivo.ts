/** /mis-compras/notas-credito/:id/:formato: a nota de crédito's PDF or XML, for the client it credits or an admin (404 for anyone else). */
import { data } from "react-router";
import { isPlainId } from "~/domain/limits";
import { isAdmin } from "~/server/admin/guard.server";
import { getDb } from "~/server/db/index.server";
import { creditNoteFile } from "~/server/invoicing/credit-notes.server";
import { requireUser } from "~/server/session.server";
import type { Route } from "./+types/nota-credito-archivo";

export async function loader({ request, params }: Route.LoaderArgs) {
  const user = await requireUser(request);
  if (!isPlainId(params.id)) throw data(null, { status: 404 });
  const file = await creditNoteFile(getDb(), {
    userId: user.id,
    admin: isAdmin(user),
    id: params.id,
    formato: params.formato,
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

/** /mis-compras/notas-credito/:id/:formato: a nota de crédito's PDF or XML, for the client it credits or an admin (404 for anyone else). */
import { creditNoteFile } from "~/server/invoicing/credit-notes.server";
import { cfdiFileResponse } from "~/server/invoicing/file-response.server";
import type { Route } from "./+types/nota-credito-archivo";

export async function loader({ request, params }: Route.LoaderArgs) {
  return cfdiFileResponse(request, params, creditNoteFile);
}

/**
 * /cuidados/{token}/foto/{id}: one healing photo, only through the link of its own session
 * (booking/aftercare.server.ts): a link that does not verify is a 403, a photo of another
 * session a 404. Private: never kept by shared caches, never indexed.
 */
import { healingPhoto, readPhotoToken } from "~/server/booking/aftercare.server";
import { getDb } from "~/server/db/index.server";
import type { Route } from "./+types/cuidados-foto";

const answer = (status: number, text: string) =>
  new Response(text, {
    status,
    headers: { "Content-Type": "text/plain; charset=utf-8", "Cache-Control": "no-store", "X-Robots-Tag": "noindex" },
  });

export async function loader({ params }: Route.LoaderArgs) {
  const signed = readPhotoToken(params.token);
  if (!signed) return answer(403, "Este enlace no es válido.");
  if (!/^[1-9]\d{0,9}$/.test(params.foto)) return answer(404, "Foto no encontrada");
  const file = await healingPhoto(getDb(), signed.citaId, Number(params.foto));
  if (!file) return answer(404, "Foto no encontrada");
  return new Response(new Uint8Array(file.bytes), {
    headers: {
      "Content-Type": "image/webp",
      "Cache-Control": "private, no-store",
      "X-Robots-Tag": "noindex",
    },
  });
}

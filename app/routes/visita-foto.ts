/**
 * /tu-visita-con-{name}/{visitId}/foto/{antes|despues}/{n}.{webp|png}: one photo of a visit.
 * `.webp` is what the page shows (resized); `.png` is the download the spec asks for,
 * answered as an attachment named after the client ('maria-antes-1.png'). Same rules as
 * the page: unknown id, wrong name or missing photo → 404, noindex, private.
 */
import { getDb } from "~/server/db/index.server";
import { photoAsPng, photoAsWebp, readPhoto } from "~/server/visits/photos.server";
import { FOTO_TIPOS, type FotoTipo, findVisit, findVisitPhoto, photoFileName, visitPath } from "~/server/visits/visits.server";
import type { Route } from "./+types/visita-foto";

const notFound = () =>
  new Response("Foto no encontrada", {
    status: 404,
    headers: { "Content-Type": "text/plain; charset=utf-8", "Cache-Control": "no-store", "X-Robots-Tag": "noindex" },
  });

export async function loader({ params }: Route.LoaderArgs) {
  const file = /^([1-9]\d{0,2})\.(png|webp)$/.exec(params.archivo);
  const tipo = params.tipo as FotoTipo;
  if (!file || !FOTO_TIPOS.includes(tipo)) return notFound();
  const db = getDb();
  const visit = await findVisit(db, params.visitId);
  if (!visit || `/${params.visitSlug}/${params.visitId}` !== visitPath(visit)) return notFound();
  const n = Number(file[1]);
  const ref = await findVisitPhoto(db, visit.id, tipo, n);
  const bytes = ref ? await readPhoto(ref) : null;
  if (!bytes) return notFound();

  const headers = new Headers({ "X-Robots-Tag": "noindex" });
  let body: Buffer;
  if (file[2] === "png") {
    body = await photoAsPng(bytes);
    headers.set("Content-Type", "image/png");
    headers.set("Content-Disposition", `attachment; filename="${photoFileName(visit.clienta, tipo, n)}"`);
    headers.set("Cache-Control", "private, no-store");
  } else {
    body = await photoAsWebp(bytes);
    headers.set("Content-Type", "image/webp");
    // the browser may keep it for the visit; shared caches (proxies, CDNs) may not
    headers.set("Cache-Control", "private, max-age=3600");
  }
  return new Response(new Uint8Array(body), { headers });
}

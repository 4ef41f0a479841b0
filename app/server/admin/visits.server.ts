/**
 * Admin: client visits (codigosVisitas). Creating one draws a random code and an
 * unguessable id (visits.server.ts); the screen then shows the code, the full link, a
 * 'Copiar' button and a WhatsApp message ready to send. The photos are private files: the
 * admin sees them through the visit page's own photo URLs.
 */
import { and, count, desc, eq, ilike, or } from "drizzle-orm";
import { formatSpanishDate } from "~/domain/dates";
import type { Db } from "../db/index.server";
import { citas, visitaFotos, visitas } from "../db/schema";
import { env } from "../env.server";
import { type FotoTipo, createVisit, visitPath, visitPhotoPath } from "../visits/visits.server";
import { gallery, text } from "./fields.server";
import { type GallerySource, addImages, removeImage } from "./galleries.server";
import { type AdminResource, likePattern } from "./resource.server";
import { deleteFiles } from "./uploads.server";

const photosOf = (tipo: FotoTipo): GallerySource => ({
  table: visitaFotos,
  id: visitaFotos.id,
  url: visitaFotos.url,
  posicion: visitaFotos.posicion,
  owner: visitaFotos.visitaId,
  filter: eq(visitaFotos.tipo, tipo),
  row: (visitaId, image, posicion) => ({ visitaId, tipo, url: image.url, posicion }),
});
const GALLERIES = { antes: photosOf("antes"), despues: photosOf("despues") };

const fields = {
  clienta: text("Nombre de la clienta", { required: true, help: "Aparece en su página y en el nombre de sus fotos." }),
  // 'original': the client downloads her photos; the page shows a resized copy
  antes: gallery("Fotos de antes", "visitas", { size: "original" }),
  despues: gallery("Fotos de después", "visitas", { size: "original" }),
};

/** The message sent to the client by WhatsApp. */
export function visitMessage(clienta: string, codigo: string, url: string): string {
  return (
    `¡Hola ${clienta}! Gracias por tu visita a Michel Alvarez. ` +
    `Aquí puedes ver y descargar tus fotos de antes y después: ${url} ` +
    `(o entra a la página, toca «¿Tienes un código?» y escribe ${codigo}).`
  );
}

/** The visit's photos as the admin sees them: the visit page's URLs (the files are private). */
async function photoList(db: Db, visita: { id: string; clienta: string }, tipo: FotoTipo) {
  const rows = await db
    .select({ id: visitaFotos.id })
    .from(visitaFotos)
    .where(and(eq(visitaFotos.visitaId, visita.id), eq(visitaFotos.tipo, tipo)))
    .orderBy(visitaFotos.posicion, visitaFotos.id);
  // ?v= keeps the browser from showing a cached photo once the numbering changed
  return rows.map((row, i) => ({ id: row.id, url: `${visitPhotoPath(visita, tipo, i + 1, "webp")}?v=${row.id}` }));
}

/** The admin list's search: the client's name or the visit's code contains the term. */
const visitMatches = (q?: string) =>
  q ? or(ilike(visitas.clienta, likePattern(q)), ilike(visitas.codigo, likePattern(q))) : undefined;

export const visitsResource: AdminResource<typeof fields> = {
  section: "visitas",
  title: "Visitas",
  singular: "visita",
  newWord: "Nueva",
  search: "Clienta o código",
  fields: () => fields,

  async count(db, { q }) {
    const [row] = await db.select({ n: count() }).from(visitas).where(visitMatches(q));
    return row?.n ?? 0;
  },

  async list(db, { q, limit = 200, offset = 0 }) {
    const rows = await db
      .select({ visita: visitas, inicio: citas.inicio })
      .from(visitas)
      .leftJoin(citas, eq(citas.id, visitas.citaId))
      .where(visitMatches(q))
      .orderBy(desc(visitas.createdAt), desc(visitas.id))
      .limit(limit)
      .offset(offset);
    // dated by its appointment when linked (the client record, ADR 041)
    return rows.map(({ visita: v, inicio }) => ({
      id: v.id,
      title: v.clienta,
      detail: `Código ${v.codigo} · ${formatSpanishDate(inicio ?? v.createdAt)}`,
    }));
  },

  async load(db, id) {
    const [v] = await db.select().from(visitas).where(eq(visitas.id, id));
    if (!v) return null;
    return { clienta: v.clienta, antes: await photoList(db, v, "antes"), despues: await photoList(db, v, "despues") };
  },

  async save(db, id, v) {
    const refs = (images: { url: string }[]) => images.map((i) => i.url);
    if (!id) {
      const created = await createVisit(db, { clienta: v.clienta, antes: refs(v.antes), despues: refs(v.despues) });
      return { id: created.id };
    }
    await db.transaction(async (tx) => {
      await tx.update(visitas).set({ clienta: v.clienta }).where(eq(visitas.id, id));
      await addImages(tx, GALLERIES.antes, id, v.antes);
      await addImages(tx, GALLERIES.despues, id, v.despues);
    });
    return { id };
  },

  async remove(db, id) {
    const fotos = await db.select({ url: visitaFotos.url }).from(visitaFotos).where(eq(visitaFotos.visitaId, id));
    await db.delete(visitas).where(eq(visitas.id, id));
    return deleteFiles(fotos.map((f) => f.url));
  },

  async removeImage(db, id, field, imageId) {
    // `campo` comes from the request: only the galleries listed, never the prototype's keys.
    const source = Object.hasOwn(GALLERIES, field) ? GALLERIES[field as FotoTipo] : undefined;
    if (!source) return { icon: "error", title: "Error!", text: "Esa foto ya no existe." };
    const result = await removeImage(db, source, id, imageId);
    return "alert" in result ? result.alert : null;
  },

  async share(db, id) {
    const [v] = await db.select().from(visitas).where(eq(visitas.id, id));
    if (!v) return null;
    const url = `${env.publicUrl}${visitPath(v)}`;
    return {
      codigo: v.codigo,
      url,
      whatsapp: `https://wa.me/?text=${encodeURIComponent(visitMessage(v.clienta, v.codigo, url))}`,
    };
  },
};

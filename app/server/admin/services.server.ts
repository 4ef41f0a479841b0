/**
 * Admin: services (/servicios and /servicios/{id}) with their options, questions, images and
 * the gallery of works shown on /galeria.
 */
import { asc, eq } from "drizzle-orm";
import type { Db } from "../db/index.server";
import type { FormValues } from "~/domain/admin-form";
import { citas, servicioImagenes, servicios, tratamientos } from "../db/schema";
import { gallery, image, integer, newFiles, questions, text, textarea } from "./fields.server";
import { type GallerySource, addImages, listImages, removeImage } from "./galleries.server";
import { type AdminResource, saveRow } from "./resource.server";
import { deleteFiles } from "./uploads.server";

const works: GallerySource = {
  table: servicioImagenes,
  id: servicioImagenes.id,
  url: servicioImagenes.url,
  posicion: servicioImagenes.posicion,
  owner: servicioImagenes.servicioId,
  row: (servicioId, img, posicion) => ({ servicioId, url: img.url, ancho: img.ancho, alto: img.alto, posicion }),
};

const fields = {
  nombre: text("Nombre", { required: true }),
  slogan: text("Frase corta (slogan)"),
  descripcion: textarea("Descripción"),
  urlImagen: image("Imagen redonda (lista de servicios)", "servicios"),
  urlInterna: image("Imagen de la página del servicio", "servicios", { size: "grande" }),
  posicion: integer("Orden", { min: 0, help: "Los servicios se muestran de menor a mayor." }),
  opciones: textarea("Opciones (texto libre)", {
    group: "Opciones",
    help: "Si lo dejas vacío y llenas las tres opciones de abajo, la página muestra tres bloques con imagen.",
  }),
  opcion1: text("Opción 1"),
  url1: image("Imagen de la opción 1", "servicios"),
  opcion2: text("Opción 2"),
  url2: image("Imagen de la opción 2", "servicios"),
  opcion3: text("Opción 3"),
  url3: image("Imagen de la opción 3", "servicios"),
  preguntas: questions("Preguntas frecuentes", { group: "Preguntas" }),
  galeria: gallery("Fotos de trabajos (galería)", "galeria", { group: "Galería" }),
};

const IMAGE_FIELDS = ["urlImagen", "urlInterna", "url1", "url2", "url3"] as const;

export const servicesResource: AdminResource<typeof fields> = {
  section: "servicios",
  title: "Servicios",
  singular: "servicio",
  fields: () => fields,
  children: [{ section: "tratamientos", title: "Tratamientos para agendar" }],

  async list(db) {
    const rows = await db.select().from(servicios).orderBy(asc(servicios.posicion), asc(servicios.nombre));
    return rows.map((s) => ({ id: s.id, title: s.nombre, detail: s.slogan, image: s.urlImagen }));
  },

  async load(db, id) {
    const [s] = await db.select().from(servicios).where(eq(servicios.id, id));
    if (!s) return null;
    return {
      nombre: s.nombre,
      slogan: s.slogan,
      descripcion: s.descripcion,
      urlImagen: s.urlImagen,
      urlInterna: s.urlInterna,
      posicion: String(s.posicion),
      opciones: s.opciones ?? "",
      opcion1: s.opcion1 ?? "",
      url1: s.url1 ?? "",
      opcion2: s.opcion2 ?? "",
      url2: s.url2 ?? "",
      opcion3: s.opcion3 ?? "",
      url3: s.url3 ?? "",
      preguntas: s.preguntas,
      galeria: await listImages(db, works, id),
    } satisfies FormValues;
  },

  async save(db, id, v) {
    const { galeria, urlImagen, urlInterna, url1, url2, url3, ...rest } = v;
    const images = newFiles({ urlImagen, urlInterna, url1, url2, url3 });
    const columns = {
      ...rest,
      ...images.set,
      opciones: rest.opciones || null,
      opcion1: rest.opcion1 || null,
      opcion2: rest.opcion2 || null,
      opcion3: rest.opcion3 || null,
    };
    return saveRow(db, servicios, id, columns, v.nombre, {
      inTransaction: (tx, servicioId) => addImages(tx, works, servicioId, galeria),
      replaced: images.replaced,
    });
  },

  async remove(db, id) {
    if (await hasAppointments(db, id))
      return {
        icon: "warning",
        title: "Tiene citas",
        text: "Este servicio tiene citas registradas en la agenda y no se puede eliminar.",
      };
    const photos = await listImages(db, works, id);
    const [s] = await db.delete(servicios).where(eq(servicios.id, id)).returning();
    return deleteFiles([...IMAGE_FIELDS.map((f) => s?.[f]), ...photos.map((p) => p.url)]);
  },

  async removeImage(db, id, _field, imageId) {
    const result = await removeImage(db, works, id, imageId);
    return "alert" in result ? result.alert : null;
  },
};

/** Whether any appointment (of any state) was booked for one of the service's treatments. */
async function hasAppointments(db: Db, servicioId: string): Promise<boolean> {
  const rows = await db
    .select({ id: citas.id })
    .from(citas)
    .innerJoin(tratamientos, eq(tratamientos.id, citas.tratamientoId))
    .where(eq(tratamientos.servicioId, servicioId))
    .limit(1);
  return rows.length > 0;
}

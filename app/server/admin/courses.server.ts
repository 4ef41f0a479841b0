/**
 * Admin: courses (online and in-person), and for each course its units, the units' videos
 * (private files, streamed only to enrolled students) and the final exam's questions with
 * the correct answer (which never leaves the server except to this admin screen).
 */
import { asc, count, eq, sql } from "drizzle-orm";
import type { FormValues } from "~/domain/admin-form";
import { coursePrice, hasDiscount } from "~/domain/course-price";
import { EXAM_QUESTION_COUNT } from "~/domain/exam";
import { formatPrice } from "~/domain/money";
import type { Db } from "../db/index.server";
import { queueTranscode } from "../school/transcode.server";
import { cursoImagenes, cursos, inscripciones, preguntas, unidadVideos, unidades } from "../db/schema";
import {
  checkbox,
  file,
  gallery,
  image,
  integer,
  money,
  moneyValue,
  newFiles,
  optionalInteger,
  select,
  text,
  textarea,
} from "./fields.server";
import { type GallerySource, addImages, listImages, removeImage } from "./galleries.server";
import { type AdminResource, saveRow } from "./resource.server";
import { deleteFiles } from "./uploads.server";
import { plural } from "~/domain/plural";

// ---------------------------------------------------------------- courses

const TIPOS = [
  { value: "online", label: "En línea" },
  { value: "presencial", label: "Presencial" },
];
const tipoLabel = (tipo: string) => TIPOS.find((t) => t.value === tipo)?.label ?? tipo;

const onlineOnly = { showWhen: { field: "tipo", value: "online" } };
const inPersonOnly = { showWhen: { field: "tipo", value: "presencial" } };

const photos: GallerySource = {
  table: cursoImagenes,
  id: cursoImagenes.id,
  url: cursoImagenes.url,
  posicion: cursoImagenes.posicion,
  owner: cursoImagenes.cursoId,
  row: (cursoId, img, posicion) => ({ cursoId, url: img.url, posicion }),
};

const courseFields = {
  titulo: text("Título", { required: true }),
  tipo: select("Tipo de curso", TIPOS, { required: true }),
  publicado: checkbox("Publicado en /cursos"),
  precio: money("Precio (pesos)", { required: true }),
  precioDescuento: money("Precio con descuento (pesos)", {
    help: "Déjalo vacío si no hay descuento; con descuento el precio normal se muestra tachado.",
  }),
  posicion: integer("Orden", { min: 0, help: "Los cursos se muestran de menor a mayor." }),
  tituloExterior: text("Título en la tarjeta"),
  tituloSecundario: text("Subtítulo"),
  nombre: text("Nombre corto"),
  descripcion: textarea("Descripción"),
  requisitos: textarea("Requisitos"),
  horas: text("Horas", { placeholder: "20" }),
  duracion: text("Duración", { placeholder: "6 semanas" }),
  alumnos: text("Alumnas", { placeholder: "Más de 200 alumnas" }),
  certificado: text("Certificado", { placeholder: "Certificado con valor curricular" }),
  kit: text("Kit", { placeholder: "Kit de trabajo incluido" }),
  descripcionSecundaria: textarea("Qué aprenderás", { group: "Curso en línea", ...onlineOnly }),
  online: text("Modalidad", { placeholder: "En línea, a tu ritmo", ...onlineOnly }),
  video: text("Video de presentación (enlace)", onlineOnly),
  examen: checkbox("Tiene examen final", onlineOnly),
  descargaVideos: checkbox("Las alumnas pueden descargar los videos originales", onlineOnly),
  vigenciaMeses: optionalInteger("Vigencia del diploma (meses)", {
    min: 1,
    max: 240,
    help: "Por ejemplo 24. Vacío: el diploma no vence.",
    ...onlineOnly,
  }),
  certificadoUrl: image("Imagen del diploma", "cursos", { size: "original", ...onlineOnly }),
  urlKit: file("Manual para alumnas (PDF)", "manuales", "application/pdf", onlineOnly),
  fechaInicio: text("Fecha de inicio", { group: "Curso presencial", placeholder: "15 de marzo", ...inPersonOnly }),
  urlExterno: text("Enlace de inscripción", inPersonOnly),
  imagenExterior: image("Imagen de la tarjeta", "cursos", { group: "Imágenes" }),
  imagenInterior: image("Imagen de la página del curso", "cursos", { size: "grande" }),
  galeria: gallery("Galería", "cursos"),
};

export const coursesResource: AdminResource<typeof courseFields> = {
  section: "cursos",
  title: "Cursos",
  singular: "curso",
  fields: () => courseFields,
  defaults: { tipo: "online", posicion: "0" },
  children: [
    { section: "unidades", title: "Unidades" },
    { section: "preguntas", title: "Preguntas del examen" },
  ],

  async list(db) {
    const rows = await db.select().from(cursos).orderBy(asc(cursos.tipo), asc(cursos.posicion), asc(cursos.titulo));
    return rows.map((c) => ({
      id: c.id,
      title: c.titulo,
      // The price the course is sold at (app/domain/course-price.ts), as its page shows it.
      detail: `${tipoLabel(c.tipo)} · ${formatPrice(coursePrice(c).precio)}`,
      image: c.imagenExterior,
      badge: c.publicado ? undefined : "Oculto",
    }));
  },

  async load(db, id) {
    const [c] = await db.select().from(cursos).where(eq(cursos.id, id));
    if (!c) return null;
    const { id: _id, precio, precioDescuento, posicion, descripcionSecundaria, vigenciaMeses, ...texts } = c;
    return {
      ...texts,
      vigenciaMeses: vigenciaMeses === null ? "" : String(vigenciaMeses),
      precio: moneyValue(precio),
      precioDescuento: moneyValue(precioDescuento),
      posicion: String(posicion),
      descripcionSecundaria: descripcionSecundaria ?? "",
      galeria: await listImages(db, photos, id),
    } satisfies FormValues;
  },

  check(v) {
    // A discount that would not count (app/domain/course-price.ts) is refused, not stored.
    const { precio, precioDescuento } = v;
    if (precioDescuento !== null && precio !== null && !hasDiscount({ precio, precioDescuento })) {
      return { precioDescuento: "Debe ser menor que el precio normal." };
    }
    return null;
  },

  async save(db, id, v) {
    const { galeria, certificadoUrl, urlKit, imagenExterior, imagenInterior, ...rest } = v;
    const files = newFiles({ certificadoUrl, urlKit, imagenExterior, imagenInterior });
    const columns = {
      ...rest,
      ...files.set,
      precio: rest.precio ?? 0,
      // The spec tells an online course by its descripcion_secundaria: only they have one.
      descripcionSecundaria: rest.tipo === "online" ? rest.descripcionSecundaria : null,
    };
    return saveRow(db, cursos, id, columns, v.titulo, {
      inTransaction: (tx, cursoId) => addImages(tx, photos, cursoId, galeria),
      replaced: files.replaced,
    });
  },

  async remove(db, id) {
    const [enrolled] = await db.select({ n: count() }).from(inscripciones).where(eq(inscripciones.cursoId, id));
    if (enrolled && enrolled.n > 0) {
      return {
        icon: "error",
        title: "No se puede eliminar",
        text: `El curso tiene ${enrolled.n} alumnas inscritas: desmarca «Publicado» para ocultarlo sin quitarles el acceso.`,
      };
    }
    const images = await listImages(db, photos, id);
    const videos = await db
      .select({ video: unidadVideos.video, poster: unidadVideos.poster })
      .from(unidadVideos)
      .innerJoin(unidades, eq(unidades.id, unidadVideos.unidadId))
      .where(eq(unidades.cursoId, id));
    const [c] = await db.delete(cursos).where(eq(cursos.id, id)).returning();
    return deleteFiles([
      c?.certificadoUrl,
      c?.urlKit,
      c?.imagenExterior,
      c?.imagenInterior,
      ...images.map((i) => i.url),
      ...videos.flatMap((v) => [v.video, v.poster]),
    ]);
  },

  async removeImage(db, id, _field, imageId) {
    const result = await removeImage(db, photos, id, imageId);
    return "alert" in result ? result.alert : null;
  },
};

/** Course options for the parent selects of units and questions. */
function courseOptions(db: Db) {
  return db.select({ value: cursos.id, label: cursos.titulo }).from(cursos).orderBy(asc(cursos.titulo));
}

// ---------------------------------------------------------------- units

async function unitFields(db: Db) {
  return {
    cursoId: select("Curso", await courseOptions(db), { required: true }),
    nombre: text("Nombre de la unidad", { required: true }),
    posicion: integer("Orden", { min: 0, help: "Las unidades se muestran de menor a mayor." }),
    // practice work reviewed by the instructor (issue 31, ADR 045)
    practicasRequeridas: integer("Prácticas aprobadas requeridas", {
      min: 0,
      max: 20,
      group: "Práctica",
      help: "0 = sin práctica. El diploma pide este número de entregas aprobadas en esta unidad.",
    }),
    practicaInstruccion: text("Instrucción de la práctica", {
      max: 300,
      placeholder: "Sube 3 fotos de tu práctica en látex",
    }),
  };
}

export const unitsResource: AdminResource<Awaited<ReturnType<typeof unitFields>>> = {
  section: "unidades",
  title: "Unidades",
  singular: "unidad",
  newWord: "Nueva",
  fields: (db) => unitFields(db),
  parent: { section: "cursos", field: "cursoId", title: "Curso" },
  children: [{ section: "videos", title: "Videos" }],

  async list(db, { parent }) {
    const rows = await db
      .select({ id: unidades.id, nombre: unidades.nombre, posicion: unidades.posicion, videos: count(unidadVideos.id) })
      .from(unidades)
      .leftJoin(unidadVideos, eq(unidadVideos.unidadId, unidades.id))
      .where(parent ? eq(unidades.cursoId, parent) : undefined)
      .groupBy(unidades.id)
      .orderBy(asc(unidades.posicion), asc(unidades.nombre));
    return rows.map((u) => ({
      id: u.id,
      title: `${u.posicion}. ${u.nombre}`,
      detail: plural(u.videos, "video", "videos"),
    }));
  },

  async load(db, id) {
    const [u] = await db.select().from(unidades).where(eq(unidades.id, id));
    if (!u) return null;
    const { cursoId, nombre, posicion, practicasRequeridas, practicaInstruccion } = u;
    return { cursoId, nombre, posicion: String(posicion), practicasRequeridas: String(practicasRequeridas), practicaInstruccion };
  },

  save: (db, id, v) => saveRow(db, unidades, id, v, v.nombre),

  async remove(db, id) {
    const videos = await db.select().from(unidadVideos).where(eq(unidadVideos.unidadId, id));
    await db.delete(unidades).where(eq(unidades.id, id));
    return deleteFiles(videos.flatMap((v) => [v.video, v.poster]));
  },
};

// ---------------------------------------------------------------- videos

async function videoFields(db: Db, isNew: boolean) {
  const units = await db
    .select({ value: unidades.id, label: sql<string>`${cursos.titulo} || ' · ' || ${unidades.nombre}` })
    .from(unidades)
    .innerJoin(cursos, eq(cursos.id, unidades.cursoId))
    .orderBy(asc(cursos.titulo), asc(unidades.posicion));
  return {
    unidadId: select("Unidad", units, { required: true }),
    titulo: text("Título", { required: true }),
    nombre: text("Subtítulo"),
    descripcion: textarea("Descripción"),
    posicion: integer("Orden", { min: 0, help: "Los videos se muestran de menor a mayor." }),
    video: file("Archivo de video", "videos", "video/", {
      required: isNew,
      help: "Se guarda en privado: solo lo ven las alumnas inscritas.",
    }),
    poster: image("Imagen de portada del video", "cursos"),
  };
}

export const videosResource: AdminResource<Awaited<ReturnType<typeof videoFields>>> = {
  section: "videos",
  title: "Videos",
  singular: "video",
  fields: (db, isNew) => videoFields(db, isNew),
  parent: { section: "unidades", field: "unidadId", title: "Unidad" },

  async list(db, { parent }) {
    const rows = await db
      .select()
      .from(unidadVideos)
      .where(parent ? eq(unidadVideos.unidadId, parent) : undefined)
      .orderBy(asc(unidadVideos.posicion), asc(unidadVideos.id));
    return rows.map((v) => ({
      id: String(v.id),
      title: `${v.posicion}. ${v.titulo}`,
      detail: v.nombre,
      image: v.poster,
    }));
  },

  async load(db, id) {
    const [v] = await db
      .select()
      .from(unidadVideos)
      .where(eq(unidadVideos.id, Number(id) || -1));
    if (!v) return null;
    return {
      unidadId: v.unidadId,
      titulo: v.titulo,
      nombre: v.nombre,
      descripcion: v.descripcion,
      posicion: String(v.posicion),
      video: v.video,
      poster: v.poster,
    } satisfies FormValues;
  },

  async save(db, id, v) {
    const { video, poster, ...rest } = v;
    const files = newFiles({ video, poster });
    if (id) {
      const [before] = await db
        .select()
        .from(unidadVideos)
        .where(eq(unidadVideos.id, Number(id)));
      await db
        .update(unidadVideos)
        .set({ ...rest, ...files.set })
        .where(eq(unidadVideos.id, Number(id)));
      if (before) await deleteFiles(files.replaced.map((f) => before[f]));
      // a new lesson file: its HLS copy for phones (ADR 048)
      if (files.set.video) await queueTranscode(db, Number(id), files.set.video);
      return { id };
    }
    if (!video) return { errors: { video: "Elige el archivo." } };
    const [created] = await db
      .insert(unidadVideos)
      .values({ ...rest, video, poster: poster ?? "" })
      .returning({ id: unidadVideos.id });
    await queueTranscode(db, created!.id, video);
    return { id: String(created!.id) };
  },

  async remove(db, id) {
    const [v] = await db
      .delete(unidadVideos)
      .where(eq(unidadVideos.id, Number(id)))
      .returning();
    return deleteFiles([v?.video, v?.poster]);
  },
};

// ---------------------------------------------------------------- exam questions

const ANSWERS = [
  { value: "1", label: "Respuesta 1" },
  { value: "2", label: "Respuesta 2" },
  { value: "3", label: "Respuesta 3" },
];

async function questionFields(db: Db) {
  return {
    cursoId: select("Curso", await courseOptions(db), { required: true }),
    pregunta: textarea("Pregunta", { required: true }),
    respuesta1: text("Respuesta 1", { required: true }),
    respuesta2: text("Respuesta 2", { required: true }),
    respuesta3: text("Respuesta 3", { required: true }),
    respuestaCorrecta: select("Respuesta correcta", ANSWERS, { required: true }),
    posicion: integer("Orden", { min: 0, help: `El examen usa las primeras ${EXAM_QUESTION_COUNT} preguntas.` }),
  };
}

export const questionsResource: AdminResource<Awaited<ReturnType<typeof questionFields>>> = {
  section: "preguntas",
  title: "Preguntas del examen",
  singular: "pregunta",
  newWord: "Nueva",
  fields: (db) => questionFields(db),
  parent: { section: "cursos", field: "cursoId", title: "Curso" },

  async list(db, { parent }) {
    const rows = await db
      .select()
      .from(preguntas)
      .where(parent ? eq(preguntas.cursoId, parent) : undefined)
      .orderBy(asc(preguntas.posicion), asc(preguntas.id));
    return rows.map((p) => ({ id: p.id, title: p.pregunta, detail: `Correcta: respuesta ${p.respuestaCorrecta}` }));
  },

  async load(db, id) {
    const [p] = await db.select().from(preguntas).where(eq(preguntas.id, id));
    if (!p) return null;
    const { id: _id, posicion, respuestaCorrecta, ...texts } = p;
    return { ...texts, posicion: String(posicion), respuestaCorrecta: String(respuestaCorrecta) } satisfies FormValues;
  },

  save: (db, id, v) => saveRow(db, preguntas, id, { ...v, respuestaCorrecta: Number(v.respuestaCorrecta) }, "pregunta"),

  async remove(db, id) {
    await db.delete(preguntas).where(eq(preguntas.id, id));
    return null;
  },
};

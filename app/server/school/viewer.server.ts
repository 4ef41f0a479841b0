/**
 * What the course viewer shows an enrolled student: the units and their videos, the unit
 * she saw last, and the private files (videos, the manual). The guard in front of it,
 * requireEnrolment, is enrolment's (school/enrolment.server.ts).
 *
 * A video's storage reference (`unidad_videos.video`, 'private:videos/clase.webm') never
 * leaves the server: the browser only gets /curso-video/{videoId}, which streams the file
 * to enrolled students (http/course-video.server.ts, with enrolledVideoKey below).
 */
import { and, asc, eq, inArray } from "drizzle-orm";
import { type DbOrTx, getDb } from "../db/index.server";
import { cursos, inscripciones, unidades, unidadVideos, videosHls } from "../db/schema";
import { hlsFields } from "./transcode.server";
import { getStorage, resolveRef } from "../storage/index.server";
import { assertValidKey } from "../storage/types";
import type { Curso } from "./enrolment.server";

export type ViewerVideo = {
  id: number;
  titulo: string;
  nombre: string;
  descripcion: string;
  poster: string;
  /** the protected stream; the storage key itself is never sent */
  src: string;
  /** the HLS master playlist once the transcode is ready (ADR 048), else null: play `src` */
  hls: string | null;
};

export type ViewerUnit = { id: string; nombre: string; posicion: number; videos: ViewerVideo[] };

export const videoUrl = (videoId: number) => `/curso-video/${videoId}`;

/** The original file as a download, where the course allows it (the handler checks again). */
export const videoDownloadUrl = (videoId: number) => `/curso-video/${videoId}?descargar=1`;

/** Units ordered by posicion, each with its videos ordered by posicion. */
export async function loadUnits(cursoId: string): Promise<ViewerUnit[]> {
  const db = getDb();
  const units = await db
    .select({ id: unidades.id, nombre: unidades.nombre, posicion: unidades.posicion })
    .from(unidades)
    .where(eq(unidades.cursoId, cursoId))
    .orderBy(asc(unidades.posicion), asc(unidades.id));
  if (units.length === 0) return [];
  const videos = await db
    .select({
      id: unidadVideos.id,
      unidadId: unidadVideos.unidadId,
      titulo: unidadVideos.titulo,
      nombre: unidadVideos.nombre,
      descripcion: unidadVideos.descripcion,
      poster: unidadVideos.poster,
      hlsEstado: videosHls.estado,
    })
    .from(unidadVideos)
    .leftJoin(videosHls, eq(videosHls.videoId, unidadVideos.id))
    .where(
      inArray(
        unidadVideos.unidadId,
        units.map((u) => u.id),
      ),
    )
    .orderBy(asc(unidadVideos.posicion), asc(unidadVideos.id));
  return units.map((unit) => ({
    ...unit,
    videos: videos
      .filter((v) => v.unidadId === unit.id)
      .map(({ unidadId: _unidad, hlsEstado, ...v }) => ({ ...v, src: videoUrl(v.id), ...hlsFields(v, hlsEstado) })),
  }));
}

/** Remembers the unit the student opened (inscripciones.ultima_unidad_id); the caller checked it is the course's. */
export async function rememberUnit(userId: string, cursoId: string, unidadId: string): Promise<void> {
  await getDb()
    .update(inscripciones)
    .set({ ultimaUnidadId: unidadId })
    .where(and(eq(inscripciones.userId, userId), eq(inscripciones.cursoId, cursoId)));
}

/** The id of the course's last unit (highest posicion), or null without units. */
export async function lastUnitId(cursoId: string, db: DbOrTx = getDb()): Promise<string | null> {
  const units = await db
    .select({ id: unidades.id })
    .from(unidades)
    .where(eq(unidades.cursoId, cursoId))
    .orderBy(asc(unidades.posicion), asc(unidades.id));
  return units.at(-1)?.id ?? null;
}

// ---------------------------------------------------------------- private files

/**
 * The private file behind a stored reference ('private:videos/clase.webm'); null for a
 * public or external one (a paid video must never be served from a public place).
 */
function privateKey(ref: string): string | null {
  const target = resolveRef(ref);
  if (target?.visibility !== "private") return null;
  try {
    assertValidKey(target.key);
  } catch {
    return null;
  }
  return target.key;
}

/**
 * The private file key of a unit video, only for a student enrolled in its course; null
 * (→ 404, so a stranger cannot even tell that a video id exists) otherwise. `download`: only
 * where the course lets its students download the original (cursos.descarga_videos).
 */
export async function enrolledVideoKey(
  userId: string,
  videoId: number,
  options: { download?: boolean } = {},
): Promise<string | null> {
  if (!Number.isSafeInteger(videoId) || videoId < 1) return null;
  const [row] = await getDb()
    .select({ video: unidadVideos.video, descarga: cursos.descargaVideos })
    .from(unidadVideos)
    .innerJoin(unidades, eq(unidades.id, unidadVideos.unidadId))
    .innerJoin(inscripciones, and(eq(inscripciones.cursoId, unidades.cursoId), eq(inscripciones.userId, userId)))
    .innerJoin(cursos, eq(cursos.id, unidades.cursoId))
    .where(eq(unidadVideos.id, videoId))
    .limit(1);
  if (!row || (options.download && !row.descarga)) return null;
  return privateKey(row.video);
}

/** A course manual kept in private storage: its download route instead of a URL. */
export function manualUrl(curso: Pick<Curso, "id" | "urlKit">): string | null {
  if (!curso.urlKit) return null;
  return curso.urlKit.startsWith("private:") ? `/curso-michel-alvarez/${curso.id}/manual` : curso.urlKit;
}

/** The bytes of a private manual, for an enrolled student (the caller checked). */
export async function privateManual(curso: Pick<Curso, "urlKit">) {
  const key = privateKey(curso.urlKit);
  return key ? getStorage("private").get(key) : null;
}

/**
 * The online school's access rules and content: who may open a course (enrolment, decided
 * here and nowhere else), what the viewer shows, which unit the student saw last, and the
 * private video files behind /curso-video/{id}.
 *
 * A video's storage reference (`unidad_videos.video`, 'private:videos/clase.webm') never
 * leaves the server: the browser only gets /curso-video/{videoId}, which streams the file
 * to enrolled students.
 */
import { and, asc, count, eq, inArray, sql } from "drizzle-orm";
import type { NextFunction, Request as ExpressRequest, Response as ExpressResponse } from "express";
import { redirect } from "react-router";
import { formatSpanishDate } from "~/domain/dates";
import { type DbOrTx, getDb } from "../db/index.server";
import {
  type CourseSettings,
  type FreeCoursePromotion,
  courseSettings,
  parseCourseSettings,
  promotionOpen,
} from "~/config/courses";
import { compraLineas, cursos, inscripciones, unidades, unidadVideos } from "../db/schema";
import { privateDir } from "../env.server";
import { SETTING, readSetting } from "../settings.server";
import { getStorage, resolveRef } from "../storage/index.server";
import { assertValidKey } from "../storage/types";
import { requestUser } from "../http/request.server";
import { currentUser, requireUser, type SessionUser } from "../session.server";
import { type BuyerRefusal, buyerGate } from "../shop/buyer.server";
import { logError } from "../log.server";

export type { DbOrTx };

export type Curso = typeof cursos.$inferSelect;

// ---------------------------------------------------------------- enrolment

export async function isEnrolled(userId: string, cursoId: string, db: DbOrTx = getDb()): Promise<boolean> {
  const rows = await db
    .select({ cursoId: inscripciones.cursoId })
    .from(inscripciones)
    .where(and(eq(inscripciones.userId, userId), eq(inscripciones.cursoId, cursoId)))
    .limit(1);
  return rows.length > 0;
}

/**
 * Guard of the viewer, the exam, the diploma: the user must be logged in and own the
 * course. Anything else is a silent redirect home (SPEC §4 'Viewing a course not owned').
 * A course the studio later unpublished stays open to the students who bought it.
 */
export async function requireEnrolment(
  request: Request,
  cursoId: string,
): Promise<{ user: SessionUser; curso: Curso; ultimaUnidadId: string | null }> {
  const user = await requireUser(request);
  const [row] = await getDb()
    .select({ curso: cursos, ultimaUnidadId: inscripciones.ultimaUnidadId })
    .from(inscripciones)
    .innerJoin(cursos, eq(cursos.id, inscripciones.cursoId))
    .where(and(eq(inscripciones.userId, user.id), eq(inscripciones.cursoId, cursoId)))
    .limit(1);
  if (!row) throw redirect("/");
  return { user, curso: row.curso, ultimaUnidadId: row.ultimaUnidadId };
}

/**
 * Adds courses to a user's list (the spec's user.cursos). Idempotent: a course already
 * owned keeps its first purchase, so a repeated payment confirmation adds nothing.
 * Returns the ids that were actually added.
 */
export async function enrol(
  db: DbOrTx,
  userId: string,
  cursoIds: readonly string[],
  compraId: string | null,
): Promise<string[]> {
  if (cursoIds.length === 0) return [];
  const added = await db
    .insert(inscripciones)
    .values([...new Set(cursoIds)].map((cursoId) => ({ userId, cursoId, compraId })))
    .onConflictDoNothing()
    .returning({ cursoId: inscripciones.cursoId });
  return added.map((r) => r.cursoId);
}

/**
 * The courses that grant another and the free-second-course promotion, as the studio set
 * them in the admin area (ajustes 'cursos'); the defaults of app/config/courses.ts until then.
 */
export async function readCourseSettings(db: DbOrTx = getDb()): Promise<CourseSettings> {
  return parseCourseSettings(await readSetting(db, SETTING.cursos), courseSettings);
}

/** How many free courses the promotion has given (its lines at price 0 carry its clave). */
export async function promotionPlacesUsed(db: DbOrTx, promo: FreeCoursePromotion): Promise<number> {
  const [row] = await db
    .select({ dados: count() })
    .from(compraLineas)
    .where(and(eq(compraLineas.cursoId, promo.regaloId), eq(compraLineas.codigoDescuento, promo.clave)));
  return row?.dados ?? 0;
}

/**
 * Enrolment for a paid order, inside the order's transaction (called once per order by
 * confirmPayment): the courses bought, the course a bought one grants, and the free second
 * course while the promotion is open and has grants left. Grant and gift are written as
 * lines at price 0 in the purchase, so the buyer sees them in the mail and in /mis-compras,
 * and the promotion is counted by them. Returns the course ids added to the user's list.
 */
export async function enrolPurchase(
  tx: DbOrTx,
  order: { userId: string; compraId: string; cursoIds: readonly string[] },
  settings?: CourseSettings,
  now: Date = new Date(),
): Promise<string[]> {
  const bought = [...new Set(order.cursoIds)];
  if (bought.length === 0) return [];
  settings ??= await readCourseSettings(tx);
  const extra: { cursoId: string; clave: string | null }[] = [];

  for (const grant of settings.grants) {
    if (bought.includes(grant.cursoId)) extra.push({ cursoId: grant.otorga, clave: null });
  }

  const promo = settings.promotion;
  if (promotionOpen(promo, now) && bought.includes(promo.cursoId) && !bought.includes(promo.regaloId)) {
    // One promotion counter for every app instance: concurrent orders take turns here.
    await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`promocion:${promo.clave}`}))`);
    const dados = await promotionPlacesUsed(tx, promo);
    if (dados < promo.maximo && !(await isEnrolled(order.userId, promo.regaloId, tx))) {
      extra.push({ cursoId: promo.regaloId, clave: promo.clave });
    }
  }

  // Only what the buyer does not own yet, and each course once.
  const lines = new Map<string, string | null>();
  for (const { cursoId, clave } of extra) {
    if (!bought.includes(cursoId) && !lines.has(cursoId) && !(await isEnrolled(order.userId, cursoId, tx))) {
      lines.set(cursoId, clave);
    }
  }
  if (lines.size > 0) {
    const found = await tx
      .select({
        id: cursos.id,
        titulo: cursos.titulo,
        tituloExterior: cursos.tituloExterior,
        imagen: cursos.imagenExterior,
        precio: cursos.precio,
      })
      .from(cursos)
      .where(inArray(cursos.id, [...lines.keys()]));
    for (const id of lines.keys()) if (!found.some((c) => c.id === id)) lines.delete(id);
    if (found.length > 0) {
      await tx.insert(compraLineas).values(
        found.map((c) => ({
          compraId: order.compraId,
          cursoId: c.id,
          url: c.imagen,
          nombre: c.tituloExterior || c.titulo,
          precio: 0,
          precioOriginal: c.precio,
          codigoDescuento: lines.get(c.id) ?? null,
          cantidad: 1,
        })),
      );
    }
  }
  return enrol(tx, order.userId, [...bought, ...lines.keys()], order.compraId);
}

/**
 * What buying this course brings along, for the checkout page: the granted course and the
 * open promotion (with its places left), leaving out courses the buyer already has.
 */
export async function coursePerks(
  userId: string,
  cursoId: string,
  settings?: CourseSettings,
  now: Date = new Date(),
): Promise<{ cursoId: string; texto: string }[]> {
  settings ??= await readCourseSettings();
  const perks: { cursoId: string; texto: (titulo: string) => Promise<string> | string }[] = [];
  for (const grant of settings.grants) {
    if (grant.cursoId === cursoId)
      perks.push({ cursoId: grant.otorga, texto: (t) => `Incluye también el curso ${t}.` });
  }
  const promo = settings.promotion;
  if (promotionOpen(promo, now) && promo.cursoId === cursoId) {
    perks.push({
      cursoId: promo.regaloId,
      texto: async (t) => {
        const dados = await promotionPlacesUsed(getDb(), promo);
        const left = promo.maximo - dados;
        if (left <= 0) return "";
        return (
          `Promoción: con este curso recibes gratis el curso ${t}, hasta el ${formatSpanishDate(promo.hasta)} ` +
          `(${left === 1 ? "queda 1 lugar" : `quedan ${left} lugares`}).`
        );
      },
    });
  }
  const result: { cursoId: string; texto: string }[] = [];
  for (const perk of perks) {
    if (perk.cursoId === cursoId || (await isEnrolled(userId, perk.cursoId))) continue;
    const [curso] = await getDb()
      .select({ titulo: cursos.titulo, tituloExterior: cursos.tituloExterior })
      .from(cursos)
      .where(eq(cursos.id, perk.cursoId));
    if (!curso) continue;
    const texto = await perk.texto(curso.tituloExterior || curso.titulo);
    if (texto) result.push({ cursoId: perk.cursoId, texto });
  }
  return result;
}

/** /mis-cursos: the user's courses, in the order the studio lists them. */
export async function listMyCourses(userId: string) {
  const rows = await getDb()
    .select({
      id: cursos.id,
      titulo: cursos.titulo,
      tituloExterior: cursos.tituloExterior,
      imagen: cursos.imagenExterior,
      urlKit: cursos.urlKit,
      horas: cursos.horas,
      examen: cursos.examen,
    })
    .from(inscripciones)
    .innerJoin(cursos, eq(cursos.id, inscripciones.cursoId))
    .where(eq(inscripciones.userId, userId))
    .orderBy(asc(cursos.posicion), asc(cursos.titulo));
  return rows.map(({ urlKit, ...curso }) => ({ ...curso, manual: manualUrl({ id: curso.id, urlKit }) }));
}

// ---------------------------------------------------------------- buying a course

/** BUY's refusal: the buyer gate's answer (an alert to log in, or the terms prompt). */
export type BuyAnswer = BuyerRefusal;

const checkoutPath = (cursoId: string) => `/pagar-curso/${cursoId}`;
const viewerPath = (cursoId: string) => `/curso-michel-alvarez/${cursoId}`;

/**
 * BUY on /cursos/{id} (SPEC §4 'Course buying'): the buyer gate decides (logged out → the
 * spec's log-in alert; terms not accepted → the terms prompt); a course already owned →
 * its viewer (never sold twice); otherwise on to /pagar-curso/{id}. Redirects are thrown.
 */
export async function buyCourse(request: Request, cursoId: string): Promise<BuyAnswer> {
  const user = await currentUser(request);
  if (user && (await isEnrolled(user.id, cursoId))) throw redirect(viewerPath(cursoId));
  const gate = buyerGate(user);
  if (!gate.ok) return gate;
  throw redirect(checkoutPath(cursoId));
}

/**
 * Guard of /pagar-curso/{id}: logged in (else home), the course on sale (else home, as the
 * spec says for a missing course), not owned yet (else its viewer), terms accepted (else
 * back to the course page, whose BUY asks for them).
 */
export async function requireCourseCheckout(request: Request, cursoId: string): Promise<SessionUser> {
  const user = await requireUser(request);
  const [curso] = await getDb()
    .select({ id: cursos.id })
    .from(cursos)
    .where(and(eq(cursos.id, cursoId), eq(cursos.publicado, true), eq(cursos.tipo, "online")))
    .limit(1);
  if (!curso) throw redirect("/");
  if (await isEnrolled(user.id, cursoId)) throw redirect(viewerPath(cursoId));
  if (!buyerGate(user).ok) throw redirect(`/cursos/${cursoId}`);
  return user;
}

// ---------------------------------------------------------------- course content

export type ViewerVideo = {
  id: number;
  titulo: string;
  nombre: string;
  descripcion: string;
  poster: string;
  /** the protected stream; the storage key itself is never sent */
  src: string;
};

export type ViewerUnit = { id: string; nombre: string; posicion: number; videos: ViewerVideo[] };

export const videoUrl = (videoId: number) => `/curso-video/${videoId}`;

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
    })
    .from(unidadVideos)
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
      .map(({ unidadId: _unidad, ...v }) => ({ ...v, src: videoUrl(v.id) })),
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
 * (→ 404, so a stranger cannot even tell that a video id exists) otherwise.
 */
export async function enrolledVideoKey(userId: string, videoId: number): Promise<string | null> {
  if (!Number.isSafeInteger(videoId) || videoId < 1) return null;
  const [row] = await getDb()
    .select({ video: unidadVideos.video })
    .from(unidadVideos)
    .innerJoin(unidades, eq(unidades.id, unidadVideos.unidadId))
    .innerJoin(inscripciones, and(eq(inscripciones.cursoId, unidades.cursoId), eq(inscripciones.userId, userId)))
    .where(eq(unidadVideos.id, videoId))
    .limit(1);
  return row ? privateKey(row.video) : null;
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

// Served with Cache-Control private: only the student's browser may keep it (seeking
// re-reads ranges from its cache), never a shared cache.
const VIDEO_HEADERS = { "Cache-Control": "private, max-age=3600", "X-Robots-Tag": "noindex" };

/** How long a presigned video URL works: a lesson's length, with room for pauses. */
const SIGNED_VIDEO_SECONDS = 2 * 60 * 60;

/**
 * Express handler for GET /curso-video/:videoId. From the local folder, express's sendFile
 * streams the file and answers Range requests (206) so the <video> element can seek; with
 * S3, a redirect to a presigned URL valid for SIGNED_VIDEO_SECONDS.
 */
export async function serveCourseVideo(req: ExpressRequest, res: ExpressResponse, next: NextFunction) {
  try {
    const user = await requestUser(req);
    const key = user ? await enrolledVideoKey(user.id, Number(req.params.videoId)) : null;
    const refuse = () => {
      res.status(user ? 404 : 403).type("text/plain; charset=utf-8");
      res.send(user ? "Video no encontrado." : "Inicia sesión para ver este video.");
    };
    if (!key) return refuse();

    const storage = getStorage("private");
    if (storage.signedUrl) {
      // S3: the browser reads the video (and its ranges) from the store with a URL that
      // expires; the video has no lasting address to share.
      res.set({ "Cache-Control": "no-store", "X-Robots-Tag": "noindex" });
      return void res.redirect(302, await storage.signedUrl(key, SIGNED_VIDEO_SECONDS));
    }
    // `root`: the data folder may sit under a dot folder (.tmp); only the key is checked for dotfiles.
    res.sendFile(
      key,
      { root: privateDir(), dotfiles: "deny", cacheControl: false, headers: VIDEO_HEADERS },
      (error) => {
        if (!error) return;
        if (!res.headersSent) refuse();
        else if ((error as NodeJS.ErrnoException).code !== "ECONNABORTED") logError("Video", error);
      },
    );
  } catch (error) {
    next(error);
  }
}

/**
 * The online school's access rules: who may open a course (enrolment, decided here and
 * nowhere else), the courses a purchase brings along (a granted course, the free second
 * course of the promotion, counted under its lock), the student's list of courses, and who
 * may buy one. What the viewer shows is school/viewer.server.ts.
 */
import { and, asc, count, eq, inArray, sql } from "drizzle-orm";
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
import { compraLineas, cursos, inscripciones } from "../db/schema";
import { SETTING, readSetting } from "../settings.server";
import { currentUser, requireUser, type SessionUser } from "../session.server";
import { type BuyerRefusal, buyerGate } from "../shop/buyer.server";
import { manualUrl } from "./viewer.server";

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

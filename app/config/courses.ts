/**
 * Courses that come with other courses (SPEC §4 'Payment success', 'Course promotion'). The
 * spec names the rules but not the ids or the window: the studio sets them in the admin
 * area (/admin/cursos-de-regalo, ajustes clave 'cursos'); `courseSettings` below are the
 * defaults while nothing is stored. Applied on the server when a paid order is written
 * (enrolPurchase in app/server/school/enrolment.server.ts), never decided by the browser.
 */
import { STUDIO_TIME_ZONE } from "~/domain/dates";
import { zonedInstant } from "~/domain/slots";
import { studioDay } from "~/domain/studio-calendar";

/** Buying `cursoId` also enrols the buyer in `otorga` (the spec's special course id). */
export type CourseGrant = { cursoId: string; otorga: string };

/**
 * The free-second-course promotion: buying `cursoId` between `desde` and `hasta` adds
 * `regaloId` at price 0, to the first `maximo` buyers. `clave` marks the free line in the
 * purchase (compra_lineas.codigo_descuento), which is also how the grants are counted.
 */
export type FreeCoursePromotion = {
  clave: string;
  cursoId: string;
  regaloId: string;
  desde: Date;
  hasta: Date;
  maximo: number;
};

export type CourseSettings = { grants: readonly CourseGrant[]; promotion: FreeCoursePromotion | null };

/** The defaults, used while the studio has not stored settings of its own. */
export const courseSettings: CourseSettings = {
  grants: [{ cursoId: "lip-blush-online", otorga: "automaquillaje-online" }],
  promotion: {
    clave: "PROMO-2X1-2025",
    cursoId: "microblading-online",
    regaloId: "lip-blush-online",
    // The spec's promotion date constant (21 August 2025) opens the window; a month, Guadalajara time.
    desde: new Date("2025-08-21T00:00:00-06:00"),
    hasta: new Date("2025-09-21T23:59:59-06:00"),
    maximo: 50,
  },
};

/** Whether the promotion is open at `now` (the count is checked when the order is written). */
export function promotionOpen(promotion: FreeCoursePromotion | null, now: Date): promotion is FreeCoursePromotion {
  return promotion !== null && promotion.desde <= now && now <= promotion.hasta && promotion.maximo > 0;
}

// ---------------------------------------------------------------- the stored setting

/** How the setting is stored (ajustes 'cursos'): days as 'YYYY-MM-DD', the whole day in Guadalajara. */
export type StoredCourseSettings = {
  grants: CourseGrant[];
  promotion: {
    clave: string;
    cursoId: string;
    regaloId: string;
    desde: string;
    hasta: string;
    maximo: number;
    /** false keeps the promotion's data without applying it */
    activa?: boolean;
  } | null;
};

// The whole day on the studio's clock (the zone's offset, not a fixed −6 h).
const dayStart = (day: string) => zonedInstant(day, "00:00", STUDIO_TIME_ZONE);
const dayEnd = (day: string) => new Date(zonedInstant(day, "23:59", STUDIO_TIME_ZONE).getTime() + 59_000);
const DAY = /^\d{4}-\d{2}-\d{2}$/;
const isText = (v: unknown): v is string => typeof v === "string" && v.length > 0 && v.length <= 200;

/** The settings to store for the given ones (the admin form starts from them). */
export function toStoredCourseSettings(settings: CourseSettings): StoredCourseSettings {
  const p = settings.promotion;
  return {
    grants: settings.grants.map((g) => ({ cursoId: g.cursoId, otorga: g.otorga })),
    promotion: p
      ? { clave: p.clave, cursoId: p.cursoId, regaloId: p.regaloId, desde: studioDay(p.desde), hasta: studioDay(p.hasta), maximo: p.maximo }
      : null,
  };
}

/**
 * The settings the studio stored, or the defaults when nothing (or something malformed) is
 * stored: a broken value never switches a promotion on by accident.
 */
export function parseCourseSettings(valor: unknown, defaults: CourseSettings = courseSettings): CourseSettings {
  if (!valor || typeof valor !== "object") return defaults;
  const { grants, promotion } = valor as { grants?: unknown; promotion?: unknown };
  if (!Array.isArray(grants)) return defaults;
  const parsedGrants: CourseGrant[] = [];
  for (const g of grants) {
    const { cursoId, otorga } = (g ?? {}) as { cursoId?: unknown; otorga?: unknown };
    if (!isText(cursoId) || !isText(otorga)) return defaults;
    parsedGrants.push({ cursoId, otorga });
  }
  if (promotion === null) return { grants: parsedGrants, promotion: null };
  const p = (promotion ?? {}) as Record<string, unknown>;
  if (p.activa === false) return { grants: parsedGrants, promotion: null };
  if (
    !isText(p.clave) ||
    !isText(p.cursoId) ||
    !isText(p.regaloId) ||
    typeof p.desde !== "string" ||
    !DAY.test(p.desde) ||
    typeof p.hasta !== "string" ||
    !DAY.test(p.hasta) ||
    typeof p.maximo !== "number" ||
    !Number.isInteger(p.maximo) ||
    p.maximo < 0
  ) {
    return defaults;
  }
  const desde = dayStart(p.desde);
  const hasta = dayEnd(p.hasta);
  if (Number.isNaN(desde.getTime()) || Number.isNaN(hasta.getTime())) return defaults;
  return {
    grants: parsedGrants,
    promotion: { clave: p.clave, cursoId: p.cursoId, regaloId: p.regaloId, desde, hasta, maximo: p.maximo },
  };
}

/**
 * Courses that come with other courses (SPEC §4 'Payment success', 'Course promotion'), in
 * one place. The spec names the rules but not the ids or the window: these are the studio's
 * settings, applied on the server when a paid order is written (enrolPurchase in
 * app/server/courses.server.ts), never decided by the browser.
 */

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

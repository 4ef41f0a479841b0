/**
 * Admin: the school's course settings (ajustes 'cursos', read by school/enrolment.server.ts): the
 * courses that come with another course, and the free-second-course promotion with its
 * dates and places. Until the studio saves them, the defaults of app/config/courses.ts apply
 * and the form starts from them.
 */
import {
  type StoredCourseSettings,
  courseSettings,
  parseCourseSettings,
  promotionOpen,
  toStoredCourseSettings,
} from "~/config/courses";
import type { FieldErrors, FormValues, Option } from "~/domain/admin-form";
import { formatSpanishDate } from "~/domain/dates";
import { plural } from "~/domain/plural";
import type { Db } from "../db/index.server";
import { promotionPlacesUsed, readCourseSettings } from "../school/enrolment.server";
import { SETTING } from "../settings.server";
import { checkbox, date, integer, select, text } from "./fields.server";
import type { Setting } from "./settings.server";

/** How many "buying A also gives B" rows the form offers. */
export const GRANT_ROWS = 4;

function fieldsFor(courses: Option[]) {
  const grantFields: Record<string, ReturnType<typeof select>> = {};
  for (let i = 1; i <= GRANT_ROWS; i++) {
    grantFields[`grant${i}Curso`] = select(`Quien compre el curso (${i})`, courses, {
      group: i === 1 ? "Cursos que incluyen otro curso" : undefined,
      help: i === 1 ? "Al pagar el primero, el segundo se agrega gratis a Mis cursos." : undefined,
    });
    grantFields[`grant${i}Otorga`] = select(`recibe también (${i})`, courses);
  }
  return {
    ...grantFields,
    promoActiva: checkbox("Promoción activa", { group: "Promoción: segundo curso gratis" }),
    promoCurso: select("Quien compre el curso", courses),
    promoRegalo: select("recibe gratis el curso", courses),
    promoDesde: date("Desde"),
    promoHasta: date("Hasta (incluido)"),
    promoMaximo: integer("Lugares", { min: 0, max: 100_000, help: "Cuántas personas pueden recibir el regalo." }),
    promoClave: text("Clave de la promoción", {
      max: 60,
      help: "Identifica la promoción en las compras: con otra clave la cuenta de lugares empieza de cero.",
    }),
  };
}

type CourseFields = ReturnType<typeof fieldsFor>;

function storedOrDefaults(valor: unknown): StoredCourseSettings {
  if (valor && typeof valor === "object" && Array.isArray((valor as StoredCourseSettings).grants)) {
    return valor as StoredCourseSettings;
  }
  return toStoredCourseSettings(courseSettings);
}

/** The setting's form for the given course options. */
export function courseSettingsSetting(courses: Option[]): Setting<CourseFields> {
  return {
    key: SETTING.cursos,
    title: "Cursos de regalo",
    help: "Se aplican al pagar un curso en línea: el regalo aparece en la compra a $0 y en Mis cursos.",
    fields: fieldsFor(courses),
    toForm(valor) {
      const stored = storedOrDefaults(valor);
      const values: FormValues = {};
      for (let i = 1; i <= GRANT_ROWS; i++) {
        const g = stored.grants[i - 1];
        values[`grant${i}Curso`] = g?.cursoId ?? "";
        values[`grant${i}Otorga`] = g?.otorga ?? "";
      }
      const p = stored.promotion;
      values.promoActiva = p !== null && p.activa !== false;
      values.promoCurso = p?.cursoId ?? "";
      values.promoRegalo = p?.regaloId ?? "";
      values.promoDesde = p?.desde ?? "";
      values.promoHasta = p?.hasta ?? "";
      values.promoMaximo = p ? String(p.maximo) : "";
      values.promoClave = p?.clave ?? "";
      return values;
    },
    fromForm(v) {
      const values = v as Record<string, string | number | boolean>;
      const errors: FieldErrors = {};
      const grants: StoredCourseSettings["grants"] = [];
      for (let i = 1; i <= GRANT_ROWS; i++) {
        const cursoId = String(values[`grant${i}Curso`] ?? "");
        const otorga = String(values[`grant${i}Otorga`] ?? "");
        if (!cursoId && !otorga) continue;
        if (!cursoId) errors[`grant${i}Curso`] = "Elige los dos cursos.";
        else if (!otorga) errors[`grant${i}Otorga`] = "Elige los dos cursos.";
        else if (cursoId === otorga) errors[`grant${i}Otorga`] = "Elige un curso distinto.";
        else if (grants.some((g) => g.cursoId === cursoId && g.otorga === otorga))
          errors[`grant${i}Otorga`] = "Esta combinación ya está arriba.";
        else grants.push({ cursoId, otorga });
      }
      const activa = values.promoActiva === true;
      const promo = {
        cursoId: String(values.promoCurso ?? ""),
        regaloId: String(values.promoRegalo ?? ""),
        desde: String(values.promoDesde ?? ""),
        hasta: String(values.promoHasta ?? ""),
        maximo: Number(values.promoMaximo ?? 0),
        clave: String(values.promoClave ?? ""),
      };
      const complete = promo.cursoId && promo.regaloId && promo.desde && promo.hasta && promo.clave;
      if (activa) {
        if (!promo.cursoId) errors.promoCurso = "Elige el curso que se compra.";
        if (!promo.regaloId) errors.promoRegalo = "Elige el curso de regalo.";
        else if (promo.regaloId === promo.cursoId) errors.promoRegalo = "Elige un curso distinto.";
        if (!promo.desde) errors.promoDesde = "Elige la fecha de inicio.";
        if (!promo.hasta) errors.promoHasta = "Elige la fecha de fin.";
        else if (promo.desde && promo.hasta < promo.desde)
          errors.promoHasta = "Debe ser igual o posterior a la fecha de inicio.";
        if (!promo.clave) errors.promoClave = "Escribe una clave, por ejemplo PROMO-2X1.";
      }
      if (Object.keys(errors).length > 0) return { errors };
      const valor: StoredCourseSettings = {
        grants,
        promotion: complete && promo.hasta >= promo.desde ? { ...promo, activa } : null,
      };
      return { valor };
    },
    describe(valor, now) {
      const settings = parseCourseSettings(valor, courseSettings);
      const promo = settings.promotion;
      const grants = plural(settings.grants.length, "curso incluye otro", "cursos incluyen otro");
      if (!promo) return `Sin promoción. ${grants}.`;
      const span = `del ${formatSpanishDate(promo.desde)} al ${formatSpanishDate(promo.hasta)}`;
      const ended = promo.hasta < now;
      if (promotionOpen(promo, now)) return `Promoción activa ${span}. ${grants}.`;
      return ended ? `La promoción terminó (${span}). ${grants}.` : `Promoción programada ${span}. ${grants}.`;
    },
  };
}

/** The promotion's places: given and left (null without a promotion). */
export async function promotionPlaces(db: Db): Promise<{ usados: number; maximo: number } | null> {
  const { promotion } = await readCourseSettings(db);
  if (!promotion) return null;
  return { usados: await promotionPlacesUsed(db, promotion), maximo: promotion.maximo };
}

/**
 * Admin: the bookable treatments of each service (/admin/tratamientos/{id}, listed under the
 * service's edit screen): Microblading, Híbridas, Ombré... each with its duration, price,
 * deposit, whether it needs the consent form, and its retoque (window in days after the
 * session, price, duration). What the booking flow offers and charges comes from here.
 */
import { asc, count, eq } from "drizzle-orm";
import type { FieldErrors } from "~/domain/admin-form";
import { formatPrice } from "~/domain/money";
import type { Db } from "../db/index.server";
import { citas, servicios, tratamientos } from "../db/schema";
import { type Parsed, checkbox, integer, moneyValue, money, select, text } from "./fields.server";
import { type AdminResource, saveRow } from "./resource.server";

/** Sizes the studio may set: a session of 15 minutes to 10 hours, a retoque window up to a year. */
export const TREATMENT_LIMITS = { duracionMin: 15, duracionMax: 600, retoqueDiasMax: 365 } as const;

async function treatmentFields(db: Db) {
  const options = await db
    .select({ value: servicios.id, label: servicios.nombre })
    .from(servicios)
    .orderBy(asc(servicios.posicion), asc(servicios.nombre));
  const { duracionMin, duracionMax, retoqueDiasMax } = TREATMENT_LIMITS;
  const tests = await db
    .select({ value: tratamientos.id, label: tratamientos.nombre })
    .from(tratamientos)
    .orderBy(asc(tratamientos.nombre));
  return {
    servicioId: select("Servicio", options, { required: true }),
    nombre: text("Nombre (por ejemplo Microblading, Híbridas, Ombré)", { required: true, max: 80 }),
    duracion: integer("Duración de la sesión (minutos)", { required: true, min: duracionMin, max: duracionMax }),
    precio: money("Precio (pesos)", { required: true, placeholder: "3500" }),
    anticipo: money("Anticipo al agendar (pesos)", {
      help: "Se paga en línea al apartar la cita. Vacío o 0: sin anticipo.",
    }),
    requiereConsentimiento: checkbox("Pide el formulario de salud y consentimiento antes de la cita"),
    activo: checkbox("Se puede agendar en línea"),
    posicion: integer("Orden", { min: 0, max: 9999, help: "Los tratamientos se muestran de menor a mayor." }),
    retoqueDesde: integer("Retoque: desde el día", {
      group: "Retoque",
      min: 0,
      max: retoqueDiasMax,
      help: "Días después de la sesión en que se puede agendar el retoque (por ejemplo 30). Vacío: sin retoque.",
    }),
    retoqueHasta: integer("Retoque: hasta el día", { min: 0, max: retoqueDiasMax, help: "Por ejemplo 45." }),
    precioRetoque: money("Precio del retoque (pesos)"),
    duracionRetoque: integer("Duración del retoque (minutos)", {
      min: 0,
      max: duracionMax,
      help: "Vacío: la misma que la sesión.",
    }),
    // issue 30: the patch test booked before the first session (booking/patch-test.server.ts)
    pruebaTratamientoId: select("Prueba de pigmento antes de la primera sesión", tests, {
      group: "Prueba de pigmento",
      help: "El tratamiento corto que se agenda primero (por ejemplo «Prueba de pigmento»). Vacío: sin prueba.",
    }),
    pruebaHoras: integer("Horas mínimas entre la prueba y la sesión", { min: 1, max: 720, help: "Por ejemplo 48." }),
  };
}

type TreatmentFields = Awaited<ReturnType<typeof treatmentFields>>;

/** Rules between fields: the deposit within the price, a whole retoque window or none. */
export function checkTreatment(v: Parsed<TreatmentFields>): FieldErrors | null {
  const errors: FieldErrors = {};
  // 0: a free visit (the valoración, the patch test)
  if (v.precio !== null && v.precio < 0) errors.precio = "El precio no puede ser negativo.";
  if (v.anticipo !== null && v.precio !== null && v.anticipo > v.precio)
    errors.anticipo = "El anticipo no puede ser mayor que el precio.";
  const desde = v.retoqueDesde || 0;
  const hasta = v.retoqueHasta || 0;
  const conRetoque = desde > 0 || hasta > 0 || v.precioRetoque !== null || (v.duracionRetoque || 0) > 0;
  if (conRetoque) {
    if (desde <= 0) errors.retoqueDesde = "Indica desde qué día después de la sesión (1 o más).";
    if (hasta <= 0) errors.retoqueHasta = "Indica hasta qué día después de la sesión.";
    else if (desde > 0 && hasta < desde) errors.retoqueHasta = "Debe ser igual o posterior al día «desde».";
    if (v.precioRetoque === null) errors.precioRetoque = "Indica el precio del retoque (0 si no tiene costo).";
    const duracion = v.duracionRetoque || 0;
    if (duracion > 0 && duracion < TREATMENT_LIMITS.duracionMin)
      errors.duracionRetoque = `Debe ser ${TREATMENT_LIMITS.duracionMin} minutos o más.`;
  }
  return Object.keys(errors).length ? errors : null;
}

export const treatmentsResource: AdminResource<TreatmentFields> = {
  section: "tratamientos",
  title: "Tratamientos para agendar",
  singular: "tratamiento",
  fields: (db) => treatmentFields(db),
  defaults: { activo: true, posicion: "0" },
  parent: { section: "servicios", field: "servicioId", title: "Servicio" },
  check: checkTreatment,

  async list(db, { parent }) {
    const rows = await db
      .select()
      .from(tratamientos)
      .where(parent ? eq(tratamientos.servicioId, parent) : undefined)
      .orderBy(asc(tratamientos.posicion), asc(tratamientos.nombre));
    return rows.map((t) => ({
      id: t.id,
      title: t.nombre,
      detail: [
        `${t.duracion} min`,
        formatPrice(t.precio),
        t.anticipo > 0 ? `anticipo ${formatPrice(t.anticipo)}` : "sin anticipo",
        t.retoqueDesde ? `retoque ${t.retoqueDesde}–${t.retoqueHasta} días` : null,
      ]
        .filter(Boolean)
        .join(" · "),
      badge: t.activo ? undefined : "No se agenda",
    }));
  },

  async load(db, id) {
    const [t] = await db.select().from(tratamientos).where(eq(tratamientos.id, id));
    if (!t) return null;
    return {
      servicioId: t.servicioId,
      nombre: t.nombre,
      duracion: String(t.duracion),
      precio: moneyValue(t.precio),
      anticipo: t.anticipo ? moneyValue(t.anticipo) : "",
      requiereConsentimiento: t.requiereConsentimiento,
      activo: t.activo,
      posicion: String(t.posicion),
      retoqueDesde: t.retoqueDesde ? String(t.retoqueDesde) : "",
      retoqueHasta: t.retoqueHasta ? String(t.retoqueHasta) : "",
      precioRetoque: moneyValue(t.precioRetoque),
      duracionRetoque: t.duracionRetoque ? String(t.duracionRetoque) : "",
      pruebaTratamientoId: t.pruebaTratamientoId ?? "",
      pruebaHoras: String(t.pruebaHoras),
    };
  },

  save(db, id, v) {
    const conRetoque = (v.retoqueDesde || 0) > 0;
    const columns = {
      servicioId: v.servicioId,
      nombre: v.nombre,
      duracion: v.duracion,
      precio: v.precio ?? 0,
      anticipo: v.anticipo ?? 0,
      requiereConsentimiento: v.requiereConsentimiento,
      activo: v.activo,
      posicion: v.posicion,
      retoqueDesde: conRetoque ? v.retoqueDesde : null,
      retoqueHasta: conRetoque ? v.retoqueHasta : null,
      precioRetoque: conRetoque ? v.precioRetoque : null,
      duracionRetoque: conRetoque && v.duracionRetoque > 0 ? v.duracionRetoque : null,
      pruebaTratamientoId: v.pruebaTratamientoId && v.pruebaTratamientoId !== id ? v.pruebaTratamientoId : null,
      pruebaHoras: v.pruebaHoras || 48,
    };
    return saveRow(db, tratamientos, id, columns, v.nombre);
  },

  /** A treatment with appointments stays (their history points at it): it can be switched off. */
  async remove(db, id) {
    const [row] = await db.select({ n: count() }).from(citas).where(eq(citas.tratamientoId, id));
    if ((row?.n ?? 0) > 0)
      return {
        icon: "warning",
        title: "Tiene citas",
        text: "Este tratamiento tiene citas registradas. Desmarca «Se puede agendar en línea» para dejar de ofrecerlo.",
      };
    await db.delete(tratamientos).where(eq(tratamientos.id, id));
    return null;
  },
};

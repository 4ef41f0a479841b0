/**
 * Admin: holidays and block-outs of the agenda (/admin/bloqueos): whole days (a holiday, a
 * vacation) or hours of one or several days (a course, a break). The booking flow offers no
 * time inside them; appointments already booked there stay (the studio moves them by hand).
 * Days and hours are typed as the studio's clock shows them (America/Mexico_City).
 */
import { desc, eq } from "drizzle-orm";
import type { FieldErrors } from "~/domain/admin-form";
import { isCalendarDate } from "~/domain/dates";
import {
  addDays,
  dayTitle,
  isClockTime,
  studioDay,
  studioInstant,
  studioTime,
} from "~/domain/studio-calendar";
import type { Db } from "../db/index.server";
import { agendaBloqueos } from "../db/schema";
import { type Parsed, date, select, text, time } from "./fields.server";
import type { AdminResource } from "./resource.server";

export const BLOQUEO_TIPOS = [
  { value: "festivo", label: "Día festivo o vacaciones" },
  { value: "bloqueo", label: "Bloqueo (curso, descanso, otro)" },
  // Statutory holidays (LFT art. 74) are closed by default (booking/holidays.server.ts).
  { value: "abierto", label: "Abrir un día festivo oficial (se atiende ese día)" },
];

/** The longest block-out in one go. */
export const BLOCKOUT_MAX_DAYS = 366;

const fields = {
  tipo: select("Tipo", BLOQUEO_TIPOS, {
    required: true,
    help: "Los días de descanso oficiales (1 de enero, primer lunes de febrero, tercer lunes de marzo, 1 de mayo, 16 de septiembre, tercer lunes de noviembre, 25 de diciembre y el 1 de octubre de cambio de gobierno) ya están cerrados; para atender uno, elige «Abrir un día festivo oficial».",
  }),
  desde: date("Desde el día", { required: true }),
  hasta: date("Hasta el día", { help: "Vacío: solo el primer día." }),
  horaInicio: time("Desde la hora", { help: "Vacío: el día completo." }),
  horaFin: time("Hasta la hora"),
  motivo: text("Motivo (solo lo ve el estudio)", { max: 200 }),
};

type BlockoutFields = typeof fields;

/** The block-out's instants from the form, or the errors that say what is wrong. */
export function blockoutRange(v: Parsed<BlockoutFields>): { inicio: Date; fin: Date } | { errors: FieldErrors } {
  const errors: FieldErrors = {};
  const desde = v.desde;
  const hasta = v.hasta || v.desde;
  if (!isCalendarDate(desde)) errors.desde = "Elige una fecha válida.";
  if (v.hasta && !isCalendarDate(v.hasta)) errors.hasta = "Elige una fecha válida.";
  const conHoras = v.horaInicio !== "" || v.horaFin !== "";
  if (conHoras) {
    if (!isClockTime(v.horaInicio)) errors.horaInicio = "Escribe la hora como 10:00 (24 horas).";
    if (!isClockTime(v.horaFin)) errors.horaFin = "Escribe la hora como 14:00 (24 horas).";
  }
  if (Object.keys(errors).length) return { errors };
  if (hasta < desde) return { errors: { hasta: "Debe ser el mismo día o uno posterior." } };
  if (hasta > addDays(desde, BLOCKOUT_MAX_DAYS))
    return { errors: { hasta: `Un bloqueo puede durar hasta ${BLOCKOUT_MAX_DAYS} días.` } };
  const inicio = studioInstant(desde, conHoras ? v.horaInicio : "00:00");
  const fin = conHoras ? studioInstant(hasta, v.horaFin) : studioInstant(addDays(hasta, 1), "00:00");
  if (fin <= inicio) return { errors: { horaFin: "Debe ser después de la hora de inicio." } };
  return { inicio, fin };
}

/** Whether a block-out covers whole days (from midnight to midnight in the studio). */
function wholeDays(inicio: Date, fin: Date) {
  return studioTime(inicio) === "00:00" && studioTime(fin) === "00:00";
}

/** 'martes 1 de diciembre' or 'martes 1 de diciembre, 10:00 – jueves 3 de diciembre, 14:00'. */
export function describeBlockout(inicio: Date, fin: Date): string {
  if (wholeDays(inicio, fin)) {
    const first = studioDay(inicio);
    const last = addDays(studioDay(fin), -1);
    return first === last ? dayTitle(first) : `${dayTitle(first)} al ${dayTitle(last)}`;
  }
  const first = studioDay(inicio);
  const last = studioDay(fin);
  if (first === last) return `${dayTitle(first)}, ${studioTime(inicio)} a ${studioTime(fin)}`;
  return `${dayTitle(first)}, ${studioTime(inicio)} – ${dayTitle(last)}, ${studioTime(fin)}`;
}

const rowId = (id: string) => (/^\d{1,9}$/.test(id) ? Number(id) : null);

export const blockoutsResource: AdminResource<BlockoutFields> = {
  section: "bloqueos",
  title: "Días bloqueados",
  singular: "bloqueo",
  fields: () => fields,
  defaults: { tipo: "festivo" },
  check(v) {
    const range = blockoutRange(v);
    return "errors" in range ? range.errors : null;
  },

  async list(db: Db) {
    const rows = await db.select().from(agendaBloqueos).orderBy(desc(agendaBloqueos.inicio)).limit(300);
    return rows.map((b) => ({
      id: String(b.id),
      title: describeBlockout(b.inicio, b.fin),
      detail: b.motivo || undefined,
      badge: b.tipo === "festivo" ? "Festivo" : b.tipo === "abierto" ? "Abierto" : "Bloqueo",
    }));
  },

  async load(db, id) {
    const n = rowId(id);
    if (n === null) return null;
    const [b] = await db.select().from(agendaBloqueos).where(eq(agendaBloqueos.id, n));
    if (!b) return null;
    const whole = wholeDays(b.inicio, b.fin);
    const desde = studioDay(b.inicio);
    const hasta = whole ? addDays(studioDay(b.fin), -1) : studioDay(b.fin);
    return {
      tipo: b.tipo,
      desde,
      hasta: hasta === desde ? "" : hasta,
      horaInicio: whole ? "" : studioTime(b.inicio),
      horaFin: whole ? "" : studioTime(b.fin),
      motivo: b.motivo,
    };
  },

  async save(db, id, v) {
    const range = blockoutRange(v);
    if ("errors" in range) return range;
    const columns = { tipo: v.tipo, motivo: v.motivo, inicio: range.inicio, fin: range.fin };
    const n = id === null ? null : rowId(id);
    if (n !== null) {
      await db.update(agendaBloqueos).set(columns).where(eq(agendaBloqueos.id, n));
      return { id: String(n) };
    }
    const [row] = await db.insert(agendaBloqueos).values(columns).returning({ id: agendaBloqueos.id });
    return { id: String(row!.id) };
  },

  async remove(db, id) {
    const n = rowId(id);
    if (n !== null) await db.delete(agendaBloqueos).where(eq(agendaBloqueos.id, n));
    return null;
  },
};

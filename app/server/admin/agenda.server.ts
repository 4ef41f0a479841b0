/**
 * Admin: the studio's agenda (/admin/agenda). Reads appointments by day or week as the
 * studio's clock shows them, one appointment with its consent form, and the deposits taken.
 * Every write goes through the one owner of `citas` (booking/appointments.server.ts):
 * a phone booking is createAppointment with origen 'estudio', confirmed; moving, cancelling
 * and attendance are moveAppointment, cancelAppointment and setAttendance; "Liberar" a held
 * slot is booking/release.server.ts (the slot free at once, its voucher or card attempt voided).
 */
import { and, asc, count, desc, eq, gt, gte, inArray, isNotNull, isNull, lt, ne, or } from "drizzle-orm";
import { data } from "react-router";
import type { FieldErrors } from "~/domain/admin-form";
import { CITA_ESTADO_LABEL, type CitaEstado, holdPhoneKey } from "~/domain/agenda";
import { anticipoPagado, anticipoReembolso, pagoEstadoLabel } from "~/domain/agenda-labels";
import { formatSpanishDateTime } from "~/domain/dates";
import { TEXT_LIMITS } from "~/domain/limits";
import { addDays, studioDay, studioInstant, studioTime } from "~/domain/studio-calendar";
import {
  AppointmentError,
  SlotTakenError,
  cancelAppointment,
  createAppointment,
  moveAppointment,
  setAttendance,
} from "../booking/appointments.server";
import { closedHolidayDays } from "../booking/holidays.server";
import { releaseHeldAppointment } from "../booking/release.server";
import type { Db } from "../db/index.server";
import { agendaBloqueos, citas, pagos, servicios, tratamientos } from "../db/schema";
import { describeBlockout } from "./blockouts.server";
import { type Parsed, checkbox, date, parseForm, select, text, textarea, time } from "./fields.server";

// ---------------------------------------------------------------- reading

const estadoLabel = (estado: string) => CITA_ESTADO_LABEL[estado as CitaEstado] ?? estado;

export type AgendaEntry = {
  id: string;
  dia: string;
  hora: string;
  horaFin: string;
  estado: string;
  estadoLabel: string;
  nombre: string;
  telefono: string;
  tratamiento: string;
  servicio: string;
  esRetoque: boolean;
  origen: string;
  anticipo: number;
  anticipoPagado: boolean;
  pagoEstado: string;
  conConsentimiento: boolean;
  /** a hold ("Apartada"): when it ends, as the studio's clock shows it; null otherwise */
  apartadaHasta: string | null;
};

export type AgendaBlockout = {
  /** React's key */
  key: string;
  /** "festivo", "bloqueo", or "oficial": a statutory holiday closed by default (booking/holidays.server.ts) */
  tipo: string;
  motivo: string;
  texto: string;
  dias: string[];
  /** where the studio changes it: the block-out, or a new "abierto" entry for a statutory holiday */
  href: string;
};

/** The appointments (expired holds left out) and block-outs of `dias` days from `desde`. */
export async function agendaRange(db: Db, desde: string, dias: number, now = new Date()) {
  const from = studioInstant(desde);
  const to = studioInstant(addDays(desde, dias));
  const rows = await db
    .select({ cita: citas, tratamiento: tratamientos.nombre, servicio: servicios.nombre, pagoEstado: pagos.estado })
    .from(citas)
    .innerJoin(tratamientos, eq(tratamientos.id, citas.tratamientoId))
    .innerJoin(servicios, eq(servicios.id, tratamientos.servicioId))
    .leftJoin(pagos, eq(pagos.id, citas.pagoId))
    .where(
      and(
        lt(citas.inicio, to),
        gt(citas.fin, from),
        ne(citas.estado, "vencida"),
        // a hold whose time ran out no longer holds anything
        or(ne(citas.estado, "apartada"), isNull(citas.apartadaHasta), gt(citas.apartadaHasta, now)),
      ),
    )
    .orderBy(asc(citas.inicio));
  const entries: AgendaEntry[] = rows.map(({ cita, tratamiento, servicio, pagoEstado }) => ({
    id: cita.id,
    dia: studioDay(cita.inicio),
    hora: studioTime(cita.inicio),
    horaFin: studioTime(cita.fin),
    estado: cita.estado,
    estadoLabel: estadoLabel(cita.estado),
    nombre: cita.nombre,
    telefono: cita.telefono,
    tratamiento: cita.esRetoque ? `Retoque de ${tratamiento}` : tratamiento,
    servicio,
    esRetoque: cita.esRetoque,
    origen: cita.origen,
    anticipo: cita.anticipo,
    anticipoPagado: anticipoPagado(pagoEstado),
    pagoEstado: pagoEstadoLabel(pagoEstado),
    conConsentimiento: cita.consentimiento !== null,
    apartadaHasta: cita.estado === "apartada" && cita.apartadaHasta ? formatSpanishDateTime(cita.apartadaHasta) : null,
  }));
  const blocks = await db
    .select()
    .from(agendaBloqueos)
    // an "abierto" entry opens a statutory holiday: nothing to show as closed
    .where(and(lt(agendaBloqueos.inicio, to), gt(agendaBloqueos.fin, from), ne(agendaBloqueos.tipo, "abierto")))
    .orderBy(asc(agendaBloqueos.inicio));
  const days = Array.from({ length: dias }, (_, i) => addDays(desde, i));
  const holidays = await closedHolidayDays(db, from, to);
  const blockouts: AgendaBlockout[] = [
    ...holidays.map((h) => ({
      key: `oficial-${h.fecha}`,
      tipo: "oficial",
      motivo: h.nombre,
      texto: "Cerrado por ley (LFT art. 74). Para atender este día, ábrelo en Bloqueos.",
      dias: [h.fecha],
      href: "/admin/bloqueos/nuevo",
    })),
    ...blocks.map((b) => ({
    key: String(b.id),
    href: `/admin/bloqueos/${b.id}`,
    tipo: b.tipo,
    motivo: b.motivo,
    texto: describeBlockout(b.inicio, b.fin),
    // the days of the range it touches
    dias: days.filter((d) => b.inicio < studioInstant(addDays(d, 1)) && b.fin > studioInstant(d)),
  })),
  ];
  return { days, entries, blockouts };
}

/** The day's appointments that still count (for the admin home): held, confirmed, attended, missed. */
export async function todaysAppointments(db: Db, now = new Date()): Promise<number> {
  const day = studioDay(now);
  const [row] = await db
    .select({ n: count() })
    .from(citas)
    .where(
      and(
        gte(citas.inicio, studioInstant(day)),
        lt(citas.inicio, studioInstant(addDays(day, 1))),
        inArray(citas.estado, ["apartada", "confirmada", "atendida", "no-asistio"]),
      ),
    );
  return row?.n ?? 0;
}

export type ConsentAnswer = { pregunta: string; respuesta: string; alerta: boolean };

/**
 * The consent form's answers as question/answer pairs, in the form's order. The booking flow
 * stores `{ respuestas: [{ pregunta, respuesta: 'si'|'no', detalle }], firma, firmadoEn }`;
 * any other object is shown field by field. A "sí" is flagged (something to ask about).
 */
export function consentAnswers(consentimiento: Record<string, unknown> | null): ConsentAnswer[] {
  if (!consentimiento) return [];
  const show = (v: unknown): string => {
    if (v === true || v === "si") return "Sí";
    if (v === false || v === "no") return "No";
    if (v === null || v === undefined || v === "") return "—";
    if (Array.isArray(v)) return v.map(show).join(", ");
    if (typeof v === "object") return JSON.stringify(v);
    return String(v);
  };
  const yes = (v: unknown) => v === true || v === "si";
  const list = consentimiento.respuestas;
  if (Array.isArray(list) && list.every((r) => r && typeof r === "object" && "pregunta" in r)) {
    const answers = list.map((r: { pregunta: unknown; respuesta?: unknown; detalle?: unknown }) => ({
      pregunta: String(r.pregunta),
      respuesta: show(r.respuesta) + (typeof r.detalle === "string" && r.detalle ? `: ${r.detalle}` : ""),
      alerta: yes(r.respuesta),
    }));
    if (typeof consentimiento.firma === "string")
      answers.push({ pregunta: "Firma (nombre completo)", respuesta: consentimiento.firma, alerta: false });
    const firmado = typeof consentimiento.firmadoEn === "string" ? new Date(consentimiento.firmadoEn) : null;
    if (firmado && !Number.isNaN(firmado.getTime()))
      answers.push({ pregunta: "Firmado el", respuesta: formatSpanishDateTime(firmado), alerta: false });
    return answers;
  }
  return Object.entries(consentimiento).map(([key, value]) => ({
    pregunta: key
      .replace(/([a-z])([A-Z])/g, "$1 $2")
      .replace(/[_-]+/g, " ")
      .replace(/^./, (c) => c.toUpperCase()),
    respuesta: show(value),
    alerta: yes(value),
  }));
}

/** One appointment with everything the studio needs at the chair. */
export async function agendaAppointment(db: Db, id: string) {
  if (id.length > TEXT_LIMITS.id) return null;
  const [row] = await db
    .select({
      cita: citas,
      tratamiento: tratamientos.nombre,
      requiereConsentimiento: tratamientos.requiereConsentimiento,
      servicio: servicios.nombre,
      pago: pagos,
    })
    .from(citas)
    .innerJoin(tratamientos, eq(tratamientos.id, citas.tratamientoId))
    .innerJoin(servicios, eq(servicios.id, tratamientos.servicioId))
    .leftJoin(pagos, eq(pagos.id, citas.pagoId))
    .where(eq(citas.id, id));
  if (!row) return null;
  const { cita, pago } = row;
  return {
    id: cita.id,
    dia: studioDay(cita.inicio),
    hora: studioTime(cita.inicio),
    horaFin: studioTime(cita.fin),
    inicio: cita.inicio,
    estado: cita.estado,
    estadoLabel: estadoLabel(cita.estado),
    nombre: cita.nombre,
    telefono: cita.telefono,
    correo: cita.correo,
    tratamiento: cita.esRetoque ? `Retoque de ${row.tratamiento}` : row.tratamiento,
    servicio: row.servicio,
    precio: cita.precio,
    anticipo: cita.anticipo,
    pagoId: pago?.id ?? null,
    pagoProveedor: pago?.proveedor ?? null,
    pagoEstado: pagoEstadoLabel(pago?.estado ?? null),
    anticipoPagado: anticipoPagado(pago?.estado ?? null),
    origen: cita.origen,
    notas: cita.notas,
    esRetoque: cita.esRetoque,
    citaOrigenId: cita.citaOrigenId,
    requiereConsentimiento: row.requiereConsentimiento,
    consentimiento: consentAnswers(cita.consentimiento),
    recordatorioEnviado: cita.recordatorioEnviado,
    canceladaEn: cita.canceladaEn,
    apartadaHasta: cita.estado === "apartada" ? cita.apartadaHasta : null,
  };
}

export type DepositItem = {
  citaId: string;
  fecha: Date;
  cita: Date;
  nombre: string;
  tratamiento: string;
  monto: number;
  pagoEstado: string;
  reembolso: "no" | "pendiente" | "hecho";
  estadoCita: string;
};

/** The deposits taken online (appointments with a payment), newest first. */
export async function depositsTaken(db: Db, limit = 200): Promise<DepositItem[]> {
  const rows = await db
    .select({ cita: citas, tratamiento: tratamientos.nombre, pago: pagos })
    .from(citas)
    .innerJoin(tratamientos, eq(tratamientos.id, citas.tratamientoId))
    .innerJoin(pagos, eq(pagos.id, citas.pagoId))
    .where(isNotNull(citas.pagoId))
    .orderBy(desc(pagos.createdAt))
    .limit(limit);
  return rows.map(({ cita, tratamiento, pago }) => ({
    citaId: cita.id,
    fecha: pago.createdAt,
    cita: cita.inicio,
    nombre: cita.nombre,
    tratamiento,
    monto: pago.monto,
    pagoEstado: pagoEstadoLabel(pago.estado),
    reembolso: anticipoReembolso(pago.estado),
    estadoCita: estadoLabel(cita.estado),
  }));
}

// ---------------------------------------------------------------- writing

/** The treatments the studio can book by hand (inactive ones too: a phone booking may need them). */
async function treatmentOptions(db: Db) {
  const rows = await db
    .select({ id: tratamientos.id, nombre: tratamientos.nombre, servicio: servicios.nombre, activo: tratamientos.activo })
    .from(tratamientos)
    .innerJoin(servicios, eq(servicios.id, tratamientos.servicioId))
    .orderBy(asc(servicios.posicion), asc(tratamientos.posicion), asc(tratamientos.nombre));
  return rows.map((t) => ({ value: t.id, label: `${t.servicio} · ${t.nombre}${t.activo ? "" : " (no se agenda en línea)"}` }));
}

/** The new-appointment form's values for the retoque of session `citaId` (none when unknown). */
export async function manualPrefill(db: Db, citaId: string | null): Promise<Record<string, string | boolean>> {
  if (!citaId || citaId.length > TEXT_LIMITS.id) return {};
  const [c] = await db.select().from(citas).where(eq(citas.id, citaId));
  if (!c) return {};
  return { tratamientoId: c.tratamientoId, esRetoque: true, nombre: c.nombre, telefono: c.telefono, correo: c.correo };
}

const NOTAS_MAX = 1000;

export async function manualAppointmentFields(db: Db) {
  return {
    tratamientoId: select("Tratamiento", await treatmentOptions(db), { required: true }),
    fecha: date("Día", { required: true }),
    hora: time("Hora", { required: true }),
    esRetoque: checkbox("Es un retoque (precio y duración del retoque)"),
    nombre: text("Nombre de la clienta", { required: true, max: TEXT_LIMITS.nombre }),
    telefono: text("WhatsApp", { required: true, max: TEXT_LIMITS.telefono, placeholder: "33 1234 5678" }),
    correo: text("Correo", {
      max: TEXT_LIMITS.correo,
      help: "Le llega la confirmación con el archivo de calendario y el recordatorio.",
      required: true,
    }),
    anticipoRecibido: checkbox("Anticipo recibido en el estudio"),
    notas: textarea("Notas (solo las ve el estudio)"),
  };
}

export const moveFields = {
  fecha: date("Nuevo día", { required: true }),
  hora: time("Nueva hora", { required: true }),
};

const PHONE = /^[0-9+()\s.-]{8,20}$/;
const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

function checkManual(v: Parsed<Awaited<ReturnType<typeof manualAppointmentFields>>>): FieldErrors | null {
  const errors: FieldErrors = {};
  if (!PHONE.test(v.telefono) || v.telefono.replace(/\D/g, "").length < 10)
    errors.telefono = "Escribe un teléfono de 10 dígitos.";
  if (!EMAIL.test(v.correo)) errors.correo = "Escribe un correo válido, por ejemplo nombre@gmail.com.";
  if (v.notas.length > NOTAS_MAX) errors.notas = `Las notas pueden tener hasta ${NOTAS_MAX} caracteres.`;
  return Object.keys(errors).length ? errors : null;
}

const SLOT_TAKEN = "Ese horario se empalma con otra cita. Elige otra hora.";

export type AgendaActionResult =
  | { ok: true; id: string; notice: string }
  | { ok: false; errors?: FieldErrors; alert?: { icon: "error" | "warning"; title: string; text: string } };

/** A phone booking: confirmed at once, origen 'estudio'; the deposit, if any, was paid in person. */
export async function createManualAppointment(db: Db, form: FormData, now = new Date()): Promise<AgendaActionResult> {
  const fields = await manualAppointmentFields(db);
  const parsed = await parseForm(fields, form);
  if (!parsed.ok) return { ok: false, errors: parsed.errors };
  const v = parsed.values;
  const ruleErrors = checkManual(v);
  if (ruleErrors) return { ok: false, errors: ruleErrors };
  const notas = [v.anticipoRecibido ? "Anticipo recibido en el estudio." : "", v.notas].filter(Boolean).join("\n");
  const correo = v.correo.toLowerCase();
  const citaOrigenId = v.esRetoque ? await sessionOfRetoque(db, v.tratamientoId, correo, v.telefono) : null;
  try {
    const cita = await createAppointment(
      db,
      {
        tratamientoId: v.tratamientoId,
        inicio: studioInstant(v.fecha, v.hora),
        nombre: v.nombre,
        telefono: v.telefono,
        correo,
        estado: "confirmada",
        origen: "estudio",
        notas,
        esRetoque: v.esRetoque,
        citaOrigenId,
      },
      now,
    );
    return { ok: true, id: cita.id, notice: "Cita agendada. Le enviamos la confirmación por correo." };
  } catch (error) {
    if (error instanceof SlotTakenError) return { ok: false, errors: { hora: SLOT_TAKEN } };
    return refused(error);
  }
}

/**
 * The session a retoque booked by hand follows: the client's latest attended session of that
 * treatment (same e-mail or phone), so that its invitation is not sent once it is booked.
 */
async function sessionOfRetoque(db: Db, tratamientoId: string, correo: string, telefono: string) {
  const digits = holdPhoneKey(telefono);
  const rows = await db
    .select({ id: citas.id, correo: citas.correo, telefono: citas.telefono })
    .from(citas)
    .where(and(eq(citas.tratamientoId, tratamientoId), eq(citas.estado, "atendida"), eq(citas.esRetoque, false)))
    .orderBy(desc(citas.inicio))
    .limit(200);
  const match = rows.find((r) => r.correo === correo || holdPhoneKey(r.telefono) === digits);
  return match?.id ?? null;
}

type Intent = "mover" | "cancelar" | "atendida" | "no-asistio" | "liberar";

/**
 * "Liberar" a held slot (the agenda's card or the appointment's screen): free at once, its
 * deposit's voucher or card attempt voided, the client mailed (booking/release.server.ts).
 */
export async function releaseHold(db: Db, id: unknown): Promise<AgendaActionResult> {
  if (typeof id !== "string" || id.length === 0 || id.length > TEXT_LIMITS.id) throw data(null, { status: 400 });
  const released = await releaseHeldAppointment(db, id);
  if (!released.ok) return { ok: false, alert: { icon: "warning", title: "No se liberó", text: released.message } };
  return { ok: true, id, notice: "Horario liberado. Le avisamos por correo a la clienta." };
}

/** What the appointment screen's buttons do. */
export async function appointmentAction(db: Db, id: string, form: FormData): Promise<AgendaActionResult> {
  const intent = String(form.get("intent") ?? "") as Intent;
  try {
    switch (intent) {
      case "mover": {
        const parsed = await parseForm(moveFields, form);
        if (!parsed.ok) return { ok: false, errors: parsed.errors };
        await moveAppointment(db, id, studioInstant(parsed.values.fecha, parsed.values.hora), { by: "estudio" });
        return { ok: true, id, notice: "Cita movida. Le avisamos por correo con el nuevo horario." };
      }
      case "liberar":
        return await releaseHold(db, id);
      case "cancelar":
        await cancelAppointment(db, id, { by: "estudio" });
        return { ok: true, id, notice: "Cita cancelada. Le avisamos por correo." };
      case "atendida":
      case "no-asistio":
        await setAttendance(db, id, intent);
        return { ok: true, id, notice: intent === "atendida" ? "Marcada como atendida." : "Marcada como no asistió." };
      default:
        throw data(null, { status: 400 });
    }
  } catch (error) {
    if (error instanceof SlotTakenError) return { ok: false, errors: { hora: SLOT_TAKEN } };
    return refused(error);
  }
}

/** A rule of the appointments module refused the change: its Spanish message is shown. */
function refused(error: unknown): AgendaActionResult {
  if (!(error instanceof AppointmentError)) throw error;
  return { ok: false, alert: { icon: "warning", title: "No se pudo", text: error.message } };
}

/** The agenda's days of an URL: ?fecha=YYYY-MM-DD&vista=dia|semana (today by default). */
export function agendaQuery(url: URL, now = new Date()) {
  const raw = url.searchParams.get("fecha") ?? "";
  const fecha = /^\d{4}-\d{2}-\d{2}$/.test(raw) && !Number.isNaN(Date.parse(`${raw}T12:00:00Z`)) ? raw : studioDay(now);
  const vista = url.searchParams.get("vista") === "semana" ? "semana" : "dia";
  return { fecha, vista } as const;
}

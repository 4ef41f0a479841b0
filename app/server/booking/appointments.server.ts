/**
 * The one owner of writing appointments (`citas`, issue 15). The web booking flow, the
 * client's self-service and the studio's agenda all go through these functions, so that
 * every change keeps the same guarantees:
 *
 * - no two live appointments overlap: the database refuses it (constraint
 *   `citas_sin_empalmes`), and its refusal (23P01) becomes `SlotTakenError`;
 * - expired holds free their time before any new appointment is written;
 * - one client holds at most MAX_OPEN_HOLDS slots at once (per e-mail, phone and connection:
 *   hold-limit.server.ts, checked in the transaction that writes the hold);
 * - the 24-hour reminder follows the appointment (scheduled, moved, cancelled with it), and a
 *   session attended with a retoque window schedules the retoque invitation (jobs.server.ts);
 * - the client gets a mail with a calendar file on confirmation, change and cancellation.
 *
 * Whether a time is one the client may choose (opening hours, block-outs, lead time) is the
 * caller's rule (`app/domain/slots.ts` for the web; the studio may book any time). Refunds
 * of deposits belong to the booking workflows that call `cancelAppointment`.
 */
import { randomBytes } from "node:crypto";
import { and, eq, gt, isNull, lt, or } from "drizzle-orm";
import { CITA_ESTADO, type CitaEstado, HOLD_MINUTES, appointmentSpan, canChangeOnline } from "~/domain/agenda";
import type { Db, DbOrTx } from "../db/client.server";
import { citas, tratamientos } from "../db/schema";
import { cancelJob, scheduleJob } from "../jobs.server";
import { deliverClientMessages } from "../messages/messages.server";
import { checkOpenHolds, holdIpKey } from "./hold-limit.server";
import { sendAppointmentMail } from "./mail.server";
import { scheduleAftercare, stopAftercare } from "./aftercare-schedule.server";
import { scheduleFreedSlotCheck } from "./waitlist-slots.server";

export type Cita = typeof citas.$inferSelect;
export type Tratamiento = typeof tratamientos.$inferSelect;

/** The time was taken by someone else (or overlaps another appointment). */
export class SlotTakenError extends Error {
  constructor() {
    super("Ese horario ya no está disponible. Elige otro, por favor.");
    this.name = "SlotTakenError";
  }
}

/** A change that cannot be made (unknown appointment, wrong state, too late): a Spanish message. */
export class AppointmentError extends Error {
  constructor(message: string) {
    super(message);
    this.name = "AppointmentError";
  }
}

/** The states whose appointment occupies its time (the constraint's list). */
export const LIVE_STATES: CitaEstado[] = [
  CITA_ESTADO.apartada,
  CITA_ESTADO.confirmada,
  CITA_ESTADO.atendida,
  CITA_ESTADO.noAsistio,
];

/** Whether a database error is the overlap constraint's refusal. */
function isOverlap(error: unknown): boolean {
  for (let e: unknown = error; e; e = (e as { cause?: unknown }).cause) {
    if ((e as { code?: string }).code === "23P01") return true;
  }
  return false;
}

/** The appointment's scheduled jobs (reminders.server.ts runs them), one of each per appointment. */
export const REMINDER_JOB = "cita-recordatorio";
export { RETOQUE_JOB } from "./aftercare-schedule.server";
/** The reminder 2 hours before (issue 30): WhatsApp first, like every client message. */
export const REMINDER_2H_JOB = "cita-recordatorio-2h";
const reminderKey = (id: string) => `${REMINDER_JOB}:${id}`;
const reminder2hKey = (id: string) => `${REMINDER_2H_JOB}:${id}`;

/** Sets `vencida` every hold whose payment time ran out, freeing its time. */
export async function releaseExpiredHolds(db: DbOrTx, now: Date = new Date()): Promise<void> {
  await db
    .update(citas)
    .set({ estado: CITA_ESTADO.vencida, apartadaIp: null, updatedAt: now })
    .where(and(eq(citas.estado, CITA_ESTADO.apartada), lt(citas.apartadaHasta, now)));
}

export type NewAppointment = {
  tratamientoId: string;
  inicio: Date;
  nombre: string;
  telefono: string;
  correo: string;
  userId?: string | null;
  /** apartada: held while the deposit is paid (HOLD_MINUTES); confirmada: booked */
  estado: "apartada" | "confirmada";
  /** web: the client; estudio: the studio by hand (a phone booking) */
  origen?: "web" | "estudio";
  notas?: string;
  esRetoque?: boolean;
  citaOrigenId?: string | null;
  consentimiento?: Record<string, unknown> | null;
  /** the signed consent record that covers it (booking/consent.server.ts) */
  consentimientoId?: string | null;
  /** the deposit's payment, when known */
  pagoId?: string | null;
  /** a web hold's client IP (the open-holds limit per connection; stored only as a keyed hash) */
  ip?: string | null;
  /**
   * A condition written in the appointment's own transaction, before it (a waitlist offer
   * claimed once: booking/waitlist.server.ts); it throws to write nothing.
   */
  claim?: (tx: DbOrTx, citaId: string) => Promise<void>;
};

/**
 * Writes a new appointment at `inicio` for the treatment's length (its retoque's, for a
 * retoque), at the treatment's current price and deposit. Throws SlotTakenError when the
 * time overlaps a live appointment, AppointmentError when the treatment does not exist,
 * HoldLimitError when a hold would be the client's third open one.
 * A confirmed appointment gets its reminder and its mail.
 */
export async function createAppointment(
  db: Db,
  input: NewAppointment,
  now: Date = new Date(),
  /** more writes in the appointment's transaction (a consent signed with it) */
  options: { inTransaction?: (tx: DbOrTx, cita: Cita) => Promise<unknown> } = {},
): Promise<Cita> {
  const [tratamiento] = await db.select().from(tratamientos).where(eq(tratamientos.id, input.tratamientoId));
  if (!tratamiento) throw new AppointmentError("Ese tratamiento no existe.");
  const retoque = input.esRetoque === true;
  const minutes = retoque ? (tratamiento.duracionRetoque ?? tratamiento.duracion) : tratamiento.duracion;
  const precio = retoque ? (tratamiento.precioRetoque ?? tratamiento.precio) : tratamiento.precio;
  const { fin, ocupaHasta } = appointmentSpan(input.inicio, minutes);
  const row = {
    id: randomBytes(9).toString("base64url"),
    tratamientoId: tratamiento.id,
    userId: input.userId ?? null,
    nombre: input.nombre,
    telefono: input.telefono,
    correo: input.correo,
    inicio: input.inicio,
    fin,
    ocupaHasta,
    estado: input.estado,
    apartadaHasta: input.estado === "apartada" ? new Date(now.getTime() + HOLD_MINUTES * 60_000) : null,
    apartadaIp: input.estado === "apartada" ? holdIpKey(input.ip) : null,
    precio,
    anticipo: Math.min(tratamiento.anticipo, precio),
    pagoId: input.pagoId ?? null,
    esRetoque: retoque,
    citaOrigenId: input.citaOrigenId ?? null,
    consentimiento: input.consentimiento ?? null,
    consentimientoId: input.consentimientoId ?? null,
    token: randomBytes(24).toString("base64url"),
    origen: input.origen ?? "web",
    notas: input.notas ?? "",
  };
  let cita: Cita;
  try {
    cita = await db.transaction(async (tx) => {
      if (input.claim) await input.claim(tx, row.id);
      await releaseExpiredHolds(tx, now);
      // A hold: at most MAX_OPEN_HOLDS per e-mail, phone and connection (HoldLimitError otherwise).
      if (row.estado === CITA_ESTADO.apartada) {
        await checkOpenHolds(tx, { correo: row.correo, telefono: row.telefono, ipKey: row.apartadaIp }, now);
      }
      const [written] = await tx.insert(citas).values(row).returning();
      await options.inTransaction?.(tx, written);
      // a hold not paid in time frees its time: the waitlist hears of it then
      if (written.apartadaHasta) await scheduleFreedSlotCheck(tx, written.id, written.apartadaHasta);
      if (written.estado === CITA_ESTADO.confirmada) {
        await scheduleReminder(tx, written, now);
        await sendAppointmentMail(tx, written.id, "confirmada");
      }
      return written;
    });
  } catch (error) {
    if (isOverlap(error)) throw new SlotTakenError();
    throw error;
  }
  if (cita.estado === CITA_ESTADO.confirmada) await deliverClientMessages(db);
  return cita;
}

/**
 * Confirms a held appointment once its deposit is paid (idempotent: a second call for a
 * confirmed appointment does nothing). A hold that expired is confirmed if its time is still
 * free; otherwise SlotTakenError (the caller releases or refunds the deposit).
 */
export async function confirmAppointment(
  db: Db,
  id: string,
  options: { pagoId?: string | null } = {},
  now: Date = new Date(),
): Promise<Cita> {
  let confirmed: Cita | undefined;
  try {
    confirmed = await db.transaction(async (tx) => {
      const row = await confirmInTx(tx, id, options, now);
      if (row) await sendAppointmentMail(tx, id, "confirmada");
      return row;
    });
  } catch (error) {
    if (isOverlap(error)) throw new SlotTakenError();
    throw error;
  }
  if (confirmed) {
    await deliverClientMessages(db);
    return confirmed;
  }
  const current = await find(db, id);
  if (current.estado === CITA_ESTADO.confirmada) return current;
  throw new AppointmentError("Esta cita ya no se puede confirmar.");
}

async function confirmInTx(tx: DbOrTx, id: string, options: { pagoId?: string | null }, now: Date) {
  const [row] = await tx
    .update(citas)
    .set({
      estado: CITA_ESTADO.confirmada,
      apartadaHasta: null,
      apartadaIp: null,
      ...(options.pagoId ? { pagoId: options.pagoId } : {}),
      updatedAt: now,
    })
    .where(
      and(
        eq(citas.id, id),
        // a hold, or one whose time ran out; never one the studio released (canceladaEn set)
        or(eq(citas.estado, CITA_ESTADO.apartada), and(eq(citas.estado, CITA_ESTADO.vencida), isNull(citas.canceladaEn))),
      ),
    )
    .returning();
  if (row) await scheduleReminder(tx, row, now);
  return row;
}

/**
 * confirmAppointment inside the caller's transaction (a deposit paid by OXXO/SPEI, under its
 * payment's lock): "confirmada" when this call confirmed it (its mail is queued in that
 * transaction; the caller delivers it with `deliverQueuedMail` after the commit), "ya-confirmada" when it already was with this
 * payment, "ocupado" when its time is taken or it was confirmed or ended otherwise. The
 * overlap is tried under a savepoint, so the caller's transaction goes on.
 */
export async function confirmAppointmentInTx(
  tx: DbOrTx,
  id: string,
  pagoId: string,
  now: Date = new Date(),
): Promise<"confirmada" | "ya-confirmada" | "ocupado"> {
  try {
    const row = await tx.transaction((sp) => confirmInTx(sp, id, { pagoId }, now));
    if (row) {
      await sendAppointmentMail(tx, id, "confirmada");
      return "confirmada";
    }
  } catch (error) {
    if (isOverlap(error)) return "ocupado";
    throw error;
  }
  const current = await find(tx, id);
  return current.estado === CITA_ESTADO.confirmada && current.pagoId === pagoId ? "ya-confirmada" : "ocupado";
}

/**
 * Holds a held appointment's time until `until` (an OXXO voucher or SPEI reference that is
 * paid later): only a hold still running is extended. Returns whether it was.
 */
export async function extendHold(tx: DbOrTx, id: string, until: Date, now: Date = new Date()): Promise<boolean> {
  const rows = await tx
    .update(citas)
    .set({ apartadaHasta: until, updatedAt: now })
    .where(and(eq(citas.id, id), eq(citas.estado, CITA_ESTADO.apartada), gt(citas.apartadaHasta, now)))
    .returning({ id: citas.id });
  if (rows.length > 0) await scheduleFreedSlotCheck(tx, id, until);
  return rows.length > 0;
}

/** A hold whose deposit was not paid in time: `vencida`, its time free again (no-op otherwise). */
export async function releaseHold(tx: DbOrTx, id: string, now: Date = new Date()): Promise<void> {
  const released = await tx
    .update(citas)
    .set({ estado: CITA_ESTADO.vencida, apartadaIp: null, updatedAt: now })
    .where(and(eq(citas.id, id), eq(citas.estado, CITA_ESTADO.apartada)))
    .returning({ id: citas.id });
  if (released.length > 0) await scheduleFreedSlotCheck(tx, id, now);
}

/**
 * The studio releases a hold ("Liberar", booking/release.server.ts): `vencida` at once, its
 * time free, stamped `canceladaEn` so that money arriving later never confirms it again
 * (confirmInTx leaves it alone: the payment is refunded instead). Inside the caller's
 * transaction, after it locked the deposit's payments. Returns whether this call released it.
 */
export async function releaseHoldByStudio(tx: DbOrTx, id: string, now: Date = new Date()): Promise<Cita | null> {
  const [row] = await tx
    .update(citas)
    .set({ estado: CITA_ESTADO.vencida, apartadaHasta: null, apartadaIp: null, canceladaEn: now, updatedAt: now })
    .where(and(eq(citas.id, id), eq(citas.estado, CITA_ESTADO.apartada)))
    .returning();
  if (row) await scheduleFreedSlotCheck(tx, id, now);
  return row ?? null;
}

export type ChangedBy = { by: "cliente" | "estudio" };

/**
 * Moves a live appointment to `inicio` (same length). A client may do it up to
 * CHANGE_LIMIT_HOURS before the appointment; the studio any time.
 */
export async function moveAppointment(
  db: Db,
  id: string,
  inicio: Date,
  options: ChangedBy,
  now: Date = new Date(),
): Promise<Cita> {
  const cita = await find(db, id);
  if (cita.estado !== CITA_ESTADO.confirmada && cita.estado !== CITA_ESTADO.apartada) {
    throw new AppointmentError("Esta cita ya no se puede cambiar.");
  }
  if (options.by === "cliente" && !canChangeOnline(cita.inicio, now)) throw tooLate();
  const minutes = (cita.fin.getTime() - cita.inicio.getTime()) / 60_000;
  const { fin, ocupaHasta } = appointmentSpan(inicio, minutes);
  let moved: Cita;
  try {
    moved = await db.transaction(async (tx) => {
      await releaseExpiredHolds(tx, now);
      const [row] = await tx
        .update(citas)
        .set({ inicio, fin, ocupaHasta, updatedAt: now })
        .where(and(eq(citas.id, id), eq(citas.estado, cita.estado)))
        .returning();
      if (!row) throw new AppointmentError("Esta cita cambió mientras tanto. Vuelve a intentarlo.");
      if (row.estado === CITA_ESTADO.confirmada) {
        await scheduleReminder(tx, row, now);
        await sendAppointmentMail(tx, id, "cambio");
      }
      return row;
    });
  } catch (error) {
    if (isOverlap(error)) throw new SlotTakenError();
    throw error;
  }
  if (moved.estado === CITA_ESTADO.confirmada) await deliverClientMessages(db);
  return moved;
}

/**
 * Cancels a live appointment (a client up to CHANGE_LIMIT_HOURS before; the studio any
 * time): its time is free again, its reminder is dropped, the client gets a mail.
 */
export async function cancelAppointment(db: Db, id: string, options: ChangedBy, now: Date = new Date()): Promise<Cita> {
  const cita = await find(db, id);
  if (cita.estado === CITA_ESTADO.cancelada) return cita;
  if (cita.estado !== CITA_ESTADO.confirmada && cita.estado !== CITA_ESTADO.apartada) {
    throw new AppointmentError("Esta cita ya no se puede cancelar.");
  }
  if (options.by === "cliente" && !canChangeOnline(cita.inicio, now)) throw tooLate();
  const cancelled = await db.transaction(async (tx) => {
    const [row] = await tx
      .update(citas)
      .set({ estado: CITA_ESTADO.cancelada, canceladaEn: now, apartadaHasta: null, apartadaIp: null, updatedAt: now })
      .where(and(eq(citas.id, id), eq(citas.estado, cita.estado)))
      .returning();
    if (!row) throw new AppointmentError("Esta cita cambió mientras tanto. Vuelve a intentarlo.");
    await cancelJob(tx, reminderKey(id));
    await cancelJob(tx, reminder2hKey(id));
    // the freed time goes to the waitlist (booking/waitlist.server.ts), within the runner's next tick
    await scheduleFreedSlotCheck(tx, id, now);
    if (cita.estado === CITA_ESTADO.confirmada) await sendAppointmentMail(tx, id, "cancelada");
    return row;
  });
  if (cita.estado === CITA_ESTADO.confirmada) await deliverClientMessages(db);
  return cancelled;
}

/**
 * The studio marks a confirmed appointment attended or missed (or corrects it). Attended
 * brows or lips with a retoque window schedule the invitation to book the retoque.
 */
export async function setAttendance(
  db: Db,
  id: string,
  estado: "atendida" | "no-asistio",
  now: Date = new Date(),
): Promise<Cita> {
  const cita = await find(db, id);
  const allowed: CitaEstado[] = [CITA_ESTADO.confirmada, CITA_ESTADO.atendida, CITA_ESTADO.noAsistio];
  if (!allowed.includes(cita.estado as CitaEstado)) {
    throw new AppointmentError("Solo una cita confirmada se marca como atendida o no asistió.");
  }
  if (now.getTime() < cita.inicio.getTime()) {
    throw new AppointmentError(
      "La cita todavía no empieza: se marca como atendida o no asistió a partir de su hora de inicio.",
    );
  }
  return db.transaction(async (tx) => {
    const [row] = await tx.update(citas).set({ estado, updatedAt: now }).where(eq(citas.id, id)).returning();
    await cancelJob(tx, reminderKey(id));
    await cancelJob(tx, reminder2hKey(id));
    const [tratamiento] = await tx.select().from(tratamientos).where(eq(tratamientos.id, row.tratamientoId));
    // the aftercare sequence up to the retoque invitation (booking/aftercare.server.ts)
    if (estado === CITA_ESTADO.atendida && !row.esRetoque && tratamiento?.retoqueDesde != null) {
      await scheduleAftercare(tx, row, tratamiento);
    } else {
      await stopAftercare(tx, id);
    }
    return row;
  });
}

/**
 * Guest appointments (booked without an account: `userId` null) made with this address join
 * the account, but only when the account has proved the address (`emailVerified`): anybody
 * can sign up with a client's address, and an appointment listed in /mis-citas shows its
 * secret link (reschedule, cancel). Appointments already in an account never move. Answers
 * how many joined.
 */
export async function attachGuestAppointments(
  db: DbOrTx,
  account: { id: string; email: string; emailVerified: boolean },
  now: Date = new Date(),
): Promise<number> {
  if (!account.emailVerified) return 0;
  const joined = await db
    .update(citas)
    .set({ userId: account.id, updatedAt: now })
    .where(and(isNull(citas.userId), eq(citas.correo, account.email.trim().toLowerCase())))
    .returning({ id: citas.id });
  return joined.length;
}

/**
 * 'Guardar en mi cuenta' on /cita/{token}: whoever holds the appointment's secret link (it
 * was mailed to the address it was booked with) may keep a guest appointment in the account
 * she is logged in with. An appointment already in an account stays where it is.
 */
export async function attachAppointmentByLink(
  db: DbOrTx,
  id: string,
  userId: string,
  now: Date = new Date(),
): Promise<boolean> {
  const joined = await db
    .update(citas)
    .set({ userId, updatedAt: now })
    .where(and(eq(citas.id, id), isNull(citas.userId)))
    .returning({ id: citas.id });
  return joined.length === 1;
}

/** The reminders 24 and 2 hours before; none that would come after its time. */
async function scheduleReminder(tx: DbOrTx, cita: Cita, now: Date): Promise<void> {
  const reminders = [
    { tipo: REMINDER_JOB, clave: reminderKey(cita.id), hours: 24 },
    { tipo: REMINDER_2H_JOB, clave: reminder2hKey(cita.id), hours: 2 },
  ];
  for (const { tipo, clave, hours } of reminders) {
    const at = new Date(cita.inicio.getTime() - hours * 3_600_000);
    if (at <= now) {
      await cancelJob(tx, clave);
      continue;
    }
    await scheduleJob(tx, {
      tipo,
      clave,
      ejecutarEn: at,
      datos: { citaId: cita.id, inicio: cita.inicio.toISOString() },
      // moved after the reminder went out: a new reminder for the new time
      rearm: true,
    });
  }
}

async function find(db: DbOrTx, id: string): Promise<Cita> {
  const [cita] = await db.select().from(citas).where(eq(citas.id, id));
  if (!cita) throw new AppointmentError("No encontramos esa cita.");
  return cita;
}

const tooLate = () =>
  new AppointmentError("Faltan menos de 48 horas para tu cita: para cambiarla o cancelarla escríbenos por WhatsApp.");

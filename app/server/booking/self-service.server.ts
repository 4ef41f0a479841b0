/**
 * The client changes her own appointment (issue 15), from the mail's link (/cita/{token}) or
 * /mis-citas: reschedule or cancel up to CHANGE_LIMIT_HOURS before (appointments.server.ts
 * enforces it for `by: "cliente"`); later, WhatsApp. Each reads top to bottom.
 */
import { canChangeOnline } from "~/domain/agenda";
import type { Db } from "../db/client.server";
import {
  AppointmentError,
  type Cita,
  SlotTakenError,
  cancelAppointment,
  moveAppointment,
} from "./appointments.server";
import { stillFree } from "./booking.server";
import { refundAfterCancel } from "./deposit.server";

export type ChangeResult = { ok: true; cita: Cita; reembolso?: boolean } | { ok: false; message: string };

const tooLate =
  "Faltan menos de 48 horas para tu cita: para cambiarla o cancelarla escríbenos por WhatsApp.";

/** 1. still in time; 2. the new time is a free start (this appointment's own time aside); 3. moved. */
export async function rescheduleByClient(db: Db, cita: Cita, inicio: Date, now = new Date()): Promise<ChangeResult> {
  if (!canChangeOnline(cita.inicio, now)) return { ok: false, message: tooLate };
  const minutes = (cita.fin.getTime() - cita.inicio.getTime()) / 60_000;
  if (!(await stillFree(db, minutes, inicio, now, { exceptCitaId: cita.id }))) {
    return { ok: false, message: "Ese horario ya no está disponible. Elige otro, por favor." };
  }
  try {
    return { ok: true, cita: await moveAppointment(db, cita.id, inicio, { by: "cliente" }, now) };
  } catch (error) {
    if (error instanceof SlotTakenError || error instanceof AppointmentError) return { ok: false, message: error.message };
    throw error;
  }
}

/** 1. still in time; 2. cancelled (its time is free again); 3. the deposit is owed back. */
export async function cancelByClient(db: Db, cita: Cita, now = new Date()): Promise<ChangeResult> {
  if (!canChangeOnline(cita.inicio, now)) return { ok: false, message: tooLate };
  let cancelled: Cita;
  try {
    cancelled = await cancelAppointment(db, cita.id, { by: "cliente" }, now);
  } catch (error) {
    if (error instanceof AppointmentError) return { ok: false, message: error.message };
    throw error;
  }
  const reembolso = await refundAfterCancel(db, cancelled, now);
  return { ok: true, cita: cancelled, reembolso };
}

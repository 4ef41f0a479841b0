/**
 * The waitlist and the aftercare sequence (issue 30), pure: the join form (treatment, date
 * range, morning or afternoon, contact), which freed slot matches which entry, and the days
 * the aftercare messages go out.
 */
import { type BookingContact, type FormLike, parseContactFields } from "./booking";
import { HORIZON_DAYS } from "./agenda";
import { boundedText } from "./limits";
import { addDays, wallClock, zonedDate } from "./slots";
import { STUDIO_TIME_ZONE, isCalendarDate } from "./dates";

/** How long a freed slot is held for the client it is offered to. */
export const OFFER_MINUTES = 30;
/** The widest range one entry may ask for (the calendar's own horizon). */
export const WAITLIST_MAX_DAYS = HORIZON_DAYS;
/** Morning ends at 14:00 studio time. */
export const AFTERNOON_FROM_HOUR = 14;

export type Franja = "manana" | "tarde";
export const FRANJA_LABEL: Record<Franja, string> = { manana: "Por la mañana", tarde: "Por la tarde" };

export type WaitlistRequest = BookingContact & { desde: string; hasta: string; franja: Franja | null };

export type WaitlistFormResult =
  | { ok: true; value: WaitlistRequest }
  | { ok: false; errors: Record<string, string>; values: Record<string, string> };

const isDay = isCalendarDate;

/** The join form, checked: every field bounded, the range within the calendar's horizon. */
export function parseWaitlistForm(form: FormLike, now: Date): WaitlistFormResult {
  const values: Record<string, string> = {};
  for (const key of ["nombre", "telefono", "correo", "desde", "hasta", "franja"]) {
    const value = form.get(key);
    if (typeof value === "string") values[key] = value.slice(0, 300);
  }
  const errors: Record<string, string> = {};
  const { nombre, telefono, correo } = parseContactFields(form, errors);

  const today = zonedDate(now, STUDIO_TIME_ZONE);
  const last = addDays(today, WAITLIST_MAX_DAYS);
  const desde = boundedText(form.get("desde"), 10) ?? "";
  const hasta = boundedText(form.get("hasta"), 10) ?? "";
  if (!isDay(desde)) errors.desde = "Elige desde qué día.";
  else if (desde < today) errors.desde = "Elige un día de hoy en adelante.";
  if (!isDay(hasta)) errors.hasta = "Elige hasta qué día.";
  else if (isDay(desde) && hasta < desde) errors.hasta = "El último día no puede ser antes del primero.";
  else if (hasta > last) errors.hasta = `Elige un día dentro de los próximos ${WAITLIST_MAX_DAYS} días.`;

  const franjaText = form.get("franja");
  let franja: Franja | null = null;
  if (franjaText === "manana" || franjaText === "tarde") franja = franjaText;
  else if (franjaText !== null && franjaText !== "" && franjaText !== "cualquiera")
    errors.franja = "Elige mañana, tarde o cualquier hora.";

  if (Object.keys(errors).length > 0 || !nombre || !telefono || !correo) return { ok: false, errors, values };
  return { ok: true, value: { nombre, telefono, correo, desde, hasta, franja } };
}

/** The studio day and the part of the day of a start time. */
export function slotPlace(inicio: Date): { fecha: string; franja: Franja } {
  const { hour } = wallClock(inicio, STUDIO_TIME_ZONE);
  return { fecha: zonedDate(inicio, STUDIO_TIME_ZONE), franja: hour < AFTERNOON_FROM_HOUR ? "manana" : "tarde" };
}

/** Whether a freed start time is one this entry asked for. */
export function entryWants(entry: { desde: string; hasta: string; franja: string | null }, inicio: Date): boolean {
  const place = slotPlace(inicio);
  if (place.fecha < entry.desde || place.fecha > entry.hasta) return false;
  return entry.franja === null || entry.franja === place.franja;
}

/**
 * The aftercare sequence after an attended session, in days after it: the care instructions
 * at once, the healing check-ins (each asks for a photo) on days 1, 7 and 21. The retoque
 * invitation closes it when the treatment's window opens (tratamientos.retoqueDesde).
 */
export const AFTERCARE_STEPS = [
  { paso: "cuidados", dia: 0 },
  { paso: "dia-1", dia: 1 },
  { paso: "dia-7", dia: 7 },
  { paso: "dia-21", dia: 21 },
] as const;
export type AftercareStep = (typeof AFTERCARE_STEPS)[number]["paso"];
/** The check-in days that ask for a photo. */
export const PHOTO_DAYS = [1, 7, 21] as const;

/**
 * The client's side of booking (issue 15): what can be booked, its free times, and the one
 * workflow that books a slot. Writing `citas` belongs to appointments.server.ts; the deposit
 * to deposit.server.ts. Reads top to bottom:
 *
 *   bookableTreatments / findBookable → the treatments, grouped by their service
 *   availableSlots                    → free starts (domain/slots.ts) minus live appointments,
 *                                       expired holds ignored, block-outs and holidays
 *   bookSlot                          → 1. the treatment; 2. the time is still a free start;
 *                                       3. the appointment: held (`apartada`) while the deposit
 *                                       is paid (at most MAX_OPEN_HOLDS open per e-mail, phone
 *                                       and connection), or confirmed at once when there is none.
 */
import { and, asc, eq, gt, inArray, isNull, lt, ne, or } from "drizzle-orm";
import {
  BUFFER_MINUTES,
  CITA_ESTADO,
  HORIZON_DAYS,
  MIN_LEAD_MINUTES,
  STUDIO_HOURS,
  STUDIO_TIME_ZONE,
} from "~/domain/agenda";
import { type BookableTreatment, type BookingContact, type ConsentRecord, priceRange } from "~/domain/booking";
import { type DaySlots, type SlotInput, type SlotRules, freeSlots, isFreeStart } from "~/domain/slots";
import type { Db, DbOrTx } from "../db/client.server";
import { agendaBloqueos, citas, servicios, tratamientos } from "../db/schema";
import { recordWhatsAppConsent } from "../messages/messages.server";
import { type Cita, LIVE_STATES, SlotTakenError, attachGuestAppointments, createAppointment } from "./appointments.server";
import { recordConsent } from "./consent.server";
import { contraindicated } from "./contraindications.server";
import { HoldLimitError } from "./hold-limit.server";
import { ABIERTO, holidayBlocks } from "./holidays.server";
import { patchTestRefusal } from "./patch-test.server";
import { offeredSpans } from "./waitlist-slots.server";

export const SLOT_RULES: SlotRules = {
  timeZone: STUDIO_TIME_ZONE,
  hours: STUDIO_HOURS,
  bufferMinutes: BUFFER_MINUTES,
  leadMinutes: MIN_LEAD_MINUTES,
  horizonDays: HORIZON_DAYS,
  stepMinutes: 30,
};

const columns = {
  id: tratamientos.id,
  servicioId: tratamientos.servicioId,
  servicioNombre: servicios.nombre,
  nombre: tratamientos.nombre,
  duracion: tratamientos.duracion,
  precio: tratamientos.precio,
  anticipo: tratamientos.anticipo,
  requiereConsentimiento: tratamientos.requiereConsentimiento,
  retoqueDesde: tratamientos.retoqueDesde,
  retoqueHasta: tratamientos.retoqueHasta,
  precioRetoque: tratamientos.precioRetoque,
  duracionRetoque: tratamientos.duracionRetoque,
};

/** Every active treatment, in the services' order then their own. */
export async function bookableTreatments(db: DbOrTx): Promise<BookableTreatment[]> {
  return db
    .select(columns)
    .from(tratamientos)
    .innerJoin(servicios, eq(servicios.id, tratamientos.servicioId))
    .where(eq(tratamientos.activo, true))
    .orderBy(asc(servicios.posicion), asc(tratamientos.posicion), asc(tratamientos.nombre));
}

export async function findBookable(db: DbOrTx, id: string): Promise<BookableTreatment | null> {
  const [row] = await db
    .select(columns)
    .from(tratamientos)
    .innerJoin(servicios, eq(servicios.id, tratamientos.servicioId))
    .where(and(eq(tratamientos.id, id), eq(tratamientos.activo, true)));
  return row ?? null;
}

/** A service's bookable price range (its service page and structured data); null: not booked online. */
export async function servicePriceRange(db: DbOrTx, servicioId: string) {
  const rows = await db
    .select({ precio: tratamientos.precio })
    .from(tratamientos)
    .where(and(eq(tratamientos.servicioId, servicioId), eq(tratamientos.activo, true)));
  return priceRange(rows);
}

/** What the slot computation needs from the database, for appointments of `minutes`. */
async function slotInput(db: DbOrTx, minutes: number, now: Date, exceptCitaId?: string): Promise<SlotInput> {
  const until = new Date(now.getTime() + (HORIZON_DAYS + 2) * 86_400_000);
  const live = await db
    .select({ id: citas.id, inicio: citas.inicio, fin: citas.ocupaHasta })
    .from(citas)
    .where(
      and(
        inArray(citas.estado, LIVE_STATES),
        lt(citas.inicio, until),
        gt(citas.ocupaHasta, now),
        // A hold whose time ran out no longer occupies its slot (released before any insert).
        or(isNull(citas.apartadaHasta), gt(citas.apartadaHasta, now)),
      ),
    );
  const blocked = await db
    .select({ inicio: agendaBloqueos.inicio, fin: agendaBloqueos.fin })
    .from(agendaBloqueos)
    .where(and(lt(agendaBloqueos.inicio, until), gt(agendaBloqueos.fin, now), ne(agendaBloqueos.tipo, ABIERTO)));
  blocked.push(...(await holidayBlocks(db, now, until)));
  // a freed time offered to the waitlist is hers for 30 minutes (booking/waitlist.server.ts)
  const offered = await offeredSpans(db, now, until);
  return {
    now,
    durationMinutes: minutes,
    booked: [...live.filter((c) => c.id !== exceptCitaId), ...offered],
    blocked,
    rules: SLOT_RULES,
  };
}

/** The free starts for `minutes` over the next HORIZON_DAYS, by studio day. */
export async function availableSlots(
  db: DbOrTx,
  minutes: number,
  now = new Date(),
  options: { exceptCitaId?: string } = {},
): Promise<DaySlots[]> {
  return freeSlots(await slotInput(db, minutes, now, options.exceptCitaId));
}

/** Whether `inicio` is still a free start (the server's check of what the browser chose). */
export async function stillFree(
  db: DbOrTx,
  minutes: number,
  inicio: Date,
  now = new Date(),
  options: { exceptCitaId?: string } = {},
): Promise<boolean> {
  return isFreeStart(inicio, await slotInput(db, minutes, now, options.exceptCitaId));
}

/**
 * The session a retoque follows (the link of the retoque invitation mail): attended, of this
 * treatment, with a retoque window, and no live retoque booked for it yet. Null otherwise.
 */
export async function retoqueOrigin(db: DbOrTx, tratamientoId: string, citaId: string | null | undefined) {
  if (!citaId || !/^[A-Za-z0-9_-]{1,40}$/.test(citaId)) return null;
  const [origin] = await db
    .select()
    .from(citas)
    .where(
      and(
        eq(citas.id, citaId),
        eq(citas.tratamientoId, tratamientoId),
        eq(citas.estado, CITA_ESTADO.atendida),
        eq(citas.esRetoque, false),
      ),
    );
  if (!origin) return null;
  const [already] = await db
    .select({ id: citas.id })
    .from(citas)
    .where(and(eq(citas.citaOrigenId, citaId), inArray(citas.estado, LIVE_STATES)))
    .limit(1);
  return already ? null : origin;
}

/** The session's length and price: the retoque's own when it is one. */
export function sessionOf(t: BookableTreatment, retoque: boolean) {
  return {
    duracion: retoque ? (t.duracionRetoque ?? t.duracion) : t.duracion,
    precio: retoque ? (t.precioRetoque ?? t.precio) : t.precio,
    anticipo: Math.min(t.anticipo, retoque ? (t.precioRetoque ?? t.precio) : t.precio),
  };
}

export type BookingResult =
  | { ok: true; cita: Cita }
  | { ok: false; reason: "tratamiento" | "horario" | "limite" | "contraindicacion" | "prueba"; message: string };

const slotGone = "Ese horario ya no está disponible. Elige otro, por favor.";

/** Books `inicio` for a client: held while the deposit is paid, or confirmed when there is none. */
export async function bookSlot(
  db: Db,
  input: {
    tratamientoId: string;
    inicio: Date;
    contact: BookingContact;
    consentimiento: ConsentRecord | null;
    userId: string | null;
    /** the request's client IP (React Router's load context): the open-holds limit per connection */
    ip: string | null;
    /** the attended session this retoque follows (the invitation's link) */
    retoqueDe?: string | null;
    /** the drawn signature of a fresh consent, checked (consent.server.ts records it with the appointment) */
    trazo?: string | null;
    /** a logged-in client's standing consent: no form this time (consent.server.ts consentForBooking) */
    vigente?: { id: string; consentimiento: ConsentRecord } | null;
    /** she ticked "Acepto recibir por WhatsApp…" (ADR 039): recorded before the confirmation is queued */
    whatsapp?: boolean;
    /**
     * A waitlist offer's time (booking/waitlist.server.ts claimOffer): held for her, so not among
     * the free starts; `claim` takes the offer in the appointment's transaction, once.
     */
    offer?: { claim: (tx: DbOrTx, citaId: string) => Promise<void>; notas: string };
  },
  now = new Date(),
): Promise<BookingResult> {
  // 1. The treatment, as it is now; a retoque follows a session of it (its form was signed then).
  const tratamiento = await findBookable(db, input.tratamientoId);
  if (!tratamiento) return { ok: false, reason: "tratamiento", message: "Ese tratamiento ya no se agenda en línea." };
  const origin = input.retoqueDe ? await retoqueOrigin(db, tratamiento.id, input.retoqueDe) : null;
  if (input.retoqueDe && !origin) {
    return { ok: false, reason: "tratamiento", message: "Este enlace de retoque ya no es válido. Escríbenos por WhatsApp." };
  }
  if (tratamiento.requiereConsentimiento && !origin && !input.consentimiento && !input.vigente) {
    return { ok: false, reason: "tratamiento", message: "Falta el cuestionario de salud y consentimiento." };
  }
  // A contraindicated answer never holds a slot nor takes a deposit (domain/contraindications.ts).
  const answered = input.consentimiento ?? input.vigente?.consentimiento ?? null;
  if (answered && contraindicated(tratamiento, answered.respuestas)) {
    const message = "Por tus respuestas, este tratamiento necesita una valoración antes de agendarse.";
    return { ok: false, reason: "contraindicacion", message };
  }
  // A first session that requires a patch test: at least its hours after a confirmed or attended one.
  const noTest = origin ? null : await patchTestRefusal(db, tratamiento.id, input.contact, input.inicio);
  if (noTest) return { ok: false, reason: "prueba", message: noTest };
  const session = sessionOf(tratamiento, origin !== null);

  // 2. Still one of the free starts (hours, lead time, block-outs): the database only knows overlaps.
  // An offered time is held for her by its offer (the offer's claim decides, once).
  if (!input.offer && !(await stillFree(db, session.duracion, input.inicio, now))) {
    return { ok: false, reason: "horario", message: slotGone };
  }

  if (input.whatsapp) {
    await recordWhatsAppConsent(db, { phone: input.contact.telefono, userId: input.userId, origen: "reserva" }, now);
  }

  // 3. The appointment; the database refuses a time someone took meanwhile.
  try {
    const cita = await createAppointment(
      db,
      {
        tratamientoId: tratamiento.id,
        inicio: input.inicio,
        ...input.contact,
        userId: input.userId,
        estado: session.anticipo > 0 ? CITA_ESTADO.apartada : CITA_ESTADO.confirmada,
        origen: "web",
        consentimiento: input.consentimiento ?? input.vigente?.consentimiento ?? origin?.consentimiento ?? null,
        consentimientoId: input.consentimiento ? null : (input.vigente?.id ?? origin?.consentimientoId ?? null),
        esRetoque: origin !== null,
        citaOrigenId: origin?.id ?? null,
        ip: input.ip,
        ...(input.offer ? { claim: input.offer.claim, notas: input.offer.notas } : {}),
      },
      now,
      { inTransaction: signConsent(input, now) },
    );
    return { ok: true, cita };
  } catch (error) {
    if (error instanceof SlotTakenError) return { ok: false, reason: "horario", message: error.message };
    if (error instanceof HoldLimitError) return { ok: false, reason: "limite", message: error.message };
    throw error;
  }
}

/** A fresh signature is recorded with the appointment, in its transaction (issue 30). */
const signConsent = (input: { consentimiento: ConsentRecord | null; trazo?: string | null; ip: string | null }, now: Date) => {
  const consentimiento = input.consentimiento;
  if (!consentimiento) return undefined;
  return (tx: DbOrTx, cita: Cita) => recordConsent(tx, cita, { consentimiento, trazo: input.trazo ?? null, ip: input.ip, now });
};

/** What a booking asks for (the booking page's form, a waitlist offer's claim). */
export type BookingInput = Parameters<typeof bookSlot>[1];

/** An appointment by the secret of its mail link. */
export async function findByToken(db: DbOrTx, token: string): Promise<Cita | null> {
  if (!/^[A-Za-z0-9_-]{16,64}$/.test(token)) return null;
  const [cita] = await db.select().from(citas).where(eq(citas.token, token));
  return cita ?? null;
}

/**
 * A logged-in client's appointments: the ones in her account. Those are the ones booked
 * while logged in, the ones she kept with 'Guardar en mi cuenta', and, once her address is
 * verified, the guest bookings made with it (they join here, on listing, and when the
 * address is verified: account/email-verification.server.ts). An unverified address lists nothing
 * it did not book: typing someone's address at sign-up must not reveal her appointments.
 */
export async function appointmentsOf(db: Db, user: { id: string; email: string; emailVerified: boolean }) {
  await attachGuestAppointments(db, user);
  return db
    .select({
      cita: citas,
      tratamiento: tratamientos.nombre,
      servicio: servicios.nombre,
    })
    .from(citas)
    .innerJoin(tratamientos, eq(tratamientos.id, citas.tratamientoId))
    .innerJoin(servicios, eq(servicios.id, tratamientos.servicioId))
    .where(
      and(
        eq(citas.userId, user.id),
        inArray(citas.estado, [...LIVE_STATES, CITA_ESTADO.cancelada]),
      ),
    )
    .orderBy(asc(citas.inicio));
}

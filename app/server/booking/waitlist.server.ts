/**
 * The waitlist (issue 30 item 5, ADR 042). Reads top to bottom:
 *
 *   joinWaitlist      → a client asks for a treatment on a range of days (morning, afternoon
 *                       or any time); the same e-mail and treatment keep one entry
 *   "espera-hueco"    → an appointment's time is free again (cancelled by her or the studio,
 *                       a hold released or run out: appointments.server.ts schedules it in the
 *                       transaction of the change); the job offers it
 *   offerFreedSlot    → to the oldest waiting entry that wants that day and part of the day
 *                       and whose treatment fits there (FIFO), held 30 minutes for her: the
 *                       public calendar leaves it out (waitlist-slots.server.ts) and her link
 *                       claims it; one live offer per start time (unique index)
 *   "espera-vence"    → the 30 minutes are over and it was not claimed: the next entry
 *   claimOffer        → the link: the offer goes ofrecida → reclamada by a conditional update
 *                       in the transaction that writes the appointment (held behind its
 *                       deposit, or confirmed when there is none), so any number of clicks at
 *                       once make one appointment; the overlap constraint refuses the rest.
 *
 * Each message is queued in the outbox with its key (waitlist-mail.server.ts): once.
 */
import { randomBytes } from "node:crypto";
import { and, asc, eq, gt, inArray, isNull, lte, notExists, or, sql } from "drizzle-orm";
import { CITA_ESTADO, MIN_LEAD_MINUTES, appointmentSpan } from "~/domain/agenda";
import { STUDIO_TIME_ZONE } from "~/domain/dates";
import { OFFER_MINUTES, type WaitlistRequest, slotPlace } from "~/domain/waitlist";
import { zonedDate } from "~/domain/slots";
import type { Db, DbOrTx } from "../db/client.server";
import { citas, listaEspera, ofertasEspera, tratamientos } from "../db/schema";
import { registerJob, registerPeriodicTask, scheduleJob } from "../jobs.server";
import { deliverClientMessages } from "../messages/messages.server";
import { type Cita, LIVE_STATES } from "./appointments.server";
import { type BookingInput, type BookingResult, bookSlot, findBookable, stillFree } from "./booking.server";
import { queueJoinedMail, queueOfferMail } from "./waitlist-mail.server";
import { FREED_SLOT_JOB } from "./waitlist-slots.server";

export const OFFER_EXPIRY_JOB = "espera-vence";
/** Entries one e-mail may have waiting at once (other treatments). */
export const MAX_ENTRIES_PER_EMAIL = 3;

export type WaitlistEntry = typeof listaEspera.$inferSelect;
export type Offer = typeof ofertasEspera.$inferSelect;

export type JoinResult = { ok: true; entry: WaitlistEntry } | { ok: false; message: string };

/** A client joins (or updates her entry for the same treatment: she keeps her place). */
export async function joinWaitlist(
  db: Db,
  input: { tratamientoId: string; request: WaitlistRequest; userId: string | null },
  now: Date = new Date(),
): Promise<JoinResult> {
  const tratamiento = await findBookable(db, input.tratamientoId);
  if (!tratamiento) return { ok: false, message: "Ese tratamiento ya no se agenda en línea." };
  const { nombre, telefono, correo, desde, hasta, franja } = input.request;
  const result = await db.transaction(async (tx): Promise<JoinResult> => {
    await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`lista-espera:${correo}`}))`);
    const waiting = await tx
      .select()
      .from(listaEspera)
      .where(and(eq(listaEspera.correo, correo), eq(listaEspera.estado, "esperando")));
    const same = waiting.find((e) => e.tratamientoId === tratamiento.id);
    if (same) {
      const [entry] = await tx
        .update(listaEspera)
        .set({ nombre, telefono, desde, hasta, franja, userId: input.userId ?? same.userId, updatedAt: now })
        .where(eq(listaEspera.id, same.id))
        .returning();
      return { ok: true, entry };
    }
    if (waiting.length >= MAX_ENTRIES_PER_EMAIL) {
      return {
        ok: false,
        message: `Ya estás en la lista de espera de ${MAX_ENTRIES_PER_EMAIL} tratamientos. Escríbenos por WhatsApp si necesitas otro.`,
      };
    }
    const [entry] = await tx
      .insert(listaEspera)
      .values({
        id: randomBytes(9).toString("base64url"),
        tratamientoId: tratamiento.id,
        userId: input.userId,
        nombre,
        telefono,
        correo,
        desde,
        hasta,
        franja,
        // createdAt: the database's clock (microseconds), the order of the line
        updatedAt: now,
      })
      .returning();
    await queueJoinedMail(tx, entry, tratamiento.nombre);
    return { ok: true, entry };
  });
  if (result.ok) await deliverClientMessages(db, now);
  return result;
}

/**
 * Offers the free time starting at `inicio` to the first entry that wants it (see the
 * module's comment). Null when nobody waits for it, it is too soon, or an offer for it is
 * still running. Under a lock per start time: two jobs for one time make one offer.
 */
export async function offerFreedSlot(db: Db, inicio: Date, now: Date = new Date()): Promise<Offer | null> {
  if (inicio.getTime() - now.getTime() < MIN_LEAD_MINUTES * 60_000) return null;
  const offer = await db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`oferta-espera:${inicio.toISOString()}`}))`);
    await tx
      .update(ofertasEspera)
      .set({ estado: "vencida" })
      .where(
        and(eq(ofertasEspera.inicio, inicio), eq(ofertasEspera.estado, "ofrecida"), lte(ofertasEspera.expiraEn, now)),
      );
    const [running] = await tx
      .select({ id: ofertasEspera.id })
      .from(ofertasEspera)
      .where(and(eq(ofertasEspera.inicio, inicio), eq(ofertasEspera.estado, "ofrecida")));
    if (running) return null;
    const place = slotPlace(inicio);
    const candidates = await tx
      .select({ entry: listaEspera, tratamiento: tratamientos })
      .from(listaEspera)
      .innerJoin(tratamientos, eq(tratamientos.id, listaEspera.tratamientoId))
      .where(
        and(
          eq(listaEspera.estado, "esperando"),
          eq(tratamientos.activo, true),
          lte(listaEspera.desde, place.fecha),
          sql`${listaEspera.hasta} >= ${place.fecha}`,
          or(isNull(listaEspera.franja), eq(listaEspera.franja, place.franja)),
          // never the same time twice to one entry (she let it go)
          notExists(
            tx
              .select({ id: ofertasEspera.id })
              .from(ofertasEspera)
              .where(and(eq(ofertasEspera.entradaId, listaEspera.id), eq(ofertasEspera.inicio, inicio))),
          ),
        ),
      )
      .orderBy(asc(listaEspera.createdAt), asc(listaEspera.id))
      .limit(25);
    const fits = new Map<number, boolean>();
    for (const { entry, tratamiento } of candidates) {
      if (!fits.has(tratamiento.duracion)) {
        fits.set(tratamiento.duracion, await stillFree(tx, tratamiento.duracion, inicio, now));
      }
      if (!fits.get(tratamiento.duracion)) continue;
      const [written] = await tx
        .insert(ofertasEspera)
        .values({
          entradaId: entry.id,
          tratamientoId: tratamiento.id,
          inicio,
          ocupaHasta: appointmentSpan(inicio, tratamiento.duracion).ocupaHasta,
          token: randomBytes(24).toString("base64url"),
          expiraEn: new Date(now.getTime() + OFFER_MINUTES * 60_000),
          createdAt: now,
        })
        .returning();
      await queueOfferMail(tx, written, entry, tratamiento.nombre);
      await scheduleJob(tx, {
        tipo: OFFER_EXPIRY_JOB,
        clave: `${OFFER_EXPIRY_JOB}:${written.id}`,
        ejecutarEn: written.expiraEn,
        datos: { ofertaId: written.id },
      });
      return written;
    }
    return null;
  });
  if (offer) await deliverClientMessages(db, now);
  return offer;
}

/** An offer by its link, with its entry and treatment; null for an unknown link. */
export async function findOffer(db: DbOrTx, token: string) {
  if (!/^[A-Za-z0-9_-]{16,64}$/.test(token)) return null;
  const [row] = await db
    .select({ offer: ofertasEspera, entry: listaEspera, tratamiento: tratamientos })
    .from(ofertasEspera)
    .innerJoin(listaEspera, eq(listaEspera.id, ofertasEspera.entradaId))
    .innerJoin(tratamientos, eq(tratamientos.id, ofertasEspera.tratamientoId))
    .where(eq(ofertasEspera.token, token));
  return row ?? null;
}

/** Whether the offer can still be claimed now. */
export const offerOpen = (offer: Offer, now: Date) => offer.estado === "ofrecida" && offer.expiraEn > now;

export type ClaimResult =
  | { ok: true; cita: Cita }
  | { ok: false; message: string; reason?: Extract<BookingResult, { ok: false }>["reason"] };

class OfferGoneError extends Error {}

const offerGone =
  "Este horario ya no está apartado para ti: pasaron los 30 minutos o ya se usó el enlace. Sigues en la lista de espera.";

/**
 * Her link claims the offered time: one appointment however many claims arrive at once (the
 * offer's conditional update and the overlap constraint, in one transaction). The booking's
 * own rules decide the rest, as for any booking (booking.server.ts bookSlot: the health form,
 * a contraindication, the patch test, her signed consent, the WhatsApp opt-in, the deposit).
 */
export async function claimOffer(
  db: Db,
  token: string,
  input: Pick<BookingInput, "consentimiento" | "ip" | "userId" | "trazo" | "vigente" | "whatsapp">,
  now: Date = new Date(),
): Promise<ClaimResult> {
  const found = await findOffer(db, token);
  if (!found) return { ok: false, message: "Este enlace no es válido." };
  const { offer, entry, tratamiento } = found;
  if (!offerOpen(offer, now)) return { ok: false, message: offerGone };
  try {
    const booked = await bookSlot(
      db,
      {
        ...input,
        tratamientoId: tratamiento.id,
        inicio: offer.inicio,
        contact: { nombre: entry.nombre, telefono: entry.telefono, correo: entry.correo },
        userId: input.userId ?? entry.userId,
        offer: {
          notas: "Desde la lista de espera",
          claim: async (tx, citaId) => {
            const claimed = await tx
              .update(ofertasEspera)
              .set({ estado: "reclamada", citaId })
              .where(
                and(
                  eq(ofertasEspera.id, offer.id),
                  eq(ofertasEspera.estado, "ofrecida"),
                  gt(ofertasEspera.expiraEn, now),
                ),
              )
              .returning({ id: ofertasEspera.id });
            if (claimed.length === 0) throw new OfferGoneError();
            await tx.update(listaEspera).set({ estado: "agendada", updatedAt: now }).where(eq(listaEspera.id, entry.id));
          },
        },
      },
      now,
    );
    return booked.ok ? { ok: true, cita: booked.cita } : { ok: false, message: booked.message, reason: booked.reason };
  } catch (error) {
    if (error instanceof OfferGoneError) return { ok: false, message: offerGone };
    throw error;
  }
}

/** The studio's list: entries still waiting, oldest first, with their live offer if any. */
export async function waitingList(db: DbOrTx, now: Date = new Date()) {
  const rows = await db
    .select({ entry: listaEspera, tratamiento: tratamientos.nombre })
    .from(listaEspera)
    .innerJoin(tratamientos, eq(tratamientos.id, listaEspera.tratamientoId))
    .where(eq(listaEspera.estado, "esperando"))
    .orderBy(asc(listaEspera.createdAt), asc(listaEspera.id))
    .limit(500);
  const offers = rows.length
    ? await db
        .select()
        .from(ofertasEspera)
        .where(
          and(
            inArray(
              ofertasEspera.entradaId,
              rows.map((r) => r.entry.id),
            ),
            eq(ofertasEspera.estado, "ofrecida"),
            gt(ofertasEspera.expiraEn, now),
          ),
        )
    : [];
  return rows.map((r) => ({ ...r, oferta: offers.find((o) => o.entradaId === r.entry.id) ?? null }));
}

/** The studio removes an entry; a slot offered to her goes to the next one. */
export async function removeEntry(db: Db, id: string, now: Date = new Date()): Promise<boolean> {
  const freed = await db.transaction(async (tx) => {
    const [removed] = await tx
      .update(listaEspera)
      .set({ estado: "retirada", updatedAt: now })
      .where(and(eq(listaEspera.id, id), eq(listaEspera.estado, "esperando")))
      .returning({ id: listaEspera.id });
    if (!removed) return null;
    return tx
      .update(ofertasEspera)
      .set({ estado: "vencida" })
      .where(and(eq(ofertasEspera.entradaId, id), eq(ofertasEspera.estado, "ofrecida")))
      .returning({ inicio: ofertasEspera.inicio });
  });
  if (!freed) return false;
  for (const { inicio } of freed) await offerFreedSlot(db, inicio, now);
  return true;
}

/** Entries whose last day has passed (the runner's upkeep): no longer waiting. */
export async function expireEntries(db: DbOrTx, now: Date = new Date()): Promise<number> {
  const today = zonedDate(now, STUDIO_TIME_ZONE);
  const expired = await db
    .update(listaEspera)
    .set({ estado: "vencida", updatedAt: now })
    .where(and(eq(listaEspera.estado, "esperando"), sql`${listaEspera.hasta} < ${today}`))
    .returning({ id: listaEspera.id });
  return expired.length;
}

// An appointment's time may be free: offer it, unless it is taken again (a hold still running
// after its deposit time was extended has its own later job).
registerJob(FREED_SLOT_JOB, async (datos, { db, now }) => {
  const citaId = String(datos.citaId ?? "");
  if (!citaId) return;
  const [cita] = await db.select().from(citas).where(eq(citas.id, citaId));
  if (!cita) return;
  const holdRunning = cita.estado === CITA_ESTADO.apartada && cita.apartadaHasta !== null && cita.apartadaHasta > now;
  const occupying = cita.estado !== CITA_ESTADO.apartada && LIVE_STATES.includes(cita.estado as never);
  if (holdRunning || occupying) return;
  await offerFreedSlot(db, cita.inicio, now);
});

// The 30 minutes are over: an unclaimed offer ends and the time goes to the next entry.
registerJob(OFFER_EXPIRY_JOB, async (datos, { db, now }) => {
  const ofertaId = Number(datos.ofertaId);
  if (!Number.isInteger(ofertaId)) return;
  const [ended] = await db
    .update(ofertasEspera)
    .set({ estado: "vencida" })
    .where(and(eq(ofertasEspera.id, ofertaId), eq(ofertasEspera.estado, "ofrecida"), lte(ofertasEspera.expiraEn, now)))
    .returning({ inicio: ofertasEspera.inicio });
  if (ended) await offerFreedSlot(db, ended.inicio, now);
});

registerPeriodicTask("lista de espera vencida", (db) => expireEntries(db));

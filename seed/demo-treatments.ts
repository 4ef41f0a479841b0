/**
 * The demo's bookable treatments (issue 15), so `npm start` offers online booking: the brows
 * options (Microblading, Híbridas, Ombré), lips and stretch marks, with their length, price,
 * deposit, consent form and retoque window. Added once, for the demo services that exist;
 * a studio's own changes in admin are never overwritten.
 */
import { inArray, ne } from "drizzle-orm";
import { VALORACION_ID } from "../app/domain/contraindications";
import type { Db } from "../app/server/db/client.server";
import { servicios, tratamientos } from "../app/server/db/schema";

type Treatment = typeof tratamientos.$inferInsert;

export const DEMO_TREATMENTS: Treatment[] = [
  { id: "microblading", servicioId: "cejas", nombre: "Microblading", duracion: 150, precio: 350000, anticipo: 50000, requiereConsentimiento: true, retoqueDesde: 30, retoqueHasta: 45, precioRetoque: 100000, duracionRetoque: 90, posicion: 1 },
  { id: "cejas-hibridas", servicioId: "cejas", nombre: "Cejas híbridas", duracion: 150, precio: 400000, anticipo: 50000, requiereConsentimiento: true, retoqueDesde: 30, retoqueHasta: 45, precioRetoque: 100000, duracionRetoque: 90, posicion: 2 },
  { id: "cejas-ombre", servicioId: "cejas", nombre: "Cejas Ombré", duracion: 150, precio: 400000, anticipo: 50000, requiereConsentimiento: true, retoqueDesde: 30, retoqueHasta: 45, precioRetoque: 100000, duracionRetoque: 90, posicion: 3 },
  { id: "labios-acuarela", servicioId: "labios", nombre: "Labios efecto acuarela", duracion: 180, precio: 450000, anticipo: 60000, requiereConsentimiento: true, retoqueDesde: 30, retoqueHasta: 45, precioRetoque: 120000, duracionRetoque: 120, posicion: 1 },
  { id: "estrias-sesion", servicioId: "estrias", nombre: "Estrías (sesión)", duracion: 120, precio: 250000, anticipo: 40000, requiereConsentimiento: true, posicion: 1 },
];

/** Inserts the demo treatments whose service exists, when no treatment but the valoración (a migration's) exists yet. */
export async function seedDemoTreatments(db: Db): Promise<number> {
  const existing = await db.select({ id: tratamientos.id }).from(tratamientos).where(ne(tratamientos.id, VALORACION_ID)).limit(1);
  if (existing.length > 0) return 0;
  const ids = [...new Set(DEMO_TREATMENTS.map((t) => t.servicioId))];
  const present = new Set(
    (await db.select({ id: servicios.id }).from(servicios).where(inArray(servicios.id, ids))).map((s) => s.id),
  );
  const rows = DEMO_TREATMENTS.filter((t) => present.has(t.servicioId));
  if (rows.length > 0) await db.insert(tratamientos).values(rows).onConflictDoNothing();
  return rows.length;
}

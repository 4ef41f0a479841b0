/**
 * The server's side of "contraindications stop the booking" (issue 30): the studio's list
 * (content/agenda/contraindicaciones.md) applied to a treatment and the answers given, and the
 * offer the client reads instead of a slot and a deposit. The rule is domain/contraindications.ts.
 * Nothing here logs the answers (health data).
 */
import { whatsappLink } from "~/config/site";
import type { BookableTreatment } from "~/domain/booking";
import { type HealthAnswer, VALORACION_ID, checkContraindications } from "~/domain/contraindications";
import { and, eq } from "drizzle-orm";
import type { DbOrTx } from "../db/client.server";
import { tratamientos } from "../db/schema";
import { contraindicationList } from "./content.server";

export type ValoracionOffer = {
  titulo: string;
  html: string;
  nivel: "absoluta" | "relativa";
  motivos: string[];
  /** the free valoración's booking page, when the studio keeps it active */
  valoracionHref: string | null;
  whatsappHref: string;
};

const treatmentText = (t: Pick<BookableTreatment, "servicioNombre" | "nombre">) => `${t.servicioNombre} ${t.nombre}`;

/** Whether these answers stop an online booking of this treatment (bookSlot's check). */
export function contraindicated(
  treatment: Pick<BookableTreatment, "id" | "servicioNombre" | "nombre">,
  answers: readonly HealthAnswer[],
): boolean {
  if (treatment.id === VALORACION_ID) return false;
  return !checkContraindications(contraindicationList().lista, treatmentText(treatment), answers).ok;
}

/** Null: these answers may book this treatment online. Otherwise what the client is offered. */
export async function contraindicationStop(
  db: DbOrTx,
  treatment: Pick<BookableTreatment, "id" | "servicioNombre" | "nombre">,
  answers: readonly HealthAnswer[],
): Promise<ValoracionOffer | null> {
  if (treatment.id === VALORACION_ID) return null;
  const content = contraindicationList();
  const verdict = checkContraindications(content.lista, treatmentText(treatment), answers);
  if (verdict.ok) return null;
  const [valoracion] = await db
    .select({ id: tratamientos.id })
    .from(tratamientos)
    .where(and(eq(tratamientos.id, VALORACION_ID), eq(tratamientos.activo, true)));
  return {
    titulo: content.titulo,
    html: content.html,
    nivel: verdict.nivel,
    motivos: verdict.motivos,
    valoracionHref: valoracion ? `/agendar/${VALORACION_ID}` : null,
    whatsappHref: whatsappLink(`¡Hola Michel! Quiero agendar ${treatment.nombre} y me gustaría una valoración antes.`),
  };
}

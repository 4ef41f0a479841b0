/**
 * Contraindications stop an online booking (issue 30), pure: which answers of the health form
 * (content/agenda/consentimiento.md) a treatment cannot be booked online with, and what the
 * client reads then. The list is content the studio edits (content/agenda/contraindicaciones.md,
 * docs/decisions/038): each entry names a question of the form, whether it is absolute or
 * relative, and, optionally, the kind of treatment it applies to ("labios").
 *
 * Absolute and relative both stop the online booking: an absolute one because the studio will
 * not work, a relative one because the artist must see the client first (valoración). Neither
 * takes a deposit nor holds a slot; the client is offered the free valoración or WhatsApp.
 */

/** The free 20-minute valoración every install has (migration valoracion): what a stopped booking offers. */
export const VALORACION_ID = "valoracion";

export type ContraindicationLevel = "absoluta" | "relativa";

/** One entry of the studio's list. */
export type Contraindication = {
  /** the id of the health-form question whose "sí" hits it */
  pregunta: string;
  nivel: ContraindicationLevel;
  /** why, in Spanish and without blame: shown to the client */
  motivo: string;
  /** only for treatments of this kind (matched as the form's questions are); absent: all */
  solo?: string;
};

/** An answer as the booking form parsed it. */
export type HealthAnswer = { id: string; respuesta: "si" | "no" };

export type ContraindicationVerdict =
  | { ok: true }
  | { ok: false; nivel: ContraindicationLevel; motivos: string[]; preguntas: string[] };

/** The contraindications that apply to a treatment ("Cejas Microblading"): all, minus another kind's. */
export function contraindicationsFor(list: readonly Contraindication[], treatmentText: string): Contraindication[] {
  const text = treatmentText.toLowerCase();
  return list.filter((c) => !c.solo || text.includes(c.solo.toLowerCase()));
}

/**
 * Whether these answers let the client book this treatment online. Any "sí" to a listed
 * question stops it; the verdict is "absoluta" when one of the hits is absolute.
 */
export function checkContraindications(
  list: readonly Contraindication[],
  treatmentText: string,
  answers: readonly HealthAnswer[],
): ContraindicationVerdict {
  const yes = new Set(answers.filter((a) => a.respuesta === "si").map((a) => a.id));
  const hits = contraindicationsFor(list, treatmentText).filter((c) => yes.has(c.pregunta));
  if (hits.length === 0) return { ok: true };
  return {
    ok: false,
    nivel: hits.some((h) => h.nivel === "absoluta") ? "absoluta" : "relativa",
    motivos: [...new Set(hits.map((h) => h.motivo))],
    preguntas: hits.map((h) => h.pregunta),
  };
}

/**
 * Reads the answers straight from a submitted form (`p_<id>` = "si"), before the rest of the
 * form is checked: a contraindicated answer stops the booking whatever else is missing.
 */
export function answersFromForm(form: { get(name: string): unknown }, questionIds: readonly string[]): HealthAnswer[] {
  return questionIds.flatMap((id) => {
    const v = form.get(`p_${id}`);
    return v === "si" || v === "no" ? [{ id, respuesta: v }] : [];
  });
}

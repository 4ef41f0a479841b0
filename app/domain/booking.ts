/**
 * The client's booking form (issue 15), pure: who books (name, WhatsApp phone, email), the
 * health and consent answers when the treatment needs them, and the signature (typed full
 * name + accept). Every field has its size limit; errors are Spanish, by field.
 */
import { TEXT_LIMITS, boundedText } from "./limits";

/** One question of the health form (content/agenda/consentimiento.md). */
export type ConsentQuestion = {
  id: string;
  texto: string;
  /** only for treatments of this kind (e.g. "labios"); absent: every treatment */
  solo?: string;
};

/** What a bookable treatment shows in the flow. */
export type BookableTreatment = {
  id: string;
  servicioId: string;
  servicioNombre: string;
  nombre: string;
  duracion: number;
  precio: number;
  anticipo: number;
  requiereConsentimiento: boolean;
  retoqueDesde: number | null;
  retoqueHasta: number | null;
  precioRetoque: number | null;
  duracionRetoque: number | null;
};

/** Longest answer detail (which medicine, which allergy). */
export const CONSENT_DETAIL_MAX = 300;

export type BookingContact = { nombre: string; telefono: string; correo: string };

/** What is stored in `citas.consentimiento`: the questions as shown, the answers, the signature. */
export type ConsentRecord = {
  respuestas: { id: string; pregunta: string; respuesta: "si" | "no"; detalle: string }[];
  firma: string;
  aceptado: true;
  /** ISO instant of the signature */
  firmadoEn: string;
};

export type BookingFormResult =
  | { ok: true; contact: BookingContact; consentimiento: ConsentRecord | null }
  | { ok: false; errors: Record<string, string>; values: Record<string, string> };

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

/** A Mexican WhatsApp number: 10 digits, optionally with +52 / 52 / 521 before. */
export function normalizePhone(value: string): string | null {
  const digits = value.replace(/[\s\-().]/g, "");
  if (!/^\+?\d+$/.test(digits)) return null;
  const plain = digits.replace(/^\+/, "");
  const national = plain.length === 12 && plain.startsWith("52") ? plain.slice(2) : plain.length === 13 && plain.startsWith("521") ? plain.slice(3) : plain;
  return /^\d{10}$/.test(national) ? national : null;
}

/**
 * Who is writing (the booking form, the waitlist's): name, WhatsApp and e-mail, each bounded;
 * a field that fails gets its Spanish message in `errors` and comes back null.
 */
export function parseContactFields(
  form: { get(name: string): unknown },
  errors: Record<string, string>,
): { nombre: string | null; telefono: string | null; correo: string | null } {
  const nombre = boundedText(form.get("nombre"), TEXT_LIMITS.nombre);
  if (nombre === null) errors.nombre = `Tu nombre es demasiado largo (máximo ${TEXT_LIMITS.nombre} caracteres).`;
  else if (nombre.length < 2) errors.nombre = "Escribe tu nombre completo.";

  const telefonoText = boundedText(form.get("telefono"), TEXT_LIMITS.telefono);
  const telefono = telefonoText ? normalizePhone(telefonoText) : null;
  if (!telefono) errors.telefono = "Escribe tu WhatsApp a 10 dígitos, por ejemplo 33 1234 5678.";

  const correo = boundedText(form.get("correo"), TEXT_LIMITS.correo)?.toLowerCase() ?? null;
  if (!correo || !EMAIL.test(correo)) errors.correo = "Escribe un correo válido, por ejemplo nombre@correo.com.";
  return { nombre: nombre && nombre.length >= 2 ? nombre : null, telefono, correo: correo && EMAIL.test(correo) ? correo : null };
}

/** The questions a treatment asks: all, minus those for another kind ("labios" only for lips). */
export function questionsFor(questions: ConsentQuestion[], treatmentText: string): ConsentQuestion[] {
  const text = treatmentText.toLowerCase();
  return questions.filter((q) => !q.solo || text.includes(q.solo.toLowerCase()));
}

/** A submitted form: FormData or URLSearchParams. */
export type FormLike = { get(name: string): unknown; entries(): IterableIterator<[string, unknown]> };

export function parseBookingForm(
  form: FormLike,
  options: { questions: ConsentQuestion[] | null; now: Date },
): BookingFormResult {
  const values: Record<string, string> = {};
  for (const [key, value] of form.entries()) {
    if (typeof value === "string" && key.length <= 60) values[key] = value.slice(0, 400);
  }
  const errors: Record<string, string> = {};

  const { nombre, telefono, correo } = parseContactFields(form, errors);

  let consentimiento: ConsentRecord | null = null;
  if (options.questions) {
    const respuestas: ConsentRecord["respuestas"] = [];
    for (const q of options.questions) {
      const answer = form.get(`p_${q.id}`);
      const detalle = boundedText(form.get(`d_${q.id}`) ?? "", CONSENT_DETAIL_MAX);
      if (answer !== "si" && answer !== "no") errors[`p_${q.id}`] = "Responde sí o no.";
      else if (detalle === null) errors[`p_${q.id}`] = `El detalle es demasiado largo (máximo ${CONSENT_DETAIL_MAX} caracteres).`;
      else respuestas.push({ id: q.id, pregunta: q.texto, respuesta: answer, detalle });
    }
    const firma = boundedText(form.get("firma"), TEXT_LIMITS.nombre);
    if (!firma || firma.length < 5 || !firma.includes(" ")) errors.firma = "Firma escribiendo tu nombre completo (nombre y apellido).";
    if (form.get("acepto") !== "si") errors.acepto = "Para continuar, acepta el consentimiento informado.";
    if (firma) consentimiento = { respuestas, firma, aceptado: true, firmadoEn: options.now.toISOString() };
  }
  if (form.get("politica") !== "si") errors.politica = "Para continuar, acepta la política de cambios y cancelaciones.";

  if (Object.keys(errors).length > 0 || !nombre || !telefono || !correo) return { ok: false, errors, values };
  return { ok: true, contact: { nombre, telefono, correo }, consentimiento };
}

/** Price range of a service's bookable treatments, centavos (JSON-LD AggregateOffer). */
export function priceRange(treatments: { precio: number }[]): { low: number; high: number } | null {
  if (treatments.length === 0) return null;
  const prices = treatments.map((t) => t.precio);
  return { low: Math.min(...prices), high: Math.max(...prices) };
}

const DAY_LABEL = /* @__PURE__ */ new Intl.DateTimeFormat("es-MX", { timeZone: "UTC", weekday: "short", day: "numeric", month: "short" });

const calendarNoon = (fecha: string) => new Date(`${fecha}T12:00:00Z`);

/** "lun, 30 nov" for the calendar's day buttons (a calendar date, no time zone involved). */
export function dayLabel(fecha: string): { semana: string; dia: string; mes: string } {
  const parts = DAY_LABEL.formatToParts(calendarNoon(fecha));
  const get = (type: Intl.DateTimeFormatPartTypes) => parts.find((p) => p.type === type)?.value.replace(".", "") ?? "";
  return { semana: get("weekday"), dia: get("day"), mes: get("month") };
}

/** "2 h", "1 h 30 min", "45 min". */
export function durationText(minutes: number): string {
  const h = Math.floor(minutes / 60);
  const m = minutes % 60;
  if (h === 0) return `${m} min`;
  return m === 0 ? `${h} h` : `${h} h ${m} min`;
}

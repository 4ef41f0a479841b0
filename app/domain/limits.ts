/**
 * Every size limit of what visitors send, in one place: the forms read them for their
 * maxLength attributes and the server checks them again (the real gate). Also the Spanish
 * texts of the refusals that come from a limit (too big, too many, too long).
 */
import type { AlertMessage } from "./messages";

/** Longest text accepted per kind of field, in characters. */
export const TEXT_LIMITS = {
  /** a person's name or last name (profile, sign-up, contact, checkout) */
  nombre: 80,
  /** RFC 5321's longest address */
  correo: 254,
  /** a phone as typed, separators included */
  telefono: 20,
  /** street address, colonia */
  direccion: 200,
  /** city, state, country */
  lugar: 80,
  /** postal code as typed */
  codigoPostal: 10,
  /** a review's text */
  comentario: 2000,
  /** the contact form's message */
  mensaje: 2000,
  /** a discount or visit code */
  codigo: 40,
  /** an id sent back by our own pages (product, course, payment) */
  id: 100,
  /** passwords (Better Auth's own maximum) */
  contrasena: 128,
} as const;

/** Quantities of one product in a cart or an order: whole numbers in this range. */
export const QUANTITY_MIN = 1;
export const QUANTITY_MAX = 999;

const MB = 1024 * 1024;

/** The default largest request body; uploads have their own, checked after the admin check. */
export const BODY_LIMIT_BYTES = MB;

/**
 * The largest file an admin may upload, by kind: from the admin screens' forms and through the
 * upload call alike. Read by the body limit (an admin's form with files), the upload handler
 * (each file, counted as it streams) and the forms (their hints and a check before sending).
 */
export const UPLOAD_LIMITS = {
  /** a phone's photo of a product, a visit's before/after (sharp decodes it) */
  imagen: { bytes: 20 * MB, label: "La imagen" },
  /** a lesson's video: streamed to the storage, never held in memory */
  video: { bytes: 2048 * MB, label: "El video" },
  /** a course's manual */
  pdf: { bytes: 100 * MB, label: "El PDF" },
} as const;

export type UploadKind = keyof typeof UPLOAD_LIMITS;

/** A healing photo sent from an aftercare check-in's link (issue 30): a phone's photo. */
export const AFTERCARE_PHOTO_BYTES = 12 * MB;

/** How many files one admin form may carry (a gallery's new photos, a video and its poster). */
export const UPLOAD_MAX_FILES = 30;

/**
 * The body of an admin's form with files (the admin screens only): its largest file (a video)
 * with room for a poster, a gallery's photos and the text fields. Each file still meets its
 * own limit; everyone else's body stays within BODY_LIMIT_BYTES.
 */
export const ADMIN_UPLOAD_BODY_LIMIT_BYTES = UPLOAD_LIMITS.video.bytes + 256 * MB;

/** '20 MB', '2 GB', '100 MB' */
export function sizeText(bytes: number): string {
  return bytes >= 1024 * MB && bytes % (1024 * MB) === 0 ? `${bytes / (1024 * MB)} GB` : `${Math.round(bytes / MB)} MB`;
}

/** The hint under a file field: 'Hasta 20 MB.' */
export function uploadHint(kind: UploadKind): string {
  return `Hasta ${sizeText(UPLOAD_LIMITS[kind].bytes)}.`;
}

/** HTTP 413 of a file over its kind's limit, the limit named: 'La imagen pasa de 20 MB.' */
export function fileTooLarge(kind: UploadKind) {
  const { label, bytes } = UPLOAD_LIMITS[kind];
  return {
    icon: "error",
    title: "Archivo demasiado grande",
    text: `${label} pasa de ${sizeText(bytes)}.`,
  } as const satisfies AlertMessage;
}

/** The booking forms (contact, health form, card): a few kilobytes; anything bigger is refused. */
export const BOOKING_BODY_LIMIT_BYTES = 16 * 1024;

export const bodyTooLarge = {
  icon: "error",
  title: "Solicitud demasiado grande",
  text: "La solicitud es demasiado grande.",
} as const satisfies AlertMessage;

export const invalidRequest = {
  icon: "error",
  title: "Solicitud inválida",
  text: "No pudimos leer la solicitud. Revisa los datos e intenta de nuevo.",
} as const satisfies AlertMessage;

/** A text longer than its limit; `label` is the field as the visitor knows it. */
export function textTooLong(label: string, max: number) {
  return {
    icon: "error",
    title: "Texto demasiado largo",
    text: `El dato de ${label} es demasiado largo (máximo ${max} caracteres).`,
  } as const satisfies AlertMessage;
}

/** '1 minuto', '5 minutos': a wait rounded up to whole minutes (at least one). */
export function minutesText(seconds: number): string {
  const minutes = Math.max(1, Math.ceil(seconds / 60));
  return minutes === 1 ? "1 minuto" : `${minutes} minutos`;
}

/** HTTP 429 of every throttle (contact, reviews, codes, payments, mails). */
export function tooManyAttempts(retryAfterSeconds: number) {
  return {
    icon: "warning",
    title: "Demasiados intentos",
    text: `Demasiados intentos. Intenta de nuevo en ${minutesText(retryAfterSeconds)}.`,
  } as const satisfies AlertMessage;
}

/** Text within its limit (after trimming), or null when it is not text or too long. */
export function boundedText(value: unknown, max: number): string | null {
  if (typeof value !== "string") return null;
  const text = value.trim();
  return text.length <= max ? text : null;
}

/** A form sent to a product or course that does not exist (any more). */
export const notFound = {
  icon: "error",
  title: "No encontrado",
  text: "No encontramos lo que buscas. Puede que ya no esté disponible.",
} as const satisfies AlertMessage;

// PostgreSQL text and jsonb cannot hold U+0000: such input is cleaned or refused before any query.
const NUL = String.fromCharCode(0);

/** A character below U+0020 or DEL. */
const isControl = (char: string) => char.charCodeAt(0) < 0x20 || char.charCodeAt(0) === 0x7f;

/**
 * A control character nobody types in a form: C0 (U+0000–U+001F) and DEL. PostgreSQL refuses
 * U+0000 in text (it was a 500). Tab, line feed and carriage return are typed in multi-line
 * fields (a browser sends a textarea's line breaks as CR LF), so `multiline` allows them.
 */
export function hasControlCharacter(text: string, { multiline = false }: { multiline?: boolean } = {}): boolean {
  for (let i = 0; i < text.length; i++) {
    const code = text.charCodeAt(i);
    if (code >= 0x20 && code !== 0x7f) continue;
    if (multiline && (code === 0x09 || code === 0x0a || code === 0x0d)) continue;
    return true;
  }
  return false;
}

/** Whether any text in a parsed body (strings, object keys, arrays, nested) has a control character (multi-line rule). */
export function anyControlCharacter(value: unknown, depth = 0): boolean {
  if (typeof value === "string") return hasControlCharacter(value, { multiline: true });
  if (depth > 20 || typeof value !== "object" || value === null) return false;
  if (Array.isArray(value)) return value.some((item) => anyControlCharacter(item, depth + 1));
  return Object.entries(value).some(
    ([key, item]) => hasControlCharacter(key, { multiline: true }) || anyControlCharacter(item, depth + 1),
  );
}

/** HTTP 400 for a form that carries such characters: it is refused whole, before any query. */
export const controlCharacters = {
  icon: "error",
  title: "Caracteres no válidos",
  text: "El formulario contiene caracteres no válidos (caracteres de control). Escribe los datos de nuevo y envíalo otra vez.",
} as const satisfies AlertMessage;

/** Text without U+0000 (which no one types, and the database refuses). */
export function withoutNul(text: string): string {
  return text.split(NUL).join("");
}

/** An id our own pages send back (product, course, payment): short text, no control characters. */
export function isPlainId(value: unknown): value is string {
  return typeof value === "string" && value.length > 0 && value.length <= TEXT_LIMITS.id && ![...value].some(isControl);
}

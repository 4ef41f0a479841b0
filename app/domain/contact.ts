/**
 * The contact form (/Contacto): one schema for the browser hints and the server's check.
 * The server is the judge; every message is the Spanish text shown under the field.
 */
import { z } from "zod";
import { TEXT_LIMITS } from "./limits";

export const CONTACT_FIELDS = ["nombre", "correo", "telefono", "mensaje"] as const;
export type ContactField = (typeof CONTACT_FIELDS)[number];

/** Hidden field that people never see or fill; bots that fill every input do. */
export const HONEYPOT_FIELD = "sitio_web";

export const MENSAJE_MAX = TEXT_LIMITS.mensaje;

/**
 * Built on first use: the browser's contact form reads this module's names and limits only, so
 * its JavaScript carries no schema library (issue 13).
 */
let schema: ReturnType<typeof buildSchema> | undefined;
const contactSchema = () => (schema ??= buildSchema());

const buildSchema = () =>
  z.object({
    nombre: z
      .string()
      .trim()
      .min(1, "Escribe tu nombre.")
      .max(TEXT_LIMITS.nombre, `El nombre es demasiado largo (máximo ${TEXT_LIMITS.nombre} caracteres).`),
    correo: z
      .string()
      .trim()
      .min(1, "Escribe tu correo electrónico.")
      .max(TEXT_LIMITS.correo, `El correo es demasiado largo (máximo ${TEXT_LIMITS.correo} caracteres).`)
      .pipe(z.email("Escribe un correo electrónico válido, por ejemplo nombre@correo.com.")),
    // SPEC §9: a phone is exactly 10 digits; spaces, dashes, dots and parentheses are allowed
    // while typing (33-3333-3333) and dropped here.
    telefono: z
      .string()
      .trim()
      .min(1, "Escribe tu teléfono.")
      .max(TEXT_LIMITS.telefono, "El teléfono debe tener 10 dígitos, por ejemplo 33-3333-3333.")
      .transform((value) => value.replace(/[\s().-]/g, ""))
      .pipe(z.string().regex(/^\d{10}$/, "El teléfono debe tener 10 dígitos, por ejemplo 33-3333-3333.")),
    mensaje: z
      .string()
      .trim()
      .min(10, "Escribe tu mensaje (al menos 10 caracteres).")
      .max(MENSAJE_MAX, `El mensaje es demasiado largo (máximo ${MENSAJE_MAX} caracteres).`),
  });

export type ContactMessage = z.infer<ReturnType<typeof buildSchema>>;
export type ContactValues = Record<ContactField, string>;

export type ContactParse =
  | { ok: true; message: ContactMessage; isBot: boolean }
  | { ok: false; errors: Partial<Record<ContactField, string>>; values: ContactValues };

/** Reads and checks a submitted contact form. The values come back as typed for a redisplay. */
export function parseContactForm(form: FormData): ContactParse {
  const values = Object.fromEntries(
    CONTACT_FIELDS.map((field) => {
      const value = form.get(field);
      return [field, typeof value === "string" ? value : ""];
    }),
  ) as ContactValues;
  const honeypot = form.get(HONEYPOT_FIELD);
  const isBot = typeof honeypot === "string" && honeypot.trim() !== "";

  const result = contactSchema().safeParse(values);
  if (result.success) return { ok: true, message: result.data, isBot };

  const errors: Partial<Record<ContactField, string>> = {};
  for (const issue of result.error.issues) {
    const field = issue.path[0] as ContactField;
    errors[field] ??= issue.message;
  }
  return { ok: false, errors, values };
}

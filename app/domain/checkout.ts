/**
 * Checkout step 1: the shipping address and contact form (SPEC §3, §5). The same rules
 * run in the browser (instant feedback) and on the server (the real gate), and report
 * one problem at a time, the first in the spec's order, as the original alert did.
 * Beyond the spec (issue 28): the país is México (the shop ships only within Mexico) and the
 * postal code is in the estado's range.
 */
import { TEXT_LIMITS, withoutNul } from "./limits";
import { checkoutFieldMissing, shippingRequired } from "./messages";
import { CP_OTRO_ESTADO, SOLO_MEXICO, codigoPostalDelEstado, estadoMexico, paisMexico } from "./mexico-states";

/**
 * The order the spec checks fields in. colonia is required too but the spec's list leaves
 * it out, so it is checked last.
 */
export const CHECKOUT_FIELD_ORDER = [
  "nombre",
  "apellido",
  "correo",
  "direccion",
  "telefono",
  "estado",
  "ciudad",
  "codigo_postal",
  "pais",
  "colonia",
] as const;

export type CheckoutField = (typeof CHECKOUT_FIELD_ORDER)[number];

/** The three checkout steps (SPEC §2): Información → Envío → Pagar. */
export type CheckoutStep = "informacion" | "envio" | "pagar";

/** Trimmed, validated form; telefono is exactly 10 digits. */
export type CheckoutForm = Record<CheckoutField, string>;

export type CheckoutValidation =
  | { ok: true; data: CheckoutForm }
  | { ok: false; field: CheckoutField; icon: "error"; title: "Faltan llenar datos!"; text: string };

/** Longest value accepted in any field; longer input is abuse, not an address. */
export const CHECKOUT_MAX_LENGTH = TEXT_LIMITS.direccion;

/** Longest value per field (app/domain/limits.ts), for the server's check and the inputs' maxLength. */
export const CHECKOUT_FIELD_MAX = {
  nombre: TEXT_LIMITS.nombre,
  apellido: TEXT_LIMITS.nombre,
  correo: TEXT_LIMITS.correo,
  direccion: TEXT_LIMITS.direccion,
  telefono: TEXT_LIMITS.telefono,
  estado: TEXT_LIMITS.lugar,
  ciudad: TEXT_LIMITS.lugar,
  codigo_postal: TEXT_LIMITS.codigoPostal,
  pais: TEXT_LIMITS.lugar,
  colonia: TEXT_LIMITS.direccion,
} as const satisfies Record<CheckoutField, number>;

/** Step 2 submitted without a shipping option (SPEC §5). */
export const SHIPPING_REQUIRED = shippingRequired;

/** How a field is named in messages: the field name, except "codigo postal" (SPEC §5). */
export function fieldLabel(field: CheckoutField): string {
  return field === "codigo_postal" ? "codigo postal" : field;
}

// The HTML email rule (what the browser's type="email" checks) plus a dotted domain with a
// letter TLD, because an address like "ana@gmail" passes the browser but cannot get mail.
const EMAIL =
  /^[A-Za-z0-9.!#$%&'*+/=?^_`{|}~-]+@[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?(?:\.[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?)*\.[A-Za-z]{2,}$/;

// People type phone numbers as "33-3333-3333", "(33) 3333 3333" or "33.3333.3333".
const PHONE_SEPARATORS = /[\s\-.()]/g;

function fail(field: CheckoutField, text: string): CheckoutValidation {
  return { ok: false, field, icon: "error", title: "Faltan llenar datos!", text };
}

export function validateCheckoutForm(input: Record<string, unknown>): CheckoutValidation {
  const data = {} as CheckoutForm;
  for (const field of CHECKOUT_FIELD_ORDER) {
    const raw = input[field];
    // Only text counts: a missing key, null or a stray non-string is the same as empty.
    data[field] = typeof raw === "string" ? withoutNul(raw).trim() : "";
  }

  for (const field of CHECKOUT_FIELD_ORDER) {
    if (data[field] === "") return { ok: false, field, ...checkoutFieldMissing(fieldLabel(field)) };
  }

  for (const field of CHECKOUT_FIELD_ORDER) {
    if (data[field].length > CHECKOUT_FIELD_MAX[field]) {
      return fail(
        field,
        `El dato de ${fieldLabel(field)} es demasiado largo (máximo ${CHECKOUT_FIELD_MAX[field]} caracteres)`,
      );
    }
  }

  if (!EMAIL.test(data.correo)) return fail("correo", "El correo no es válido");

  const telefono = data.telefono.replace(PHONE_SEPARATORS, "");
  if (!/^\d{10}$/.test(telefono)) return fail("telefono", "El teléfono debe tener 10 dígitos");

  // The shop ships only within Mexico: said before any state or postal code problem of a
  // foreign address; stored as "México" however it was written ("Mexico", "MX").
  const pais = paisMexico(data.pais);
  if (!pais) return fail("pais", SOLO_MEXICO);

  // One of the 32 states, stored by its official name (a saved "jalisco" becomes "Jalisco").
  const estado = estadoMexico(data.estado);
  if (!estado) return fail("estado", "Elige un estado de la lista");

  if (!/^\d{5}$/.test(data.codigo_postal)) {
    return fail("codigo_postal", "El código postal debe tener 5 dígitos");
  }
  // Its first two digits are the state's (mexico-states.ts, CP_PREFIJOS).
  if (!codigoPostalDelEstado(data.codigo_postal, estado)) return fail("codigo_postal", CP_OTRO_ESTADO);

  return { ok: true, data: { ...data, telefono, estado, pais } };
}

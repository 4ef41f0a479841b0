/** The profile's one editable field, the name (SPEC section 5: required). */

import { TEXT_LIMITS, withoutNul } from "./limits";

export const NOMBRE_MAX = TEXT_LIMITS.nombre;

/** Returns the clean name (trimmed, single spaces) or a Spanish error. */
export function validateProfileName(value: unknown): { nombre: string } | { error: string } {
  const nombre = typeof value === "string" ? withoutNul(value).trim().replace(/\s+/g, " ") : "";
  if (!nombre) return { error: "El nombre es obligatorio." };
  if (nombre.length > NOMBRE_MAX) return { error: `El nombre puede tener como máximo ${NOMBRE_MAX} caracteres.` };
  return { nombre };
}

/**
 * Discount-code identity (SPEC §3 promociones, promocionesCursos): one rule, used by the
 * cart, the checkout, the admin and the importer. A code is what the studio typed, without
 * surrounding spaces; two codes are the same code when they match ignoring case, so 'VERANO'
 * and 'verano' for one product are one promotion (the database enforces it with a unique
 * index on lower(codigo) per product or course).
 */

import { TEXT_LIMITS, withoutNul } from "./limits";

/** Longest code accepted anywhere (app/domain/limits.ts); longer input is never a valid code. */
export const CODE_MAX_LENGTH = TEXT_LIMITS.codigo;

/** The code as stored and shown: surrounding spaces removed. */
export function normalizeCode(codigo: string): string {
  return codigo.trim();
}

/** The identity two codes are compared by (and the database indexes): trimmed, lower case. */
export function codeKey(codigo: string): string {
  return normalizeCode(codigo).toLowerCase();
}

/** Whether two spellings name the same code. */
export function sameCode(a: string, b: string): boolean {
  return codeKey(a) === codeKey(b);
}

/** A code typed by a buyer, or null when it cannot be a code (empty, too long, not text). */
export function parseCodeInput(value: unknown): string | null {
  if (typeof value !== "string") return null;
  const codigo = normalizeCode(withoutNul(value));
  return codigo.length > 0 && codigo.length <= CODE_MAX_LENGTH ? codigo : null;
}

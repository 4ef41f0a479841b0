/**
 * The patch test (prueba de pigmento) before a first session (issue 30), pure. A treatment
 * that requires one (`tratamientos.pruebaTratamientoId`) is booked in two steps of one flow:
 * first the test (a short, free treatment), then the session at least `horas` (48 by default,
 * per treatment) after the test's start. A client whose test is confirmed or attended books
 * the session directly; a cancelled, expired or missed test does not count.
 */

/** A test appointment of the client's, as stored. */
export type PatchTest = { inicio: Date; estado: string };

/** The test states that count: booked and confirmed (it will happen before), or attended. */
export const PATCH_TEST_STATES = ["confirmada", "atendida"] as const;

/** The earliest start a session may have after the client's tests; null: no test that counts. */
export function earliestSessionStart(tests: readonly PatchTest[], horas: number): Date | null {
  const counted = tests.filter((t) => (PATCH_TEST_STATES as readonly string[]).includes(t.estado));
  if (counted.length === 0) return null;
  const first = Math.min(...counted.map((t) => t.inicio.getTime()));
  return new Date(first + horas * 3_600_000);
}

export type PatchTestVerdict = { ok: true } | { ok: false; reason: "sin-prueba" | "muy-pronto"; desde: Date | null };

/** Whether a session at `inicio` may be booked after these tests. */
export function checkPatchTest(tests: readonly PatchTest[], horas: number, inicio: Date): PatchTestVerdict {
  const desde = earliestSessionStart(tests, horas);
  if (!desde) return { ok: false, reason: "sin-prueba", desde: null };
  return inicio.getTime() >= desde.getTime() ? { ok: true } : { ok: false, reason: "muy-pronto", desde };
}

/** Only the free starts from `desde` on (the calendar of step 2). */
export function slotsFrom<D extends { horas: { inicio: string }[] }>(days: readonly D[], desde: Date): D[] {
  return days
    .map((d) => ({ ...d, horas: d.horas.filter((h) => new Date(h.inicio).getTime() >= desde.getTime()) }))
    .filter((d) => d.horas.length > 0);
}

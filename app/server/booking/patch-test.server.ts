/**
 * The patch test before a first session (issue 30; rule: domain/patch-test.ts): which test a
 * treatment requires, the client's tests (matched by e-mail or WhatsApp, as the hold limit
 * matches her), and the server's check in bookSlot.
 */
import { and, eq, inArray, or } from "drizzle-orm";
import { holdEmailKey, holdPhoneKey } from "~/domain/agenda";
import { PATCH_TEST_STATES, type PatchTest, checkPatchTest, earliestSessionStart } from "~/domain/patch-test";
import { formatSpanishDateTime } from "~/domain/dates";
import type { DbOrTx } from "../db/client.server";
import { citas, tratamientos } from "../db/schema";

export type PatchTestRule = { pruebaId: string; pruebaNombre: string; horas: number };

/** The test a treatment requires before its first session, or null (none, or the test is not bookable). */
export async function patchTestRule(db: DbOrTx, tratamientoId: string): Promise<PatchTestRule | null> {
  const [t] = await db
    .select({ pruebaId: tratamientos.pruebaTratamientoId, horas: tratamientos.pruebaHoras })
    .from(tratamientos)
    .where(eq(tratamientos.id, tratamientoId));
  if (!t?.pruebaId || t.pruebaId === tratamientoId) return null;
  const [prueba] = await db
    .select({ nombre: tratamientos.nombre })
    .from(tratamientos)
    .where(and(eq(tratamientos.id, t.pruebaId), eq(tratamientos.activo, true)));
  return prueba ? { pruebaId: t.pruebaId, pruebaNombre: prueba.nombre, horas: t.horas } : null;
}

/** The client's tests of that kind that count (confirmed or attended), by e-mail or WhatsApp. */
export async function clientPatchTests(
  db: DbOrTx,
  pruebaId: string,
  contact: { correo: string; telefono: string },
): Promise<PatchTest[]> {
  const rows = await db
    .select({ inicio: citas.inicio, estado: citas.estado, correo: citas.correo, telefono: citas.telefono })
    .from(citas)
    .where(
      and(
        eq(citas.tratamientoId, pruebaId),
        inArray(citas.estado, [...PATCH_TEST_STATES]),
        or(eq(citas.correo, holdEmailKey(contact.correo)), eq(citas.telefono, holdPhoneKey(contact.telefono))),
      ),
    );
  return rows;
}

/** Null: the session may be booked at `inicio`; otherwise the Spanish reason. */
export async function patchTestRefusal(
  db: DbOrTx,
  tratamientoId: string,
  contact: { correo: string; telefono: string },
  inicio: Date,
): Promise<string | null> {
  const rule = await patchTestRule(db, tratamientoId);
  if (!rule) return null;
  const verdict = checkPatchTest(await clientPatchTests(db, rule.pruebaId, contact), rule.horas, inicio);
  if (verdict.ok) return null;
  if (verdict.reason === "sin-prueba") {
    return `Antes de tu primera sesión necesitas la ${rule.pruebaNombre.toLowerCase()} (al menos ${rule.horas} h antes). Agéndala primero; no la encontramos con este correo o WhatsApp.`;
  }
  return `Tu sesión debe ser al menos ${rule.horas} h después de tu prueba: elige un horario a partir del ${formatSpanishDateTime(verdict.desde!)}.`;
}

/** Step 2's earliest start for the client of this test appointment (its mail link's token). */
export async function sessionStartAfterTest(
  db: DbOrTx,
  rule: PatchTestRule,
  token: string | null,
): Promise<Date | null> {
  if (!token || !/^[A-Za-z0-9_-]{16,64}$/.test(token)) return null;
  const [test] = await db
    .select({ inicio: citas.inicio, estado: citas.estado })
    .from(citas)
    .where(and(eq(citas.token, token), eq(citas.tratamientoId, rule.pruebaId)));
  return test ? earliestSessionStart([test], rule.horas) : null;
}

/**
 * What the booking page shows for a treatment that requires a patch test: step 1's link, or,
 * with the test's token (`?prueba=`, the link on the test's own page), step 2 from its hours on.
 */
export async function patchTestStep(db: DbOrTx, tratamientoId: string, token: string | null) {
  const rule = await patchTestRule(db, tratamientoId);
  if (!rule) return null;
  const from = await sessionStartAfterTest(db, rule, token);
  return {
    from,
    token: from ? token : null,
    step: {
      pruebaHref: `/agendar/${rule.pruebaId}?para=${encodeURIComponent(tratamientoId)}`,
      pruebaNombre: rule.pruebaNombre,
      horas: rule.horas,
      desde: from ? formatSpanishDateTime(from) : null,
    },
  };
}

/** Step 2's links on a confirmed test's page: the treatments that require this test. */
export async function sessionsAfterTest(db: DbOrTx, cita: { tratamientoId: string; token: string; estado: string }) {
  if (!(PATCH_TEST_STATES as readonly string[]).includes(cita.estado)) return [];
  const rows = await db
    .select({ id: tratamientos.id, nombre: tratamientos.nombre })
    .from(tratamientos)
    .where(and(eq(tratamientos.pruebaTratamientoId, cita.tratamientoId), eq(tratamientos.activo, true)));
  return rows.map((t) => ({ nombre: t.nombre, href: `/agendar/${t.id}?prueba=${encodeURIComponent(cita.token)}` }));
}

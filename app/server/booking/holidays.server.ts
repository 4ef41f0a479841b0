/**
 * The statutory holidays the booking keeps closed (issue 30; the rule: domain/holidays.ts), as
 * block-outs of whole studio days. The studio opens one with an "abierto" whole-day entry in
 * /admin/bloqueos (tipo ABIERTO) and closes any other day with a "festivo" entry.
 */
import { and, eq, gt, lt } from "drizzle-orm";
import { closedHolidayList } from "~/domain/holidays";
import type { Interval } from "~/domain/slots";
import { addDays, studioDay, studioInstant } from "~/domain/studio-calendar";
import type { DbOrTx } from "../db/client.server";
import { agendaBloqueos } from "../db/schema";

/** The block-out type that opens a statutory holiday instead of closing time. */
export const ABIERTO = "abierto";

/** The closed statutory holidays between `from` and `until`, each with its name (the admin agenda shows them). */
export async function closedHolidayDays(
  db: DbOrTx,
  from: Date,
  until: Date,
): Promise<{ fecha: string; nombre: string }[]> {
  const opened = await db
    .select({ inicio: agendaBloqueos.inicio, fin: agendaBloqueos.fin })
    .from(agendaBloqueos)
    .where(and(eq(agendaBloqueos.tipo, ABIERTO), lt(agendaBloqueos.inicio, until), gt(agendaBloqueos.fin, from)));
  const openDays = new Set<string>();
  for (const o of opened) {
    // every studio day the entry covers (a whole-day entry: midnight to midnight)
    for (let d = studioDay(o.inicio); studioInstant(d) < o.fin; d = addDays(d, 1)) openDays.add(d);
  }
  return closedHolidayList(studioDay(from), studioDay(until), openDays);
}

/** The closed statutory holidays between `from` and `until`, as whole-day intervals. */
export async function holidayBlocks(db: DbOrTx, from: Date, until: Date): Promise<Interval[]> {
  return (await closedHolidayDays(db, from, until)).map(({ fecha }) => ({
    inicio: studioInstant(fecha),
    fin: studioInstant(addDays(fecha, 1)),
  }));
}

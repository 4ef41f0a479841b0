/**
 * The limit of open holds (issue 25 item 5, ADR 024 "Apartados sin abuso"): a guest can hold
 * a slot without logging in or paying, so one client may have at most MAX_OPEN_HOLDS
 * (domain/agenda.ts) held appointments whose time still runs, counted per e-mail, per phone
 * and per connection. Checked by the one writer of appointments (createAppointment), inside
 * the transaction that writes the hold and under a lock per key, so two requests at once
 * cannot both see "one held" and make three.
 *
 * The connection is stored on the hold only as a keyed hash (`citas.apartada_ip`): an IPv4
 * address, or an IPv6 address's /64 (a phone or a household picks addresses in it freely).
 * The address itself is never stored nor logged, and the hash is cleared when the hold ends.
 */
import { createHmac } from "node:crypto";
import { and, eq, gt, sql } from "drizzle-orm";
import ipaddr from "ipaddr.js";
import { CITA_ESTADO, MAX_OPEN_HOLDS, holdEmailKey, holdPhoneKey } from "~/domain/agenda";
import type { DbOrTx } from "../db/client.server";
import { citas } from "../db/schema";
import { serverSecret } from "../secret.server";

/** A third open hold for the same e-mail, phone or connection: its Spanish message, nothing written. */
export class HoldLimitError extends Error {
  constructor(message: string) {
    super(message);
    this.name = "HoldLimitError";
  }
}

export const holdLimitContact = `Ya tienes ${MAX_OPEN_HOLDS} citas apartadas sin pagar con este correo o teléfono. Paga el anticipo de una de ellas (el enlace está en tu correo) o espera a que su apartado termine para apartar otra.`;
export const holdLimitConnection = `Desde esta conexión ya hay ${MAX_OPEN_HOLDS} citas apartadas sin pagar. Paga el anticipo de una de ellas o espera a que su apartado termine para apartar otra.`;

/** The connection as the limit counts it, as a keyed hash; null when there is no address. */
export function holdIpKey(ip: string | null | undefined): string | null {
  const raw = ip?.trim().slice(0, 100);
  if (!raw) return null;
  let bucket = raw.toLowerCase();
  try {
    const address = ipaddr.process(raw.replace(/%.*$/, "")); // an IPv4-mapped IPv6 address is its IPv4
    bucket =
      address.kind() === "ipv6"
        ? `${(address as ipaddr.IPv6).parts
            .slice(0, 4)
            .map((p) => p.toString(16))
            .join(":")}::/64`
        : address.toString();
  } catch {
    // not an address (e.g. "desconocida"): counted as it is, all such requests together
  }
  return createHmac("sha256", serverSecret()).update(`apartado-ip|${bucket}`).digest("base64url").slice(0, 32);
}

export type HoldKeys = { correo: string; telefono: string; ipKey: string | null };

/**
 * Inside the transaction that writes a hold, before it does: waits for any other booking
 * that shares one of these keys (one advisory lock per key, taken in the order of their
 * numbers, so two bookings never wait for each other in a circle), then counts the open
 * holds of each key; throws HoldLimitError when one already has MAX_OPEN_HOLDS.
 */
export async function checkOpenHolds(tx: DbOrTx, keys: HoldKeys, now: Date): Promise<void> {
  const correo = holdEmailKey(keys.correo);
  const telefono = holdPhoneKey(keys.telefono);
  const names = [
    correo && `apartados|correo|${correo}`,
    telefono && `apartados|telefono|${telefono}`,
    keys.ipKey && `apartados|ip|${keys.ipKey}`,
  ].filter((n): n is string => Boolean(n));
  if (names.length === 0) return;
  const values = sql.join(
    names.map((n) => sql`(${n})`),
    sql`, `,
  );
  await tx.execute(
    sql`select pg_advisory_xact_lock(h) from (select distinct hashtext(k) as h from (values ${values}) as v(k) order by h) as claves`,
  );
  // Read after the locks: a hold another request committed meanwhile is counted.
  const [open] = await tx
    .select({
      correo: sql<number>`count(*) filter (where lower(trim(${citas.correo})) = ${correo})`.mapWith(Number),
      telefono:
        sql<number>`count(*) filter (where ${telefono} <> '' and right(regexp_replace(${citas.telefono}, '[^0-9]', '', 'g'), 10) = ${telefono})`.mapWith(
          Number,
        ),
      ip: sql<number>`count(*) filter (where ${citas.apartadaIp} = ${keys.ipKey ?? ""})`.mapWith(Number),
    })
    .from(citas)
    .where(and(eq(citas.estado, CITA_ESTADO.apartada), gt(citas.apartadaHasta, now)));
  if (!open) return;
  if (open.correo >= MAX_OPEN_HOLDS || open.telefono >= MAX_OPEN_HOLDS) throw new HoldLimitError(holdLimitContact);
  if (keys.ipKey && open.ip >= MAX_OPEN_HOLDS) throw new HoldLimitError(holdLimitConnection);
}

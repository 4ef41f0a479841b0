/**
 * Who a "clienta" is and how she is found (ADR 041), the one owner of both for the client
 * record (/admin/clientas) and the owner's search (/admin/buscar):
 *
 *  - a client with an account is her `users` row (role 'cliente'); her bookings are those made
 *    with her account and those made without one under her account's e-mail (any case);
 *  - a client who booked without an account is the e-mail of those bookings (lower case); her
 *    record's URL names one of her bookings (`cita-{id}`), never the address itself (URLs end
 *    up in logs). The phone identifies nobody (shared, mistyped): it only finds.
 *
 * Search by name (accents, case and a typo forgiven: pg_trgm word similarity over the name
 * without accents that each row keeps, `busqueda_nombre`, as the catalogue's search does),
 * e-mail (contains) or phone (its digits contain what was typed, 4 digits or more). Each way has
 * its own index (migrations 0028, 0032, 0040) and is asked as its own branch, the ids then
 * joined: an OR across tables would read them all.
 */
import { type SQL, sql } from "drizzle-orm";
import type { SearchQuery } from "~/domain/search";
import { type Db, queryRows } from "../db/client.server";

/** A booking-only client's record id: the prefix and one of her bookings' id. */
export const GUEST_PREFIX = "cita-";

/** pg_trgm's threshold for `<%` (the lowest word similarity a name must reach), per transaction. */
const NAME_SIMILARITY = 0.4;

/** Runs `run` with the name-similarity threshold set for this transaction only. */
export async function withNameThreshold<T>(db: Db, run: (tx: Db) => Promise<T>): Promise<T> {
  return db.transaction(async (tx) => {
    await tx.execute(sql`select set_config('pg_trgm.word_similarity_threshold', ${String(NAME_SIMILARITY)}, true)`);
    return run(tx as unknown as Db);
  });
}

const like = (term: string) => `%${term.replace(/[\\%_]/g, "\\$&")}%`;

/** The pieces of a search, as SQL values: the words without accents, the e-mail and phone patterns. */
function terms(query: SearchQuery) {
  return {
    words: sql`public.texto_busqueda(${query.words.join(" ")})`,
    email: query.text.length >= 3 ? like(query.text.toLowerCase()) : null,
    phone: query.digits.length >= 4 ? like(query.digits) : null,
  };
}

/**
 * A name that has every word typed (each, without accents, similar enough to one of its words:
 * a typo forgiven), as the catalogue's search asks of a product's name: "sofía gonzález" is
 * Sofía González, not every Sofía and every González. One index scan takes all the words.
 */
function nameMatch(query: SearchQuery, name: SQL): SQL {
  return sql.join(
    query.words.map((word) => sql`public.texto_busqueda(${word}) <% ${name}`),
    sql` and `,
  );
}

/** A booking's phone as digits only (the expression migration 0028 indexes). */
const bookingPhone = sql`regexp_replace(c.telefono, '\\D', '', 'g')`;
const orderPhone = sql`regexp_replace(o.datos_contacto->>'telefono', '\\D', '', 'g')`;

/** Bookings whose name, e-mail or phone match (one table: the planner ORs its three indexes). */
function bookingMatch(query: SearchQuery): SQL {
  const t = terms(query);
  const parts = [sql`(${nameMatch(query, sql`c.busqueda_nombre`)})`];
  if (t.email) parts.push(sql`c.correo ilike ${t.email}`);
  if (t.phone) parts.push(sql`${bookingPhone} like ${t.phone}`);
  return sql.join(parts, sql` or `);
}

/**
 * The ids of the accounts that match: by their name or e-mail, the phone of one of their
 * orders, or the name, e-mail or phone of one of their bookings. One branch per index.
 */
export function matchingAccountIds(query: SearchQuery): SQL {
  const t = terms(query);
  const branches = [sql`select u.id from users u where ${nameMatch(query, sql`u.busqueda_nombre`)}`];
  if (t.email) branches.push(sql`select u.id from users u where u.email ilike ${t.email}`);
  if (t.phone) branches.push(sql`select o.comprador_id from compras o where ${orderPhone} like ${t.phone}`);
  branches.push(sql`select c.user_id from citas c where c.user_id is not null and (${bookingMatch(query)})`);
  branches.push(sql`select u.id from citas c join users u on lower(u.email) = lower(c.correo)
                     where c.user_id is null and (${bookingMatch(query)})`);
  return sql.join(branches, sql` union `);
}

/** The bookings without an account that match (their clients are found by them). */
export function matchingGuestBookings(query: SearchQuery): SQL {
  return sql`select c.id from citas c where c.user_id is null and (${bookingMatch(query)})`;
}

/** A booking made without an account and under no account's e-mail: a booking-only client's. */
export const guestBooking = sql`c.user_id is null and not exists (select 1 from users u where lower(u.email) = lower(c.correo))`;

export type ClientRow = {
  /** the record's id: the account's, or `cita-{id}` */
  id: string;
  nombre: string;
  correo: string;
  telefono: string;
  cuenta: boolean;
  /** the account's creation, or her newest booking's */
  desde: Date;
};

type RawRow = Omit<ClientRow, "desde" | "cuenta"> & { cuenta: boolean; desde: Date | string; total: string | number };

/**
 * One page of clients, newest first (a search: the best matches first): accounts (role 'cliente') and booking-only clients (the
 * newest booking of each e-mail), those matching `query` when given.
 */
export async function listClients(
  db: Db,
  query: SearchQuery | null,
  limit: number,
  offset: number,
  { inTransaction = false } = {},
): Promise<{ rows: ClientRow[]; total: number }> {
  // the caller's transaction already set the threshold (the owner's search)
  const run = (body: (tx: Db) => Promise<{ rows: ClientRow[]; total: number }>) =>
    inTransaction ? body(db) : withNameThreshold(db, body);
  return run(async (tx) => {
    const accountFilter = query ? sql`and u.id in (${matchingAccountIds(query)})` : sql``;
    const guestFilter = query ? sql`and c.id in (${matchingGuestBookings(query)})` : sql``;
    // a search's best first: her e-mail typed, then how close the name is; the list: newest first
    const t = query ? terms(query) : null;
    const score = t
      ? sql`(case when ${t.email}::text is not null and correo ilike ${t.email} then 2 else 0 end
              + word_similarity(${t.words}, busqueda_nombre))`
      : sql`0`;
    const rows = await queryRows<RawRow>(
      tx,
      // the page first, then the phones of its rows only (not of every match)
      sql`with clientas as (
            select u.id, u.name as nombre, u.email as correo, true as cuenta, u.created_at as desde,
                   u.id as cuenta_id, null::text as telefono, u.busqueda_nombre
              from users u where u.role = 'cliente' ${accountFilter}
            union all
            select * from (
              select distinct on (lower(c.correo)) ${GUEST_PREFIX} || c.id, c.nombre, c.correo, false,
                     c.created_at, null::text, c.telefono, c.busqueda_nombre
                from citas c where ${guestBooking} ${guestFilter}
               order by lower(c.correo), c.created_at desc, c.id) g
          ),
          pagina as (
            select *, count(*) over () as total, ${score} as score from clientas
             order by score desc, desde desc, id limit ${limit} offset ${offset}
          )
          select p.id, p.nombre, p.correo, p.cuenta, p.desde, p.total,
                 coalesce(p.telefono,
                          (select o.datos_contacto->>'telefono' from compras o where o.comprador_id = p.cuenta_id
                            order by o.fecha desc limit 1),
                          (select c.telefono from citas c where c.user_id = p.cuenta_id
                            order by c.created_at desc limit 1), '') as telefono
            from pagina p order by p.score desc, p.desde desc, p.id`,
    );
    return {
      rows: rows.map((r) => ({
        id: r.id,
        nombre: r.nombre,
        correo: r.correo,
        telefono: r.telefono ?? "",
        cuenta: r.cuenta === true || String(r.cuenta) === "true",
        desde: new Date(r.desde),
      })),
      total: rows.length > 0 ? Number(rows[0]!.total) : 0,
    };
  });
}

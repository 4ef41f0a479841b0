/**
 * The client record's figures (issue 30 part 4, ADR 041), measured and printed, not asserted:
 * the p50/p95 of loading one client's record with 200 appointments, each with a visit of
 * two photos, consent answers and session notes; the clients list and the owner's search on
 * the scaled data; and the plans of the client search's branches (the indexes they use).
 *
 *   DATA_DIR=.tmp/escala npm run seed:scale          # optional: 20,000 accounts, 100,000 orders
 *   DATA_DIR=.tmp/escala npx tsx scripts/bench/client-record.ts
 *
 * Adds (once) a client 'Bench Clienta Doscientas' and her rows to that database.
 */
import { sql } from "drizzle-orm";
import { parseSearch } from "../../app/domain/search";
import { listClients, matchingAccountIds, matchingGuestBookings } from "../../app/server/clients/search.server";
import { loadClientRecord, resolveClient } from "../../app/server/clients/record.server";
import { createAppContext, useAppContext } from "../../app/server/context.server";
import { type Db, openDatabase, queryRows } from "../../app/server/db/client.server";
import { env } from "../../app/server/env.server";
import { searchAdmin } from "../../app/server/search/search.server";

const ROUNDS = Number(process.env.ROUNDS ?? 40);
const VISITS = 200;

async function seedClient(db: Db): Promise<string> {
  const cita0 = "bench-cita-0001";
  await db.execute(sql`
    insert into citas (id, tratamiento_id, nombre, telefono, correo, inicio, fin, ocupa_hasta, estado, precio, token, consentimiento)
    select 'bench-cita-' || lpad(i::text, 4, '0'), (select id from tratamientos order by id limit 1),
           'Bench Clienta Doscientas', '55 0000 0200', 'bench.doscientas@example.com',
           timestamptz '2019-01-07 16:00:00+00' + (i || ' days')::interval,
           timestamptz '2019-01-07 17:00:00+00' + (i || ' days')::interval,
           timestamptz '2019-01-07 17:15:00+00' + (i || ' days')::interval,
           'atendida', 350000, md5('bench-token' || i),
           jsonb_build_object('firma', 'Bench Clienta Doscientas', 'aceptado', true, 'firmadoEn', '2019-01-01T00:00:00Z',
             'respuestas', jsonb_build_array(jsonb_build_object('id', 'embarazo', 'pregunta', '¿Estás embarazada?', 'respuesta', 'no', 'detalle', '')))
      from generate_series(1, ${VISITS}) i
    on conflict do nothing`);
  await db.execute(sql`
    insert into cita_notas (cita_id, tecnica, pigmento, aguja, notas)
    select 'bench-cita-' || lpad(i::text, 4, '0'), 'Microblading', 'Café medio', 'U18', 'Sesión ' || i
      from generate_series(1, ${VISITS}) i on conflict do nothing`);
  await db.execute(sql`
    insert into visitas (id, codigo, clienta, cita_id)
    select 'bench-visita-' || lpad(i::text, 4, '0'), 'BV' || lpad(i::text, 6, '0'), 'Bench Clienta Doscientas',
           'bench-cita-' || lpad(i::text, 4, '0')
      from generate_series(1, ${VISITS}) i on conflict do nothing`);
  await db.execute(sql`
    insert into visita_fotos (visita_id, tipo, url, posicion)
    select 'bench-visita-' || lpad(i::text, 4, '0'), t, 'private:visitas/bench-' || i || '-' || t || '.jpg', 0
      from generate_series(1, ${VISITS}) i, unnest(array['antes', 'despues']) t
     where not exists (select 1 from visita_fotos f where f.visita_id = 'bench-visita-' || lpad(i::text, 4, '0'))`);
  await db.execute(sql`analyze`);
  return `cita-${cita0}`;
}

async function time(label: string, run: () => Promise<unknown>) {
  for (let i = 0; i < 3; i++) await run();
  const times: number[] = [];
  for (let i = 0; i < ROUNDS; i++) {
    const t = performance.now();
    await run();
    times.push(performance.now() - t);
  }
  times.sort((a, b) => a - b);
  const q = (f: number) => times[Math.min(times.length - 1, Math.floor(f * times.length))]!;
  console.log(`| ${label} | ${q(0.5).toFixed(1)} ms | ${q(0.95).toFixed(1)} ms |`);
}

useAppContext(createAppContext());
const database = await openDatabase(env.databaseUrl ? { url: env.databaseUrl } : { dataDir: env.dataDir });
try {
  await database.migrate();
  const db = database.db;
  const id = await seedClient(db);
  const client = await resolveClient(db, id);
  if (!client) throw new Error("the bench client is missing");
  const [{ n }] = await queryRows<{ n: number }>(db, sql`select count(*)::int n from users`);
  console.log(`${n} accounts; ${ROUNDS} rounds after 3 warm-ups, one at a time\n`);
  console.log("| what | p50 | p95 |\n|---|---|---|");
  await time(`client record, ${VISITS} appointments with a visit each`, () => loadClientRecord(db, client));
  const q = (text: string) =>
    (
      parseSearch(text) as {
        ok: true;
        query: NonNullable<
          ReturnType<typeof parseSearch> extends infer P ? (P extends { query: infer Q } ? Q : never) : never
        >;
      }
    ).query;
  await time("clients list, page 1", () => listClients(db, null, 30, 0));
  await time("clients list, search by name", () => listClients(db, q("sofia gonzalez"), 30, 0));
  await time("clients list, search by e-mail", () => listClients(db, q("clienta001234"), 30, 0));
  await time("clients list, search by phone", () => listClients(db, q("5512345678"), 30, 0));
  await time("/admin/buscar's search, an e-mail", () => searchAdmin(db, q("clienta001234")));
  await time("/admin/buscar's search, a folio", () => searchAdmin(db, q("ESC0012")));
  // the plans: each branch on its index
  for (const [title, text] of [
    ["accounts matching an e-mail with digits", "clienta001234"],
    ["accounts matching a name", "sofia gonzalez"],
  ] as const) {
    await db.transaction(async (tx) => {
      await tx.execute(sql`select set_config('pg_trgm.word_similarity_threshold', '0.4', true)`);
      for (const [part, query] of [
        ["accounts", matchingAccountIds(q(text))],
        ["bookings without an account", matchingGuestBookings(q(text))],
      ] as const) {
        const rows = await queryRows<Record<string, string>>(
          tx as unknown as Db,
          sql`explain (analyze, costs off) ${query}`,
        );
        console.log(`\n**${title}: ${part}**\n\n\`\`\`\n${rows.map((r) => Object.values(r)[0]).join("\n")}\n\`\`\``);
      }
    });
  }
} finally {
  await database.close();
}

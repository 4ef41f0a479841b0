/**
 * The admin order list's monthly counters (compras_por_mes, migration 0015, ADR 020) on a
 * real PostgreSQL server, where transactions do run at once on separate connections: many
 * transactions inserting orders and moving orders between shipping states and months,
 * among folds of the counter rows, at the same time, lose no count and deadlock none (the
 * triggers only append counter rows; a fold deletes and re-inserts committed ones). Skipped
 * when no PostgreSQL answers (see global-setup).
 */
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { compactOrderCounters } from "~/server/admin/orders.server";
import type { Database } from "~/server/db/client.server";
import { queryRows } from "~/server/db/client.server";
import { compras, user } from "~/server/db/schema";
import { createEmptyPostgresDatabase } from "../support/db";

const postgresUrl = inject("postgresUrl");
let database: Database;

describe.skipIf(!postgresUrl)("monthly order counters on PostgreSQL", () => {
  beforeAll(async () => {
    database = await createEmptyPostgresDatabase(postgresUrl);
    await database.migrate();
    await database.db.insert(user).values({ id: "u-contadora", name: "Contadora", email: "contadora@example.com" });
  });

  afterAll(async () => {
    await database?.close();
  });

  const month = (m: number) => new Date(Date.UTC(2026, m, 10, 12));

  async function expectCountersRight() {
    const kept = await queryRows<{ k: string; n: number }>(
      database.db,
      sql`select mes || '/' || curso || '/' || estado_envio k, sum(n)::int n from compras_por_mes
          group by 1 having sum(n) <> 0 order by 1`,
    );
    const counted = await queryRows<{ k: string; n: number }>(
      database.db,
      sql`select date_trunc('month', fecha, 'UTC') || '/' || curso || '/' || estado_envio k, count(*)::int n
          from compras group by 1 order by 1`,
    );
    expect(kept.map((r) => [r.k, Number(r.n)])).toEqual(counted.map((r) => [r.k, Number(r.n)]));
  }

  it("lose no count and deadlock none under concurrent inserts and state changes", async () => {
    await database.db.insert(compras).values(
      Array.from({ length: 40 }, (_, i) => ({
        id: `PGC${i}`,
        compradorId: "u-contadora",
        fecha: month(i % 4),
        total: 1_000,
        proveedor: "demo",
        pagoId: `pgc-${i}`,
        estadoEnvio: i % 4,
      })),
    );
    let next = 0;
    const work = Array.from({ length: 60 }, (_, w) => async () => {
      await database.db.transaction(async (tx) => {
        // each transaction moves two orders between states (and so between counters), in id
        // order (two transactions locking the same orders in opposite orders would deadlock
        // on the orders themselves, counters or not)
        const ids = [...new Set([w % 40, (w * 7 + 3) % 40])].sort((a, b) => a - b).map((i) => `PGC${i}`);
        for (const id of ids) {
          await tx.execute(sql`update compras set estado_envio = (estado_envio + 1) % 4 where id = ${id}`);
          await tx.execute(sql`select pg_sleep(0.002)`);
        }
        next += 1;
        await tx.insert(compras).values({
          id: `PGN${w}-${next}`,
          compradorId: "u-contadora",
          fecha: month(w % 4),
          total: 1_000,
          proveedor: "demo",
          pagoId: `pgn-${w}-${next}`,
          estadoEnvio: w % 4,
        });
        if (w % 5 === 0) await tx.execute(sql`update compras set fecha = fecha + interval '1 month' where id = ${ids[0]}`);
      });
      // and folds of the counters among the writers
      if (w % 6 === 0) await compactOrderCounters(database.db);
    });
    // eight at a time (the pool's connections), all started together
    const queue = [...work];
    await Promise.all(
      Array.from({ length: 8 }, async () => {
        for (let job = queue.shift(); job; job = queue.shift()) await job();
      }),
    );
    const [{ n }] = await queryRows<{ n: number }>(database.db, sql`select count(*)::int n from compras`);
    expect(Number(n)).toBe(100);
    await expectCountersRight();
  });
});

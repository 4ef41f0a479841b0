// @engine: the order counters' triggers under many transactions writing at once
/**
 * The admin order list's counters (compras_por_mes, migration 0015, ADR 020): the triggers
 * on `compras` keep one count per month, course or not, and shipping state, equal to a
 * count of the table after inserts one by one and in bulk, state changes from the order
 * screen, moved dates, deletes and a truncate, and with many transactions writing at once.
 * Every page of the list, all orders or one state, shows what a plain OFFSET over the whole
 * table shows, however the orders fall across months. Real embedded database.
 */
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  COUNTER_ROWS_SLACK,
  ORDERS_PER_PAGE,
  compactOrderCounters,
  foldPiledOrderCounters,
  listAdminOrders,
  pageStart,
  pendingOrdersCount,
} from "~/server/admin/orders.server";
import type { Database } from "~/server/db/client.server";
import { queryRows } from "~/server/db/client.server";
import { compras } from "~/server/db/schema";
import "~/server/jobs-registry.server";
import { runPeriodicTasks } from "~/server/jobs.server";
import { type TestUser, signUpUser, useTestDatabase } from "../support/fixtures";

let database: Database;
let buyer: TestUser;

beforeAll(async () => {
  database = await useTestDatabase();
  buyer = await signUpUser({ name: "Clienta Contadora" });
});

afterAll(async () => {
  await database?.close();
});

/** The counters (their rows summed) next to a count of the table, per (month, course, state); equal when right. */
async function counters() {
  const kept = await queryRows<{ k: string; n: number }>(
    database.db,
    sql`select to_char(mes at time zone 'UTC', 'YYYY-MM') || '/' || curso || '/' || estado_envio k, sum(n)::int n
        from compras_por_mes group by 1 having sum(n) <> 0 order by 1`,
  );
  const counted = await queryRows<{ k: string; n: number }>(
    database.db,
    sql`select to_char(date_trunc('month', fecha, 'UTC') at time zone 'UTC', 'YYYY-MM') || '/' || curso || '/' || estado_envio k,
               count(*)::int n
        from compras group by 1 order by 1`,
  );
  return { kept: kept.map((r) => [r.k, Number(r.n)]), counted: counted.map((r) => [r.k, Number(r.n)]) };
}

async function expectCountersRight() {
  const { kept, counted } = await counters();
  expect(kept).toEqual(counted);
}

let serial = 0;
/** An order at `fecha` (default now) in shipping state `estado`. */
const order = (fecha = new Date(), estado = 0, curso = false) => {
  serial += 1;
  return {
    id: `CNT${String(serial).padStart(6, "0")}`,
    compradorId: buyer.id,
    fecha,
    total: 10_000,
    proveedor: "demo",
    pagoId: `pago-cnt-${serial}`,
    estadoEnvio: estado,
    curso,
  };
};

/** 15 January 2026 + `days` at 12:00 UTC */
const day = (days: number) => new Date(Date.UTC(2026, 0, 15 + days, 12));

describe("the monthly order counters", () => {
  it("follow inserts one by one and in bulk, state changes, moved dates, course flags and deletes", async () => {
    await expectCountersRight();
    await database.db.insert(compras).values(order(day(0)));
    await database.db.insert(compras).values(Array.from({ length: 50 }, (_, i) => order(day(i * 3), i % 4, i % 7 === 0)));
    await expectCountersRight();

    // a state change (the order screen's), a payment update that changes no count, a date moved to another month
    await database.db.execute(sql`update compras set estado_envio = 2 where id in (select id from compras where estado_envio = 0 limit 5)`);
    await database.db.execute(sql`update compras set estado_pago = 'pagado', guia = 'X1'`);
    await database.db.execute(sql`update compras set fecha = fecha - interval '40 days' where estado_envio = 1`);
    await database.db.execute(sql`update compras set curso = not curso where estado_envio = 3`);
    await expectCountersRight();

    // the UTC month boundary: the last millisecond of January and the first of February
    await database.db.insert(compras).values([order(new Date("2026-01-31T23:59:59.999Z")), order(new Date("2026-02-01T00:00:00.000Z"))]);
    await expectCountersRight();

    await database.db.execute(sql`delete from compras where estado_envio = 2`);
    await expectCountersRight();
    expect(await pendingOrdersCount(database.db)).toBe(
      Number((await queryRows<{ n: number }>(database.db, sql`select count(*)::int n from compras where not curso and estado_envio < 2`))[0]!.n),
    );
  });

  it("stay right with many transactions writing at once (new orders, state changes, deletes)", async () => {
    const ids = (await queryRows<{ id: string }>(database.db, sql`select id from compras order by id`)).map((r) => r.id);
    await Promise.all([
      ...Array.from({ length: 20 }, (_, i) =>
        database.db.transaction(async (tx) => {
          await tx.insert(compras).values(order(day(i * 5), i % 4));
          await tx.insert(compras).values(order(day(i * 5 + 1), (i + 1) % 4));
        }),
      ),
      ...ids.slice(0, 20).map((id, i) =>
        database.db.transaction(async (tx) => {
          await tx.execute(sql`update compras set estado_envio = ${(i + 2) % 4} where id = ${id}`);
          await tx.execute(sql`update compras set estado_envio = ${(i + 3) % 4} where id = ${id}`);
        }),
      ),
      ...ids.slice(20, 25).map((id) => database.db.execute(sql`delete from compras where id = ${id}`)),
      // a transaction that rolls back leaves the counters as they were
      database.db
        .transaction(async (tx) => {
          await tx.insert(compras).values(order(day(2), 1));
          throw new Error("se deshace");
        })
        .catch(() => undefined),
    ]);
    await expectCountersRight();
  });

  it("page the list exactly as an OFFSET over the whole table, all orders or one state", async () => {
    // more orders, several pages a month over many months, in every state
    await database.db.insert(compras).values(Array.from({ length: 260 }, (_, i) => order(day(i * 1.3), i % 4, i % 9 === 0)));
    await expectCountersRight();
    for (const estado of [null, 0, 3]) {
      const filter = estado === null ? sql`true` : sql`not curso and estado_envio = ${estado}`;
      const all = (
        await queryRows<{ id: string }>(database.db, sql`select id from compras where ${filter} order by fecha desc, id desc`)
      ).map((r) => r.id);
      const pages = Math.ceil(all.length / ORDERS_PER_PAGE);
      expect(pages).toBeGreaterThan(1);
      for (let pagina = 1; pagina <= pages + 1; pagina++) {
        const listed = await listAdminOrders(database.db, { estado, q: "", pagina });
        expect(listed.total).toBe(all.length);
        const at = (Math.min(pagina, pages) - 1) * ORDERS_PER_PAGE;
        expect(listed.orders.map((o) => o.id)).toEqual(all.slice(at, at + ORDERS_PER_PAGE));
      }
    }
  });

  it("are folded into one row per key, by hand or by the job runner's upkeep when too many piled up", async () => {
    const rows = async () =>
      Number((await queryRows<{ n: number }>(database.db, sql`select count(*)::int n from compras_por_mes`))[0]!.n);
    const keys = async () =>
      Number(
        (await queryRows<{ n: number }>(database.db, sql`select count(distinct (mes, curso, estado_envio))::int n from compras_por_mes`))[0]!.n,
      );
    await compactOrderCounters(database.db);
    await expectCountersRight();
    expect(await rows()).toBe(await keys());
    // one order at a time, each its own statement: one more row each
    for (let i = 0; i <= COUNTER_ROWS_SLACK; i++) await database.db.insert(compras).values(order(day(i)));
    expect(await rows()).toBeGreaterThan((await keys()) + COUNTER_ROWS_SLACK);
    await expectCountersRight();
    const before = await listAdminOrders(database.db, { estado: null, q: "", pagina: 1 });
    // reading the list writes nothing
    expect(await rows()).toBeGreaterThan((await keys()) + COUNTER_ROWS_SLACK);
    await runPeriodicTasks(database.db);
    expect(await rows()).toBe(await keys());
    await expectCountersRight();
    expect((await listAdminOrders(database.db, { estado: null, q: "", pagina: 1 })).total).toBe(before.total);
    // nothing piled up: the upkeep only reads
    expect(await foldPiledOrderCounters(database.db)).toBe(false);
  });

  it("finds the month a page starts in", () => {
    const months = [
      { mes: new Date("2026-03-01T00:00:00Z"), n: 10 },
      { mes: new Date("2026-01-01T00:00:00Z"), n: 25 },
      { mes: new Date("2025-12-01T00:00:00Z"), n: 5 },
    ];
    expect(pageStart(months, 0)).toEqual({ before: null, skip: 0 });
    expect(pageStart(months, 9)).toEqual({ before: null, skip: 9 });
    expect(pageStart(months, 10)).toEqual({ before: new Date("2026-02-01T00:00:00Z"), skip: 0 });
    expect(pageStart(months, 34)).toEqual({ before: new Date("2026-02-01T00:00:00Z"), skip: 24 });
    expect(pageStart(months, 35)).toEqual({ before: new Date("2026-01-01T00:00:00Z"), skip: 0 });
    expect(pageStart([], 0)).toEqual({ before: null, skip: 0 });
  });

  it("empty out with a truncate", async () => {
    await database.db.execute(sql`truncate compras cascade`);
    await expectCountersRight();
    expect((await listAdminOrders(database.db, { estado: null, q: "", pagina: 1 })).total).toBe(0);
  });
});

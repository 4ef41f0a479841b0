/**
 * The admin home's money (issue 29 part 1, ADR 035): every figure (today, last 7 days, this
 * month, a chosen range; products, online courses, appointment deposits; the chart's days)
 * equals, to the centavo, the sum of the rows it comes from, computed here from the tables by
 * the rule written out again (paid orders, not cancelled; captured deposits of the appointment
 * they confirmed; refunds subtracted on their own day; studio days in America/Mexico_City).
 * Seeded with a few INSERT ... SELECT generate_series, edges of the studio day included.
 */
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { studioDay } from "~/domain/studio-calendar";
import { loader as homeLoader } from "~/routes/admin/inicio";
import type { Database } from "~/server/db/client.server";
import { queryRows } from "~/server/db/client.server";
import { type TestUser, makeTreatment, signUpUser, useTestDatabase } from "../support/fixtures";

let database: Database;
let admin: TestUser;
let buyer: TestUser;
/** Sunday 15 March 2026, 12:00 in Guadalajara */
const NOW = new Date("2026-03-15T18:00:00Z");

beforeAll(async () => {
  database = await useTestDatabase({ clock: () => NOW });
  admin = await signUpUser({ role: "admin" });
  buyer = await signUpUser({ name: "Lucía Pérez" });
  await makeTreatment();
  const db = database.db;
  // 300 orders every 5 h 11 min from 20 January: products and courses, every payment state and method
  await db.execute(sql`insert into compras (id, comprador_id, fecha, total, envio, curso, estado_envio, pago_id, proveedor, estado_pago, metodo)
    select 'D-' || g, ${buyer.id}, timestamptz '2026-01-20 06:00:00+00' + g * interval '5 hours 11 minutes',
           10000 + (g * 7919) % 90001, case when g % 5 = 0 then 0 else 9900 end, g % 5 = 0, g % 4, 'pd-' || g, 'demo',
           (array['pagado', 'pagado', 'pagado', 'pendiente', 'vencido', 'cancelado', 'reembolsado'])[1 + g % 7],
           (array['tarjeta', 'oxxo', 'spei', 'efectivo'])[1 + g % 4]
      from generate_series(1, 300) g`);
  // the edges of studio days: 23:59:59.999 and 00:00 in Guadalajara (UTC−6)
  await db.execute(sql`insert into compras (id, comprador_id, fecha, total, pago_id, proveedor, estado_pago, curso) values
    ('E-1', ${buyer.id}, '2026-03-15T05:59:59.999Z', 12345, 'pe-1', 'demo', 'pagado', false),
    ('E-2', ${buyer.id}, '2026-03-15T06:00:00.000Z', 23456, 'pe-2', 'demo', 'pagado', false),
    ('E-3', ${buyer.id}, '2026-03-01T05:59:59.999Z', 34567, 'pe-3', 'demo', 'pagado', true),
    ('E-4', ${buyer.id}, '2026-03-01T06:00:00.000Z', 45678, 'pe-4', 'demo', 'pagado', true),
    ('E-5', ${buyer.id}, '2026-03-09T06:00:00.000Z', 56789, 'pe-5', 'demo', 'pagado', false),
    ('E-6', ${buyer.id}, '2026-03-09T05:59:59.999Z', 67891, 'pe-6', 'demo', 'pagado', false)`);
  // refunds of a third of the orders two days later (pending and done), cancelled ones included (not counted)
  await db.execute(sql`insert into reembolsos (id, pago_id, compra_id, monto, motivo, estado, created_at)
    select 'r-' || c.id, c.pago_id, c.id, 1000 + (length(c.id) * 37) % 5000, 'prueba',
           case when c.total % 2 = 0 then 'hecho' else 'pendiente' end, c.fecha + interval '2 days 3 hours'
      from compras c where c.id like 'D-%' and substr(c.id, 3)::int % 3 = 0
       and c.estado_pago in ('pagado', 'reembolsado', 'cancelado')`);
  await db.execute(sql`insert into reembolsos (id, pago_id, compra_id, monto, motivo, estado, created_at) values
    ('r-edge', 'pe-2', 'E-2', 456, 'prueba', 'hecho', '2026-03-15T05:59:59.999Z')`);
  // 120 appointments every 9 hours with their deposits; some deposits are late money (not the appointment's)
  await db.execute(sql`insert into pagos (id, proveedor, monto, estado, detalle, metodo, created_at)
    select 'pa-' || g, 'demo', 50000 + g, (array['pagado', 'requiere-reembolso', 'reembolsado', 'cancelado', 'esperando-pago', 'pagado'])[1 + g % 6],
           jsonb_build_object('tipo', 'anticipo', 'citaId', 'ci-' || g), (array['tarjeta', 'oxxo', 'spei'])[1 + g % 3],
           timestamptz '2026-01-25 15:00:00+00' + g * interval '11 hours 7 minutes'
      from generate_series(1, 120) g`);
  await db.execute(sql`insert into citas (id, tratamiento_id, nombre, telefono, correo, inicio, fin, ocupa_hasta, estado, precio, anticipo, pago_id, token)
    select 'ci-' || g, 'microblading', 'Clienta ' || g, '33 1234 ' || lpad(g::text, 4, '0'), 'cita' || g || '@example.com',
           timestamptz '2026-02-01 16:00:00+00' + g * interval '9 hours', timestamptz '2026-02-01 18:00:00+00' + g * interval '9 hours',
           timestamptz '2026-02-01 18:30:00+00' + g * interval '9 hours',
           (array['confirmada', 'atendida', 'cancelada', 'no-asistio'])[1 + g % 4], 350000, 50000,
           case when g % 10 = 7 then null else 'pa-' || g end, 'tok-' || g
      from generate_series(1, 120) g`);
  await db.execute(sql`insert into reembolsos (id, pago_id, monto, motivo, estado, created_at)
    select 'ra-' || p.id, p.id, 50000, 'cita cancelada', 'hecho', p.created_at + interval '1 day'
      from pagos p where p.id like 'pa-%' and p.estado in ('reembolsado', 'cancelado')`);
  // vouchers waiting and low stock
  await db.execute(sql`insert into pagos (id, proveedor, monto, estado, detalle, metodo)
    values ('ficha-1', 'demo', 77700, 'esperando-pago', '{}', 'oxxo')`);
}, 60_000);

afterAll(async () => {
  await database?.close();
});

type Canal = "productos" | "cursos" | "anticipos";
type Movement = { canal: Canal; day: string; monto: number; venta: boolean };

/** The sale ledger written out again from the raw rows (not through the module under test). */
async function movements(): Promise<Movement[]> {
  const db = database.db;
  const orders = await queryRows<{ fecha: Date; total: number; curso: boolean; estado_pago: string; pago_id: string }>(
    db,
    sql`select fecha, total, curso, estado_pago, pago_id from compras`,
  );
  const refunds = await queryRows<{ pago_id: string; monto: number; created_at: Date }>(
    db,
    sql`select pago_id, monto, created_at from reembolsos`,
  );
  const payments = await queryRows<{
    id: string;
    monto: number;
    estado: string;
    created_at: Date;
    cita: string | null;
  }>(
    db,
    sql`select id, monto, estado, created_at, detalle->>'citaId' as cita from pagos where detalle->>'tipo' = 'anticipo'`,
  );
  const citas = await queryRows<{ id: string; pago_id: string | null }>(db, sql`select id, pago_id from citas`);
  const citaPago = new Map(citas.map((c) => [c.id, c.pago_id]));
  const out: Movement[] = [];
  const sold = new Map<string, Canal>();
  for (const o of orders) {
    if (o.estado_pago !== "pagado" && o.estado_pago !== "reembolsado") continue;
    const canal = o.curso ? "cursos" : "productos";
    sold.set(o.pago_id, canal);
    out.push({ canal, day: studioDay(new Date(o.fecha)), monto: Number(o.total), venta: true });
  }
  for (const p of payments) {
    if (!["pagado", "requiere-reembolso", "reembolsado"].includes(p.estado)) continue;
    if (!p.cita || citaPago.get(p.cita) !== p.id) continue;
    sold.set(p.id, "anticipos");
    out.push({ canal: "anticipos", day: studioDay(new Date(p.created_at)), monto: Number(p.monto), venta: true });
  }
  for (const r of refunds) {
    const canal = sold.get(r.pago_id);
    if (canal) out.push({ canal, day: studioDay(new Date(r.created_at)), monto: -Number(r.monto), venta: false });
  }
  return out;
}

function expected(all: Movement[], desde: string, hasta: string) {
  const within = all.filter((m) => m.day >= desde && m.day <= hasta);
  const of = (canal?: Canal) => {
    const rows = within.filter((m) => !canal || m.canal === canal);
    const ventas = rows.filter((m) => m.venta).reduce((s, m) => s + m.monto, 0);
    const reembolsos = rows.filter((m) => !m.venta).reduce((s, m) => s - m.monto, 0);
    return { ventas, reembolsos, neto: ventas - reembolsos, n: rows.filter((m) => m.venta).length };
  };
  return { productos: of("productos"), cursos: of("cursos"), anticipos: of("anticipos"), total: of() };
}

const home = (query = "", cookie = admin.cookie) =>
  homeLoader({
    request: new Request(`http://localhost/admin${query}`, { headers: { cookie } }),
    params: {},
    context: {},
  } as never);

describe("the admin home's money", () => {
  it("gives today, the last 7 days and this month per channel, each equal to the sum of its rows", async () => {
    const all = await movements();
    const data = await home();
    expect(data.totales.hoy).toEqual(expected(all, "2026-03-15", "2026-03-15"));
    expect(data.totales.semana).toEqual(expected(all, "2026-03-09", "2026-03-15"));
    expect(data.totales.mes).toEqual(expected(all, "2026-03-01", "2026-03-15"));
    // the default range is this month
    expect(data.rango).toEqual({ desde: "2026-03-01", hasta: "2026-03-15" });
    expect(data.totales.rango).toEqual(data.totales.mes);
    // every channel has money in the month, and refunds were taken off
    for (const canal of ["productos", "cursos", "anticipos"] as const)
      expect(data.totales.mes[canal].ventas).toBeGreaterThan(0);
    expect(data.totales.mes.total.reembolsos).toBeGreaterThan(0);
    // the edges: 23:59:59.999 the evening before is yesterday's, 00:00 today's
    expect(data.totales.hoy.productos.n).toBeGreaterThanOrEqual(1);
  });

  it("gives any chosen range, and its chart's days add up to the range per channel", async () => {
    const all = await movements();
    for (const [desde, hasta] of [
      ["2026-02-28", "2026-03-01"],
      ["2026-01-01", "2026-03-31"],
      ["2026-02-10", "2026-02-10"],
      ["2026-03-09", "2026-03-09"],
    ]) {
      const data = await home(`?desde=${desde}&hasta=${hasta}`);
      expect(data.error).toBeNull();
      const want = expected(all, desde, hasta);
      expect(data.totales.rango).toEqual(want);
      for (const canal of ["productos", "cursos", "anticipos"] as const) {
        expect(data.serie.buckets.reduce((s, b) => s + b[canal], 0)).toBe(want[canal].neto);
      }
      expect(data.serie.buckets.reduce((s, b) => s + b.neto, 0)).toBe(want.total.neto);
    }
    const quarter = await home("?desde=2026-01-01&hasta=2026-03-31");
    expect(quarter.serie.unidad).toBe("mes");
    expect(quarter.serie.buckets.map((b) => b.key)).toEqual(["2026-01", "2026-02", "2026-03"]);
    // each day of a short range, those without money at zero
    const week = await home("?desde=2026-03-09&hasta=2026-03-15");
    expect(week.serie.buckets.map((b) => b.key)).toEqual([
      "2026-03-09",
      "2026-03-10",
      "2026-03-11",
      "2026-03-12",
      "2026-03-13",
      "2026-03-14",
      "2026-03-15",
    ]);
    for (const b of week.serie.buckets) {
      const day = expected(all, b.key, b.key);
      expect([b.productos, b.cursos, b.anticipos]).toEqual([day.productos.neto, day.cursos.neto, day.anticipos.neto]);
    }
  });

  it("says what is wrong with a bad range in Spanish and shows this month instead, never a 500", async () => {
    for (const query of [
      "?desde=2026-02-30&hasta=2026-03-01",
      "?desde=abc",
      "?desde=2026-03-10&hasta=2026-03-01",
      "?desde=1900-01-01&hasta=2026-01-01",
      "?desde=2020-01-01&hasta=2026-01-01",
      `?desde=${"9".repeat(5000)}`,
    ]) {
      const data = await home(query);
      expect(data.error, query).toMatch(/fecha|periodo|año/i);
      expect(data.rango).toEqual({ desde: "2026-03-01", hasta: "2026-03-15" });
    }
    // only one of the two dates: that day
    expect((await home("?desde=2026-03-02")).rango).toEqual({ desde: "2026-03-02", hasta: "2026-03-02" });
  });

  it("lists what needs the owner: orders to ship, today's appointments, vouchers waiting, low stock", async () => {
    const [row] = await queryRows<{ enviar: number; fichas: number; monto: number; hoy: number }>(
      database.db,
      sql`select (select count(*)::int from compras where not curso and estado_envio < 2 and estado_pago = 'pagado') enviar,
                 (select count(*)::int from pagos where estado = 'esperando-pago') fichas,
                 (select sum(monto)::int from pagos where estado = 'esperando-pago') monto,
                 (select count(*)::int from citas where inicio >= '2026-03-15T06:00:00Z' and inicio < '2026-03-16T06:00:00Z'
                    and estado in ('apartada', 'confirmada', 'atendida', 'no-asistio')) hoy`,
    );
    const data = await home();
    expect(data.pendientes).toMatchObject({
      porEnviar: row.enviar,
      fichas: row.fichas,
      fichasMonto: row.monto,
      citasHoy: row.hoy,
    });
    expect(row.fichas).toBeGreaterThan(0);
  });

  it("is the studio's only: anyone else gets the 404", async () => {
    await expect(home("", buyer.cookie)).rejects.toMatchObject({ init: { status: 404 } });
    await expect(home("", "")).rejects.toMatchObject({ init: { status: 404 } });
  });
});

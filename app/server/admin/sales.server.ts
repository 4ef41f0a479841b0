/**
 * The owner's money (issue 29, ADR 035): what counts as a sale, in one place. Every figure of
 * the admin home and the sales columns of the exports come from `saleRows` below.
 *
 * A sale is money the studio kept for something it sold, on the studio's calendar
 * (America/Mexico_City):
 * - products and courses: an order (`compras`) whose money came in, `estado_pago` `pagado` or
 *   `reembolsado` (a cancelled, pending or expired order is no sale), for its total (shipping
 *   included, discount off), on the order's date; `curso` decides the channel;
 * - appointment deposits: a deposit payment (`pagos.detalle.tipo = 'anticipo'`) captured for
 *   the appointment it confirmed (`citas.pago_id` is it: late money for a lost slot is no sale),
 *   `pagado`, `requiere-reembolso` (owed back, not given back yet) or `reembolsado`, on the
 *   payment's date;
 * - minus every refund of those (`reembolsos`, pending or done: the ledger has committed it,
 *   ADR 032), on the refund's date, in the channel of what it gives back.
 */
import { sql } from "drizzle-orm";
import { STUDIO_TIME_ZONE, isCalendarDate } from "~/domain/dates";
import { addDays, studioDay, studioInstant } from "~/domain/studio-calendar";
import type { Db } from "../db/index.server";
import { queryRows } from "../db/client.server";
import { PAGO_ESTADO } from "../payments/provider.server";
import { ESTADO_PAGO } from "~/domain/order-status";

export const CANALES = ["productos", "cursos", "anticipos"] as const;
export type Canal = (typeof CANALES)[number];
export const CANAL_LABEL: Record<Canal, string> = {
  productos: "Productos",
  cursos: "Cursos en línea",
  anticipos: "Anticipos de citas",
};

/** Order payment states that are sales (the order's money came in). */
export const ORDER_SALE_STATES: readonly string[] = [ESTADO_PAGO.pagado, ESTADO_PAGO.reembolsado];
/** Deposit payment states that are sales (captured; maybe owed or given back since). */
export const DEPOSIT_SALE_STATES: readonly string[] = [
  PAGO_ESTADO.pagado,
  PAGO_ESTADO.reembolso,
  PAGO_ESTADO.reembolsado,
];

/** The longest range the owner may choose (a larger one is refused with a message). */
export const MAX_RANGE_DAYS = 366 * 3;

const list = (values: readonly string[]) =>
  sql.join(
    values.map((v) => sql`${v}`),
    sql`, `,
  );

/**
 * The sale ledger between two instants: one row per sale (positive) and per refund
 * (negative), `canal`, `fecha`, `monto` (centavos), `tipo` ('venta' | 'reembolso'), `ref`.
 * The one definition every figure is a sum of.
 */
export function saleRows(desde: Date, hasta: Date) {
  const orderSale = sql`c.estado_pago in (${list(ORDER_SALE_STATES)})`;
  const deposit = sql`p.detalle->>'tipo' = 'anticipo' and p.estado in (${list(DEPOSIT_SALE_STATES)})
    and exists (select 1 from citas ci where ci.id = p.detalle->>'citaId' and ci.pago_id = p.id)`;
  const from = desde.toISOString();
  const to = hasta.toISOString();
  return sql`
    select case when c.curso then 'cursos' else 'productos' end as canal, c.fecha as fecha, c.total as monto,
           'venta' as tipo, c.id as ref
      from compras c where ${orderSale} and c.fecha >= ${from} and c.fecha < ${to}
    union all
    select case when c.curso then 'cursos' else 'productos' end, r.created_at, -r.monto, 'reembolso', r.id
      from reembolsos r join compras c on c.pago_id = r.pago_id
     where ${orderSale} and r.created_at >= ${from} and r.created_at < ${to}
    union all
    select 'anticipos', p.created_at, p.monto, 'venta', p.id
      from pagos p where ${deposit} and p.created_at >= ${from} and p.created_at < ${to}
    union all
    select 'anticipos', r.created_at, -r.monto, 'reembolso', r.id
      from reembolsos r join pagos p on p.id = r.pago_id
     where ${deposit} and r.created_at >= ${from} and r.created_at < ${to}`;
}

/** A span of studio days, `desde` and `hasta` included ('YYYY-MM-DD'). */
export type DayRange = { desde: string; hasta: string };

/** The instants a span of studio days covers: [start of `desde`, start of the day after `hasta`). */
export function rangeInstants(range: DayRange): { start: Date; end: Date } {
  return { start: studioInstant(range.desde), end: studioInstant(addDays(range.hasta, 1)) };
}

/** Days from `desde` to `hasta`, both included. */
export function rangeDays(range: DayRange): number {
  return Math.round((Date.parse(`${range.hasta}T00:00:00Z`) - Date.parse(`${range.desde}T00:00:00Z`)) / 86_400_000) + 1;
}

/** Today, the last 7 days (today included), this month so far: the home's fixed ranges. */
export function fixedRanges(now: Date): { hoy: DayRange; semana: DayRange; mes: DayRange } {
  const today = studioDay(now);
  return {
    hoy: { desde: today, hasta: today },
    semana: { desde: addDays(today, -6), hasta: today },
    mes: { desde: `${today.slice(0, 7)}-01`, hasta: today },
  };
}

export type RangeInput = { ok: true; range: DayRange } | { ok: false; message: string };

/**
 * The range the owner typed (`desde`, `hasta`: 'YYYY-MM-DD' from the date inputs); both empty:
 * `fallback`. Bad input gives a Spanish message and the fallback is used instead.
 */
export function readRange(desde: string | null, hasta: string | null, fallback: DayRange): RangeInput {
  const d = (desde ?? "").trim().slice(0, 20);
  const h = (hasta ?? "").trim().slice(0, 20);
  if (!d && !h) return { ok: true, range: fallback };
  const from = d || h;
  const to = h || d;
  if (!isCalendarDate(from) || !isCalendarDate(to))
    return { ok: false, message: "Escribe las fechas como día, mes y año." };
  if (from > to) return { ok: false, message: "La fecha de inicio va antes de la fecha final." };
  if (from < "2000-01-01" || to > "2100-12-31")
    return { ok: false, message: "Elige fechas entre el año 2000 y el 2100." };
  const range = { desde: from, hasta: to };
  if (rangeDays(range) > MAX_RANGE_DAYS) return { ok: false, message: "Elige un periodo de hasta tres años." };
  return { ok: true, range };
}

export type ChannelTotals = { ventas: number; reembolsos: number; neto: number; n: number };
export type RangeTotals = Record<Canal, ChannelTotals> & { total: ChannelTotals };

const empty = (): ChannelTotals => ({ ventas: 0, reembolsos: 0, neto: 0, n: 0 });

/**
 * Sales, refunds and net money of several ranges at once, per channel and in all: one pass
 * over the ledger from the earliest start to the latest end.
 */
export async function salesTotals<K extends string>(
  db: Db,
  ranges: Record<K, DayRange>,
): Promise<Record<K, RangeTotals>> {
  const keys = Object.keys(ranges) as K[];
  const spans = keys.map((k) => rangeInstants(ranges[k]));
  const start = new Date(Math.min(...spans.map((s) => s.start.getTime())));
  const end = new Date(Math.max(...spans.map((s) => s.end.getTime())));
  const columns = spans.map(
    (s, i) => sql`
      coalesce(sum(monto) filter (where tipo = 'venta' and fecha >= ${s.start.toISOString()} and fecha < ${s.end.toISOString()}), 0)::bigint as ${sql.raw(`v${i}`)},
      coalesce(sum(-monto) filter (where tipo = 'reembolso' and fecha >= ${s.start.toISOString()} and fecha < ${s.end.toISOString()}), 0)::bigint as ${sql.raw(`r${i}`)},
      count(*) filter (where tipo = 'venta' and fecha >= ${s.start.toISOString()} and fecha < ${s.end.toISOString()})::int as ${sql.raw(`n${i}`)}`,
  );
  const rows = await queryRows<Record<string, string | number>>(
    db,
    sql`select canal, ${sql.join(columns, sql`, `)} from (${saleRows(start, end)}) ventas group by canal`,
  );
  const result = {} as Record<K, RangeTotals>;
  keys.forEach((key, i) => {
    const totals = { productos: empty(), cursos: empty(), anticipos: empty(), total: empty() } as RangeTotals;
    for (const row of rows) {
      const canal = row.canal as Canal;
      if (!totals[canal]) continue;
      const ventas = Number(row[`v${i}`]);
      const reembolsos = Number(row[`r${i}`]);
      const n = Number(row[`n${i}`]);
      totals[canal] = { ventas, reembolsos, neto: ventas - reembolsos, n };
    }
    for (const canal of CANALES) {
      totals.total.ventas += totals[canal].ventas;
      totals.total.reembolsos += totals[canal].reembolsos;
      totals.total.neto += totals[canal].neto;
      totals.total.n += totals[canal].n;
    }
    result[key] = totals;
  });
  return result;
}

export type Bucket = { key: string; label: string } & Record<Canal, number> & { neto: number };

/**
 * Net money per studio day of a range (per month beyond 62 days) and channel, for the chart:
 * every day or month of the range, those without money at 0.
 */
export async function salesSeries(db: Db, range: DayRange): Promise<{ unidad: "dia" | "mes"; buckets: Bucket[] }> {
  const unidad = rangeDays(range) > 62 ? "mes" : "dia";
  const { start, end } = rangeInstants(range);
  const format = unidad === "dia" ? "YYYY-MM-DD" : "YYYY-MM";
  const rows = await queryRows<{ clave: string; canal: Canal; neto: string | number }>(
    db,
    sql`select to_char(fecha at time zone ${STUDIO_TIME_ZONE}, ${format}) as clave, canal, sum(monto)::bigint as neto
          from (${saleRows(start, end)}) ventas group by 1, 2`,
  );
  const buckets: Bucket[] = [];
  const byKey = new Map<string, Bucket>();
  const add = (key: string, label: string) => {
    const bucket: Bucket = { key, label, productos: 0, cursos: 0, anticipos: 0, neto: 0 };
    buckets.push(bucket);
    byKey.set(key, bucket);
  };
  if (unidad === "dia") {
    for (let day = range.desde; day <= range.hasta; day = addDays(day, 1)) add(day, dayLabel(day));
  } else {
    for (let month = range.desde.slice(0, 7); month <= range.hasta.slice(0, 7); month = nextMonth(month))
      add(month, monthLabel(month));
  }
  for (const row of rows) {
    const bucket = byKey.get(row.clave);
    if (!bucket || !CANALES.includes(row.canal)) continue;
    bucket[row.canal] += Number(row.neto);
    bucket.neto += Number(row.neto);
  }
  return { unidad, buckets };
}

const MESES = ["ene", "feb", "mar", "abr", "may", "jun", "jul", "ago", "sep", "oct", "nov", "dic"];

function dayLabel(day: string): string {
  const [, m, d] = day.split("-").map(Number);
  return `${d} ${MESES[m - 1]}`;
}

function monthLabel(month: string): string {
  const [y, m] = month.split("-").map(Number);
  return `${MESES[m - 1]} ${y}`;
}

function nextMonth(month: string): string {
  const [y, m] = month.split("-").map(Number);
  return m === 12 ? `${y + 1}-01` : `${y}-${String(m + 1).padStart(2, "0")}`;
}

/** Products at or below this stock (and published) are "low stock" on the home. */
export const LOW_STOCK = 3;

/** What needs the owner today: orders to ship, today's appointments, vouchers waiting, low stock. */
export async function ownerToDo(db: Db, now: Date) {
  const today = studioDay(now);
  const [row] = await queryRows<{
    por_enviar: number;
    citas_hoy: number;
    fichas: number;
    fichas_monto: string | number;
  }>(
    db,
    sql`select
      (select count(*)::int from compras where not curso and estado_envio < 2 and estado_pago = ${ESTADO_PAGO.pagado}) as por_enviar,
      (select count(*)::int from citas where inicio >= ${studioInstant(today).toISOString()}
          and inicio < ${studioInstant(addDays(today, 1)).toISOString()}
          and estado in ('apartada', 'confirmada', 'atendida', 'no-asistio')) as citas_hoy,
      (select count(*)::int from pagos where estado = ${PAGO_ESTADO.esperandoPago}) as fichas,
      (select coalesce(sum(monto), 0)::bigint from pagos where estado = ${PAGO_ESTADO.esperandoPago}) as fichas_monto`,
  );
  const bajos = await queryRows<{ id: string; nombre: string; cantidad: number }>(
    db,
    sql`select id, nombre, cantidad from productos where publicado and cantidad <= ${LOW_STOCK}
         order by cantidad, nombre, id limit 8`,
  );
  const [nBajos] = await queryRows<{ n: number }>(
    db,
    sql`select count(*)::int as n from productos where publicado and cantidad <= ${LOW_STOCK}`,
  );
  return {
    porEnviar: Number(row?.por_enviar ?? 0),
    citasHoy: Number(row?.citas_hoy ?? 0),
    fichas: Number(row?.fichas ?? 0),
    fichasMonto: Number(row?.fichas_monto ?? 0),
    stockBajo: { n: Number(nBajos?.n ?? 0), productos: bajos.map((p) => ({ ...p, cantidad: Number(p.cantidad) })) },
  };
}

/**
 * The owner's lists as the contador gets them (issue 29, ADR 035): orders, payments,
 * appointments, clients and invoices filtered by date range (studio days), state, method and a
 * search in folio, name, e-mail or phone; one filter for the screen and its CSV. The CSV is read
 * a batch at a time in key order (`(date, id) > last`: a keyset query, never OFFSET, never all
 * rows in memory) and streamed (csv.server.ts). Orders give one row per order line, the order's
 * own amounts on its first line, and a totals row; the other lists end with a totals row too.
 */
import { type SQL, sql } from "drizzle-orm";
import { isCalendarDate } from "~/domain/dates";
import { estadoEnvioLabel, estadoPagoLabel } from "~/domain/order-status";
import {
  ESTADOS_CITA,
  ESTADOS_FACTURA,
  ESTADOS_PAGO,
  ESTADOS_PAGO_PEDIDO,
  FILTROS,
  type Lista,
  METODOS,
} from "~/domain/export-filters";
import { FORMAS_PAGO } from "~/domain/cfdi";
import { addDays, studioInstant } from "~/domain/studio-calendar";
import type { Db } from "../db/index.server";
import { queryRows } from "../db/client.server";
import { type CsvCell, csvStream, money } from "./csv.server";
import { likePattern } from "./resource.server";
import { ORDER_SALE_STATES } from "./sales.server";

export { FILTROS, LISTAS, type Lista, isLista, METODOS, ESTADOS_PAGO_PEDIDO } from "~/domain/export-filters";

/** Rows read from the database per batch of the export. */
export const EXPORT_BATCH = 500;

export type ListFilter = {
  desde: string | null;
  hasta: string | null;
  estado: string | null;
  /** orders only: the payment's state (estado is the shipping state) */
  pago: string | null;
  metodo: string | null;
  q: string;
};

export type FilterRead = { filter: ListFilter; errors: string[] };

const param = (url: URL, name: string) => (url.searchParams.get(name) ?? "").replaceAll("\0", "").trim().slice(0, 100);

/**
 * The filters in the URL. A bad value is left out and named in `errors` (Spanish), so a screen
 * shows the rest and says what it ignored, and an export refuses it.
 */
export function readListFilter(lista: Lista, url: URL): FilterRead {
  const errors: string[] = [];
  const day = (name: "desde" | "hasta") => {
    const v = param(url, name);
    if (!v) return null;
    if (isCalendarDate(v) && v >= "2000-01-01" && v <= "2100-12-31") return v;
    errors.push(`La fecha "${name}" no es válida: escríbela como día, mes y año.`);
    return null;
  };
  let desde = day("desde");
  let hasta = day("hasta");
  if (desde && hasta && desde > hasta) {
    errors.push("La fecha de inicio va antes de la fecha final.");
    desde = hasta = null;
  }
  const pick = (name: string, values: Record<string, string>, what: string) => {
    const v = param(url, name);
    if (!v) return null;
    if (Object.hasOwn(values, v)) return v;
    errors.push(`${what} desconocido.`);
    return null;
  };
  const { estados, metodos } = FILTROS[lista];
  return {
    filter: {
      desde,
      hasta,
      estado: pick("estado", estados, "Estado"),
      pago: lista === "pedidos" ? pick("pago", ESTADOS_PAGO_PEDIDO, "Estado del pago") : null,
      metodo: pick("metodo", metodos, lista === "facturas" ? "Forma de pago" : "Método"),
      q: param(url, "q"),
    },
    errors,
  };
}

/** The filter as a query string (for the export link and the pager). */
export function filterQuery(filter: ListFilter): string {
  const params = new URLSearchParams();
  for (const [k, v] of Object.entries(filter)) if (v) params.set(k, String(v));
  const text = params.toString();
  return text ? `?${text}` : "";
}

const dateConditions = (col: SQL, filter: ListFilter): SQL[] => [
  ...(filter.desde ? [sql`${col} >= ${studioInstant(filter.desde).toISOString()}`] : []),
  ...(filter.hasta ? [sql`${col} < ${studioInstant(addDays(filter.hasta, 1)).toISOString()}`] : []),
];

/** Digits of a phone search ('33 1234-5678' → '3312345678'), when the term looks like one. */
function phoneDigits(q: string): string | null {
  const digits = q.replace(/\D/g, "");
  return /^[\d\s()+.-]+$/.test(q) && digits.length >= 4 ? digits : null;
}

const phoneMatch = (col: SQL, q: string): SQL[] => {
  const digits = phoneDigits(q);
  return digits ? [sql`regexp_replace(coalesce(${col}, ''), '\\D', '', 'g') like ${`%${digits}%`}`] : [];
};

const anyOf = (parts: SQL[]) => sql`(${sql.join(parts, sql` or `)})`;
const allOf = (parts: SQL[]) => (parts.length ? sql.join(parts, sql` and `) : sql`true`);

type Definition = {
  /** the rows' source: a table and its joins */
  from: SQL;
  /** the date the range filters and the key orders by, and the id that breaks ties */
  date: SQL;
  id: SQL;
  columns: SQL;
  where(filter: ListFilter): SQL[];
};

const ORDER_PHONE = sql`c.datos_contacto->>'telefono'`;

const DEFINITIONS: Record<Lista, Definition> = {
  pedidos: {
    from: sql`compras c join users u on u.id = c.comprador_id`,
    date: sql`c.fecha`,
    id: sql`c.id`,
    columns: sql`c.id, c.fecha, u.name as nombre, coalesce(nullif(c.datos_contacto->>'correo', ''), u.email) as correo,
      coalesce(${ORDER_PHONE}, '') as telefono, c.metodo, c.estado_pago, c.estado_envio, c.curso, c.envio, c.descuento,
      c.total, (select coalesce(sum(r.monto), 0)::bigint from reembolsos r where r.pago_id = c.pago_id) as reembolsado`,
    where: (f) => {
      const term = f.q ? likePattern(f.q) : null;
      return [
        ...dateConditions(sql`c.fecha`, f),
        ...(f.estado !== null ? [sql`not c.curso and c.estado_envio = ${Number(f.estado)}`] : []),
        ...(f.pago ? [sql`c.estado_pago = ${f.pago}`] : []),
        ...(f.metodo ? [sql`c.metodo = ${f.metodo}`] : []),
        ...(term
          ? [
              anyOf([
                sql`c.id ilike ${term}`,
                sql`c.comprador_id = any(array(select id from users where email ilike ${term} or name ilike ${term}))`,
                sql`c.datos_contacto->>'correo' ilike ${term}`,
                ...phoneMatch(ORDER_PHONE, f.q),
              ]),
            ]
          : []),
      ];
    },
  },
  pagos: {
    from: sql`pagos p left join users u on u.id = p.user_id left join citas ci on ci.id = p.detalle->>'citaId'`,
    date: sql`p.created_at`,
    id: sql`p.id`,
    columns: sql`p.id, p.created_at as fecha, p.compra_id, p.detalle->>'tipo' as tipo, p.detalle->>'citaId' as cita_id,
      p.proveedor, p.metodo, p.estado,
      coalesce(u.name, ci.nombre, '') as nombre,
      coalesce(nullif(p.detalle->'datosContacto'->>'correo', ''), u.email, ci.correo, '') as correo,
      coalesce(nullif(p.detalle->'datosContacto'->>'telefono', ''), ci.telefono, '') as telefono, p.monto,
      (select coalesce(sum(r.monto), 0)::bigint from reembolsos r where r.pago_id = p.id) as reembolsado`,
    where: (f) => {
      const term = f.q ? likePattern(f.q) : null;
      return [
        ...dateConditions(sql`p.created_at`, f),
        ...(f.estado ? [sql`p.estado = ${f.estado}`] : []),
        ...(f.metodo ? [sql`p.metodo = ${f.metodo}`] : []),
        ...(term
          ? [
              anyOf([
                sql`p.id ilike ${term}`,
                sql`p.compra_id ilike ${term}`,
                sql`u.name ilike ${term}`,
                sql`u.email ilike ${term}`,
                sql`ci.nombre ilike ${term}`,
                sql`ci.correo ilike ${term}`,
                sql`p.detalle->'datosContacto'->>'correo' ilike ${term}`,
                ...phoneMatch(sql`coalesce(p.detalle->'datosContacto'->>'telefono', ci.telefono)`, f.q),
              ]),
            ]
          : []),
      ];
    },
  },
  citas: {
    from: sql`citas ci join tratamientos t on t.id = ci.tratamiento_id left join pagos p on p.id = ci.pago_id`,
    date: sql`ci.inicio`,
    id: sql`ci.id`,
    columns: sql`ci.id, ci.inicio as fecha, t.nombre as tratamiento, ci.nombre, ci.correo, ci.telefono, ci.estado, ci.origen,
      ci.precio, ci.anticipo, coalesce(p.metodo, '') as metodo, coalesce(p.estado, '') as estado_pago,
      case when p.estado in ('pagado', 'requiere-reembolso', 'reembolsado') then p.monto else 0 end as anticipo_pagado`,
    where: (f) => {
      const term = f.q ? likePattern(f.q) : null;
      return [
        ...dateConditions(sql`ci.inicio`, f),
        ...(f.estado ? [sql`ci.estado = ${f.estado}`] : []),
        ...(f.metodo ? [sql`p.metodo = ${f.metodo}`] : []),
        ...(term
          ? [
              anyOf([
                sql`ci.id ilike ${term}`,
                sql`ci.nombre ilike ${term}`,
                sql`ci.correo ilike ${term}`,
                ...phoneMatch(sql`ci.telefono`, f.q),
              ]),
            ]
          : []),
      ];
    },
  },
  clientas: {
    from: sql`users u`,
    date: sql`u.created_at`,
    id: sql`u.id`,
    columns: sql`u.id, u.created_at as fecha, u.name as nombre, u.email as correo, u.email_verified,
      (select c.datos_contacto->>'telefono' from compras c where c.comprador_id = u.id order by c.fecha desc limit 1) as telefono,
      (select count(*)::int from compras c where c.comprador_id = u.id and c.estado_pago in (${sql.join(
        ORDER_SALE_STATES.map((s) => sql`${s}`),
        sql`, `,
      )})) as pedidos,
      (select coalesce(sum(c.total), 0)::bigint from compras c where c.comprador_id = u.id and c.estado_pago in (${sql.join(
        ORDER_SALE_STATES.map((s) => sql`${s}`),
        sql`, `,
      )})) as comprado,
      (select max(c.fecha) from compras c where c.comprador_id = u.id) as ultima`,
    where: (f) => {
      const term = f.q ? likePattern(f.q) : null;
      return [
        sql`u.role = 'cliente'`,
        ...dateConditions(sql`u.created_at`, f),
        ...(f.estado === "verificada" ? [sql`u.email_verified`] : []),
        ...(f.estado === "sin-verificar" ? [sql`not u.email_verified`] : []),
        ...(f.estado === "con-compras"
          ? [
              sql`exists (select 1 from compras c where c.comprador_id = u.id and c.estado_pago in (${sql.join(
                ORDER_SALE_STATES.map((s) => sql`${s}`),
                sql`, `,
              )}))`,
            ]
          : []),
        ...(term
          ? [
              anyOf([
                sql`u.name ilike ${term}`,
                sql`u.email ilike ${term}`,
                ...(phoneDigits(f.q)
                  ? [
                      sql`exists (select 1 from compras c where c.comprador_id = u.id and ${allOf(phoneMatch(ORDER_PHONE, f.q))})`,
                      sql`exists (select 1 from citas ci where ci.user_id = u.id and ${allOf(phoneMatch(sql`ci.telefono`, f.q))})`,
                    ]
                  : []),
              ]),
            ]
          : []),
      ];
    },
  },
  facturas: {
    from: sql`facturas f`,
    date: sql`f.created_at`,
    id: sql`f.id`,
    columns: sql`f.id, f.created_at as fecha, f.serie, f.folio, coalesce(f.uuid, '') as uuid, f.compra_id, f.rfc,
      f.razon_social, f.correo, f.forma_pago, f.uso, f.estado, f.total`,
    where: (f) => {
      const term = f.q ? likePattern(f.q) : null;
      return [
        ...dateConditions(sql`f.created_at`, f),
        ...(f.estado ? [sql`f.estado = ${f.estado}`] : []),
        ...(f.metodo ? [sql`f.forma_pago = ${f.metodo}`] : []),
        ...(term
          ? [
              anyOf([
                sql`f.compra_id ilike ${term}`,
                sql`(f.serie || f.folio) ilike ${term}`,
                sql`f.uuid ilike ${term}`,
                sql`f.rfc ilike ${term}`,
                sql`f.razon_social ilike ${term}`,
                sql`f.correo ilike ${term}`,
              ]),
            ]
          : []),
      ];
    },
  },
};

type Row = Record<string, unknown> & { _k: string; _id: string };

/** One batch of a list after the key `after` (null: from the start), oldest first. */
async function batch(db: Db, lista: Lista, filter: ListFilter, after: { k: string; id: string } | null, limit: number) {
  const d = DEFINITIONS[lista];
  const conditions = [
    ...d.where(filter),
    ...(after ? [sql`(${d.date}, ${d.id}) > (${after.k}::timestamptz, ${after.id})`] : []),
  ];
  return queryRows<Row>(
    db,
    sql`select ${d.columns}, ${d.date}::text as _k, ${d.id} as _id from ${d.from}
         where ${allOf(conditions)} order by ${d.date}, ${d.id} limit ${limit}`,
  );
}

/** Every row of a list, a batch at a time (the export's source). */
async function* keyset(db: Db, lista: Lista, filter: ListFilter, size = EXPORT_BATCH): AsyncGenerator<Row[]> {
  let after: { k: string; id: string } | null = null;
  for (;;) {
    const rows = await batch(db, lista, filter, after, size);
    if (rows.length > 0) yield rows;
    if (rows.length < size) return;
    const last = rows[rows.length - 1];
    after = { k: last._k, id: last._id };
  }
}

/** One page of a list on screen, newest first, and whether there is a next one. */
export async function listPage(db: Db, lista: Lista, filter: ListFilter, pagina: number, perPage: number) {
  const d = DEFINITIONS[lista];
  const rows = await queryRows<Row>(
    db,
    sql`select ${d.columns}, ${d.date}::text as _k, ${d.id} as _id from ${d.from}
         where ${allOf(d.where(filter))} order by ${d.date} desc, ${d.id} desc
         limit ${perPage + 1} offset ${(pagina - 1) * perPage}`,
  );
  return { rows: rows.slice(0, perPage), more: rows.length > perPage };
}

const num = (v: unknown) => Number(v ?? 0);
const str = (v: unknown) => (v === null || v === undefined ? "" : String(v));
const date = (v: unknown) => (v instanceof Date ? v : v ? new Date(String(v)) : null);
const label = (map: Record<string, string>, v: unknown) => map[str(v)] ?? str(v);

type Export = { header: string[]; rows: (db: Db, filter: ListFilter) => AsyncGenerator<CsvCell[]> };

/** The sums a totals row shows, column by column (null: not summed). */
function totalsRow(width: number, first: string, count: string, sums: Map<number, number>): CsvCell[] {
  const row: CsvCell[] = Array.from({ length: width }, () => null);
  row[0] = first;
  row[1] = count;
  for (const [i, v] of sums) row[i] = money(v);
  return row;
}

const EXPORTS: Record<Lista, Export> = {
  pedidos: {
    header: [
      "Pedido",
      "Fecha",
      "Clienta",
      "Correo",
      "Teléfono",
      "Método de pago",
      "Estado del pago",
      "Estado del envío",
      "Concepto",
      "Cantidad",
      "Precio unitario",
      "Importe",
      "Descuento del pedido",
      "Envío",
      "Total del pedido",
      "Reembolsado",
      "Venta neta",
    ],
    async *rows(db, filter) {
      const sums = new Map<number, number>([
        [11, 0],
        [12, 0],
        [13, 0],
        [14, 0],
        [15, 0],
        [16, 0],
      ]);
      const add = (i: number, v: number) => sums.set(i, (sums.get(i) ?? 0) + v);
      let n = 0;
      for await (const orders of keyset(db, "pedidos", filter)) {
        const lines = await queryRows<{ compra_id: string; nombre: string; cantidad: number; precio: number }>(
          db,
          sql`select compra_id, nombre, cantidad, precio from compra_lineas
               where compra_id in (${sql.join(
                 orders.map((o) => sql`${o._id}`),
                 sql`, `,
               )}) order by compra_id, id`,
        );
        const byOrder = new Map<string, typeof lines>();
        for (const l of lines) byOrder.set(l.compra_id, [...(byOrder.get(l.compra_id) ?? []), l]);
        for (const o of orders) {
          n++;
          const total = num(o.total);
          const reembolsado = num(o.reembolsado);
          const neto = ORDER_SALE_STATES.includes(str(o.estado_pago)) ? total - reembolsado : 0;
          const own = [num(o.descuento), num(o.envio), total, reembolsado, neto];
          for (const [i, v] of own.entries()) add(12 + i, v);
          const head: CsvCell[] = [
            str(o.id),
            date(o.fecha),
            str(o.nombre),
            str(o.correo),
            str(o.telefono),
            label(METODOS, o.metodo),
            estadoPagoLabel(str(o.estado_pago)),
            o.curso ? "Curso en línea" : estadoEnvioLabel(num(o.estado_envio)),
          ];
          const orderLines = byOrder.get(str(o.id)) ?? [];
          if (orderLines.length === 0) yield [...head, "", null, null, null, ...own.map(money)];
          for (const [i, l] of orderLines.entries()) {
            const importe = num(l.precio) * num(l.cantidad);
            add(11, importe);
            // the order's own amounts on its first line only: each column adds up to the file's totals
            yield [
              ...head,
              str(l.nombre),
              num(l.cantidad),
              money(num(l.precio)),
              money(importe),
              ...(i === 0 ? own.map(money) : [null, null, null, null, null]),
            ];
          }
        }
      }
      yield totalsRow(17, "Totales", `${n} pedidos`, sums);
    },
  },
  pagos: {
    header: [
      "Fecha",
      "Referencia",
      "Pedido",
      "Concepto",
      "Proveedor",
      "Método",
      "Estado",
      "Clienta",
      "Correo",
      "Teléfono",
      "Monto",
      "Reembolsado",
      "Neto",
    ],
    async *rows(db, filter) {
      const sums = new Map<number, number>([
        [10, 0],
        [11, 0],
        [12, 0],
      ]);
      let n = 0;
      for await (const rows of keyset(db, "pagos", filter)) {
        for (const p of rows) {
          n++;
          const monto = num(p.monto);
          const reembolsado = num(p.reembolsado);
          sums.set(10, (sums.get(10) ?? 0) + monto);
          sums.set(11, (sums.get(11) ?? 0) + reembolsado);
          sums.set(12, (sums.get(12) ?? 0) + monto - reembolsado);
          yield [
            date(p.fecha),
            str(p.id),
            str(p.compra_id),
            p.tipo === "anticipo" ? "Anticipo de cita" : p.compra_id ? "Pedido" : "Pago",
            str(p.proveedor),
            label(METODOS, p.metodo),
            label(ESTADOS_PAGO, p.estado),
            str(p.nombre),
            str(p.correo),
            str(p.telefono),
            money(monto),
            money(reembolsado),
            money(monto - reembolsado),
          ];
        }
      }
      yield totalsRow(13, "Totales", `${n} pagos`, sums);
    },
  },
  citas: {
    header: [
      "Fecha y hora",
      "Cita",
      "Tratamiento",
      "Clienta",
      "Correo",
      "Teléfono",
      "Estado",
      "Origen",
      "Método del anticipo",
      "Precio",
      "Anticipo",
      "Anticipo pagado",
    ],
    async *rows(db, filter) {
      const sums = new Map<number, number>([
        [9, 0],
        [10, 0],
        [11, 0],
      ]);
      let n = 0;
      for await (const rows of keyset(db, "citas", filter)) {
        for (const c of rows) {
          n++;
          const amounts = [num(c.precio), num(c.anticipo), num(c.anticipo_pagado)];
          for (const [i, v] of amounts.entries()) sums.set(9 + i, (sums.get(9 + i) ?? 0) + v);
          yield [
            date(c.fecha),
            str(c.id),
            str(c.tratamiento),
            str(c.nombre),
            str(c.correo),
            str(c.telefono),
            label(ESTADOS_CITA, c.estado),
            c.origen === "web" ? "Sitio web" : str(c.origen),
            label(METODOS, c.metodo),
            ...amounts.map(money),
          ];
        }
      }
      yield totalsRow(12, "Totales", `${n} citas`, sums);
    },
  },
  clientas: {
    header: [
      "Nombre",
      "Correo",
      "Teléfono",
      "Alta",
      "Correo confirmado",
      "Pedidos pagados",
      "Total pagado",
      "Última compra",
    ],
    async *rows(db, filter) {
      let total = 0;
      let n = 0;
      for await (const rows of keyset(db, "clientas", filter)) {
        for (const u of rows) {
          n++;
          total += num(u.comprado);
          yield [
            str(u.nombre),
            str(u.correo),
            str(u.telefono),
            date(u.fecha),
            u.email_verified ? "Sí" : "No",
            num(u.pedidos),
            money(num(u.comprado)),
            date(u.ultima),
          ];
        }
      }
      const row = totalsRow(8, "Totales", `${n} clientas`, new Map([[6, total]]));
      yield row;
    },
  },
  facturas: {
    header: [
      "Fecha",
      "Serie y folio",
      "Folio fiscal (UUID)",
      "Pedido",
      "RFC",
      "Razón social",
      "Correo",
      "Forma de pago",
      "Uso",
      "Estado",
      "Total",
    ],
    async *rows(db, filter) {
      let total = 0;
      let n = 0;
      for await (const rows of keyset(db, "facturas", filter)) {
        for (const f of rows) {
          n++;
          total += num(f.total);
          yield [
            date(f.fecha),
            `${str(f.serie)}${str(f.folio)}`,
            str(f.uuid),
            str(f.compra_id),
            str(f.rfc),
            str(f.razon_social),
            str(f.correo),
            `${str(f.forma_pago)} ${label(FORMAS_PAGO, f.forma_pago)}`,
            str(f.uso),
            label(ESTADOS_FACTURA, f.estado),
            money(num(f.total)),
          ];
        }
      }
      yield totalsRow(11, "Totales", `${n} facturas`, new Map([[10, total]]));
    },
  },
};

/** The file's name: the list and its dates ('pedidos-2026-12-01-a-2026-12-31.csv'). */
export function exportFilename(lista: Lista, filter: ListFilter): string {
  const span = filter.desde || filter.hasta ? `-${filter.desde ?? "inicio"}-a-${filter.hasta ?? "hoy"}` : "";
  return `${lista}${span}.csv`;
}

/** The list as a CSV byte stream (header, rows, totals). */
export function exportStream(db: Db, lista: Lista, filter: ListFilter): ReadableStream<Uint8Array> {
  const { header, rows } = EXPORTS[lista];
  return csvStream(header, rows(db, filter));
}

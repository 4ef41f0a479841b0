/**
 * The contador's CSV (issue 29 part 2, ADR 035): orders (one row per line, the order's amounts
 * on its first line, a totals row), payments, appointments, clients and invoices, with the
 * screens' filters (date range in studio days, state, method, search by folio, name, e-mail or
 * phone). Parsed back, every file equals the database to the centavo; 20,000 orders stream out
 * with bounded memory (RSS growth measured while reading, not timed). Seeded with INSERT ...
 * SELECT generate_series; the route's own loader, as React Router calls it.
 */
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { loader as exportLoader } from "~/routes/admin/exportar";
import { loader as ordersLoader } from "~/routes/admin/pedidos";
import { loader as agendaLoader } from "~/routes/admin/agenda";
import { loader as clientsLoader } from "~/routes/admin/clientas";
import { loader as invoicesLoader } from "~/routes/admin/facturas";
import { loader as paymentsLoader } from "~/routes/admin/pagos";
import type { Database } from "~/server/db/client.server";
import { queryRows } from "~/server/db/client.server";
import { type TestUser, makeTreatment, signUpUser, useTestDatabase } from "../support/fixtures";

let database: Database;
let admin: TestUser;
let buyer: TestUser;

beforeAll(async () => {
  database = await useTestDatabase();
  admin = await signUpUser({ role: "admin" });
  buyer = await signUpUser({ name: "Lucía Pérez", email: "lucia.export@example.com" });
  await makeTreatment();
  const db = database.db;
  // 80 orders, one every 7 hours from 1 March 2026 (Guadalajara 18:00 the day before), 1–3 lines each
  await db.execute(sql`insert into compras (id, comprador_id, fecha, total, envio, descuento, curso, estado_envio, pago_id, proveedor,
      estado_pago, metodo, datos_contacto)
    select 'X-' || lpad(g::text, 3, '0'), ${buyer.id}, timestamptz '2026-03-01 00:00:00+00' + g * interval '7 hours', 0,
           case when g % 3 = 0 then 0 else 14900 end, case when g % 4 = 0 then 1250 else 0 end, g % 6 = 0, g % 4, 'px-' || g, 'demo',
           (array['pagado', 'pagado', 'pendiente', 'cancelado', 'reembolsado', 'vencido'])[1 + g % 6],
           (array['tarjeta', 'oxxo', 'spei'])[1 + g % 3],
           jsonb_build_object('correo', 'pedido' || g || '@example.com', 'telefono', '33 55' || lpad(g::text, 2, '0') || '-' || lpad(g::text, 4, '0'))
      from generate_series(1, 80) g`);
  await db.execute(sql`insert into compra_lineas (compra_id, nombre, precio, precio_original, cantidad)
    select c.id, case when l = 2 then '=Pigmento "café", 10 ml' else 'Pigmento Café ' || l end, 1999 + l * 1001 + n, 1999 + l * 1001 + n, l
      from (select id, substr(id, 3)::int n from compras where id like 'X-%') c
      cross join generate_series(1, 3) l where l <= 1 + c.n % 3`);
  await db.execute(sql`update compras c set total = s.importe - c.descuento + c.envio
    from (select compra_id, sum(precio * cantidad) importe from compra_lineas group by compra_id) s where s.compra_id = c.id`);
  await db.execute(sql`insert into pagos (id, proveedor, user_id, monto, estado, detalle, compra_id, metodo, created_at)
    select c.pago_id, 'demo', c.comprador_id, c.total, case when c.estado_pago = 'pendiente' then 'esperando-pago' else 'pagado' end,
           jsonb_build_object('datosContacto', c.datos_contacto), c.id, c.metodo, c.fecha
      from compras c where c.id like 'X-%'`);
  await db.execute(sql`insert into reembolsos (id, pago_id, compra_id, monto, motivo, estado)
    select 'rx-' || c.id, c.pago_id, c.id, 777, 'prueba', 'hecho' from compras c
     where c.id like 'X-%' and c.estado_pago in ('pagado', 'reembolsado', 'cancelado') and substr(c.id, 3)::int % 2 = 1`);
  await db.execute(sql`insert into citas (id, tratamiento_id, nombre, telefono, correo, inicio, fin, ocupa_hasta, estado, precio, anticipo, token)
    select 'cx-' || g, 'microblading', 'Clienta Cita ' || g, '33 9876 ' || lpad(g::text, 4, '0'), 'citax' || g || '@example.com',
           timestamptz '2026-03-02 16:00:00+00' + g * interval '1 day', timestamptz '2026-03-02 18:00:00+00' + g * interval '1 day',
           timestamptz '2026-03-02 18:30:00+00' + g * interval '1 day', (array['confirmada', 'atendida', 'cancelada'])[1 + g % 3],
           350000 + g, 50000, 'tokx-' || g
      from generate_series(1, 20) g`);
  await db.execute(sql`insert into facturas (id, compra_id, user_id, estado, proveedor, uuid, serie, folio, clave, rfc, razon_social, regimen,
      uso, codigo_postal, correo, forma_pago, total)
    select 'fx-' || c.id, c.id, c.comprador_id, case when substr(c.id, 3)::int % 5 = 0 then 'cancelada' else 'vigente' end, 'demo',
           md5(c.id), 'A', substr(c.id, 3), 'k-' || c.id, 'PEGL800101AB1', 'Lucía Pérez', '612', 'G03', '44160',
           'lucia.export@example.com', case when c.metodo = 'tarjeta' then '04' else '03' end, c.total
      from compras c where c.id like 'X-%' and c.estado_pago = 'pagado'`);
}, 60_000);

afterAll(async () => {
  await database?.close();
});

const get = (path: string, cookie = admin.cookie): Promise<Response> =>
  exportLoader({
    request: new Request(`http://localhost${path}`, { headers: { cookie } }),
    params: { lista: path.split("/")[3].split("?")[0] },
    context: {},
  } as never);

/** RFC 4180 with CRLF, as Excel writes and reads it. */
function parseCsv(text: string): string[][] {
  const rows: string[][] = [];
  let row: string[] = [];
  let cell = "";
  let quoted = false;
  for (let i = 0; i < text.length; i++) {
    const ch = text[i];
    if (quoted) {
      if (ch === '"' && text[i + 1] === '"') {
        cell += '"';
        i++;
      } else if (ch === '"') quoted = false;
      else cell += ch;
    } else if (ch === '"') quoted = true;
    else if (ch === ",") {
      row.push(cell);
      cell = "";
    } else if (ch === "\r" && text[i + 1] === "\n") {
      row.push(cell);
      rows.push(row);
      row = [];
      cell = "";
      i++;
    } else cell += ch;
  }
  expect(cell).toBe("");
  return rows;
}

/** '$1,234.50' / '-$5.00' → centavos; '' → null */
function centavos(text: string): number | null {
  if (text === "") return null;
  const m = /^(-?)\$(\d{1,3}(?:,\d{3})*)\.(\d{2})$/.exec(text);
  if (!m) throw new Error(`not es-MX money: ${text}`);
  return (m[1] ? -1 : 1) * (Number(m[2].replaceAll(",", "")) * 100 + Number(m[3]));
}

async function csv(path: string) {
  const answer = await get(path);
  expect(answer.status).toBe(200);
  expect(answer.headers.get("content-type")).toBe("text/csv; charset=utf-8");
  expect(answer.headers.get("content-disposition")).toMatch(/^attachment; filename="[a-z0-9-]+\.csv"$/);
  const bytes = new Uint8Array(await answer.arrayBuffer());
  expect([...bytes.slice(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
  const [header, ...rest] = parseCsv(new TextDecoder().decode(bytes.slice(3)));
  const totals = rest.pop()!;
  expect(totals[0]).toBe("Totales");
  const col = (name: string) => {
    const i = header.indexOf(name);
    expect(i, name).toBeGreaterThanOrEqual(0);
    return i;
  };
  const sum = (name: string) => rest.reduce((s, r) => s + (centavos(r[col(name)]) ?? 0), 0);
  return { header, rows: rest, totals, col, sum, total: (name: string) => centavos(totals[col(name)]) };
}

const num = (v: unknown) => Number(v);

describe("orders CSV", () => {
  it("has one row per order line, the order's amounts once, and totals equal to the database", async () => {
    const file = await csv("/admin/exportar/pedidos");
    const db = await queryRows<{
      id: string;
      total: number;
      envio: number;
      descuento: number;
      lineas: number;
      importe: number;
      reembolsado: number;
      neto: number;
    }>(
      database.db,
      sql`select c.id, c.total, c.envio, c.descuento,
                 (select count(*) from compra_lineas l where l.compra_id = c.id)::int lineas,
                 (select sum(precio * cantidad) from compra_lineas l where l.compra_id = c.id)::int importe,
                 (select coalesce(sum(monto), 0) from reembolsos r where r.pago_id = c.pago_id)::int reembolsado,
                 case when c.estado_pago in ('pagado', 'reembolsado')
                   then c.total - (select coalesce(sum(monto), 0) from reembolsos r where r.pago_id = c.pago_id) else 0 end::int neto
            from compras c order by c.fecha, c.id`,
    );
    expect(file.rows).toHaveLength(db.reduce((s, o) => s + Math.max(1, num(o.lineas)), 0));
    // oldest first, every order's lines together, its amounts on the first line only
    const seen: string[] = [];
    for (const o of db) {
      const lines = file.rows.filter((r) => r[0] === o.id);
      expect(lines.length).toBe(num(o.lineas));
      seen.push(o.id);
      const [first, ...others] = lines;
      expect(centavos(first[file.col("Total del pedido")])).toBe(num(o.total));
      expect(centavos(first[file.col("Envío")])).toBe(num(o.envio));
      expect(centavos(first[file.col("Descuento del pedido")])).toBe(num(o.descuento));
      expect(centavos(first[file.col("Reembolsado")])).toBe(num(o.reembolsado));
      expect(centavos(first[file.col("Venta neta")])).toBe(num(o.neto));
      for (const other of others) expect(other[file.col("Total del pedido")]).toBe("");
      const importe = lines.reduce((s, l) => s + centavos(l[file.col("Importe")])!, 0);
      expect(importe).toBe(num(o.importe));
      expect(importe - num(o.descuento) + num(o.envio)).toBe(num(o.total));
      for (const l of lines) {
        expect(centavos(l[file.col("Precio unitario")])! * Number(l[file.col("Cantidad")])).toBe(
          centavos(l[file.col("Importe")]),
        );
      }
    }
    expect([...new Set(file.rows.map((r) => r[0]))]).toEqual(seen);
    for (const [name, key] of [
      ["Importe", "importe"],
      ["Envío", "envio"],
      ["Descuento del pedido", "descuento"],
      ["Total del pedido", "total"],
      ["Reembolsado", "reembolsado"],
      ["Venta neta", "neto"],
    ] as const) {
      const want = db.reduce((s, o) => s + num(o[key]), 0);
      expect(file.sum(name), name).toBe(want);
      expect(file.total(name), name).toBe(want);
    }
    expect(file.totals[1]).toBe(`${db.length} pedidos`);
  });

  it("writes es-MX dates on the studio's clock, keeps quotes and commas, and never a formula", async () => {
    const file = await csv("/admin/exportar/pedidos?q=X-001");
    // 2026-03-01 07:00 UTC is 1 March 01:00 in Guadalajara
    expect(file.rows[0][file.col("Fecha")]).toBe("01/03/2026 01:00");
    const two = await csv("/admin/exportar/pedidos?q=X-005");
    expect(two.rows.map((r) => r[file.col("Concepto")])).toContain(`'=Pigmento "café", 10 ml`);
    expect(file.header[0]).toBe("Pedido");
  });

  it("filters by studio days, state, payment, method and a search in folio, name, e-mail or phone", async () => {
    const ids = async (query: string) => [
      ...new Set((await csv(`/admin/exportar/pedidos${query}`)).rows.map((r) => r[0])),
    ];
    const dbIds = async (where: ReturnType<typeof sql>) =>
      (
        await queryRows<{ id: string }>(database.db, sql`select id from compras c where ${where} order by fecha, id`)
      ).map((r) => r.id);
    expect(await ids("?desde=2026-03-02&hasta=2026-03-03")).toEqual(
      await dbIds(sql`c.fecha >= '2026-03-02T06:00:00Z' and c.fecha < '2026-03-04T06:00:00Z'`),
    );
    expect(await ids("?estado=2&pago=pagado&metodo=oxxo")).toEqual(
      await dbIds(sql`not c.curso and c.estado_envio = 2 and c.estado_pago = 'pagado' and c.metodo = 'oxxo'`),
    );
    expect(await ids("?q=pedido17%40example")).toEqual(["X-017"]);
    expect(await ids("?q=33%205517-0017")).toEqual(["X-017"]);
    expect(await ids("?q=x-01")).toHaveLength(10);
    expect((await ids("?q=Luc%C3%ADa")).length).toBe(80);
    expect(await ids("?q=nadie-asi")).toEqual([]);
  });

  it("refuses a bad filter in Spanish, a list that does not exist, and anyone but the studio", async () => {
    for (const query of [
      "?desde=2026-02-30",
      "?estado=9",
      "?metodo=bitcoin",
      "?pago=regalado",
      "?desde=2026-03-05&hasta=2026-03-01",
    ]) {
      const answer = await get(`/admin/exportar/pedidos${query}`);
      expect(answer.status, query).toBe(400);
      expect(await answer.text()).toMatch(/fecha|desconocido/i);
    }
    expect((await get("/admin/exportar/contrasenas")).status).toBe(404);
    await expect(get("/admin/exportar/pedidos", buyer.cookie)).rejects.toMatchObject({ init: { status: 404 } });
  });
});

describe("the orders screen", () => {
  const screen = (query: string) =>
    ordersLoader({
      request: new Request(`http://localhost/admin/pedidos${query}`, { headers: { cookie: admin.cookie } }),
      params: {},
      context: {},
    } as never);
  it("follows the same filters as its CSV, and names a bad one in Spanish", async () => {
    expect((await screen("?q=33%205517-0017")).items.map((i: { id: string }) => i.id)).toEqual(["X-017"]);
    const filtered = await screen("?desde=2026-03-02&hasta=2026-03-12&metodo=oxxo&pago=pagado");
    const file = await csv("/admin/exportar/pedidos?desde=2026-03-02&hasta=2026-03-12&metodo=oxxo&pago=pagado");
    expect(filtered.items.map((i: { id: string }) => i.id).sort()).toEqual(
      [...new Set(file.rows.map((r) => r[0]))].sort(),
    );
    expect(filtered.total).toBeGreaterThan(0);
    const bad = await screen("?desde=2026-02-31");
    expect(bad.errors.join(" ")).toMatch(/fecha/);
  });
});

describe("payments, appointments, clients and invoices on screen", () => {
  type Filtered = {
    active: boolean;
    items: { id: string; href: string; detail: string }[];
    more: boolean;
    errors: string[];
  };
  const screen = async (loader: unknown, path: string) => {
    const answer = await (loader as (args: unknown) => Promise<unknown>)({
      request: new Request(`http://localhost${path}`, { headers: { cookie: admin.cookie } }),
      params: {},
      context: {},
    });
    const body = (answer && typeof answer === "object" && "data" in answer ? answer.data : answer) as {
      filtrado: Filtered;
    };
    return body.filtrado;
  };
  it("follow the panel's filter with the same rows as their CSV, and not their own tabs or searches", async () => {
    const cases = [
      [
        paymentsLoader,
        "/admin/pagos",
        "/admin/exportar/pagos",
        "?metodo=tarjeta&estado=pagado&desde=2026-03-01&hasta=2026-03-09",
        "Referencia",
      ],
      [agendaLoader, "/admin/agenda", "/admin/exportar/citas", "?estado=confirmada", "Cita"],
      [clientsLoader, "/admin/clientas", "/admin/exportar/clientas", "?q=lucia.export", "Correo"],
      [invoicesLoader, "/admin/facturas", "/admin/exportar/facturas", "?estado=vigente&metodo=04", "Pedido"],
    ] as const;
    for (const [loader, path, exportPath, query, column] of cases) {
      const filtered = await screen(loader, `${path}${query}&filtro=1`);
      const file = await csv(`${exportPath}${query}`);
      expect(filtered.active, path).toBe(true);
      expect(filtered.more, path).toBe(false);
      expect(file.rows.length, path).toBeGreaterThan(0);
      expect(filtered.items, path).toHaveLength(file.rows.length);
      const key = file.col(column);
      // the same rows: each CSV row's key (reference, appointment, e-mail, order) is on a screen row
      for (const row of file.rows) {
        expect(
          filtered.items.filter((i) =>
            new RegExp(`${row[key]!.replace(/[.*+?^${}()|[\]\\]/g, "\\$&")}(?![\\w-])`).test(JSON.stringify(i)),
          ),
          `${path}: ${row[key]}`,
        ).toHaveLength(1);
      }
      // the screen's own tabs and searches (no mark) leave its usual view
      expect((await screen(loader, `${path}${query}`)).active, path).toBe(false);
    }
    const bad = await screen(paymentsLoader, "/admin/pagos?desde=2026-02-31&filtro=1");
    expect(bad.errors.join(" ")).toMatch(/fecha/);
  });
});

describe("payments, appointments, clients and invoices CSV", () => {
  it("adds up to the database to the centavo, with the filters", async () => {
    const pagos = await csv("/admin/exportar/pagos?metodo=tarjeta&estado=pagado");
    const [p] = await queryRows<{ n: number; monto: number; reembolsado: number }>(
      database.db,
      sql`select count(*)::int n, sum(monto)::int monto,
                 (select coalesce(sum(r.monto), 0) from reembolsos r join pagos q on q.id = r.pago_id where q.metodo = 'tarjeta' and q.estado = 'pagado')::int reembolsado
            from pagos where metodo = 'tarjeta' and estado = 'pagado'`,
    );
    expect(pagos.rows).toHaveLength(p.n);
    expect([pagos.sum("Monto"), pagos.total("Monto")]).toEqual([p.monto, p.monto]);
    expect([pagos.sum("Reembolsado"), pagos.total("Reembolsado")]).toEqual([p.reembolsado, p.reembolsado]);
    expect(pagos.total("Neto")).toBe(p.monto - p.reembolsado);
    expect((await csv("/admin/exportar/pagos?q=33%205517")).rows.map((r) => r[pagos.col("Pedido")])).toEqual(["X-017"]);

    const citas = await csv("/admin/exportar/citas?estado=confirmada");
    const [c] = await queryRows<{ n: number; precio: number }>(
      database.db,
      sql`select count(*)::int n, sum(precio)::int precio from citas where estado = 'confirmada'`,
    );
    expect(citas.rows).toHaveLength(c.n);
    expect([citas.sum("Precio"), citas.total("Precio")]).toEqual([c.precio, c.precio]);
    expect((await csv("/admin/exportar/citas?q=9876%200007")).rows.map((r) => r[citas.col("Clienta")])).toEqual([
      "Clienta Cita 7",
    ]);

    const clientas = await csv("/admin/exportar/clientas?q=lucia.export");
    expect(clientas.rows).toHaveLength(1);
    const [u] = await queryRows<{ n: number; total: number }>(
      database.db,
      sql`select count(*)::int n, sum(total)::int total from compras where comprador_id = ${buyer.id} and estado_pago in ('pagado', 'reembolsado')`,
    );
    expect(clientas.rows[0][clientas.col("Pedidos pagados")]).toBe(String(u.n));
    expect(centavos(clientas.rows[0][clientas.col("Total pagado")])).toBe(u.total);
    expect((await csv("/admin/exportar/clientas?q=3355170017")).rows).toHaveLength(1);

    const facturas = await csv("/admin/exportar/facturas?estado=vigente&metodo=04");
    const [f] = await queryRows<{ n: number; total: number }>(
      database.db,
      sql`select count(*)::int n, sum(total)::int total from facturas where estado = 'vigente' and forma_pago = '04'`,
    );
    expect(facturas.rows).toHaveLength(f.n);
    expect([facturas.sum("Total"), facturas.total("Total")]).toEqual([f.total, f.total]);
  });
});

describe("a large export", () => {
  it("streams 20,000 orders with their lines in bounded memory, and they add up", async () => {
    await database.db.execute(sql`insert into compras (id, comprador_id, fecha, total, envio, pago_id, proveedor, estado_pago, metodo, datos_contacto)
      select 'G-' || g, ${buyer.id}, timestamptz '2025-01-01 00:00:00+00' + g * interval '17 minutes', 2 * (1000 + g % 5000) + 9900,
             9900, 'pg-' || g, 'demo', 'pagado', 'tarjeta', jsonb_build_object('correo', 'g' || g || '@example.com', 'telefono', '3300000000')
        from generate_series(1, 20000) g`);
    await database.db.execute(sql`insert into compra_lineas (compra_id, nombre, precio, precio_original, cantidad)
      select 'G-' || g, 'Pigmento ' || l, 1000 + g % 5000, 1000 + g % 5000, 1 from generate_series(1, 20000) g cross join generate_series(1, 2) l`);
    const [want] = await queryRows<{ n: number; total: number }>(
      database.db,
      sql`select count(*)::int n, sum(total)::bigint total from compras where id like 'G-%'`,
    );
    const answer = await get("/admin/exportar/pedidos?hasta=2025-12-31");
    const reader = answer.body!.getReader();
    const decoder = new TextDecoder();
    const before = process.memoryUsage().rss;
    let peak = before;
    let tail = "";
    let rows = 0;
    let totalsLine = "";
    for (;;) {
      const { value, done } = await reader.read();
      if (done) break;
      const text = tail + decoder.decode(value, { stream: true });
      const lines = text.split("\r\n");
      tail = lines.pop() ?? "";
      for (const line of lines) {
        if (line.startsWith("Totales,")) totalsLine = line;
        else rows++;
      }
      peak = Math.max(peak, process.memoryUsage().rss);
    }
    // the header and one row per line (two per order)
    expect(rows).toBe(1 + 2 * want.n);
    const totals = parseCsv(`${totalsLine}\r\n`)[0];
    expect(totals[1]).toBe(`${want.n} pedidos`);
    expect(centavos(totals[14])).toBe(Number(want.total));
    expect(peak - before).toBeLessThan(50 * 1024 * 1024);
  }, 60_000);
});

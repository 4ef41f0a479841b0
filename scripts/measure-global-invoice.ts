/**
 * tsx scripts/measure-global-invoice.ts — the monthly global invoice on the scale data (issue 28
 * figure): seeds the 100,000 orders (npm run seed:scale's rows) in DATA_DIR, gives each a paid
 * payment (the scale seed writes none: a quarter each credit card, debit card, OXXO, SPEI), then
 * times one month's global invoices through the demo provider (no FACTURAPI_KEY), a second run
 * (nothing to do) and the XML of the largest one. A throwaway DATA_DIR: it writes to it.
 */
import { sql } from "drizzle-orm";
import { createAppContext, useAppContext } from "../app/server/context.server";
import { openDatabase, queryRows } from "../app/server/db/client.server";
import { env, privateDir, uploadsDir } from "../app/server/env.server";
import { globalInvoiceFile, issueGlobalInvoices } from "../app/server/invoicing/global.server";
import { catalogueIsEmpty } from "../app/server/seed.server";
import { seedDemo } from "../seed/seed-demo";
import { seedScale } from "./seed-scale";

useAppContext(createAppContext());
const database = await openDatabase(env.databaseUrl ? { url: env.databaseUrl } : { dataDir: env.dataDir });
const db = database.db;
const mes = process.argv[2] ?? "2024-06";
try {
  await database.migrate();
  if (await catalogueIsEmpty(db)) await seedDemo(db, { uploadsDir: uploadsDir(), privateDir: privateDir() });
  await seedScale(db);
  await db.execute(sql`
    insert into pagos (id, proveedor, user_id, monto, estado, detalle, compra_id, metodo)
    select c.pago_id, c.proveedor, c.comprador_id, c.total, 'pagado',
           case substr(c.id, 4)::int % 4 when 0 then '{"funding":"credit"}'::jsonb when 1 then '{"funding":"debit"}'::jsonb else '{}'::jsonb end,
           c.id,
           (array['tarjeta','tarjeta','oxxo','spei'])[1 + substr(c.id, 4)::int % 4]
    from compras c where c.id like 'ESC%'
    on conflict do nothing`);
  const [{ n }] = await queryRows<{ n: number }>(db, sql`select count(*)::int n from compras`);
  console.log(`compras en la base: ${n}`);

  let started = performance.now();
  const rows = await issueGlobalInvoices(db, { mes });
  const first = performance.now() - started;
  const covered = rows.reduce((s, r) => s + r.compras, 0);
  console.log(`factura global de ${mes}: ${rows.length} CFDI (por forma de pago), ${covered} compras, ${Math.round(first)} ms`);
  for (const r of rows) console.log(`  ${r.formaPago}: ${r.compras} compras, ${(r.total / 100).toFixed(2)} MXN, ${r.estado}`);
  const [{ sum }] = await queryRows<{ sum: number }>(
    db,
    sql`select coalesce(sum(c.total), 0)::bigint sum from facturas_globales_compras g join compras c on c.id = g.compra_id join facturas_globales f on f.id = g.factura_global_id where f.mes = ${mes}`,
  );
  console.log(`suma de las compras cubiertas: ${Number(sum)} centavos; suma de las facturas: ${rows.reduce((s, r) => s + r.total, 0)}`);

  started = performance.now();
  await issueGlobalInvoices(db, { mes });
  console.log(`segunda corrida (nada que emitir): ${Math.round(performance.now() - started)} ms`);

  const largest = [...rows].sort((a, b) => b.compras - a.compras)[0];
  started = performance.now();
  const xml = await globalInvoiceFile(db, { id: largest.id, formato: "xml" });
  console.log(`XML de la mayor (${largest.compras} conceptos, ${Math.round((xml?.body.length ?? 0) / 1024)} KiB): ${Math.round(performance.now() - started)} ms`);
} finally {
  await database.close();
}

/**
 * The plans of the hot queries on a scaled database (after `npm run seed:scale`), as
 * Markdown for docs/benchmarks.md:
 *
 *   DATA_DIR=.tmp/escala npm run seed:scale
 *   DATA_DIR=.tmp/escala npx tsx scripts/bench/scale-explain.ts > /tmp/plans.md
 *
 * The SQL mirrors what the app's queries send (drizzle), with the demo's ids.
 */
import { sql } from "drizzle-orm";
import { pageStart } from "../../app/server/admin/orders.server";
import { createAppContext, useAppContext } from "../../app/server/context.server";
import { openDatabase, queryRows } from "../../app/server/db/client.server";
import { env } from "../../app/server/env.server";

const QUERIES: [string, string][] = [
  [
    "Category listing, a page (`listCategory`)",
    `select id, nombre, marca, precio, url_imagen, cantidad from productos
     where categoria_id = 'pigmentos' and publicado order by nombre, id limit 8 offset 32`,
  ],
  ["Category listing, its count", `select count(*) from productos where categoria_id = 'pigmentos' and publicado`],
  [
    "Product page, related products (`relatedProducts`)",
    `select id, nombre from productos where categoria_id = 'pigmentos' and id <> 'pig-01' and publicado
     order by nombre, id limit 3`,
  ],
  [
    "Product page, its reviews (the newest 20, the count and sum of all: `listReviews`)",
    `select id, nombre, comentarios, calificacion, fecha, count(*) over () total, sum(calificacion) over () suma
     from comentarios where producto_id = 'pig-01' order by fecha desc, id desc limit 20`,
  ],
  [
    "Course page, its reviews (`listReviews`)",
    `select id, nombre, comentarios, calificacion, fecha, count(*) over () total, sum(calificacion) over () suma
     from comentarios where curso_id = (select id from cursos where tipo = 'online' and publicado order by id limit 1)
     order by fecha desc, id desc limit 20`,
  ],
  [
    "Home, featured products (`featuredProducts`)",
    `select id, nombre from productos where publicado order by (cantidad > 0) desc, created_at desc, id limit 8`,
  ],
  [
    "Admin products, page 100 (the page's ids from the index, then their rows)",
    `select p.id, p.nombre, c.nombre from productos p join categorias c on c.id = p.categoria_id
     where p.id in (select id from productos order by nombre, id limit 30 offset 2970)
     order by p.nombre, p.id`,
  ],
  [
    "Admin products, search count",
    `select count(*) from productos where nombre ilike '%rosa%' or marca ilike '%rosa%'`,
  ],
  [
    "Admin orders, page 1",
    `select c.id, c.fecha, u.name, u.email from compras c join users u on u.id = c.comprador_id
     order by c.fecha desc, c.id desc limit 30 offset 0`,
  ],
  [
    "Admin orders, page 2,000 (`listAdminOrders`: within its month, from the counters)",
    `select c.id, c.fecha, u.name, u.email from compras c join users u on u.id = c.comprador_id
     where c.id in (select id from compras where fecha < '{before}' order by fecha desc, id desc limit 30 offset {skip})
     order by c.fecha desc, c.id desc`,
  ],
  [
    "Admin orders, the total and the months (`compras_por_mes`, instead of a count)",
    `select mes, sum(n)::int n, (count(*) - count(distinct (curso, estado_envio)))::int extra
     from compras_por_mes group by mes order by mes desc`,
  ],
  [
    "Admin orders, by state ('Preparando')",
    `select c.id, c.fecha from compras c join users u on u.id = c.comprador_id
     where c.estado_envio = 1 and not c.curso order by c.fecha desc, c.id desc limit 30`,
  ],
  [
    "Admin orders, search by e-mail (count)",
    `select count(*) from compras where id ilike '%clienta001234%'
       or comprador_id = any(array(select id from users where email ilike '%clienta001234%'))
       or (datos_contacto->>'correo') ilike '%clienta001234%'`,
  ],
  [
    "Admin students, page 1",
    `select i.user_id, u.name, c.titulo from inscripciones i join users u on u.id = i.user_id
     join cursos c on c.id = i.curso_id order by i.created_at desc, i.user_id desc, i.curso_id desc limit 30`,
  ],
  [
    "Admin students, page 60 (the page's keys from the index, then their rows)",
    `select i.user_id, u.name, c.titulo from inscripciones i join users u on u.id = i.user_id
     join cursos c on c.id = i.curso_id
     where (i.user_id, i.curso_id) in (select user_id, curso_id from inscripciones
       order by created_at desc, user_id desc, curso_id desc limit 30 offset 1770)
     order by i.created_at desc, i.user_id desc, i.curso_id desc`,
  ],
  [
    "Admin students, search by name or e-mail (count)",
    `select count(*) from inscripciones i join users u on u.id = i.user_id
     where u.name ilike '%sofía gonz%' or u.email ilike '%sofía gonz%'`,
  ],
  ["Admin visits, page 1", `select id, clienta, codigo from visitas order by created_at desc, id desc limit 30`],
  [
    "Admin visits, page 60",
    `select id, clienta, codigo from visitas order by created_at desc, id desc limit 30 offset 1770`,
  ],
  [
    "Admin visits, search by name or code (count)",
    `select count(*) from visitas where clienta ilike '%lucía%' or codigo ilike '%lucía%'`,
  ],
  [
    "Order history (`/mis-compras`)",
    `select id, fecha, total from compras where comprador_id = 'esc-u-001234' order by fecha desc`,
  ],
  ["Order history, lines", `select * from compra_lineas where compra_id = 'ESC0012340'`],
];

useAppContext(createAppContext());
const database = await openDatabase(env.databaseUrl ? { url: env.databaseUrl } : { dataDir: env.dataDir });
try {
  // where page 2,000 starts, as the app works it out from the monthly counters
  const months = await queryRows<{ mes: Date; n: number }>(
    database.db,
    sql`select mes, sum(n)::int n from compras_por_mes group by mes having sum(n) > 0 order by mes desc`,
  );
  const start = pageStart(
    months.map((m) => ({ mes: new Date(m.mes), n: Number(m.n) })),
    1999 * 30,
  );
  for (const [title, template] of QUERIES) {
    const query = template
      .replace("{before}", (start.before ?? new Date("3000-01-01")).toISOString())
      .replace("{skip}", String(start.skip));
    // warm the cache once, then the plan with its timing
    await database.db.execute(sql.raw(query));
    const result = await database.db.execute(sql.raw(`explain (analyze, costs off, buffers off) ${query}`));
    const rows = ((result as unknown as { rows?: Record<string, string>[] }).rows ??
      (result as unknown as Record<string, string>[])) as Record<string, string>[];
    console.log(`**${title}**\n\n\`\`\`\n${rows.map((r) => Object.values(r)[0]).join("\n")}\n\`\`\`\n`);
  }
} finally {
  await database.close();
}

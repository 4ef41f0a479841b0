/**
 * npm run seed:scale — a shop grown large, to measure what the site costs as it grows
 * (issue 13 item 8, docs/benchmarks.md "Scale"). In the database named by the environment
 * (DATABASE_URL, or the PGlite database in DATA_DIR; stop the app first on PGlite), on top of
 * the demo catalogue (seeded first when the catalogue is empty):
 *
 *   5,000 products in 40 categories, 20,000 accounts, 100,000 orders (1–3 lines each; one in
 *   ten a course, with its enrolment), 10,000 reviews (9,000 of products, 1,000 of courses)
 *   and 2,000 client visits.
 *
 * Every row is made by the database from generate_series (one INSERT … SELECT per table), so
 * the whole run takes seconds, not hours. Deterministic: the same rows every time (no
 * random(), dates from a fixed origin), ids prefixed `esc-`; a second run adds nothing.
 */
import { pathToFileURL } from "node:url";
import { sql } from "drizzle-orm";
import { createAppContext, useAppContext } from "../app/server/context.server";
import { type Db, openDatabase } from "../app/server/db/client.server";
import { env, privateDir, uploadsDir } from "../app/server/env.server";
import { catalogueIsEmpty } from "../app/server/seed.server";
import { seedDemo } from "../seed/seed-demo";

export const SCALE: Record<
  "products" | "categories" | "accounts" | "orders" | "productReviews" | "courseReviews" | "visits",
  number
> = {
  products: 5_000,
  categories: 40,
  accounts: 20_000,
  orders: 100_000,
  productReviews: 9_000,
  courseReviews: 1_000,
  visits: 2_000,
};

export type Scale = typeof SCALE;

/** Runs the statements in order, each timed on the console. */
async function step(db: Db, label: string, query: ReturnType<typeof sql>) {
  const started = performance.now();
  await db.execute(query);
  console.log(`  ${label}: ${Math.round(performance.now() - started)} ms`);
}

export async function seedScale(db: Db, scale: Scale = SCALE): Promise<void> {
  const origin = sql`timestamptz '2024-01-01 12:00:00-06'`;
  await db.transaction(async (tx) => {
    const t = tx as unknown as Db;
    await step(
      t,
      "categorías",
      sql`insert into categorias (id, nombre, posicion)
        select 'esc-c-' || lpad(i::text, 2, '0'),
               (array['Pigmentos','Brochas','Labiales','Sombras','Bases','Cuidado de la piel','Agujas','Cartuchos','Pestañas','Cejas'])[1 + i % 10] || ' ' || i,
               100 + i
        from generate_series(1, greatest(0, ${scale.categories} - (select count(*) from categorias where id not like 'esc-%'))::int) i
        on conflict do nothing`,
    );
    await step(
      t,
      "productos",
      sql`with cats as (select array_agg(id order by id) a from categorias),
             imgs as (select coalesce(array_agg(url_imagen order by id) filter (where url_imagen <> ''), array['']) a from productos where id not like 'esc-%')
        insert into productos (id, nombre, marca, precio, cantidad, categoria_id, especificacion, url_imagen, peso, publicado, created_at)
        select 'esc-p-' || lpad(i::text, 5, '0'),
               (array['Pigmento','Brocha','Labial','Sombra','Base','Sérum','Aguja','Cartucho','Pestaña','Gel'])[1 + i % 10] || ' ' ||
               (array['mate','satinado','nude','cacao','rosa','canela','café','miel','coral','vino','arena','perla'])[1 + (i / 10) % 12] || ' ' || i,
               (array['Michel Alvarez','Perma Blend','Tina Davies','Nouveau','Biotouch','Kryolan','MAC','Beauty Pro'])[1 + (i * 7) % 8],
               9900 + (i * 7919) % 250000,
               (i * 13) % 40,
               cats.a[1 + i % array_length(cats.a, 1)],
               'Producto de prueba a escala número ' || i || '. Uso profesional.',
               imgs.a[1 + i % array_length(imgs.a, 1)],
               50 + i % 500,
               i % 50 <> 0,
               ${origin} - (i || ' hours')::interval
        from cats, imgs, generate_series(1, greatest(0, ${scale.products} - (select count(*) from productos where id not like 'esc-%'))::int) i
        on conflict do nothing`,
    );
    await step(
      t,
      "cuentas",
      sql`insert into users (id, name, email, email_verified, created_at, updated_at, role, terminos)
        select 'esc-u-' || lpad(i::text, 6, '0'),
               (array['Ana','Lucía','Fernanda','Mariana','Sofía','Valeria','Daniela','Camila','Paola','Regina','Ximena','Andrea'])[1 + i % 12] || ' ' ||
               (array['García','Hernández','López','Martínez','González','Pérez','Rodríguez','Sánchez','Ramírez','Cruz','Flores','Gómez','Morales'])[1 + (i / 12) % 13],
               'clienta' || lpad(i::text, 6, '0') || '@escala.example',
               true,
               ${origin} - ((i * 37) % 900 || ' days')::interval,
               ${origin},
               'cliente',
               true
        from generate_series(1, ${scale.accounts}::int) i
        on conflict do nothing`,
    );
    await step(
      t,
      "compras",
      sql`with courses as (select array_agg(id order by id) a from cursos where tipo = 'online')
        insert into compras (id, comprador_id, fecha, total, envio, curso, estado_envio, paqueteria, guia, datos_envio, datos_contacto, pago_id, proveedor)
        select 'ESC' || lpad(i::text, 7, '0'),
               'esc-u-' || lpad((1 + (i * 7919) % ${scale.accounts})::text, 6, '0'),
               ${origin} + (i * 5 || ' minutes')::interval,
               19900 + ((i::bigint * 104729) % 400000)::int,
               case when i % 10 = 0 then 0 else 15000 end,
               i % 10 = 0 and courses.a is not null,
               case when i % 10 = 0 then 0 else case when i > ${scale.orders} - 500 then i % 2 else 3 end end,
               '', '',
               case when i % 10 = 0 then null else jsonb_build_object('calle', 'Av. Chapultepec ' || i, 'ciudad', 'Guadalajara', 'estado', 'Jalisco', 'cp', '44100') end,
               jsonb_build_object('correo', 'clienta' || lpad((1 + (i * 7919) % ${scale.accounts})::text, 6, '0') || '@escala.example', 'telefono', '33' || lpad((i % 100000000)::text, 8, '0')),
               'esc-pago-' || i,
               (array['stripe','conekta'])[1 + i % 2]
        from courses, generate_series(1, ${scale.orders}::int) i
        on conflict do nothing`,
    );
    await step(
      t,
      "líneas de compra",
      sql`with prods as (select array_agg(id order by id) a, array_agg(nombre order by id) names from productos where publicado),
             courses as (select array_agg(id order by id) a, array_agg(titulo order by id) names from cursos where tipo = 'online')
        insert into compra_lineas (compra_id, producto_id, curso_id, url, nombre, precio, precio_original, cantidad)
        select c.id,
               case when c.curso then null else prods.a[1 + (k + c.num * 31) % array_length(prods.a, 1)] end,
               case when c.curso then courses.a[1 + (c.num / 10) % array_length(courses.a, 1)] end,
               '',
               case when c.curso then courses.names[1 + (c.num / 10) % array_length(courses.a, 1)] else prods.names[1 + (k + c.num * 31) % array_length(prods.a, 1)] end,
               5000 + (c.num * 17 + k) % 300000,
               5000 + (c.num * 17 + k) % 300000,
               1 + k % 2
        from prods, courses,
             (select id, curso, substr(id, 4)::int num from compras where id like 'ESC%'
               and not exists (select 1 from compra_lineas l where l.compra_id = compras.id)) c,
             generate_series(0, case when c.curso then 0 else c.num % 3 end) k`,
    );
    await step(
      t,
      "inscripciones",
      sql`insert into inscripciones (user_id, curso_id, compra_id, created_at)
        select c.comprador_id, l.curso_id, c.id, c.fecha
        from compras c join compra_lineas l on l.compra_id = c.id
        where c.id like 'ESC%' and c.curso and l.curso_id is not null
        on conflict do nothing`,
    );
    await step(
      t,
      "reseñas",
      sql`with prods as (select array_agg(id order by id) a from productos where publicado),
             courses as (select array_agg(id order by id) a from cursos where tipo = 'online' and publicado)
        insert into comentarios (producto_id, curso_id, user_id, nombre, comentarios, calificacion, fecha)
        select case when i <= ${scale.productReviews} then prods.a[1 + (i * 31) % array_length(prods.a, 1)] end,
               case when i > ${scale.productReviews} then courses.a[1 + i % array_length(courses.a, 1)] end,
               'esc-u-' || lpad(i::text, 6, '0'),
               u.name,
               (array['Me encantó, muy buena calidad.','Llegó rápido y bien empacado.','Buen producto, lo volvería a comprar.','El color es precioso y dura todo el día.','Excelente, tal como se describe.'])[1 + i % 5],
               3 + i % 3,
               ${origin} + (i * 47 || ' minutes')::interval
        from prods, courses, generate_series(1, ${scale.productReviews + scale.courseReviews}::int) i
        join users u on u.id = 'esc-u-' || lpad(i::text, 6, '0')
        where (i <= ${scale.productReviews} or courses.a is not null)
          and not exists (select 1 from comentarios c where c.user_id = u.id)`,
    );
    await step(
      t,
      "visitas",
      sql`insert into visitas (id, codigo, clienta, created_at)
        select 'esc-v-' || md5('visita' || i),
               upper(substr(md5('codigo' || i), 1, 8)),
               (array['Ana','Lucía','Fernanda','Mariana','Sofía','Valeria','Daniela','Camila'])[1 + i % 8] || ' ' ||
               (array['García','Hernández','López','Martínez','González','Pérez','Rodríguez'])[1 + (i / 8) % 7] || ' ' || i,
               ${origin} - (i || ' hours')::interval
        from generate_series(1, ${scale.visits}::int) i
        on conflict do nothing`,
    );
  });
  // statistics for the planner, and the visibility map that lets count(*) read an index alone
  await step(db, "vacuum analyze", sql`vacuum analyze`);
}

// Run as a program (not when a test imports seedScale).
if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  useAppContext(createAppContext());
  const started = performance.now();
  const database = await openDatabase(env.databaseUrl ? { url: env.databaseUrl } : { dataDir: env.dataDir });
  try {
    await database.migrate();
    if (await catalogueIsEmpty(database.db)) {
      console.log("Catálogo vacío: primero el de demostración.");
      await seedDemo(database.db, { uploadsDir: uploadsDir(), privateDir: privateDir() });
    }
    console.log("Datos a escala:");
    await seedScale(database.db);
    const counts = await database.db.execute<{ tabla: string; n: number }>(sql`
      select 'productos' tabla, count(*)::int n from productos union all
      select 'categorías', count(*)::int from categorias union all
      select 'cuentas', count(*)::int from users union all
      select 'compras', count(*)::int from compras union all
      select 'líneas de compra', count(*)::int from compra_lineas union all
      select 'reseñas', count(*)::int from comentarios union all
      select 'inscripciones', count(*)::int from inscripciones union all
      select 'visitas', count(*)::int from visitas`);
    const rows =
      (counts as unknown as { rows?: { tabla: string; n: number }[] }).rows ??
      (counts as unknown as { tabla: string; n: number }[]);
    console.log(rows.map((r) => `${r.tabla}: ${r.n.toLocaleString("es-MX")}`).join(", "));
    console.log(`Listo en ${((performance.now() - started) / 1000).toFixed(1)} s.`);
  } finally {
    await database.close();
  }
}

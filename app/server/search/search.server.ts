/**
 * Search (ADR 037), the one owner of it: the clients' search of the catalogue (/buscar:
 * products, courses, services) and the owner's (/admin/buscar: those, unpublished ones too,
 * orders by folio and clients by name, e-mail or phone).
 *
 * Spanish, without accents or case, tolerant of a typo, the same on PostgreSQL and PGlite
 * (both run the same SQL; migration 0025 creates what it needs):
 *  - full-text search in the `es_busqueda` configuration (unaccent, then the Spanish stemmer):
 *    every word typed, as a prefix ('labia' finds 'Labiales', 'cafe' finds 'Café');
 *  - or every word typed similar to a word of the name without accents (pg_trgm word
 *    similarity, stricter for short words), for typos ('pigmeto cafe' finds 'Pigmento Café').
 * Ranked: full-text matches first (the name weighs most), then by similarity, then by name.
 */
import { type SQL, sql } from "drizzle-orm";
import {
  ADMIN_SEARCH_PER_KIND,
  SEARCH_PER_PAGE,
  type SearchQuery,
  type SearchResult,
  prefixTsquery,
} from "~/domain/search";
import { type Page, paginate } from "~/domain/pagination";
import { type Db, queryRows } from "../db/client.server";
import { listClients } from "../clients/search.server";
import { inPersonCoursePath } from "../content.server";

/**
 * How similar (0..1) each word typed must be to a word of a name to count without a full-text
 * match (pg_trgm's word similarity). A short word needs more of its trigrams right: with 0.4
 * 'cafe' would match every word starting with 'ca'. Six letters and more: 0.4 lets one wrong
 * letter through ('lavial' → 'labial' is 0.4, 'pigmeto' → 'pigments' 0.42).
 */
export function wordSimilarityFor(word: string): number {
  return word.length <= 4 ? 0.6 : word.length === 5 ? 0.5 : 0.4;
}
/** The lowest of them: pg_trgm's threshold for the `<%` operator (the index's filter). */
const LOWEST_SIMILARITY = 0.4;
/** Words shorter than this have no trigram worth comparing ('de', '15'): full text only. */
const FUZZY_MIN_LENGTH = 3;

/**
 * What is searched of each kind. A product's are columns migration 0025 generates from the row
 * (busqueda_documento, busqueda_nombre; indexed); courses and services are a few dozen rows,
 * computed at each search.
 */
const productDocument = sql`p.busqueda_documento`;
const productName = sql`p.busqueda_nombre`;
const courseDocument = sql`public.documento_busqueda(c.titulo, c.nombre || ' ' || c.titulo_exterior || ' ' || c.titulo_secundario, c.descripcion)`;
const courseName = sql`public.texto_busqueda(c.titulo || ' ' || c.titulo_exterior)`;
const serviceDocument = sql`public.documento_busqueda(s.nombre, s.slogan, s.descripcion)`;
const serviceName = sql`public.texto_busqueda(s.nombre)`;

type Row = {
  tipo: SearchResult["tipo"];
  id: string;
  titulo: string;
  detalle: string;
  url_imagen: string;
  precio: number | null;
  precio_antes: number | null;
  cantidad: number | null;
  curso_tipo: string | null;
  total: string | number;
};

/**
 * One kind's matches with their score: every word in `doc` (full text), or every word of three
 * letters or more similar enough to a word of `name` (a typo).
 */
function matches(query: SearchQuery, doc: SQL, name: SQL) {
  const fuzzy = query.words.filter((w) => w.length >= FUZZY_MIN_LENGTH);
  const similar =
    fuzzy.length === 0
      ? sql`false`
      : sql.join(
          fuzzy.map(
            (w) =>
              sql`(public.texto_busqueda(${w}) <% ${name} and word_similarity(public.texto_busqueda(${w}), ${name}) >= ${wordSimilarityFor(w)})`,
          ),
          sql` and `,
        );
  return {
    where: sql`(${doc} @@ q.tsq or (${similar}))`,
    // every word found (full text) first; then how close the words are to the name, and the
    // whole name to the words (a short name that is nearly what was typed beats a long one)
    score: sql`((${doc} @@ q.tsq)::int + ts_rank(${doc}, q.tsq) + word_similarity(q.t, ${name}) + similarity(q.t, ${name}))`,
  };
}

/**
 * The catalogue's matches of `query` in one statement: products, courses and services, best
 * first. `admin` includes what the shop does not show (unpublished products and courses).
 */
function catalogueQuery(query: SearchQuery, admin: boolean, limit: number, offset: number): SQL {
  const product = matches(query, productDocument, productName);
  const course = matches(query, courseDocument, courseName);
  const service = matches(query, serviceDocument, serviceName);
  const productVisible = admin ? sql`true` : sql`p.publicado`;
  const courseVisible = admin ? sql`true` : sql`(c.publicado or c.tipo = 'presencial')`;
  return sql`
    with q as (
      select to_tsquery('public.es_busqueda', ${prefixTsquery(query.words)}) as tsq,
             public.texto_busqueda(${query.words.join(" ")}) as t
    ),
    hits as (
      select 'producto' as tipo, p.id, p.nombre as titulo, p.marca as detalle, p.url_imagen,
             p.precio, p.precio_antes, p.cantidad, null::text as curso_tipo, ${product.score} as score
        from productos p, q where ${productVisible} and ${product.where}
      union all
      select 'curso', c.id, c.titulo, c.titulo_secundario, coalesce(nullif(c.imagen_exterior, ''), c.imagen_interior),
             coalesce(case when c.precio_descuento < c.precio then c.precio_descuento end, c.precio),
             case when c.precio_descuento < c.precio then c.precio end, null, c.tipo, ${course.score}
        from cursos c, q where ${courseVisible} and ${course.where}
      union all
      select 'servicio', s.id, s.nombre, s.slogan, s.url_imagen, null, null, null, null, ${service.score}
        from servicios s, q where ${service.where}
    )
    select tipo, id, titulo, detalle, url_imagen, precio, precio_antes, cantidad, curso_tipo,
           count(*) over () as total
      from hits
     order by score desc, titulo, tipo, id
     limit ${limit} offset ${offset}`;
}

/** The similarity threshold for this transaction only (set_config(…, true)). */
async function withThreshold<T>(db: Db, run: (tx: Db) => Promise<T>): Promise<T> {
  return db.transaction(async (tx) => {
    await tx.execute(sql`select set_config('pg_trgm.word_similarity_threshold', ${String(LOWEST_SIMILARITY)}, true)`);
    return run(tx as unknown as Db);
  });
}

function hrefOf(row: Row): string {
  if (row.tipo === "producto") return `/producto/${row.id}`;
  if (row.tipo === "servicio") return `/servicios/${row.id}`;
  return row.curso_tipo === "online" ? `/cursos/${row.id}` : (inPersonCoursePath(row.id) ?? "/cursos");
}

function toResult(row: Row): SearchResult {
  return {
    tipo: row.tipo,
    id: row.id,
    titulo: row.titulo,
    detalle: row.detalle ?? "",
    urlImagen: row.url_imagen ?? "",
    href: hrefOf(row),
    precio: row.precio === null ? null : Number(row.precio),
    precioAntes: row.precio_antes === null ? null : Number(row.precio_antes),
    cantidad: row.cantidad === null ? null : Number(row.cantidad),
  };
}

/** Past this page the search does not look (an absurd offset); paginate() clamps to the last. */
const MAX_PAGE = 1_000;

/** One page of the clients' search (/buscar): what the shop shows, best first. */
export async function searchCatalogue(
  db: Db,
  query: SearchQuery,
  requestedPage: number,
): Promise<{ results: SearchResult[]; total: number; page: Page }> {
  const asked = Math.min(Math.max(Math.trunc(requestedPage) || 1, 1), MAX_PAGE);
  return withThreshold(db, async (tx) => {
    const pageAt = (offset: number) => queryRows<Row>(tx, catalogueQuery(query, false, SEARCH_PER_PAGE, offset));
    let rows = await pageAt((asked - 1) * SEARCH_PER_PAGE);
    // a page past the end carries no count: the first page says how many there are
    const total = rows.length > 0 ? Number(rows[0]!.total) : asked > 1 ? Number((await pageAt(0))[0]?.total ?? 0) : 0;
    const page = paginate(total, asked, SEARCH_PER_PAGE);
    if (rows.length === 0 && total > 0) rows = await pageAt(page.offset);
    return { results: rows.map(toResult), total, page };
  });
}

export type AdminOrderHit = { id: string; fecha: string; total: number; cliente: string; correo: string };
export type AdminClientHit = { id: string; nombre: string; correo: string; telefono: string };

export type AdminSearch = {
  catalogo: SearchResult[];
  pedidos: AdminOrderHit[];
  clientes: AdminClientHit[];
};

/**
 * The owner's search (/admin/buscar): the catalogue (unpublished too), orders whose folio
 * contains what was typed (or whose phone contains its digits), and clients by name
 * (accents and typos forgiven), e-mail or phone, as the client record finds them.
 */
export async function searchAdmin(db: Db, query: SearchQuery): Promise<AdminSearch> {
  const folio = query.text.toLowerCase().replace(/[^a-z0-9_-]/g, "");
  const phone = query.digits.length >= 4 ? query.digits : null;
  const like = (term: string) => `%${term.replace(/[\\%_]/g, "\\$&")}%`;
  return withThreshold(db, async (tx) => {
    const catalogo = (await queryRows<Row>(tx, catalogueQuery(query, true, ADMIN_SEARCH_PER_KIND * 2, 0))).map(
      toResult,
    );
    // each condition its own index (compras_id_trgm: ILIKE; compras_telefono_trgm), ORed by the planner
    const orderConditions: SQL[] = [];
    if (folio.length >= 3) orderConditions.push(sql`o.id ilike ${like(folio)}`);
    if (phone)
      orderConditions.push(sql`regexp_replace(o.datos_contacto->>'telefono', '\\D', '', 'g') like ${like(phone)}`);
    const pedidos =
      orderConditions.length === 0
        ? []
        : (
            await queryRows<{
              id: string;
              fecha: Date | string;
              total: number;
              cliente: string;
              correo: string | null;
            }>(
              tx,
              sql`select o.id, o.fecha, o.total, u.name as cliente, o.datos_contacto->>'correo' as correo
                    from compras o join users u on u.id = o.comprador_id
                   where ${sql.join(orderConditions, sql` or `)}
                   order by o.fecha desc, o.id limit ${ADMIN_SEARCH_PER_KIND}`,
            )
          ).map((o) => ({
            id: o.id,
            fecha: new Date(o.fecha).toISOString(),
            total: Number(o.total),
            cliente: o.cliente,
            correo: o.correo ?? "",
          }));
    // clients as the client record finds them (clients/search.server.ts, ADR 041): accounts and
    // booking-only clients, each way of matching its own indexed branch
    const { rows } = await listClients(tx, query, ADMIN_SEARCH_PER_KIND, 0, { inTransaction: true });
    const clientes: AdminClientHit[] = rows.map((c) => ({
      id: c.id,
      nombre: c.nombre,
      correo: c.correo,
      telefono: c.telefono,
    }));
    return { catalogo, pedidos, clientes };
  });
}

/**
 * Phase 2 of the import: VALIDATE. Checks every document of the normalised export
 * (read.server.ts) against its schema (schemas.server.ts), then the cross references, and
 * collects EVERY problem as { collection, id, field, message } before refusing: one
 * ImportError lists them all and nothing is written. What passes becomes the `Validated`
 * plan the media and write phases work from. Reads the database (existing ids, codes,
 * e-mails), never writes.
 *
 * Rules decided here:
 *  - References: a product's category, a unit's or question's course, a promotion's product
 *    or course must exist in the export or in the database (else an error). References held
 *    by students' data (favourites, courses, order lines) that point nowhere are named in the
 *    report's notes and skipped: the rest of her history still arrives.
 *  - Discount codes (app/domain/codes.ts): two spellings of one code for the same product or
 *    course ('VERANO' and 'verano') are refused, naming the code; a code that matches one in
 *    the database for that product/course ignoring case updates that row.
 *  - A course code in the spec's shape (SPEC §3 promocionesCursos: codigo and curso_id, no
 *    `descuento`) gives the buyer the course's discounted price (`precioDescuento`), the
 *    only course discount the spec's data holds (§3, §9's percent has nothing to apply to).
 *    On this site the discounted price is already what every buyer pays (pricing.server.ts),
 *    so such a code stays valid ('Código disponible') and takes no further percent off: it
 *    is stored with descuento 0 and named in the notes, for the studio to give it a percent.
 *  - People: `user` (alias `usuarios`) documents and the Authentication export are merged by
 *    uid. The e-mail comes from Authentication when there is one. An e-mail or a Google/
 *    Facebook id already used by ANOTHER account of the new site refuses the import (the
 *    studio decides which account is hers). Disabled Authentication accounts are skipped.
 *  - Orders: `id_compra` (or the document id) is the purchase id; the spec's synthetic
 *    'Envio' line becomes the order's shipping; a line resolves to a product or course by
 *    its reference, else by its exact name when only one matches.
 */
import { and, inArray, ne, sql } from "drizzle-orm";
import type { PgColumn, PgTable } from "drizzle-orm/pg-core";
import { codeKey, normalizeCode } from "~/domain/codes";
import type { Db } from "../db/client.server";
import * as t from "../db/schema";
import { type FirebaseHashParams, firebasePasswordHash } from "../account/migrated-accounts.server";
import { ImportError, type ImportIssue } from "./issues";
import { AUTH_COLLECTION, COLLECTIONS, type Coleccion, type ExportDocument, type ReadExport } from "./read.server";
import { type AuthUser, authUserDoc, type Doc, hashParamsSchema, type Parsed, SCHEMAS } from "./schemas.server";

/** A student as she will be written: the `user` document and her Authentication record merged. */
export type Usuario = {
  id: string;
  email: string;
  nombre: string;
  emailVerified: boolean;
  createdAt: Date | null;
  lastLogin: Date | null;
  terminos: boolean;
  /** the credential password: a Firebase hash (account/migrated-accounts.server.ts), or null */
  password: string | null;
  sociales: { providerId: "google" | "facebook"; accountId: string }[];
};

export type CompraLinea = {
  nombre: string;
  url: string;
  precio: number;
  cantidad: number;
  productoId: string | null;
  cursoId: string | null;
};

export type Compra = {
  id: string;
  compradorId: string;
  fecha: Date;
  total: number;
  envio: number;
  curso: boolean;
  estadoEnvio: number;
  datosEnvio: Record<string, string> | null;
  datosContacto: { correo: string; telefono: string } | null;
  lineas: CompraLinea[];
};

/** Everything the export asks for, checked; the media phase may still replace its URLs. */
export type Validated = {
  parsed: Parsed;
  usuarios: Usuario[];
  favoritos: { userId: string; productoId: string }[];
  inscripciones: { userId: string; cursoId: string; compraId: string | null }[];
  compras: Compra[];
  notas: string[];
};

export type AuthInput = { users: ExportDocument[]; problems: ImportIssue[]; hashParams: unknown };

export async function validate(db: Db, read: ReadExport, auth: AuthInput | null): Promise<Validated> {
  const errors: ImportIssue[] = [...read.problems, ...(auth?.problems ?? [])];
  const notas = [...read.notas];

  // 1. every document against its schema
  const { parsed, present } = parseCollections(read, errors, notas);
  const authUsers = auth ? parseAuthUsers(auth.users, errors) : [];
  const hashParams = auth ? parseHashParams(auth.hashParams, authUsers, errors) : null;

  // 2. cross references and identities, against the export and the database
  await checkCatalogueReferences(db, parsed, present, errors);
  await checkVisitCodes(db, parsed, errors);
  await resolveCodes(db, parsed, errors);
  const usuarios = await mergeUsers(db, parsed.user, authUsers, hashParams, errors, notas);

  // 3. students' data: whatever points nowhere is named in the notes and skipped
  const index = await catalogueIndex(db, parsed);
  const buyers = await existingUsers(db, usuarios, parsed.compras);
  const compras = await resolveOrders(db, parsed.compras, index, buyers, errors, notas);
  if (errors.length) throw new ImportError(errors);
  const { favoritos, inscripciones } = resolveStudentLists(parsed.user, usuarios, compras, index, notas);

  notas.push(...adjustments(parsed));
  return { parsed, usuarios, favoritos, inscripciones, compras, notas };
}

// ---------------------------------------------------------------- 1. schemas

function fieldPath(path: readonly PropertyKey[]): string {
  let out = "";
  for (const part of path) {
    if (typeof part === "number") out += `[${part}]`;
    else out += out ? `.${String(part)}` : String(part);
  }
  return out;
}

function docLabel(doc: unknown, fallback: string, idField = "id"): string {
  if (doc && typeof doc === "object" && idField in doc) {
    const value = (doc as Record<string, unknown>)[idField];
    if ((typeof value === "string" && value.trim()) || typeof value === "number") return String(value).trim();
  }
  return fallback;
}

function parseCollections(read: ReadExport, errors: ImportIssue[], notas: string[]) {
  const parsed = Object.fromEntries(COLLECTIONS.map((c) => [c, []])) as unknown as Parsed;
  // a document that failed validation still exists in the export: no second error for its references
  const present = Object.fromEntries(COLLECTIONS.map((c) => [c, new Set<string>()])) as Record<Coleccion, Set<string>>;
  for (const collection of COLLECTIONS) {
    const all = read.colecciones[collection] ?? [];
    const docs = collection === "envios" ? all.slice(0, 1) : all;
    if (collection === "envios" && all.length > 1) {
      notas.push(`envios: se usó el primer documento y se ignoraron ${all.length - 1}.`);
    }
    const seen = new Set<string>();
    for (const { doc, key } of docs) {
      const label = docLabel(doc, key);
      present[collection].add(label);
      const result = SCHEMAS[collection].safeParse(doc);
      if (!result.success) {
        for (const issue of result.error.issues) {
          errors.push({ collection, id: label, field: fieldPath(issue.path), message: issue.message });
        }
        continue;
      }
      const value = result.data as { id?: string };
      if (value.id !== undefined) {
        if (seen.has(value.id)) {
          errors.push({ collection, id: label, field: "id", message: "está repetido en la exportación" });
          continue;
        }
        seen.add(value.id);
      }
      (parsed[collection] as unknown[]).push(value);
    }
  }
  return { parsed, present };
}

function parseAuthUsers(users: ExportDocument[], errors: ImportIssue[]): AuthUser[] {
  const out: AuthUser[] = [];
  const seen = new Set<string>();
  for (const { doc, key } of users) {
    const label = docLabel(doc, key, "localId");
    const result = authUserDoc.safeParse(doc);
    if (!result.success) {
      for (const issue of result.error.issues) {
        errors.push({ collection: AUTH_COLLECTION, id: label, field: fieldPath(issue.path), message: issue.message });
      }
      continue;
    }
    if (seen.has(result.data.localId)) {
      errors.push({
        collection: AUTH_COLLECTION,
        id: label,
        field: "localId",
        message: "está repetido en la exportación",
      });
      continue;
    }
    seen.add(result.data.localId);
    out.push(result.data);
  }
  return out;
}

/** Needed only when some user has a password hash; then all four must be right. */
function parseHashParams(given: unknown, users: AuthUser[], errors: ImportIssue[]): FirebaseHashParams | null {
  if (!users.some((u) => u.passwordHash)) return null;
  const field = "parámetros de hash";
  if (given === undefined || given === null) {
    errors.push({
      collection: AUTH_COLLECTION,
      id: "",
      field,
      message:
        "hay contraseñas y faltan los parámetros de hash del proyecto (signer key, salt separator, rounds, mem cost): " +
        "pásalos con --hash-signer-key, --hash-salt-separator, --hash-rounds y --hash-mem-cost o con FIREBASE_HASH_*",
    });
    return null;
  }
  const result = hashParamsSchema.safeParse(given);
  if (!result.success) {
    for (const issue of result.error.issues) {
      errors.push({
        collection: AUTH_COLLECTION,
        id: "",
        field: `${field}.${fieldPath(issue.path)}`,
        message: issue.message,
      });
    }
    return null;
  }
  return result.data as FirebaseHashParams;
}

// ---------------------------------------------------------------- 2. references and identities

/**
 * Ids asked of the database per query. An export of the whole shop names tens of thousands
 * (orders, accounts): one `IN` list of them all would pass PostgreSQL's 65,535 parameters.
 */
export const LOOKUP_BATCH = 1_000;

/** `query` over `values` a batch at a time, the rows of every batch together. */
async function inBatches<V, R>(values: V[], query: (part: V[]) => Promise<R[]>): Promise<R[]> {
  const rows: R[] = [];
  for (let i = 0; i < values.length; i += LOOKUP_BATCH) rows.push(...(await query(values.slice(i, i + LOOKUP_BATCH))));
  return rows;
}

/** Ids present in the export or, for those that are not, in the database. */
async function existing(db: Db, column: PgColumn, table: PgTable, inExport: Set<string>, wanted: string[]) {
  const ask = [...new Set(wanted.filter((w) => !inExport.has(w)))];
  const found = new Set(inExport);
  if (ask.length) {
    const rows = await inBatches(
      ask,
      (part) => db.select({ id: column }).from(table).where(inArray(column, part)) as Promise<{ id: string }[]>,
    );
    for (const row of rows) found.add(row.id);
  }
  return found;
}

/** What a catalogue reference may point at, and how the message names it. */
const TARGETS = {
  categoria: { table: t.categorias, column: t.categorias.id, noun: "la categoría" },
  cursos: { table: t.cursos, column: t.cursos.id, noun: "el curso" },
  producto: { table: t.productos, column: t.productos.id, noun: "el producto" },
} as const;

/** A product's category, a unit's or question's course, a promotion's product or course must exist. */
async function checkCatalogueReferences(
  db: Db,
  parsed: Parsed,
  present: Record<Coleccion, Set<string>>,
  errors: ImportIssue[],
) {
  const references: { collection: Coleccion; field: string; to: keyof typeof TARGETS; pairs: [string, string][] }[] = [
    {
      collection: "producto",
      field: "categoria",
      to: "categoria",
      pairs: parsed.producto.map((d) => [d.id, d.categoria]),
    },
    { collection: "unidades", field: "curso_id", to: "cursos", pairs: parsed.unidades.map((d) => [d.id, d.curso_id]) },
    { collection: "preguntas", field: "curso", to: "cursos", pairs: parsed.preguntas.map((d) => [d.id, d.curso]) },
    {
      collection: "promocionesCursos",
      field: "curso_id",
      to: "cursos",
      pairs: parsed.promocionesCursos.map((d) => [d.id, d.curso_id]),
    },
    {
      collection: "promociones",
      field: "producto_id",
      to: "producto",
      pairs: parsed.promociones.map((d) => [d.id, d.producto_id]),
    },
  ];
  for (const to of Object.keys(TARGETS) as (keyof typeof TARGETS)[]) {
    const target = TARGETS[to];
    const mine = references.filter((r) => r.to === to);
    const wanted = mine.flatMap((r) => r.pairs.map(([, ref]) => ref));
    const found = await existing(db, target.column, target.table, present[to], wanted);
    for (const { collection, field, pairs } of mine) {
      for (const [id, ref] of pairs) {
        if (found.has(ref)) continue;
        const message = `${target.noun} "${ref}" no existe en la exportación ni en la base de datos`;
        errors.push({ collection, id, field, message });
      }
    }
  }
}

/** A visit code opens one visit: within the export and against other visits in the database. */
async function checkVisitCodes(db: Db, parsed: Parsed, errors: ImportIssue[]) {
  const owner = new Map<string, string>();
  for (const v of parsed.codigosVisitas) {
    const first = owner.get(v.codigo);
    if (first !== undefined) {
      errors.push({
        collection: "codigosVisitas",
        id: v.id,
        field: "codigo",
        message: `está repetido en la exportación (también en "${first}")`,
      });
    } else owner.set(v.codigo, v.id);
  }
  if (!owner.size) return;
  const rows = await inBatches([...owner.keys()], (part) =>
    db.select({ id: t.visitas.id, codigo: t.visitas.codigo }).from(t.visitas).where(inArray(t.visitas.codigo, part)),
  );
  for (const row of rows) {
    const mine = owner.get(row.codigo);
    if (mine !== undefined && mine !== row.id) {
      errors.push({
        collection: "codigosVisitas",
        id: mine,
        field: "codigo",
        message: `el código "${row.codigo}" ya pertenece a otra visita`,
      });
    }
  }
}

type CodeDoc = { id: string; codigo: string };

/**
 * Discount-code identity (app/domain/codes.ts): one code per product or course whatever its
 * case. Two spellings in the export are refused; a code already in the database for the same
 * target (ignoring case) is updated in place: the export document takes that row's id.
 */
async function resolveCodes(db: Db, parsed: Parsed, errors: ImportIssue[]) {
  for (const p of parsed.promociones) p.codigo = normalizeCode(p.codigo);
  for (const p of parsed.promocionesCursos) p.codigo = normalizeCode(p.codigo);
  await resolveCodeIdentity(db, errors, {
    collection: "promociones",
    docs: parsed.promociones,
    targetOf: (p) => p.producto_id,
    phrase: (target) => `el producto "${target}"`,
    table: t.promociones,
    targetColumn: t.promociones.productoId,
  });
  await resolveCodeIdentity(db, errors, {
    collection: "promocionesCursos",
    docs: parsed.promocionesCursos,
    targetOf: (p) => p.curso_id,
    phrase: (target) => `el curso "${target}"`,
    table: t.promocionesCursos,
    targetColumn: t.promocionesCursos.cursoId,
  });
}

async function resolveCodeIdentity<D extends CodeDoc>(
  db: Db,
  errors: ImportIssue[],
  kind: {
    collection: string;
    docs: D[];
    targetOf: (d: D) => string;
    phrase: (target: string) => string;
    table: typeof t.promociones | typeof t.promocionesCursos;
    targetColumn: PgColumn;
  },
) {
  const keyOf = (codigo: string, target: string) => `${codeKey(codigo)}\u0000${target}`;
  const byKey = new Map<string, D>();
  for (const d of kind.docs) {
    const key = keyOf(d.codigo, kind.targetOf(d));
    const first = byKey.get(key);
    if (first) {
      const same = first.codigo === d.codigo ? "" : ` como "${first.codigo}"`;
      errors.push({
        collection: kind.collection,
        id: d.id,
        field: "codigo",
        message: `el código "${d.codigo}" ya está en la exportación${same} (documento "${first.id}") para ${kind.phrase(kind.targetOf(d))}; mayúsculas y minúsculas no distinguen códigos`,
      });
    } else byKey.set(key, d);
  }
  if (!byKey.size) return;

  const { table } = kind;
  const rows = await inBatches(
    [...byKey.values()].map((d) => codeKey(d.codigo)),
    (part) =>
      db
        .select({ id: table.id, codigo: table.codigo, target: kind.targetColumn })
        .from(table)
        .where(inArray(sql`lower(${table.codigo})`, part)) as Promise<{ id: string; codigo: string; target: string }[]>,
  );
  const exportIds = new Set(kind.docs.map((d) => d.id));
  for (const row of rows) {
    const doc = byKey.get(keyOf(row.codigo, row.target));
    if (!doc || doc.id === row.id) continue;
    if (exportIds.has(row.id)) {
      errors.push({
        collection: kind.collection,
        id: doc.id,
        field: "codigo",
        message: `el código "${doc.codigo}" ya existe para ${kind.phrase(row.target)} en el documento "${row.id}", que la exportación usa para otro código`,
      });
      continue;
    }
    // The database's row is this code: update it rather than insert a second spelling.
    doc.id = row.id;
  }
}

/** Merges `user` documents and Authentication users by uid and checks e-mails and provider ids. */
async function mergeUsers(
  db: Db,
  docs: Doc<"user">[],
  authUsers: AuthUser[],
  hashParams: FirebaseHashParams | null,
  errors: ImportIssue[],
  notas: string[],
): Promise<Usuario[]> {
  const authById = new Map(authUsers.map((u) => [u.localId, u]));
  const docById = new Map(docs.map((d) => [d.id, d]));
  const ids = [...new Set([...docs.map((d) => d.id), ...authUsers.map((u) => u.localId)])];

  const usuarios: Usuario[] = [];
  for (const id of ids) {
    const doc = docById.get(id);
    const auth = authById.get(id);
    const where = auth && !doc ? AUTH_COLLECTION : "user";
    if (auth?.disabled) {
      notas.push(`${where} "${id}": la cuenta está deshabilitada en Firebase y no se importó.`);
      continue;
    }
    const email = auth?.email || doc?.correo || "";
    if (!email) {
      if (doc)
        errors.push({
          collection: "user",
          id,
          field: "correo",
          message: "es obligatorio (no hay correo en user ni en la exportación de Authentication)",
        });
      else notas.push(`${AUTH_COLLECTION} "${id}": no tiene correo (p. ej. acceso por teléfono) y no se importó.`);
      continue;
    }
    if (doc?.correo && auth?.email && doc.correo !== auth.email) {
      notas.push(
        `user "${id}": el correo de user (${doc.correo}) difiere del de Authentication; se usó ${auth.email}.`,
      );
    }
    const sociales = (auth?.providerUserInfo ?? []).flatMap((p) => {
      const providerId = ({ "google.com": "google", "facebook.com": "facebook" } as const)[
        p.providerId as "google.com"
      ];
      return providerId ? [{ providerId, accountId: p.rawId }] : [];
    });
    usuarios.push({
      id,
      email,
      nombre: doc?.nombre || auth?.displayName || email.split("@")[0]!,
      emailVerified: auth?.emailVerified ?? false,
      createdAt: auth?.createdAt ?? null,
      lastLogin: doc?.lastLogin ?? auth?.lastSignedInAt ?? null,
      terminos: doc?.terminos ?? false,
      password:
        auth?.passwordHash && auth.salt && hashParams
          ? firebasePasswordHash(hashParams, auth.salt, auth.passwordHash)
          : null,
      sociales,
    });
  }

  // one e-mail per account, here and against the new site's other accounts
  const byEmail = new Map<string, string>();
  for (const u of usuarios) {
    const first = byEmail.get(u.email);
    if (first) {
      errors.push({
        collection: "user",
        id: u.id,
        field: "correo",
        message: `el correo "${u.email}" también es de la cuenta "${first}"`,
      });
    } else byEmail.set(u.email, u.id);
  }
  if (byEmail.size) {
    const taken = await inBatches([...byEmail.keys()], (part) =>
      db
        .select({ id: t.user.id, email: t.user.email })
        .from(t.user)
        .where(inArray(sql`lower(${t.user.email})`, part)),
    );
    for (const row of taken) {
      const mine = byEmail.get(row.email.toLowerCase());
      if (mine && mine !== row.id) {
        errors.push({
          collection: "user",
          id: mine,
          field: "correo",
          message: `el correo "${row.email}" ya es de otra cuenta del sitio nuevo ("${row.id}"); decide cuál es la suya antes de importar`,
        });
      }
    }
  }
  const social = usuarios.flatMap((u) => u.sociales.map((s) => ({ ...s, userId: u.id })));
  if (social.length) {
    const linked = await inBatches(
      social.map((s) => s.accountId),
      (part) =>
        db
          .select({ providerId: t.account.providerId, accountId: t.account.accountId, userId: t.account.userId })
          .from(t.account)
          .where(inArray(t.account.accountId, part)),
    );
    // provider + account → the accounts of the site linked to it (a map: no scan per person)
    const linkedTo = new Map<string, string[]>();
    for (const l of linked) {
      const key = `${l.providerId}\u0000${l.accountId}`;
      linkedTo.set(key, [...(linkedTo.get(key) ?? []), l.userId]);
    }
    for (const s of social) {
      const otherId = linkedTo.get(`${s.providerId}\u0000${s.accountId}`)?.find((userId) => userId !== s.userId);
      const other = otherId === undefined ? undefined : { userId: otherId };
      if (other) {
        errors.push({
          collection: AUTH_COLLECTION,
          id: s.userId,
          field: "providerUserInfo",
          message: `la cuenta de ${s.providerId === "google" ? "Google" : "Facebook"} "${s.accountId}" ya entra a otra cuenta del sitio nuevo ("${other.userId}")`,
        });
      }
    }
  }
  return usuarios;
}

// ---------------------------------------------------------------- 3. students' data

type CatalogueIndex = {
  productos: Set<string>;
  cursos: Set<string>;
  /** normalised name → ids, for order lines without a reference */
  productoPorNombre: Map<string, string[]>;
  cursoPorNombre: Map<string, string[]>;
};

const nameKey = (s: string) =>
  s
    .normalize("NFD")
    .replace(/[\u0300-\u036f]/g, "")
    .replace(/\s+/g, " ")
    .trim()
    .toLowerCase();

/** Products and courses of the export and of the database, by id and by name. */
async function catalogueIndex(db: Db, parsed: Parsed): Promise<CatalogueIndex> {
  const index: CatalogueIndex = {
    productos: new Set(),
    cursos: new Set(),
    productoPorNombre: new Map(),
    cursoPorNombre: new Map(),
  };
  const add = (map: Map<string, string[]>, name: string, id: string) => {
    if (!name) return;
    const key = nameKey(name);
    const ids = map.get(key) ?? [];
    if (!ids.includes(id)) map.set(key, [...ids, id]);
  };
  const productos = [
    ...(await db.select({ id: t.productos.id, nombre: t.productos.nombre }).from(t.productos)),
    ...parsed.producto,
  ];
  for (const p of productos) {
    index.productos.add(p.id);
    add(index.productoPorNombre, p.nombre, p.id);
  }
  const cursos = [
    ...(await db
      .select({ id: t.cursos.id, titulo: t.cursos.titulo, tituloExterior: t.cursos.tituloExterior })
      .from(t.cursos)),
    ...parsed.cursos.map((c) => ({ id: c.id, titulo: c.titulo, tituloExterior: c.titulo_exterior })),
  ];
  for (const c of cursos) {
    index.cursos.add(c.id);
    add(index.cursoPorNombre, c.titulo, c.id);
    add(index.cursoPorNombre, c.tituloExterior, c.id);
  }
  return index;
}

/** Buyers an order may name: the accounts imported now and those the database has. */
async function existingUsers(db: Db, usuarios: Usuario[], compras: Doc<"compras">[]): Promise<Set<string>> {
  const found = new Set(usuarios.map((u) => u.id));
  const ask = [...new Set(compras.map((c) => c.id_comprador).filter((id) => !found.has(id)))];
  if (ask.length) {
    const rows = await inBatches(ask, (part) =>
      db.select({ id: t.user.id }).from(t.user).where(inArray(t.user.id, part)),
    );
    for (const row of rows) found.add(row.id);
  }
  return found;
}

/** The line the original checkout added for shipping (SPEC §3 'a synthetic line named Envio'). */
const isShippingLine = (nombre: string) => nameKey(nombre) === "envio";

async function resolveOrders(
  db: Db,
  docs: Doc<"compras">[],
  index: CatalogueIndex,
  buyers: Set<string>,
  errors: ImportIssue[],
  notas: string[],
): Promise<Compra[]> {
  const compras: Compra[] = [];
  const byId = new Map<string, string>();
  for (const doc of docs) {
    const id = doc.id_compra ?? doc.id;
    const first = byId.get(id);
    if (first) {
      errors.push({
        collection: "compras",
        id: doc.id,
        field: "id_compra",
        message: `"${id}" también es la compra "${first}"`,
      });
      continue;
    }
    byId.set(id, doc.id);
    if (!buyers.has(doc.id_comprador)) {
      notas.push(
        `compras "${doc.id}": la compradora "${doc.id_comprador}" no está en la exportación ni en la base de datos; no se importó.`,
      );
      continue;
    }
    let envio = 0;
    const lineas: CompraLinea[] = [];
    doc.porductos.forEach((line, i) => {
      if (isShippingLine(line.nombre)) {
        envio += line.precio * line.cantidad;
        return;
      }
      const curso = doc.curso === true;
      const ids = curso ? index.cursos : index.productos;
      const ref = line.curso_id ?? line.producto_id ?? line.ref ?? line.id;
      let match: string | null = null;
      if (ref !== undefined) {
        if (ids.has(ref)) match = ref;
        else {
          notas.push(
            `compras "${doc.id}", porductos[${i}]: ${curso ? "el curso" : "el producto"} "${ref}" no existe; la línea "${line.nombre}" se guardó sin enlace.`,
          );
        }
      } else {
        const byName = (curso ? index.cursoPorNombre : index.productoPorNombre).get(nameKey(line.nombre)) ?? [];
        if (byName.length === 1) match = byName[0]!;
      }
      lineas.push({
        nombre: line.nombre,
        url: line.url,
        precio: line.precio,
        cantidad: line.cantidad,
        productoId: curso ? null : match,
        cursoId: curso ? match : null,
      });
    });
    compras.push({
      id,
      compradorId: doc.id_comprador,
      fecha: doc.fecha,
      total: doc.total,
      envio,
      curso: doc.curso ?? false,
      estadoEnvio: doc.estado_envio ?? 0,
      datosEnvio: doc.datos_envio && Object.keys(doc.datos_envio).length ? doc.datos_envio : null,
      datosContacto: doc.datos_contacto ?? null,
      lineas,
    });
  }

  // An order of the new site (any other provider) is never overwritten by an import.
  if (compras.length) {
    const clash = await inBatches(
      compras.map((c) => c.id),
      (part) =>
        db
          .select({ id: t.compras.id })
          .from(t.compras)
          .where(and(inArray(t.compras.id, part), ne(t.compras.proveedor, IMPORTED_PROVIDER))),
    );
    for (const row of clash) {
      errors.push({
        collection: "compras",
        id: byId.get(row.id) ?? row.id,
        field: "id_compra",
        message: `"${row.id}" ya es una compra hecha en el sitio nuevo`,
      });
    }
  }
  return compras;
}

/** `compras.proveedor` of imported orders; their `pago_id` is `importado:<id_compra>`. */
export const IMPORTED_PROVIDER = "importado";

/** Favourites and courses of each student, resolved; a course bought in an order counts too. */
function resolveStudentLists(
  docs: Doc<"user">[],
  usuarios: Usuario[],
  compras: Compra[],
  index: CatalogueIndex,
  notas: string[],
) {
  const imported = new Set(usuarios.map((u) => u.id));
  const favoritos: Validated["favoritos"] = [];
  const inscripciones = new Map<string, Validated["inscripciones"][number]>();
  for (const doc of docs) {
    if (!imported.has(doc.id)) continue;
    for (const productoId of new Set(doc.favoritos)) {
      if (index.productos.has(productoId)) favoritos.push({ userId: doc.id, productoId });
      else notas.push(`user "${doc.id}", favoritos: el producto "${productoId}" no existe; se omitió.`);
    }
    for (const cursoId of new Set(doc.cursos)) {
      if (index.cursos.has(cursoId))
        inscripciones.set(`${doc.id}\u0000${cursoId}`, { userId: doc.id, cursoId, compraId: null });
      else notas.push(`user "${doc.id}", cursos: el curso "${cursoId}" no existe; no se inscribió.`);
    }
  }
  for (const compra of compras) {
    if (!compra.curso) continue;
    for (const line of compra.lineas) {
      if (!line.cursoId) continue;
      const key = `${compra.compradorId}\u0000${line.cursoId}`;
      const known = inscripciones.get(key);
      inscripciones.set(key, {
        userId: compra.compradorId,
        cursoId: line.cursoId,
        compraId: known?.compraId ?? compra.id,
      });
    }
  }
  return { favoritos, inscripciones: [...inscripciones.values()] };
}

/** Values the import changes on the way in, said in the notes. */
function adjustments(parsed: Parsed): string[] {
  const notas: string[] = [];
  for (const p of parsed.producto) {
    if (p.cantidad !== undefined && p.cantidad < 0) {
      notas.push(`producto "${p.id}": existencia ${p.cantidad} se guardó como 0 (agotado).`);
    }
  }
  for (const v of parsed.codigosVisitas) {
    if (v.id.length < 16) {
      notas.push(
        `codigosVisitas "${v.id}": el id es corto y podría adivinarse; se conservó, pero conviene uno aleatorio de 22 caracteres.`,
      );
    }
  }
  const sinDescuento = parsed.promocionesCursos.filter((p) => p.descuento === undefined);
  if (sinDescuento.length) {
    notas.push(
      `promocionesCursos: ${sinDescuento.map((p) => `"${p.codigo}"`).join(", ")} ${sinDescuento.length === 1 ? "no tiene" : "no tienen"} descuento: ` +
        "da el precio con descuento del curso, que en el sitio nuevo ya paga toda compradora; se guardó válido con 0 % " +
        "(asígnale un porcentaje en el administrador si debe descontar más).",
    );
  }
  const bands = [...(parsed.envios[0]?.estandar ?? [])].sort((a, b) => a.gramos_minimos - b.gramos_minimos);
  for (let i = 1; i < bands.length; i++) {
    if (bands[i]!.gramos_minimos <= bands[i - 1]!.gramos_maximos) {
      notas.push(
        `envios: las bandas ${bands[i - 1]!.gramos_minimos}–${bands[i - 1]!.gramos_maximos} g y ${bands[i]!.gramos_minimos}–${bands[i]!.gramos_maximos} g se traslapan; se usa la primera que coincida.`,
      );
    }
  }
  return notas;
}

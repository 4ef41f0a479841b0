/**
 * Shared fixtures for integration tests (epic-stack's db-utils style): one database per test
 * file adopted as the process database, accounts created through the real Better Auth API,
 * and small catalogue factories with sensible defaults. Every factory writes real rows.
 *
 *   const { db } = await useTestDatabase();         // in beforeAll; closed in afterAll
 *   const buyer = await signUpUser({ terminos: true });
 *   const product = await makeProduct({ precio: 35_050 });
 */
import { randomBytes, randomUUID } from "node:crypto";
import { eq } from "drizzle-orm";
import {
  type AppContext,
  type ContextOptions,
  appContext,
  createAppContext,
  deriveAppContext,
  useAppContext,
} from "~/server/context.server";
import type { Database, Db } from "~/server/db/client.server";
import {
  ajustes,
  bandasEnvio,
  carritoLineas,
  carritos,
  categorias,
  cursos,
  productos,
  promociones,
  promocionesCursos,
  servicios,
  tratamientos,
  user,
} from "~/server/db/schema";
import { createTestDatabase } from "./db";

const suffix = () => randomBytes(4).toString("hex");

export type TestContextOptions = Omit<ContextOptions, "environment" | "database"> & {
  /** Variables over the test process's own (what a server started with them would read). */
  environment?: Record<string, string | undefined>;
};

/**
 * This test file's application context (ADR 031): settings read from the test process's
 * environment plus `options`, and `database` if given. The app modules (getDb, env, getStorage,
 * currentMode) read it until the next file's.
 */
export function useTestContext(options: TestContextOptions & { database?: Database } = {}): AppContext {
  const context = createAppContext({ ...options, environment: { ...process.env, ...options.environment } });
  // a new file's context: what an earlier file configured and never undid is not layered on it
  layers.length = 0;
  useAppContext(context);
  return context;
}

const opened = new Set<Database>();

/** A fresh migrated database in a context of its own (useTestContext), for this test file. */
export async function useTestDatabase(options: TestContextOptions = {}): Promise<Database> {
  const database = await createTestDatabase();
  let closing: Promise<void> | undefined;
  const tracked: Database = { ...database, close: () => (closing ??= database.close()) };
  opened.add(tracked);
  useTestContext({ ...options, database: tracked });
  return tracked;
}

/** Closes what useTestDatabase opened (tests/support/integration-setup.ts, after each file). */
export async function closeLeftoverDatabases(): Promise<void> {
  const all = [...opened];
  opened.clear();
  await Promise.all(all.map((database) => database.close().catch(() => undefined)));
}

type Layer = { previous: AppContext; options: Omit<ContextOptions, "environment"> };
/** The configure() calls of this file not undone yet, oldest first. */
const layers: Layer[] = [];

/**
 * Other settings, storage or database from here on (a context derived from the current one),
 * e.g. `const undo = configure({ config: { smtpUrl } })`; `undo()` goes back to the previous one.
 * Undos may come in any order: two pieces of work configured at once (a `Promise.all` of two
 * helpers that each configure) keep their settings until each is undone. Undone out of order,
 * the layers configured after this one are derived again over what this one started from
 * (restoring this one's `previous` would take the later ones' settings from work still running).
 */
export function configure(options: Omit<ContextOptions, "environment">): () => void {
  const layer: Layer = { previous: appContext(), options };
  layers.push(layer);
  useAppContext(deriveAppContext(layer.previous, options));
  return () => {
    const index = layers.indexOf(layer);
    if (index === -1) return;
    layers.splice(index, 1);
    let context = layer.previous;
    for (const later of layers.slice(index)) {
      later.previous = context;
      context = deriveAppContext(context, later.options);
    }
    useAppContext(context);
  };
}

/** A fresh database holding the demo catalogue (seed/demo.json through the importer), adopted like useTestDatabase. */
export async function useDemoDatabase(options: TestContextOptions = {}): Promise<Database> {
  const database = await useTestDatabase(options);
  const { importExport } = await import("~/server/import/index.server");
  const { readDemoExport } = await import("~/server/seed.server");
  await importExport(database.db, await readDemoExport());
  return database;
}

function db(): Db {
  const database = appContext().database;
  if (!database) throw new Error("Llama a useTestDatabase() en beforeAll antes de usar los fixtures.");
  return database.db;
}

// ---------------------------------------------------------------- accounts

export type TestUser = { id: string; name: string; email: string; password: string; cookie: string };

/** The password of the fixtures' accounts, unless a test gives its own. */
export const FIXTURE_PASSWORD = "clave-de-prueba-segura";

/** Hashes already made, by password: a salted scrypt hash verifies for every account that holds it. */
const hashes = new Map<string, Promise<string>>();
const reusingHashes = new WeakSet<object>();

/**
 * Better Auth's scrypt costs ~0.1–0.2 s of CPU per hash: a file that signs up 200 buyers spent
 * most of its time hashing one password again and again. The fixtures' sign-ups hash each
 * password once per test process (the same salted hash for every account using it, valid as
 * any other); sign-up itself, the hash a visitor's password gets and log-ins are unchanged.
 */
async function hashingOnce(auth: { $context: Promise<{ password: { hash: (password: string) => Promise<string> } }> }) {
  const context = await auth.$context;
  if (reusingHashes.has(context.password)) return;
  const hash = context.password.hash;
  context.password.hash = (password) => {
    let made = hashes.get(password);
    if (!made) {
      made = hash(password);
      hashes.set(password, made);
    }
    return made;
  };
  reusingHashes.add(context.password);
}

/** Signs up through Better Auth's API (in process) and returns the session cookie. */
export async function signUpUser(
  input: { name?: string; email?: string; password?: string; terminos?: boolean; role?: "admin" | "cliente" } = {},
): Promise<TestUser> {
  const { getAuth } = await import("~/server/auth.server");
  await hashingOnce(getAuth());
  const s = suffix();
  const account = {
    name: input.name ?? `Clienta ${s}`,
    email: input.email ?? `clienta-${s}@example.com`,
    password: input.password ?? FIXTURE_PASSWORD,
  };
  const { headers } = await getAuth().api.signUpEmail({
    body: { ...account, aceptaTerminos: true } as never,
    returnHeaders: true,
  });
  const cookie = (headers.get("set-cookie") ?? "").split(";")[0];
  const [row] = await db()
    .update(user)
    .set({ terminos: input.terminos ?? true, role: input.role ?? "cliente" })
    .where(eq(user.email, account.email))
    .returning({ id: user.id });
  return { id: row.id, ...account, cookie };
}

// ---------------------------------------------------------------- booking

/**
 * A bookable treatment under a service (created if missing): by default Microblading under
 * 'cejas', 2 hours, $3,500 with a $500 deposit, a consent form and a retoque 30–45 days later
 * ($1,000, 1 hour). `database` for tests that open their own (two instances on PostgreSQL).
 */
export async function makeTreatment(
  input: Partial<typeof tratamientos.$inferInsert> = {},
  database: Db = db(),
): Promise<typeof tratamientos.$inferSelect> {
  const servicioId = input.servicioId ?? "cejas";
  await database
    .insert(servicios)
    .values({ id: servicioId, nombre: servicioId.charAt(0).toUpperCase() + servicioId.slice(1) })
    .onConflictDoNothing();
  const [row] = await database
    .insert(tratamientos)
    .values({
      id: "microblading",
      nombre: "Microblading",
      duracion: 120,
      precio: 350000,
      anticipo: 50000,
      requiereConsentimiento: true,
      retoqueDesde: 30,
      retoqueHasta: 45,
      precioRetoque: 100000,
      duracionRetoque: 60,
      ...input,
      servicioId,
    })
    .returning();
  return row;
}

// ---------------------------------------------------------------- catalogue

export async function makeCategory(input: Partial<typeof categorias.$inferInsert> = {}) {
  const [row] = await db()
    .insert(categorias)
    .values({ id: `cat-${suffix()}`, nombre: "Maquillaje", ...input })
    .returning();
  return row;
}

export async function makeProduct(input: Partial<typeof productos.$inferInsert> = {}) {
  const categoriaId = input.categoriaId ?? (await makeCategory()).id;
  const [row] = await db()
    .insert(productos)
    .values({
      id: `prod-${suffix()}`,
      nombre: "Labial mate",
      precio: 35_050,
      cantidad: 10,
      peso: 100,
      ...input,
      categoriaId,
    })
    .returning();
  return row;
}

export async function makeCourse(input: Partial<typeof cursos.$inferInsert> = {}) {
  const [row] = await db()
    .insert(cursos)
    .values({
      id: `curso-${suffix()}`,
      titulo: "Curso de cejas",
      tipo: "online",
      publicado: true,
      precio: 250_000,
      descripcionSecundaria: "En línea",
      ...input,
    })
    .returning();
  return row;
}

export async function makePromotion(input: {
  productoId: string;
  codigo: string;
  descuento: number;
  activo?: boolean;
}) {
  const [row] = await db()
    .insert(promociones)
    .values({ id: `promo-${suffix()}`, activo: true, ...input })
    .returning();
  return row;
}

export async function makeCoursePromotion(input: {
  cursoId: string;
  codigo: string;
  descuento: number;
  activo?: boolean;
}) {
  const [row] = await db()
    .insert(promocionesCursos)
    .values({ id: `promo-curso-${suffix()}`, activo: true, ...input })
    .returning();
  return row;
}

/** One weight band (0–5 kg) priced $150 / $200 / ... by item count, unless given. */
export async function makeShippingBand(input: Partial<typeof bandasEnvio.$inferInsert> = {}) {
  const [row] = await db()
    .insert(bandasEnvio)
    .values({
      gramosMinimos: 0,
      gramosMaximos: 5000,
      precios: [15_000, 20_000, 25_000, 30_000, 35_000, 40_000, 45_000],
      ...input,
    })
    .returning();
  return row;
}

export async function makeCart(lines: { productoId: string; cantidad: number; codigo?: string }[], userId?: string) {
  const id = randomUUID();
  await db().insert(carritos).values({ id, userId });
  if (lines.length > 0) {
    await db()
      .insert(carritoLineas)
      .values(
        lines.map((l) => ({
          carritoId: id,
          productoId: l.productoId,
          cantidad: l.cantidad,
          codigoDescuento: l.codigo,
        })),
      );
  }
  return id;
}

/** Stores a studio setting (ajustes), e.g. setSetting("aviso", { desde, hasta }). */
export async function setSetting(clave: string, valor: unknown) {
  await db().insert(ajustes).values({ clave, valor }).onConflictDoUpdate({ target: ajustes.clave, set: { valor } });
}

export async function clearSettings() {
  await db().delete(ajustes);
}

/** An 'Aviso' window around now: purchases paused. */
export const PAUSE_NOW = () => ({
  desde: new Date(Date.now() - 86_400_000).toISOString(),
  hasta: new Date(Date.now() + 86_400_000).toISOString(),
});

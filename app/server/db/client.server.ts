/**
 * Opens the database: PGlite persisted in DATA_DIR by default, a real PostgreSQL server when
 * DATABASE_URL is set. Both speak the same SQL through the same Drizzle schema.
 */
import type { EventEmitter } from "node:events";
import fs from "node:fs";
import path from "node:path";
import { PGlite } from "@electric-sql/pglite";
import { pg_trgm } from "@electric-sql/pglite/contrib/pg_trgm";
import { unaccent } from "@electric-sql/pglite/contrib/unaccent";
import type { SQL } from "drizzle-orm";
import type { PgDatabase, PgQueryResultHKT } from "drizzle-orm/pg-core";
import { drizzle as drizzleNodePg } from "drizzle-orm/node-postgres";
import { migrate as migrateNodePg } from "drizzle-orm/node-postgres/migrator";
import { drizzle as drizzlePglite } from "drizzle-orm/pglite";
import { migrate as migratePglite } from "drizzle-orm/pglite/migrator";
import pg from "pg";
import { describeDatabaseError } from "./faults.server";
import * as schema from "./schema";
import { logError } from "../log.server";

export type Schema = typeof schema;
export type Db = PgDatabase<PgQueryResultHKT, Schema>;

/** A database handle or an open transaction (for code that runs inside another's transaction). */
export type DbOrTx = Db | Parameters<Parameters<Db["transaction"]>[0]>[0];

export type Database = {
  db: Db;
  kind: "pglite" | "postgres";
  migrate: () => Promise<void>;
  close: () => Promise<void>;
  /** PostgreSQL: the server's connection string (for pg_dump; backups, ADR 029) */
  url?: string;
  /** PGlite: the instance itself (its own dump of the data dir; backups, ADR 029) */
  pglite?: PGlite;
};

export const migrationsFolder = path.resolve(process.cwd(), "drizzle");

/**
 * PGlite runs PostgreSQL inside this process, so PostgreSQL's memory is the server's: 16 MB
 * of shared buffers instead of its default 128 MB (the studio's tables fit several times
 * over, and the operating system caches the files as it does for any server). The rest are
 * PGlite's own defaults.
 */
const PGLITE_START_PARAMS = [...PGlite.defaultStartParams, "-c", "shared_buffers=16MB"];

/**
 * pg_trgm: trigram indexes let the admin's "contains" searches (ILIKE '%…%') use an index
 * (ADR 020), and the search tolerate a typo; unaccent: the search ignores accents (ADR 037).
 * PostgreSQL ships both in contrib; PGlite loads them here.
 */
const PGLITE_EXTENSIONS = { pg_trgm, unaccent };

export type DatabaseOptions =
  /** PostgreSQL server */
  | { url: string }
  /**
   * PGlite persisted in a folder (locked against a second process). `loadDataDir`: a dumped
   * data dir loaded into a folder that holds no database yet (a restore, ADR 029);
   * `lockHeld`: the caller already holds the folder's lock (`lockDataDir`).
   */
  | { dataDir: string; loadDataDir?: Blob; lockHeld?: boolean }
  /** PGlite in memory, optionally started from a dumped data dir (fast test databases) */
  | { memory: true; loadDataDir?: Blob };

/** The PGlite database folder of a data dir. */
const pgliteDir = (dataDir: string) => path.join(dataDir, "pglite");

/** Whether a data dir already holds a PGlite database (PostgreSQL's initdb ran there). */
export function pgliteCreated(dataDir: string): boolean {
  return fs.existsSync(path.join(pgliteDir(dataDir), "PG_VERSION"));
}

export async function openDatabase(options: DatabaseOptions): Promise<Database> {
  if ("url" in options) {
    const pool = openPool(options.url);
    const db = drizzleNodePg({ client: pool, schema, casing: "snake_case" }) as unknown as Db;
    return {
      db,
      kind: "postgres",
      url: options.url,
      migrate: () => migrateNodePg(db as never, { migrationsFolder }),
      close: () => pool.end(),
    };
  }

  let releaseLock = () => {};
  let client: PGlite;
  if ("dataDir" in options) {
    const pgDir = pgliteDir(options.dataDir);
    fs.mkdirSync(pgDir, { recursive: true });
    if (!options.lockHeld) releaseLock = lockDataDir(options.dataDir);
    try {
      client = await PGlite.create({
        dataDir: pgDir,
        loadDataDir: options.loadDataDir,
        startParams: PGLITE_START_PARAMS,
        extensions: PGLITE_EXTENSIONS,
      });
    } catch (error) {
      releaseLock();
      throw error;
    }
  } else {
    client = await PGlite.create({
      loadDataDir: options.loadDataDir,
      startParams: PGLITE_START_PARAMS,
      extensions: PGLITE_EXTENSIONS,
    });
  }
  const db = drizzlePglite({ client, schema, casing: "snake_case" }) as unknown as Db;
  return {
    db,
    kind: "pglite",
    pglite: client,
    migrate: () => migratePglite(db as never, { migrationsFolder }),
    close: async () => {
      await client.close();
      releaseLock();
    },
  };
}

/**
 * A PostgreSQL pool that survives the server going away (a restart, a network cut, an
 * administrator ending our sessions): a connection that dies while idle is logged and
 * dropped instead of crashing the process with an unhandled 'error' event, requests fail
 * fast while the server is unreachable (3 s to connect, at most), and new connections are
 * opened on demand once it is back.
 */
function openPool(connectionString: string): pg.Pool {
  const pool = new pg.Pool({
    connectionString,
    max: 10,
    connectionTimeoutMillis: 3_000,
    idleTimeoutMillis: 30_000,
    // TCP keep-alive probes after 10 s idle: an idle connection to a server that vanished
    // without a word (a dropped network) is noticed in seconds, not hours.
    keepAlive: true,
    keepAliveInitialDelayMillis: 10_000,
  });
  // An idle connection that died: the pool removes it; only the code and message are logged
  // (never the connection string or a query's values).
  pool.on("error", (error) => {
    logError(`Base de datos: se perdió una conexión inactiva (${describeDatabaseError(error)}).`);
  });
  // A connection that dies while checked out but between queries (inside a transaction)
  // emits 'error' on its client, which the pool no longer listens to: its next query fails
  // and the pool discards it on release. This listener only keeps the process alive.
  pool.on("connect", (client) => {
    client.on("error", () => {});
    announceWrites(pool, client);
  });
  return pool;
}

/** The pool event emitted when a statement that may have written finishes (see onPoolWrite). */
const POOL_WROTE = "wrote";

/**
 * Calls `listener` each time a statement that may have written (or committed a write)
 * finishes on one of the pool's connections, before the code that ran it goes on: the page
 * cache's version listener (ADR 015) reads the version again before trusting it, so this
 * process's own writes show on its next request without waiting for PostgreSQL's
 * notification. Returns the function that stops it.
 */
export function onPoolWrite(pool: pg.Pool, listener: () => void): () => void {
  eventsOf(pool).on(POOL_WROTE, listener);
  return () => eventsOf(pool).off(POOL_WROTE, listener);
}

/** The pool as the EventEmitter it is (pg's types name only its own events). */
const eventsOf = (pool: pg.Pool) => pool as unknown as EventEmitter;

/** Statements that may write or commit; anything else (select, begin, set) only reads. */
const MAY_WRITE = /^\s*(?:insert|update|delete|merge|truncate|with|commit|end|call|do)\b/i;

function announceWrites(pool: pg.Pool, client: pg.PoolClient) {
  const query = client.query as (...args: unknown[]) => unknown;
  const wrote = () => eventsOf(pool).emit(POOL_WROTE);
  (client as { query: unknown }).query = function (this: unknown, ...args: unknown[]) {
    const config = args[0] as string | { text?: unknown } | undefined;
    const text = typeof config === "string" ? config : config?.text;
    if (typeof text !== "string" || !MAY_WRITE.test(text)) return query.apply(this, args);
    // pg's callback form (the pool's own pool.query uses it) and its promise form.
    const last = args.length - 1;
    if (typeof args[last] === "function") {
      const callback = args[last] as (...results: unknown[]) => void;
      args[last] = (...results: unknown[]) => {
        wrote();
        callback(...results);
      };
      return query.apply(this, args);
    }
    const result = query.apply(this, args) as PromiseLike<unknown> | undefined;
    if (typeof result?.then === "function") result.then(wrote, wrote);
    return result;
  };
}

/**
 * Locks a data dir's PGlite folder for this process (see acquireLock); returns the release.
 * Throws in Spanish when another live process holds it (the app running on it).
 */
export function lockDataDir(dataDir: string): () => void {
  fs.mkdirSync(dataDir, { recursive: true });
  return acquireLock(path.join(dataDir, "pglite.lock"));
}

/**
 * PGlite is one process, one connection: two processes on the same folder corrupt it
 * silently. A lock file holding our pid refuses the second one; a stale lock (dead pid)
 * is taken over.
 */
function acquireLock(lockPath: string): () => void {
  const mine = String(process.pid);
  for (let attempt = 0; attempt < 2; attempt++) {
    try {
      fs.writeFileSync(lockPath, mine, { flag: "wx" });
      // Released by close, or at the latest when the process exits; a process that opens and
      // closes the folder many times (a test running the commands in-process) keeps no listener.
      const release = () => {
        process.off("exit", release);
        try {
          if (fs.readFileSync(lockPath, "utf8") === mine) fs.unlinkSync(lockPath);
        } catch {}
      };
      process.once("exit", release);
      return release;
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== "EEXIST") throw error;
      const holder = Number(fs.readFileSync(lockPath, "utf8"));
      if (holder && holder !== process.pid && isAlive(holder)) {
        throw new Error(
          `La base de datos en ${path.dirname(lockPath)} está abierta por otro proceso (pid ${holder}). ` +
            "Detén ese proceso o usa otro DATA_DIR.",
        );
      }
      fs.unlinkSync(lockPath);
    }
  }
  throw new Error(`No se pudo bloquear ${lockPath}`);
}

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === "EPERM";
  }
}

/** Raw SQL rows: both drivers answer `{ rows }`, which the shared Db type does not say. */
export async function queryRows<T>(db: Db, query: SQL): Promise<T[]> {
  const result = (await db.execute(query)) as unknown as { rows: T[] };
  return result.rows;
}

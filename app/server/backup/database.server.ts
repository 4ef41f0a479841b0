/**
 * The database side of backups (ADR 029): what a database holds (tables, rows, the last
 * migration), its consistent dump and its restore. PGlite dumps its own data dir (a tarball
 * of the folder, taken while no other statement can run); PostgreSQL goes through Debian's
 * pg_dump / pg_restore (custom format) on an exported snapshot, so the row counts in the
 * descriptor are those of the dump.
 */
import { spawn } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import pg from "pg";
import { migrationsFolder } from "../db/client.server";

/** Runs one statement and returns its rows: the PGlite client, a transaction of it, or a pg client. */
export type Query = (text: string) => Promise<{ rows: Record<string, unknown>[] }>;

export type DatabaseContents = {
  /** rows per table of the public schema, by table name */
  tablas: Record<string, number>;
  /** the last migration applied (its tag in drizzle/meta/_journal.json), or null */
  esquema: string | null;
};

/**
 * Tables whose rows are bookkeeping, not the studio's data: a database that holds rows only
 * in these counts as empty for a restore (a migrated database starts with its cache version;
 * an app started once schedules its backup job).
 */
const BOOKKEEPING = new Set(["cache_version", "rate_limits", "tareas"]);

const quoteIdent = (name: string) => `"${name.replace(/"/g, '""')}"`;

/** The migration tag recorded with a drizzle `created_at` (its journal's `when`). */
function migrationTag(createdAt: unknown): string | null {
  if (createdAt === null || createdAt === undefined) return null;
  try {
    const journal = JSON.parse(fs.readFileSync(path.join(migrationsFolder, "meta", "_journal.json"), "utf8")) as {
      entries: { when: number; tag: string }[];
    };
    return journal.entries.find((entry) => entry.when === Number(createdAt))?.tag ?? `desconocida-${createdAt}`;
  } catch {
    return `desconocida-${createdAt}`;
  }
}

/** Tables, rows per table and the last migration, read through `query` (one snapshot when it is one transaction). */
export async function readContents(query: Query): Promise<DatabaseContents> {
  const { rows: tables } = await query(
    "select table_name as name from information_schema.tables where table_schema = 'public' and table_type = 'BASE TABLE' order by table_name",
  );
  const tablas: Record<string, number> = {};
  if (tables.length > 0) {
    const counts = tables
      .map(
        (t) => `select ${pgString(String(t.name))} as name, count(*)::bigint as n from ${quoteIdent(String(t.name))}`,
      )
      .join(" union all ");
    const { rows } = await query(counts);
    for (const row of rows) tablas[String(row.name)] = Number(row.n);
  }
  const { rows: migrations } = await query("select to_regclass('drizzle.__drizzle_migrations') is not null as present");
  let esquema: string | null = null;
  if (migrations[0]?.present) {
    const { rows } = await query(
      "select created_at from drizzle.__drizzle_migrations order by created_at desc limit 1",
    );
    esquema = migrationTag(rows[0]?.created_at);
  }
  return { tablas, esquema };
}

const pgString = (value: string) => `'${value.replace(/'/g, "''")}'`;

/** Rows that are the studio's data (bookkeeping tables left out): 0 means an empty database. */
export function dataRows(contents: DatabaseContents): number {
  return Object.entries(contents.tablas)
    .filter(([name]) => !BOOKKEEPING.has(name))
    .reduce((sum, [, n]) => sum + n, 0);
}

/** The tables whose rows differ between two readings (a restore checked against its backup). */
export function differingTables(expected: Record<string, number>, actual: Record<string, number>): string[] {
  const names = new Set([...Object.keys(expected), ...Object.keys(actual)]);
  return [...names].filter((name) => (expected[name] ?? 0) !== (actual[name] ?? 0)).sort();
}

// ---------------------------------------------------------------- PostgreSQL tools

/**
 * The environment pg_dump, pg_restore and psql read the connection from: the URL's password
 * goes in PGPASSWORD, never on a command line (`ps` shows those to every user).
 */
export function pgConnection(url: string): { dbname: string; env: NodeJS.ProcessEnv } {
  const parsed = new URL(url);
  const password = decodeURIComponent(parsed.password);
  parsed.password = "";
  return { dbname: parsed.toString(), env: { ...process.env, ...(password ? { PGPASSWORD: password } : {}) } };
}

/** Runs a program to the end; rejects with the last lines of its stderr. */
export function run(
  program: string,
  args: string[],
  options: { env?: NodeJS.ProcessEnv; feed?: (stdin: NodeJS.WritableStream) => void } = {},
): Promise<void> {
  return new Promise((resolve, reject) => {
    const child = spawn(program, args, { env: options.env ?? process.env, stdio: ["pipe", "ignore", "pipe"] });
    let stderr = "";
    child.stderr.on("data", (chunk) => {
      stderr = (stderr + String(chunk)).slice(-4000);
    });
    child.on("error", (error) => reject(new Error(`No se pudo ejecutar ${program}: ${error.message}`)));
    child.on("close", (code) => {
      if (code === 0) resolve();
      else
        reject(new Error(`${program} terminó con código ${code}: ${stderr.trim().split("\n").slice(-5).join(" / ")}`));
    });
    child.stdin.on("error", () => {});
    if (options.feed) options.feed(child.stdin);
    else child.stdin.end();
  });
}

/**
 * pg_dump --format=custom of the whole database into `file`, on one exported snapshot: the
 * row counts returned are exactly the dump's.
 */
export async function dumpPostgres(url: string, file: string): Promise<DatabaseContents> {
  const client = new pg.Client({ connectionString: url });
  client.on("error", () => {});
  await client.connect();
  try {
    await client.query("begin isolation level repeatable read read only");
    const { rows } = await client.query<{ snapshot: string }>("select pg_export_snapshot() as snapshot");
    const contents = await readContents((text) => client.query(text));
    const { dbname, env } = pgConnection(url);
    await run("pg_dump", ["--format=custom", `--snapshot=${rows[0].snapshot}`, "--file", file, "--dbname", dbname], {
      env,
    });
    await client.query("commit");
    return contents;
  } finally {
    await client.end().catch(() => undefined);
  }
}

/** What a PostgreSQL database holds now. */
export async function postgresContents(url: string): Promise<DatabaseContents> {
  const client = new pg.Client({ connectionString: url });
  client.on("error", () => {});
  await client.connect();
  try {
    return await readContents((text) => client.query(text));
  } finally {
    await client.end().catch(() => undefined);
  }
}

/**
 * Restores a custom-format dump into a PostgreSQL database in one transaction: our two
 * schemas (public, drizzle) are dropped and the dump's objects and rows created. Anything
 * failing rolls back the whole, leaving the database as it was.
 */
export async function restorePostgres(url: string, file: string): Promise<void> {
  const { dbname, env } = pgConnection(url);
  const restore = spawn("pg_restore", ["--no-owner", "--no-privileges", "--file", "-", file], {
    env,
    stdio: ["ignore", "pipe", "pipe"],
  });
  let restoreError = "";
  restore.stderr.on("data", (chunk) => {
    restoreError = (restoreError + String(chunk)).slice(-4000);
  });
  const restoreDone = new Promise<number>((resolve) => restore.on("close", (code) => resolve(code ?? 1)));
  // The transaction is committed only when pg_restore wrote its whole script; otherwise
  // psql is told to roll back (ON_ERROR_STOP also stops it at the first failing statement).
  await run("psql", ["--quiet", "--no-psqlrc", "--set", "ON_ERROR_STOP=1", "--dbname", dbname], {
    env,
    feed: (stdin) => {
      stdin.write(
        "begin;\ndrop schema if exists drizzle cascade;\ndrop schema if exists public cascade;\ncreate schema public;\n",
      );
      restore.stdout.pipe(stdin, { end: false });
      restoreDone.then((code) => stdin.end(code === 0 ? "\ncommit;\n" : "\nrollback;\n"));
    },
  });
  const code = await restoreDone;
  if (code !== 0) throw new Error(`pg_restore terminó con código ${code}: ${restoreError.trim().slice(-500)}`);
}

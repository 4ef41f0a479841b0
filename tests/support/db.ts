/**
 * Real databases for integration tests: a fresh migrated PGlite per call (started from a
 * dumped, already-migrated data dir: ~0.6 s instead of ~5 s), or, when TEST_DATABASE_URL
 * is set (CI's PostgreSQL run), a fresh database of its own on that server, dropped on close.
 *
 * Vitest runs each test file in a process of its own, so the dump is kept on disk
 * (.tmp/test-db, named by a hash of the migrations and PGlite's version): the first file of a
 * run migrates, the others load it. On PostgreSQL the same happens on the server: one
 * migrated template database per hash of the migrations (`t_plantilla_<hash>`), built once by
 * whichever file comes first, and each test database is `CREATE DATABASE … TEMPLATE` of it.
 */
import { randomBytes } from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import pg from "pg";
import { type Database, migrationsFolder, openDatabase } from "~/server/db/client.server";
import { hashOfFiles } from "./hash-files";

let migratedDump: Promise<Blob> | undefined;

/** Where the migrated dump of these migrations is kept. */
function dumpPath(): string {
  const pglite = JSON.parse(fs.readFileSync(path.resolve("node_modules/@electric-sql/pglite/package.json"), "utf8"));
  return path.resolve(".tmp/test-db", `migrado-${hashOfFiles([pglite.version], [migrationsFolder])}.tar`);
}

async function migratedPgliteDump(): Promise<Blob> {
  const file = dumpPath();
  if (fs.existsSync(file)) return new Blob([fs.readFileSync(file)]);
  const database = await openDatabase({ memory: true });
  await database.migrate();
  const client = (database.db as unknown as { $client: { dumpDataDir: (c?: "none") => Promise<Blob> } }).$client;
  const dump = await client.dumpDataDir("none");
  await database.close();
  // written whole under another name, then renamed: a file running beside reads all or nothing
  fs.mkdirSync(path.dirname(file), { recursive: true });
  const partial = `${file}.${process.pid}`;
  fs.writeFileSync(partial, Buffer.from(await dump.arrayBuffer()));
  fs.renameSync(partial, file);
  return dump;
}

export async function createTestDatabase(): Promise<Database> {
  const serverUrl = process.env.TEST_DATABASE_URL;
  if (serverUrl) return createMigratedPostgresDatabase(serverUrl);
  migratedDump ??= migratedPgliteDump();
  return openDatabase({ memory: true, loadDataDir: await migratedDump });
}

/**
 * Makes `dataDir`'s embedded database (its `pglite/` folder, which must not exist yet) a migrated,
 * empty one from the same dump, and closes it: a DATA_DIR as a first start would leave it, for a
 * test that runs a command on it (tests/support/commands.ts), in a fraction of a new folder's
 * initdb and migrations.
 */
export async function createMigratedDataDir(dataDir: string): Promise<void> {
  migratedDump ??= migratedPgliteDump();
  const database = await openDatabase({ dataDir, loadDataDir: await migratedDump });
  await database.close();
}

/**
 * A new database of its own on a PostgreSQL server with every migration applied, dropped on
 * close: a copy of the migrated template (see postgresTemplate). `name` lets a test know it
 * (to point a second pool, another instance, at it).
 */
export async function createMigratedPostgresDatabase(serverUrl: string, name = testDatabaseName()): Promise<Database> {
  const template = await postgresTemplate(serverUrl);
  return createEmptyPostgresDatabase(serverUrl, name, template);
}

let templateReady: Promise<string> | undefined;

/**
 * The migrated template of these migrations on this server, built if missing. Two files
 * starting at once do not both build it: the builder holds an advisory lock on the server's
 * `postgres` connection, and the others wait on the same lock, then find it. It is migrated
 * under another name and renamed when complete (a builder that died leaves only a
 * `…_a_medias` database, dropped by the next builder), and nobody may connect to it
 * afterwards (ALLOW_CONNECTIONS false): PostgreSQL copies a template only while it has no
 * sessions.
 */
function postgresTemplate(serverUrl: string): Promise<string> {
  templateReady ??= buildPostgresTemplate(serverUrl).catch((error) => {
    templateReady = undefined;
    throw error;
  });
  return templateReady;
}

const TEMPLATE_LOCK = 726_431_907; // any fixed key: the advisory lock of "building a template"

async function buildPostgresTemplate(serverUrl: string): Promise<string> {
  const name = `t_plantilla_${hashOfFiles([], [migrationsFolder])}`;
  const exists = async (client: pg.Client) =>
    (await client.query("SELECT 1 FROM pg_database WHERE datname = $1", [name])).rowCount === 1;
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  try {
    if (await exists(admin)) return name;
    await admin.query("SELECT pg_advisory_lock($1)", [TEMPLATE_LOCK]);
    try {
      if (await exists(admin)) return name;
      // what a builder that died left behind (only builders create these, one at a time)
      const { rows } = await admin.query(
        "SELECT datname FROM pg_database WHERE datname LIKE 't\\_plantilla\\_%\\_a\\_medias'",
      );
      for (const row of rows) await admin.query(`DROP DATABASE IF EXISTS ${row.datname} WITH (FORCE)`);
      const partial = `${name}_a_medias`;
      await admin.query(`CREATE DATABASE ${partial}`);
      const url = new URL(serverUrl);
      url.pathname = `/${partial}`;
      const database = await openDatabase({ url: url.toString() });
      try {
        await database.migrate();
      } finally {
        await database.close();
      }
      await untilNoSessions(admin, partial);
      await admin.query(`ALTER DATABASE ${partial} WITH ALLOW_CONNECTIONS false IS_TEMPLATE true`);
      await admin.query(`ALTER DATABASE ${partial} RENAME TO ${name}`);
      return name;
    } finally {
      await admin.query("SELECT pg_advisory_unlock($1)", [TEMPLATE_LOCK]);
    }
  } finally {
    await admin.end();
  }
}

/** A name for a test database of its own (see createEmptyPostgresDatabase). */
export const testDatabaseName = () => `t_${Date.now()}_${randomBytes(4).toString("hex")}`;

/**
 * A new, empty database of its own on a PostgreSQL server (no migrations; a copy of
 * `template` when given), dropped on close. `name` lets a test know it (to point another
 * process at it).
 */
export async function createEmptyPostgresDatabase(
  serverUrl: string,
  name = testDatabaseName(),
  template?: string,
): Promise<Database> {
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  try {
    await admin.query(`CREATE DATABASE ${name}${template ? ` TEMPLATE ${template}` : ""}`);
  } finally {
    await admin.end();
  }
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  const database = await openDatabase({ url: url.toString() });
  return {
    ...database,
    close: async () => {
      await database.close();
      const dropper = new pg.Client({ connectionString: serverUrl });
      await dropper.connect();
      // dropping WITH (FORCE) at once would kill the pool's backends, and their clients
      // report an unhandled 57P01 error
      await untilNoSessions(dropper, name);
      await dropper.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await dropper.end();
    },
  };
}

/**
 * Waits (up to 5 s) until no session is connected to database `name`: pool.end() resolves
 * once each connection was asked to end, not once its backend is gone.
 */
async function untilNoSessions(client: pg.Client, name: string): Promise<void> {
  for (let tries = 0; tries < 100; tries++) {
    const { rows } = await client.query("SELECT count(*)::int AS n FROM pg_stat_activity WHERE datname = $1", [name]);
    if (rows[0].n === 0) return;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

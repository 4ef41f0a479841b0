/**
 * Real databases for integration tests: a fresh migrated PGlite per call (started from a
 * dumped, already-migrated data dir: ~0.6 s instead of ~5 s), or, when TEST_DATABASE_URL
 * is set (CI's PostgreSQL run), a fresh database of its own on that server, dropped on close.
 *
 * Vitest runs each test file in a process of its own, so the dump is kept on disk
 * (.tmp/test-db, named by a hash of the migrations and PGlite's version): the first file of a
 * run migrates, the others load it.
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
  if (serverUrl) return createPostgresDatabase(serverUrl);
  migratedDump ??= migratedPgliteDump();
  return openDatabase({ memory: true, loadDataDir: await migratedDump });
}

async function createPostgresDatabase(serverUrl: string): Promise<Database> {
  const database = await createEmptyPostgresDatabase(serverUrl);
  await database.migrate();
  return database;
}

/** A name for a test database of its own (see createEmptyPostgresDatabase). */
export const testDatabaseName = () => `t_${Date.now()}_${randomBytes(4).toString("hex")}`;

/**
 * A new, empty database of its own on a PostgreSQL server (no migrations), dropped on close.
 * `name` lets a test know it (to point another process at it).
 */
export async function createEmptyPostgresDatabase(serverUrl: string, name = testDatabaseName()): Promise<Database> {
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name}`);
  await admin.end();
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  const database = await openDatabase({ url: url.toString() });
  return {
    ...database,
    close: async () => {
      await database.close();
      const dropper = new pg.Client({ connectionString: serverUrl });
      await dropper.connect();
      // pool.end() resolves once each connection was asked to end, not once its backend is
      // gone: dropping WITH (FORCE) at once kills those backends, and their clients report
      // an unhandled 57P01 error. Wait for them to leave first.
      for (let tries = 0; tries < 100; tries++) {
        const { rows } = await dropper.query("SELECT count(*)::int AS n FROM pg_stat_activity WHERE datname = $1", [
          name,
        ]);
        if (rows[0].n === 0) break;
        await new Promise((resolve) => setTimeout(resolve, 50));
      }
      await dropper.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await dropper.end();
    },
  };
}

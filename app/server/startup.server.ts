import { pgliteCreated } from "./db/client.server";
import type { Database } from "./db/client.server";
import { closeDatabase, initDatabase } from "./db/index.server";
import { env, privateDir, uploadsDir } from "./env.server";
import { demoSeedNeeded, runDemoSeed } from "./seed.server";

const holder = globalThis as typeof globalThis & { __demoChecked?: boolean };

/**
 * Opens the database and applies the migrations; with SEED_DEMO on, the demo catalogue is
 * seeded first, in a child process, whenever it is needed (seed.server.ts). Checked once per
 * process.
 *
 * - A first start on the embedded database: the child creates the database too, before the
 *   server opens it. PostgreSQL's initdb alone takes some 800 MB in the process that runs
 *   it, and a process keeps what it once took.
 * - Otherwise the server opens and migrates the database and asks whether the demo needs
 *   seeding; the embedded database admits one process at a time, so it is closed while the
 *   child works and opened again afterwards.
 */
export async function prepareDatabase(): Promise<Database> {
  const embedded = !env.databaseUrl;
  if (env.seedDemo && !holder.__demoChecked && embedded && !pgliteCreated(env.dataDir)) {
    holder.__demoChecked = true;
    await runDemoSeed();
  }
  let database = await initDatabase();
  await database.migrate();
  if (env.seedDemo && !holder.__demoChecked) {
    holder.__demoChecked = true;
    if (await demoSeedNeeded(database.db, { uploadsDir: uploadsDir(), privateDir: privateDir() })) {
      if (database.kind === "pglite") await closeDatabase();
      await runDemoSeed();
      database = await initDatabase();
    }
  }
  return database;
}

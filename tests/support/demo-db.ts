/**
 * A database holding the demo catalogue. Apart from db.ts on purpose: these server modules
 * read the environment when first imported, and tests that set it first import db.ts only.
 */
import type { Database } from "~/server/db/client.server";
import { initDatabase } from "~/server/db/index.server";
import { importExport } from "~/server/importer.server";
import { readDemoExport } from "~/server/seed.server";
import { createTestDatabase } from "./db";

/** A fresh database holding the demo export (seed/demo.json), made the app's database (getDb()). */
export async function createDemoDatabase(): Promise<Database> {
  const database = await createTestDatabase();
  await initDatabase(database);
  await importExport(database.db, await readDemoExport());
  return database;
}

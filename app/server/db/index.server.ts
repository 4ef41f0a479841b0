/**
 * The database of the application context (context.server.ts): opened once at start-up
 * (server/app.ts, a script) or given (a test), and read synchronously everywhere else.
 */
import { appContext } from "../context.server";
import { env } from "../env.server";
import { type Database, type Db, type DbOrTx, openDatabase } from "./client.server";

/** Opens (once) the context's database named by its configuration, or adopts the one given. */
export async function initDatabase(given?: Database): Promise<Database> {
  const context = appContext();
  if (given) {
    context.database = given;
    return given;
  }
  if (context.database) return context.database;
  context.opening ??= openDatabase(env.databaseUrl ? { url: env.databaseUrl } : { dataDir: env.dataDir });
  context.database = await context.opening;
  return context.database;
}

/** Closes the context's database; the next initDatabase() opens it again. */
export async function closeDatabase(): Promise<void> {
  const context = appContext();
  const database = context.database;
  context.database = undefined;
  context.opening = undefined;
  await database?.close();
}

export function getDatabase(): Database {
  const { database } = appContext();
  if (!database) throw new Error("La base de datos no está abierta: llama a initDatabase() primero.");
  return database;
}

export function getDb(): Db {
  return getDatabase().db;
}

export type { Db, DbOrTx };

/**
 * The process-wide database, opened once at start-up (server/app.ts) and read synchronously
 * everywhere else. Kept on globalThis so that Vite's module reloads in development never
 * open a second PGlite on the same folder.
 */
import { env } from "../env.server";
import { type Database, type Db, type DbOrTx, openDatabase } from "./client.server";

const holder = globalThis as typeof globalThis & { __database?: Database; __opening?: Promise<Database> };

/** Opens (once) the database named by the environment, or adopts the one given (tests). */
export async function initDatabase(given?: Database): Promise<Database> {
  if (given) {
    holder.__database = given;
    return given;
  }
  if (holder.__database) return holder.__database;
  holder.__opening ??= openDatabase(env.databaseUrl ? { url: env.databaseUrl } : { dataDir: env.dataDir });
  holder.__database = await holder.__opening;
  return holder.__database;
}

/** Closes the process-wide database; the next initDatabase() opens it again. */
export async function closeDatabase(): Promise<void> {
  const database = holder.__database;
  holder.__database = undefined;
  holder.__opening = undefined;
  await database?.close();
}

export function getDatabase(): Database {
  if (!holder.__database) throw new Error("La base de datos no está abierta: llama a initDatabase() primero.");
  return holder.__database;
}

export function getDb(): Db {
  return getDatabase().db;
}

export type { Db, DbOrTx };

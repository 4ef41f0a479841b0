/**
 * What the commands (backup, create-admin, import) share: print a Spanish message and exit 1,
 * and open the configured database (DATABASE_URL, or the embedded one in DATA_DIR), saying what
 * to do when the running app holds the embedded database's folder.
 *
 * Importing it gives the command its application context (ADR 031), read from the environment,
 * before the command's own code runs.
 */
import { createAppContext, useAppContext } from "../app/server/context.server";
import { type Database, openDatabase } from "../app/server/db/client.server";
import { env } from "../app/server/env.server";

useAppContext(createAppContext());

export function fail(message: string): never {
  console.error(message);
  process.exit(1);
}

/** The configured database; `whileRunning` is said when the app holds DATA_DIR's database. */
export async function openConfiguredDatabase(whileRunning: (lockMessage: string) => string): Promise<Database> {
  try {
    return await openDatabase(env.databaseUrl ? { url: env.databaseUrl } : { dataDir: env.dataDir });
  } catch (error) {
    const message = (error as Error).message;
    if (message.includes("abierta por otro proceso")) fail(whileRunning(message));
    fail(`No se pudo abrir la base de datos: ${message}`);
  }
}

/** The usual advice for a command that cannot run beside the app on the embedded database. */
export const stopTheAppFirst = (what: string) => (message: string) =>
  `No se puede ${what} mientras la aplicación está en marcha con la misma carpeta de datos.\n${message}\n` +
  "Detén la aplicación (o usa DATABASE_URL con un servidor PostgreSQL) y vuelve a intentarlo.";

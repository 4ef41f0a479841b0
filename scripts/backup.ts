/**
 * npm run backup
 *
 * Makes one backup now (ADR 029), labelled 'manual' (never pruned): the database named by
 * the environment (DATABASE_URL: pg_dump; otherwise the PGlite folder in DATA_DIR, which the
 * running app holds locked: stop it first, or wait for its daily copy), the uploads' manifest
 * and, when they are on disk, the uploads themselves; into the bucket (S3_*) or DATA_DIR/backups.
 */
import { createBackup } from "../app/server/backup/backup.server";
import { configuredFiles } from "../app/server/backup/job.server";
import { configuredStore } from "../app/server/backup/store.server";
import { type Database, openDatabase, pgliteCreated } from "../app/server/db/client.server";
import { env } from "../app/server/env.server";

function fail(message: string): never {
  console.error(message);
  process.exit(1);
}

if (process.argv.slice(2).some((arg) => arg !== "--")) fail("Uso: npm run backup");
if (!env.databaseUrl && !pgliteCreated(env.dataDir)) fail(`No hay base de datos en ${env.dataDir}: nada que copiar.`);

let database: Database;
try {
  database = await openDatabase(env.databaseUrl ? { url: env.databaseUrl } : { dataDir: env.dataDir });
} catch (error) {
  const message = (error as Error).message;
  if (message.includes("abierta por otro proceso")) {
    fail(
      `${message}\nLa aplicación en marcha hace su propia copia cada día (09:00 UTC). ` +
        "Para una copia a mano de la base integrada, detén la aplicación y vuelve a intentarlo.",
    );
  }
  fail(`No se pudo abrir la base de datos: ${message}`);
}

let exitCode = 0;
try {
  const descriptor = await createBackup({
    database,
    files: configuredFiles(),
    store: configuredStore(),
    now: new Date(),
    label: "manual",
    report: (line) => console.log(line),
  });
  console.log(`Para restaurarla: npm run restore -- ${descriptor.nombre}`);
} catch (error) {
  console.error(`La copia falló: ${(error as Error).message}`);
  exitCode = 1;
} finally {
  await database.close();
}
process.exit(exitCode);

/**
 * npm run backup (the entry point is scripts/backup.ts)
 *
 * Makes one backup now (ADR 029), labelled 'manual' (never pruned): the database named by the
 * context's configuration (DATABASE_URL: pg_dump; otherwise the PGlite folder in DATA_DIR, which
 * the running app holds locked: stop it first, or wait for its daily copy), the uploads'
 * manifest and, when they are on disk, the uploads themselves; into the bucket (S3_*) or
 * DATA_DIR/backups.
 */
import { createBackup } from "../../app/server/backup/backup.server";
import { configuredFiles } from "../../app/server/backup/job.server";
import { configuredStore } from "../../app/server/backup/store.server";
import { pgliteCreated } from "../../app/server/db/client.server";
import { env } from "../../app/server/env.server";
import { type CommandOutput, openConfiguredDatabase, withoutSeparators } from "./command";

export async function backupCommand(commandLine: string[], out: CommandOutput): Promise<number> {
  if (withoutSeparators(commandLine).length > 0) {
    out.error("Uso: npm run backup");
    return 1;
  }
  if (!env.databaseUrl && !pgliteCreated(env.dataDir)) {
    out.error(`No hay base de datos en ${env.dataDir}: nada que copiar.`);
    return 1;
  }

  const database = await openConfiguredDatabase(
    (message) =>
      `${message}\nLa aplicación en marcha hace su propia copia cada día (09:00 UTC). ` +
      "Para una copia a mano de la base integrada, detén la aplicación y vuelve a intentarlo.",
  );
  if ("refused" in database) {
    out.error(database.refused);
    return 1;
  }

  let exitCode = 0;
  try {
    const descriptor = await createBackup({
      database,
      files: configuredFiles(),
      store: configuredStore(),
      now: new Date(),
      label: "manual",
      report: (line) => out.log(line),
    });
    out.log(`Para restaurarla: npm run restore -- ${descriptor.nombre}`);
  } catch (error) {
    out.error(`La copia falló: ${(error as Error).message}`);
    exitCode = 1;
  } finally {
    await database.close();
  }
  return exitCode;
}

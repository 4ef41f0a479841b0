/**
 * The daily backup as a durable job (ADR 023, ADR 029): one job per day in `tareas`
 * (clave `respaldo-2026-11-28`), at 09:00 UTC (03:00 in Guadalajara). The jobs' claim makes
 * it run in one instance only. Each run first schedules the next day's, then makes the copy
 * from the live database (PGlite's own dump of the open instance, or pg_dump), then prunes
 * the store to 7 daily and 4 weekly copies. `scheduleDailyBackup` at start-up puts the next
 * one in place (idempotent across instances and restarts).
 */
import { type BackupStore, configuredStore } from "./store.server";
import { type FilesLocation, createBackup, pruneBackups } from "./backup.server";
import { nextBackupTime, scheduledLabel } from "~/domain/backups";
import type { Database, DbOrTx } from "../db/client.server";
import { getDatabase } from "../db/index.server";
import { env } from "../env.server";
import { type JobContext, registerJob, scheduleJob } from "../jobs.server";
import { getStorage } from "../storage/index.server";

export const BACKUP_JOB = "respaldo-diario";

const claveFor = (at: Date) => `${BACKUP_JOB}-${at.toISOString().slice(0, 10)}`;

/** Schedules the first daily backup after `now` (nothing if it already is). */
export async function scheduleDailyBackup(db: DbOrTx, now: Date = new Date()): Promise<void> {
  const at = nextBackupTime(now);
  await scheduleJob(db, { tipo: BACKUP_JOB, clave: claveFor(at), ejecutarEn: at });
}

/** Where the app's uploads live (the storage module's choice: the bucket or DATA_DIR). */
export function configuredFiles(): FilesLocation {
  return env.s3
    ? { kind: "s3", storages: { uploads: getStorage("public"), private: getStorage("private") } }
    : { kind: "carpeta", dataDir: env.dataDir };
}

export type BackupJobDeps = { database: () => Database; store: () => BackupStore; files: () => FilesLocation };

const defaults: BackupJobDeps = { database: getDatabase, store: configuredStore, files: configuredFiles };

/** The job's work, with what it uses given (tests give their database, store and folder). */
export async function runDailyBackup(context: JobContext, deps: BackupJobDeps = defaults): Promise<void> {
  // The next day's first: a copy that fails here is retried by the jobs, and tomorrow's still comes.
  await scheduleDailyBackup(context.db, context.now);
  const store = deps.store();
  const descriptor = await createBackup({
    database: deps.database(),
    files: deps.files(),
    store,
    now: context.now,
    label: scheduledLabel(context.now),
  });
  const pruned = await pruneBackups(store);
  console.log(
    `Copia de seguridad ${descriptor.nombre}: ${descriptor.base.bytes + descriptor.archivos.bytesCopia} bytes en ${store.where}` +
      (pruned.length > 0 ? `; borradas por antigüedad: ${pruned.join(", ")}` : ""),
  );
}

registerJob(BACKUP_JOB, (_datos, context) => runDailyBackup(context));

/**
 * npm run restore -- <copia> [--forzar] (the entry point is scripts/restore.ts)
 *
 * Restores a backup (ADR 029): <copia> is a name in the backup store (DATA_DIR/backups or the
 * bucket's backups/) or the path of a backup's folder. Into the database named by the
 * context's configuration (DATABASE_URL, or the PGlite folder in DATA_DIR: the app must be
 * stopped) and the uploads' folders. A target that already holds data is refused, changing
 * nothing, unless --forzar (or --force) is given; the PGlite folder and the upload folders it
 * replaces are kept aside, renamed '….reemplazada-<fecha>'.
 */
import fs from "node:fs";
import path from "node:path";
import { isBackupName } from "../../app/domain/backups";
import { RestoreRefused, restoreBackup } from "../../app/server/backup/backup.server";
import { configuredFiles } from "../../app/server/backup/job.server";
import { configuredStore } from "../../app/server/backup/store.server";
import { env } from "../../app/server/env.server";
import { type CommandOutput, withoutSeparators } from "./command";

const USAGE =
  "Uso: npm run restore -- <copia> [--forzar]\n  <copia>: el nombre de una copia (p. ej. 2026-11-27T0900Z-diaria) o la carpeta de una copia.";

export async function restoreCommand(commandLine: string[], out: CommandOutput): Promise<number> {
  const args = withoutSeparators(commandLine);
  const force = args.some((arg) => arg === "--forzar" || arg === "--force");
  const rest = args.filter((arg) => arg !== "--forzar" && arg !== "--force");
  if (rest.length !== 1 || rest[0].startsWith("--")) {
    out.error(USAGE);
    return 1;
  }
  const given = rest[0];

  const store = configuredStore();
  let folder: string;
  let scratch: string | undefined;
  if (fs.existsSync(path.join(given, "descriptor.json"))) {
    folder = path.resolve(given);
  } else if (isBackupName(given)) {
    const names = await store.list();
    if (!names.includes(given)) {
      out.error(`No existe la copia ${given} en ${store.where}.\nCopias disponibles: ${names.join(", ") || "ninguna"}`);
      return 1;
    }
    scratch = path.join(env.dataDir, "tmp", `restaurar-${process.pid}`);
    out.log(`Descargando ${given} de ${store.where}…`);
    folder = await store.open(given, scratch);
  } else {
    out.error(`«${given}» no es una copia: ni una carpeta con descriptor.json ni un nombre de copia.\n${USAGE}`);
    return 1;
  }

  let exitCode = 0;
  try {
    await restoreBackup({
      folder,
      target: env.databaseUrl
        ? { kind: "postgres", url: env.databaseUrl, dataDir: env.dataDir }
        : { kind: "pglite", dataDir: env.dataDir },
      files: configuredFiles(),
      force,
      report: (line) => out.log(line),
    });
    out.log("Restauración terminada. Inicia la aplicación: aplicará las migraciones que le falten a la copia.");
  } catch (error) {
    const message = (error as Error).message;
    if (error instanceof RestoreRefused) out.error(`No se restauró: ${message}`);
    else if (message.includes("abierta por otro proceso")) {
      out.error(`${message}\nCon la base integrada, detén la aplicación antes de restaurar.`);
    } else out.error(`La restauración falló: ${message}`);
    exitCode = 1;
  } finally {
    if (scratch) fs.rmSync(scratch, { recursive: true, force: true });
  }
  return exitCode;
}

/**
 * Backups and restore (ADR 029). A backup is one named unit (`2026-11-27T0900Z-diaria`,
 * app/domain/backups.ts) in the backup store (store.server.ts), made of:
 *  - the database's dump: `base.tar.gz` (PGlite's own dump of its data dir) or `base.dump`
 *    (pg_dump --format=custom);
 *  - `archivos.json`: every stored file (area, key, size, SHA-256);
 *  - `archivos.tar`: the files themselves when they live on disk (DATA_DIR/uploads and
 *    DATA_DIR/private); a bucket keeps its own (versioning is the bucket's business);
 *  - `descriptor.json`, written last: the kind of database, its schema version (the last
 *    migration), the rows of every table, the sizes.
 * The database is dumped before the files are read: every file a dumped row names is there.
 *
 * `createBackup` runs in the app (the daily job, job.server.ts, on the live database) or in
 * `npm run backup`; `restoreBackup` only in `npm run restore`, with the app stopped when the
 * database is the embedded one.
 */
import { existsSync } from "node:fs";
import fs from "node:fs/promises";
import path from "node:path";
import { type BackupLabel, backupName, backupsToPrune } from "~/domain/backups";
import { type Database, lockDataDir, openDatabase, pgliteCreated } from "../db/client.server";
import type { Storage } from "../storage/types";
import {
  type DatabaseContents,
  dataRows,
  differingTables,
  dumpPostgres,
  postgresContents,
  readContents,
  restorePostgres,
  run,
} from "./database.server";
import {
  FILE_AREAS,
  type FileArea,
  type ManifestEntry,
  checkLocalFiles,
  hasLocalFiles,
  localManifest,
  tarFiles,
  untarFiles,
} from "./files.server";
import { type BackupStore, DESCRIPTOR } from "./store.server";

export type Report = (line: string) => void;

const PGLITE_DUMP = "base.tar.gz";
const POSTGRES_DUMP = "base.dump";
const MANIFEST = "archivos.json";
const FILES_TAR = "archivos.tar";

export type BackupDescriptor = {
  formato: 1;
  nombre: string;
  etiqueta: BackupLabel;
  creada: string;
  base: {
    tipo: "pglite" | "postgres";
    archivo: string;
    bytes: number;
    /** the last migration applied */
    esquema: string | null;
    /** rows per table */
    tablas: Record<string, number>;
    /** PGlite: how long the app's statements waited for the copy (ms) */
    pausaMs?: number;
  };
  archivos: {
    /** where the files lived: 'carpeta' (DATA_DIR, copied into archivos.tar) or 's3' (manifest only) */
    origen: "carpeta" | "s3";
    cantidad: number;
    bytes: number;
    manifiesto: string;
    /** the tar of the files, when they were copied */
    copia: string | null;
    bytesCopia: number;
  };
  duracionMs: number;
};

/** Where the uploads live: DATA_DIR's folders, or the bucket's two areas. */
export type FilesLocation = { kind: "carpeta"; dataDir: string } | { kind: "s3"; storages: Record<FileArea, Storage> };

const megabytes = (bytes: number) => `${(bytes / 1024 / 1024).toFixed(1)} MB`;

/**
 * The PGlite database's copy, with the contents it holds, taken while no other statement
 * runs: a PGlite transaction holds the instance's statement queue, so no write runs between
 * the row counts and the copy of the folder (PGlite has no background processes: between
 * statements its files stand still; the WAL is in the copy, so it recovers like after a
 * power cut). A database in a folder is copied by the system's tar (streamed from disk, the
 * app paused for the copy only) and compressed after the transaction; an in-memory one (tests)
 * through PGlite's own `dumpDataDir`, which builds the whole tarball in memory (1.2 GB of
 * RSS for the scale data's 443 MB folder: docs/benchmarks.md). Both are tars of the data dir
 * that the restore unpacks the same way.
 */
async function dumpPglite(database: Database, file: string): Promise<DatabaseContents & { pausaMs: number }> {
  const client = database.pglite;
  if (!client) throw new Error("La base de datos integrada no está disponible para copiarla.");
  await client.exec("checkpoint");
  const folder = client.dataDir && path.isAbsolute(client.dataDir) ? client.dataDir : null;
  if (folder && pgliteFolderHolds(folder)) {
    const tarFile = file.replace(/\.gz$/, "");
    let paused = 0;
    const contents = await client.transaction(async (tx) => {
      const started = Date.now();
      const read = await readContents((text) => tx.query(text) as never);
      await run("tar", ["--create", "--file", tarFile, "--directory", folder, "."]);
      paused = Date.now() - started;
      return read;
    });
    await run("gzip", ["--force", "-6", tarFile]);
    return { ...contents, pausaMs: paused };
  }
  let dump: Blob | undefined;
  let paused = 0;
  const contents = await client.transaction(async (tx) => {
    const started = Date.now();
    const read = await readContents((text) => tx.query(text) as never);
    dump = await client.dumpDataDir("gzip");
    paused = Date.now() - started;
    return read;
  });
  if (!dump) throw new Error("PGlite no entregó su copia.");
  await fs.writeFile(file, Buffer.from(await dump.arrayBuffer()));
  return { ...contents, pausaMs: paused };
}

const pgliteFolderHolds = (folder: string) => existsSync(path.join(folder, "PG_VERSION"));

/** The manifest of the files kept in the bucket (each read once to hash it). */
async function bucketManifest(storages: Record<FileArea, Storage>): Promise<ManifestEntry[]> {
  const { createHash } = await import("node:crypto");
  const manifest: ManifestEntry[] = [];
  for (const area of FILE_AREAS) {
    const storage = storages[area];
    if (!storage.list) throw new Error("El almacenamiento no puede listar sus archivos.");
    for (const object of await storage.list("")) {
      const stored = await storage.get(object.key);
      if (!stored) continue; // deleted meanwhile
      const sha256 = createHash("sha256").update(stored.bytes).digest("hex");
      manifest.push({ area, key: object.key, bytes: stored.bytes.length, sha256 });
    }
  }
  return manifest;
}

/** A name not yet in the store for a copy made at `now`. */
async function freshName(store: BackupStore, now: Date, label: BackupLabel): Promise<string> {
  const taken = new Set(await store.list());
  for (let sequence = 1; ; sequence++) {
    const name = backupName(now, label, sequence);
    if (!taken.has(name)) return name;
  }
}

export type BackupInput = {
  database: Database;
  files: FilesLocation;
  store: BackupStore;
  now: Date;
  label: BackupLabel;
  report?: Report;
};

/** Makes one backup and stores it; returns its descriptor. A failure leaves no partial copy. */
export async function createBackup(input: BackupInput): Promise<BackupDescriptor> {
  const report = input.report ?? (() => {});
  const started = Date.now();
  const name = await freshName(input.store, input.now, input.label);
  const staging = input.store.stagingDir(name);
  await fs.rm(staging, { recursive: true, force: true });
  await fs.mkdir(staging, { recursive: true });
  try {
    report(
      `Copia ${name}: copiando la base de datos (${input.database.kind === "pglite" ? "integrada" : "PostgreSQL"})…`,
    );
    const dumpFile = input.database.kind === "pglite" ? PGLITE_DUMP : POSTGRES_DUMP;
    const contents =
      input.database.kind === "pglite"
        ? await dumpPglite(input.database, path.join(staging, dumpFile))
        : await dumpPostgres(requireUrl(input.database), path.join(staging, dumpFile));
    const dumpBytes = (await fs.stat(path.join(staging, dumpFile))).size;
    const rows = Object.values(contents.tablas).reduce((sum, n) => sum + n, 0);
    const pause =
      "pausaMs" in contents ? `; la base estuvo en pausa ${((contents.pausaMs as number) / 1000).toFixed(1)} s` : "";
    report(`  ${Object.keys(contents.tablas).length} tablas, ${rows} filas, ${megabytes(dumpBytes)}${pause}.`);

    report("Copia: leyendo los archivos subidos…");
    const manifest =
      input.files.kind === "carpeta"
        ? await localManifest(input.files.dataDir)
        : await bucketManifest(input.files.storages);
    await fs.writeFile(path.join(staging, MANIFEST), `${JSON.stringify(manifest, null, 1)}\n`);
    let copyBytes = 0;
    if (input.files.kind === "carpeta") {
      await tarFiles(input.files.dataDir, manifest, path.join(staging, FILES_TAR));
      copyBytes = (await fs.stat(path.join(staging, FILES_TAR))).size;
    }
    const fileBytes = manifest.reduce((sum, entry) => sum + entry.bytes, 0);
    report(
      `  ${manifest.length} archivos, ${megabytes(fileBytes)}${input.files.kind === "s3" ? " (quedan en el bucket; la copia guarda su lista)" : ""}.`,
    );

    const descriptor: BackupDescriptor = {
      formato: 1,
      nombre: name,
      etiqueta: input.label,
      creada: input.now.toISOString(),
      base: { tipo: input.database.kind, archivo: dumpFile, bytes: dumpBytes, ...contents },
      archivos: {
        origen: input.files.kind,
        cantidad: manifest.length,
        bytes: fileBytes,
        manifiesto: MANIFEST,
        copia: input.files.kind === "carpeta" ? FILES_TAR : null,
        bytesCopia: copyBytes,
      },
      duracionMs: Date.now() - started,
    };
    await fs.writeFile(path.join(staging, DESCRIPTOR), `${JSON.stringify(descriptor, null, 2)}\n`);
    await input.store.save(name, staging);
    report(`Copia ${name} guardada en ${input.store.where} (${((Date.now() - started) / 1000).toFixed(1)} s).`);
    return descriptor;
  } catch (error) {
    await fs.rm(staging, { recursive: true, force: true }).catch(() => undefined);
    throw error;
  }
}

/** Deletes the daily and weekly copies beyond the retention (backupsToPrune); returns their names. */
export async function pruneBackups(store: BackupStore): Promise<string[]> {
  const pruned = backupsToPrune(await store.list());
  for (const name of pruned) await store.remove(name);
  return pruned;
}

function requireUrl(database: Database): string {
  if (!database.url) throw new Error("Falta la dirección del servidor PostgreSQL.");
  return database.url;
}

// ---------------------------------------------------------------- restore

/** A restore refused before anything changed (a non-empty target, a backup of another kind). */
export class RestoreRefused extends Error {}

export type RestoreTarget = { kind: "pglite"; dataDir: string } | { kind: "postgres"; url: string; dataDir: string };

export type RestoreInput = {
  /** a folder holding the backup's files */
  folder: string;
  target: RestoreTarget;
  /** where the uploads go back: DATA_DIR's folders, or the bucket (checked, not written) */
  files: FilesLocation;
  force: boolean;
  report?: Report;
  now?: Date;
};

export async function readDescriptor(folder: string): Promise<BackupDescriptor> {
  const text = await fs.readFile(path.join(folder, DESCRIPTOR), "utf8").catch(() => {
    throw new RestoreRefused(`No hay una copia completa en ${folder} (falta ${DESCRIPTOR}).`);
  });
  const descriptor = JSON.parse(text) as BackupDescriptor;
  if (descriptor.formato !== 1) throw new RestoreRefused(`Formato de copia desconocido: ${descriptor.formato}.`);
  return descriptor;
}

const stampOf = (now: Date) => now.toISOString().replace(/[-:]/g, "").replace(/\..*$/, "Z");

/** What a PGlite data dir holds (the caller holds its lock); null when it holds no database. */
async function pgliteContents(dataDir: string): Promise<DatabaseContents | null> {
  if (!pgliteCreated(dataDir)) return null;
  const database = await openDatabase({ dataDir, lockHeld: true });
  try {
    return await readContents((text) => database.pglite!.query(text) as never);
  } finally {
    await database.close();
  }
}

/**
 * Restores a backup: refuses (RestoreRefused, nothing changed) a target whose database holds
 * the studio's data or whose folders hold files, unless `force`; then the database (PGlite:
 * the folder replaced, the old one kept aside; PostgreSQL: one transaction) and the files,
 * and checks both against the backup (rows per table, every file's SHA-256).
 */
export async function restoreBackup(input: RestoreInput): Promise<BackupDescriptor> {
  const report = input.report ?? (() => {});
  const now = input.now ?? new Date();
  const descriptor = await readDescriptor(input.folder);
  const { target } = input;
  if (descriptor.base.tipo !== target.kind) {
    throw new RestoreRefused(
      `La copia ${descriptor.nombre} es de una base ${descriptor.base.tipo === "pglite" ? "integrada (PGlite)" : "PostgreSQL"} ` +
        `y el destino es ${target.kind === "pglite" ? "la base integrada" : "PostgreSQL"}: restáurala en una del mismo tipo.`,
    );
  }
  const dumpFile = path.join(input.folder, descriptor.base.archivo);
  const dumpStat = await fs.stat(dumpFile).catch(() => null);
  if (!dumpStat || dumpStat.size !== descriptor.base.bytes) {
    throw new RestoreRefused(
      `La copia ${descriptor.nombre} está incompleta: ${descriptor.base.archivo} falta o no mide lo que dice.`,
    );
  }
  const manifest = JSON.parse(
    await fs.readFile(path.join(input.folder, descriptor.archivos.manifiesto), "utf8"),
  ) as ManifestEntry[];
  report(
    `Restaurando ${descriptor.nombre} (creada ${descriptor.creada}, esquema ${descriptor.base.esquema ?? "sin migraciones"}).`,
  );

  const release = target.kind === "pglite" ? lockDataDir(target.dataDir) : () => {};
  try {
    // 1. Refuse a target that holds data, before touching anything.
    const current =
      target.kind === "pglite" ? await pgliteContents(target.dataDir) : await postgresContents(target.url);
    const rowsThere = current ? dataRows(current) : 0;
    const filesThere =
      input.files.kind === "carpeta" && descriptor.archivos.copia ? await hasLocalFiles(input.files.dataDir) : false;
    if ((rowsThere > 0 || filesThere) && !input.force) {
      const what = [
        rowsThere > 0 && `la base de datos tiene ${rowsThere} filas`,
        filesThere && "hay archivos en uploads/ o private/",
      ].filter(Boolean);
      throw new RestoreRefused(
        `El destino no está vacío (${what.join(" y ")}). No se cambió nada. ` +
          "Para reemplazarlo con la copia, repite la orden con --forzar.",
      );
    }

    // 2. The database.
    report(`Base de datos: restaurando ${descriptor.base.archivo} (${megabytes(descriptor.base.bytes)})…`);
    let restored: DatabaseContents;
    if (target.kind === "pglite") {
      if (current || pgliteCreated(target.dataDir)) {
        const aside = path.join(target.dataDir, `pglite.reemplazada-${stampOf(now)}`);
        await fs.rename(path.join(target.dataDir, "pglite"), aside);
        report(`  La base anterior quedó en ${aside} (bórrala cuando ya no la necesites).`);
      } else {
        await fs.rm(path.join(target.dataDir, "pglite"), { recursive: true, force: true });
      }
      // Both kinds of PGlite copy are tars of the data dir ('/PG_VERSION' or './PG_VERSION'):
      // unpacked from disk by the system's tar, never whole in memory.
      const pgDir = path.join(target.dataDir, "pglite");
      await fs.mkdir(pgDir, { recursive: true });
      await run("tar", ["--extract", "--gzip", "--file", dumpFile, "--directory", pgDir, "--no-same-owner"]);
      const database = await openDatabase({ dataDir: target.dataDir, lockHeld: true });
      try {
        restored = await readContents((text) => database.pglite!.query(text) as never);
      } finally {
        await database.close();
      }
    } else {
      await restorePostgres(target.url, dumpFile);
      restored = await postgresContents(target.url);
    }
    const differing = differingTables(descriptor.base.tablas, restored.tablas);
    if (differing.length > 0)
      throw new Error(`Tras restaurar, las filas no coinciden con la copia en: ${differing.join(", ")}.`);
    const rows = Object.values(restored.tablas).reduce((sum, n) => sum + n, 0);
    report(`  Listo: ${Object.keys(restored.tablas).length} tablas y ${rows} filas, iguales a la copia.`);

    // 3. The files.
    if (descriptor.archivos.copia && input.files.kind === "carpeta") {
      const dataDir = input.files.dataDir;
      if (filesThere) {
        for (const area of FILE_AREAS) {
          const folder = path.join(dataDir, area);
          const aside = `${folder}.reemplazada-${stampOf(now)}`;
          if (await fs.stat(folder).catch(() => null)) {
            await fs.rename(folder, aside);
            report(`  Los archivos anteriores de ${area}/ quedaron en ${aside}.`);
          }
        }
      }
      report(`Archivos: restaurando ${descriptor.archivos.cantidad} (${megabytes(descriptor.archivos.bytes)})…`);
      await untarFiles(path.join(input.folder, descriptor.archivos.copia), dataDir);
      const problems = await checkLocalFiles(dataDir, manifest);
      if (problems.length > 0) throw new Error(`Archivos distintos de la copia: ${problems.slice(0, 10).join("; ")}.`);
      report(`  Listo: ${manifest.length} archivos con su SHA-256 igual al de la copia.`);
    } else if (input.files.kind === "s3") {
      report(
        descriptor.archivos.copia
          ? `Archivos: la copia los trae en ${descriptor.archivos.copia}, pero ahora se guardan en el bucket: súbelos desde ahí si faltan. Comprobando el bucket…`
          : "Archivos: la copia no los contiene (estaban en el bucket); comprobando que sigan ahí…",
      );
      const missing: string[] = [];
      for (const area of FILE_AREAS) {
        const listed = new Map((await input.files.storages[area].list?.(""))?.map((o) => [o.key, o.bytes]) ?? []);
        for (const entry of manifest.filter((e) => e.area === area)) {
          if (listed.get(entry.key) !== entry.bytes) missing.push(`${area}/${entry.key}`);
        }
      }
      if (missing.length > 0)
        report(
          `  Atención: en el bucket faltan o cambiaron ${missing.length} de los ${manifest.length} archivos de la copia: ${missing.slice(0, 10).join(", ")}.`,
        );
      else report(`  Listo: los ${manifest.length} archivos de la copia están en el bucket.`);
    } else {
      report("Archivos: la copia no contiene archivos (estaban en un bucket); los de DATA_DIR no se tocaron.");
    }
    return descriptor;
  } finally {
    release();
  }
}

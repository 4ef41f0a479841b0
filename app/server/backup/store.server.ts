/**
 * Where backups are kept (ADR 029): DATA_DIR/backups/<name>/ by default, or the bucket's
 * `backups/<name>/` when the uploads live in S3 (S3_* settings, storage/s3.server.ts). A
 * backup is complete when its descriptor (`descriptor.json`) is there: it is written last.
 */
import fs from "node:fs/promises";
import path from "node:path";
import { isBackupName } from "~/domain/backups";
import { env } from "../env.server";
import { s3Storage } from "../storage/s3.server";
import type { Storage } from "../storage/types";

export const DESCRIPTOR = "descriptor.json";

export interface BackupStore {
  /** where the copies go, for messages ('/srv/data/backups', 's3://bucket/backups') */
  where: string;
  /** A folder to build a backup in before `save` (on the same disk as the copies when they are local). */
  stagingDir(name: string): string;
  /** The names of the complete backups, oldest first. */
  list(): Promise<string[]>;
  /** Stores a complete backup built in `folder` (the folder is gone afterwards); the descriptor goes last. */
  save(name: string, folder: string): Promise<void>;
  /** A local folder holding the backup's files (downloaded into `scratch` when remote). */
  open(name: string, scratch: string): Promise<string>;
  remove(name: string): Promise<void>;
}

export function folderStore(root: string): BackupStore {
  return {
    where: root,
    stagingDir: (name) => path.join(root, `.parcial-${name}-${process.pid}`),
    async list() {
      const entries = await fs.readdir(root, { withFileTypes: true }).catch(() => []);
      const names: string[] = [];
      for (const entry of entries) {
        if (!entry.isDirectory() || !isBackupName(entry.name)) continue;
        const complete = await fs.stat(path.join(root, entry.name, DESCRIPTOR)).catch(() => null);
        if (complete) names.push(entry.name);
      }
      return names.sort();
    },
    async save(name, folder) {
      await fs.mkdir(root, { recursive: true });
      await fs.rename(folder, path.join(root, name));
    },
    async open(name) {
      return path.join(root, name);
    },
    async remove(name) {
      if (!isBackupName(name)) throw new Error(`Nombre de copia no válido: ${name}`);
      await fs.rm(path.join(root, name), { recursive: true, force: true });
    },
  };
}

/** Backups in an S3 bucket under `backups/`, through the storage module's S3 client. */
export function bucketStore(
  storage: Storage & Required<Pick<Storage, "list" | "putFile">>,
  where: string,
  scratchRoot: string,
): BackupStore {
  return {
    where,
    stagingDir: (name) => path.join(scratchRoot, `.parcial-${name}-${process.pid}`),
    async list() {
      const keys = await storage.list("");
      const complete = keys
        .map((object) => object.key.split("/"))
        .filter((parts) => parts.length === 2 && parts[1] === DESCRIPTOR && isBackupName(parts[0]))
        .map((parts) => parts[0]);
      return [...new Set(complete)].sort();
    },
    async save(name, folder) {
      const files = (await fs.readdir(folder)).filter((file) => file !== DESCRIPTOR);
      for (const file of [...files, DESCRIPTOR]) {
        await storage.putFile(`${name}/${file}`, path.join(folder, file), "application/octet-stream");
      }
      await fs.rm(folder, { recursive: true, force: true });
    },
    async open(name, scratch) {
      const folder = path.join(scratch, name);
      await fs.mkdir(folder, { recursive: true });
      for (const object of await storage.list(`${name}/`)) {
        const stored = await storage.get(object.key);
        if (!stored) throw new Error(`Falta ${object.key} en el almacén de copias.`);
        await fs.writeFile(path.join(folder, path.basename(object.key)), stored.bytes);
      }
      return folder;
    },
    async remove(name) {
      if (!isBackupName(name)) throw new Error(`Nombre de copia no válido: ${name}`);
      for (const object of await storage.list(`${name}/`)) await storage.delete(object.key);
    },
  };
}

/** The store the settings name: the bucket when S3_BUCKET is set, DATA_DIR/backups otherwise. */
export function configuredStore(): BackupStore {
  if (env.s3) {
    const storage = s3Storage(env.s3, "backups");
    if (!storage.list || !storage.putFile) throw new Error("El almacenamiento S3 no puede listar archivos.");
    return bucketStore(
      storage as Storage & Required<Pick<Storage, "list" | "putFile">>,
      `s3://${env.s3.bucket}/backups`,
      path.join(env.dataDir, "tmp"),
    );
  }
  return folderStore(path.join(env.dataDir, "backups"));
}

/**
 * The uploads' side of backups (ADR 029): the manifest of every stored file (area, key, size,
 * SHA-256) and, when they live on disk (DATA_DIR/uploads and DATA_DIR/private), one tar of
 * them made by the system's tar from exactly the manifest's list.
 */
import { createHash } from "node:crypto";
import { createReadStream } from "node:fs";
import fs from "node:fs/promises";
import path from "node:path";
import { run } from "./database.server";

/** The two storage areas as folders of DATA_DIR (storage/index.server.ts). */
export const FILE_AREAS = ["uploads", "private"] as const;
export type FileArea = (typeof FILE_AREAS)[number];

export type ManifestEntry = { area: FileArea; key: string; bytes: number; sha256: string };

/** A file's SHA-256, read in chunks. */
export async function sha256Of(file: string): Promise<string> {
  const hash = createHash("sha256");
  for await (const chunk of createReadStream(file)) hash.update(chunk as Buffer);
  return hash.digest("hex");
}

/** Every file under `root` (relative paths with '/'), left out: the storage's half-written `.tmp` files. */
async function walk(root: string, prefix = ""): Promise<string[]> {
  const entries = await fs.readdir(path.join(root, prefix), { withFileTypes: true }).catch((error) => {
    if ((error as NodeJS.ErrnoException).code === "ENOENT") return [];
    throw error;
  });
  const files: string[] = [];
  for (const entry of entries) {
    const relative = prefix ? `${prefix}/${entry.name}` : entry.name;
    if (entry.isDirectory()) files.push(...(await walk(root, relative)));
    else if (entry.isFile() && !entry.name.endsWith(".tmp")) files.push(relative);
  }
  return files.sort();
}

/** The manifest of the files in DATA_DIR's two areas. */
export async function localManifest(dataDir: string): Promise<ManifestEntry[]> {
  const manifest: ManifestEntry[] = [];
  for (const area of FILE_AREAS) {
    for (const key of await walk(path.join(dataDir, area))) {
      const file = path.join(dataDir, area, key);
      const { size } = await fs.stat(file);
      manifest.push({ area, key, bytes: size, sha256: await sha256Of(file) });
    }
  }
  return manifest;
}

/** Whether DATA_DIR's areas hold any file. */
export async function hasLocalFiles(dataDir: string): Promise<boolean> {
  for (const area of FILE_AREAS) if ((await walk(path.join(dataDir, area))).length > 0) return true;
  return false;
}

/** A tar of the manifest's files (paths `uploads/…`, `private/…` relative to DATA_DIR). */
export async function tarFiles(dataDir: string, manifest: ManifestEntry[], tarFile: string): Promise<void> {
  const list = `${tarFile}.lista`;
  await fs.writeFile(list, manifest.map((entry) => `${entry.area}/${entry.key}\0`).join(""));
  try {
    await run("tar", ["--create", "--file", tarFile, "--directory", dataDir, "--null", "--files-from", list]);
  } finally {
    await fs.rm(list, { force: true });
  }
}

/** Unpacks a files tar into DATA_DIR. */
export async function untarFiles(tarFile: string, dataDir: string): Promise<void> {
  await fs.mkdir(dataDir, { recursive: true });
  await run("tar", ["--extract", "--file", tarFile, "--directory", dataDir, "--no-same-owner"]);
}

/** The manifest's files that are missing in DATA_DIR or differ (size or SHA-256). */
export async function checkLocalFiles(dataDir: string, manifest: ManifestEntry[]): Promise<string[]> {
  const problems: string[] = [];
  for (const entry of manifest) {
    const file = path.join(dataDir, entry.area, entry.key);
    const stat = await fs.stat(file).catch(() => null);
    if (!stat) problems.push(`${entry.area}/${entry.key}: falta`);
    else if (stat.size !== entry.bytes || (await sha256Of(file)) !== entry.sha256) {
      problems.push(`${entry.area}/${entry.key}: su contenido es distinto`);
    }
  }
  return problems;
}

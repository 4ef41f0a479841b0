/**
 * The demo catalogue, seeded outside the web server (ADR 011).
 *
 * On start, with SEED_DEMO on, the server asks one question: does the demo need seeding? It
 * does when the database is empty (no products and no categories) or when demo files the
 * last seeding wrote are missing from DATA_DIR (a wiped uploads folder, a first start after
 * upgrading). Then the server runs seed/seed-demo.ts in a child process and waits for it
 * before it listens, so the first page already has every image. The child imports
 * seed/demo.json through the same importer as the studio's real export, stores its `_sitio`
 * block as the site's images, draws the demo media and lists them in a manifest; its memory
 * (librsvg, the import) leaves with it. The server never loads the drawing code.
 *
 * The manifest (`private/demo-media.json`) is the contract between the two: the child writes
 * it last, the server checks that every file it lists is there (a few milliseconds).
 */
import { spawn } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import { count } from "drizzle-orm";
import type { Db } from "./db/client.server";
import { categorias, productos } from "./db/schema";

export type SeedDirs = { uploadsDir: string; privateDir: string };

export const demoExportPath = () => path.join(process.cwd(), "seed", "demo.json");

/** The seeding program the server runs in a child process. */
export const demoSeedScript = () => path.join(process.cwd(), "seed", "seed-demo.ts");

/** The demo's export, parsed (tests and the seeding program). */
export async function readDemoExport(): Promise<unknown> {
  return JSON.parse(await fs.promises.readFile(demoExportPath(), "utf8"));
}

/** No products and no categories: nothing of the studio's, nothing of the demo's. */
export async function catalogueIsEmpty(db: Db): Promise<boolean> {
  const [[p], [c]] = await Promise.all([
    db.select({ n: count() }).from(productos),
    db.select({ n: count() }).from(categorias),
  ]);
  return (p?.n ?? 0) === 0 && (c?.n ?? 0) === 0;
}

export async function demoSeedNeeded(db: Db, dirs: SeedDirs): Promise<boolean> {
  return (await catalogueIsEmpty(db)) || !demoMediaComplete(dirs);
}

// ---------------------------------------------------------------- the manifest

/** Files of the last seeding, relative to the public uploads folder and to the private one. */
export type DemoMediaManifest = { publicos: string[]; privados: string[] };

const manifestPath = (dirs: SeedDirs) => path.join(dirs.privateDir, "demo-media.json");

/** Written by the seeding program once every file is in place (an empty list: no demo here). */
export function writeDemoMediaManifest(dirs: SeedDirs, files: string[]): void {
  const manifest: DemoMediaManifest = { publicos: [], privados: [] };
  for (const file of files) {
    const under = (root: string) => path.relative(root, file);
    if (!under(dirs.uploadsDir).startsWith("..")) manifest.publicos.push(under(dirs.uploadsDir));
    else if (!under(dirs.privateDir).startsWith("..")) manifest.privados.push(under(dirs.privateDir));
  }
  fs.mkdirSync(dirs.privateDir, { recursive: true });
  const target = manifestPath(dirs);
  fs.writeFileSync(`${target}.tmp`, `${JSON.stringify(manifest, null, 1)}\n`);
  fs.renameSync(`${target}.tmp`, target);
}

/** Whether the last seeding's manifest exists and every file it lists is still there. */
export function demoMediaComplete(dirs: SeedDirs): boolean {
  let manifest: DemoMediaManifest;
  try {
    manifest = JSON.parse(fs.readFileSync(manifestPath(dirs), "utf8"));
  } catch {
    return false;
  }
  const files = [
    ...(manifest.publicos ?? []).map((file) => path.join(dirs.uploadsDir, file)),
    ...(manifest.privados ?? []).map((file) => path.join(dirs.privateDir, file)),
  ];
  return files.every((file) => (fs.statSync(file, { throwIfNoEntry: false })?.size ?? 0) > 0);
}

// ---------------------------------------------------------------- the child process

/**
 * Runs the seeding program (`node --import tsx seed/seed-demo.ts`) with the server's
 * environment (or `environment`: a test's), its output joined to the server's, and resolves
 * when it succeeded.
 */
export function runDemoSeed(environment: NodeJS.ProcessEnv = process.env): Promise<void> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, ["--import", "tsx", demoSeedScript()], {
      stdio: ["ignore", "inherit", "inherit"],
      env: environment,
    });
    child.once("error", reject);
    child.once("exit", (code, signal) => {
      if (code === 0) resolve();
      else reject(new Error(`No se pudo preparar el catálogo de demostración (${signal ?? `código ${code}`}).`));
    });
  });
}

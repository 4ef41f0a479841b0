/**
 * The demo catalogue: on an empty database (no products and no categories) seed/demo.json is
 * imported through the same importer as the studio's real export, and its media (images
 * drawn by seed/media.ts, the two committed videos) are written under DATA_DIR.
 *
 * Media are ensured on every start, seeded or not: a database seeded earlier whose uploads
 * folder was wiped gets its images back, and the site's hero/facilities images (demo.json's
 * `_sitio`) exist even before the studio uploads its own. Existing files are skipped, so this
 * costs a few milliseconds once everything is there.
 */
import fs from "node:fs/promises";
import path from "node:path";
import { count } from "drizzle-orm";
import { type DemoMediaReport, generateDemoMedia } from "../../seed/media";
import type { Db } from "./db/client.server";
import { categorias, productos } from "./db/schema";
import { importExport } from "./import/index.server";

export type SeedDirs = { uploadsDir: string; privateDir: string };

export const demoExportPath = () => path.join(process.cwd(), "seed", "demo.json");

export async function readDemoExport(): Promise<unknown> {
  return JSON.parse(await fs.readFile(demoExportPath(), "utf8"));
}

/** Imports the demo catalogue when the database has no products and no categories; returns whether it did. */
export async function seedDemoIfEmpty(db: Db, dirs: SeedDirs): Promise<boolean> {
  const demo = await readDemoExport();
  const [[p], [c]] = await Promise.all([
    db.select({ n: count() }).from(productos),
    db.select({ n: count() }).from(categorias),
  ]);
  const empty = (p?.n ?? 0) === 0 && (c?.n ?? 0) === 0;
  if (empty) {
    const result = await importExport(db, demo);
    console.log(
      `Catálogo de demostración importado: ${result.counts.producto} productos, ${result.counts.servicios} servicios, ${result.counts.cursos} cursos.`,
    );
  }
  await ensureDemoMedia(dirs, demo);
  return empty;
}

/** Writes whatever demo image or video is missing (idempotent, cheap when all exist). */
export async function ensureDemoMedia(dirs: SeedDirs, demo?: unknown): Promise<DemoMediaReport> {
  const report = await generateDemoMedia(dirs.uploadsDir, dirs.privateDir, demo ?? (await readDemoExport()));
  if (report.written > 0)
    console.log(`Imágenes de demostración: ${report.written} archivos escritos en ${report.ms} ms.`);
  return report;
}

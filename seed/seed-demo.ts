/**
 * npm run seed:demo — the demo catalogue in the database named by the environment
 * (DATABASE_URL, or the PGlite database in DATA_DIR), with its images in DATA_DIR.
 *
 * The web server runs this program itself, in a child process, when the demo needs seeding
 * (app/server/seed.server.ts); by hand it does the same. With the embedded database, stop
 * the app first (the database folder is locked while it runs).
 *
 * 1. An empty catalogue gets seed/demo.json through the studio's own importer.
 * 2. Where the demo catalogue is (seeded now or before), its `_sitio` block becomes the
 *    site's images (ajustes 'sitio') unless the studio set its own, and every demo image,
 *    video and manual is written if missing.
 * 3. The manifest of those files is written last: the server checks it on every start.
 */
import { pathToFileURL } from "node:url";
import { sql } from "drizzle-orm";
import { createAppContext, useAppContext } from "../app/server/context.server";
import { type Db, openDatabase } from "../app/server/db/client.server";
import { productos } from "../app/server/db/schema";
import { env, privateDir, uploadsDir } from "../app/server/env.server";
import { importExport } from "../app/server/import/index.server";
import { catalogueIsEmpty, readDemoExport, type SeedDirs, writeDemoMediaManifest } from "../app/server/seed.server";
import { hasSiteMedia, saveSiteMedia } from "../app/server/site/media.server";
import { seedDemoTreatments } from "./demo-treatments";
import { generateDemoMedia } from "./media/generate";


export async function seedDemo(db: Db, dirs: SeedDirs): Promise<{ imported: boolean; files: string[] }> {
  const demo = (await readDemoExport()) as { _sitio?: unknown };

  const imported = await catalogueIsEmpty(db);
  if (imported) {
    const result = await importExport(db, demo);
    console.log(
      `Catálogo de demostración importado: ${result.counts.producto} productos, ${result.counts.servicios} servicios, ${result.counts.cursos} cursos.`,
    );
  }

  if (!imported && !(await holdsDemoCatalogue(db))) {
    // The studio's own catalogue: nothing of the demo to draw, and nothing to check again.
    writeDemoMediaManifest(dirs, []);
    return { imported, files: [] };
  }

  if (demo._sitio && !(await hasSiteMedia(db))) await saveSiteMedia(db, demo._sitio);
  // Online booking (issue 15): the demo services' bookable treatments, once.
  const treatments = await seedDemoTreatments(db);
  if (treatments > 0) console.log(`Tratamientos de demostración para agendar: ${treatments}.`);

  const report = await generateDemoMedia(dirs.uploadsDir, dirs.privateDir, demo);
  if (report.written > 0) {
    console.log(`Imágenes de demostración: ${report.written} archivos escritos en ${report.ms} ms.`);
  }
  writeDemoMediaManifest(dirs, report.files);
  return { imported, files: report.files };
}

/** The demo's products point at its drawn images (/media/demo/...); the studio's never do. */
async function holdsDemoCatalogue(db: Db): Promise<boolean> {
  const rows = await db
    .select({ id: productos.id })
    .from(productos)
    .where(sql`${productos.urlImagen} like '/media/demo/%'`)
    .limit(1);
  return rows.length > 0;
}

// Run as a program (not when a test imports seedDemo).
if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  useAppContext(createAppContext());
  const database = await openDatabase(env.databaseUrl ? { url: env.databaseUrl } : { dataDir: env.dataDir });
  try {
    await database.migrate();
    await seedDemo(database.db, { uploadsDir: uploadsDir(), privateDir: privateDir() });
  } finally {
    await database.close();
  }
}

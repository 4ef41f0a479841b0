/**
 * npm run import -- ruta/a/exportacion.json
 *
 * Imports an export in the original document store's shape (see app/server/importer.server.ts)
 * into the database named by the environment: DATABASE_URL, or else the PGlite database in
 * DATA_DIR (default ./data). PGlite allows one process per folder: while the app runs on the
 * same DATA_DIR the lock refuses and nothing is touched. Migrations run first. On validation
 * errors every problem is printed as `colección / documento / campo: mensaje` and the exit
 * code is 1; nothing is written.
 */
import fs from "node:fs";
import path from "node:path";
import { type Database, openDatabase } from "../app/server/db/client.server";
import { env } from "../app/server/env.server";
import { COLLECTIONS, ImportError, importExport } from "../app/server/importer.server";

function fail(message: string): never {
  console.error(message);
  process.exit(1);
}

const file = process.argv.slice(2).find((arg) => arg !== "--");
if (!file) fail("Uso: npm run import -- ruta/a/exportacion.json");

let data: unknown;
try {
  data = JSON.parse(fs.readFileSync(path.resolve(file), "utf8"));
} catch (error) {
  const reason =
    (error as NodeJS.ErrnoException).code === "ENOENT"
      ? "no existe"
      : `no es JSON válido (${(error as Error).message})`;
  fail(`El archivo ${file} ${reason}.`);
}

let database: Database;
try {
  database = await openDatabase(env.databaseUrl ? { url: env.databaseUrl } : { dataDir: env.dataDir });
} catch (error) {
  const message = (error as Error).message;
  if (message.includes("abierta por otro proceso")) {
    fail(
      `No se puede importar mientras la aplicación está en marcha con la misma carpeta de datos.\n${message}\n` +
        "Detén la aplicación (o usa DATABASE_URL con un servidor PostgreSQL) y vuelve a intentarlo.",
    );
  }
  fail(`No se pudo abrir la base de datos: ${message}`);
}

const where = database.kind === "postgres" ? "PostgreSQL (DATABASE_URL)" : `PGlite en ${env.dataDir}`;
let exitCode = 0;
try {
  await database.migrate();
  const started = Date.now();
  const result = await importExport(database.db, data);
  console.log(`Importación completa en ${where} (${Date.now() - started} ms):`);
  for (const collection of COLLECTIONS) console.log(`  ${collection.padEnd(18)} ${result.counts[collection]}`);
  const d = result.detalle;
  console.log(
    `  listas: ${d.imagenesProducto} imágenes de producto, ${d.comentariosProducto + d.comentariosCurso} reseñas, ` +
      `${d.imagenesServicio} imágenes de servicio, ${d.imagenesCurso} de curso, ${d.videos} videos, ` +
      `${d.fotosVisita} fotos de visita, ${d.bandasEnvio} bandas de envío`,
  );
  for (const nota of result.notas) console.log(`  Nota: ${nota}`);
} catch (error) {
  exitCode = 1;
  if (error instanceof ImportError) {
    console.error(`La exportación tiene ${error.errors.length} error(es); no se importó nada:`);
    for (const e of error.errors) {
      console.error(`  ${e.collection || "(archivo)"} / ${e.id || "-"} / ${e.field || "-"}: ${e.message}`);
    }
  } else {
    console.error(`Error al importar: ${(error as Error).message}`);
  }
} finally {
  await database.close();
}
process.exit(exitCode);

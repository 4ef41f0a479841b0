/**
 * npm run import -- ruta/a/exportacion.json [--auth usuarios-auth.json] [opciones]
 *
 * Imports the original site's data (see app/server/import/index.server.ts) into the database
 * named by the environment: DATABASE_URL, or else the PGlite database in DATA_DIR (default
 * ./data). Files the export links to (Firebase Storage URLs) are copied into the site's
 * storage (DATA_DIR or S3_*), with a progress line per collection; a second run skips those
 * already copied. PGlite allows one process per folder: while the app runs on the same
 * DATA_DIR the lock refuses and nothing is touched. Migrations run first. On any problem
 * every one is printed as `colección / documento / campo: mensaje`, the exit code is 1 and
 * nothing is written.
 *
 * Options:
 *   --auth <archivo>               the output of `firebase auth:export <archivo> --format=JSON`
 *   --hash-signer-key <base64>     the project's password hash parameters (Firebase console →
 *   --hash-salt-separator <base64>   Authentication → Users → ⋮ → Password hash parameters);
 *   --hash-rounds <n>                or FIREBASE_HASH_SIGNER_KEY, FIREBASE_HASH_SALT_SEPARATOR,
 *   --hash-mem-cost <n>              FIREBASE_HASH_ROUNDS, FIREBASE_HASH_MEM_COST
 *   --tiempo-descarga <segundos>   time limit per file download (default 120)
 *   --limite-video-mb <MB>         largest course video accepted (default 500)
 */
import fs from "node:fs";
import path from "node:path";
import { parseArgs } from "node:util";
import { env } from "../app/server/env.server";
import { fail, openConfiguredDatabase, stopTheAppFirst } from "./open-database";
import { COLLECTIONS, ImportError, type MediaProgress, importExport } from "../app/server/import/index.server";


const USAGE = "Uso: npm run import -- ruta/a/exportacion.json [--auth usuarios-auth.json] [--hash-signer-key …]";

let args: ReturnType<typeof parseCommandLine>;
try {
  args = parseCommandLine();
} catch (error) {
  fail(`${(error as Error).message}\n${USAGE}`);
}
const file = args.positionals[0];
if (!file) fail(USAGE);

function parseCommandLine() {
  return parseArgs({
    args: process.argv.slice(2).filter((arg) => arg !== "--"),
    allowPositionals: true,
    options: {
      auth: { type: "string" },
      "hash-signer-key": { type: "string" },
      "hash-salt-separator": { type: "string" },
      "hash-rounds": { type: "string" },
      "hash-mem-cost": { type: "string" },
      "tiempo-descarga": { type: "string" },
      "limite-video-mb": { type: "string" },
    },
  });
}

function readJson(name: string): unknown {
  try {
    return JSON.parse(fs.readFileSync(path.resolve(name), "utf8"));
  } catch (error) {
    const reason =
      (error as NodeJS.ErrnoException).code === "ENOENT"
        ? "no existe"
        : `no es JSON válido (${(error as Error).message})`;
    fail(`El archivo ${name} ${reason}.`);
  }
}

/** A positive number of the command line, or the default. */
function positive(name: string, value: string | undefined, otherwise: number): number {
  if (value === undefined) return otherwise;
  const n = Number(value);
  if (!Number.isFinite(n) || n <= 0) fail(`--${name} debe ser un número mayor que 0.`);
  return n;
}

const data = readJson(file);
const o = args.values;
const hashParams = {
  signerKey: o["hash-signer-key"] ?? process.env.FIREBASE_HASH_SIGNER_KEY,
  saltSeparator: o["hash-salt-separator"] ?? process.env.FIREBASE_HASH_SALT_SEPARATOR,
  rounds: o["hash-rounds"] ?? process.env.FIREBASE_HASH_ROUNDS,
  memCost: o["hash-mem-cost"] ?? process.env.FIREBASE_HASH_MEM_COST,
};
const anyHashParam = Object.values(hashParams).some((v) => v !== undefined && v !== "");
const auth = o.auth ? { data: readJson(o.auth), hashParams: anyHashParam ? hashParams : undefined } : undefined;
const timeoutMs = positive("tiempo-descarga", o["tiempo-descarga"], 120) * 1000;
const videoBytes = positive("limite-video-mb", o["limite-video-mb"], 500) * 1024 * 1024;

const database = await openConfiguredDatabase(stopTheAppFirst("importar"));

/** One line per collection when its files are done; a live counter meanwhile on a terminal. */
function showProgress(p: MediaProgress) {
  const label = `  medios de ${p.coleccion.padEnd(16)}`;
  if (!p.terminado) {
    if (process.stdout.isTTY) process.stdout.write(`\r${label} ${p.hechos}/${p.total}…`);
    return;
  }
  if (process.stdout.isTTY) process.stdout.write("\r");
  const errores = p.fallidos ? `, ${p.fallidos} con error` : "";
  const archivos = p.total === 1 ? "archivo" : "archivos";
  console.log(`${label} ${p.total} ${archivos} (${p.copiados} copiados, ${p.yaCopiados} ya estaban${errores})`);
}

const where = database.kind === "postgres" ? "PostgreSQL (DATABASE_URL)" : `PGlite en ${env.dataDir}`;
const storageWhere = env.s3 ? `S3 (${env.s3.bucket})` : env.dataDir;
let exitCode = 0;
try {
  await database.migrate();
  const started = Date.now();
  console.log(`Importando ${file} en ${where}; archivos a ${storageWhere}.`);
  const result = await importExport(database.db, data, {
    auth,
    media: { timeoutMs, maxBytes: { video: videoBytes }, onProgress: showProgress },
  });
  console.log(`Importación completa (${result.formato}) en ${Date.now() - started} ms:`);
  for (const collection of COLLECTIONS) console.log(`  ${collection.padEnd(18)} ${result.counts[collection]}`);
  const d = result.detalle;
  console.log(
    `  listas: ${d.imagenesProducto} imágenes de producto, ${d.comentariosProducto + d.comentariosCurso} reseñas, ` +
      `${d.imagenesServicio} imágenes de servicio, ${d.imagenesCurso} de curso, ${d.videos} videos, ` +
      `${d.fotosVisita} fotos de visita, ${d.bandasEnvio} bandas de envío`,
  );
  console.log(
    `  cuentas: ${d.contrasenas} con su contraseña de Firebase, ${d.cuentasSociales} enlaces de Google/Facebook, ` +
      `${d.inscripciones} inscripciones, ${d.favoritos} favoritos, ${d.lineasCompra} líneas de compra`,
  );
  if (result.medios) {
    console.log(`  medios: ${result.medios.copiados} copiados, ${result.medios.yaCopiados} ya estaban`);
  }
  for (const nota of result.notas) console.log(`  Nota: ${nota}`);
} catch (error) {
  exitCode = 1;
  if (error instanceof ImportError) {
    console.error(`La exportación tiene ${error.errors.length} error(es); no se importó nada:`);
    for (const e of error.errors) {
      console.error(`  ${e.collection || "(archivo)"} / ${e.id || "-"} / ${e.field || "-"}: ${e.message}`);
    }
    if (error.errors.some((e) => e.message.startsWith("no se pudo copiar"))) {
      console.error("Los archivos ya copiados se conservan: al volver a importar no se descargan de nuevo.");
    }
  } else {
    console.error(`Error al importar: ${(error as Error).message}`);
  }
} finally {
  await database.close();
}
process.exit(exitCode);

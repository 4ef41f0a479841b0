/**
 * `npm run backup` and `npm run restore` as the studio runs them (the scripts in a process of
 * their own, on an embedded database in DATA_DIR; ADR 029): the backup respects the lock of
 * a running app, the restore refuses a database with data without --forzar (in Spanish,
 * exit code 1, nothing changed) and replaces it with --forzar.
 */
import { execFile } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { promisify } from "node:util";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { openDatabase } from "~/server/db/client.server";
import { categorias } from "~/server/db/schema";

const run = promisify(execFile);
const root = fs.mkdtempSync(path.join(os.tmpdir(), "respaldo-ordenes-"));
const dataDir = path.join(root, "datos");

/** Runs one of the scripts with DATA_DIR set; its exit code and output. */
async function script(name: "backup" | "restore", args: string[] = []) {
  const env = { ...process.env, DATA_DIR: dataDir, DATABASE_URL: "", S3_BUCKET: "" };
  try {
    const { stdout, stderr } = await run("npx", ["tsx", `scripts/${name}.ts`, ...args], { env });
    return { code: 0, stdout, stderr };
  } catch (error) {
    const failed = error as { code: number; stdout: string; stderr: string };
    return { code: failed.code, stdout: failed.stdout, stderr: failed.stderr };
  }
}

async function categoryNames(): Promise<string[]> {
  const database = await openDatabase({ dataDir });
  try {
    return (await database.db.select({ id: categorias.id }).from(categorias).orderBy(categorias.id)).map((r) => r.id);
  } finally {
    await database.close();
  }
}

beforeAll(async () => {
  // A migrated embedded database in DATA_DIR with one category and one upload.
  const memory = await openDatabase({ memory: true });
  await memory.migrate();
  const dump = await memory.pglite!.dumpDataDir("none");
  await memory.close();
  const database = await openDatabase({ dataDir, loadDataDir: dump });
  await database.db.insert(categorias).values({ id: "cejas", nombre: "Cejas" });
  await database.close();
  fs.mkdirSync(path.join(dataDir, "uploads", "productos"), { recursive: true });
  fs.writeFileSync(path.join(dataDir, "uploads", "productos", "ceja.jpg"), "bytes de la imagen");
});

afterAll(() => {
  fs.rmSync(root, { recursive: true, force: true });
});

describe("npm run backup / npm run restore", () => {
  let name: string;

  it("the backup refuses while the app holds the database, in Spanish", async () => {
    // the lock of a running app: a live process's pid (this test's)
    fs.writeFileSync(path.join(dataDir, "pglite.lock"), String(process.pid));
    try {
      const answer = await script("backup");
      expect(answer.code).toBe(1);
      expect(answer.stderr).toContain(`está abierta por otro proceso (pid ${process.pid})`);
      expect(answer.stderr).toContain("La aplicación en marcha hace su propia copia cada día");
      expect(fs.existsSync(path.join(dataDir, "backups"))).toBe(false);
    } finally {
      fs.rmSync(path.join(dataDir, "pglite.lock"));
    }
  });

  it("with the app stopped it writes a manual copy into DATA_DIR/backups and says how to restore it", async () => {
    const answer = await script("backup");
    expect(answer.code, answer.stderr).toBe(0);
    name = /Para restaurarla: npm run restore -- (\S+)/.exec(answer.stdout)?.[1] ?? "";
    expect(name).toMatch(/^\d{4}-\d{2}-\d{2}T\d{4}Z-manual$/);
    expect(answer.stdout).toContain("Copia: leyendo los archivos subidos…");
    expect(answer.stdout).toContain(`Copia ${name} guardada en ${path.join(dataDir, "backups")}`);
    const descriptor = JSON.parse(fs.readFileSync(path.join(dataDir, "backups", name, "descriptor.json"), "utf8"));
    // the folder was copied by the system's tar (not PGlite's in-memory dump)
    const entries = (
      await run("tar", ["--list", "--gzip", "--file", path.join(dataDir, "backups", name, "base.tar.gz")])
    ).stdout;
    expect(entries.split("\n")).toContain("./PG_VERSION");
    expect(descriptor.base.pausaMs).toBeGreaterThanOrEqual(0);
    expect(descriptor).toMatchObject({
      etiqueta: "manual",
      base: { tipo: "pglite", tablas: { categorias: 1 } },
      archivos: { cantidad: 1 },
    });
  });

  it("the restore refuses a database with data without --forzar, changing nothing", async () => {
    const database = await openDatabase({ dataDir });
    await database.db.insert(categorias).values({ id: "labios", nombre: "Labios" });
    await database.close();
    const answer = await script("restore", [name]);
    expect(answer.code).toBe(1);
    expect(answer.stderr).toContain("No se restauró: El destino no está vacío");
    expect(answer.stderr).toContain("repite la orden con --forzar");
    expect(await categoryNames()).toEqual(["cejas", "labios"]);
  });

  it("with --forzar it restores the copy and keeps the replaced database aside", async () => {
    fs.rmSync(path.join(dataDir, "uploads", "productos", "ceja.jpg"));
    const answer = await script("restore", [name, "--forzar"]);
    expect(answer.code, answer.stderr).toBe(0);
    expect(answer.stdout).toContain(`Restaurando ${name}`);
    expect(answer.stdout).toContain("Restauración terminada.");
    expect(await categoryNames()).toEqual(["cejas"]);
    expect(fs.readFileSync(path.join(dataDir, "uploads", "productos", "ceja.jpg"), "utf8")).toBe("bytes de la imagen");
    expect(fs.readdirSync(dataDir).some((entry) => entry.startsWith("pglite.reemplazada-"))).toBe(true);
  });

  it("an unknown copy is named with the ones there are", async () => {
    const answer = await script("restore", ["2020-01-01T0000Z-manual"]);
    expect(answer.code).toBe(1);
    expect(answer.stderr).toContain(`No existe la copia 2020-01-01T0000Z-manual en ${path.join(dataDir, "backups")}.`);
    expect(answer.stderr).toContain(`Copias disponibles: ${name}`);
  });
});

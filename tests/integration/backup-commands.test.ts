/**
 * `npm run backup` and `npm run restore` (scripts/commands/, ADR 029) on an embedded database
 * in DATA_DIR: the backup respects the lock of a running app (another process), the restore
 * refuses a database with data without --forzar (in Spanish, exit code 1, nothing changed) and
 * replaces it with --forzar. Each command's success runs as the studio runs it (npm, a process
 * of its own: the entry point, its output and exit code); the other cases run in this process
 * (tests/support/commands.ts), in a context read from the environment with this DATA_DIR.
 */
import { execFile } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { promisify } from "node:util";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { openDatabase } from "~/server/db/client.server";
import { categorias } from "~/server/db/schema";
import { backupCommand } from "../../scripts/commands/backup";
import { restoreCommand } from "../../scripts/commands/restore";
import { holdLockInAnotherProcess, npmRun, runInProcess } from "../support/commands";
import { createMigratedDataDir } from "../support/db";

const run = promisify(execFile);
const root = fs.mkdtempSync(path.join(os.tmpdir(), "respaldo-ordenes-"));
const dataDir = path.join(root, "datos");

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
  await createMigratedDataDir(dataDir);
  const database = await openDatabase({ dataDir });
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
    // the lock of a running app: another live process's pid in DATA_DIR/pglite.lock
    const app = await holdLockInAnotherProcess(dataDir);
    try {
      const answer = await runInProcess(backupCommand, [], dataDir);
      expect(answer.code).toBe(1);
      expect(answer.stderr).toContain(`está abierta por otro proceso (pid ${app.pid})`);
      expect(answer.stderr).toContain("La aplicación en marcha hace su propia copia cada día");
      expect(fs.existsSync(path.join(dataDir, "backups"))).toBe(false);
    } finally {
      await app.release();
    }
  });

  it("with the app stopped it writes a manual copy into DATA_DIR/backups and says how to restore it", async () => {
    const answer = await npmRun("backup", [], dataDir);
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
    const answer = await runInProcess(restoreCommand, [name], dataDir);
    expect(answer.code).toBe(1);
    expect(answer.stderr).toContain("No se restauró: El destino no está vacío");
    expect(answer.stderr).toContain("repite la orden con --forzar");
    expect(await categoryNames()).toEqual(["cejas", "labios"]);
  });

  it("with --forzar it restores the copy and keeps the replaced database aside", async () => {
    fs.rmSync(path.join(dataDir, "uploads", "productos", "ceja.jpg"));
    const answer = await npmRun("restore", [name, "--forzar"], dataDir);
    expect(answer.code, answer.stderr).toBe(0);
    expect(answer.stdout).toContain(`Restaurando ${name}`);
    expect(answer.stdout).toContain("Restauración terminada.");
    expect(await categoryNames()).toEqual(["cejas"]);
    expect(fs.readFileSync(path.join(dataDir, "uploads", "productos", "ceja.jpg"), "utf8")).toBe("bytes de la imagen");
    expect(fs.readdirSync(dataDir).some((entry) => entry.startsWith("pglite.reemplazada-"))).toBe(true);
  });

  it("an unknown copy is named with the ones there are", async () => {
    const answer = await runInProcess(restoreCommand, ["2020-01-01T0000Z-manual"], dataDir);
    expect(answer.code).toBe(1);
    expect(answer.stderr).toContain(`No existe la copia 2020-01-01T0000Z-manual en ${path.join(dataDir, "backups")}.`);
    expect(answer.stderr).toContain(`Copias disponibles: ${name}`);
  });
});

// @engine: the PostgreSQL backup (pg_dump's kind) restored into an empty server database
/**
 * The backup drill (ADR 029), on the real database (PGlite; PostgreSQL with
 * TEST_DATABASE_URL): a filled site (an order bought through the payment API, an
 * appointment with its consent answers, an enrolment and a diploma, public and private
 * uploads) is backed up, restored into a fresh empty database and data dir, and compared:
 * rows and a content checksum (md5 of the rows, computed by SQL) per table, every file's
 * SHA-256, and the app serving the restored order and files. A restore into a database that
 * holds data is refused without --forzar and changes nothing. The daily job chains itself
 * day after day and keeps exactly 7 daily and 4 weekly copies.
 */
import { createHash } from "node:crypto";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { eq, sql } from "drizzle-orm";
import { createElement } from "react";
import { renderToString } from "react-dom/server";
import { MemoryRouter } from "react-router";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { AlertProvider } from "~/components/ui/alert-provider";
import { ToastProvider } from "~/components/ui/toast-provider";
import { backupName, scheduledLabel } from "~/domain/backups";
import MisCompras, { loader as misComprasLoader } from "~/routes/mis-compras";
import { type BackupDescriptor, RestoreRefused, createBackup, restoreBackup } from "~/server/backup/backup.server";
import { BACKUP_JOB, scheduleDailyBackup } from "~/server/backup/job.server";
import { bucketStore, folderStore } from "~/server/backup/store.server";
import { createAppointment } from "~/server/booking/appointments.server";
import { enrol } from "~/server/school/enrolment.server";
import { type Database, type Db, openDatabase, queryRows } from "~/server/db/client.server";
import { compras, tareas } from "~/server/db/schema";
import { issueDiploma } from "~/server/school/diploma.server";
import "~/server/jobs-registry.server";
import { runDueJobs } from "~/server/jobs.server";
import { getStorage } from "~/server/storage/index.server";
import { s3Storage } from "~/server/storage/s3.server";
import { startTestApp } from "../support/app";
import { checkoutCookies } from "../support/checkout";
import { createEmptyPostgresDatabase } from "../support/db";
import { startS3Stub } from "../support/s3-stub";
import {
  type TestUser,
  configure,
  makeCart,
  makeCourse,
  makeProduct,
  makeShippingBand,
  makeTreatment,
  signUpUser,
  useTestDatabase,
} from "../support/fixtures";

const serverUrl = process.env.TEST_DATABASE_URL;
const root = fs.mkdtempSync(path.join(os.tmpdir(), "respaldos-"));
const sourceDir = path.join(root, "origen");
const store = folderStore(path.join(root, "copias"));
/** The restored installation's context (its folder and database), from the test that serves it. */
let undoRestored: (() => void) | undefined;

let source: Database;
let buyer: TestUser;
let compraId: string;
let backup: BackupDescriptor;
const opened: Database[] = [];

/** Rows and an md5 of every table's rows (ordered by their text), computed by the database. */
async function fingerprint(db: Db): Promise<Record<string, { rows: number; md5: string }>> {
  const tables = await queryRows<{ name: string }>(
    db,
    sql`select table_name as name from information_schema.tables where table_schema = 'public' and table_type = 'BASE TABLE' order by 1`,
  );
  const result: Record<string, { rows: number; md5: string }> = {};
  for (const { name } of tables) {
    const [row] = await queryRows<{ rows: number; md5: string }>(
      db,
      sql.raw(
        `select count(*)::int as rows, md5(coalesce(string_agg(t::text, '|' order by t::text), '')) as md5 from "${name}" t`,
      ),
    );
    result[name] = row;
  }
  return result;
}

const sha256 = (bytes: Uint8Array) => createHash("sha256").update(bytes).digest("hex");

/** A fresh empty target: a new data dir, and on PostgreSQL a new database without tables. */
async function freshTarget(name: string) {
  const dataDir = path.join(root, name);
  fs.mkdirSync(dataDir, { recursive: true });
  if (!serverUrl) return { dataDir, target: { kind: "pglite" as const, dataDir } };
  const empty = await createEmptyPostgresDatabase(serverUrl);
  opened.push(empty);
  return { dataDir, target: { kind: "postgres" as const, url: empty.url!, dataDir }, database: empty };
}

/** /mis-compras as the buyer's browser gets it: the real loader, the page drawn on the server. */
async function myOrdersPage(cookie: string): Promise<string> {
  const request = new Request("http://localhost/mis-compras", { headers: { cookie } });
  const loaderData = await misComprasLoader({ request, params: {}, context: {} } as never);
  const page = createElement(MisCompras as never, { loaderData, params: {}, matches: [] });
  return renderToString(
    createElement(MemoryRouter, null, createElement(AlertProvider, null, createElement(ToastProvider, null, page))),
  );
}

const PUBLIC_KEY = "productos/labial-respaldo.jpg";
const PRIVATE_KEY = "visitas/ana/antes.jpg";
const publicBytes = new Uint8Array([0xff, 0xd8, 0xff, ...Array.from({ length: 5000 }, (_, i) => i % 251)]);
const privateBytes = new Uint8Array(Array.from({ length: 12_000 }, (_, i) => (i * 7) % 256));

beforeAll(async () => {
  source = await useTestDatabase({ config: { dataDir: sourceDir, smtpUrl: undefined } });
  const db = source.db;

  // An order, bought as a shopper buys: the payment API with the demo provider.
  await makeShippingBand();
  const product = await makeProduct({
    id: "labial-respaldo",
    nombre: "Labial de respaldo",
    precio: 35_000,
    cantidad: 5,
  });
  buyer = await signUpUser({ name: "Ana Respaldo" });
  const cookie = await checkoutCookies(buyer, await makeCart([{ productoId: product.id, cantidad: 2 }], buyer.id));
  const app = await startTestApp();
  try {
    const created = await app.post("/auth/michel-alvarez/v2/stripe", {}, cookie);
    const { clientSecret, paymentId } = (await created.json()) as { clientSecret: string; paymentId: string };
    const card = { clientSecret, numero: "4242 4242 4242 4242", vencimiento: "12/30", cvc: "123", nombre: "Ana" };
    expect((await app.post("/auth/michel-alvarez/v2/demo/pago", card, cookie)).status).toBe(200);
    const confirmed = await app.post("/auth/michel-alvarez/v2/confirmar", { paymentId }, cookie);
    expect(confirmed.status).toBe(200);
    compraId = ((await confirmed.json()) as { compraId: string }).compraId;
  } finally {
    await app.close();
  }

  // An appointment with its consent answers (its reminder job and mail too).
  await makeTreatment();
  await createAppointment(db, {
    tratamientoId: "microblading",
    userId: buyer.id,
    nombre: "Ana Respaldo",
    telefono: "3312345678",
    correo: buyer.email,
    inicio: new Date("2027-01-12T17:00:00Z"),
    estado: "confirmada",
    consentimiento: { embarazo: false, alergias: "ninguna", firma: "Ana Respaldo" },
  });

  // An enrolment and its diploma.
  const course = await makeCourse({ id: "curso-respaldo", titulo: "Cejas perfectas" });
  await enrol(db, buyer.id, [course.id], null);
  await issueDiploma(db, { userId: buyer.id, cursoId: course.id, nombre: "Ana Respaldo" });

  // Uploads, public and private, through the app's storage.
  await getStorage("public").put(PUBLIC_KEY, publicBytes, "image/jpeg");
  await getStorage("private").put(PRIVATE_KEY, privateBytes, "image/jpeg");

  backup = await createBackup({
    database: source,
    files: { kind: "carpeta", dataDir: sourceDir },
    store,
    now: new Date("2026-11-27T03:00:00Z"),
    label: "manual",
  });
});

afterAll(async () => {
  undoRestored?.();
  for (const database of opened.reverse()) await database.close().catch(() => undefined);
  await source?.close();
  fs.rmSync(root, { recursive: true, force: true });
});

describe("the backup", () => {
  it("is one named unit with its descriptor: kind, schema version, rows per table, sizes, the files' manifest", async () => {
    expect(backup.nombre).toBe("2026-11-27T0300Z-manual");
    expect(await store.list()).toEqual(["2026-11-27T0300Z-manual"]);
    const folder = path.join(root, "copias", backup.nombre);
    expect(fs.readdirSync(folder).sort()).toEqual(
      ["archivos.json", "archivos.tar", "descriptor.json", serverUrl ? "base.dump" : "base.tar.gz"].sort(),
    );
    expect(JSON.parse(fs.readFileSync(path.join(folder, "descriptor.json"), "utf8"))).toEqual(backup);
    const journal = JSON.parse(fs.readFileSync("drizzle/meta/_journal.json", "utf8")) as { entries: { tag: string }[] };
    expect(backup.base).toMatchObject({
      tipo: serverUrl ? "postgres" : "pglite",
      esquema: journal.entries.at(-1)?.tag,
    });
    const counts = Object.fromEntries(Object.entries(await fingerprint(source.db)).map(([t, f]) => [t, f.rows]));
    expect(backup.base.tablas).toEqual(counts);
    expect(backup.base.tablas).toMatchObject({ compras: 1, citas: 1, inscripciones: 1, diplomas: 1 });
    expect(backup.base.bytes).toBe(fs.statSync(path.join(folder, backup.base.archivo)).size);
    const manifest = JSON.parse(fs.readFileSync(path.join(folder, "archivos.json"), "utf8"));
    expect(manifest).toEqual(
      expect.arrayContaining([
        { area: "uploads", key: PUBLIC_KEY, bytes: publicBytes.length, sha256: sha256(publicBytes) },
        { area: "private", key: PRIVATE_KEY, bytes: privateBytes.length, sha256: sha256(privateBytes) },
      ]),
    );
    expect(backup.archivos).toMatchObject({ origen: "carpeta", cantidad: manifest.length, copia: "archivos.tar" });
  });
});

describe("the restore drill", () => {
  let restoredDir: string;
  let restored: Database;

  it("restores into a fresh empty database and data dir: every table's rows and checksum equal, every file's SHA-256", async () => {
    const { dataDir, target } = await freshTarget("restaurado");
    restoredDir = dataDir;
    const lines: string[] = [];
    await restoreBackup({
      folder: path.join(root, "copias", backup.nombre),
      target,
      files: { kind: "carpeta", dataDir },
      force: false,
      report: (line) => lines.push(line),
    });
    expect(lines[0]).toMatch(/^Restaurando 2026-11-27T0300Z-manual/);
    expect(lines.join("\n")).toMatch(/tablas y \d+ filas, iguales a la copia/);
    expect(lines.join("\n")).toMatch(/archivos con su SHA-256 igual al de la copia/);

    restored = target.kind === "pglite" ? await openDatabase({ dataDir }) : await openDatabase({ url: target.url });
    opened.push(restored);
    expect(await fingerprint(restored.db)).toEqual(await fingerprint(source.db));
    for (const [area, key, bytes] of [
      ["uploads", PUBLIC_KEY, publicBytes],
      ["private", PRIVATE_KEY, privateBytes],
    ] as const) {
      expect(sha256(fs.readFileSync(path.join(dataDir, area, key)))).toBe(sha256(bytes));
    }
  });

  it("the app serves the restored order (/mis-compras, the same session) and the restored files", async () => {
    undoRestored = configure({ config: { dataDir: restoredDir }, database: restored });
    const [order] = await restored.db.select().from(compras).where(eq(compras.id, compraId));
    expect(order).toMatchObject({ compradorId: buyer.id, proveedor: "demo" });
    const html = await myOrdersPage(buyer.cookie);
    expect(html).toContain(compraId);
    expect(html).toContain("Labial de respaldo");
    const app = await startTestApp();
    try {
      const image = await app.get(`/media/${PUBLIC_KEY}`);
      expect(image.status).toBe(200);
      expect(sha256(new Uint8Array(await image.arrayBuffer()))).toBe(sha256(publicBytes));
    } finally {
      await app.close();
    }
  });

  it("refuses to restore into a database that holds data, changing nothing; --forzar replaces it", async () => {
    const folder = path.join(root, "copias", backup.nombre);
    // The target: the source database on PostgreSQL; the restored data dir (closed) on PGlite.
    let target: Parameters<typeof restoreBackup>[0]["target"];
    let reopen: () => Promise<Database>;
    if (serverUrl) {
      target = { kind: "postgres", url: source.url!, dataDir: restoredDir };
      reopen = async () => source;
    } else {
      await restored.close();
      opened.splice(opened.indexOf(restored), 1);
      target = { kind: "pglite", dataDir: restoredDir };
      reopen = async () => {
        const database = await openDatabase({ dataDir: restoredDir });
        opened.push(database);
        return database;
      };
    }
    let before = await reopen();
    // a row the backup does not have: a refused restore keeps it, a forced one does not
    await before.db
      .insert(compras)
      .values({ id: "MA-DESPUES", compradorId: buyer.id, total: 100, proveedor: "demo", pagoId: "p-despues" });
    const fingerprintBefore = await fingerprint(before.db);
    if (!serverUrl) {
      await before.close();
      opened.splice(opened.indexOf(before), 1);
    }

    const refused = restoreBackup({ folder, target, files: { kind: "carpeta", dataDir: restoredDir }, force: false });
    await expect(refused).rejects.toBeInstanceOf(RestoreRefused);
    await expect(refused).rejects.toThrow(
      /El destino no está vacío \(la base de datos tiene \d+ filas y hay archivos en uploads\/ o private\/\)\. No se cambió nada\./,
    );
    before = await reopen();
    expect(await fingerprint(before.db)).toEqual(fingerprintBefore);
    expect(fs.readdirSync(restoredDir).filter((name) => name.includes("reemplazada"))).toEqual([]);
    if (!serverUrl) {
      await before.close();
      opened.splice(opened.indexOf(before), 1);
    }

    await restoreBackup({ folder, target, files: { kind: "carpeta", dataDir: restoredDir }, force: true });
    const after = await reopen();
    expect(await after.db.select().from(compras).where(eq(compras.id, "MA-DESPUES"))).toEqual([]);
    expect(Object.fromEntries(Object.entries(await fingerprint(after.db)).map(([t, f]) => [t, f.rows]))).toEqual(
      backup.base.tablas,
    );
    // what was replaced is kept aside
    expect(fs.readdirSync(restoredDir).filter((name) => name.includes("reemplazada")).length).toBeGreaterThan(0);
  });

  it("refuses a backup of the other kind of database", async () => {
    const other = serverUrl ? { kind: "pglite" as const, dataDir: path.join(root, "otro") } : null;
    const folder = path.join(root, "copias", backup.nombre);
    if (other) {
      await expect(
        restoreBackup({ folder, target: other, files: { kind: "carpeta", dataDir: other.dataDir }, force: true }),
      ).rejects.toThrow(/es de una base PostgreSQL y el destino es la base integrada/);
    } else {
      await expect(
        restoreBackup({
          folder,
          target: { kind: "postgres", url: "postgres://nadie@127.0.0.1:1/nada", dataDir: root },
          files: { kind: "carpeta", dataDir: root },
          force: true,
        }),
      ).rejects.toThrow(/es de una base integrada \(PGlite\) y el destino es PostgreSQL/);
    }
  });
});

describe("the daily job", () => {
  it("runs from the jobs (one day schedules the next) and keeps exactly 7 daily and 4 weekly copies", async () => {
    undoRestored?.();
    undoRestored = undefined;
    const jobStore = folderStore(path.join(sourceDir, "backups"));
    // Forty earlier days of copies in the store (descriptor only: pruning reads names).
    const first = new Date("2026-10-01T09:00:00Z");
    for (let day = 0; day < 40; day++) {
      const at = new Date(first.getTime() + day * 86_400_000);
      const folder = path.join(sourceDir, "backups", backupName(at, scheduledLabel(at)));
      fs.mkdirSync(folder, { recursive: true });
      fs.writeFileSync(path.join(folder, "descriptor.json"), "{}");
    }
    const manual = path.join(sourceDir, "backups", "2026-10-15T1200Z-manual");
    fs.mkdirSync(manual, { recursive: true });
    fs.writeFileSync(path.join(manual, "descriptor.json"), "{}");

    // Three days of the job, each run by the jobs at its time with the clock injected.
    await source.db.delete(tareas).where(eq(tareas.tipo, BACKUP_JOB));
    await scheduleDailyBackup(source.db, new Date("2026-11-09T20:00:00Z"));
    expect(await runDueJobs(source.db, new Date("2026-11-10T08:59:00Z"))).toBe(0);
    for (const day of ["2026-11-10", "2026-11-11", "2026-11-12"]) {
      expect(await runDueJobs(source.db, new Date(`${day}T09:00:30Z`))).toBe(1);
    }
    const jobs = await source.db.select().from(tareas).where(eq(tareas.tipo, BACKUP_JOB)).orderBy(tareas.clave);
    expect(jobs.map((j) => [j.clave, j.estado])).toEqual([
      ["respaldo-diario-2026-11-10", "hecha"],
      ["respaldo-diario-2026-11-11", "hecha"],
      ["respaldo-diario-2026-11-12", "hecha"],
      ["respaldo-diario-2026-11-13", "pendiente"],
    ]);

    const names = await jobStore.list();
    const daily = names.filter((n) => n.endsWith("-diaria"));
    const weekly = names.filter((n) => n.endsWith("-semanal"));
    expect(daily).toEqual([
      "2026-11-05T0900Z-diaria",
      "2026-11-06T0900Z-diaria",
      "2026-11-07T0900Z-diaria",
      "2026-11-09T0900Z-diaria",
      "2026-11-10T0900Z-diaria",
      "2026-11-11T0900Z-diaria",
      "2026-11-12T0900Z-diaria",
    ]);
    // Sundays (UTC)
    expect(weekly).toEqual([
      "2026-10-18T0900Z-semanal",
      "2026-10-25T0900Z-semanal",
      "2026-11-01T0900Z-semanal",
      "2026-11-08T0900Z-semanal",
    ]);
    expect(names).toContain("2026-10-15T1200Z-manual");
    expect(names).toHaveLength(12);
    // the job's copies are real ones
    const made = JSON.parse(
      fs.readFileSync(path.join(sourceDir, "backups", "2026-11-12T0900Z-diaria", "descriptor.json"), "utf8"),
    );
    expect(made).toMatchObject({ etiqueta: "diaria", base: { tablas: { compras: 1 } } });
  });
});

describe("with the uploads in a bucket (S3_*)", () => {
  it("the copies go to the bucket's backups/, the files stay there and are listed; a restore checks them", async () => {
    const stub = await startS3Stub("AKIDRESPALDO", "secreto-respaldo", "us-east-1");
    try {
      const config = {
        endpoint: stub.endpoint,
        bucket: "estudio",
        region: "us-east-1",
        accessKeyId: "AKIDRESPALDO",
        secretAccessKey: "secreto-respaldo",
        publicUrl: undefined,
      };
      const storages = { uploads: s3Storage(config, "uploads"), private: s3Storage(config, "private") };
      await storages.uploads.put(PUBLIC_KEY, publicBytes, "image/jpeg");
      await storages.private.put(PRIVATE_KEY, privateBytes, "image/jpeg");
      const scratch = path.join(root, "s3-trabajo");
      const bucket = bucketStore(s3Storage(config, "backups") as never, "s3://estudio/backups", scratch);

      const made = await createBackup({
        database: source,
        files: { kind: "s3", storages },
        store: bucket,
        now: new Date("2026-11-29T09:00:00Z"),
        label: "semanal",
      });
      expect(made.archivos).toMatchObject({
        origen: "s3",
        cantidad: 2,
        copia: null,
        bytes: publicBytes.length + privateBytes.length,
      });
      expect(await bucket.list()).toEqual(["2026-11-29T0900Z-semanal"]);
      const keys = [...stub.objects.keys()].filter((key) => key.startsWith("/estudio/backups/")).sort();
      expect(keys).toEqual(
        ["archivos.json", serverUrl ? "base.dump" : "base.tar.gz", "descriptor.json"].map(
          (file) => `/estudio/backups/2026-11-29T0900Z-semanal/${file}`,
        ),
      );
      // the descriptor is the last object written: a copy cut short is never listed
      const puts = stub.requests.filter((r) => r.method === "PUT" && r.path.startsWith("/estudio/backups/"));
      expect(puts.at(-1)?.path).toBe("/estudio/backups/2026-11-29T0900Z-semanal/descriptor.json");
      expect(fs.existsSync(bucket.stagingDir(made.nombre))).toBe(false);

      // Restored from the bucket into a fresh database; a file gone from the bucket is named.
      await storages.private.delete(PRIVATE_KEY);
      const folder = await bucket.open(made.nombre, scratch);
      const { target } = await freshTarget("desde-s3");
      const lines: string[] = [];
      await restoreBackup({
        folder,
        target,
        files: { kind: "s3", storages },
        force: false,
        report: (l) => lines.push(l),
      });
      expect(lines.join("\n")).toContain(
        `Atención: en el bucket faltan o cambiaron 1 de los 2 archivos de la copia: private/${PRIVATE_KEY}.`,
      );

      await bucket.remove(made.nombre);
      expect(await bucket.list()).toEqual([]);
    } finally {
      await stub.close();
    }
  });
});

/**
 * The demo media (seed/media/) and the seeding program (seed/seed-demo.ts) that the server
 * runs in a child process: files drawn, the site's images stored, the manifest the server
 * checks on every start, and the same program run as a real child process.
 */
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { eq } from "drizzle-orm";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type Database, openDatabase } from "~/server/db/client.server";
import { ajustes, categorias, productos } from "~/server/db/schema";
import { importExport } from "~/server/import/index.server";
import { demoMediaComplete, demoSeedNeeded, runDemoSeed, type SeedDirs } from "~/server/seed.server";
import { srcSetOf } from "~/domain/image-variants";
import { readSiteMedia } from "~/server/site/media.server";
import { type DemoMediaReport, generateDemoMedia, planDemoMedia } from "../../seed/media/generate";
import { seedDemo } from "../../seed/seed-demo";
import { createTestDatabase } from "../support/db";
import { demoMediaCache } from "../support/demo-media-cache";

const demo = JSON.parse(fs.readFileSync(path.join(process.cwd(), "seed", "demo.json"), "utf8"));

/** Every string of the export that points at a demo file. */
function demoRefs(value: unknown, out: string[] = []): string[] {
  if (typeof value === "string") {
    if (value.startsWith("/media/demo/") || value.startsWith("private:")) out.push(value);
  } else if (Array.isArray(value)) for (const v of value) demoRefs(v, out);
  else if (value && typeof value === "object") for (const v of Object.values(value)) demoRefs(v, out);
  return out;
}

// Drawn once for the whole file (never copied from the cache: this is the test of the drawing),
// and kept in the cache for the end-to-end server's seeding.
let root: string;
let uploads: string;
let privateDir: string;
let first: DemoMediaReport;

beforeAll(async () => {
  root = fs.mkdtempSync(path.join(os.tmpdir(), "demo-media-"));
  uploads = path.join(root, "uploads");
  privateDir = path.join(root, "private");
  first = await generateDemoMedia(uploads, privateDir, undefined, { cache: demoMediaCache(), fromCache: false });
  console.log(`demo media: ${first.written} files in ${first.ms} ms`);
}, 180_000);
afterAll(() => fs.rmSync(root, { recursive: true, force: true }));

describe("demo media", () => {
  const fileOf = (ref: string) =>
    ref.startsWith("private:")
      ? path.join(privateDir, ref.slice("private:".length))
      : path.join(uploads, ref.slice("/media/".length));

  it("writes every file demo.json references, public ones under uploads and private ones outside it", () => {
    const refs = [...new Set(demoRefs(demo))];
    expect(refs.length).toBeGreaterThan(200);
    const missing = refs.filter((ref) => !fs.existsSync(fileOf(ref)));
    expect(missing).toEqual([]);
    expect(fs.existsSync(path.join(privateDir, "videos", "clase.webm"))).toBe(true);
    expect(fs.existsSync(path.join(uploads, "demo", "video", "estudio.webm"))).toBe(true);
    // nothing private is reachable through /media
    const publicFiles = fs.readdirSync(uploads, { recursive: true }).map(String);
    expect(publicFiles.some((f) => f.includes("clase.webm") || f.includes("visitas") || f.endsWith(".pdf"))).toBe(
      false,
    );
  });

  it("draws real images of the announced sizes and formats", async () => {
    const product = demo.producto[0];
    const meta = await sharp(fileOf(product.urlImagen)).metadata();
    expect(meta).toMatchObject({ format: "jpeg", width: 800, height: 800 });

    for (const image of demo.servicios[0].galeria.slice(0, 3)) {
      const m = await sharp(fileOf(image.url)).metadata();
      expect(m).toMatchObject({ format: "jpeg", width: image.width, height: image.height });
    }
    expect(await sharp(fileOf(demo._sitio.hero)).metadata()).toMatchObject({
      format: "jpeg",
      width: 1600,
      height: 1000,
    });
    const facility = demo._sitio.instalaciones[0];
    expect(await sharp(fileOf(facility.url)).metadata()).toMatchObject({
      width: facility.width,
      height: facility.height,
    });
    expect(await sharp(fileOf(demo.cursos[0].certificadoUrl)).metadata()).toMatchObject({ width: 1754, height: 1240 });

    // not a flat placeholder: the product shot has light and dark areas
    const stats = await sharp(fileOf(product.urlImagen)).stats();
    expect(Math.max(...stats.channels.map((c) => c.stdev))).toBeGreaterThan(20);

    const manual = fs.readFileSync(fileOf(demo.cursos.find((c: { urlKit: string }) => c.urlKit).urlKit));
    expect(manual.subarray(0, 5).toString()).toBe("%PDF-");
  });

  it("stores every public demo image like an upload: the srcset's WebP sizes, at their widths", async () => {
    // video posters and the diploma artwork keep one file: no page offers them in a srcset
    const images = [...new Set(demoRefs(demo))].filter(
      (ref) => ref.startsWith("/media/demo/") && /\.jpg$/.test(ref) && !/\/posters\/|\/media\/demo\/video\/|certificado\.jpg$/.test(ref),
    );
    expect(images.length).toBeGreaterThan(150);
    // named like an uploaded image's size, so the pages offer a srcset
    expect(images.filter((ref) => !srcSetOf(ref))).toEqual([]);
    const missing = images.flatMap((ref) =>
      srcSetOf(ref)!
        .split(", ")
        .map((candidate) => candidate.split(" ")[0]!)
        .filter((url) => !fs.existsSync(fileOf(url))),
    );
    expect(missing).toEqual([]);

    const widths = async (ref: string) =>
      // engine-neutral: reads the sizes of one drawn image
      Promise.all(
        srcSetOf(ref)!
          .split(", ")
          .map(async (candidate) => {
            const meta = await sharp(fileOf(candidate.split(" ")[0]!)).metadata();
            return [meta.format, meta.width, meta.height];
          }),
      );
    // never upscaled: the 800 px product drawing is 800 px in its 'grande' size too
    expect(await widths(demo.producto[0].urlImagen)).toEqual([
      ["webp", 400, 400],
      ["webp", 800, 800],
      ["webp", 800, 800],
    ]);
    expect(await widths(demo._sitio.hero)).toEqual([
      ["webp", 400, 250],
      ["webp", 800, 500],
      ["webp", 1600, 1000],
    ]);
    // a phone's copy is small
    const heroPhone = fileOf(srcSetOf(demo._sitio.hero)!.split(", ")[1]!.split(" ")[0]!);
    expect(fs.statSync(heroPhone).size).toBeLessThan(40 * 1024);
  });

  it("is idempotent: a second run writes nothing", async () => {
    const again = await generateDemoMedia(uploads, privateDir);
    expect(first.written).toBe(planDemoMedia(demo, uploads, privateDir).flatMap((job) => job.files).length + 2);
    expect(again.written).toBe(0);
    expect(again.files.sort()).toEqual(first.files.sort());
  });

  it("a run that finds the drawings kept (DEMO_MEDIA_CACHE) copies them, byte for byte, instead of drawing", async () => {
    const again = fs.mkdtempSync(path.join(root, "copia-"));
    const copy = await generateDemoMedia(path.join(again, "uploads"), path.join(again, "private"), undefined, {
      cache: demoMediaCache(),
    });
    expect(first.copied).toBe(0);
    expect(copy.written).toBe(first.written);
    expect(copy.copied).toBe(first.written - 2); // all but the two videos, copied from seed/video
    const sample = (dir: string) => fs.readFileSync(path.join(dir, demo._sitio.hero.slice("/media/".length)));
    expect(sample(path.join(again, "uploads")).equals(sample(uploads))).toBe(true);
  });

  it("the committed videos are small WebM files", () => {
    for (const name of ["estudio.webm", "clase.webm"]) {
      const bytes = fs.readFileSync(path.join(process.cwd(), "seed", "video", name));
      expect(bytes.length).toBeLessThan(600 * 1024);
      expect(bytes.readUInt32BE(0)).toBe(0x1a45dfa3); // EBML (Matroska/WebM)
    }
  });
});

describe("seeding the demo (seed/seed-demo.ts)", () => {
  let dirs: SeedDirs;
  let database: Database;

  beforeAll(async () => {
    dirs = { uploadsDir: uploads, privateDir };
    database = await createTestDatabase();
  });
  afterAll(() => database.close());

  it("imports the demo into an empty database, stores its site images and lists its files", async () => {
    expect(await demoSeedNeeded(database.db, dirs)).toBe(true);
    const result = await seedDemo(database.db, dirs);
    expect(result.imported).toBe(true);
    expect((await database.db.select().from(productos)).length).toBe(demo.producto.length);
    const site = await readSiteMedia(database.db);
    expect(site.hero).toBe(demo._sitio.hero);
    expect(site.instalaciones).toHaveLength(demo._sitio.instalaciones.length);
    expect(demoMediaComplete(dirs)).toBe(true);
    expect(await demoSeedNeeded(database.db, dirs)).toBe(false);
  });

  it("draws again a file that went missing, without importing again or touching the studio's site images", async () => {
    const hero = path.join(dirs.uploadsDir, demo._sitio.hero.slice("/media/".length));
    fs.rmSync(hero);
    expect(demoMediaComplete(dirs)).toBe(false);
    expect(await demoSeedNeeded(database.db, dirs)).toBe(true);
    await database.db
      .update(ajustes)
      .set({ valor: { hero: "/media/estudio/portada.jpg" } })
      .where(eq(ajustes.clave, "sitio"));

    const again = await seedDemo(database.db, dirs);
    expect(again.imported).toBe(false);
    expect(fs.statSync(hero).size).toBeGreaterThan(0);
    expect(demoMediaComplete(dirs)).toBe(true);
    expect((await readSiteMedia(database.db)).hero).toBe("/media/estudio/portada.jpg");
  });

  it("gives a demo seeded before the site's images were a setting (no manifest, no 'sitio') the demo's", async () => {
    await database.db.delete(ajustes).where(eq(ajustes.clave, "sitio"));
    fs.rmSync(path.join(dirs.privateDir, "demo-media.json"));
    expect(await demoSeedNeeded(database.db, dirs)).toBe(true);

    const again = await seedDemo(database.db, dirs);
    expect(again.imported).toBe(false);
    expect((await readSiteMedia(database.db)).hero).toBe(demo._sitio.hero);
    expect(await demoSeedNeeded(database.db, dirs)).toBe(false);
  });

  it("leaves the studio's own catalogue alone: nothing imported, drawn or set, and nothing to check again", async () => {
    const own = await createTestDatabase();
    const ownRoot = fs.mkdtempSync(path.join(os.tmpdir(), "own-catalogue-"));
    const ownDirs = { uploadsDir: path.join(ownRoot, "uploads"), privateDir: path.join(ownRoot, "private") };
    try {
      await importExport(own.db, {
        categoria: [{ id: "pigmentos", nombre: "Pigmentos" }],
        producto: [
          {
            id: "p1",
            nombre: "Pigmento del estudio",
            marca: "Estudio",
            precio: 450,
            cantidad: 3,
            categoria: "pigmentos",
            urlImagen: "/media/productos/p1.jpg",
          },
        ],
      });
      expect(await demoSeedNeeded(own.db, ownDirs)).toBe(true); // no manifest yet
      const result = await seedDemo(own.db, ownDirs);
      expect(result).toEqual({ imported: false, files: [] });
      expect((await own.db.select().from(categorias)).map((c) => c.id)).toEqual(["pigmentos"]);
      expect(await own.db.select().from(ajustes).where(eq(ajustes.clave, "sitio"))).toEqual([]);
      expect(fs.existsSync(ownDirs.uploadsDir)).toBe(false);
      expect(await demoSeedNeeded(own.db, ownDirs)).toBe(false);
    } finally {
      await own.close();
      fs.rmSync(ownRoot, { recursive: true, force: true });
    }
  });

  it("runs as the server runs it: a child process that creates, migrates and seeds an embedded database", async () => {
    const dataDir = path.join(root, "data");
    const childDirs = { uploadsDir: path.join(dataDir, "uploads"), privateDir: path.join(dataDir, "private") };
    // the drawn files are copied in, so that the child only checks them
    fs.cpSync(dirs.uploadsDir, childDirs.uploadsDir, { recursive: true });
    fs.cpSync(dirs.privateDir, childDirs.privateDir, { recursive: true });
    fs.rmSync(path.join(childDirs.privateDir, "demo-media.json"));

    await runDemoSeed({ ...process.env, DATA_DIR: dataDir, DATABASE_URL: "" });
    const seeded = await openDatabase({ dataDir });
    try {
      expect((await seeded.db.select().from(productos)).length).toBe(demo.producto.length);
      expect((await readSiteMedia(seeded.db)).hero).toBe(demo._sitio.hero);
      expect(await demoSeedNeeded(seeded.db, childDirs)).toBe(false);
    } finally {
      await seeded.close();
    }
  }, 180_000);

  it("fails with the child's exit when the seeding program cannot seed", async () => {
    await expect(runDemoSeed({ ...process.env, DATABASE_URL: "postgres://nadie@127.0.0.1:1/ninguna" })).rejects.toThrow(
      /No se pudo preparar el catálogo de demostración \(código 1\)/,
    );
  }, 60_000);
});

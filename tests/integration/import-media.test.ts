/**
 * The importer's media phase against a local Firebase Storage stub (tests/support/media-stub.ts)
 * on a real database and the site's real storage (a temporary DATA_DIR): files are copied
 * into the public or private area, a second run downloads nothing, and a URL that answers
 * 404, never answers, is too big or is not the file it claims refuses the import, naming it.
 */
import { randomBytes } from "node:crypto";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { count, eq } from "drizzle-orm";
import sharp from "sharp";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import type { Database } from "~/server/db/client.server";
import * as t from "~/server/db/schema";
import { ImportError, type ImportIssue, type MediaProgress, importExport } from "~/server/import/index.server";
import { readRef } from "~/server/storage/index.server";
import { createTestDatabase } from "../support/db";
import { useTestContext } from "../support/fixtures";
import { type MediaStub, samplePhoto, startMediaStub, studioFiles } from "../support/media-stub";
import { studioExport } from "../support/studio-export";

let stub: MediaStub;
let database: Database | undefined;
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "medios-"));

beforeAll(async () => {
  useTestContext({ config: { dataDir } });
  stub = await startMediaStub(await studioFiles());
});

afterAll(async () => {
  await stub?.close();
  fs.rmSync(dataDir, { recursive: true, force: true });
});

afterEach(async () => {
  await database?.close();
  database = undefined;
  // every test starts with empty storage and a stub serving the studio's files
  fs.rmSync(dataDir, { recursive: true, force: true });
  fs.mkdirSync(dataDir);
  stub.files.clear();
  for (const [key, file] of Object.entries(await studioFiles())) stub.files.set(key, file);
  stub.hang.clear();
  stub.requests.clear();
});

const open = async () => {
  database = await createTestDatabase();
  return database;
};

async function rejected(promise: Promise<unknown>): Promise<ImportIssue[]> {
  const error = await promise.then(
    () => null,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(ImportError);
  return (error as ImportError).errors;
}

describe("copying the export's files", () => {
  it("puts each file in the public or private area and refers to it there", async () => {
    const { db } = await open();
    const progress: MediaProgress[] = [];
    const result = await importExport(db, studioExport("listas", { media: (p) => stub.url(p) }), {
      media: { onProgress: (p) => progress.push(p) },
    });

    // one final progress line per collection, in the order they are copied
    expect(progress.filter((p) => p.terminado).map((p) => [p.coleccion, p.total, p.copiados, p.yaCopiados])).toEqual([
      ["producto", 2, 1, 1],
      ["cursos", 2, 2, 0],
      ["unidades", 1, 1, 0],
      ["codigosVisitas", 2, 2, 0],
      ["compras", 1, 0, 1],
    ]);
    expect(result.medios).toMatchObject({ copiados: 6, yaCopiados: 2 });
    // the product photo is urlImagen, gallery and an old order's picture: downloaded once
    expect(stub.requests.get("productos/pigmento.jpg")).toBe(1);

    // public images: the upload call's sizes, served from /media
    const [producto] = await db.select().from(t.productos).where(eq(t.productos.id, "p-pigmento"));
    expect(producto!.urlImagen).toMatch(/^\/media\/importado\/productos\/pigmento-[0-9a-f]{16}-mediana\.jpg$/);
    for (const size of ["original", "chica", "mediana", "grande"]) {
      const file = producto!.urlImagen.replace("-mediana.", `-${size}.`).replace("/media/", "");
      expect(fs.existsSync(path.join(dataDir, "uploads", file)), size).toBe(true);
      expect(fs.existsSync(path.join(dataDir, "uploads", file.replace(/\.jpg$/, ".webp"))), size).toBe(true);
    }
    const [gallery] = await db.select().from(t.productoImagenes);
    expect(gallery!.url).toBe(producto!.urlImagen);
    const [curso] = await db.select().from(t.cursos);
    expect(curso!.imagenExterior).toMatch(/^\/media\/importado\/cursos\/micro-tarjeta-[0-9a-f]{16}-mediana\.jpg$/);
    const [linea] = await db.select().from(t.compraLineas).where(eq(t.compraLineas.compraId, "pi_3Kx1"));
    expect(linea!.url).toMatch(/^\/media\/importado\/productos\/pigmento-[0-9a-f]{16}-chica\.jpg$/);

    // private files: exactly the bytes served, never under uploads/
    const [video] = await db.select().from(t.unidadVideos);
    expect(video!.video).toMatch(/^private:importado\/videos\/bienvenida-[0-9a-f]{16}\.mp4$/);
    expect(Buffer.from((await readRef(video!.video))!.bytes)).toEqual(
      Buffer.from(stub.files.get("videos/bienvenida.mp4")!.bytes),
    );
    expect(curso!.certificadoUrl).toMatch(/^private:importado\/certificados\/microblading-[0-9a-f]{16}\.png$/);
    const fotos = await db.select().from(t.visitaFotos);
    expect(
      fotos
        .map((f) => f.url)
        .every((u) => /^private:importado\/visitas\/lucia-(antes|despues)-[0-9a-f]{16}\.jpg$/.test(u)),
    ).toBe(true);
    expect(fs.readdirSync(path.join(dataDir, "uploads", "importado"))).toEqual(["cursos", "productos"]);
  });

  it("a second run downloads nothing: every file was copied already, even with new tokens", async () => {
    const database = await open();
    const withToken = (token: string) => studioExport("listas", { media: (p) => stub.url(p, token) });
    await importExport(database.db, withToken("primero"), { media: {} });
    const downloads = stub.totalRequests();
    const rows = await database.db.select().from(t.unidadVideos);

    const again = await importExport(database.db, withToken("segundo"), { media: {} });
    expect(stub.totalRequests()).toBe(downloads);
    expect(again.medios).toMatchObject({ copiados: 0, yaCopiados: 8 });
    expect(await database.db.select().from(t.unidadVideos)).toEqual(rows);
  });
});

describe("a file that cannot be copied refuses the import", () => {
  it("names a 404 with its collection, document and field, writes nothing, and resumes once fixed", async () => {
    const database = await open();
    stub.files.delete("visitas/lucia-despues.jpg");
    const data = () => studioExport("listas", { media: (p) => stub.url(p) });
    const errors = await rejected(importExport(database.db, data(), { media: {} }));
    expect(errors).toEqual([
      {
        collection: "codigosVisitas",
        id: "Vt7xQ2mLp9ZcR4nB8sK1aW",
        field: "imagenes.despues[0]",
        message: `no se pudo copiar ${stub.url("visitas/lucia-despues.jpg")}: respondió 404`,
      },
    ]);
    for (const table of [t.productos, t.cursos, t.visitas, t.user, t.compras]) {
      const [{ n }] = await database.db.select({ n: count() }).from(table);
      expect(n).toBe(0);
    }

    // the studio puts the photo back: only that file is downloaded the next time
    stub.files.set("visitas/lucia-despues.jpg", { bytes: await samplePhoto(), contentType: "image/jpeg" });
    stub.requests.clear();
    const result = await importExport(database.db, data(), { media: {} });
    expect([...stub.requests.keys()]).toEqual(["visitas/lucia-despues.jpg"]);
    expect(result.medios).toMatchObject({ copiados: 1, yaCopiados: 7 });
    const [{ n }] = await database.db.select({ n: count() }).from(t.visitaFotos);
    expect(n).toBe(2);
  });

  it("names a download that does not answer within the time limit", async () => {
    const database = await open();
    stub.hang.add("videos/bienvenida.mp4");
    const errors = await rejected(
      importExport(database.db, studioExport("listas", { media: (p) => stub.url(p) }), { media: { timeoutMs: 300 } }),
    );
    expect(errors).toEqual([
      {
        collection: "unidades",
        id: "c-micro-u1",
        field: "videos[0].video",
        message: `no se pudo copiar ${stub.url("videos/bienvenida.mp4")}: no respondió en 1 s`,
      },
    ]);
    const [{ n }] = await database.db.select({ n: count() }).from(t.unidadVideos);
    expect(n).toBe(0);
  });

  it("checks the bytes, not the name or the declared type, and the size", async () => {
    const database = await open();
    // a product photo far heavier than the limit given
    const noise = await sharp(randomBytes(600 * 600 * 3), { raw: { width: 600, height: 600, channels: 3 } })
      .jpeg({ quality: 95 })
      .toBuffer();
    stub.files.set("productos/pigmento.jpg", { bytes: new Uint8Array(noise), contentType: "image/jpeg" });
    // a photo served as the course video, with a video's name and Content-Type
    stub.files.set("videos/bienvenida.mp4", { bytes: await samplePhoto(), contentType: "video/mp4" });
    // a web page where the diploma artwork should be
    stub.files.set("certificados/microblading.png", {
      bytes: new TextEncoder().encode("<!doctype html><title>Iniciar sesión</title>"),
      contentType: "image/png",
    });
    const errors = await rejected(
      importExport(database.db, studioExport("listas", { media: (p) => stub.url(p) }), {
        media: { maxBytes: { image: 100 * 1024 } },
      }),
    );
    const byField = Object.fromEntries(errors.map((e) => [`${e.collection} ${e.field}`, e.message.split(": ").at(-1)]));
    expect(byField).toEqual({
      "producto urlImagen": "pesa más de 100 KB",
      "producto galeria[0].url": "pesa más de 100 KB",
      "cursos certificadoUrl": "no es una imagen (JPG, PNG, WebP, GIF o AVIF)",
      "unidades videos[0].video": "no es un video (MP4, MOV o WebM)",
      "compras porductos[0].url": "pesa más de 100 KB",
    });
  });
});

/**
 * The upload call with the spec's payload (issue 15): multipart `auth`, `name`, `case` and
 * the four image sizes the client made (`original`, `chica`, `mediana`, `grande`), besides
 * one file the server resizes (tests/integration/upload.test.ts). Each size is stored from
 * the client's own file (re-encoded, metadata dropped, never wider than ours); a payload
 * with some sizes missing, a size repeated or a size that is not an image stores nothing.
 * The production Express stack on a real database, real admin and client sessions.
 */
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Database } from "~/server/db/client.server";
import { localStorage } from "~/server/storage/local.server";
import { UPLOAD_PATH } from "~/server/upload.server";
import { type TestApp, startTestApp } from "../support/app";
import { signUpUser, useTestDatabase } from "../support/fixtures";

let database: Database;
let app: TestApp;
const root = fs.mkdtempSync(path.join(os.tmpdir(), "upload-sizes-"));
const uploads = path.join(root, "uploads");
let adminCookie: string;
let clientCookie: string;

beforeAll(async () => {
  database = await useTestDatabase({
    storage: { public: localStorage(uploads, "/media"), private: localStorage(path.join(root, "private"), null) },
  });
  adminCookie = (await signUpUser({ role: "admin" })).cookie;
  clientCookie = (await signUpUser()).cookie;
  app = await startTestApp();
});

afterAll(async () => {
  await app?.close();
  await database?.close();
  fs.rmSync(root, { recursive: true, force: true });
});

type Part = string | { bytes: Uint8Array; fileName: string; type?: string };

function upload(parts: [string, Part][], cookie = adminCookie) {
  const form = new FormData();
  for (const [name, value] of parts) {
    if (typeof value === "string") form.append(name, value);
    else form.append(name, new Blob([Buffer.from(value.bytes)], { type: value.type ?? "image/jpeg" }), value.fileName);
  }
  return fetch(`${app.baseURL}${UPLOAD_PATH}`, { method: "POST", body: form, headers: { cookie, origin: app.baseURL } });
}

/** A flat-coloured JPEG: the colour tells which file a stored size came from. */
const jpeg = (width: number, height: number, r: number, g: number, b: number) =>
  sharp({ create: { width, height, channels: 3, background: { r, g, b } } })
    .withMetadata({ exif: { IFD0: { Copyright: "GPS 20.67,-103.35" } } })
    .jpeg()
    .toBuffer();

const RED = [220, 30, 30] as const;
const GREEN = [30, 200, 40] as const;
const BLUE = [30, 40, 210] as const;
const GOLD = [230, 180, 20] as const;

async function spec(overrides: Partial<Record<"original" | "chica" | "mediana" | "grande", Part | null>> = {}) {
  const sizes: Record<string, Part | null> = {
    original: { bytes: await jpeg(2000, 1500, ...RED), fileName: "foto.jpg" },
    chica: { bytes: await jpeg(400, 300, ...GREEN), fileName: "foto-chica.jpg" },
    mediana: { bytes: await jpeg(800, 600, ...BLUE), fileName: "foto-mediana.jpg" },
    grande: { bytes: await jpeg(1600, 1200, ...GOLD), fileName: "foto-grande.jpg" },
    ...overrides,
  };
  const parts: [string, Part][] = [
    ["auth", "clave-del-cliente"],
    ["name", "Cejas Antes"],
    ["case", "galeria"],
  ];
  for (const [name, part] of Object.entries(sizes)) if (part) parts.push([name, part]);
  return parts;
}

const stored = (url: string) => {
  expect(url).toMatch(/^\/media\//);
  return fs.readFileSync(path.join(uploads, url.slice("/media/".length)));
};

/** The mean colour of a stored file, rounded to tens. */
async function colourOf(bytes: Buffer) {
  const { channels } = await sharp(bytes).stats();
  return channels.slice(0, 3).map((c) => Math.round(c.mean / 10) * 10);
}
const near = (c: readonly number[]) => c.map((v) => Math.round(v / 10) * 10);

const filesIn = (dir: string) => (fs.existsSync(dir) ? fs.readdirSync(dir, { recursive: true, encoding: "utf8" }) : []);

describe("POST /auth/michel-alvarez/v2/firebase-upload with the client's four sizes", () => {
  it("stores each size from the client's own file, plus WebP versions, without metadata", async () => {
    const response = await upload(await spec());
    expect(response.status).toBe(201);
    const body = await response.json();
    expect(body).toMatchObject({ ancho: 2000, alto: 1500 });
    const expected = { original: [2000, RED], chica: [400, GREEN], mediana: [800, BLUE], grande: [1600, GOLD] } as const;
    for (const [size, [width, colour]] of Object.entries(expected)) {
      expect(body[size]).toMatch(new RegExp(`^/media/galeria/cejas-antes-[0-9a-f]{8}-${size}\\.jpg$`));
      const file = stored(body[size]);
      const meta = await sharp(file).metadata();
      expect([size, meta.format, meta.width, meta.exif]).toEqual([size, "jpeg", width, undefined]);
      expect([size, await colourOf(file)]).toEqual([size, near(colour)]);
      const webp = stored(body.webp[size]);
      expect([size, (await sharp(webp).metadata()).width, await colourOf(webp)]).toEqual([size, width, near(colour)]);
    }
  });

  it("never keeps a client's size wider than ours", async () => {
    const response = await upload(await spec({ chica: { bytes: await jpeg(1200, 900, ...GREEN), fileName: "c.jpg" } }));
    expect(response.status).toBe(201);
    const body = await response.json();
    const chica = stored(body.chica);
    expect((await sharp(chica).metadata()).width).toBe(400);
    expect(await colourOf(chica)).toEqual(near(GREEN));
  });

  it("refuses a payload with a size missing, a size repeated or a size that is not an image, storing nothing", async () => {
    const before = filesIn(uploads).length;
    const missing = await upload(await spec({ grande: null }));
    expect(missing.status).toBe(400);
    expect((await missing.json()).error).toBe(
      "Envía un solo archivo ('data' o 'image') o las cuatro medidas de la imagen: original, chica, mediana y grande.",
    );

    const repeated = await spec({ grande: null });
    repeated.push(["chica", { bytes: await jpeg(300, 200, ...GREEN), fileName: "otra.jpg" }]);
    const twice = await upload(repeated);
    expect(twice.status).toBe(400);
    expect((await twice.json()).error).toBe("Envía el campo 'chica' una sola vez.");

    const notImage = await upload(
      await spec({ mediana: { bytes: Buffer.from("no soy una imagen"), fileName: "mediana.jpg" } }),
    );
    expect(notImage.status).toBe(415);
    expect((await notImage.json()).error).toBe("La medida 'mediana' no es una imagen válida (JPG, PNG, WebP, GIF o AVIF).");

    const withData = await upload([
      ...(await spec({ original: null, grande: null })),
      ["data", { bytes: await jpeg(100, 100, ...RED), fileName: "x.jpg" }],
    ]);
    expect(withData.status).toBe(400);
    expect(filesIn(uploads)).toHaveLength(before);
  });

  it("is for the studio's account only", async () => {
    const response = await upload(await spec(), clientCookie);
    expect(response.status).toBe(403);
  });
});

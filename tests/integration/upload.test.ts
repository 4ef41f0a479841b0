import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Database } from "~/server/db/client.server";
import { localStorage } from "~/server/storage/local.server";
import { UPLOAD_PATH, } from "~/server/upload.server";
import { type TestApp, startTestApp } from "../support/app";
import { signUpUser, useTestDatabase } from "../support/fixtures";

let database: Database;
let app: TestApp;
let baseURL: string;
const root = fs.mkdtempSync(path.join(os.tmpdir(), "upload-test-"));
const uploads = path.join(root, "uploads");
const privateFiles = path.join(root, "private");
let adminCookie: string;
let clientCookie: string;

/** A real account through Better Auth; its session cookie as a browser would send it. */
beforeAll(async () => {
  database = await useTestDatabase({
    storage: { public: localStorage(uploads, "/media"), private: localStorage(privateFiles, null) },
  });
  adminCookie = (await signUpUser({ email: "estudio@example.com", role: "admin" })).cookie;
  clientCookie = (await signUpUser({ email: "clienta@example.com" })).cookie;
  // the production stack: security headers, same-origin writes, then the handler
  app = await startTestApp();
  baseURL = app.baseURL;
});

afterAll(async () => {
  await app?.close();
  await database?.close();
  fs.rmSync(root, { recursive: true, force: true });
});

function upload(
  fields: Record<string, string | { bytes: Uint8Array; fileName: string; type: string }>,
  cookie?: string,
  origin?: string,
) {
  const form = new FormData();
  for (const [name, value] of Object.entries(fields)) {
    if (typeof value === "string") form.append(name, value);
    else form.append(name, new Blob([Buffer.from(value.bytes)], { type: value.type }), value.fileName);
  }
  const headers: Record<string, string> = {};
  if (cookie) headers.cookie = cookie;
  if (origin) headers.origin = origin;
  return fetch(`${baseURL}${UPLOAD_PATH}`, { method: "POST", body: form, headers });
}

const photo = (width: number, height: number) =>
  sharp({ create: { width, height, channels: 3, background: { r: 200, g: 150, b: 130 } } })
    .jpeg()
    .toBuffer();

/** The stored file behind a returned URL. */
function stored(url: string) {
  expect(url).toMatch(/^\/media\//);
  return fs.readFileSync(path.join(uploads, url.slice("/media/".length)));
}

function filesIn(dir: string): string[] {
  return fs.existsSync(dir) ? fs.readdirSync(dir, { recursive: true, encoding: "utf8" }) : [];
}

describe("POST /auth/michel-alvarez/v2/firebase-upload", () => {
  it("stores an image in four sizes of the right widths, plus WebP versions", async () => {
    const response = await upload(
      {
        name: "Labial Mate Rosa",
        case: "productos",
        image: { bytes: await photo(2400, 1600), fileName: "IMG_0001.JPG", type: "image/jpeg" },
      },
      adminCookie,
    );
    expect(response.status).toBe(201);
    const body = await response.json();
    expect(body.original).toMatch(/^\/media\/productos\/labial-mate-rosa-[0-9a-f]{8}-original\.jpg$/);
    expect(body).toMatchObject({ ancho: 2400, alto: 1600 });
    const widths = { original: 2400, chica: 400, mediana: 800, grande: 1600 } as const;
    for (const [size, width] of Object.entries(widths) as [keyof typeof widths, number][]) {
      const jpeg = await sharp(stored(body[size])).metadata();
      expect([size, jpeg.format, jpeg.width, jpeg.height]).toEqual([size, "jpeg", width, Math.round((width * 2) / 3)]);
      const webp = await sharp(stored(body.webp[size])).metadata();
      expect([size, webp.format, webp.width]).toEqual([size, "webp", width]);
    }
  });

  it("never enlarges a small image, and keeps transparency as PNG", async () => {
    const small = await sharp({
      create: { width: 600, height: 600, channels: 4, background: { r: 0, g: 0, b: 0, alpha: 0 } },
    })
      .png()
      .toBuffer();
    const response = await upload(
      { name: "logo", case: "sitio", original: { bytes: small, fileName: "logo.png", type: "image/png" } },
      adminCookie,
    );
    expect(response.status).toBe(201);
    const body = await response.json();
    for (const [size, width] of [
      ["chica", 400],
      ["mediana", 600],
      ["grande", 600],
    ] as const) {
      const meta = await sharp(stored(body[size])).metadata();
      expect([size, meta.format, meta.width, meta.hasAlpha]).toEqual([size, "png", width, true]);
    }
  });

  it("stores a PDF sent as `data` as is, in private storage for a manual", async () => {
    const pdf = Buffer.from("%PDF-1.4\n1 0 obj <<>> endobj\ntrailer <<>>\n%%EOF\n");
    const response = await upload(
      {
        name: "Manual de cejas",
        case: "manuales",
        data: { bytes: pdf, fileName: "manual.pdf", type: "application/pdf" },
      },
      adminCookie,
    );
    expect(response.status).toBe(201);
    const body = await response.json();
    expect(body).toMatchObject({ tipo: "application/pdf", bytes: pdf.length });
    expect(body.url).toMatch(/^private:manuales\/manual-de-cejas-[0-9a-f]{8}\.pdf$/);
    expect(fs.readFileSync(path.join(privateFiles, body.url.slice("private:".length)))).toEqual(pdf);
  });

  it("refuses a file that is not an image even when it is named and typed as a JPEG", async () => {
    const before = filesIn(uploads).length;
    const fake = Buffer.from("<html><script>alert(1)</script></html>");
    const asImage = await upload(
      { name: "foto", case: "productos", image: { bytes: fake, fileName: "foto.jpg", type: "image/jpeg" } },
      adminCookie,
    );
    expect(asImage.status).toBe(415);
    expect((await asImage.json()).error).toMatch(/no es una imagen válida/);
    const asData = await upload(
      { name: "foto", case: "productos", data: { bytes: fake, fileName: "foto.jpg", type: "image/jpeg" } },
      adminCookie,
    );
    expect(asData.status).toBe(415);
    expect((await asData.json()).error).toMatch(/Tipo de archivo no permitido/);
    expect(filesIn(uploads).length).toBe(before);
  });

  it("refuses an image over 20 MB, the limit named", async () => {
    const huge = Buffer.alloc(21 * 1024 * 1024, 7);
    huge.set([0xff, 0xd8, 0xff, 0xe0]);
    const response = await upload(
      { name: "enorme", case: "productos", image: { bytes: huge, fileName: "enorme.jpg", type: "image/jpeg" } },
      adminCookie,
    );
    expect(response.status).toBe(413);
    expect((await response.json()).error).toBe("La imagen pasa de 20 MB.");
  });

  it("refuses an unknown case or a missing file", async () => {
    const image = { bytes: await photo(10, 10), fileName: "a.jpg", type: "image/jpeg" };
    const badCase = await upload({ name: "x", case: "../../etc", image }, adminCookie);
    expect(badCase.status).toBe(400);
    expect((await badCase.json()).error).toMatch(/^Indica para qué es el archivo/);
    const noFile = await upload({ name: "x", case: "productos" }, adminCookie);
    expect(noFile.status).toBe(400);
    expect((await noFile.json()).error).toMatch(/^Falta el archivo/);
  });

  it("refuses anyone who is not an admin, and other sites, storing nothing", async () => {
    const before = filesIn(uploads).length;
    const image = { bytes: await photo(100, 100), fileName: "a.jpg", type: "image/jpeg" };
    const anonymous = await upload({ name: "x", case: "productos", image });
    expect(anonymous.status).toBe(401);
    expect((await anonymous.json()).error).toMatch(/^Inicia sesión/);
    const client = await upload({ name: "x", case: "productos", image }, clientCookie);
    expect(client.status).toBe(403);
    expect((await client.json()).error).toBe("Tu cuenta no tiene permiso para subir archivos.");
    const otherSite = await upload({ name: "x", case: "productos", image }, adminCookie, "https://otro-sitio.example");
    expect(otherSite.status).toBe(403);
    expect(filesIn(uploads).length).toBe(before);
  });
});

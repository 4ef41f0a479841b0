/**
 * Upload limits by route (issue 25): the admin screens' forms carry files past the 1 MB body
 * limit (images 20 MB, PDFs 100 MB, videos 2 GB, app/domain/limits.ts), only for an admin
 * session, checked before the body is read; files are streamed to the storage (local disk or
 * the S3 stub), never held in memory; past a limit, a Spanish 413 naming it and nothing stored.
 *
 * The production Express stack (security, same-origin, body limit) with the admin edit route's
 * own action behind it, its body handed over the way React Router's Express adapter does
 * (createReadableStreamFromReadable), on a real database with real sessions. Bodies are
 * generated as they are sent (the test never allocates a large file).
 */
import { createHash, randomBytes } from "node:crypto";
import fs from "node:fs";
import http from "node:http";
import os from "node:os";
import path from "node:path";
import { Readable } from "node:stream";
import { createReadableStreamFromReadable } from "@react-router/node";
import { eq } from "drizzle-orm";
import type { RequestHandler } from "express";
import sharp from "sharp";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { UPLOAD_LIMITS, controlCharacters } from "~/domain/limits";
import { categoriesResource } from "~/server/admin/categories.server";
import { coursesResource, unitsResource, videosResource } from "~/server/admin/courses.server";
import { productsResource } from "~/server/admin/products.server";
import { servicesResource } from "~/server/admin/services.server";
import { treatmentsResource } from "~/server/admin/treatments.server";
import { visitsResource } from "~/server/admin/visits.server";
import { UPLOAD_SECTIONS } from "~/server/admin/uploads.server";
import type { Database } from "~/server/db/client.server";
import { productoImagenes, productos, unidadVideos, unidades } from "~/server/db/schema";
import { gateForm } from "~/server/http/form-gate.server";
import { localStorage } from "~/server/storage/local.server";
import { s3Storage } from "~/server/storage/s3.server";
import { action as editAction } from "~/routes/admin/editar";
import { type TestApp, startTestApp } from "../support/app";
import { configure, makeCategory, makeCourse, signUpUser, useTestDatabase } from "../support/fixtures";
import { type S3Stub, startS3Stub } from "../support/s3-stub";
import { MB, MP4_HEAD, PDF_HEAD, repeated } from "../support/upload-files";

let database: Database;
let app: TestApp;
let stub: S3Stub;
const root = fs.mkdtempSync(path.join(os.tmpdir(), "admin-uploads-"));
const uploads = path.join(root, "uploads");
const privateFiles = path.join(root, "private");
const spool = path.join(root, "data", "tmp");
let adminCookie: string;
let clientCookie: string;
let categoriaId: string;
let unidadId: string;
/** bytes of request bodies the route's action received (the body limit lets through) */
let actionCalls = 0;

/** S3 instead of the folders, until the test ends (afterEach). */
let undoS3: (() => void) | undefined;
const storeOnDisk = () => {
  undoS3?.();
  undoS3 = undefined;
};
const storeOnS3 = () => {
  const config = {
    endpoint: stub.endpoint,
    bucket: "estudio",
    region: "auto",
    accessKeyId: "AKIATEST",
    secretAccessKey: "secreto-de-prueba",
    publicUrl: "https://cdn.example.com",
  };
  undoS3 = configure({ storage: { public: s3Storage(config, "uploads"), private: s3Storage(config, "private") } });
};

/**
 * The admin edit screens' action behind the app, as React Router's Express adapter calls it:
 * a Fetch Request whose body streams from the Node request, through the form gate as
 * server/app.ts puts every action (withFormGate). A redirect or data() becomes the answer.
 */
const gatedEditAction = gateForm(editAction);
const adminPages: RequestHandler = async (req, res) => {
  const match = /^\/admin\/([a-z-]+)\/([^/.]+)$/.exec(req.path);
  if (!match || req.method !== "POST") return void res.status(404).end();
  actionCalls++;
  const headers = new Headers();
  for (const [name, value] of Object.entries(req.headers)) if (typeof value === "string") headers.set(name, value);
  const request = new Request(`${app.baseURL}${req.originalUrl}`, {
    method: "POST",
    headers,
    body: createReadableStreamFromReadable(req),
    duplex: "half",
  } as RequestInit);
  let result: unknown;
  try {
    result = await gatedEditAction({ request, params: { id: match[2] }, context: { clientIp: "127.0.0.1" } } as never);
  } catch (thrown) {
    result = thrown;
  }
  if (result instanceof Response) {
    res
      .status(result.status)
      .set("location", result.headers.get("location") ?? "")
      .json({});
    return;
  }
  const answer = result as { type?: string; data?: unknown; init?: ResponseInit | null };
  if (answer?.type === "DataWithResponseInit") return void res.status(answer.init?.status ?? 200).json(answer.data);
  if (result instanceof Error) throw result;
  res.json(result);
};

beforeAll(async () => {
  database = await useTestDatabase({
    config: { dataDir: path.join(root, "data") },
    storage: { public: localStorage(uploads, "/media"), private: localStorage(privateFiles, null) },
  });
  stub = await startS3Stub("AKIATEST", "secreto-de-prueba", "auto");
  adminCookie = (await signUpUser({ role: "admin" })).cookie;
  clientCookie = (await signUpUser()).cookie;
  categoriaId = (await makeCategory()).id;
  const course = await makeCourse();
  unidadId = `unidad-${randomBytes(3).toString("hex")}`;
  await database.db.insert(unidades).values({ id: unidadId, cursoId: course.id, nombre: "Unidad 1" });
  app = await startTestApp({ pages: adminPages });
});

afterEach(() => storeOnDisk());

afterAll(async () => {
  await app?.close();
  await stub?.close();
  await database?.close();
  fs.rmSync(root, { recursive: true, force: true });
});

/** Every file (not folder) under a folder. */
function filesIn(dir: string): string[] {
  if (!fs.existsSync(dir)) return [];
  return fs
    .readdirSync(dir, { recursive: true, encoding: "utf8" })
    .filter((name) => fs.statSync(path.join(dir, name)).isFile());
}

type FilePart = { field: string; fileName: string; type: string; size: number; chunks: () => Iterable<Buffer> };
type Sent = { status: number; json: Record<string, unknown>; location: string | null; sent: () => number };

/**
 * POSTs an admin form (multipart: text fields, then files generated as they are sent, its
 * Content-Length declared as a browser does) over node:http, so the answer is read even when the server answers and closes before the body
 * ends. `pauseAfter` bytes of files sent, it waits for `until` ('stop' ends the body there).
 */
function postForm(
  pathname: string,
  fields: Record<string, string>,
  files: FilePart[],
  cookie: string,
  options: { pauseAfter?: number; until?: () => Promise<unknown> } = {},
): Promise<Sent> {
  const boundary = `----prueba${randomBytes(8).toString("hex")}`;
  const fieldParts = Object.entries(fields).map(([name, value]) =>
    Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`),
  );
  const fileHeads = files.map((file) =>
    Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="${file.field}"; filename="${file.fileName}"\r\n` +
        `Content-Type: ${file.type}\r\n\r\n`,
    ),
  );
  const end = Buffer.from(`--${boundary}--\r\n`);
  const length =
    fieldParts.reduce((n, b) => n + b.length, 0) +
    files.reduce((n, file, i) => n + fileHeads[i]!.length + file.size + 2, 0) +
    end.length;
  let sent = 0;
  async function* multipart() {
    yield* fieldParts;
    let paused = false;
    for (const [i, file] of files.entries()) {
      yield fileHeads[i]!;
      for (const chunk of file.chunks()) {
        yield chunk;
        sent += chunk.length;
        if (!paused && options.pauseAfter !== undefined && sent >= options.pauseAfter) {
          paused = true;
          if ((await options.until?.()) === "stop") return;
        }
      }
      yield Buffer.from("\r\n");
    }
    yield end;
  }
  return new Promise((resolve, reject) => {
    let answered = false;
    const request = http.request(
      `${app.baseURL}${pathname}`,
      {
        method: "POST",
        headers: {
          "content-type": `multipart/form-data; boundary=${boundary}`,
          "content-length": String(length),
          cookie,
          origin: app.baseURL,
        },
      },
      (response) => {
        answered = true;
        const parts: Buffer[] = [];
        response.on("data", (chunk: Buffer) => parts.push(chunk));
        response.on("end", () => {
          const text = Buffer.concat(parts).toString();
          resolve({
            status: response.statusCode ?? 0,
            json: text.startsWith("{") ? JSON.parse(text) : { text },
            location: (response.headers.location as string | undefined) || null,
            sent: () => sent,
          });
          request.destroy();
        });
      },
    );
    request.on("error", (error) => !answered && reject(error));
    Readable.from(multipart()).pipe(request);
  });
}

/**
 * A JPEG of at least `bytes`: a real photo (noise, 800 px) carrying comment segments up to
 * the size, as a phone's photo carries its metadata. The body is as large as the test needs;
 * the server's image work is that of an 800 px photo, not of a 3,000 px noise picture (which
 * cost ~10 s of CPU per upload and tests nothing more about large bodies).
 */
async function photoOf(bytes: number): Promise<Buffer> {
  const jpeg = await sharp({
    create: {
      width: 800,
      height: 800,
      channels: 3,
      background: { r: 0, g: 0, b: 0 },
      noise: { type: "gaussian", mean: 128, sigma: 70 },
    },
  })
    .jpeg({ quality: 90 })
    .toBuffer();
  const segments: Buffer[] = [];
  let size = jpeg.length;
  while (size < bytes) {
    const data = Buffer.alloc(Math.min(65_533, bytes - size + 4), 0x20);
    // COM marker, then its length (counting the two length bytes), then the comment
    segments.push(Buffer.from([0xff, 0xfe, (data.length + 2) >> 8, (data.length + 2) & 0xff]), data);
    size += data.length + 4;
  }
  // after SOI (the first two bytes), before the rest of the image
  return Buffer.concat([jpeg.subarray(0, 2), ...segments, jpeg.subarray(2)]);
}

const productFields = (nombre: string) => ({
  intent: "guardar",
  nombre,
  precio: "249.50",
  cantidad: "3",
  categoriaId,
  publicado: "on",
});

const videoFields = (titulo: string) => ({ intent: "guardar", unidadId, titulo, posicion: "1" });

const videoPart = (file: ReturnType<typeof repeated>): FilePart => ({
  field: "video",
  fileName: "leccion.mp4",
  type: "video/mp4",
  size: file.size,
  chunks: file.chunks,
});

describe("admin screens: files past 1 MB, by kind", () => {
  it("only the sections whose forms carry files take large bodies, and all of them do", async () => {
    const withFiles: string[] = [];
    for (const resource of [
      productsResource,
      categoriesResource,
      servicesResource,
      treatmentsResource,
      coursesResource,
      unitsResource,
      videosResource,
      visitsResource,
    ]) {
      for (const isNew of [true, false]) {
        const fields = await resource.fields(database.db, isNew);
        if (Object.values(fields).some((f) => f.files)) withFiles.push(resource.section);
      }
    }
    expect([...new Set(withFiles)].sort()).toEqual([...UPLOAD_SECTIONS].sort());
  });

  for (const storage of ["disco", "S3"] as const) {
    it(`stores an 8 MB photo of a product and a 60 MB lesson video from an admin (${storage})`, async () => {
      if (storage === "S3") storeOnS3();
      const photo = await photoOf(8 * MB);
      const product = await postForm(
        "/admin/productos/nuevo",
        productFields(`Serum Grande ${storage}`),
        [
          {
            field: "galeria",
            fileName: "foto-del-celular.jpg",
            type: "image/jpeg",
            size: photo.length,
            chunks: () => [photo],
          },
        ],
        adminCookie,
      );
      expect(product.status, JSON.stringify(product.json)).toBe(302);
      const productId = String(product.location).split("/").pop()!.replace(/\?.*$/, "");
      const [image] = await database.db
        .select()
        .from(productoImagenes)
        .where(eq(productoImagenes.productoId, productId));
      expect(image.url).toMatch(/productos\/foto-del-celular-[0-9a-f]{8}-mediana\.jpg$/);
      if (storage === "S3") {
        expect(
          [...stub.objects.keys()].filter((k) => k.startsWith("/estudio/uploads/productos/")).length,
        ).toBeGreaterThan(0);
      } else {
        expect(fs.existsSync(path.join(uploads, image.url.slice("/media/".length)))).toBe(true);
      }
      expect((await database.db.select().from(productos).where(eq(productos.id, productId)))[0]?.nombre).toBe(
        `Serum Grande ${storage}`,
      );

      const video = repeated(60 * MB, MP4_HEAD);
      const lesson = await postForm(
        `/admin/videos/nuevo?padre=${unidadId}`,
        videoFields(`Lección ${storage}`),
        [videoPart(video)],
        adminCookie,
      );
      expect(lesson.status, JSON.stringify(lesson.json)).toBe(302);
      const [row] = await database.db
        .select()
        .from(unidadVideos)
        .where(eq(unidadVideos.titulo, `Lección ${storage}`));
      expect(row.video).toMatch(/^private:videos\/leccion-[0-9a-f]{8}\.mp4$/);
      const key = row.video.slice("private:".length);
      if (storage === "S3") {
        const object = stub.objects.get(`/estudio/private/${key}`);
        expect(object?.bytes.length).toBe(video.size);
        expect(
          createHash("sha256")
            .update(object?.bytes ?? Buffer.alloc(0))
            .digest("hex"),
        ).toBe(video.sha256);
      } else {
        const stored = path.join(privateFiles, key);
        expect(fs.statSync(stored).size).toBe(video.size);
        expect(createHash("sha256").update(fs.readFileSync(stored)).digest("hex")).toBe(video.sha256);
      }
      expect(filesIn(spool)).toEqual([]);
    });
  }

  it("refuses a photo past 20 MB and a PDF past 100 MB with a 413 naming the limit, storing nothing", async () => {
    const before = { uploads: filesIn(uploads).length, private: filesIn(privateFiles).length };
    const products = (await database.db.select().from(productos)).length;
    const photo = repeated(UPLOAD_LIMITS.imagen.bytes + MB, Buffer.from([0xff, 0xd8, 0xff, 0xe0]));
    const tooBigPhoto = await postForm(
      "/admin/productos/nuevo",
      productFields("Serum Enorme"),
      [{ field: "galeria", fileName: "enorme.jpg", type: "image/jpeg", size: photo.size, chunks: photo.chunks }],
      adminCookie,
    );
    expect(tooBigPhoto.status).toBe(413);
    expect(tooBigPhoto.json).toMatchObject({ errors: { galeria: "La imagen pasa de 20 MB." } });
    expect((await database.db.select().from(productos)).length).toBe(products);

    const course = await makeCourse();
    const manual = repeated(UPLOAD_LIMITS.pdf.bytes + MB, PDF_HEAD);
    const tooBigManual = await postForm(
      `/admin/cursos/${course.id}`,
      { intent: "guardar", titulo: course.titulo, tipo: "online" },
      [{ field: "urlKit", fileName: "manual.pdf", type: "application/pdf", size: manual.size, chunks: manual.chunks }],
      adminCookie,
    );
    expect(tooBigManual.status).toBe(413);
    expect(tooBigManual.json).toMatchObject({ errors: { urlKit: "El PDF pasa de 100 MB." } });
    expect(filesIn(uploads).length).toBe(before.uploads);
    expect(filesIn(privateFiles).length).toBe(before.private);
    expect(filesIn(spool)).toEqual([]);
  });

  it("refuses a control character in a text field of a large admin form as it streams, storing nothing", async () => {
    // Past 1 MB the form gate does not copy the body (a video would be held in memory whole):
    // the streaming reader applies its rule to the text fields.
    const before = filesIn(uploads).length;
    const products = (await database.db.select().from(productos)).length;
    const photo = await photoOf(3 * MB);
    const refused = await postForm(
      "/admin/productos/nuevo",
      productFields("Serum\u0000Nulo"),
      [{ field: "galeria", fileName: "serum.jpg", type: "image/jpeg", size: photo.length, chunks: () => [photo] }],
      adminCookie,
    );
    expect(refused.status).toBe(400);
    expect(JSON.stringify(refused.json)).toContain(controlCharacters.text);
    expect((await database.db.select().from(productos)).length).toBe(products);
    expect(filesIn(uploads).length).toBe(before);
  });

  it("refuses a client's or an anonymous large form at 1 MB before reading it; the route never sees it", async () => {
    for (const cookie of [clientCookie, ""]) {
      const calls = actionCalls;
      let answered: (value: unknown) => void = () => {};
      const gotAnswer = new Promise((resolve) => {
        answered = resolve;
      });
      const video = repeated(50 * MB, MP4_HEAD);
      const answer = await postForm(
        `/admin/videos/nuevo?padre=${unidadId}`,
        videoFields("Intrusa"),
        [videoPart(video)],
        cookie,
        {
          // 2 MB sent, the rest waits for the answer: a server that read on would never answer
          pauseAfter: 2 * MB,
          until: async () => {
            await gotAnswer;
            return "stop";
          },
        },
      );
      answered(null);
      expect(answer.status).toBe(413);
      expect(answer.json).toMatchObject({ message: "La solicitud es demasiado grande." });
      expect(answer.sent()).toBeLessThan(50 * MB);
      expect(filesIn(spool)).toEqual([]);
      // the body limit answered: the route never saw it
      expect(actionCalls).toBe(calls);
    }
    expect((await database.db.select().from(unidadVideos).where(eq(unidadVideos.titulo, "Intrusa"))).length).toBe(0);
  });

  // 256 MB is five times the bound: a body held in memory, even once, could not stay under it
  // (1 GB took 13 s of a 2-core machine for the same proof).
  it("streams a 256 MB lesson video to the storage with the server's memory growing less than 50 MB", async () => {
    const video = repeated(256 * MB, MP4_HEAD);
    const before = process.memoryUsage().rss;
    let peak = before;
    const sample = setInterval(() => {
      peak = Math.max(peak, process.memoryUsage().rss);
    }, 10);
    const lesson = await postForm(
      `/admin/videos/nuevo?padre=${unidadId}`,
      videoFields("Lección de 256 MB"),
      [videoPart(video)],
      adminCookie,
    );
    clearInterval(sample);
    peak = Math.max(peak, process.memoryUsage().rss);
    expect(lesson.status, JSON.stringify(lesson.json)).toBe(302);
    const [row] = await database.db.select().from(unidadVideos).where(eq(unidadVideos.titulo, "Lección de 256 MB"));
    const stored = path.join(privateFiles, row.video.slice("private:".length));
    expect(fs.statSync(stored).size).toBe(256 * MB);
    expect(filesIn(spool)).toEqual([]);
    const growth = peak - before;
    console.log(`RSS durante la subida de 256 MB: +${(growth / MB).toFixed(1)} MB (de ${(before / MB).toFixed(0)} MB)`);
    expect(growth).toBeLessThan(50 * MB);
    fs.rmSync(stored);
  });
});

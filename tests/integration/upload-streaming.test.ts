/**
 * Large uploads (issue 11, "Limits everywhere"): a `data` file sent to
 * POST /auth/michel-alvarez/v2/firebase-upload is streamed to DATA_DIR/tmp, counted, and
 * handed to the storage as a file (a copy on disk, a streamed PUT on S3), never held whole
 * in memory; the body of anyone who is not an admin is never read. The production Express
 * stack on a real database, real admin and client sessions, the S3 stub at the network edge.
 *
 * Bodies are generated as they are sent (the test never holds a large file either), and a
 * body can stop half-way until a condition holds: that is how "written to disk while still
 * arriving" and "answered before the body was read" are shown without timing anything.
 */
import { createHash, randomBytes } from "node:crypto";
import fs from "node:fs";
import http from "node:http";
import os from "node:os";
import path from "node:path";
import { Readable } from "node:stream";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import type { Database } from "~/server/db/client.server";
import { env } from "~/server/env.server";
import { localStorage } from "~/server/storage/local.server";
import { s3Storage } from "~/server/storage/s3.server";
import { UPLOAD_LIMITS } from "~/domain/limits";
import { UPLOAD_PATH, sweepUploadSpool } from "~/server/upload.server";
import { type TestApp, startTestApp } from "../support/app";
import { configure, signUpUser, useTestDatabase } from "../support/fixtures";
import { type S3Stub, startS3Stub } from "../support/s3-stub";
import { MB, MP4_HEAD, PDF_HEAD, repeated } from "../support/upload-files";

let database: Database;
let app: TestApp;
let stub: S3Stub;
const root = fs.mkdtempSync(path.join(os.tmpdir(), "upload-streaming-"));
const uploads = path.join(root, "uploads");
const privateFiles = path.join(root, "private");
const spool = path.join(root, "data", "tmp");
let adminCookie: string;
let clientCookie: string;

/** S3 instead of the folders, until the test ends (afterEach). */
let undoS3: (() => void) | undefined;

beforeAll(async () => {
  database = await useTestDatabase({
    config: { dataDir: path.join(root, "data") },
    storage: { public: localStorage(uploads, "/media"), private: localStorage(privateFiles, null) },
  });
  stub = await startS3Stub("AKIATEST", "secreto-de-prueba", "auto");
  adminCookie = (await signUpUser({ role: "admin" })).cookie;
  clientCookie = (await signUpUser()).cookie;
  app = await startTestApp();
});

afterEach(() => {
  stub?.setFailing("PUT", false);
  undoS3?.();
  undoS3 = undefined;
});

afterAll(async () => {
  await app?.close();
  await stub?.close();
  await database?.close();
  fs.rmSync(root, { recursive: true, force: true });
});

/** Every file (not folder) under a folder, with its size. */
function filesIn(dir: string): { name: string; size: number }[] {
  if (!fs.existsSync(dir)) return [];
  return fs
    .readdirSync(dir, { recursive: true, encoding: "utf8" })
    .map((name) => ({ name, stat: fs.statSync(path.join(dir, name)) }))
    .filter(({ stat }) => stat.isFile())
    .map(({ name, stat }) => ({ name, size: stat.size }));
}

const sha256 = (bytes: Uint8Array) => createHash("sha256").update(bytes).digest("hex");
const fileSha256 = (file: string) => sha256(fs.readFileSync(file));

type Body = {
  /** the file's bytes, chunk by chunk */
  chunks: () => Iterable<Buffer>;
  /** once this many bytes of the file are sent, wait for `until` before sending more */
  pauseAfter?: number;
  until?: () => Promise<unknown>;
};

/**
 * POSTs a multipart body (`name`, `case`, then the file in `data`) generated as it is sent,
 * over plain node:http so the answer is read even when the server answers (and closes)
 * before the body is complete. Resolves with the answer and how many file bytes were sent.
 */
function postStreamed(uploadCase: string, body: Body, cookie: string) {
  const boundary = `----prueba${randomBytes(8).toString("hex")}`;
  let sent = 0;
  let request: http.ClientRequest | undefined;
  async function* multipart() {
    yield Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="name"\r\n\r\nVideo del curso\r\n` +
        `--${boundary}\r\nContent-Disposition: form-data; name="case"\r\n\r\n${uploadCase}\r\n` +
        `--${boundary}\r\nContent-Disposition: form-data; name="data"; filename="video.mp4"\r\n` +
        "Content-Type: video/mp4\r\n\r\n",
    );
    let paused = false;
    for (const chunk of body.chunks()) {
      yield chunk;
      sent += chunk.length;
      if (!paused && body.pauseAfter !== undefined && sent >= body.pauseAfter) {
        paused = true;
        const next = await body.until?.();
        if (next === "stop") return;
        if (next === "abort") {
          request?.destroy(new Error("la clienta cerró la conexión"));
          return;
        }
      }
    }
    yield Buffer.from(`\r\n--${boundary}--\r\n`);
  }
  return new Promise<{ status: number; json: { error?: string; url?: string; bytes?: number }; sent: () => number }>(
    (resolve, reject) => {
      let answered = false;
      const sender = http.request(
        `${app.baseURL}${UPLOAD_PATH}`,
        {
          method: "POST",
          headers: {
            "content-type": `multipart/form-data; boundary=${boundary}`,
            cookie,
            origin: app.baseURL,
          },
        },
        (response) => {
          answered = true;
          const parts: Buffer[] = [];
          response.on("data", (chunk: Buffer) => parts.push(chunk));
          response.on("end", () => {
            resolve({
              status: response.statusCode ?? 0,
              json: JSON.parse(Buffer.concat(parts).toString()),
              sent: () => sent,
            });
            request?.destroy();
          });
        },
      );
      // the server may close the connection once it has answered: not an error then
      request = sender;
      sender.on("error", (error) => !answered && reject(error));
      Readable.from(multipart()).pipe(sender);
    },
  );
}

/** `total` bytes of an MP4-looking file (or `head`'s kind), made of one repeated 1 MB block (no new memory per chunk). */
/** Resolves once `condition` holds, checking every 20 ms (the test's own timeout bounds it). */
async function waitFor(condition: () => boolean) {
  while (!condition()) await new Promise((resolve) => setTimeout(resolve, 20));
}

/** A few MB of random bytes, sent with fetch and FormData as the admin's browser would. */
async function uploadWithFetch(uploadCase: string, bytes: Buffer) {
  const form = new FormData();
  form.append("name", "Video del curso");
  form.append("case", uploadCase);
  form.append("data", new Blob([new Uint8Array(bytes)], { type: "video/mp4" }), "video.mp4");
  return fetch(`${app.baseURL}${UPLOAD_PATH}`, {
    method: "POST",
    body: form,
    headers: { cookie: adminCookie, origin: app.baseURL },
  });
}

const randomVideo = (size: number) => {
  const bytes = randomBytes(size);
  MP4_HEAD.copy(bytes);
  return bytes;
};

describe("streamed data uploads", () => {
  it("stores a file of a few MB byte for byte in local storage, leaving no temporary file", async () => {
    const video = randomVideo(5 * MB + 123);
    const response = await uploadWithFetch("videos", video);
    expect(response.status).toBe(201);
    const body = await response.json();
    expect(body).toMatchObject({ tipo: "video/mp4", bytes: video.length });
    expect(body.url).toMatch(/^private:videos\/video-del-curso-[0-9a-f]{8}\.mp4$/);
    const stored = fs.readFileSync(path.join(privateFiles, body.url.slice("private:".length)));
    expect(stored.length).toBe(video.length);
    expect(sha256(stored)).toBe(sha256(video));
    expect(filesIn(spool)).toEqual([]);
    expect(fs.readdirSync(spool)).toEqual([]);
  });

  it("stores a file of a few MB byte for byte on S3, sent as a stream the store's signature check accepts", async () => {
    const config = {
      endpoint: stub.endpoint,
      bucket: "estudio",
      region: "auto",
      accessKeyId: "AKIATEST",
      secretAccessKey: "secreto-de-prueba",
      publicUrl: "https://cdn.example.com",
    };
    undoS3 = configure({ storage: { public: s3Storage(config, "uploads"), private: s3Storage(config, "private") } });
    const before = stub.requests.length;
    const video = randomVideo(4 * MB + 7);
    const response = await uploadWithFetch("videos", video);
    expect(response.status).toBe(201);
    const body = await response.json();
    const key = body.url.slice("private:".length);
    // the stub refuses (403) a wrong signature or a body whose SHA-256 differs from the signed one
    const object = stub.objects.get(`/estudio/private/${key}`);
    expect(object?.contentType).toBe("video/mp4");
    expect(object?.bytes.length).toBe(video.length);
    expect(sha256(object?.bytes ?? Buffer.alloc(0))).toBe(sha256(video));
    // one PUT, its length announced (S3 refuses a chunked PUT without Content-Length)
    expect(stub.requests.slice(before).map((r) => [r.method, r.path, r.contentLength, r.transferEncoding])).toEqual([
      ["PUT", `/estudio/private/${key}`, String(video.length), undefined],
    ]);
    expect(filesIn(spool)).toEqual([]);
  });

  it("retries a failing S3 PUT with the whole file each time, then answers 500 and keeps nothing", async () => {
    const config = {
      endpoint: stub.endpoint,
      bucket: "estudio",
      region: "auto",
      accessKeyId: "AKIATEST",
      secretAccessKey: "secreto-de-prueba",
      publicUrl: undefined,
    };
    undoS3 = configure({ storage: { public: s3Storage(config, "uploads"), private: s3Storage(config, "private") } });
    stub.setFailing("PUT", true);
    const before = stub.requests.length;
    const objects = stub.objects.size;
    const response = await uploadWithFetch("videos", randomVideo(2 * MB));
    expect(response.status).toBe(500);
    expect((await response.json()).error).toBe("No se pudo guardar el archivo. Intenta de nuevo.");
    // three PUTs (two retries), each passing the signature and body-hash check before failing:
    // a retry sent a new stream of the whole file, not an empty or half-read one
    expect(stub.requests.slice(before).map((r) => r.method)).toEqual(["PUT", "PUT", "PUT"]);
    expect(stub.objects.size).toBe(objects);
    expect(filesIn(spool)).toEqual([]);
  });

  it("writes a large file to DATA_DIR/tmp while it arrives, stores it whole and removes the temporary file", async () => {
    const file = repeated(60 * MB);
    const memory = { before: process.memoryUsage(), peakArrayBuffers: 0, peakRss: 0 };
    const sample = setInterval(() => {
      const now = process.memoryUsage();
      memory.peakArrayBuffers = Math.max(memory.peakArrayBuffers, now.arrayBuffers);
      memory.peakRss = Math.max(memory.peakRss, now.rss);
    }, 5);
    let spooledWhilePaused = 0;
    const answer = await postStreamed(
      "videos",
      {
        chunks: file.chunks,
        pauseAfter: 40 * MB,
        // Half-way through the body, most of what was sent is already on disk (a few MB may
        // still be in socket buffers). A server that buffered in memory would never get here.
        until: async () => {
          await waitFor(() => filesIn(spool).some((f) => f.size >= 30 * MB));
          spooledWhilePaused = Math.max(...filesIn(spool).map((f) => f.size));
        },
      },
      adminCookie,
    );
    clearInterval(sample);
    expect(answer.status).toBe(201);
    expect(spooledWhilePaused).toBeGreaterThanOrEqual(30 * MB);
    expect(answer.json.bytes).toBe(60 * MB);
    const stored = path.join(privateFiles, String(answer.json.url).slice("private:".length));
    expect(fs.statSync(stored).size).toBe(60 * MB);
    expect(fileSha256(stored)).toBe(file.sha256);
    expect(filesIn(spool)).toEqual([]);
    // Memory: a server that kept the file would hold 60 MB of live buffers (and more to join
    // them). What grows here is the socket's short-lived chunks awaiting the garbage collector
    // (about 25 MB seen), so the bound is loose: below the file's own size.
    expect(memory.peakArrayBuffers - memory.before.arrayBuffers).toBeLessThan(60 * MB);
  });

  it("refuses a file over its kind's limit with 413 (a PDF past 100 MB), leaving neither a stored file nor a temporary one", async () => {
    const before = { uploads: filesIn(uploads).length, private: filesIn(privateFiles).length };
    const file = repeated(UPLOAD_LIMITS.pdf.bytes + MB, PDF_HEAD);
    const answer = await postStreamed("manuales", { chunks: file.chunks }, adminCookie);
    expect(answer.status).toBe(413);
    expect(answer.json.error).toBe("El PDF pasa de 100 MB.");
    expect(filesIn(uploads).length).toBe(before.uploads);
    expect(filesIn(privateFiles).length).toBe(before.private);
    expect(filesIn(spool)).toEqual([]);
    expect(fs.readdirSync(spool)).toEqual([]);
  });

  it("answers a client or an anonymous visitor before reading their large body, and writes nothing", async () => {
    for (const [cookie, status] of [
      [clientCookie, 403],
      ["", 401],
    ] as const) {
      const before = { uploads: filesIn(uploads).length, private: filesIn(privateFiles).length };
      let answered: (value: unknown) => void = () => {};
      const gotAnswer = new Promise((resolve) => {
        answered = resolve;
      });
      const file = repeated(50 * MB);
      const sending = postStreamed(
        "videos",
        {
          chunks: file.chunks,
          // 2 MB of the body sent, the rest waits for the answer: a server that read the body
          // before checking the session would never answer, and this test would time out.
          pauseAfter: 2 * MB,
          until: async () => {
            await gotAnswer;
            return "stop";
          },
        },
        cookie,
      );
      const answer = await sending;
      answered(null);
      expect(answer.status).toBe(status);
      expect(answer.sent()).toBeLessThan(50 * MB);
      expect(filesIn(spool)).toEqual([]);
      expect(filesIn(uploads).length).toBe(before.uploads);
      expect(filesIn(privateFiles).length).toBe(before.private);
    }
  });

  it("removes the temporary file when the admin's connection drops half-way, storing nothing", async () => {
    const before = { uploads: filesIn(uploads).length, private: filesIn(privateFiles).length };
    const file = repeated(30 * MB);
    const sending = postStreamed(
      "videos",
      {
        chunks: file.chunks,
        pauseAfter: 10 * MB,
        until: async () => {
          await waitFor(() => filesIn(spool).some((f) => f.size > 0));
          return "abort";
        },
      },
      adminCookie,
    );
    await expect(sending).rejects.toThrow();
    // the server notices the closed connection, stops writing and removes the folder
    await waitFor(() => fs.readdirSync(spool).length === 0);
    expect(filesIn(uploads).length).toBe(before.uploads);
    expect(filesIn(privateFiles).length).toBe(before.private);
  });

  it("sweeps at start the upload folders a dead process left (older than an hour), not one in progress", async () => {
    const spoolRoot = path.join(env.dataDir, "tmp");
    const left = path.join(spoolRoot, "subida-muerta");
    const current = path.join(spoolRoot, "subida-en-curso");
    for (const folder of [left, current]) {
      fs.mkdirSync(folder, { recursive: true });
      fs.writeFileSync(path.join(folder, "archivo"), "x");
    }
    const twoHoursAgo = new Date(Date.now() - 2 * 3_600_000);
    fs.utimesSync(left, twoHoursAgo, twoHoursAgo);
    expect(await sweepUploadSpool()).toBe(1);
    expect(fs.existsSync(left)).toBe(false);
    expect(fs.existsSync(current)).toBe(true);
    fs.rmSync(current, { recursive: true, force: true });
  });
});

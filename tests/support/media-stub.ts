/**
 * A local stand-in for Firebase Storage (the network edge of the importer's media phase):
 * GET /v0/b/{bucket}/o/{encoded path}?alt=media&token=… answers the file registered for
 * that path (with whatever Content-Type the test declares, true or not), 404 for any other,
 * and never answers a path marked `hang` (a download that times out). It counts requests per
 * path, so tests can tell a second import downloaded nothing.
 *
 *   const stub = await startMediaStub({ "videos/clase.mp4": { bytes, contentType: "video/mp4" } });
 *   stub.url("videos/clase.mp4")  // http://127.0.0.1:PORT/v0/b/michel-alvarez.appspot.com/o/videos%2Fclase.mp4?alt=media&token=tok-123
 */
import http from "node:http";
import type { AddressInfo } from "node:net";
import sharp from "sharp";
import { firebaseStorageUrl } from "./studio-export";

export type StubFile = { bytes: Uint8Array; contentType?: string };

export type MediaStub = {
  /** the Firebase Storage style URL of an object path */
  url: (objectPath: string, token?: string) => string;
  files: Map<string, StubFile>;
  /** object paths that are accepted and never answered */
  hang: Set<string>;
  /** GET requests per object path */
  requests: Map<string, number>;
  totalRequests: () => number;
  close: () => Promise<void>;
};

export async function startMediaStub(files: Record<string, StubFile> = {}): Promise<MediaStub> {
  const stub: MediaStub = {
    url: () => "",
    files: new Map(Object.entries(files)),
    hang: new Set(),
    requests: new Map(),
    totalRequests: () => [...stub.requests.values()].reduce((a, b) => a + b, 0),
    close: async () => {},
  };
  const server = http.createServer((req, res) => {
    const { pathname } = new URL(req.url ?? "/", "http://stub");
    const match = /^\/v0\/b\/[^/]+\/o\/(.+)$/.exec(pathname);
    const objectPath = match ? decodeURIComponent(match[1]!) : pathname;
    stub.requests.set(objectPath, (stub.requests.get(objectPath) ?? 0) + 1);
    if (stub.hang.has(objectPath)) return; // the client's timeout has to end it
    const file = stub.files.get(objectPath);
    if (!match || !file) {
      res.writeHead(404, { "Content-Type": "application/json" }).end('{"error":{"code":404,"message":"Not Found."}}');
      return;
    }
    res.writeHead(200, {
      "Content-Type": file.contentType ?? "application/octet-stream",
      "Content-Length": String(file.bytes.length),
    });
    res.end(Buffer.from(file.bytes));
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const host = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  stub.url = (objectPath, token) => firebaseStorageUrl(host, objectPath, token);
  stub.close = () =>
    new Promise((resolve) => {
      server.closeAllConnections();
      server.close(() => resolve());
    });
  return stub;
}

// ---------------------------------------------------------------- sample files

/** A small photo (JPEG) of one colour. */
export async function samplePhoto(width = 640, height = 480, color = { r: 180, g: 122, b: 99 }): Promise<Uint8Array> {
  return new Uint8Array(
    await sharp({ create: { width, height, channels: 3, background: color } })
      .jpeg({ quality: 80 })
      .toBuffer(),
  );
}

/** A landscape PNG, like the studio's diploma artwork. */
export async function sampleArtwork(): Promise<Uint8Array> {
  return new Uint8Array(
    await sharp({ create: { width: 842, height: 595, channels: 4, background: { r: 251, g: 247, b: 242, alpha: 1 } } })
      .png()
      .toBuffer(),
  );
}

/** Bytes that start like an MP4 (an `ftyp` box), enough for the importer's type check and a byte-for-byte comparison. */
export function sampleVideo(size = 64 * 1024): Uint8Array {
  const bytes = new Uint8Array(size);
  bytes.set([0, 0, 0, 0x18, ...Buffer.from("ftypisom"), 0, 0, 2, 0, ...Buffer.from("isomiso2")]);
  for (let i = 24; i < size; i++) bytes[i] = i % 251;
  return bytes;
}

/** The files the studio export (studio-export.ts) links to, by object path. */
export async function studioFiles(): Promise<Record<string, StubFile>> {
  return {
    "productos/pigmento.jpg": { bytes: await samplePhoto(1200, 900), contentType: "image/jpeg" },
    "cursos/micro-tarjeta.jpg": {
      bytes: await samplePhoto(900, 600, { r: 74, g: 54, b: 48 }),
      contentType: "image/jpeg",
    },
    "certificados/microblading.png": { bytes: await sampleArtwork(), contentType: "image/png" },
    "videos/bienvenida.mp4": { bytes: sampleVideo(), contentType: "video/mp4" },
    "visitas/lucia-antes.jpg": {
      bytes: await samplePhoto(800, 1000, { r: 200, g: 170, b: 150 }),
      contentType: "image/jpeg",
    },
    "visitas/lucia-despues.jpg": {
      bytes: await samplePhoto(800, 1000, { r: 150, g: 110, b: 90 }),
      contentType: "image/jpeg",
    },
  };
}

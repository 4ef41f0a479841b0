/**
 * The migration end to end, once per export shape: the original site's export (catalogue,
 * students, orders, Firebase Storage URLs served by a local stub) and its Firebase
 * Authentication export are imported into a fresh database and storage; then, through the
 * real handlers (auth over HTTP, the course-video stream over HTTP, the route loaders), a
 * migrated student logs in with her old password, finds her course and her orders, and is
 * served her course video; a client's visit photos and the diploma artwork are served too.
 */
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import express from "express";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Database } from "~/server/db/client.server";
import { cookieHeader, httpRequest, postAuth, randomLoopbackAddress, listenOnLoopback } from "../support/accounts";
import { createTestDatabase } from "../support/db";
import { useTestContext } from "../support/fixtures";
import { type MediaStub, startMediaStub, studioFiles } from "../support/media-stub";
import { authExport, FIREBASE_SAMPLE, type Shape, STUDENTS, studioExport, VISIT } from "../support/studio-export";

// Server modules read the environment when first imported: imported in beforeAll.
type Modules = {
  auth: typeof import("~/server/http/auth.server");
  courseVideo: typeof import("~/server/http/course-video.server");
  db: typeof import("~/server/db/index.server");
  importer: typeof import("~/server/import/index.server");
  visits: typeof import("~/server/visits/visits.server");
  orders: typeof import("~/server/shop/orders.server");
  diploma: typeof import("~/server/school/diploma-pdf.server");
  myCourses: typeof import("~/routes/mis-cursos");
  viewer: typeof import("~/routes/curso-michel-alvarez");
  photo: typeof import("~/routes/visita-foto");
};

let m: Modules;
let stub: MediaStub;
let baseURL: string;
let closeApp: () => Promise<void>;
const dirs: string[] = [];
const databases: Database[] = [];

beforeAll(async () => {
  stub = await startMediaStub(await studioFiles());
  const app = express();
  // the same mounts as server/app.ts
  app.get("/curso-video/:videoId", (req, res, next) => m.courseVideo.serveCourseVideo(req, res, next));
  app.all("/api/auth/*splat", (req, res) => m.auth.handleAuthRequest(req, res));
  ({ baseURL, close: closeApp } = await listenOnLoopback(app));
  m = {
    auth: await import("~/server/http/auth.server"),
    courseVideo: await import("~/server/http/course-video.server"),
    db: await import("~/server/db/index.server"),
    importer: await import("~/server/import/index.server"),
    visits: await import("~/server/visits/visits.server"),
    orders: await import("~/server/shop/orders.server"),
    diploma: await import("~/server/school/diploma-pdf.server"),
    myCourses: await import("~/routes/mis-cursos"),
    viewer: await import("~/routes/curso-michel-alvarez"),
    photo: await import("~/routes/visita-foto"),
  };
});

afterAll(async () => {
  await closeApp?.();
  await stub?.close();
  for (const database of databases) await database.close();
  for (const dir of dirs) fs.rmSync(dir, { recursive: true, force: true });
});

/** A fresh database and storage folder for the app. */
async function freshSite() {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "migracion-"));
  dirs.push(dataDir);
  const database = await createTestDatabase();
  databases.push(database);
  useTestContext({ environment: { PUBLIC_URL: baseURL, SMTP_URL: "", DATA_DIR: dataDir }, database });
  return database;
}

// React Router hands loaders more than these; ours read request and params only.
const args = <P>(pathname: string, params: P, cookie = "") =>
  ({
    request: new Request(`${baseURL}${pathname}`, { headers: cookie ? { cookie } : {} }),
    params,
    context: {},
  }) as never;

describe.each<Shape>(["listas", "firestore-export-import", "node-firestore-import-export"])(
  "an export as %s",
  (shape) => {
    it("imports into a site where a migrated student studies and a client sees her visit", async () => {
      const database = await freshSite();
      const result = await m.importer.importExport(database.db, studioExport(shape, { media: (p) => stub.url(p) }), {
        auth: { data: authExport(), hashParams: FIREBASE_SAMPLE.hashParams },
        media: {},
      });
      expect(result.formato).toBe(shape);
      expect(result.medios).toMatchObject({ copiados: 6 });

      // Ana logs in with the password she had on the old site
      const login = await postAuth(
        baseURL,
        "/sign-in/email",
        { email: STUDENTS.ana.email, password: STUDENTS.ana.password },
        randomLoopbackAddress(),
      );
      expect(login.status).toBe(200);
      const cookie = cookieHeader(login.setCookies);

      // /mis-cursos lists her course; /mis-compras her orders
      const { cursos } = await m.myCourses.loader(args("/mis-cursos", {}, cookie));
      expect(cursos.map((c: { id: string }) => c.id)).toEqual(["c-micro"]);
      const orders = await m.orders.listOrders(database.db, STUDENTS.ana.uid);
      expect(orders.map((o) => [o.id, o.total])).toEqual([
        ["pi_3Kx2", 399000],
        ["pi_3Kx1", 152700],
      ]);

      // the viewer gives her the video's stream, which the app serves to her (and to nobody else)
      const viewer = await m.viewer.loader(args("/curso-michel-alvarez/c-micro", { id: "c-micro" }, cookie));
      const src = viewer.actual?.videos[0]?.src ?? "";
      expect(src).toMatch(/^\/curso-video\/\d+$/);
      const video = await fetch(`${baseURL}${src}`, { headers: { cookie } });
      expect(video.status).toBe(200);
      expect(Buffer.from(await video.arrayBuffer())).toEqual(
        Buffer.from(stub.files.get("videos/bienvenida.mp4")!.bytes),
      );
      expect((await fetch(`${baseURL}${src}`)).status).toBe(403);

      // the diploma is drawn on the studio's artwork, copied from Firebase
      const [curso] = await database.db.query.cursos.findMany();
      expect(await m.diploma.loadCertificateImage(curso!.certificadoUrl)).toMatchObject({ type: "png" });

      // the client's visit page shows her photos and downloads them as PNG
      const [visitSlug, visitId] = m.visits.visitPath({ id: VISIT.id, clienta: VISIT.clienta }).slice(1).split("/");
      for (const tipo of ["antes", "despues"]) {
        const shown = await m.photo.loader(args("", { visitSlug, visitId, tipo, archivo: "1.webp" }));
        expect(shown.status, tipo).toBe(200);
        expect(shown.headers.get("Content-Type")).toBe("image/webp");
        const download = await m.photo.loader(args("", { visitSlug, visitId, tipo, archivo: "1.png" }));
        expect(download.status, tipo).toBe(200);
        expect(download.headers.get("Content-Disposition")).toMatch(new RegExp(`lucia-hernandez-${tipo}-1\\.png`));
      }

      // nothing is left on Firebase, and the session is hers
      const refs = await database.db.query.unidadVideos.findMany();
      expect(refs.every((v) => v.video.startsWith("private:"))).toBe(true);
      expect((await httpRequest(`${baseURL}/api/auth/get-session`, { headers: { cookie } })).body).toContain(
        STUDENTS.ana.uid,
      );
    });
  },
);

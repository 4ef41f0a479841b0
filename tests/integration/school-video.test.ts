/**
 * Lessons as HLS (ADR 048) on a real database, real private storage and real ffmpeg: the
 * admin's save queues one transcode job; the job makes the renditions once; the playlists are
 * rewritten per request with URLs signed for the student, refused without enrolment, after
 * they expire or when tampered with.
 */
import { execFileSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { eq } from "drizzle-orm";
import express from "express";
import type { AddressInfo } from "node:net";
import { chromium } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { serveCourseHls } from "~/server/http/course-hls.server";
import { videosResource } from "~/server/admin/courses.server";
import type { Database } from "~/server/db/client.server";
import { cursos, tareas, unidades, unidadVideos } from "~/server/db/schema";
import { env } from "~/server/env.server";
import { runDueJobs } from "~/server/jobs.server";
import { enrol } from "~/server/school/enrolment.server";
import { hlsState, queueTranscode, runTranscode } from "~/server/school/transcode.server";
import { hlsResponse, SIGNED_SECONDS } from "~/server/school/video-hls.server";
import { loadUnits } from "~/server/school/viewer.server";
import { getStorage } from "~/server/storage/index.server";
import { CHROMIUM_ARGS, CHROMIUM_PATH } from "../support/browser";
import { signUpUser, useTestDatabase } from "../support/fixtures";

let database: Database;
let student: { id: string; cookie: string };
let stranger: { id: string };
const VIDEO = 201;
const SOURCE = "private:videos/leccion.mp4";
// the admin schedules with the clock; signatures are checked against injected times after it
let T0: Date;
const at = (seconds: number) => new Date(T0.getTime() + seconds * 1000);

const ask = (file: string, userId: string | null, now = T0, query = "") =>
  hlsResponse({ userId, videoId: VIDEO, file, query: new URLSearchParams(query), now });

/** A signed URL's file and query, from a line of a rewritten playlist. */
function split(url: string) {
  const [pathname, query = ""] = url.split("?");
  return { file: pathname!.replace(`/curso-hls/${VIDEO}/`, ""), query };
}
const uris = (playlist: string) => playlist.split("\n").filter((line) => line && !line.startsWith("#"));

beforeAll(async () => {
  database = await useTestDatabase({ config: { dataDir: fs.mkdtempSync(path.join(os.tmpdir(), "school-video-")) } });
  const videos = path.join(env.dataDir, "private", "videos");
  fs.mkdirSync(videos, { recursive: true });
  // a 2 s, 720p, 10 fps clip with a tone: two renditions (360p, 720p), never a 1080p one
  execFileSync("ffmpeg", [
    ...["-hide_banner", "-loglevel", "error", "-f", "lavfi", "-i", "testsrc=size=1280x720:rate=10:duration=2"],
    ...["-f", "lavfi", "-i", "sine=duration=2", "-c:v", "libx264", "-preset", "ultrafast", "-c:a", "aac"],
    ...["-shortest", path.join(videos, "leccion.mp4")],
  ]);
  const db = database.db;
  await db.insert(cursos).values({ id: "hls", titulo: "Cejas en HLS", tipo: "online", publicado: true, precio: 1000 });
  await db.insert(unidades).values({ id: "hls-u1", cursoId: "hls", posicion: 1, nombre: "Primera" });
  await db
    .insert(unidadVideos)
    .values({ id: VIDEO, unidadId: "hls-u1", titulo: "Bienvenida", video: "private:videos/viejo.mp4" });
  student = await signUpUser({ name: "Lucía Pérez", email: "lucia@example.com" });
  stranger = await signUpUser({ name: "Ana Extraña", email: "ana@example.com" });
  await enrol(db, student.id, ["hls"], null);
  T0 = new Date(Date.now() + 1000);
});

afterAll(async () => {
  await database?.close();
  fs.rmSync(env.dataDir, { recursive: true, force: true });
});

describe("the transcode job", () => {
  it("is queued by the admin's save and makes 360p and 720p once; a duplicate or a second run does nothing", async () => {
    const db = database.db;
    const saved = await videosResource.save(db, String(VIDEO), {
      unidadId: "hls-u1",
      titulo: "Bienvenida",
      nombre: "",
      descripcion: "",
      posicion: "1",
      video: SOURCE,
      poster: undefined,
    } as never);
    expect(saved).toEqual({ id: String(VIDEO) });
    expect((await hlsState(db, VIDEO))?.estado).toBe("pendiente");
    // before the copy is ready the viewer plays the original stream
    expect((await loadUnits("hls"))[0]!.videos[0]).toMatchObject({ src: `/curso-video/${VIDEO}`, hls: null });

    expect(await runDueJobs(db, T0)).toBe(1);
    const state = await hlsState(db, VIDEO);
    expect(state).toMatchObject({ estado: "listo", intentos: 1, alturas: [360, 720], error: null });
    const storage = getStorage("private");
    expect(await storage.get(`${state!.carpeta}/master.m3u8`)).not.toBeNull();
    expect((await storage.get(`${state!.carpeta}/poster.jpg`))?.bytes.length).toBeGreaterThan(500);

    // the same file saved again: no new job; the job run again: nothing changes
    await queueTranscode(db, VIDEO, SOURCE, at(60));
    expect(await runDueJobs(db, at(60))).toBe(0);
    await runTranscode(db, VIDEO, SOURCE, at(120));
    expect(await hlsState(db, VIDEO)).toEqual(state);
    const jobs = await db.select().from(tareas).where(eq(tareas.tipo, "video-hls"));
    expect(jobs.map((j) => j.estado)).toEqual(["hecha"]);

    const [viewer] = (await loadUnits("hls"))[0]!.videos;
    expect(viewer).toMatchObject({ hls: `/curso-hls/${VIDEO}/master.m3u8`, poster: `/curso-hls/${VIDEO}/poster.jpg` });
  });

  it("records a failed transcode as error with its attempts, for the runner to retry", async () => {
    const db = database.db;
    await db
      .insert(unidadVideos)
      .values({ id: 202, unidadId: "hls-u1", titulo: "Rota", video: "private:videos/x.mp4" });
    fs.writeFileSync(path.join(env.dataDir, "private", "videos", "roto.mp4"), "no es un video");
    await queueTranscode(db, 202, "private:videos/roto.mp4", T0);
    expect(await runDueJobs(db, T0)).toBe(1);
    expect(await hlsState(db, 202)).toMatchObject({ estado: "error", intentos: 1, carpeta: null });
    const [job] = await db
      .select()
      .from(tareas)
      .where(eq(tareas.clave, (await jobKeyOf(202))!));
    expect(job).toMatchObject({ estado: "pendiente", intentos: 1 });
  });
});

async function jobKeyOf(videoId: number) {
  const rows = await database.db.select().from(tareas).where(eq(tareas.tipo, "video-hls"));
  return rows.find((r) => (r.datos as { videoId?: number }).videoId === videoId)?.clave;
}

describe("signed playlists and segments", () => {
  it("gives an enrolled student a master listing both renditions, each playlist and segment signed for her", async () => {
    const master = await ask("master.m3u8", student.id);
    expect(master.status).toBe(200);
    expect(master.headers.get("Content-Type")).toBe("application/vnd.apple.mpegurl");
    const body = await master.text();
    expect(body).toContain("RESOLUTION=640x360");
    expect(body).toContain("RESOLUTION=1280x720");
    const renditions = uris(body);
    expect(renditions.map((u) => split(u).file)).toEqual(["360p/index.m3u8", "720p/index.m3u8"]);
    for (const url of renditions) expect(url).toMatch(/\?u=[^&]+&e=\d+&s=[\w-]{43}$/);

    const { file, query } = split(renditions[0]!);
    const variant = await ask(file, null, at(5), query);
    expect(variant.status).toBe(200);
    const segments = uris(await variant.text());
    expect(segments.length).toBeGreaterThan(0);
    expect(segments[0]).toMatch(new RegExp(`^/curso-hls/${VIDEO}/360p/seg_000\\.ts\\?u=`));
    const segment = split(segments[0]!);
    const bytes = await ask(segment.file, null, at(10), segment.query);
    expect(bytes.status).toBe(200);
    expect(bytes.headers.get("Content-Type")).toBe("video/mp2t");
    expect((await bytes.arrayBuffer()).byteLength).toBeGreaterThan(1000);
    // the poster, for her session only
    expect((await ask("poster.jpg", student.id)).headers.get("Content-Type")).toBe("image/jpeg");
  });

  it("answers the same through the Express route: a visitor's master 403, a signed playlist 200", async () => {
    const app = express();
    app.get("/curso-hls/:videoId/*file", serveCourseHls);
    const server = app.listen(0, "127.0.0.1");
    await new Promise((r) => server.once("listening", r));
    const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    try {
      expect((await fetch(`${base}/curso-hls/${VIDEO}/master.m3u8`)).status).toBe(403);
      const [first] = uris(await (await ask("master.m3u8", student.id, new Date())).text());
      const signed = await fetch(`${base}${first}`);
      expect(signed.status).toBe(200);
      expect(signed.headers.get("content-type")).toBe("application/vnd.apple.mpegurl");
      expect(uris(await signed.text())[0]).toMatch(/^\/curso-hls\/201\/360p\/seg_000\.ts\?u=/);
    } finally {
      server.close();
    }
  });

  it("plays in Chromium through hls.js from the signed playlists and segments, with her session only", async () => {
    const app = express();
    app.get("/curso-hls/:videoId/*file", serveCourseHls);
    app.get("/hls.js", (_req, res) => res.sendFile(path.resolve("node_modules/hls.js/dist/hls.light.min.js")));
    app.get("/", (_req, res) =>
      res.type("html").send(`<!doctype html><video id="v" muted playsinline></video><script src="/hls.js"></script>
<script>const v = document.getElementById("v"); const hls = new Hls();
hls.on(Hls.Events.ERROR, (_e, d) => { if (d.fatal) document.title = "error " + d.details; });
hls.loadSource("/curso-hls/${VIDEO}/master.m3u8"); hls.attachMedia(v);
hls.on(Hls.Events.MANIFEST_PARSED, () => v.play());</script>`),
    );
    const server = app.listen(0, "127.0.0.1");
    await new Promise((r) => server.once("listening", r));
    const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    const browser = await chromium.launch({ executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS, headless: true });
    try {
      const context = await browser.newContext();
      const [name, value] = student.cookie.split("=");
      await context.addCookies([{ name: name!, value: decodeURIComponent(value!), url: base }]);
      const requests: string[] = [];
      const page = await context.newPage();
      page.on("request", (r) => requests.push(new URL(r.url()).pathname + new URL(r.url()).search));
      await page.goto(base);
      await page.waitForFunction(() => (document.getElementById("v") as HTMLVideoElement).currentTime > 1, null, {
        timeout: 30_000,
      });
      expect(await page.title()).toBe("");
      // every segment it played came with her signature
      const segments = requests.filter((r) => r.includes(".ts"));
      expect(segments.length).toBeGreaterThan(0);
      for (const r of segments) expect(r).toMatch(/\?u=[^&]+&e=\d+&s=[\w-]{43}$/);
      // without her session the same page plays nothing: the master is refused
      const visitor = await (await browser.newContext()).newPage();
      await visitor.goto(base);
      await visitor.waitForFunction(() => document.title.startsWith("error"), null, { timeout: 30_000 });
    } finally {
      await browser.close();
      server.close();
    }
  });

  it("refuses a visitor (403) and a student of other courses (404)", async () => {
    expect((await ask("master.m3u8", null)).status).toBe(403);
    expect((await ask("poster.jpg", null)).status).toBe(403);
    const other = await ask("master.m3u8", stranger.id);
    expect(other.status).toBe(404);
    expect(await other.text()).toBe("Video no encontrado.");
    // a rendition without a signature
    expect((await ask("360p/index.m3u8", null)).status).toBe(403);
    expect((await ask("../../../etc/passwd", student.id)).status).toBe(404);
  });

  it("refuses a signed URL once it expired, and a tampered or moved signature", async () => {
    const [first] = uris(await (await ask("master.m3u8", student.id)).text());
    const { file, query } = split(first!);
    expect((await ask(file, null, at(SIGNED_SECONDS), query)).status).toBe(200);
    const late = await ask(file, null, at(SIGNED_SECONDS + 1), query);
    expect(late.status).toBe(403);
    expect(await late.text()).toContain("caducó");

    const params = new URLSearchParams(query);
    const sig = params.get("s")!;
    params.set("s", `${sig.slice(0, -1)}${sig.endsWith("A") ? "B" : "A"}`);
    expect((await ask(file, null, T0, params.toString())).status).toBe(403);
    // a later expiry with the old signature
    const longer = new URLSearchParams(query);
    longer.set("e", String(Number(longer.get("e")) + 3600));
    expect((await ask(file, null, T0, longer.toString())).status).toBe(403);
    // the signature of one file does not open another
    expect((await ask("720p/index.m3u8", null, T0, query)).status).toBe(403);
    // nor somebody else's name on it
    const other = new URLSearchParams(query);
    other.set("u", stranger.id);
    expect((await ask(file, null, T0, other.toString())).status).toBe(403);
  });
});

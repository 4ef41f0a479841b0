/**
 * Lesson videos as HLS for phones (issue 31 item 5, ADR 048). When the studio saves a unit
 * video, `queueTranscode` (inside the same transaction) marks it `pendiente` and schedules a
 * durable job; the job transcodes the original ONCE with ffmpeg into 2–3 renditions (360p,
 * 720p, and 1080p only when the source is that large: never upscaled), a master playlist and
 * a poster frame, all in PRIVATE storage under 'hls/{videoId}/{hash of the source ref}/'.
 * The original stays where it was (the fallback stream until the HLS copy is `listo`).
 *
 *   save ──► pendiente ──job ok──► listo
 *               │  ▲
 *               └──┴── error (intentos + 1; the job runner retries, up to MAX_ATTEMPTS)
 */
import { execFile } from "node:child_process";
import { createHash } from "node:crypto";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { promisify } from "node:util";
import { eq, sql } from "drizzle-orm";
import type { DbOrTx } from "../db/client.server";
import { videosHls } from "../db/schema";
import { registerJob, scheduleJob } from "../jobs.server";
import { resolveRef, getStorage } from "../storage/index.server";

const run = promisify(execFile);

export const TRANSCODE_JOB = "video-hls";

/** The renditions we make, by height; a source smaller than 360p gets one at its own height. */
export const RENDITIONS = [
  { height: 360, videoKbps: 800 },
  { height: 720, videoKbps: 2800 },
  { height: 1080, videoKbps: 5000 },
] as const;
const AUDIO_KBPS = 96;
/** Seconds per HLS segment: short enough for a phone to start fast, long enough to keep the playlist small. */
export const SEGMENT_SECONDS = 4;
/** ffmpeg's longest run for one rendition before we give up (a stuck process). */
const FFMPEG_TIMEOUT_MS = 60 * 60_000;

export type HlsState = typeof videosHls.$inferSelect;

const sourceHash = (ref: string) => createHash("sha256").update(ref).digest("hex").slice(0, 12);

/**
 * Marks a unit video's (new) source as waiting for its HLS copy and schedules the job, in the
 * caller's transaction. The same source again changes nothing (one transcode per file).
 */
export async function queueTranscode(db: DbOrTx, videoId: number, fuente: string, now = new Date()): Promise<void> {
  if (resolveRef(fuente)?.visibility !== "private") return;
  await db
    .insert(videosHls)
    .values({ videoId, fuente, estado: "pendiente", updatedAt: now })
    .onConflictDoUpdate({
      target: videosHls.videoId,
      set: { fuente, estado: "pendiente", intentos: 0, carpeta: null, alturas: null, error: null, updatedAt: now },
      setWhere: sql`${videosHls.fuente} <> ${fuente}`,
    });
  await scheduleJob(db, {
    tipo: TRANSCODE_JOB,
    clave: `${TRANSCODE_JOB}:${videoId}:${sourceHash(fuente)}`,
    ejecutarEn: now,
    datos: { videoId, fuente },
  });
}

/** The HLS state of a video, or null when it never had one queued. */
export async function hlsState(db: DbOrTx, videoId: number): Promise<HlsState | null> {
  const [row] = await db.select().from(videosHls).where(eq(videosHls.videoId, videoId));
  return row ?? null;
}

/**
 * What the viewer adds to a video once its HLS copy is ready: the master playlist, and the
 * transcode's poster frame where the studio gave none. Before that, null: the original stream.
 */
export function hlsFields(video: { id: number; poster: string }, estado: string | null) {
  if (estado !== "listo") return { hls: null };
  return { hls: `/curso-hls/${video.id}/master.m3u8`, poster: video.poster || `/curso-hls/${video.id}/poster.jpg` };
}

/** The renditions for a source of this height: never above it. */
export function renditionsFor(sourceHeight: number) {
  const fit = RENDITIONS.filter((r) => r.height <= sourceHeight);
  if (fit.length > 0) return fit;
  const height = Math.max(2, Math.floor(sourceHeight / 2) * 2);
  return [{ height, videoKbps: 400 }];
}

async function probe(file: string): Promise<{ width: number; height: number; duration: number; audio: boolean }> {
  const { stdout } = await run("ffprobe", [
    "-v",
    "error",
    "-show_entries",
    "stream=codec_type,width,height:format=duration",
    "-of",
    "json",
    file,
  ]);
  const info = JSON.parse(stdout) as {
    streams?: { codec_type?: string; width?: number; height?: number }[];
    format?: { duration?: string };
  };
  const video = info.streams?.find((s) => s.codec_type === "video");
  if (!video?.width || !video.height) throw new Error("El archivo no tiene video.");
  return {
    width: video.width,
    height: video.height,
    duration: Number(info.format?.duration) || 0,
    audio: Boolean(info.streams?.some((s) => s.codec_type === "audio")),
  };
}

/**
 * Transcodes one file on disk into `outDir`: '{h}p/index.m3u8' + segments per rendition,
 * 'master.m3u8' and 'poster.jpg'. Returns the heights made. Pure ffmpeg; no database.
 */
export async function transcodeToHls(source: string, outDir: string): Promise<number[]> {
  const info = await probe(source);
  const renditions = renditionsFor(info.height);
  const master = ["#EXTM3U", "#EXT-X-VERSION:3"];
  for (const r of renditions) {
    const dir = path.join(outDir, `${r.height}p`);
    fs.mkdirSync(dir, { recursive: true });
    const width = Math.round((info.width * r.height) / info.height / 2) * 2;
    await run(
      "ffmpeg",
      [
        ...["-hide_banner", "-loglevel", "error", "-y", "-i", source],
        ...["-map", "0:v:0", "-map", "0:a:0?"],
        ...["-vf", `scale=${width}:${r.height}`, "-c:v", "libx264", "-preset", "veryfast", "-profile:v", "main"],
        ...["-crf", "23", "-maxrate", `${r.videoKbps}k`, "-bufsize", `${r.videoKbps * 2}k`, "-pix_fmt", "yuv420p"],
        // a keyframe every 2 s so every segment starts with one (and renditions switch cleanly)
        ...["-force_key_frames", "expr:gte(t,n_forced*2)", "-sc_threshold", "0"],
        ...["-c:a", "aac", "-b:a", `${AUDIO_KBPS}k`, "-ac", "2"],
        ...["-f", "hls", "-hls_time", String(SEGMENT_SECONDS), "-hls_playlist_type", "vod"],
        ...["-hls_segment_filename", path.join(dir, "seg_%03d.ts"), path.join(dir, "index.m3u8")],
      ],
      { timeout: FFMPEG_TIMEOUT_MS },
    );
    const bandwidth = (r.videoKbps + (info.audio ? AUDIO_KBPS : 0)) * 1000;
    master.push(`#EXT-X-STREAM-INF:BANDWIDTH=${bandwidth},RESOLUTION=${width}x${r.height}`, `${r.height}p/index.m3u8`);
  }
  fs.writeFileSync(path.join(outDir, "master.m3u8"), `${master.join("\n")}\n`);
  // the poster: a frame a second in (or the first one of a shorter clip), at most 720 px tall
  const at = info.duration > 2 ? "1" : "0";
  await run("ffmpeg", [
    ...["-hide_banner", "-loglevel", "error", "-y", "-ss", at, "-i", source],
    ...[
      "-frames:v",
      "1",
      "-vf",
      `scale=-2:${Math.min(720, info.height)}`,
      "-q:v",
      "4",
      path.join(outDir, "poster.jpg"),
    ],
  ]);
  return renditions.map((r) => r.height);
}

const CONTENT_TYPES: Record<string, string> = {
  ".m3u8": "application/vnd.apple.mpegurl",
  ".ts": "video/mp2t",
  ".jpg": "image/jpeg",
};
export const hlsContentType = (file: string) => CONTENT_TYPES[path.extname(file)] ?? "application/octet-stream";

function filesUnder(dir: string, base = ""): string[] {
  return fs.readdirSync(path.join(dir, base), { withFileTypes: true }).flatMap((entry) => {
    const rel = base ? `${base}/${entry.name}` : entry.name;
    return entry.isDirectory() ? filesUnder(dir, rel) : [rel];
  });
}

/**
 * The job: transcodes the video's current source once. A job for a source that was since
 * replaced, or a video already `listo`, does nothing (a duplicate or a second run).
 */
export async function runTranscode(db: DbOrTx, videoId: number, fuente: string, now: Date): Promise<void> {
  const state = await hlsState(db, videoId);
  if (!state || state.fuente !== fuente || state.estado === "listo") return;
  const target = resolveRef(fuente);
  const work = fs.mkdtempSync(path.join(os.tmpdir(), "hls-"));
  try {
    if (target?.visibility !== "private") throw new Error("El video no está en el almacenamiento privado.");
    const storage = getStorage("private");
    const original = await storage.get(target.key);
    if (!original) throw new Error("No se encontró el archivo original del video.");
    const source = path.join(work, `original${path.extname(target.key) || ".mp4"}`);
    fs.writeFileSync(source, original.bytes);
    const out = path.join(work, "hls");
    fs.mkdirSync(out);
    const alturas = await transcodeToHls(source, out);
    const carpeta = `hls/${videoId}/${sourceHash(fuente)}`;
    for (const file of filesUnder(out)) {
      const key = `${carpeta}/${file}`;
      if (storage.putFile) await storage.putFile(key, path.join(out, file), hlsContentType(file));
      else await storage.put(key, fs.readFileSync(path.join(out, file)), hlsContentType(file));
    }
    await db
      .update(videosHls)
      .set({ estado: "listo", carpeta, alturas, error: null, intentos: state.intentos + 1, updatedAt: now })
      .where(eq(videosHls.videoId, videoId));
  } catch (error) {
    // The message names ffmpeg's complaint or ours, never a person; the runner retries the job.
    const message = (error instanceof Error ? error.message : String(error)).slice(0, 500);
    await db
      .update(videosHls)
      .set({ estado: "error", error: message, intentos: state.intentos + 1, updatedAt: now })
      .where(eq(videosHls.videoId, videoId));
    throw error;
  } finally {
    fs.rmSync(work, { recursive: true, force: true });
  }
}

registerJob(TRANSCODE_JOB, async (datos, { db, now }) => {
  const videoId = Number(datos.videoId);
  if (!Number.isSafeInteger(videoId) || typeof datos.fuente !== "string") return;
  await runTranscode(db, videoId, datos.fuente, now);
});

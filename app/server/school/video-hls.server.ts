/**
 * Serving a lesson's HLS copy (ADR 048) with short-lived signed URLs. The master playlist is
 * asked for with the student's session (enrolment checked, as for /curso-video); it and every
 * rendition playlist are rewritten per request so each URL they list is signed for that
 * student: our own HMAC-signed route for the local folder, an S3 presigned URL for the
 * segments in a bucket. A URL works for SIGNED_SECONDS after the moment the student would
 * reach it playing from the start (segment i of a VOD list: i × its duration later), so a
 * long lesson plays to its end while a copied link dies within minutes.
 *
 *   GET /curso-hls/{videoId}/master.m3u8                   session + enrolment
 *   GET /curso-hls/{videoId}/{h}p/index.m3u8?u=&e=&s=      signature
 *   GET /curso-hls/{videoId}/{h}p/seg_000.ts?u=&e=&s=      signature (local folder only)
 *   GET /curso-hls/{videoId}/poster.jpg                    session + enrolment
 */
import { createHmac, timingSafeEqual } from "node:crypto";
import { getDb } from "../db/index.server";
import { serverSecret } from "../secret.server";
import { getStorage } from "../storage/index.server";
import { enrolledVideoKey } from "./viewer.server";
import { hlsContentType, hlsState } from "./transcode.server";

/** How long a signed playlist or segment URL works (after the time it is due to play). */
export const SIGNED_SECONDS = 10 * 60;

export const hlsBase = (videoId: number) => `/curso-hls/${videoId}`;
export const hlsMasterUrl = (videoId: number) => `${hlsBase(videoId)}/master.m3u8`;
export const hlsPosterUrl = (videoId: number) => `${hlsBase(videoId)}/poster.jpg`;

const RENDITION_FILE = /^(\d{2,4})p\/(index\.m3u8|seg_\d{3,5}\.ts)$/;
const MAX_QUERY_VALUE = 200;

function signature(videoId: number, file: string, userId: string, expires: number): string {
  return createHmac("sha256", serverSecret())
    .update(`hls\n${videoId}\n${file}\n${userId}\n${expires}`)
    .digest("base64url");
}

/** The signed query of a file for a student, valid until `expires` (seconds since 1970). */
export function signedQuery(videoId: number, file: string, userId: string, expires: number): string {
  const query = new URLSearchParams({ u: userId, e: String(expires), s: signature(videoId, file, userId, expires) });
  return query.toString();
}

/** Whether a query is a valid, unexpired signature of this file. */
export function verifySignedQuery(videoId: number, file: string, query: URLSearchParams, now: Date): string | null {
  const [u, e, s] = [query.get("u"), query.get("e"), query.get("s")];
  if (!u || !e || !s || [u, e, s].some((v) => v.length > MAX_QUERY_VALUE) || !/^\d{1,12}$/.test(e)) return null;
  if (Number(e) < Math.floor(now.getTime() / 1000)) return null;
  const expected = Buffer.from(signature(videoId, file, u, Number(e)));
  const given = Buffer.from(s);
  return expected.length === given.length && timingSafeEqual(expected, given) ? u : null;
}

const text = (status: number, body: string) =>
  new Response(body, {
    status,
    headers: { "Content-Type": "text/plain; charset=utf-8", "Cache-Control": "no-store", "X-Robots-Tag": "noindex" },
  });

const playlist = (body: string) =>
  new Response(body, {
    headers: {
      "Content-Type": "application/vnd.apple.mpegurl",
      "Cache-Control": "private, no-store",
      "X-Robots-Tag": "noindex",
    },
  });

/**
 * Rewrites a playlist's URI lines (and nothing else) with `sign(uri, index, startSeconds)`,
 * where startSeconds is when that entry starts playing (the sum of the #EXTINF before it).
 */
async function rewrite(body: string, sign: (uri: string, startSeconds: number) => Promise<string>): Promise<string> {
  const out: string[] = [];
  let start = 0;
  let pending = 0;
  for (const line of body.split("\n")) {
    const trimmed = line.trim();
    if (trimmed.startsWith("#EXTINF:")) pending = Number.parseFloat(trimmed.slice(8)) || 0;
    if (trimmed && !trimmed.startsWith("#")) {
      out.push(await sign(trimmed, start));
      start += pending;
      pending = 0;
    } else out.push(line);
  }
  return out.join("\n");
}

export type HlsRequest = { userId: string | null; videoId: number; file: string; query: URLSearchParams; now: Date };

/**
 * The answer to one /curso-hls request: a rewritten playlist, a segment's bytes (local
 * folder), the poster; 403 without a session or with a bad/expired signature, 404 for a
 * student not enrolled (a stranger cannot tell that the id exists) or before the copy is ready.
 */
export async function hlsResponse({ userId, videoId, file, query, now }: HlsRequest): Promise<Response> {
  if (!Number.isSafeInteger(videoId) || videoId < 1 || file.length > 100) return text(404, "Video no encontrado.");
  const nowSeconds = Math.floor(now.getTime() / 1000);
  const rendition = RENDITION_FILE.exec(file);
  let student: string | null;
  if (file === "master.m3u8" || file === "poster.jpg") {
    if (!userId) return text(403, "Inicia sesión para ver este video.");
    if (!(await enrolledVideoKey(userId, videoId))) return text(404, "Video no encontrado.");
    student = userId;
  } else if (rendition) {
    student = verifySignedQuery(videoId, file, query, now);
    if (!student) return text(403, "El enlace del video caducó. Vuelve a abrir la lección.");
  } else return text(404, "Video no encontrado.");

  const state = await hlsState(getDb(), videoId);
  if (state?.estado !== "listo" || !state.carpeta) return text(404, "Video no encontrado.");
  const storage = getStorage("private");
  const stored = await storage.get(`${state.carpeta}/${file}`);
  if (!stored) return text(404, "Video no encontrado.");

  if (file === "poster.jpg") {
    return new Response(Buffer.from(stored.bytes), {
      headers: { "Content-Type": "image/jpeg", "Cache-Control": "private, max-age=3600", "X-Robots-Tag": "noindex" },
    });
  }
  if (file === "master.m3u8") {
    const body = await rewrite(new TextDecoder().decode(stored.bytes), async (uri) => {
      if (!RENDITION_FILE.test(uri)) return "#";
      return `${hlsBase(videoId)}/${uri}?${signedQuery(videoId, uri, student, nowSeconds + SIGNED_SECONDS)}`;
    });
    return playlist(body);
  }
  if (rendition?.[2] === "index.m3u8") {
    const dir = `${rendition[1]}p`;
    const body = await rewrite(new TextDecoder().decode(stored.bytes), async (uri, start) => {
      const segment = `${dir}/${uri}`;
      if (!RENDITION_FILE.test(segment)) return "#";
      const seconds = SIGNED_SECONDS + Math.ceil(start);
      if (storage.signedUrl) return storage.signedUrl(`${state.carpeta}/${segment}`, seconds);
      return `${hlsBase(videoId)}/${segment}?${signedQuery(videoId, segment, student, nowSeconds + seconds)}`;
    });
    return playlist(body);
  }
  return new Response(Buffer.from(stored.bytes), {
    headers: {
      "Content-Type": hlsContentType(file),
      // a segment never changes; the student's browser may keep it (replays, seeking back)
      "Cache-Control": "private, max-age=3600",
      "X-Robots-Tag": "noindex",
    },
  });
}

/** For the viewer: the HLS sources of a video once its copy is ready, else null (the original stream). */
export async function hlsSources(videoId: number): Promise<{ hls: string; poster: string } | null> {
  const state = await hlsState(getDb(), videoId);
  return state?.estado === "listo" ? { hls: hlsMasterUrl(videoId), poster: hlsPosterUrl(videoId) } : null;
}

/**
 * GET /curso-video/:videoId: a course video, streamed only to a student enrolled in its
 * course. Which file a student may see is the school's answer (school/viewer.server.ts
 * `enrolledVideoKey`); this handler only serves it.
 */
import path from "node:path";
import type { NextFunction, Request as ExpressRequest, Response as ExpressResponse } from "express";
import { privateDir } from "../env.server";
import { logError } from "../log.server";
import { enrolledVideoKey } from "../school/viewer.server";
import { getStorage } from "../storage/index.server";
import { requestUser } from "./request.server";

// Served with Cache-Control private: only the student's browser may keep it (seeking
// re-reads ranges from its cache), never a shared cache.
const VIDEO_HEADERS = { "Cache-Control": "private, max-age=3600", "X-Robots-Tag": "noindex" };

/** How long a presigned video URL works: a lesson's length, with room for pauses. */
const SIGNED_VIDEO_SECONDS = 2 * 60 * 60;

/**
 * Express handler for GET /curso-video/:videoId. From the local folder, express's sendFile
 * streams the file and answers Range requests (206) so the <video> element can seek; with
 * S3, a redirect to a presigned URL valid for SIGNED_VIDEO_SECONDS.
 */
export async function serveCourseVideo(req: ExpressRequest, res: ExpressResponse, next: NextFunction) {
  try {
    const user = await requestUser(req);
    // ?descargar=1: the original as a file, only where the course allows it (else 404)
    const download = req.query.descargar === "1";
    const key = user ? await enrolledVideoKey(user.id, Number(req.params.videoId), { download }) : null;
    const refuse = () => {
      res.status(user ? 404 : 403).type("text/plain; charset=utf-8");
      res.send(user ? "Video no encontrado." : "Inicia sesión para ver este video.");
    };
    if (!key) return refuse();

    const storage = getStorage("private");
    if (storage.signedUrl) {
      // S3: the browser reads the video (and its ranges) from the store with a URL that
      // expires; the video has no lasting address to share.
      res.set({ "Cache-Control": "no-store", "X-Robots-Tag": "noindex" });
      return void res.redirect(302, await storage.signedUrl(key, SIGNED_VIDEO_SECONDS));
    }
    // `root`: the data folder may sit under a dot folder (.tmp); only the key is checked for dotfiles.
    res.sendFile(
      key,
      {
        root: privateDir(),
        dotfiles: "deny",
        cacheControl: false,
        headers: download
          ? {
              ...VIDEO_HEADERS,
              "Content-Disposition": `attachment; filename="leccion-${Number(req.params.videoId)}${path.extname(key)}"`,
            }
          : VIDEO_HEADERS,
      },
      (error) => {
        if (!error) return;
        if (!res.headersSent) refuse();
        else if ((error as NodeJS.ErrnoException).code !== "ECONNABORTED") logError("Video", error);
      },
    );
  } catch (error) {
    next(error);
  }
}

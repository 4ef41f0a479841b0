/**
 * GET /curso-hls/:videoId/*file: a lesson's HLS playlists, segments and poster (ADR 048).
 * Who may read what is school/video-hls.server.ts's answer; this adapter only sends it.
 */
import type { NextFunction, Request as ExpressRequest, Response as ExpressResponse } from "express";
import { hlsResponse } from "../school/video-hls.server";
import { requestUser } from "./request.server";

export async function serveCourseHls(req: ExpressRequest, res: ExpressResponse, next: NextFunction) {
  try {
    const file = ([] as string[]).concat((req.params as Record<string, string | string[]>).file ?? []).join("/");
    const user = file.endsWith("master.m3u8") || file === "poster.jpg" ? await requestUser(req) : null;
    const query = new URLSearchParams(req.originalUrl.split("?")[1] ?? "");
    const answer = await hlsResponse({
      userId: user?.id ?? null,
      videoId: Number(req.params.videoId),
      file,
      query,
      now: new Date(),
    });
    res.status(answer.status);
    for (const [name, value] of answer.headers) res.setHeader(name, value);
    res.end(Buffer.from(await answer.arrayBuffer()));
  } catch (error) {
    next(error);
  }
}

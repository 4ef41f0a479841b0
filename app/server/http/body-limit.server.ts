/**
 * The largest request body, for every route (pages' form actions, Better Auth, the payment
 * API): 1 MB by default (app/domain/limits.ts). A declared Content-Length over the limit is
 * refused before a byte is read; a body without one (chunked) is counted as it streams and
 * refused as soon as it passes the limit, so nothing downstream ever sees more than the limit
 * and nothing is written. The upload call is left to its own, larger limit, which it checks
 * after the admin check (upload.server.ts).
 */
import type { IncomingMessage } from "node:http";
import type { NextFunction, Request, Response } from "express";
import { BODY_LIMIT_BYTES, bodyTooLarge } from "~/domain/limits";

export type BodyLimitOptions = { maxBytes?: number; skip?: (path: string) => boolean };

export function bodyLimit(options: BodyLimitOptions = {}) {
  const maxBytes = options.maxBytes ?? BODY_LIMIT_BYTES;
  return function limitBody(req: Request, res: Response, next: NextFunction) {
    if (req.method === "GET" || req.method === "HEAD" || options.skip?.(req.path)) return next();
    const declared = req.headers["content-length"];
    if (declared !== undefined && Number(declared) > maxBytes) return refuse(req, res);
    countStreamedBytes(req, maxBytes, () => refuse(req, res));
    next();
  };
}

/**
 * Counts the body's bytes where Node hands them to the request stream (`push`), whoever
 * reads it later. Past the limit, nothing more is passed on and `onOverflow` answers.
 */
function countStreamedBytes(req: IncomingMessage, maxBytes: number, onOverflow: () => void) {
  const push = req.push.bind(req);
  // Whatever already arrived before this middleware ran counts too.
  let received = req.readableLength;
  let overflowed = false;
  req.push = (chunk: unknown, encoding?: BufferEncoding) => {
    if (overflowed) return false;
    if (chunk !== null && chunk !== undefined) {
      received += typeof chunk === "string" ? Buffer.byteLength(chunk) : (chunk as Uint8Array).byteLength;
      if (received > maxBytes) {
        overflowed = true;
        onOverflow();
        return false;
      }
    }
    return push(chunk, encoding);
  };
}

function refuse(req: Request, res: Response) {
  if (res.headersSent) return void req.socket.destroy();
  // The rest of the body is never read: say so, and close the connection once answered.
  res.setHeader("Connection", "close");
  res.once("finish", () => req.socket.destroy());
  res.status(413).json({ error: bodyTooLarge, message: bodyTooLarge.text });
}

/**
 * The largest request body, for every route (pages' form actions, Better Auth, the payment
 * API): 1 MB by default (app/domain/limits.ts). A declared Content-Length over the limit is
 * refused before a byte is read; a body without one (chunked) is counted as it streams and
 * refused as soon as it passes the limit, so nothing downstream ever sees more than the limit
 * and nothing is written. The upload call is left to its own, larger limit, which it checks
 * after the admin check (http/upload.server.ts).
 *
 * `larger` may grant one request a larger limit (an admin's form with files on an admin edit
 * screen: http/upload.server.ts adminUploadLimit). It is asked only when the body may pass
 * the default limit (declared over it, or chunked), before a byte is read; for anyone else the
 * default stands. A body it let through that its reader stops reading (a file past its own
 * limit, refused by the route) has its connection closed once answered.
 */
import type { IncomingMessage } from "node:http";
import type { NextFunction, Request, Response } from "express";
import { BODY_LIMIT_BYTES, bodyTooLarge } from "~/domain/limits";

export type BodyLimitOptions = {
  maxBytes?: number;
  skip?: (path: string) => boolean;
  /** a larger limit for this request, or null for the default */
  larger?: (req: Request) => Promise<number | null>;
};

export function bodyLimit(options: BodyLimitOptions = {}) {
  const defaultBytes = options.maxBytes ?? BODY_LIMIT_BYTES;
  return async function limitBody(req: Request, res: Response, next: NextFunction) {
    if (req.method === "GET" || req.method === "HEAD" || options.skip?.(req.path)) return next();
    const declared = req.headers["content-length"];
    const mayPassDefault = declared === undefined || Number(declared) > defaultBytes;
    const larger = mayPassDefault && options.larger ? await options.larger(req).catch(() => null) : null;
    const maxBytes = larger ?? defaultBytes;
    if (declared !== undefined && Number(declared) > maxBytes) return refuse(req, res);
    countStreamedBytes(req, maxBytes, () => refuse(req, res));
    if (larger !== null) {
      // A route that stops reading a large body (a file past its limit) answers before the
      // rest arrives: nothing more is read, the connection is closed once answered.
      res.once("finish", () => {
        if (!req.complete) req.socket.destroy();
      });
    }
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

/**
 * A line for each answer of the app (log.server.ts writes it: request id, method, path
 * redacted, status, time taken), and the request id on every line written while it is
 * answered (also sent as X-Request-Id).
 */
import type { IncomingMessage } from "node:http";
import type { NextFunction, Request, Response } from "express";
import { answerLogger, withRequestId } from "../log.server";

export function requestLog(req: Request, res: Response, next: NextFunction) {
  answerLogger(req, res);
  withRequestId(String((req as IncomingMessage & { id?: unknown }).id ?? ""), next);
}

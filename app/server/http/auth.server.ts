/**
 * /api/auth/* (sign-up, log-in, log-out, password reset, Google/Facebook) at the HTTP edge:
 * the client's IP written into the one header Better Auth reads it from (any value a client
 * sent is overwritten), then Better Auth answers (auth.server.ts: answerAuthRequest).
 */
import type { IncomingMessage, ServerResponse } from "node:http";
import { toNodeHandler } from "better-auth/node";
import { CLIENT_IP_HEADER, answerAuthRequest } from "../auth.server";
import { clientIp } from "./request.server";

const nodeHandler = toNodeHandler(answerAuthRequest);

/** Express handler for /api/auth/*: mount before any body parser (it reads the raw request itself). */
export function handleAuthRequest(req: IncomingMessage, res: ServerResponse) {
  req.headers[CLIENT_IP_HEADER] = clientIp(req);
  return nodeHandler(req, res);
}

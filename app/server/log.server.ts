/**
 * What the server writes to its log, without anybody's personal data: paths without their
 * query strings (a reset token, a search, a visit code), and no e-mail addresses or phone
 * numbers, even inside the messages of errors that other libraries wrote (a rejected
 * recipient, a failed query).
 *
 *   logError("No se pudo enviar el correo del pago 12", error);
 *   app.use(requestLog);   // a line for each answer that failed (5xx): method, path, status
 */
import type { NextFunction, Request, Response } from "express";
import { VISIT_PATH_PREFIX } from "./visits.server";

const EMAIL = /[\p{L}\p{N}._%+'-]+@[\p{L}\p{N}.-]+\.[\p{L}]{2,}/gu;
/** A query string after a path or URL, up to the next space or quote. */
const QUERY = /(\/[^\s?"'<>]*)\?[^\s"'<>)]*/g;
/** A client's visit page names her and its id is the key to her photos. */
const VISIT = new RegExp(`/${VISIT_PATH_PREFIX}[^/\\s?"'<>]*/[^/\\s?"'<>]+`, "g");
/** Ten or more digits, possibly spaced or dashed: a phone number (ids and amounts are shorter). */
const PHONE = /(?<![\w-])\+?\d(?:[\s-]?\d){9,14}(?![\w-])/g;

/** The text with e-mails, phone numbers and query strings taken out. */
export function redact(text: string): string {
  return text
    .replace(EMAIL, "[correo]")
    .replace(QUERY, (_m, path: string) => `${path}?…`)
    .replace(VISIT, `/${VISIT_PATH_PREFIX}…/…`)
    .replace(PHONE, "[teléfono]");
}

/** An error as one redacted text: its message and stack, and its causes. */
export function describeError(error: unknown): string {
  const parts: string[] = [];
  let current: unknown = error;
  for (let depth = 0; current !== undefined && current !== null && depth < 5; depth++) {
    if (current instanceof Error) {
      parts.push(current.stack ?? `${current.name}: ${current.message}`);
      current = current.cause;
    } else {
      parts.push(typeof current === "string" ? current : safeJson(current));
      break;
    }
  }
  return redact(parts.join("\nCausa: "));
}

function safeJson(value: unknown): string {
  try {
    return JSON.stringify(value) ?? String(value);
  } catch {
    return String(value);
  }
}

/** An error, with what the server was doing. Neither may hold personal data once written. */
export function logError(context: string, error?: unknown): void {
  console.error(error === undefined ? redact(context) : `${redact(context)}: ${describeError(error)}`);
}

export function logWarning(message: string): void {
  console.warn(redact(message));
}

/** The path of a request, never its query string. */
export function pathOf(url: string): string {
  try {
    return new URL(url, "http://localhost").pathname;
  } catch {
    return url.split("?")[0] ?? "";
  }
}

/** A line for each answer of the app that failed (5xx): method, path (redacted), status. */
export function requestLog(req: Request, res: Response, next: NextFunction) {
  res.on("finish", () => {
    if (res.statusCode >= 500) console.error(`${req.method} ${redact(pathOf(req.originalUrl))} → ${res.statusCode}`);
  });
  next();
}

/** Better Auth's logger (auth.server.ts): its messages and whatever it passes along, redacted. */
export function authLog(level: "debug" | "info" | "warn" | "error", message: string, ...args: unknown[]): void {
  const text = [`Better Auth: ${redact(message)}`, ...args.map(describeError)].join(" ");
  if (level === "error") console.error(text);
  else if (level === "warn") console.warn(text);
  else console.log(text);
}

/**
 * What the server writes to its log: JSON lines (pino), one per answer (pino-http: request
 * id, method, path, status, time taken) and one per error or warning, without anybody's
 * personal data. Paths lose their query strings (a reset token, a search, a visit code) and
 * the secrets they carry themselves (an appointment's token, a visit's name and key, a
 * diploma's code); messages lose e-mail addresses, phone numbers, the values of a failed
 * query (its `params:` line: a booking's name, health answers, signature and token) and the
 * values of named fields (`firma`, `token`, `password`...), even inside the messages of
 * errors that other libraries wrote; objects lose the fields of `REDACTED_PATHS`. Request
 * bodies are never logged.
 *
 *   {"level":"info","time":"…","reqId":"…","req":{"method":"GET","path":"/cita/…"},"res":{"status":200},"responseTime":3,"msg":"GET /cita/… → 200"}
 *   {"level":"error","time":"…","reqId":"…","msg":"No se pudo enviar el correo del pago 12","error":"Error: timeout…"}
 *
 *   logError("No se pudo enviar el correo del pago 12", error);
 *   app.use(requestLog);   // http/request-log.server.ts: every answer, with its request id (also sent as X-Request-Id)
 *
 * LOG_LEVEL chooses the level (`info` by default; `warn` under vitest, so the suite's output
 * keeps only errors). Tests read the lines with `captureLogs()`.
 */
import { AsyncLocalStorage } from "node:async_hooks";
import { randomUUID } from "node:crypto";
import type { IncomingMessage, ServerResponse } from "node:http";
import { pino } from "pino";
import { pinoHttp } from "pino-http";
import { VISIT_PATH_PREFIX } from "./visits/visits.server";

const EMAIL = /[\p{L}\p{N}._%+'-]+@[\p{L}\p{N}.-]+\.[\p{L}]{2,}/gu;
/** A query string after a path or URL, up to the next space or quote. */
const QUERY = /(\/[^\s?"'<>]*)\?[^\s"'<>)]*/g;
/** A client's visit page names her and its id is the key to her photos (built on first use: no import cycle at start). */
let VISIT: RegExp | undefined;
const visitPath = () => (VISIT ??= new RegExp(`/${VISIT_PATH_PREFIX}[^/\\s?"'<>]*/[^/\\s?"'<>]+`, "g"));
/** Paths whose last part is a secret: an appointment's token (/cita/{token}), a diploma's code. */
const SECRET_PATH = /\/(cita|diploma)\/[^/\s?"'<>]+/g;
/** Ten or more digits, possibly spaced or dashed: a phone number (ids and amounts are shorter). */
const PHONE = /(?<![\w-])\+?\d(?:[\s-]?\d){9,14}(?![\w-])/g;
/** The values of a failed query (drizzle's "Failed query: … params: …"): up to the stack or the next cause. */
const QUERY_PARAMS = /\bparams: [\s\S]*?(?=\n\s+at |\nCausa: |$)/g;
/** PostgreSQL's detail of a conflicting or refused value: `Key (correo)=(ana@…)`. */
const KEY_VALUE = /\)=\([^)]*\)/g;
/** Names of fields whose values are personal or secret, as they appear in messages (JSON, queries, key=value). */
const SECRET_FIELD =
  /(["']?)\b(firma|token|password|contrasena|contraseña|secret|telefono|teléfono|phone|correo|email|direccion|dirección|colonia|respuestas?|detalle|numero|cvc|titular|nombre|name|apellido|consentimiento|cookie|authorization)\1(\s*[:=]\s*)("(?:[^"\\]|\\.)*"|'[^']*'|\[[^\]]*\]|[^\s,;&}]+)/giu;

/** The text with e-mails, phone numbers, query strings, path secrets and field values taken out. */
export function redact(text: string): string {
  return text
    .replace(QUERY_PARAMS, "params: [omitidos]")
    .replace(KEY_VALUE, ")=(…)")
    .replace(SECRET_FIELD, (_m, quote: string, name: string, sep: string) => `${quote}${name}${quote}${sep}[oculto]`)
    .replace(EMAIL, "[correo]")
    .replace(QUERY, (_m, path: string) => `${path}?…`)
    .replace(visitPath(), `/${VISIT_PATH_PREFIX}…/…`)
    .replace(SECRET_PATH, (_m, kind: string) => `/${kind}/…`)
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

/** Fields taken out of any object logged (pino's redact paths): defence behind the message scrub. */
export const REDACTED_PATHS = [
  "req.headers",
  "req.body",
  "req.query",
  "*.firma",
  "*.token",
  "*.password",
  "*.contrasena",
  "*.telefono",
  "*.correo",
  "*.email",
  "*.direccion",
  "*.colonia",
  "*.respuestas",
  "*.consentimiento",
  "*.numero",
  "*.cvc",
  "*.titular",
  "*.cookie",
  "*.authorization",
];

/** Where the lines go: standard output, or a test's capture. */
let destination: { write(line: string): unknown } = process.stdout;

const logger = pino(
  {
    level: process.env.LOG_LEVEL || (process.env.VITEST ? "warn" : "info"),
    base: { pid: process.pid },
    timestamp: pino.stdTimeFunctions.isoTime,
    formatters: { level: (label) => ({ level: label }) },
    redact: { paths: REDACTED_PATHS, censor: "[oculto]" },
  },
  { write: (line: string) => destination.write(line) },
);

/** The id of the request being answered, for the lines written while it runs. */
const requestContext = new AsyncLocalStorage<string>();
const reqId = () => requestContext.getStore();

/** An error, with what the server was doing. Neither may hold personal data once written. */
export function logError(context: string, error?: unknown): void {
  logger.error({ reqId: reqId(), ...(error === undefined ? {} : { error: describeError(error) }) }, redact(context));
}

export function logWarning(message: string): void {
  logger.warn({ reqId: reqId() }, redact(message));
}

export function logInfo(message: string): void {
  logger.info({ reqId: reqId() }, redact(message));
}

/** The path of a request, never its query string. */
export function pathOf(url: string): string {
  try {
    return new URL(url, "http://localhost").pathname;
  } catch {
    return url.split("?")[0] ?? "";
  }
}

type LoggedRequest = IncomingMessage & { originalUrl?: string; id?: unknown };
const loggedPath = (req: LoggedRequest) => redact(pathOf(req.originalUrl ?? req.url ?? "/"));

/**
 * The line of each answer (pino-http: request id, method, path redacted, status, time taken),
 * and the request id it gives (sent as X-Request-Id). The Express middleware that runs it is
 * http/request-log.server.ts.
 */
export const answerLogger = pinoHttp({
  logger,
  genReqId: (_req, res) => {
    const id = randomUUID();
    res.setHeader("X-Request-Id", id);
    return id;
  },
  customAttributeKeys: { reqId: "reqId" },
  quietReqLogger: true,
  wrapSerializers: false,
  serializers: {
    req: (req: LoggedRequest) => ({ method: req.method, path: loggedPath(req) }),
    res: (res: ServerResponse) => ({ status: res.statusCode }),
    // pino-http's own "failed with status code 500" says nothing the line does not.
    err: (error: unknown) =>
      error instanceof Error && /^failed with status code \d+$/.test(error.message) ? undefined : describeError(error),
  },
  customLogLevel: (_req, res, error) => (error || res.statusCode >= 500 ? "error" : "info"),
  customSuccessMessage: (req, res) => `${req.method} ${loggedPath(req)} → ${res.statusCode}`,
  customErrorMessage: (req, res) => `${req.method} ${loggedPath(req)} → ${res.statusCode}`,
});

/** Runs `work` (the rest of a request's handling) with its request id on every line it writes. */
export function withRequestId(id: string, work: () => void): void {
  requestContext.run(id, work);
}

/** Better Auth's logger (auth.server.ts): its messages and whatever it passes along, redacted. */
export function authLog(level: "debug" | "info" | "warn" | "error", message: string, ...args: unknown[]): void {
  const text = [`Better Auth: ${redact(message)}`, ...args.map(describeError)].join(" ");
  logger[level]({ reqId: reqId() }, text);
}

/**
 * Tests: every line written until `stop()` (parsed), at `level` and above. The lines still
 * go nowhere else meanwhile.
 */
export function captureLogs(level: pino.LevelWithSilent = "info") {
  const lines: string[] = [];
  const previous = { destination, level: logger.level };
  destination = { write: (line: string) => lines.push(line) };
  logger.level = level;
  return {
    lines,
    text: () => lines.join(""),
    records: () => lines.map((line) => JSON.parse(line) as Record<string, unknown>),
    stop: () => {
      destination = previous.destination;
      logger.level = previous.level;
    },
  };
}

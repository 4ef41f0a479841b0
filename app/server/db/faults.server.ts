/**
 * Which errors mean "the database cannot be reached right now" (as opposed to a bug or bad
 * data): the network refused or dropped the connection, the server is shutting down or
 * restarting, the pool could not connect in time, or the database was already closed. The
 * HTTP edge answers those with 503 (http/errors.server.ts); the pool opens new connections
 * by itself once the server is back, so no restart is needed.
 */

/** Node's socket errors: refused, reset, timed out, unreachable. */
const NETWORK_CODES = new Set([
  "ECONNREFUSED",
  "ECONNRESET",
  "ECONNABORTED",
  "EPIPE",
  "ETIMEDOUT",
  "EHOSTUNREACH",
  "ENETUNREACH",
  "ENOTFOUND",
  "EAI_AGAIN",
]);

/**
 * PostgreSQL's SQLSTATEs for a server that is gone or not taking connections: class 08
 * (connection exception), 57P01–57P03 (terminated by an administrator or a restart, crash,
 * cannot connect now), 53300 (too many connections).
 */
const SQLSTATES = /^(08...|57P0[123]|53300)$/;

/** node-postgres, pg-pool and PGlite messages that carry no code. */
const MESSAGES = [
  /Connection terminated/i, // unexpectedly, or due to connection timeout
  /timeout exceeded when trying to connect/i,
  /is not queryable/i, // a client that lost its connection, or was closed
  /Cannot use a pool after calling end/i, // shutting down
  /PGlite is closed/i,
];

export function isDatabaseUnavailable(error: unknown): boolean {
  const seen = new Set<unknown>();
  const pending: unknown[] = [error];
  while (pending.length > 0) {
    const current = pending.pop();
    if (!current || typeof current !== "object" || seen.has(current)) continue;
    seen.add(current);
    const { code, message, cause, errors } = current as {
      code?: unknown;
      message?: unknown;
      cause?: unknown;
      errors?: unknown;
    };
    if (typeof code === "string" && (NETWORK_CODES.has(code) || SQLSTATES.test(code))) return true;
    // Drizzle's wrapper quotes the query and its values: only its cause speaks for the driver.
    const wrapper = typeof message === "string" && message.startsWith("Failed query");
    if (typeof message === "string" && !wrapper && MESSAGES.some((re) => re.test(message))) return true;
    // Drizzle wraps driver errors (DrizzleQueryError.cause); Node's connect to several
    // addresses fails with an AggregateError.
    pending.push(cause);
    if (Array.isArray(errors)) pending.push(...errors);
  }
  return false;
}

/** A connection error for the log: its code and message, never the query or its values. */
export function describeDatabaseError(error: unknown): string {
  const seen = new Set<unknown>();
  let current: unknown = error;
  while (current && typeof current === "object" && !seen.has(current)) {
    seen.add(current);
    const { code, message, cause } = current as { code?: unknown; message?: unknown; cause?: unknown };
    // Drizzle's wrapper names the failed query with its parameters: describe the cause instead.
    if (cause && typeof message === "string" && message.startsWith("Failed query")) {
      current = cause;
      continue;
    }
    const text = typeof message === "string" && message ? message : String(current);
    return typeof code === "string" ? `${code}: ${text}` : text;
  }
  return String(error);
}

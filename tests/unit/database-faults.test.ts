/** Which errors mean "the database is unreachable" (503), and what of them reaches the log. */
import { describe, expect, it } from "vitest";
import { describeDatabaseError, isDatabaseUnavailable } from "~/server/db/faults.server";

const withCode = (code: string, message = "") => Object.assign(new Error(message), { code });
/** Drizzle's wrapper: the failed query and its values in the message, the driver's error as cause. */
const drizzleWrapped = (cause: unknown) =>
  Object.assign(new Error('Failed query: select * from "users" where "email" = $1\nparams: ana@example.com'), {
    cause,
  });

describe("isDatabaseUnavailable", () => {
  it.each([
    ["refused", withCode("ECONNREFUSED", "connect ECONNREFUSED 127.0.0.1:5432")],
    ["reset", withCode("ECONNRESET", "read ECONNRESET")],
    ["terminated by an administrator", withCode("57P01", "terminating connection due to administrator command")],
    ["server starting up", withCode("57P03", "the database system is starting up")],
    ["connection exception class", withCode("08006", "connection failure")],
    ["too many connections", withCode("53300", "sorry, too many clients already")],
    ["dropped mid-query", new Error("Connection terminated unexpectedly")],
    ["pool timeout", new Error("timeout exceeded when trying to connect")],
    ["dead client", new Error("Client has encountered a connection error and is not queryable")],
    ["pool closed at shutdown", new Error("Cannot use a pool after calling end on the pool")],
    ["PGlite closed", new Error("PGlite is closed")],
    ["wrapped by Drizzle", drizzleWrapped(withCode("57P01", "terminating connection"))],
    [
      "several addresses refused",
      Object.assign(new AggregateError([withCode("ECONNREFUSED")]), { code: "ECONNREFUSED" }),
    ],
  ])("%s: yes", (_name, error) => {
    expect(isDatabaseUnavailable(error)).toBe(true);
  });

  it.each([
    ["a unique violation", drizzleWrapped(withCode("23505", "duplicate key value violates unique constraint"))],
    ["a syntax error", withCode("42601", "syntax error at or near")],
    [
      "a failed query whose values quote a connection message",
      Object.assign(new Error("Failed query: insert into comentarios values ($1)\nparams: Connection terminated"), {
        cause: withCode("23505", "duplicate key"),
      }),
    ],
    ["a bug", new TypeError("Cannot read properties of undefined")],
    ["nothing", undefined],
    ["a string", "ECONNREFUSED"],
  ])("%s: no (a 500 that stays visible)", (_name, error) => {
    expect(isDatabaseUnavailable(error)).toBe(false);
  });
});

describe("describeDatabaseError", () => {
  it("gives the driver's code and message, never the failed query's values", () => {
    const text = describeDatabaseError(drizzleWrapped(withCode("57P01", "terminating connection")));
    expect(text).toBe("57P01: terminating connection");
    expect(text).not.toContain("ana@example.com");
  });
});

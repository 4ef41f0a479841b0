/**
 * One client-IP rule for every rate limit (http/request.server.ts): the socket's address, or
 * behind one trusted proxy (TRUST_PROXY=1) the hop that proxy appended. The pages' load
 * context (which the visit-code limit reads) and the auth handler's private IP header both
 * come from it, so a proxy no longer puts every visitor in one bucket.
 */
import type { AddressInfo } from "node:net";
import express from "express";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import type { Database } from "~/server/db/client.server";
import { loadContext } from "~/server/http/request.server";
import { lookupVisitCode } from "~/server/visits/visits.server";
import { configure, useTestDatabase } from "../support/fixtures";

let database: Database;
let base: string;
let close: () => void;

beforeAll(async () => {
  database = await useTestDatabase({ config: { trustProxy: false } });
  const app = express();
  // What a page's action sees: the load context, then the visit-code lookup with its limit.
  app.post("/codigo", async (req, res) => {
    const context = loadContext(req);
    const result = await lookupVisitCode(database.db, "NOEXISTE", context.clientIp);
    res.status(result.ok ? 200 : result.status).json({ ip: context.clientIp });
  });
  const server = app.listen(0, "127.0.0.1");
  await new Promise((resolve) => server.once("listening", resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  close = () => server.close();
});

afterAll(async () => {
  close?.();
  await database?.close();
});

let undo: (() => void) | undefined;
afterEach(() => {
  undo?.();
  undo = undefined;
});

const tryCode = (forwardedFor: string) =>
  fetch(`${base}/codigo`, { method: "POST", headers: { "x-forwarded-for": forwardedFor } });

describe("the client IP of the visit-code limit", () => {
  it("ignores X-Forwarded-For without a trusted proxy (a client cannot pick its bucket)", async () => {
    const answer = await tryCode("203.0.113.9");
    expect(((await answer.json()) as { ip: string }).ip).toMatch(/127\.0\.0\.1$/);
  });

  it("behind a trusted proxy, each visitor has a bucket of her own", async () => {
    undo = configure({ config: { trustProxy: true } });
    const first = await tryCode("spoofed, 198.51.100.1");
    expect(((await first.json()) as { ip: string }).ip).toBe("198.51.100.1");
    // Ten wrong tries use up the first visitor's limit...
    for (let i = 0; i < 10; i++) await tryCode("198.51.100.1");
    expect((await tryCode("198.51.100.1")).status).toBe(429);
    // ...not the next visitor's behind the same proxy.
    expect((await tryCode("198.51.100.2")).status).not.toBe(429);
  });
});

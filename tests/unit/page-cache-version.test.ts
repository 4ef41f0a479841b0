/**
 * The page cache's version reads on PostgreSQL (app/server/http/page-cache.server.ts): a
 * request never gets a version read that started before it arrived (a write committed in
 * between would be missed), and requests that arrive together share one read.
 */
import { describe, expect, it } from "vitest";
import type { Database } from "~/server/db/client.server";
import { VersionReader } from "~/server/http/cache-version.server";

function controlledReads() {
  const pending: ((version: number) => void)[] = [];
  const read = () => new Promise<number>((resolve) => pending.push(resolve));
  return { read, pending };
}

const postgres = () => ({ kind: "postgres" }) as Database;

describe("VersionReader on PostgreSQL", () => {
  it("makes a request that arrives during a read wait for the next read, shared by all who arrived meanwhile", async () => {
    const { read, pending } = controlledReads();
    const versions = new VersionReader(read, postgres);
    const first = versions.read();
    const second = versions.read();
    const third = versions.read();
    expect(pending).toHaveLength(1);
    pending[0](1); // the read that started before the second and third arrived
    expect(await first).toBe(1);
    await new Promise((r) => setImmediate(r));
    expect(pending).toHaveLength(2);
    pending[1](2); // a write committed meanwhile: they see it
    expect(await second).toBe(2);
    expect(await third).toBe(2);
    expect(pending).toHaveLength(2);
  });

  it("reads again for a request after the last read finished, and a failed read fails only its requests", async () => {
    const { read, pending } = controlledReads();
    const versions = new VersionReader(read, postgres);
    const first = versions.read();
    pending[0](5);
    expect(await first).toBe(5);
    const later = versions.read();
    expect(pending).toHaveLength(2);
    pending[1](6);
    expect(await later).toBe(6);

    let failing = true;
    const flaky = new VersionReader(() => (failing ? Promise.reject(new Error("sin conexión")) : Promise.resolve(7)), postgres);
    await expect(flaky.read()).rejects.toThrow("sin conexión");
    failing = false;
    expect(await flaky.read()).toBe(7);
  });
});

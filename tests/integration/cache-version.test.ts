// @engine: LISTEN/NOTIFY on a connection of its own (skipped on PGlite)
/**
 * The page cache's version on PostgreSQL (app/server/http/cache-version.server.ts), against a
 * real server (TEST_DATABASE_URL; skipped on PGlite, which tests/integration/page-cache.test.ts
 * covers): a connection of its own LISTENs, so requests need no query, and while it is not
 * proven alive requests read the row themselves.
 */
import { eq } from "drizzle-orm";
import pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Database } from "~/server/db/client.server";
import { categorias } from "~/server/db/schema";
import { PostgresVersionListener, VersionReader } from "~/server/http/cache-version.server";
import { createMigratedPostgresDatabase } from "../support/db";

const serverUrl = process.env.TEST_DATABASE_URL;
let database: Database;

beforeAll(async () => {
  if (!serverUrl) return;
  database = await createMigratedPostgresDatabase(serverUrl);
});

afterAll(async () => {
  await database?.close();
});

const poolOf = () => (database.db as unknown as { $client: pg.Pool }).$client;

async function until<T>(read: () => T | undefined, ms = 5_000): Promise<T> {
  const deadline = Date.now() + ms;
  for (;;) {
    const value = read();
    if (value !== undefined) return value;
    if (Date.now() > deadline) throw new Error("no llegó a tiempo");
    await new Promise((r) => setTimeout(r, 10));
  }
}

let written = 0;
const write = () => database.db.insert(categorias).values({ id: `version-${++written}`, nombre: "Versión", posicion: 99 });

/** A write by another program (its own connection, not this process's pool). */
async function writeElsewhere() {
  const client = new pg.Client(poolOf().options);
  await client.connect();
  try {
    await client.query("insert into categorias (id, nombre, posicion) values ($1, 'Versión', 99)", [`version-${++written}`]);
  } finally {
    await client.end();
  }
}

describe.skipIf(!serverUrl)("cache_version on PostgreSQL", () => {
  it("a listening connection learns each committed write from its notification, before its own next read", async () => {
    const listener = new PostgresVersionListener(poolOf());
    try {
      const start = await until(() => listener.current());
      await writeElsewhere();
      // Well under the heartbeat (POLL_MS = 1 s): only the notification can have brought it.
      expect(await until(() => (listener.current() === start + 1 ? start + 1 : undefined), 300)).toBe(start + 1);
    } finally {
      listener.close();
    }
  });

  it("never vouches for the version from before this process's own write, even before its notification arrives", async () => {
    const listener = new PostgresVersionListener(poolOf());
    try {
      const start = await until(() => listener.current());
      await write();
      // Synchronously after the write returned: the notification may still be on its way.
      expect(listener.current()).not.toBe(start);
      expect(await until(() => listener.current())).toBe(start + 1);

      await database.db.transaction(async (tx) => {
        await tx.update(categorias).set({ nombre: "Versión 2" }).where(eq(categorias.id, `version-${written}`));
        // Not committed yet: still the version before.
        expect(await until(() => listener.current())).toBe(start + 1);
      });
      expect(listener.current()).not.toBe(start + 1);
      expect(await until(() => listener.current())).toBe(start + 2);

      // A plain read changes nothing: the version stays vouched for, with no read of the row.
      await database.db.select().from(categorias).limit(1);
      expect(listener.current()).toBe(start + 2);
    } finally {
      listener.close();
    }
  });

  it("a cut connection stops vouching for the version at once, and listens again by itself", async () => {
    const listener = new PostgresVersionListener(poolOf());
    try {
      await until(() => listener.current());
      const pid = listener.backendPid;
      await poolOf().query("select pg_terminate_backend($1)", [pid]);
      await until(() => (listener.current() === undefined ? true : undefined), 2_000);
      const before = await until(() => listener.current());
      expect(listener.backendPid).not.toBe(pid);
      await writeElsewhere();
      expect(await until(() => (listener.current() === before + 1 ? true : undefined), 300)).toBe(true);
    } finally {
      listener.close();
    }
  });

  it("VersionReader asks the database until its listener vouches, then answers from memory", async () => {
    let queries = 0;
    const reader = new VersionReader(
      async () => {
        queries++;
        const { rows } = await poolOf().query("select version from cache_version where id = 1");
        return Number(rows[0].version);
      },
      () => database,
    );
    try {
      const first = await reader.read();
      expect(queries).toBe(1);
      await until(() => reader.current());
      const counted = queries;
      expect(await reader.read()).toBe(first);
      await write();
      await until(() => (reader.current() === first + 1 ? true : undefined), 300);
      expect(await reader.read()).toBe(first + 1);
      expect(queries).toBe(counted);
    } finally {
      reader.close();
    }
  });
});

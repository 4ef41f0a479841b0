/**
 * The page cache's version (ADR 015): the `cache_version` row, bumped by triggers when a
 * transaction that wrote a table shown on public pages commits (migration
 * `page_cache_triggers`), which also send the new version on channel `cache_version`.
 *
 * - PGlite is one process owning its database, and it hands this process each notification
 *   before the committing query returns: listening is exact and costs nothing per request.
 * - PostgreSQL: other instances and programs write too. A dedicated connection LISTENs on the
 *   channel and keeps the version in memory (PostgreSQL sends the notification when the
 *   writer commits; it arrives here within a fraction of a millisecond on one host). The
 *   same connection reads the row every POLL_MS, which proves it alive and catches anything
 *   it might have missed. While it is not proven alive (connecting, cut, a read unanswered
 *   for 2 × POLL_MS) every request reads the row itself, as before: requests that arrive
 *   while a read is running wait for the next one (started after they arrived), so none gets
 *   a version older than itself, and under load it is one tiny query at a time.
 *   A write of this process's own (the pool announces statements that may write: onPoolWrite)
 *   makes the version unproven until the listening connection has read the row again,
 *   started after that write finished: the notification may arrive a moment after the
 *   writer's commit returns, and this process's next request must not be served the page
 *   from before its own write. Another instance's write shows once its notification arrives.
 */
import { sql } from "drizzle-orm";
import pg from "pg";
import { type Database, type Db, onPoolWrite, queryRows } from "../db/client.server";
import { getDatabase, getDb } from "../db/index.server";
import { describeDatabaseError } from "../db/faults.server";
import { logError } from "../log.server";

const CHANNEL = "cache_version";
const VERSION_SQL = "select version from cache_version where id = 1";
/** How often the listening connection reads the row (its heartbeat). */
const POLL_MS = 1_000;
/** Waits between attempts to open the listening connection again. */
const RECONNECT_MS = [250, 1_000, 5_000];

export async function readCacheVersion(): Promise<number> {
  const [row] = await queryRows<{ version: string | number }>(getDb(), sql.raw(VERSION_SQL));
  if (!row) throw new Error("cache_version sin fila");
  return Number(row.version);
}

type PGliteListener = { listen: (channel: string, callback: (payload: string) => void) => Promise<unknown> };

export class VersionReader {
  private running: Promise<number> | undefined;
  private queued: Promise<number> | undefined;
  private listened: { client: unknown; version: number } | undefined;
  private attaching: Promise<void> | undefined;
  private postgres: PostgresVersionListener | undefined;

  constructor(
    private readonly readVersion: () => Promise<number> = readCacheVersion,
    private readonly database: () => Database = getDatabase,
  ) {}

  /**
   * The version now, when it is known without asking the database (PGlite listening, or the
   * PostgreSQL listener proven alive); undefined otherwise. Page-cache hits use it.
   */
  current(): number | undefined {
    const database = this.database();
    if (database.kind === "pglite") {
      const listened = this.listened;
      return listened && listened.client === (database.db as unknown as { $client: unknown }).$client ? listened.version : undefined;
    }
    const postgres = this.postgres;
    return postgres && postgres.pool === poolOf(database) ? postgres.current() : undefined;
  }

  async read(): Promise<number> {
    const known = this.current();
    if (known !== undefined) return known;
    const database = this.database();
    if (database.kind === "pglite") {
      const client = (database.db as unknown as { $client: PGliteListener }).$client;
      this.attaching ??= this.listen(client).finally(() => {
        this.attaching = undefined;
      });
      await this.attaching;
      if (this.listened?.client === client) return this.listened.version;
    } else {
      const pool = poolOf(database);
      if (pool && this.postgres?.pool !== pool) {
        this.postgres?.close();
        this.postgres = new PostgresVersionListener(pool);
      }
    }
    return this.query();
  }

  /** LISTEN first, then read: a change made in between arrives as a notification. */
  private async listen(client: PGliteListener) {
    const state = { client, version: -1 };
    await client.listen(CHANNEL, (payload) => {
      state.version = Math.max(state.version, Number(payload));
    });
    state.version = Math.max(state.version, await this.query());
    this.listened = state;
  }

  /**
   * The version as last announced by a notification (PGlite, or the PostgreSQL listener while
   * alive): a render that started on an older version is not stored.
   */
  announced(): number | undefined {
    return this.listened?.version ?? this.postgres?.current();
  }

  /** Stops the PostgreSQL listener (before the pool is closed). */
  close(): void {
    this.postgres?.close();
    this.postgres = undefined;
  }

  private query(): Promise<number> {
    if (!this.running) return this.start();
    this.queued ??= this.running.then(
      () => this.startQueued(),
      () => this.startQueued(),
    );
    return this.queued;
  }

  private startQueued(): Promise<number> {
    this.queued = undefined;
    return this.start();
  }

  private start(): Promise<number> {
    const running = this.readVersion();
    this.running = running;
    const clear = () => {
      if (this.running === running) this.running = undefined;
    };
    running.then(clear, clear);
    return running;
  }
}

/** The node-postgres pool behind a PostgreSQL database (undefined for a stand-in). */
function poolOf(database: Database): pg.Pool | undefined {
  const client = (database.db as unknown as { $client?: unknown } | undefined)?.$client;
  return client instanceof pg.Pool ? client : undefined;
}

/**
 * One connection of its own (not the pool's: it is held forever) that LISTENs on
 * `cache_version` and reads the row every POLL_MS. `current()` is the version while the
 * connection has answered within 2 × POLL_MS, undefined otherwise; it reconnects by itself.
 */
/** The embedded database's version, for `untilNextWrite` (a listener, no query per read). */
let embeddedVersions: VersionReader | undefined;

/**
 * A small value every page render asks for (the categories), read once and kept until the
 * next write to a table shown on public pages: the page cache's version (ADR 015), so the
 * same triggers that empty the page cache drop it. Kept only on PGlite, where the version
 * comes by notification at no cost and each query saved is WebAssembly on the main thread
 * (ADR 020); on PostgreSQL, and for any other `db` than the open database (a transaction),
 * it is read every time. A value read while a write committed is not kept.
 */
export function untilNextWrite<T>(load: (db: Db) => Promise<T>): (db: Db) => Promise<T> {
  let kept: { db: Db; version: number; value: T } | undefined;
  return async (db) => {
    const database = getDatabase();
    if (database.kind !== "pglite" || db !== database.db) return load(db);
    embeddedVersions ??= new VersionReader();
    const version = await embeddedVersions.read();
    if (kept && kept.db === db && kept.version === version) return kept.value;
    const value = await load(db);
    if (embeddedVersions.announced() === version) kept = { db, version, value };
    return value;
  };
}

export class PostgresVersionListener {
  private client: pg.Client | undefined;
  private version = -1;
  /** when the connection last answered a read (performance.now()); 0 while not listening */
  private aliveAt = 0;
  private timer: NodeJS.Timeout | undefined;
  private failures = 0;
  private closed = false;
  private polling = false;
  /** writes this process finished (onPoolWrite) */
  private writes = 0;
  /** of those, how many had finished when the last answered read started */
  private writesRead = 0;
  private readonly stopHearingWrites: () => void;

  constructor(readonly pool: pg.Pool) {
    this.stopHearingWrites = onPoolWrite(pool, () => {
      this.writes++;
      if (this.client && this.timer) void this.poll(this.client);
    });
    void this.connect();
  }

  /** The listening connection's backend (tests cut it). */
  get backendPid(): number | undefined {
    return (this.client as (pg.Client & { processID?: number }) | undefined)?.processID;
  }

  current(): number | undefined {
    if (this.aliveAt === 0 || performance.now() - this.aliveAt > 2 * POLL_MS) return undefined;
    if (this.writesRead !== this.writes) return undefined;
    return this.version;
  }

  close(): void {
    this.closed = true;
    this.stopHearingWrites();
    this.drop();
  }

  private async connect() {
    if (this.closed) return;
    const client = new pg.Client(this.pool.options);
    this.client = client;
    client.on("error", (error) => this.lost(client, error));
    client.on("end", () => this.lost(client));
    client.on("notification", (message) => {
      if (message.channel === CHANNEL && message.payload) this.version = Math.max(this.version, Number(message.payload));
    });
    try {
      await client.connect();
      // LISTEN first, then read: a change made in between arrives as a notification.
      await client.query(`LISTEN ${CHANNEL}`);
      await this.poll(client);
      this.failures = 0;
      this.timer = setInterval(() => void this.poll(client), POLL_MS);
      this.timer.unref();
    } catch (error) {
      this.lost(client, error);
    }
  }

  private async poll(client: pg.Client) {
    if (this.polling) return;
    this.polling = true;
    const writes = this.writes;
    try {
      const result = await client.query<{ version: string }>(VERSION_SQL);
      if (client !== this.client) return;
      this.version = Math.max(this.version, Number(result.rows[0]?.version ?? -1));
      this.aliveAt = performance.now();
      this.writesRead = writes;
    } catch (error) {
      this.lost(client, error);
    } finally {
      this.polling = false;
    }
    // A write finished while it read: read again, so that the version is vouched for again.
    if (this.writesRead !== this.writes && client === this.client) void this.poll(client);
  }

  /** The connection failed: requests read the row themselves until a new one listens. */
  private lost(client: pg.Client, error?: unknown) {
    if (client !== this.client) return;
    if (!this.closed && error) {
      logError(`Caché de páginas: se perdió la conexión que escucha cache_version (${describeDatabaseError(error)}).`);
    }
    this.drop();
    if (this.closed) return;
    const wait = RECONNECT_MS[Math.min(this.failures++, RECONNECT_MS.length - 1)];
    setTimeout(() => void this.connect(), wait).unref();
  }

  private drop() {
    this.aliveAt = 0;
    if (this.timer) clearInterval(this.timer);
    this.timer = undefined;
    const client = this.client;
    this.client = undefined;
    client?.end().catch(() => undefined);
  }
}

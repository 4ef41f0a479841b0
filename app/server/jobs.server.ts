/**
 * Durable scheduled jobs (ADR 023): a voucher that expires, a reminder mail the day before,
 * an appointment reminder. The job lives in the `tareas` table, so it survives restarts; each
 * app instance polls for due jobs and claims them with FOR UPDATE SKIP LOCKED, so with several
 * instances (cluster workers, two servers) a job runs in exactly one of them.
 *
 *   scheduleJob ──► pendiente ──claim──► en-curso ──handler ok──► hecha
 *                      ▲                     │
 *                      └──── error (retry) ◄─┤── 5th error ──► fallida
 *                                            └── claim expired (process died) ──► claimed again
 *
 * A handler runs at least once and, short of a crash between its side effect and the
 * `hecha` write, exactly once. Handlers whose side effect must never repeat (a mail) record
 * it in their own table inside their own transaction, or check state before acting (an
 * expiry looks at the order first).
 */
import { and, eq, inArray, sql } from "drizzle-orm";
import { type Db, type DbOrTx, queryRows } from "./db/client.server";
import { tareas } from "./db/schema";
import { describeError, logError } from "./log.server";

export type JobContext = { db: Db; now: Date };
export type JobHandler = (datos: Record<string, unknown>, context: JobContext) => Promise<void>;

const handlers = new Map<string, JobHandler>();

/** How long a claim holds before another instance may take the job again (a dead process). */
const CLAIM_MS = 5 * 60_000;
/** Attempts before a job is left as `fallida` (visible to the studio, never retried). */
export const MAX_ATTEMPTS = 5;

/**
 * Upkeep the runner does on every tick in every instance, besides the jobs in `tareas`: work
 * that must not run inside a request (folding the order counters), safe to run in two
 * instances at once, and cheap when there is nothing to do. By name: the last one wins.
 */
const periodicTasks = new Map<string, (db: Db) => Promise<unknown>>();

/** Registers an upkeep task for every tick of the runner (see `periodicTasks`). */
export function registerPeriodicTask(name: string, task: (db: Db) => Promise<unknown>): void {
  periodicTasks.set(name, task);
}

/** Runs every upkeep task once (the runner's tick; tests call it); one that fails is logged, the others still run. */
export async function runPeriodicTasks(db: Db): Promise<void> {
  for (const [name, task] of periodicTasks) {
    try {
      await task(db);
    } catch (error) {
      logError(`Tarea periódica '${name}' falló`, error);
    }
  }
}

/** Registers the function that runs jobs of a type (one per type; the last one wins). */
export function registerJob(tipo: string, handler: JobHandler): void {
  handlers.set(tipo, handler);
}

export type ScheduleInput = {
  tipo: string;
  /** unique: scheduling the same clave again moves that job instead of adding a second one */
  clave: string;
  ejecutarEn: Date;
  datos?: Record<string, unknown>;
  /**
   * A job with this clave that already ran, failed or was cancelled runs again at the new
   * time (an appointment moved after its reminder went out gets a new reminder). Without it
   * such a job is left as it is.
   */
  rearm?: boolean;
};

/**
 * Schedules a job, or moves the pending job with the same clave to the new time and data.
 * A job already done, failed or cancelled with that clave is left as it is unless `rearm`;
 * a job running right now always is.
 */
export async function scheduleJob(db: DbOrTx, input: ScheduleInput): Promise<void> {
  await db
    .insert(tareas)
    .values({ tipo: input.tipo, clave: input.clave, ejecutarEn: input.ejecutarEn, datos: input.datos ?? {} })
    .onConflictDoUpdate({
      target: tareas.clave,
      set: {
        ejecutarEn: input.ejecutarEn,
        datos: input.datos ?? {},
        tipo: input.tipo,
        estado: "pendiente",
        intentos: 0,
        error: null,
        hechaEn: null,
      },
      setWhere: input.rearm
        ? inArray(tareas.estado, ["pendiente", "hecha", "fallida", "cancelada"])
        : eq(tareas.estado, "pendiente"),
    });
}

/** Cancels a pending job (a booking cancelled before its reminder). */
export async function cancelJob(db: DbOrTx, clave: string): Promise<void> {
  await db
    .update(tareas)
    .set({ estado: "cancelada" })
    .where(and(eq(tareas.clave, clave), eq(tareas.estado, "pendiente")));
}

type Claimed = { id: number; tipo: string; clave: string; datos: Record<string, unknown>; intentos: number };

/** Claims up to `limit` due jobs for this instance (pending and due, or a claim that expired). */
async function claim(db: Db, now: Date, limit: number): Promise<Claimed[]> {
  const until = new Date(now.getTime() + CLAIM_MS);
  const rows = await queryRows<Claimed>(
    db,
    sql`
    update tareas set estado = 'en-curso', intentos = intentos + 1, bloqueada_hasta = ${until.toISOString()}::timestamptz
    where id in (
      select id from tareas
      where (estado = 'pendiente' and ejecutar_en <= ${now.toISOString()}::timestamptz)
         or (estado = 'en-curso' and bloqueada_hasta < ${now.toISOString()}::timestamptz)
      order by ejecutar_en
      limit ${limit}
      for update skip locked
    )
    returning id, tipo, clave, datos, intentos`,
  );
  return rows.map((row) => ({ ...row, id: Number(row.id), intentos: Number(row.intentos) }));
}

/**
 * Runs the jobs due at `now` (tests pass their own clock); returns how many ran. Each job's
 * outcome is written after its handler: `hecha`, or back to `pendiente` with a back-off, or
 * `fallida` after MAX_ATTEMPTS.
 */
export async function runDueJobs(db: Db, now: Date = new Date(), limit = 20): Promise<number> {
  const jobs = await claim(db, now, limit);
  for (const job of jobs) {
    const handler = handlers.get(job.tipo);
    try {
      if (!handler) throw new Error(`Sin función para tareas de tipo '${job.tipo}'`);
      await handler(job.datos ?? {}, { db, now });
      await db
        .update(tareas)
        .set({ estado: "hecha", hechaEn: new Date(), error: null, bloqueadaHasta: null })
        .where(eq(tareas.id, job.id));
    } catch (error) {
      const message = describeError(error);
      const failed = job.intentos >= MAX_ATTEMPTS;
      // back-off: 1, 4, 9, 16 minutes
      const retryAt = new Date(now.getTime() + job.intentos * job.intentos * 60_000);
      logError(`Tarea ${job.tipo} (${job.clave}) falló, intento ${job.intentos}`, error);
      await db
        .update(tareas)
        .set({
          estado: failed ? "fallida" : "pendiente",
          ejecutarEn: failed ? undefined : retryAt,
          error: message.slice(0, 1000),
          bloqueadaHasta: null,
        })
        .where(eq(tareas.id, job.id))
        .catch(() => undefined);
    }
  }
  return jobs.length;
}

const holder = globalThis as typeof globalThis & { __jobTimer?: ReturnType<typeof setInterval> };

/**
 * Polls for due jobs every `intervalMs` in this process (server/app.ts), then runs the
 * upkeep tasks (`registerPeriodicTask`). Errors (the database
 * gone) are logged and the next tick tries again; the timer never keeps the process alive.
 */
export function startJobRunner(getDb: () => Db, intervalMs = 30_000): void {
  if (holder.__jobTimer) return;
  let running = false;
  // each tick reads the process's application context (its database, settings and mail)
  holder.__jobTimer = setInterval(tick, intervalMs);
  holder.__jobTimer.unref();

  async function tick() {
    if (running) return;
    running = true;
    try {
      while ((await runDueJobs(getDb())) > 0) {
        // keep going while there is a backlog
      }
      await runPeriodicTasks(getDb());
    } catch (error) {
      logError("Tareas: no se pudieron leer", error);
    } finally {
      running = false;
    }
  }
}

/** Whether this process polls for jobs (tests/support/integration-setup.ts: no file may leave it running). */
export function jobRunnerStarted(): boolean {
  return holder.__jobTimer !== undefined;
}

export function stopJobRunner(): void {
  if (holder.__jobTimer) clearInterval(holder.__jobTimer);
  holder.__jobTimer = undefined;
}

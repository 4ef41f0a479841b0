// @engine: two instances polling at once run a job once (FOR UPDATE SKIP LOCKED)
/**
 * Durable scheduled jobs (app/server/jobs.server.ts, ADR 023) on the real database: a job
 * runs once when due, once across two instances polling at the same moment, again after the
 * process that claimed it died, and is retried then left `fallida` when its handler fails.
 */
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { type Database, openDatabase } from "~/server/db/client.server";
import { tareas } from "~/server/db/schema";
import { MAX_ATTEMPTS, cancelJob, registerJob, runDueJobs, scheduleJob } from "~/server/jobs.server";
import { createMigratedPostgresDatabase, testDatabaseName } from "../support/db";
import { useTestDatabase as openTestDatabase } from "../support/fixtures";

let database: Database;
/** A second app instance on the same database (PostgreSQL only: PGlite admits one process). */
let second: Database | undefined;
const ran: string[] = [];
let failures = 0;

const now = new Date("2026-11-25T12:00:00Z");
const minutes = (n: number) => new Date(now.getTime() + n * 60_000);

beforeAll(async () => {
  const serverUrl = process.env.TEST_DATABASE_URL;
  if (serverUrl) {
    const name = testDatabaseName();
    database = await createMigratedPostgresDatabase(serverUrl, name);
    const url = new URL(serverUrl);
    url.pathname = `/${name}`;
    second = await openDatabase({ url: url.toString() });
  } else {
    database = await openTestDatabase();
  }
  registerJob("prueba", async (datos) => {
    // a slow side effect, so that a second claimer would overlap with it
    await new Promise((resolve) => setTimeout(resolve, 20));
    ran.push(String(datos.nombre));
  });
  registerJob("falla", async () => {
    failures++;
    throw new Error("el proveedor no contesta");
  });
});

afterAll(async () => {
  await second?.close();
  await database.close();
});

beforeEach(async () => {
  ran.length = 0;
  failures = 0;
  await database.db.delete(tareas);
});

const row = async (clave: string) => (await database.db.select().from(tareas).where(eq(tareas.clave, clave)))[0];

describe("tareas programadas", () => {
  it("runs a job once when it is due, never before", async () => {
    await scheduleJob(database.db, { tipo: "prueba", clave: "a", ejecutarEn: minutes(10), datos: { nombre: "a" } });
    expect(await runDueJobs(database.db, minutes(9))).toBe(0);
    expect(await runDueJobs(database.db, minutes(10))).toBe(1);
    expect(await runDueJobs(database.db, minutes(60))).toBe(0);
    expect(ran).toEqual(["a"]);
    expect((await row("a")).estado).toBe("hecha");
  });

  it("keeps one job per clave: scheduling again moves it; a done job is left alone", async () => {
    await scheduleJob(database.db, { tipo: "prueba", clave: "b", ejecutarEn: minutes(10), datos: { nombre: "b1" } });
    await scheduleJob(database.db, { tipo: "prueba", clave: "b", ejecutarEn: minutes(20), datos: { nombre: "b2" } });
    expect(await database.db.select().from(tareas)).toHaveLength(1);
    expect(await runDueJobs(database.db, minutes(15))).toBe(0);
    expect(await runDueJobs(database.db, minutes(20))).toBe(1);
    await scheduleJob(database.db, { tipo: "prueba", clave: "b", ejecutarEn: minutes(30), datos: { nombre: "b3" } });
    expect(await runDueJobs(database.db, minutes(40))).toBe(0);
    expect(ran).toEqual(["b2"]);
    // re-armed (an appointment moved after its reminder went out): it runs again
    await scheduleJob(database.db, {
      tipo: "prueba",
      clave: "b",
      ejecutarEn: minutes(50),
      datos: { nombre: "b4" },
      rearm: true,
    });
    expect(await runDueJobs(database.db, minutes(50))).toBe(1);
    expect(ran).toEqual(["b2", "b4"]);
  });

  it("runs each job once when two instances poll at the same moment", async () => {
    for (let i = 0; i < 30; i++) {
      await scheduleJob(database.db, { tipo: "prueba", clave: `c${i}`, ejecutarEn: now, datos: { nombre: `c${i}` } });
    }
    const other = second?.db ?? database.db;
    const polls = [];
    for (let i = 0; i < 4; i++) polls.push(runDueJobs(i % 2 ? other : database.db, now, 10));
    const counts = await Promise.all(polls);
    while ((await runDueJobs(other, now)) > 0) {
      // drain what the four polls left
    }
    expect(counts.reduce((a, b) => a + b, 0)).toBeGreaterThan(0);
    expect(ran).toHaveLength(30);
    expect(new Set(ran).size).toBe(30);
  });

  it("takes again a job whose instance died while running it, once the claim expires", async () => {
    await scheduleJob(database.db, { tipo: "prueba", clave: "d", ejecutarEn: now, datos: { nombre: "d" } });
    // the process that claimed it stopped before writing the outcome
    await database.db
      .update(tareas)
      .set({ estado: "en-curso", intentos: 1, bloqueadaHasta: minutes(5) })
      .where(eq(tareas.clave, "d"));
    expect(await runDueJobs(database.db, minutes(1))).toBe(0);
    expect(await runDueJobs(database.db, minutes(6))).toBe(1);
    expect(ran).toEqual(["d"]);
    expect((await row("d")).intentos).toBe(2);
  });

  it("retries a failing job with a back-off, then leaves it failed with its error", async () => {
    await scheduleJob(database.db, { tipo: "falla", clave: "e", ejecutarEn: now });
    let clock = now;
    for (let attempt = 1; attempt <= MAX_ATTEMPTS; attempt++) {
      expect(await runDueJobs(database.db, clock)).toBe(1);
      clock = new Date(clock.getTime() + 60 * 60_000);
    }
    expect(await runDueJobs(database.db, clock)).toBe(0);
    expect(failures).toBe(MAX_ATTEMPTS);
    const job = await row("e");
    expect(job.estado).toBe("fallida");
    expect(job.error).toContain("el proveedor no contesta");
  });

  it("does not run a cancelled job, nor a job of an unknown type forever", async () => {
    await scheduleJob(database.db, { tipo: "prueba", clave: "f", ejecutarEn: now, datos: { nombre: "f" } });
    await cancelJob(database.db, "f");
    expect(await runDueJobs(database.db, now)).toBe(0);
    expect((await row("f")).estado).toBe("cancelada");
    await scheduleJob(database.db, { tipo: "desconocida", clave: "g", ejecutarEn: now });
    await runDueJobs(database.db, now);
    expect((await row("g")).estado).toBe("pendiente");
    expect((await row("g")).error).toContain("desconocida");
    expect(ran).toEqual([]);
  });
});

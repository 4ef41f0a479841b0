/**
 * PostgreSQL faults made on purpose against the real server process (`node server.js` over a
 * production build): its connections go through a TCP proxy the test controls
 * (tests/support/tcp-proxy.ts), and the database is a real PostgreSQL database of its own.
 *
 * - the network is cut mid-traffic: pages and API calls answer 503 in Spanish, /healthz says
 *   `unavailable` without the driver's text, the process stays up, and when the network is
 *   back it serves again by itself with everything written before the cut;
 * - an administrator ends the app's sessions (pg_terminate_backend, error 57P01 on idle
 *   pooled connections, which used to kill the process): it stays up and recovers;
 * - the connection dies in the middle of the order's transaction: no half order; the retry
 *   writes the whole order.
 */
import { randomBytes } from "node:crypto";
import { and, eq } from "drizzle-orm";
import pg from "pg";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import type { Database } from "~/server/db/client.server";
import { compraLineas, compras, cursos, inscripciones, pagos, user } from "~/server/db/schema";
import { type TestAccount, createAccount, logIn } from "../support/accounts";
import { createEmptyPostgresDatabase, testDatabaseName } from "../support/db";
import { type ServerProcess, startServerProcess } from "../support/server-process";
import { type TcpProxy, startTcpProxy } from "../support/tcp-proxy";

const postgresUrl = inject("postgresUrl");
const API = "/auth/michel-alvarez/v2";
const UNAVAILABLE_TITLE = "Servicio no disponible";
const UNAVAILABLE_TEXT = "Estamos teniendo problemas técnicos. Intenta de nuevo en unos minutos.";
/** In the app's DATABASE_URL only: it must never reach a log or an answer. */
const PASSWORD = `clave-${randomBytes(6).toString("hex")}`;

let database: Database;
let databaseName: string;
let proxy: TcpProxy;
let server: ServerProcess;
const COURSE_ID = "curso-fallas";
/** The app's sessions, as pg_stat_activity names them. */
const APP_NAME = "michel-alvarez-fallas";

const get = (pathname: string, headers: Record<string, string> = {}) =>
  fetch(`${server.baseURL}${pathname}`, { headers });
const post = (pathname: string, body: unknown, cookie: string) =>
  fetch(`${server.baseURL}${pathname}`, {
    method: "POST",
    headers: { "content-type": "application/json", origin: server.baseURL, cookie },
    body: JSON.stringify(body),
  });
const page = (pathname = "/cursos", cookie?: string) =>
  get(pathname, { accept: "text/html", ...(cookie ? { cookie } : {}) });

/** Waits (bounded) until /readyz answers 200 again: the app reconnects by itself. */
async function healthy() {
  for (let tries = 0; tries < 150; tries++) {
    const answer = await get("/readyz").catch(() => null);
    if (answer?.status === 200) return;
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  throw new Error(`El servidor no volvió a responder:\n${server.log()}`);
}

/** A paid demo payment for the course, ready to be confirmed (the order not yet written). */
async function authorisedPayment(account: TestAccount): Promise<string> {
  const started = await post(`${API}/stripe`, { curso: COURSE_ID }, account.cookie);
  expect(started.status).toBe(200);
  const { clientSecret, paymentId } = (await started.json()) as { clientSecret: string; paymentId: string };
  const card = { clientSecret, numero: "4242424242424242", vencimiento: "12/34", cvc: "123", nombre: "Ana" };
  expect((await post(`${API}/demo/pago`, card, account.cookie)).status).toBe(200);
  return paymentId;
}

/** What the database holds for one payment: all of the order, or none of it. */
async function orderState(paymentId: string, accountEmail: string) {
  const db = database.db;
  const [pago] = await db.select().from(pagos).where(eq(pagos.id, paymentId));
  const [buyer] = await db.select({ id: user.id }).from(user).where(eq(user.email, accountEmail));
  const orders = await db.select().from(compras).where(eq(compras.compradorId, buyer.id));
  const lines = orders.length
    ? await db.select().from(compraLineas).where(eq(compraLineas.compraId, orders[0].id))
    : [];
  const enrolments = await db
    .select()
    .from(inscripciones)
    .where(and(eq(inscripciones.userId, buyer.id), eq(inscripciones.cursoId, COURSE_ID)));
  return { pago, orders, lines, enrolments };
}

describe.skipIf(!postgresUrl)("PostgreSQL faults (the real server behind a TCP proxy)", () => {
  beforeAll(async () => {
    databaseName = testDatabaseName();
    database = await createEmptyPostgresDatabase(postgresUrl, databaseName);
    await database.migrate();
    await database.db.insert(cursos).values({
      id: COURSE_ID,
      titulo: "Curso de cejas",
      tipo: "online",
      publicado: true,
      precio: 250_000,
      descripcionSecundaria: "En línea",
    });
    const target = new URL(postgresUrl);
    proxy = await startTcpProxy({ host: target.hostname, port: Number(target.port || 5432) });
    const appUrl = new URL(proxy.urlFor(postgresUrl));
    appUrl.pathname = `/${databaseName}`;
    appUrl.password = PASSWORD;
    appUrl.searchParams.set("application_name", APP_NAME);
    server = await startServerProcess({
      buildDir: inject("faultsBuildDir"),
      env: { DATABASE_URL: appUrl.toString() },
    });
  });

  afterAll(async () => {
    await server?.stop();
    await proxy?.close();
    await database?.close();
  });

  it("answers 503 in Spanish while the network is cut, stays up, and serves again by itself afterwards", async () => {
    // Traffic that writes: accounts signed up through the app.
    const before = [await createAccount(server.baseURL), await createAccount(server.baseURL)];
    expect((await page()).status).toBe(200);

    // The cut, while requests are in flight: each one is served or refused, none is a 500.
    const burst = Array.from({ length: 12 }, (_, i) => (i % 2 ? page() : get("/readyz")).then((r) => r.status));
    proxy.cut();
    for (const status of await Promise.all(burst)) expect([200, 503]).toContain(status);

    // Cut: the page says so in Spanish, with 503.
    const down = await page();
    expect(down.status).toBe(503);
    const html = await down.text();
    expect(html).toContain(`<title>${UNAVAILABLE_TITLE} | Michel Alvarez</title>`);
    expect(html).toContain(UNAVAILABLE_TEXT);
    // Logged in: the session cannot be read either.
    expect((await page("/mis-cursos", before[0].cookie)).status).toBe(503);
    // Auth calls too: logging in needs the database.
    const signIn = await post("/api/auth/sign-in/email", { email: before[1].email, password: before[1].password }, "");
    expect(signIn.status).toBe(503);
    expect(await signIn.json()).toEqual({ error: expect.objectContaining({ title: UNAVAILABLE_TITLE }) });
    // A client-side navigation (React Router's data request) gets 503 too.
    expect((await get("/cursos.data")).status).toBe(503);

    // Readiness: 503 and no driver text; the process itself still answers /healthz.
    const ready = await get("/readyz");
    expect(ready.status).toBe(503);
    expect(await ready.json()).toEqual({
      status: "unavailable",
      database: { status: "unavailable", kind: "postgres" },
      storage: { status: "ok" },
    });
    expect((await get("/healthz")).status).toBe(200);

    // An API call: JSON 503 with the message.
    const api = await post(`${API}/confirmar`, { paymentId: "demo_x" }, before[0].cookie);
    expect(api.status).toBe(503);
    expect(await api.json()).toEqual({
      error: expect.objectContaining({ title: UNAVAILABLE_TITLE, text: UNAVAILABLE_TEXT }),
    });

    expect(server.child.exitCode).toBeNull();

    // Back: the app reconnects without a restart, and nothing written before the cut is lost.
    proxy.restore();
    await healthy();
    expect((await page()).status).toBe(200);
    for (const account of before) expect(await logIn(server.baseURL, account.email, account.password)).toContain("=");
    expect(await createAccount(server.baseURL)).toBeTruthy();
    expect(server.child.exitCode).toBeNull();

    // The log names the fault, but neither the connection's password nor what the failed
    // queries carried (the e-mail of the log-in attempted during the cut).
    expect(server.log()).toContain("Base de datos no disponible");
    expect(server.log()).not.toContain(PASSWORD);
    expect(server.log()).not.toContain(before[1].email);
  });

  it("stays up when PostgreSQL ends the app's sessions (pg_terminate_backend, 57P01) and recovers", async () => {
    // Several pooled connections, idle once these answer.
    await Promise.all(Array.from({ length: 6 }, () => page()));
    const admin = new pg.Client({ connectionString: postgresUrl });
    await admin.connect();
    const { rows } = await admin.query<{ ended: boolean }>(
      "select pg_terminate_backend(pid) as ended from pg_stat_activity where datname = $1 and application_name = $2",
      [databaseName, APP_NAME],
    );
    await admin.end();
    expect(rows.filter((row) => row.ended).length).toBeGreaterThan(0);

    // The idle connections report 57P01; the process logs it and carries on.
    await server.printed("57P01");
    expect(server.log()).toContain("se perdió una conexión inactiva");
    await healthy();
    expect((await page()).status).toBe(200);
    expect(server.child.exitCode).toBeNull();
  });

  it("leaves no half order when the connection dies inside the order's transaction; the retry writes it whole", async () => {
    const account = await createAccount(server.baseURL);
    const paymentId = await authorisedPayment(account);

    // The connection is cut the moment the app sends the order's INSERT: after the payment
    // was locked and before the commit.
    const cut = proxy.cutWhen('insert into "compras"');
    const interrupted = await post(`${API}/confirmar`, { paymentId }, account.cookie);
    await cut;
    expect(interrupted.status).toBe(503);
    expect(server.child.exitCode).toBeNull();

    const none = await orderState(paymentId, account.email);
    expect(none.orders).toEqual([]);
    expect(none.lines).toEqual([]);
    expect(none.enrolments).toEqual([]);
    expect(none.pago).toMatchObject({ estado: "autorizado", compraId: null });

    proxy.restore();
    await healthy();
    const retried = await post(`${API}/confirmar`, { paymentId }, account.cookie);
    expect(retried.status).toBe(200);
    const { compraId } = (await retried.json()) as { compraId: string };

    const whole = await orderState(paymentId, account.email);
    expect(whole.orders.map((o) => o.id)).toEqual([compraId]);
    expect(whole.lines).toHaveLength(1);
    expect(whole.enrolments).toHaveLength(1);
    expect(whole.pago).toMatchObject({ estado: "pagado", compraId });
  });

  it("waits for the database when it cannot be reached at start, then serves (no crash loop)", async () => {
    // A second app on the same database, behind a proxy of its own that refuses everything.
    const target = new URL(postgresUrl);
    const closed = await startTcpProxy({ host: target.hostname, port: Number(target.port || 5432) });
    closed.cut();
    const url = new URL(closed.urlFor(postgresUrl));
    url.pathname = `/${databaseName}`;
    url.password = PASSWORD;
    let late: ServerProcess | undefined;
    try {
      // The proxy opens once the app has said it is waiting (it cannot answer before that).
      late = await startServerProcess({
        buildDir: inject("faultsBuildDir"),
        env: { DATABASE_URL: url.toString() },
        onOutput: (output) => {
          if (output.includes("Base de datos no disponible al arrancar")) closed.restore();
        },
      });
      expect(late.log()).toContain("Base de datos no disponible al arrancar");
      expect(late.log()).not.toContain(PASSWORD);
      expect((await fetch(`${late.baseURL}/cursos`, { headers: { accept: "text/html" } })).status).toBe(200);
    } finally {
      await late?.stop();
      await closed.close();
    }
  });

  it("stops cleanly on SIGINT (exit 0)", async () => {
    const { code } = await server.stop("SIGINT");
    expect(code).toBe(0);
    expect(server.log()).toContain("Servidor detenido.");
  });
});

/**
 * Stopping the real server (`node server.js` over a production build) on its embedded
 * database (PGlite in DATA_DIR) with SIGTERM, as a process manager does on a deploy:
 *
 * - it stops accepting connections at once, lets the request in flight finish (a checkout's
 *   order write), exits 0 without having to cut anything, and releases the database lock;
 * - the data dir then reopens cleanly with everything written, and the order is whole.
 *
 * The request is held in flight without timing: it is sent with `Expect: 100-continue`, so
 * the server has it (and answers 100 Continue) before its body exists; the signal comes
 * then, and the body only after the server announced that it is stopping.
 */
import fs from "node:fs";
import http from "node:http";
import os from "node:os";
import path from "node:path";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { openDatabase } from "~/server/db/client.server";
import { compraLineas, compras, cursos, inscripciones, pagos, user } from "~/server/db/schema";
import { type HttpAnswer, type TestAccount, createAccount } from "../support/accounts";
import { type ServerProcess, startServerProcess } from "../support/server-process";

const API = "/auth/michel-alvarez/v2";
const COURSE_ID = "curso-apagado";
const buildDir = inject("faultsBuildDir");

let dataDir: string;
let server: ServerProcess | undefined;

const lockFile = () => path.join(dataDir, "pglite.lock");
// A grace period no busy test machine reaches: a forced stop would mean something held it open.
const start = () => startServerProcess({ buildDir, env: { DATA_DIR: dataDir, SHUTDOWN_GRACE_MS: "60000" } });

const post = (base: string, pathname: string, body: unknown, cookie: string) =>
  fetch(`${base}${pathname}`, {
    method: "POST",
    headers: { "content-type": "application/json", origin: base, cookie },
    body: JSON.stringify(body),
  });

/**
 * A JSON POST whose headers go now and whose body goes on `send()`: `continued` resolves when
 * the server has the request (it answered 100 Continue).
 */
function heldPost(base: string, pathname: string, body: unknown, cookie: string) {
  const payload = JSON.stringify(body);
  let continued!: () => void;
  const onContinue = new Promise<void>((resolve) => (continued = resolve));
  let request!: http.ClientRequest;
  const answer = new Promise<HttpAnswer>((resolve, reject) => {
    request = http.request(
      `${base}${pathname}`,
      {
        method: "POST",
        agent: false,
        headers: {
          "content-type": "application/json",
          "content-length": String(Buffer.byteLength(payload)),
          expect: "100-continue",
          origin: base,
          cookie,
        },
      },
      (response) => {
        let text = "";
        response.setEncoding("utf8");
        response.on("data", (chunk) => (text += chunk));
        response.on("end", () =>
          resolve({ status: response.statusCode ?? 0, headers: response.headers, body: text, setCookies: [] }),
        );
      },
    );
    request.on("continue", continued);
    request.on("error", reject);
    request.flushHeaders();
  });
  return { continued: onContinue, send: () => request.end(payload), answer };
}

/** An idle keep-alive connection left open by a finished request (what browsers keep). */
function idleKeepAlive(base: string): Promise<http.Agent> {
  const agent = new http.Agent({ keepAlive: true });
  return new Promise((resolve, reject) => {
    http
      .get(`${base}/healthz`, { agent }, (response) => {
        response.resume();
        response.on("end", () => resolve(agent));
      })
      .on("error", reject);
  });
}

beforeAll(() => {
  fs.mkdirSync(".tmp", { recursive: true });
  dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "faults-pglite-"));
});

afterAll(async () => {
  await server?.stop("SIGKILL");
  fs.rmSync(dataDir, { recursive: true, force: true });
});

describe("SIGTERM on the embedded database", () => {
  let account: TestAccount;

  it("exits 0, releases the lock, and the data dir reopens with what was written", async () => {
    server = await start();
    account = await createAccount(server.baseURL);
    expect(fs.existsSync(lockFile())).toBe(true);

    const { code } = await server.stop("SIGTERM");
    expect(code).toBe(0);
    expect(fs.existsSync(lockFile())).toBe(false);

    const database = await openDatabase({ dataDir });
    try {
      const rows = await database.db.select({ email: user.email }).from(user).where(eq(user.email, account.email));
      expect(rows).toHaveLength(1);
      // The course sold in the next test.
      await database.db.insert(cursos).values({
        id: COURSE_ID,
        titulo: "Curso de labios",
        tipo: "online",
        publicado: true,
        precio: 180_000,
        descripcionSecundaria: "En línea",
      });
    } finally {
      await database.close();
    }
  });

  it("finishes the checkout in flight, refuses new connections, exits 0, and the order is whole", async () => {
    server = await start();
    const { baseURL } = server;
    const { cookie } = account;
    const started = await post(baseURL, `${API}/stripe`, { curso: COURSE_ID }, cookie);
    expect(started.status).toBe(200);
    const { clientSecret, paymentId } = (await started.json()) as { clientSecret: string; paymentId: string };
    const card = { clientSecret, numero: "4242424242424242", vencimiento: "12/34", cvc: "123", nombre: "Ana" };
    expect((await post(baseURL, `${API}/demo/pago`, card, cookie)).status).toBe(200);
    const keepAlive = await idleKeepAlive(baseURL);

    // The order's confirmation is in flight when the signal comes.
    const confirm = heldPost(baseURL, `${API}/confirmar`, { paymentId }, cookie);
    await confirm.continued;
    server.child.kill("SIGTERM");
    await server.printed("SIGTERM: cerrando");
    await expect(fetch(`${baseURL}/healthz`)).rejects.toThrow();
    confirm.send();

    const answer = await confirm.answer;
    expect(answer.status).toBe(200);
    const { compraId } = JSON.parse(answer.body) as { compraId: string };
    const { code } = await server.exited;
    keepAlive.destroy();
    expect(code).toBe(0);
    // Stopped by itself: no connection had to be cut after the grace period.
    expect(server.log()).toContain("Servidor detenido.");
    expect(server.log()).not.toContain("Solicitudes sin terminar");
    expect(fs.existsSync(lockFile())).toBe(false);

    const database = await openDatabase({ dataDir });
    try {
      const { db } = database;
      expect(await db.select({ id: compras.id }).from(compras).where(eq(compras.pagoId, paymentId))).toEqual([
        { id: compraId },
      ]);
      expect(await db.select().from(compraLineas).where(eq(compraLineas.compraId, compraId))).toHaveLength(1);
      expect(await db.select().from(inscripciones).where(eq(inscripciones.compraId, compraId))).toHaveLength(1);
      expect(await db.select({ estado: pagos.estado }).from(pagos).where(eq(pagos.id, paymentId))).toEqual([
        { estado: "pagado" },
      ]);
    } finally {
      await database.close();
    }
  });
});

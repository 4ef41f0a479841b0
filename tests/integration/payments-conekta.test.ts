// @engine: three calls at once for one cart; two carts racing for the last unit
/**
 * Conekta charges a card token from the server, so it is the provider where a double click
 * or three tabs could charge three times. On the real database, through the production HTTP
 * stack, against a local stub of the Conekta API that counts authorisations, captures and
 * cancellations: one order and one charge per cart; the `pagos` row exists before the
 * provider is called; a lost answer retried with the same Idempotency-Key authorises once;
 * a pre-authorisation whose stock is gone is cancelled, not refunded.
 */
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Database } from "~/server/db/client.server";
import { compras, pagos, productos } from "~/server/db/schema";
import { env } from "~/server/env.server";
import { createConektaProvider } from "~/server/payments/conekta.server";
import { type TestApp, startTestApp } from "../support/app";
import { checkoutCookies } from "../support/checkout";
import { type ConektaStub, startConektaStub } from "../support/conekta-stub";
import {
  makeCart,
  makeCategory,
  makeProduct,
  makeShippingBand,
  signUpUser,
  useTestDatabase,
} from "../support/fixtures";

const KEY = "key_stub_privada";
const CONEKTA = "/auth/michel-alvarez/v2/conekta";
const CARD = { token: "tok_test_visa_4242", nombre: "Ana López", correo: "ana@example.com", cel: "3312345678" };

let database: Database;
let db: Database["db"];
let stub: ConektaStub;
let app: TestApp;
let categoriaId: string;

const stockOf = async (id: string) =>
  (await db.select({ cantidad: productos.cantidad }).from(productos).where(eq(productos.id, id)))[0].cantidad;
const created = () => stub.requests.filter((r) => r.method === "POST" && r.path === "/orders");

beforeAll(async () => {
  database = await useTestDatabase({ config: { dataDir: fs.mkdtempSync(path.join(os.tmpdir(), "conekta-")) } });
  db = database.db;
  stub = await startConektaStub(KEY);
  app = await startTestApp({ payments: { conekta: createConektaProvider({ privateKey: KEY, apiUrl: stub.url }) } });
  categoriaId = (await makeCategory()).id;
  await makeShippingBand();
});

afterAll(async () => {
  await app?.close();
  await stub?.close();
  await database?.close();
  if (env.dataDir.startsWith(os.tmpdir())) fs.rmSync(env.dataDir, { recursive: true, force: true });
});

describe("Conekta: one charge per cart", () => {
  it("three concurrent calls for a one-unit cart: one order, one authorisation, one capture, stock 0", async () => {
    const unico = await makeProduct({ categoriaId, cantidad: 1, precio: 80_000 });
    const buyer = await signUpUser();
    const cookie = await checkoutCookies(buyer, await makeCart([{ productoId: unico.id, cantidad: 1 }], buyer.id));
    const before = created().length;

    const answers = await Promise.all([1, 2, 3].map(() => app.post(CONEKTA, CARD, cookie)));

    expect(answers.map((a) => a.status).sort()).toEqual([200, 409, 409]);
    const refused = answers.find((a) => a.status === 409);
    const { error } = (await (refused as Response).json()) as { error: { title: string } };
    expect(["Pago en proceso", "Carrito vacío", "Sin existencias"]).toContain(error.title);
    expect(created().length - before).toBe(1);
    const orders = await db.select().from(compras).where(eq(compras.compradorId, buyer.id));
    expect(orders).toHaveLength(1);
    expect(stub.captures).toContain(orders[0].pagoId);
    expect(stub.captures.filter((id) => id === orders[0].pagoId)).toHaveLength(1);
    expect(await stockOf(unico.id)).toBe(0);
    expect(await db.select({ estado: pagos.estado }).from(pagos).where(eq(pagos.userId, buyer.id))).toEqual([
      { estado: "pagado" },
    ]);
  });

  it("writes the pagos row (pendiente) before calling Conekta, and sends an Idempotency-Key", async () => {
    const producto = await makeProduct({ categoriaId, cantidad: 5, precio: 80_000 });
    const buyer = await signUpUser();
    const cookie = await checkoutCookies(buyer, await makeCart([{ productoId: producto.id, cantidad: 1 }], buyer.id));
    let seen: { estado: string; monto: number }[] = [];
    stub.beforeCreate = async () => {
      seen = await db
        .select({ estado: pagos.estado, monto: pagos.monto })
        .from(pagos)
        .where(eq(pagos.userId, buyer.id));
    };
    try {
      expect((await app.post(CONEKTA, CARD, cookie)).status).toBe(200);
    } finally {
      stub.beforeCreate = null;
    }
    expect(seen).toEqual([{ estado: "pendiente", monto: 80_000 + 15_000 }]);
    expect(created().at(-1)?.idempotencyKey).toMatch(/^[0-9a-f]{64}$/);
  });

  it("a lost answer is retried with the same Idempotency-Key: one authorisation, one order", async () => {
    const producto = await makeProduct({ categoriaId, cantidad: 5, precio: 80_000 });
    const buyer = await signUpUser();
    const cookie = await checkoutCookies(buyer, await makeCart([{ productoId: producto.id, cantidad: 1 }], buyer.id));
    const before = created().length;
    const ordersBefore = stub.orders.size;
    stub.loseCreateAnswers(1);

    const answer = await app.post(CONEKTA, CARD, cookie);

    expect(answer.status).toBe(200);
    const attempts = created().slice(before);
    expect(attempts).toHaveLength(2);
    expect(attempts[0].idempotencyKey).toBe(attempts[1].idempotencyKey);
    expect(stub.orders.size - ordersBefore).toBe(1);
    expect(await db.select().from(compras).where(eq(compras.compradorId, buyer.id))).toHaveLength(1);
  });

  it("two carts, one last unit: one order; the other pre-authorisation is cancelled, nothing to refund", async () => {
    const ultimo = await makeProduct({ categoriaId, cantidad: 1, precio: 80_000 });
    const buyers = await Promise.all([signUpUser(), signUpUser()]);
    const cookies = await Promise.all(
      buyers.map(async (b) => checkoutCookies(b, await makeCart([{ productoId: ultimo.id, cantidad: 1 }], b.id))),
    );
    // Both carts were priced with the unit still there: Conekta sees both before either answers.
    let arrived = 0;
    let release = () => {};
    const bothArrived = new Promise<void>((resolve) => {
      release = resolve;
    });
    stub.beforeCreate = async () => {
      if (++arrived === 2) release();
      await bothArrived;
    };
    let answers: Response[];
    try {
      answers = await Promise.all(cookies.map((cookie) => app.post(CONEKTA, CARD, cookie)));
    } finally {
      stub.beforeCreate = null;
    }

    expect(answers.map((a) => a.status).sort()).toEqual([200, 409]);
    const refused = answers.find((a) => a.status === 409);
    expect(((await (refused as Response).json()) as { error: { text: string } }).error.text).toContain(
      "No se hizo ningún cargo",
    );
    const rows = (await Promise.all(buyers.map((b) => db.select().from(pagos).where(eq(pagos.userId, b.id))))).flat();
    expect(rows.map((p) => p.estado).sort()).toEqual(["cancelado", "pagado"]);
    const cancelled = rows.find((p) => p.estado === "cancelado");
    const paid = rows.find((p) => p.estado === "pagado");
    expect(stub.cancellations).toContain(cancelled?.id);
    expect(stub.captures).not.toContain(cancelled?.id);
    expect(stub.captures).toContain(paid?.id);
    expect(await stockOf(ultimo.id)).toBe(0);
  });
});

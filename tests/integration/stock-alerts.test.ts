// @engine: twelve sales of one product at once, each in its own transaction, cross its low-stock threshold
/**
 * Low-stock alerts (issue 29 part 4, ADR 036): a product's threshold (`stock_minimo`, set in
 * its admin form); when sales take its stock from above the threshold to it or below, the
 * studio is mailed once — under concurrent sales too (the crossing is decided under the
 * product row's lock, and the mail is keyed by the crossing) — and stock given back and sold
 * down again is a new crossing, mailed again. Real database, the sale's own stock step.
 */
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Database } from "~/server/db/client.server";
import { productos } from "~/server/db/schema";
import { deliverQueuedMail } from "~/server/mail.server";
import { takeStock } from "~/server/shop/catalog.server";
import { makeCategory, makeProduct, useTestDatabase } from "../support/fixtures";
import { readOutbox } from "../support/outbox";

const STUDIO = "estudio.stock@example.com";
let database: Database;
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "stock-alerts-"));
const alerts = () => readOutbox(dataDir).filter((m) => m.to.includes(STUDIO) && m.subject.startsWith("Stock bajo"));

beforeAll(async () => {
  database = await useTestDatabase({ config: { dataDir, smtpUrl: undefined, studioInbox: STUDIO } });
  await makeCategory({ id: "pigmentos" });
  await makeProduct({
    id: "pigmento-cafe",
    categoriaId: "pigmentos",
    nombre: "Pigmento Café",
    cantidad: 15,
    stockMinimo: 5,
  });
  await makeProduct({ id: "sin-umbral", categoriaId: "pigmentos", nombre: "Aguja", cantidad: 3, stockMinimo: 0 });
});

afterAll(async () => {
  await database?.close();
  fs.rmSync(dataDir, { recursive: true, force: true });
});

const sale = (id: string, nombre: string, cantidad = 1) =>
  database.db.transaction((tx) => takeStock(tx, [{ tipo: "producto", id, nombre, cantidad }]));
const stock = async (id: string) => (await database.db.select().from(productos).where(eq(productos.id, id)))[0]!;

describe("low-stock alert", () => {
  it("twelve sales at once cross the threshold once: one mail, with what is left", async () => {
    const results = await Promise.all(Array.from({ length: 12 }, () => sale("pigmento-cafe", "Pigmento Café")));
    await deliverQueuedMail(database.db);
    expect(results.flat()).toEqual([]);
    expect((await stock("pigmento-cafe")).cantidad).toBe(3);
    expect(alerts().map((m) => m.subject)).toEqual(["Stock bajo: Pigmento Café (5)"]);
    expect((await stock("pigmento-cafe")).alertasStock).toBe(1);
  });

  it("more sales below the threshold, and a sale refused for lack of stock, mail nothing more", async () => {
    await sale("pigmento-cafe", "Pigmento Café", 2);
    expect(await sale("pigmento-cafe", "Pigmento Café", 5)).toEqual(["Pigmento Café"]);
    await deliverQueuedMail(database.db);
    expect(alerts()).toHaveLength(1);
  });

  it("restocked above it and sold down again: a new crossing, a new mail", async () => {
    await database.db.update(productos).set({ cantidad: 8 }).where(eq(productos.id, "pigmento-cafe"));
    await sale("pigmento-cafe", "Pigmento Café", 4);
    await deliverQueuedMail(database.db);
    expect(alerts().map((m) => m.subject)).toEqual(["Stock bajo: Pigmento Café (5)", "Stock bajo: Pigmento Café (4)"]);
  });

  it("a product without a threshold never alerts, even sold out", async () => {
    await sale("sin-umbral", "Aguja", 3);
    await deliverQueuedMail(database.db);
    expect(alerts().filter((m) => m.subject.includes("Aguja"))).toHaveLength(0);
  });
});

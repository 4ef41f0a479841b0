/**
 * The importer with a whole shop's worth of accounts and orders: its checks against the
 * database ask in batches (LOOKUP_BATCH), so an export naming more ids than one query may
 * carry (PostgreSQL: 65,535 parameters) imports, and a clash far down the list is still found.
 */
import { count, eq } from "drizzle-orm";
import { afterEach, describe, expect, it } from "vitest";
import type { Database } from "~/server/db/client.server";
import * as t from "~/server/db/schema";
import { ImportError, importExport } from "~/server/import/index.server";
import { LOOKUP_BATCH } from "~/server/import/validate.server";
import { useTestDatabase } from "../support/fixtures";
import { STUDENTS, studioExport } from "../support/studio-export";

const ORDERS = LOOKUP_BATCH * 2 + 500;
const PEOPLE = LOOKUP_BATCH + 300;

let database: Database | undefined;
afterEach(async () => {
  await database?.close();
  database = undefined;
});

/** The studio's export with PEOPLE more accounts and ORDERS more orders (no files to copy). */
function grownExport() {
  const data = studioExport("listas") as Record<string, Record<string, unknown>[]>;
  for (let i = 0; i < PEOPLE; i++) {
    data.usuarios!.push({ id: `uid-${i}`, nombre: `Clienta ${i}`, correo: `clienta-${i}@example.com`, terminos: true });
  }
  for (let i = 0; i < ORDERS; i++) {
    data.compras!.push({
      id: `doc-escala-${i}`,
      id_compra: `pi_escala_${i}`,
      id_comprador: i % 3 === 0 ? STUDENTS.ana.uid : `uid-${i % PEOPLE}`,
      fecha: new Date(Date.UTC(2024, 0, 1) + i * 60_000).toISOString(),
      porductos: [{ url: "", nombre: "Pigmento Café Oscuro", precio: 689, cantidad: 1 }],
      total: 689,
      estado_envio: 3,
      datos_contacto: { correo: `clienta-${i % PEOPLE}@example.com`, telefono: "3312345678" },
    });
  }
  return data;
}

describe("importing a grown shop", () => {
  it(`imports ${ORDERS} orders of ${PEOPLE} more accounts, and a second import changes nothing`, async () => {
    database = await useTestDatabase();
    const result = await importExport(database.db, grownExport());
    expect(result.counts).toMatchObject({ compras: ORDERS + 2 });
    const [orders] = await database.db.select({ n: count() }).from(t.compras);
    expect(orders!.n).toBe(ORDERS + 2);
    const [people] = await database.db.select({ n: count() }).from(t.user);
    expect(people!.n).toBe(PEOPLE + 3);
    await importExport(database.db, grownExport());
    const [again] = await database.db.select({ n: count() }).from(t.compras);
    expect(again!.n).toBe(ORDERS + 2);
  }, 120_000);

  it("finds an order of the new site far down the list and writes nothing", async () => {
    database = await useTestDatabase();
    const last = `pi_escala_${ORDERS - 1}`;
    await database.db.insert(t.user).values({ id: "cuenta-nueva", name: "Ana", email: "otra@example.com" });
    await database.db
      .insert(t.compras)
      .values({ id: last, compradorId: "cuenta-nueva", total: 100, pagoId: "pi_real", proveedor: "stripe" });
    let issues: unknown[] = [];
    try {
      await importExport(database.db, grownExport());
    } catch (error) {
      if (!(error instanceof ImportError)) throw error;
      issues = error.errors;
    }
    expect(issues).toEqual([
      {
        collection: "compras",
        id: `doc-escala-${ORDERS - 1}`,
        field: "id_compra",
        message: `"${last}" ya es una compra hecha en el sitio nuevo`,
      },
    ]);
    const [orders] = await database.db.select({ n: count() }).from(t.compras);
    expect(orders!.n).toBe(1);
    expect(await database.db.select().from(t.user).where(eq(t.user.id, "uid-0"))).toHaveLength(0);
  }, 120_000);
});

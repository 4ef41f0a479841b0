import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type Database, queryRows } from "~/server/db/client.server";
import { categorias, productos } from "~/server/db/schema";
import { createTestDatabase } from "../support/db";

describe(`migrations (${process.env.TEST_DATABASE_URL ? "PostgreSQL" : "PGlite"})`, () => {
  let database: Database;
  beforeAll(async () => {
    database = await createTestDatabase();
  });
  afterAll(() => database.close());

  it("creates every table of the schema", async () => {
    const rows = await queryRows<{ table_name: string }>(
      database.db,
      sql`select table_name from information_schema.tables where table_schema = 'public' order by table_name`,
    );
    const names = rows.map((r) => r.table_name);
    for (const table of ["users", "sessions", "productos", "compras", "compra_lineas", "visitas", "bandas_envio", "preguntas"]) {
      expect(names).toContain(table);
    }
  });

  it("refuses stock below zero", async () => {
    await database.db.insert(categorias).values({ id: "c1", nombre: "Pigmentos" });
    await database.db.insert(productos).values({ id: "p1", nombre: "Pigmento", precio: 45000, cantidad: 1, categoriaId: "c1" });
    await expect(database.db.update(productos).set({ cantidad: -1 })).rejects.toThrow();
  });
});

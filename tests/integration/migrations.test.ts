// @engine: migrations and constraints on an empty database of the server
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

describe("upgrading a database that holds two spellings of one code", () => {
  it("renames the later spelling instead of failing, then enforces one code per product ignoring case", async () => {
    const fs = await import("node:fs");
    const os = await import("node:os");
    const path = await import("node:path");
    const { migrationsFolder, openDatabase } = await import("~/server/db/client.server");
    const { promociones } = await import("~/server/db/schema");
    // A migrations folder holding only the first migration: the database as an older version left it.
    const older = fs.mkdtempSync(path.join(os.tmpdir(), "migraciones-"));
    fs.mkdirSync(path.join(older, "meta"));
    const journal = JSON.parse(fs.readFileSync(path.join(migrationsFolder, "meta", "_journal.json"), "utf8"));
    const first = journal.entries[0];
    fs.writeFileSync(path.join(older, "meta", "_journal.json"), JSON.stringify({ ...journal, entries: [first] }));
    fs.copyFileSync(path.join(migrationsFolder, `${first.tag}.sql`), path.join(older, `${first.tag}.sql`));

    const database = process.env.TEST_DATABASE_URL
      ? await createTestDatabaseWithout()
      : await openDatabase({ memory: true });
    try {
      const migrateWith = async (folder: string) => {
        if (database.kind === "pglite") {
          const { migrate } = await import("drizzle-orm/pglite/migrator");
          await migrate(database.db as never, { migrationsFolder: folder });
        } else {
          const { migrate } = await import("drizzle-orm/node-postgres/migrator");
          await migrate(database.db as never, { migrationsFolder: folder });
        }
      };
      await migrateWith(older);
      await database.db.insert(categorias).values({ id: "c1", nombre: "Pigmentos" });
      // raw SQL: the tables as that first migration made them (today's schema has columns they lack)
      await database.db.execute(
        sql`insert into productos (id, nombre, precio, cantidad, categoria_id) values ('p1', 'Pigmento', 45000, 1, 'c1')`,
      );
      await database.db.execute(
        sql`insert into promociones (id, codigo, producto_id, descuento) values ('a', 'VERANO', 'p1', 10), ('b', 'verano', 'p1', 90)`,
      );
      await migrateWith(migrationsFolder);
      const rows = await database.db.select({ id: promociones.id, codigo: promociones.codigo }).from(promociones);
      expect(rows.sort((x, y) => x.id.localeCompare(y.id))).toEqual([
        { id: "a", codigo: "VERANO" },
        { id: "b", codigo: "verano-duplicado-b" },
      ]);
      await expect(
        database.db.insert(promociones).values({ id: "c", codigo: "Verano", productoId: "p1", descuento: 5 }),
      ).rejects.toThrow();
    } finally {
      await database.close();
      fs.rmSync(older, { recursive: true, force: true });
    }
  });
});

/** An empty database on the PostgreSQL test server (no migrations applied). */
async function createTestDatabaseWithout() {
  const { createEmptyPostgresDatabase } = await import("../support/db");
  return createEmptyPostgresDatabase(process.env.TEST_DATABASE_URL as string);
}

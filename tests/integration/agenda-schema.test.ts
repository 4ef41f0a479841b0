// @engine: the overlap constraint under 50 concurrent inserts of one slot
/**
 * The database itself refuses two live appointments in overlapping times (constraint
 * `citas_sin_empalmes`, migration 0009), including under 50 concurrent attempts at one slot.
 */
import { randomBytes } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Database } from "~/server/db/client.server";
import { citas, servicios, tratamientos } from "~/server/db/schema";
import { useTestDatabase as openTestDatabase } from "../support/fixtures";

let database: Database;

beforeAll(async () => {
  database = await openTestDatabase();
  await database.db.insert(servicios).values({ id: "cejas", nombre: "Cejas" });
  await database.db
    .insert(tratamientos)
    .values({ id: "microblading", servicioId: "cejas", nombre: "Microblading", duracion: 120, precio: 350000 });
});

afterAll(async () => {
  await database.close();
});

const at = (iso: string) => new Date(iso);
const cita = (inicio: string, fin: string, ocupaHasta: string, estado = "confirmada") => ({
  id: randomBytes(8).toString("hex"),
  tratamientoId: "microblading",
  nombre: "Ana",
  telefono: "3312345678",
  correo: "ana@example.com",
  inicio: at(inicio),
  fin: at(fin),
  ocupaHasta: at(ocupaHasta),
  estado,
  precio: 350000,
  token: randomBytes(16).toString("hex"),
});

describe("citas sin empalmes", () => {
  it("refuses an overlapping live appointment and accepts one that starts when the buffer ends", async () => {
    await database.db
      .insert(citas)
      .values(cita("2026-12-01T15:00:00Z", "2026-12-01T17:00:00Z", "2026-12-01T17:15:00Z"));
    await expect(
      database.db.insert(citas).values(cita("2026-12-01T17:00:00Z", "2026-12-01T18:00:00Z", "2026-12-01T18:15:00Z")),
    ).rejects.toMatchObject({ cause: { code: "23P01" } });
    await database.db
      .insert(citas)
      .values(cita("2026-12-01T17:15:00Z", "2026-12-01T18:15:00Z", "2026-12-01T18:30:00Z"));
  });

  it("lets a cancelled or expired appointment's time be taken again", async () => {
    await database.db
      .insert(citas)
      .values(cita("2026-12-02T15:00:00Z", "2026-12-02T16:00:00Z", "2026-12-02T16:00:00Z", "cancelada"));
    await database.db
      .insert(citas)
      .values(cita("2026-12-02T15:00:00Z", "2026-12-02T16:00:00Z", "2026-12-02T16:00:00Z", "vencida"));
    await database.db
      .insert(citas)
      .values(cita("2026-12-02T15:00:00Z", "2026-12-02T16:00:00Z", "2026-12-02T16:00:00Z"));
  });

  it("takes one of 50 concurrent attempts at the same slot", async () => {
    const attempts = Array.from({ length: 50 }, () =>
      database.db
        .insert(citas)
        .values(cita("2026-12-03T15:00:00Z", "2026-12-03T16:00:00Z", "2026-12-03T16:10:00Z", "apartada")),
    );
    const results = await Promise.allSettled(attempts);
    expect(results.filter((r) => r.status === "fulfilled")).toHaveLength(1);
  });
});

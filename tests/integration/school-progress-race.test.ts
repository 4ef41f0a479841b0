// @engine: a course's last two units reported at once complete it with one mail (advisory lock per enrolment)
/**
 * Issue 31 (ADR 044): a student's two last units reported done in the same moment (two tabs,
 * a video's 90 % and the "Marcar" button) complete the course once. Without the per-enrolment
 * lock in markUnitDone each transaction counts the other's unit as not done yet, and neither
 * sends the completion mail; with it, exactly one does. Twelve students at once, so that the
 * transactions do overlap on a real server.
 */
import { inArray } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Database } from "~/server/db/client.server";
import { correos, cursos, unidades } from "~/server/db/schema";
import { enrol } from "~/server/school/enrolment.server";
import { completionKey, markUnitDone } from "~/server/school/progress.server";
import { type TestUser, signUpUser, useTestDatabase } from "../support/fixtures";

let database: Database;
const students: TestUser[] = [];

beforeAll(async () => {
  database = await useTestDatabase();
  const db = database.db;
  await db.insert(cursos).values({ id: "carrera", titulo: "Labios acuarela", tipo: "online", publicado: true });
  await db.insert(unidades).values([
    { id: "carrera-u1", cursoId: "carrera", posicion: 1, nombre: "Color" },
    { id: "carrera-u2", cursoId: "carrera", posicion: 2, nombre: "Técnica" },
  ]);
  for (let i = 0; i < 12; i++) {
    const student = await signUpUser({ name: `Rosa Díaz ${i}`, email: `rosa.carrera${i}@example.com` });
    await enrol(db, student.id, ["carrera"], null);
    students.push(student);
  }
});

afterAll(() => database?.close());

describe("the completion mail", () => {
  it("goes once to each student whose last two units are reported done in the same moment", async () => {
    await Promise.all(
      students.flatMap((student) =>
        ["carrera-u1", "carrera-u2"].map((unidad) => markUnitDone(database.db, student, "carrera", unidad, "manual")),
      ),
    );
    const keys = students.map((s) => completionKey(s.id, "carrera"));
    const mails = await database.db.select({ clave: correos.clave }).from(correos).where(inArray(correos.clave, keys));
    expect(mails.map((m) => m.clave).sort()).toEqual([...keys].sort());
  });
});

/** Reviews of products and courses on a real database (SPEC section 5). */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { messages } from "~/domain/messages";
import type { Database } from "~/server/db/client.server";
import { categorias, cursos, diplomas, productos, user } from "~/server/db/schema";
import { listReviews, submitReview } from "~/server/reviews/reviews.server";
import { createTestDatabase } from "../support/db";

let database: Database;
beforeAll(async () => {
  database = await createTestDatabase();
  const db = database.db;
  await db.insert(categorias).values({ id: "cejas", nombre: "Cejas" });
  await db.insert(productos).values({ id: "serum", nombre: "Sérum", precio: 100, categoriaId: "cejas" });
  await db.insert(cursos).values({ id: "micro", titulo: "Microblading", tipo: "online" });
  await db.insert(user).values([
    { id: "u1", name: "Ana López", email: "ana@example.com" },
    { id: "u2", name: "Berta", email: "berta@example.com" },
  ]);
});
afterAll(() => database.close());

describe("reviews", () => {
  it("refuses an empty rating or text, and a visitor without a user record", async () => {
    const db = database.db;
    const target = { productoId: "serum" };
    for (const input of [
      { calificacion: "", comentarios: "Muy bueno" },
      { calificacion: "0", comentarios: "Muy bueno" },
      { calificacion: "6", comentarios: "Muy bueno" },
      { calificacion: "4", comentarios: "   " },
      { calificacion: null, comentarios: null },
    ]) {
      expect(await submitReview(db, "u1", target, input)).toEqual({ ok: false, message: messages.reviewEmpty });
    }
    const filled = { calificacion: "5", comentarios: "Me encantó" };
    expect(await submitReview(db, null, target, filled)).toEqual({ ok: false, message: messages.reviewLoginRequired });
    expect(await submitReview(db, "borrado", target, filled)).toEqual({ ok: false, message: messages.reviewLoginRequired });
    expect((await listReviews(db, target)).count).toBe(0);
  });

  it("saves with the user's name and today's date, newest first, average rounded up", async () => {
    const db = database.db;
    const target = { productoId: "serum" };
    const before = Date.now();
    const saved = await submitReview(db, "u1", target, { calificacion: "4", comentarios: "  Buen producto  " });
    expect(saved).toMatchObject({ ok: true, review: { nombre: "Ana López", comentarios: "Buen producto", calificacion: 4 } });
    if (saved.ok) expect(new Date(saved.review.fecha).getTime()).toBeGreaterThanOrEqual(before - 1000);
    await submitReview(db, "u2", target, { calificacion: "5", comentarios: "Excelente" });

    const data = await listReviews(db, target);
    expect(data.reviews.map((r) => r.nombre)).toEqual(["Berta", "Ana López"]);
    expect(data.average).toBe(5); // (4 + 5) / 2 = 4.5 → 5
    expect(data.count).toBe(2);
  });

  it("keeps course reviews apart from product reviews", async () => {
    const db = database.db;
    // a course is reviewed by students who finished it (school-progress.test.ts): Berta holds its diploma
    await db.insert(diplomas).values({ id: "BERTA234", userId: "u2", cursoId: "micro", nombre: "Berta" });
    await submitReview(db, "u2", { cursoId: "micro" }, { calificacion: "3", comentarios: "Bien explicado" });
    const course = await listReviews(db, { cursoId: "micro" });
    expect(course.reviews.map((r) => r.comentarios)).toEqual(["Bien explicado"]);
    expect(course.average).toBe(3);
    expect((await listReviews(db, { productoId: "serum" })).count).toBe(2);
  });
});

/**
 * Progress in a course on a real database (issue 31 item 1, ADR 044): units marked and
 * unmarked, a video watched to 90 % recorded once, the percentage on "Mis cursos" and in the
 * viewer, "Continuar" across two sessions, the completion mail once, course reviews only after
 * finishing, and the instructor's view in /admin/alumnas.
 */
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { action as courseAction } from "~/routes/curso";
import { action as viewerAction, loader as viewerLoader } from "~/routes/curso-michel-alvarez";
import { loader as myCoursesLoader } from "~/routes/mis-cursos";
import { loader as adminStudentsLoader } from "~/routes/admin/alumnas";
import type { Database } from "~/server/db/client.server";
import { comentarios, correos, cursos, unidades, unidadesTerminadas, unidadVideos } from "~/server/db/schema";
import { env } from "~/server/env.server";
import { courseReviewNotFinished } from "~/server/reviews/reviews.server";
import { enrol } from "~/server/school/enrolment.server";
import { completionKey } from "~/server/school/progress.server";
import { callAction, callLoader } from "../support/actions";
import { type TestUser, signUpUser, useTestDatabase } from "../support/fixtures";

let database: Database;
let ana: TestUser;
let bea: TestUser;
let admin: TestUser;

beforeAll(async () => {
  database = await useTestDatabase({ config: { dataDir: fs.mkdtempSync(path.join(os.tmpdir(), "progress-")) } });
  const db = database.db;
  await db.insert(cursos).values([
    { id: "cejas", titulo: "Cejas Pelo a Pelo", tipo: "online", publicado: true, examen: true, precio: 250000 },
    { id: "labios", titulo: "Labios Acuarela", tipo: "online", publicado: true, examen: false, precio: 150000 },
  ]);
  await db.insert(unidades).values([
    { id: "c-u1", cursoId: "cejas", posicion: 1, nombre: "Bienvenida" },
    { id: "c-u2", cursoId: "cejas", posicion: 2, nombre: "Trazos" },
    { id: "c-u3", cursoId: "cejas", posicion: 3, nombre: "Lectura sin video" },
    { id: "l-u1", cursoId: "labios", posicion: 1, nombre: "Color" },
  ]);
  await db.insert(unidadVideos).values([
    { id: 201, unidadId: "c-u1", titulo: "Hola", video: "private:videos/a.webm" },
    { id: 202, unidadId: "c-u2", titulo: "Trazo", video: "private:videos/b.webm" },
    { id: 203, unidadId: "l-u1", titulo: "Color", video: "private:videos/c.webm" },
  ]);
  // engine-neutral: three sign-ups, nothing shared
  [ana, bea, admin] = await Promise.all([
    signUpUser({ name: "Ana Ruiz", email: "ana.ruiz@example.com" }),
    signUpUser({ name: "Bea Soto", email: "bea.soto@example.com" }),
    signUpUser({ name: "Michel", email: "michel@example.com", role: "admin" }),
  ]);
  await enrol(db, ana.id, ["cejas"], null);
  await enrol(db, bea.id, ["labios"], null);
});

afterAll(async () => {
  await database?.close();
  fs.rmSync(env.dataDir, { recursive: true, force: true });
});

const post = (who: TestUser, curso: string, fields: Record<string, string>) =>
  callAction(viewerAction, `/curso-michel-alvarez/${curso}`, fields, { cookie: who.cookie, params: { id: curso } });

type MyCourses = {
  cursos: {
    id: string;
    continuar: string;
    progreso: { porcentaje: number; hechas: number; total: number; empezado: boolean };
  }[];
};
const myCourses = async (cookie: string) =>
  (await callLoader(myCoursesLoader, "/mis-cursos", { cookie })).body as unknown as MyCourses;

const doneRows = (userId: string) =>
  database.db.select().from(unidadesTerminadas).where(eq(unidadesTerminadas.userId, userId));

const completionMails = (userId: string, cursoId: string) =>
  database.db
    .select({ para: correos.para, asunto: correos.asunto, texto: correos.texto })
    .from(correos)
    .where(eq(correos.clave, completionKey(userId, cursoId)));

describe("progress in a course", () => {
  it("marks a unit done and undoes it; a video report is recorded once; bad posts change nothing", async () => {
    expect((await post(ana, "cejas", { intent: "marcar", unidad: "c-u3" })).body).toMatchObject({
      ok: true,
      porcentaje: 33,
    });
    expect((await post(ana, "cejas", { intent: "desmarcar", unidad: "c-u3" })).body).toMatchObject({
      ok: true,
      porcentaje: 0,
    });
    expect(await doneRows(ana.id)).toHaveLength(0);

    for (let i = 0; i < 2; i++) {
      const answer = await post(ana, "cejas", { intent: "visto", video: "201" });
      expect([answer.status, answer.body.porcentaje]).toEqual([200, 33]);
    }
    const rows = await doneRows(ana.id);
    expect(rows.map((r) => [r.unidadId, r.como])).toEqual([["c-u1", "video"]]);
    // marking a unit already watched keeps how and when it was done
    await post(ana, "cejas", { intent: "marcar", unidad: "c-u1" });
    expect((await doneRows(ana.id))[0]).toEqual(rows[0]);

    // a video or unit of another course, an unknown intent, a malformed id: refused, nothing written
    expect((await post(ana, "cejas", { intent: "visto", video: "203" })).status).toBe(404);
    expect((await post(ana, "cejas", { intent: "marcar", unidad: "l-u1" })).status).toBe(404);
    expect((await post(ana, "cejas", { intent: "visto", video: "x".repeat(20) })).status).toBe(400);
    expect((await post(ana, "cejas", { intent: "marcar", unidad: "u".repeat(500) })).status).toBe(400);
    const unknown = await post(ana, "cejas", { intent: "borrar-todo" });
    expect(unknown.status).toBe(400);
    expect(String((unknown.body.message as { text: string }).text)).toMatch(/solicitud/i);
    expect(await doneRows(ana.id)).toHaveLength(1);
  });

  it("refuses a student marking a unit of a course she is not enrolled in (404), and a visitor", async () => {
    const answer = await post(bea, "cejas", { intent: "marcar", unidad: "c-u2" });
    expect(answer.status).toBe(404);
    expect((await post(bea, "cejas", { intent: "visto", video: "202" })).status).toBe(404);
    expect(await doneRows(bea.id)).toHaveLength(0);
    const visitor = await callAction(
      viewerAction,
      "/curso-michel-alvarez/cejas",
      { intent: "marcar", unidad: "c-u2" },
      { params: { id: "cejas" } },
    );
    expect([visitor.status, visitor.headers.get("Location")]).toEqual([302, "/"]);
  });

  it("shows the percentage and the checks in the viewer and on Mis cursos, and resumes on another session", async () => {
    const viewer = await callLoader(viewerLoader, "/curso-michel-alvarez/cejas", {
      cookie: ana.cookie,
      params: { id: "cejas" },
    });
    expect(viewer.body.progreso).toEqual({ porcentaje: 33, hechas: 1, total: 3, terminadas: ["c-u1"] });
    // she was on unit 1 (the viewer remembered it) and finished it: "Continuar" opens unit 2
    const mine = await myCourses(ana.cookie);
    expect(mine.cursos[0]).toMatchObject({
      id: "cejas",
      continuar: "/curso-michel-alvarez/cejas?unidad=c-u2",
      progreso: { porcentaje: 33, hechas: 1, total: 3, empezado: true },
    });

    // a second log-in (another device) sees the same: the place is kept on the server
    const { getAuth } = await import("~/server/auth.server");
    const { headers } = await getAuth().api.signInEmail({
      body: { email: ana.email, password: ana.password },
      returnHeaders: true,
    });
    const phone = (headers.get("set-cookie") ?? "").split(";")[0];
    expect(phone).not.toBe(ana.cookie);
    await callLoader(viewerLoader, "/curso-michel-alvarez/cejas?unidad=c-u2", {
      cookie: phone,
      params: { id: "cejas" },
    });
    // on the first device, opening the course without a unit goes where the phone left off
    const back = await callLoader(viewerLoader, "/curso-michel-alvarez/cejas", {
      cookie: ana.cookie,
      params: { id: "cejas" },
    });
    expect((back.body.actual as { id: string }).id).toBe("c-u2");
    expect((await myCourses(ana.cookie)).cursos[0].continuar).toBe("/curso-michel-alvarez/cejas");
    // Bea has not started: her course opens at its first unit
    expect((await myCourses(bea.cookie)).cursos[0]).toMatchObject({
      continuar: "/curso-michel-alvarez/labios",
      progreso: { porcentaje: 0, empezado: false },
    });
  });

  it("refuses a course review before finishing and accepts it after; the completion mail goes once", async () => {
    const review = { intent: "review", calificacion: "5", comentarios: "¡Me encantó el curso!" };
    const early = await callAction(courseAction, "/cursos/cejas", review, {
      cookie: ana.cookie,
      params: { id: "cejas" },
    });
    expect(early.status).toBe(403);
    expect(early.body).toEqual({ ok: false, message: courseReviewNotFinished });
    expect(await database.db.select().from(comentarios)).toHaveLength(0);

    await post(ana, "cejas", { intent: "visto", video: "202" });
    expect(await completionMails(ana.id, "cejas")).toHaveLength(0);
    const last = await post(ana, "cejas", { intent: "marcar", unidad: "c-u3" });
    expect(last.body).toMatchObject({ ok: true, porcentaje: 100, completado: true });
    const mails = await completionMails(ana.id, "cejas");
    expect(mails).toHaveLength(1);
    expect(mails[0].para).toBe(ana.email);
    expect(mails[0].asunto).toContain("Cejas Pelo a Pelo");
    expect(mails[0].texto).toContain("/examen-michel-alvare/cejas");

    // undone and done again: still one mail
    await post(ana, "cejas", { intent: "desmarcar", unidad: "c-u3" });
    expect((await post(ana, "cejas", { intent: "marcar", unidad: "c-u3" })).body).toMatchObject({ completado: true });
    expect(await completionMails(ana.id, "cejas")).toHaveLength(1);

    // a course without exam: the mail points to its last unit, where the diploma is
    await post(bea, "labios", { intent: "visto", video: "203" });
    const [labios] = await completionMails(bea.id, "labios");
    expect(labios.texto).toContain("Descargar mi diploma: ");
    expect(labios.texto).toContain("/curso-michel-alvarez/labios?unidad=l-u1");

    const after = await callAction(courseAction, "/cursos/cejas", review, {
      cookie: ana.cookie,
      params: { id: "cejas" },
    });
    expect(after.status).toBe(200);
    const saved = await database.db
      .select()
      .from(comentarios)
      .where(and(eq(comentarios.userId, ana.id), eq(comentarios.cursoId, "cejas")));
    expect(saved.map((r) => r.comentarios)).toEqual(["¡Me encantó el curso!"]);
  });

  it("shows the instructor each student's progress and last advance in /admin/alumnas", async () => {
    await enrol(database.db, ana.id, ["labios"], null);
    const list = await callLoader(adminStudentsLoader, "/admin/alumnas", { cookie: admin.cookie });
    const items = list.body.items as { id: string; detail: string }[];
    const detail = (userId: string, curso: string) => items.find((i) => i.id === `${userId}/${curso}`)?.detail;
    expect(detail(ana.id, "cejas")).toMatch(/ · 100 % terminado · último avance el \d+ de \w+ de \d{4}$/);
    expect(detail(bea.id, "labios")).toMatch(/ · 100 % terminado · último avance el /);
    expect(detail(ana.id, "labios")).toMatch(/ · 0 % terminado$/);
  });
});

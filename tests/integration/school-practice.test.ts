/**
 * Practice work reviewed by the instructor (issue 31 item 2, ADR 045) on a real database and
 * real private storage, through the real route loaders and actions: the diploma waits for the
 * configured approved practices (exam first or practices first), a 'Repetir' does not count,
 * the photos are private, bad files are refused with nothing stored, the verdict mails once.
 */
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { and, eq, like } from "drizzle-orm";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { action as adminReviewAction, loader as adminReviewLoader } from "~/routes/admin/practica";
import { loader as adminListLoader } from "~/routes/admin/practicas";
import { loader as certificateLoader } from "~/routes/curso-certificado";
import { action as viewerAction, loader as viewerLoader } from "~/routes/curso-michel-alvarez";
import { loader as photoLoader } from "~/routes/curso-practica-foto";
import { action as examAction, loader as examLoader } from "~/routes/examen-michel-alvare";
import { answerField } from "~/domain/exam-form";
import type { Database } from "~/server/db/client.server";
import { correos, cursos, diplomas, practicaEntregas, practicaFotos, preguntas, unidades } from "~/server/db/schema";
import { env } from "~/server/env.server";
import { editAction } from "~/server/admin/sections.server";
import { enrol } from "~/server/school/enrolment.server";
import { PRACTICE_ERRORS, practiceMissingText, practiceUploadLimit } from "~/server/school/practice.server";
import { signUpUser, useTestDatabase } from "../support/fixtures";

type Who = { id: string; cookie: string; name: string };

let database: Database;
let admin: Who;
let ana: Who; // exam first
let bea: Who; // practices first
let eva: Who; // another student of the course

const site = "http://localhost:3000";
const headers = (who?: Who): Record<string, string> => (who ? { cookie: who.cookie, origin: site } : { origin: site });
const get = (pathname: string, who?: Who) => new Request(`${site}${pathname}`, { headers: headers(who) });
const post = (pathname: string, form: FormData, who?: Who) =>
  new Request(`${site}${pathname}`, { method: "POST", body: form, headers: headers(who) });
const args = <P>(request: Request, params: P) => ({ request, params, context: {} }) as never;

/** What an action answered: its data and status (data() or a plain object). */
function answer<T>(value: unknown): { body: T; status: number } {
  const v = value as { type?: string; data?: T; init?: { status?: number } };
  return v?.type === "DataWithResponseInit"
    ? { body: v.data as T, status: v.init?.status ?? 200 }
    : { body: value as T, status: 200 };
}

const QUESTIONS = Array.from({ length: 6 }, (_, i) => ({
  id: `pq${i + 1}`,
  cursoId: "practica",
  posicion: i,
  pregunta: `¿Pregunta ${i + 1}?`,
  respuesta1: `A${i + 1}`,
  respuesta2: `B${i + 1}`,
  respuesta3: `C${i + 1}`,
  respuestaCorrecta: 2,
}));

let jpeg: Buffer;
const photoForm = (unidad: string, files: Blob[], nota = "Práctica en látex") => {
  const form = new FormData();
  form.set("unidad", unidad);
  form.set("nota", nota);
  for (const [i, file] of files.entries()) form.append("fotos", file, `foto-${i + 1}.jpg`);
  return form;
};
const jpegBlob = () => new Blob([new Uint8Array(jpeg)], { type: "image/jpeg" });

async function sendPractice(who: Who, unidad: string, files: Blob[] = [jpegBlob(), jpegBlob()], nota?: string) {
  return answer<{ practica: { ok: boolean; error?: string } }>(
    await viewerAction(
      args(post("/curso-michel-alvarez/practica?practica=1", photoForm(unidad, files, nota), who), { id: "practica" }),
    ),
  );
}

async function latestSubmission(who: Who, unidad: string) {
  const rows = await database.db
    .select()
    .from(practicaEntregas)
    .where(and(eq(practicaEntregas.userId, who.id), eq(practicaEntregas.unidadId, unidad)))
    .orderBy(practicaEntregas.id);
  return rows.at(-1)!;
}

async function review(id: number, veredicto: string, comentario = "") {
  const form = new FormData();
  form.set("veredicto", veredicto);
  form.set("comentario", comentario);
  return answer<{ notice?: string; alert?: { text: string } }>(
    await adminReviewAction(args(post(`/admin/practicas/${id}`, form, admin), { id: String(id) })),
  );
}

async function passExam(who: Who) {
  const { examen } = await examLoader(args(get("/examen-michel-alvare/practica", who), { id: "practica" }));
  const form = new FormData();
  form.set("intento", examen.intento);
  for (const q of examen.preguntas) {
    const n = Number(q.id.slice(2));
    form.set(answerField(q.id), q.opciones.find((o) => o.texto === `B${n}`)!.id);
  }
  return answer<{ ok: boolean; diploma: string | null; practica: string | null }>(
    await examAction(args(post("/examen-michel-alvare/practica", form, who), { id: "practica" })),
  ).body;
}

const diplomaOf = async (who: Who) =>
  (
    await database.db
      .select()
      .from(diplomas)
      .where(and(eq(diplomas.userId, who.id), eq(diplomas.cursoId, "practica")))
  )[0];

const storedPhotos = () => {
  const dir = path.join(env.dataDir, "private", "practicas");
  return fs.existsSync(dir) ? fs.readdirSync(dir, { recursive: true }).filter((f) => String(f).endsWith(".webp")) : [];
};

beforeAll(async () => {
  database = await useTestDatabase({ config: { dataDir: fs.mkdtempSync(path.join(os.tmpdir(), "practica-")) } });
  jpeg = await sharp({ create: { width: 64, height: 48, channels: 3, background: { r: 200, g: 120, b: 100 } } })
    .jpeg()
    .toBuffer();
  const db = database.db;
  await db
    .insert(cursos)
    .values({ id: "practica", titulo: "Microblading", tipo: "online", publicado: true, examen: true });
  await db.insert(unidades).values([
    {
      id: "u1",
      cursoId: "practica",
      posicion: 1,
      nombre: "Trazos",
      practicasRequeridas: 1,
      practicaInstruccion: "Sube 3 fotos de tu práctica en látex",
    },
    { id: "u2", cursoId: "practica", posicion: 2, nombre: "Relleno", practicasRequeridas: 1 },
    { id: "u3", cursoId: "practica", posicion: 3, nombre: "Cierre" },
  ]);
  await db.insert(preguntas).values(QUESTIONS);
  admin = await signUpUser({ name: "Michel", email: "michel@example.com", role: "admin" });
  ana = await signUpUser({ name: "Ana Ruiz", email: "ana@example.com" });
  bea = await signUpUser({ name: "Bea Soto", email: "bea@example.com" });
  eva = await signUpUser({ name: "Eva Luna", email: "eva@example.com" });
  for (const who of [ana, bea, eva]) await enrol(db, who.id, ["practica"], null);
});

afterAll(async () => {
  await database?.close();
  fs.rmSync(env.dataDir, { recursive: true, force: true });
});

describe("practice submissions", () => {
  it("refuses a non-image and an oversize photo with a Spanish error, storing nothing", async () => {
    const text = new Blob([new TextEncoder().encode("esto no es una foto, es un texto cualquiera")], {
      type: "image/jpeg",
    });
    const notImage = await sendPractice(eva, "u1", [text]);
    expect(notImage.status).toBe(415);
    expect(notImage.body.practica.error).toBe(PRACTICE_ERRORS.notImage);

    const big = Buffer.alloc(21 * 1024 * 1024, 7);
    jpeg.copy(big, 0, 0, 16);
    const oversize = await sendPractice(eva, "u1", [jpegBlob(), new Blob([new Uint8Array(big)])]);
    expect(oversize.status).toBe(413);
    expect(oversize.body.practica.error).toBe("La imagen pasa de 20 MB.");

    const tooMany = await sendPractice(eva, "u1", Array.from({ length: 7 }, jpegBlob));
    expect(tooMany.status).toBe(400);
    const longNote = await sendPractice(eva, "u1", [jpegBlob()], "x".repeat(501));
    expect(longNote.body.practica.error).toBe(PRACTICE_ERRORS.tooLong);
    const noPractice = await sendPractice(eva, "u3");
    expect(noPractice.body.practica.error).toBe(PRACTICE_ERRORS.unit);

    expect(await database.db.select().from(practicaEntregas)).toHaveLength(0);
    expect(storedPhotos()).toHaveLength(0);
  });

  it("lets past 1 MB only a multipart POST of an enrolled student to her course's viewer", async () => {
    const stranger = await signUpUser({ name: "Sin Curso", email: "sincurso@example.com" });
    const multipart = (who?: Who) => post("/curso-michel-alvarez/practica?practica=1", photoForm("u1", [jpegBlob()]), who);
    expect(await practiceUploadLimit("/curso-michel-alvarez/practica.data", multipart(eva))).toBeGreaterThan(
      100 * 1024 * 1024,
    );
    expect(await practiceUploadLimit("/curso-michel-alvarez/practica", multipart(stranger))).toBeNull();
    expect(await practiceUploadLimit("/curso-michel-alvarez/practica", multipart())).toBeNull();
    expect(await practiceUploadLimit("/curso-michel-alvarez/otro", multipart(eva))).toBeNull();
    expect(
      await practiceUploadLimit("/curso-michel-alvarez/practica", get("/curso-michel-alvarez/practica", eva)),
    ).toBeNull();
  });

  it("keeps the photos private: the student and the admin see them, another student and a visitor get 404", async () => {
    const sent = await sendPractice(eva, "u1");
    expect(sent.body.practica.ok).toBe(true);
    const [foto] = await database.db.select().from(practicaFotos);
    expect(foto.ref).toMatch(/^private:practicas\//);
    const url = `/curso-michel-alvarez/practica/practicas/${foto.id}`;
    const as = (who?: Who) =>
      photoLoader(args(get(url, who), { id: "practica", foto: String(foto.id) })) as Promise<Response>;
    for (const who of [eva, admin]) {
      const response = await as(who);
      expect(response.status).toBe(200);
      expect(response.headers.get("content-type")).toBe("image/webp");
      expect(response.headers.get("cache-control")).toBe("private, no-store");
    }
    for (const who of [bea, undefined]) expect((await as(who)).status).toBe(404);
    // the right photo id under another course's path is a 404 too
    const other = (await photoLoader(args(get(url, eva), { id: "otro", foto: String(foto.id) }))) as Response;
    expect(other.status).toBe(404);
    // a second one while the first waits is refused
    expect((await sendPractice(eva, "u1")).body.practica.error).toBe(PRACTICE_ERRORS.pending);
  });
});

describe("the diploma waits for the approved practices", () => {
  it("exam first: refused until every unit's practice is approved, a 'Repetir' does not count, issued on the last approval", async () => {
    const exam = await passExam(ana);
    expect(exam).toMatchObject({ ok: true, diploma: null, practica: practiceMissingText(2) });
    expect(practiceMissingText(2)).toBe("Te faltan 2 prácticas aprobadas para obtener tu diploma.");
    const refused = (await certificateLoader(
      args(get("/curso-michel-alvarez/practica/certificado", ana), { id: "practica" }),
    ).catch((e: unknown) => e)) as Response;
    expect(refused.status).toBe(403);
    expect(await refused.text()).toBe(practiceMissingText(2));

    await sendPractice(ana, "u1");
    expect((await review((await latestSubmission(ana, "u1")).id, "aprobada", "¡Muy bien!")).status).toBe(200);
    await sendPractice(ana, "u2");
    const repetir = await review((await latestSubmission(ana, "u2")).id, "repetir", "Cuida la presión del trazo.");
    expect(repetir.status).toBe(200);
    expect(await diplomaOf(ana)).toBeUndefined();

    // the unit shows the verdict and lets her send again
    const unit = (await viewerLoader(
      args(get("/curso-michel-alvarez/practica?unidad=u2", ana), { id: "practica" }),
    )) as {
      practica: { puedeEnviar: boolean; entregas: { estado: string; comentario: string }[] };
    };
    expect(unit.practica.entregas[0]).toMatchObject({ estado: "repetir", comentario: "Cuida la presión del trazo." });
    expect(unit.practica.puedeEnviar).toBe(true);

    await sendPractice(ana, "u2");
    const approved = await review((await latestSubmission(ana, "u2")).id, "aprobada");
    expect(approved.body.notice).toContain("diploma");
    expect(await diplomaOf(ana)).toMatchObject({ nombre: "Ana Ruiz" });
    const pdf = (await certificateLoader(
      args(get("/curso-michel-alvarez/practica/certificado", ana), { id: "practica" }),
    )) as Response;
    expect(pdf.status).toBe(200);
  });

  it("practices first: approvals alone issue nothing, the perfect exam then issues it", async () => {
    for (const unidad of ["u1", "u2"]) {
      await sendPractice(bea, unidad);
      await review((await latestSubmission(bea, unidad)).id, "aprobada");
    }
    expect(await diplomaOf(bea)).toBeUndefined();
    const exam = await passExam(bea);
    expect(exam.ok).toBe(true);
    expect(exam.diploma).toBe((await diplomaOf(bea))?.id);
    expect(exam.practica).toBeNull();
  });

  it("queues the verdict's mail once: a second review is refused and queues nothing", async () => {
    const entrega = await latestSubmission(eva, "u1");
    expect((await review(entrega.id, "repetir")).body.alert?.text).toBe("Escribe a la alumna qué debe repetir.");
    expect((await review(entrega.id, "aprobada", "Bien hecho")).status).toBe(200);
    const again = await review(entrega.id, "repetir", "Otra vez");
    expect(again.status).toBe(409);
    const mails = await database.db
      .select()
      .from(correos)
      .where(like(correos.clave, `practica-veredicto:${entrega.id}`));
    expect(mails).toHaveLength(1);
    expect(mails[0]).toMatchObject({ para: "eva@example.com" });
    expect(mails[0].texto).toContain("Bien hecho");
    const [row] = await database.db.select().from(practicaEntregas).where(eq(practicaEntregas.id, entrega.id));
    expect(row.estado).toBe("aprobada");
  });

  it("lists pending submissions first for the admin, and is a 404 for a student", async () => {
    await sendPractice(eva, "u2");
    const { entregas } = (await adminListLoader(args(get("/admin/practicas", admin), {}))) as {
      entregas: { estado: string }[];
    };
    expect(entregas[0].estado).toBe("pendiente");
    expect(entregas.slice(1).every((e) => e.estado !== "pendiente")).toBe(true);
    const denied = await adminListLoader(args(get("/admin/practicas", eva), {})).catch((e: unknown) => e);
    expect((denied as { init?: { status?: number } }).init?.status).toBe(404);
    const unknown = await adminReviewLoader(args(get("/admin/practicas/nuevo", admin), { id: "nuevo" })).catch(
      (e: unknown) => e,
    );
    expect((unknown as { init?: { status?: number } }).init?.status).toBe(404);
  });

  it("saves a unit's required practices and instruction from the admin unit editor, within limits", async () => {
    const save = async (practicasRequeridas: string) => {
      const form = new FormData();
      form.set("intent", "guardar");
      form.set("cursoId", "practica");
      form.set("nombre", "Cierre");
      form.set("posicion", "3");
      form.set("practicasRequeridas", practicasRequeridas);
      form.set("practicaInstruccion", "Sube 2 fotos del cierre");
      return answer<{ errors?: Record<string, string> }>(
        await editAction(post("/admin/unidades/u3", form, admin), "u3").catch((e: unknown) => e),
      );
    };
    const refused = await save("21");
    expect(refused.status).toBe(400);
    expect(refused.body.errors?.practicasRequeridas).toBe("Debe ser 20 o menos.");
    await save("2");
    const [u3] = await database.db.select().from(unidades).where(eq(unidades.id, "u3"));
    expect(u3).toMatchObject({ practicasRequeridas: 2, practicaInstruccion: "Sube 2 fotos del cierre" });
  });
});

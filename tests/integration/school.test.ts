/**
 * The online school on a real database: enrolment guards on the viewer, the exam, the
 * diploma and the video stream; the exam paper never carries the answers; grading and
 * attempts; the diploma only once earned.
 */
import fs from "node:fs";
import type { AddressInfo } from "node:net";
import os from "node:os";
import path from "node:path";
import { and, eq } from "drizzle-orm";
import express from "express";
import { PDFDocument } from "pdf-lib";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startS3Stub } from "../support/s3-stub";
import { action as examAction, loader as examLoader } from "~/routes/examen-michel-alvare";
import { loader as certificateLoader } from "~/routes/curso-certificado";
import { loader as viewerLoader } from "~/routes/curso-michel-alvarez";
import { loader as myCoursesLoader } from "~/routes/mis-cursos";
import { s3Storage } from "~/server/storage/s3.server";
import { messages } from "~/domain/messages";
import type { CourseSettings } from "~/config/courses";
import { buyCourse, coursePerks, enrol, enrolPurchase, requireCourseCheckout } from "~/server/school/enrolment.server";
import { serveCourseVideo } from "~/server/http/course-video.server";
import type { Database } from "~/server/db/client.server";
import {
  compraLineas,
  compras,
  cursos,
  diplomas,
  examenIntentos,
  inscripciones,
  preguntas,
  unidades,
  unidadVideos,
  user,
} from "~/server/db/schema";
import { DIPLOMA_FILENAME } from "~/server/school/diploma.server";
import { DIPLOMA_PAGE } from "~/server/school/diploma-pdf.server";
import { env } from "~/server/env.server";
import { EXAM_ERRORS, type ExamPaper } from "~/server/school/exam.server";
import { answerField } from "~/domain/exam-form";
import { configure, signUpUser, useTestDatabase } from "../support/fixtures";

let database: Database;
let videoBase: string;
let closeVideoServer: () => void;
const VIDEO_BYTES = Buffer.from(Array.from({ length: 4096 }, (_, i) => i % 251));

type Student = { id: string; cookie: string; name: string };

const site = "http://localhost:3000";
const get = (pathname: string, student?: Student) =>
  new Request(`${site}${pathname}`, { headers: student ? { cookie: student.cookie } : {} });
const post = (pathname: string, form: FormData, student: Student) =>
  new Request(`${site}${pathname}`, { method: "POST", body: form, headers: { cookie: student.cookie, origin: site } });
// React Router hands loaders more than these; ours read request and params only.
const args = <P>(request: Request, params: P) => ({ request, params, context: {} }) as never;

async function thrown(promise: Promise<unknown>): Promise<Response> {
  const error = await promise.then(
    () => null,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(Response);
  return error as Response;
}

async function expectRedirectHome(promise: Promise<unknown>) {
  const response = await thrown(promise);
  expect(response.status).toBe(302);
  expect(response.headers.get("Location")).toBe("/");
}

// Course "examen": 3 units, 7 questions (the 7th never asked); course "libre": 2 units, no exam.
const QUESTIONS = Array.from({ length: 7 }, (_, i) => ({
  id: `p${i + 1}`,
  cursoId: "examen",
  // stored out of order on purpose: the exam takes the first 6 by posicion
  posicion: [3, 1, 2, 6, 5, 4, 7][i],
  pregunta: `¿Pregunta ${i + 1}?`,
  respuesta1: `Respuesta A${i + 1}`,
  respuesta2: `Respuesta B${i + 1}`,
  respuesta3: `Respuesta C${i + 1}`,
  respuestaCorrecta: (i % 3) + 1,
}));
const correctText = (q: (typeof QUESTIONS)[number]) =>
  [q.respuesta1, q.respuesta2, q.respuesta3][q.respuestaCorrecta - 1];

beforeAll(async () => {
  database = await useTestDatabase({ config: { dataDir: fs.mkdtempSync(path.join(os.tmpdir(), "school-")) } });
  fs.mkdirSync(path.join(env.dataDir, "private", "videos"), { recursive: true });
  fs.writeFileSync(path.join(env.dataDir, "private", "videos", "clase.webm"), VIDEO_BYTES);
  const db = database.db;
  await db.insert(cursos).values([
    { id: "examen", titulo: "Microblading Profesional", tipo: "online", publicado: true, examen: true, precio: 350000 },
    { id: "libre", titulo: "Diseño de Cejas", tipo: "online", publicado: true, examen: false, precio: 150000 },
  ]);
  await db.insert(unidades).values([
    { id: "e-u2", cursoId: "examen", posicion: 2, nombre: "Técnica" },
    { id: "e-u1", cursoId: "examen", posicion: 1, nombre: "Introducción" },
    { id: "e-u3", cursoId: "examen", posicion: 3, nombre: "Práctica" },
    { id: "l-u1", cursoId: "libre", posicion: 1, nombre: "Visagismo" },
    { id: "l-u2", cursoId: "libre", posicion: 2, nombre: "Diseño final" },
  ]);
  await db.insert(unidadVideos).values([
    { id: 101, unidadId: "e-u1", titulo: "Bienvenida", video: "private:videos/clase.webm", poster: "/media/p.jpg" },
    { id: 102, unidadId: "e-u2", titulo: "Trazos", video: "private:videos/clase.webm" },
    { id: 103, unidadId: "l-u1", titulo: "Proporciones", video: "private:videos/no-existe.webm" },
  ]);
  await db.insert(preguntas).values(QUESTIONS);

  const app = express();
  app.get("/curso-video/:videoId", serveCourseVideo);
  const server = app.listen(0, "127.0.0.1");
  await new Promise((r) => server.once("listening", r));
  videoBase = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  closeVideoServer = () => server.close();
});

afterAll(async () => {
  closeVideoServer?.();
  await database?.close();
  fs.rmSync(env.dataDir, { recursive: true, force: true });
});

describe("enrolment guards", () => {
  let stranger: Student;
  beforeAll(async () => {
    stranger = await signUpUser({ name: "Ana Extraña", email: "ana@example.com" });
  });

  it("sends visitors and students who do not own the course home from the viewer, the exam and the diploma", async () => {
    for (const who of [undefined, stranger]) {
      await expectRedirectHome(viewerLoader(args(get("/curso-michel-alvarez/examen", who), { id: "examen" })));
      await expectRedirectHome(examLoader(args(get("/examen-michel-alvare/examen", who), { id: "examen" })));
      await expectRedirectHome(
        certificateLoader(args(get("/curso-michel-alvarez/examen/certificado", who), { id: "examen" })),
      );
    }
    await expectRedirectHome(myCoursesLoader(args(get("/mis-cursos"), {})));
    // an answer sheet posted by a stranger is not graded and leaves no attempt
    const form = new FormData();
    form.set("intento", "AAAAAAAAAAAAAAAA");
    await expectRedirectHome(examAction(args(post("/examen-michel-alvare/examen", form, stranger), { id: "examen" })));
    expect(await database.db.select().from(examenIntentos)).toHaveLength(0);
    // and an unknown course id is the same silent redirect
    await expectRedirectHome(viewerLoader(args(get("/curso-michel-alvarez/nada", stranger), { id: "nada" })));
  });

  it("refuses the video stream to visitors (403) and to students of other courses (404)", async () => {
    const anonymous = await fetch(`${videoBase}/curso-video/101`);
    expect(anonymous.status).toBe(403);
    const other = await fetch(`${videoBase}/curso-video/101`, { headers: { cookie: stranger.cookie } });
    expect(other.status).toBe(404);
    expect(await other.text()).not.toContain("clase");
  });

  it("shows 'No tienes cursos registrados' data: an empty list for a student without courses", async () => {
    const data = (await myCoursesLoader(args(get("/mis-cursos", stranger), {}))) as { cursos: unknown[] };
    expect(data.cursos).toEqual([]);
  });
});

describe("an enrolled student", () => {
  let student: Student;
  beforeAll(async () => {
    student = await signUpUser({ name: "María José Núñez", email: "maria@example.com" });
    expect(await enrol(database.db, student.id, ["examen", "libre"], null)).toEqual(["examen", "libre"]);
    // enrolling again adds nothing
    expect(await enrol(database.db, student.id, ["examen"], null)).toEqual([]);
  });

  it("lists her courses in /mis-cursos", async () => {
    const data = (await myCoursesLoader(args(get("/mis-cursos", student), {}))) as { cursos: { id: string }[] };
    expect(data.cursos.map((c) => c.id).sort()).toEqual(["examen", "libre"]);
  });

  it("sees units by posicion, with protected video URLs only, and the last unit opened is remembered", async () => {
    type Viewer = Awaited<ReturnType<typeof viewerLoader>>;
    const first = (await viewerLoader(args(get("/curso-michel-alvarez/examen", student), { id: "examen" }))) as Viewer;
    expect(first.unidades.map((u) => u.id)).toEqual(["e-u1", "e-u2", "e-u3"]);
    expect(first.actual?.id).toBe("e-u1");
    expect(first.siguiente).toBe("e-u2");
    expect(first.actual?.videos[0]).toMatchObject({ src: "/curso-video/101", poster: "/media/p.jpg" });
    expect(JSON.stringify(first)).not.toContain("private:");

    const second = (await viewerLoader(
      args(get("/curso-michel-alvarez/examen?unidad=e-u2", student), { id: "examen" }),
    )) as Viewer;
    expect(second.actual?.id).toBe("e-u2");
    const [row] = await database.db
      .select({ ultima: inscripciones.ultimaUnidadId })
      .from(inscripciones)
      .where(and(eq(inscripciones.userId, student.id), eq(inscripciones.cursoId, "examen")));
    expect(row.ultima).toBe("e-u2");
    // coming back without a unit reopens the last one
    const back = (await viewerLoader(args(get("/curso-michel-alvarez/examen", student), { id: "examen" }))) as Viewer;
    expect(back.actual?.id).toBe("e-u2");

    // the last unit of an exam course: no 'Siguiente Unidad', the exam instead of a diploma
    const last = (await viewerLoader(
      args(get("/curso-michel-alvarez/examen?unidad=e-u3", student), { id: "examen" }),
    )) as Viewer;
    expect(last).toMatchObject({ esUltima: true, siguiente: null, diplomaUrl: null, curso: { examen: true } });
  });

  it("streams her video with Range support and a private cache policy; the original as a file only where the course allows it", async () => {
    const whole = await fetch(`${videoBase}/curso-video/101`, { headers: { cookie: student.cookie } });
    expect(whole.status).toBe(200);
    expect(whole.headers.get("cache-control")).toBe("private, max-age=3600");
    expect(whole.headers.get("content-type")).toBe("video/webm");
    expect(Buffer.from(await whole.arrayBuffer()).equals(VIDEO_BYTES)).toBe(true);

    const part = await fetch(`${videoBase}/curso-video/101`, {
      headers: { cookie: student.cookie, range: "bytes=100-199" },
    });
    expect(part.status).toBe(206);
    expect(part.headers.get("content-range")).toBe(`bytes 100-199/${VIDEO_BYTES.length}`);
    expect(Buffer.from(await part.arrayBuffer()).equals(VIDEO_BYTES.subarray(100, 200))).toBe(true);

    // the original as a file only where the course allows it: off by default (404, no link)
    const askDownload = () =>
      fetch(`${videoBase}/curso-video/101?descargar=1`, { headers: { cookie: student.cookie } });
    expect((await askDownload()).status).toBe(404);
    type Viewer = Awaited<ReturnType<typeof viewerLoader>>;
    const viewer = async () =>
      (await viewerLoader(args(get("/curso-michel-alvarez/examen?unidad=e-u1", student), { id: "examen" }))) as Viewer;
    expect((await viewer()).descargas).toEqual({});
    await database.db.update(cursos).set({ descargaVideos: true }).where(eq(cursos.id, "examen"));
    expect((await viewer()).descargas).toEqual({ 101: "/curso-video/101?descargar=1" });
    const file = await askDownload();
    expect(file.status).toBe(200);
    expect(file.headers.get("content-disposition")).toBe('attachment; filename="leccion-101.webm"');
    expect(Buffer.from(await file.arrayBuffer()).equals(VIDEO_BYTES)).toBe(true);
    await database.db.update(cursos).set({ descargaVideos: false }).where(eq(cursos.id, "examen"));

    // a video whose file is missing, and an id that is not a number
    expect((await fetch(`${videoBase}/curso-video/103`, { headers: { cookie: student.cookie } })).status).toBe(404);
    expect((await fetch(`${videoBase}/curso-video/abc`, { headers: { cookie: student.cookie } })).status).toBe(404);
  });

  it("sends her, when videos live in S3, to a presigned URL that expires; nobody else gets one", async () => {
    const keys = { accessKeyId: "AKIAVIDEO", secretAccessKey: "secreto-video", region: "auto" };
    const stub = await startS3Stub(keys.accessKeyId, keys.secretAccessKey, keys.region);
    const config = { ...keys, endpoint: stub.endpoint, bucket: "estudio", publicUrl: undefined };
    const privateS3 = s3Storage(config, "private");
    await privateS3.put("videos/clase.webm", VIDEO_BYTES, "video/webm");
    const undo = configure({ storage: { public: s3Storage(config, "uploads"), private: privateS3 } });
    try {
      const hers = await fetch(`${videoBase}/curso-video/101`, {
        headers: { cookie: student.cookie },
        redirect: "manual",
      });
      expect(hers.status).toBe(302);
      expect(hers.headers.get("cache-control")).toBe("no-store");
      const location = new URL(hers.headers.get("location") ?? "");
      expect(`${location.origin}${location.pathname}`).toBe(`${stub.endpoint}/estudio/private/videos/clase.webm`);
      expect(location.searchParams.get("X-Amz-Expires")).toBe("7200");
      const video = await fetch(location);
      expect(video.status).toBe(200);
      expect(Buffer.from(await video.arrayBuffer()).equals(VIDEO_BYTES)).toBe(true);
      // The store checks the signature: the same URL for another file is refused.
      const otherFile = new URL(location);
      otherFile.pathname = "/estudio/private/videos/otro.webm";
      expect((await fetch(otherFile)).status).toBe(403);

      const anonymous = await fetch(`${videoBase}/curso-video/101`, { redirect: "manual" });
      expect(anonymous.status).toBe(403);
      expect(anonymous.headers.get("location")).toBeNull();
    } finally {
      undo();
      await stub.close();
    }
  });

  it("gets an exam paper without the correct answers: 6 questions by posicion, answers shuffled", async () => {
    const papers: ExamPaper[] = [];
    for (let i = 0; i < 12; i++) {
      const data = await examLoader(args(get("/examen-michel-alvare/examen", student), { id: "examen" }));
      const serialized = JSON.stringify(data);
      expect(serialized).not.toMatch(/correct|respuesta_?[123]|posicion/i);
      papers.push(data.examen);
    }
    const paper = papers[0];
    // posiciones 1..6 are p2, p3, p1, p6, p5, p4; p7 (posicion 7) is left out
    expect(paper.preguntas.map((p) => p.id)).toEqual(["p2", "p3", "p1", "p6", "p5", "p4"]);
    for (const pregunta of paper.preguntas) {
      const q = QUESTIONS.find((x) => x.id === pregunta.id)!;
      expect(pregunta.opciones.map((o) => o.texto).sort()).toEqual([q.respuesta1, q.respuesta2, q.respuesta3].sort());
      for (const opcion of pregunta.opciones) expect(Object.keys(opcion).sort()).toEqual(["id", "texto"]);
    }
    // every attempt has its own ids, and the right answer is not always in the same place
    const ids = new Set(papers.flatMap((p) => p.preguntas.flatMap((q) => q.opciones.map((o) => o.id))));
    expect(ids.size).toBe(12 * 6 * 3);
    const positions = new Set(
      papers.map((p) => p.preguntas[0].opciones.findIndex((o) => o.texto === correctText(QUESTIONS[1]))),
    );
    expect(positions.size).toBeGreaterThan(1);
  });

  /** Answers a fresh paper: right on every question except those in `wrong`. */
  async function answer(wrong: string[] = []) {
    const { examen } = await examLoader(args(get("/examen-michel-alvare/examen", student), { id: "examen" }));
    const form = new FormData();
    form.set("intento", examen.intento);
    for (const pregunta of examen.preguntas) {
      const q = QUESTIONS.find((x) => x.id === pregunta.id)!;
      const pick = pregunta.opciones.find((o) => (o.texto === correctText(q)) !== wrong.includes(q.id))!;
      form.set(answerField(pregunta.id), pick.id);
    }
    return { form, examen };
  }

  it("grades on the server: 5 of 6 is 83.33 and refuses the diploma, 6 of 6 is 100.00 and issues it", async () => {
    const certificate = () =>
      certificateLoader(args(get("/curso-michel-alvarez/examen/certificado", student), { id: "examen" }));

    const { form: fiveOfSix } = await answer(["p4"]);
    const failed = await examAction(args(post("/examen-michel-alvare/examen", fiveOfSix, student), { id: "examen" }));
    expect(failed).toMatchObject({
      ok: true,
      correctas: 5,
      total: 6,
      calificacion: 83.33,
      aprobado: false,
      diploma: null,
    });
    const refused = await thrown(certificate());
    expect(refused.status).toBe(403);
    expect(await refused.text()).toBe("Para obtener tu diploma es necesario obtener una calificacion perfecta.");

    const { form: perfect } = await answer();
    const passed = await examAction(args(post("/examen-michel-alvare/examen", perfect, student), { id: "examen" }));
    expect(passed).toMatchObject({ ok: true, correctas: 6, total: 6, calificacion: 100, aprobado: true });

    const attempts = await database.db
      .select({ correctas: examenIntentos.correctas, calificacion: examenIntentos.calificacion })
      .from(examenIntentos)
      .where(eq(examenIntentos.userId, student.id))
      .orderBy(examenIntentos.id);
    expect(attempts).toEqual([
      { correctas: 5, calificacion: 8333 },
      { correctas: 6, calificacion: 10000 },
    ]);
    const [diploma] = await database.db.select().from(diplomas).where(eq(diplomas.userId, student.id));
    expect(diploma).toMatchObject({ cursoId: "examen", nombre: "María José Núñez" });
    expect(diploma.id).toMatch(/^[A-Z2-9]{8}$/);
    expect((passed as { diploma: string }).diploma).toBe(diploma.id);

    const response = (await certificate()) as Response;
    expect(response.status).toBe(200);
    expect(response.headers.get("content-type")).toBe("application/pdf");
    expect(response.headers.get("content-disposition")).toBe(`attachment; filename="${DIPLOMA_FILENAME}"`);
    const pdf = await PDFDocument.load(new Uint8Array(await response.arrayBuffer()));
    expect(pdf.getPageCount()).toBe(1);
    const { width, height } = pdf.getPage(0).getSize();
    expect([width, height]).toEqual([...DIPLOMA_PAGE]);

    // passing again keeps the first diploma
    const { form: again } = await answer();
    await examAction(args(post("/examen-michel-alvare/examen", again, student), { id: "examen" }));
    expect(await database.db.select().from(diplomas).where(eq(diplomas.userId, student.id))).toHaveLength(1);
  });

  it("refuses incomplete or forged answer sheets without recording an attempt", async () => {
    const before = (await database.db.select().from(examenIntentos)).length;
    const { form, examen } = await answer();
    const incomplete = new FormData();
    for (const [k, v] of form) incomplete.set(k, v);
    incomplete.delete(answerField(examen.preguntas[0].id));
    const missing = (await examAction(
      args(post("/examen-michel-alvare/examen", incomplete, student), { id: "examen" }),
    )) as unknown as { data: { ok: boolean; error: string }; init: { status: number } };
    expect(missing.init.status).toBe(400);
    expect(missing.data).toEqual({ ok: false, error: "Responde todas las preguntas antes de enviar el examen." });

    // option ids from another attempt do not count for this one
    const { examen: other } = await answer();
    const forged = new FormData();
    forged.set("intento", examen.intento);
    for (const q of other.preguntas) forged.set(answerField(q.id), q.opciones[0].id);
    const refused = (await examAction(
      args(post("/examen-michel-alvare/examen", forged, student), { id: "examen" }),
    )) as unknown as { data: { ok: boolean }; init: { status: number } };
    expect(refused.init.status).toBe(400);
    expect(refused.data.ok).toBe(false);
    expect((await database.db.select().from(examenIntentos)).length).toBe(before);
  });

  it("grades a paper once and at most 3 attempts per course and hour, saying when to come back", async () => {
    type Refusal = { data: { ok: boolean; error: string }; init: { status: number } };
    const attempts = async () =>
      (await database.db.select().from(examenIntentos).where(eq(examenIntentos.userId, student.id))).length;
    // The grading test above made this student's 3 attempts of the hour: a 4th is refused.
    const before = await attempts();
    expect(before).toBe(3);
    const { form: fourth } = await answer();
    const refused = (await examAction(
      args(post("/examen-michel-alvare/examen", fourth, student), { id: "examen" }),
    )) as unknown as Refusal;
    expect(refused.init.status).toBe(429);
    expect(refused.data.ok).toBe(false);
    expect(refused.data.error).toMatch(/^Has agotado tus intentos, vuelve a intentarlo en (59|60) minutos$/);
    expect(await attempts()).toBe(before);
    // and the page says so instead of showing the questions
    const page = await examLoader(args(get("/examen-michel-alvare/examen", student), { id: "examen" }));
    expect(page.bloqueo).toBe(refused.data.error);

    // An hour later (the attempts moved back in time) she may try again, once per paper.
    await database.db
      .update(examenIntentos)
      .set({ createdAt: new Date(Date.now() - 2 * 60 * 60_000) })
      .where(eq(examenIntentos.userId, student.id));
    const { form: paper } = await answer(["p2"]);
    const graded = await examAction(args(post("/examen-michel-alvare/examen", paper, student), { id: "examen" }));
    expect(graded).toMatchObject({ ok: true, correctas: 5 });
    const reused = (await examAction(
      args(post("/examen-michel-alvare/examen", paper, student), { id: "examen" }),
    )) as unknown as Refusal;
    expect(reused.init.status).toBe(409);
    expect(reused.data).toEqual({ ok: false, error: EXAM_ERRORS.used });
    expect(await attempts()).toBe(before + 1);
  });

  it("earns the diploma of a course without exam by reaching its last unit", async () => {
    const certificate = () =>
      certificateLoader(args(get("/curso-michel-alvarez/libre/certificado", student), { id: "libre" }));
    type Viewer = Awaited<ReturnType<typeof viewerLoader>>;
    const first = (await viewerLoader(args(get("/curso-michel-alvarez/libre", student), { id: "libre" }))) as Viewer;
    expect(first.diplomaUrl).toBeNull();
    const refused = await thrown(certificate());
    expect(refused.status).toBe(403);
    // and there is no exam to take
    const toViewer = await thrown(examLoader(args(get("/examen-michel-alvare/libre", student), { id: "libre" })));
    expect(toViewer.headers.get("Location")).toBe("/curso-michel-alvarez/libre");

    const last = (await viewerLoader(
      args(get("/curso-michel-alvarez/libre?unidad=l-u2", student), { id: "libre" }),
    )) as Viewer;
    expect(last).toMatchObject({ esUltima: true, diplomaUrl: "/curso-michel-alvarez/libre/certificado" });
    const response = (await certificate()) as Response;
    expect(response.status).toBe(200);
    expect(response.headers.get("content-disposition")).toContain(DIPLOMA_FILENAME);
  });
});

describe("courses that come with a purchase", () => {
  const settings: CourseSettings = {
    grants: [{ cursoId: "pack", otorga: "libre" }],
    promotion: {
      clave: "PROMO-PRUEBA",
      cursoId: "examen",
      regaloId: "regalo",
      desde: new Date("2026-08-21T00:00:00-06:00"),
      hasta: new Date("2026-09-21T23:59:59-06:00"),
      maximo: 2,
    },
  };
  const inWindow = new Date("2026-09-01T12:00:00-06:00");
  let n = 0;

  beforeAll(async () => {
    await database.db.insert(cursos).values([
      { id: "pack", titulo: "Paquete Cejas", tipo: "online", publicado: true, precio: 500000 },
      { id: "regalo", titulo: "Curso de Regalo", tipo: "online", publicado: true, precio: 99000 },
    ]);
  });

  /** A paid order of `cursoIds` for `student` (what confirmPayment writes), then its enrolment. */
  async function buy(student: Student, cursoIds: string[], now: Date) {
    const compraId = `MA-T${++n}`;
    await database.db.insert(compras).values({
      id: compraId,
      compradorId: student.id,
      total: 100,
      curso: true,
      pagoId: `pago-${n}`,
      proveedor: "demo",
    });
    const added = await database.db.transaction((tx) =>
      enrolPurchase(tx, { userId: student.id, compraId, cursoIds }, settings, now),
    );
    const lines = await database.db
      .select({ cursoId: compraLineas.cursoId, precio: compraLineas.precio, codigo: compraLineas.codigoDescuento })
      .from(compraLineas)
      .where(eq(compraLineas.compraId, compraId));
    return { compraId, added: added.sort(), lines };
  }

  it("adds the granted course with the one that grants it, once", async () => {
    const buyer = await signUpUser({ name: "Lucía Paquete", email: "lucia@example.com" });
    const first = await buy(buyer, ["pack"], inWindow);
    expect(first.added).toEqual(["libre", "pack"]);
    expect(first.lines).toEqual([{ cursoId: "libre", precio: 0, codigo: null }]);
    // the same order confirmed again (a retry) adds nothing and writes no second line
    const again = await database.db.transaction((tx) =>
      enrolPurchase(tx, { userId: buyer.id, compraId: first.compraId, cursoIds: ["pack"] }, settings, inWindow),
    );
    expect(again).toEqual([]);
    expect(await database.db.select().from(compraLineas).where(eq(compraLineas.compraId, first.compraId))).toHaveLength(
      1,
    );
  });

  it("gives the free second course inside the window to the first buyers only", async () => {
    const before = await signUpUser({ name: "Antes Ventana", email: "antes@example.com" });
    expect((await buy(before, ["examen"], new Date("2026-08-20T23:59:00-06:00"))).added).toEqual(["examen"]);
    const after = await signUpUser({ name: "Despues Ventana", email: "despues@example.com" });
    expect((await buy(after, ["examen"], new Date("2026-09-22T00:00:01-06:00"))).added).toEqual(["examen"]);

    // a buyer who already owns the gift does not use up a grant
    const owner = await signUpUser({ name: "Ya Tiene Regalo", email: "owner@example.com" });
    await enrol(database.db, owner.id, ["regalo"], null);
    expect((await buy(owner, ["examen"], inWindow)).added).toEqual(["examen"]);

    const one = await signUpUser({ name: "Primera Alumna", email: "uno@example.com" });
    const firstGrant = await buy(one, ["examen"], inWindow);
    expect(firstGrant.added).toEqual(["examen", "regalo"]);
    expect(firstGrant.lines).toEqual([{ cursoId: "regalo", precio: 0, codigo: "PROMO-PRUEBA" }]);
    const two = await signUpUser({ name: "Segunda Alumna", email: "dos@example.com" });
    expect((await buy(two, ["examen"], inWindow)).added).toEqual(["examen", "regalo"]);
    // maximo 2: the third buyer in the window pays for hers alone
    const three = await signUpUser({ name: "Tercera Alumna", email: "tres@example.com" });
    const late = await buy(three, ["examen"], inWindow);
    expect(late).toMatchObject({ added: ["examen"], lines: [] });

    // the checkout stops announcing a promotion with no places left, or outside its window
    const next = await signUpUser({ name: "Cuarta Alumna", email: "cuatro@example.com" });
    expect(await coursePerks(next.id, "examen", settings, inWindow)).toEqual([]);
    expect(await coursePerks(next.id, "pack", settings, inWindow)).toEqual([
      { cursoId: "libre", texto: "Incluye también el curso Diseño de Cejas." },
    ]);
    const roomy = { ...settings, promotion: { ...settings.promotion!, maximo: 3 } };
    expect(await coursePerks(next.id, "examen", roomy, inWindow)).toEqual([
      {
        cursoId: "regalo",
        texto:
          "Promoción: con este curso recibes gratis el curso Curso de Regalo, hasta el 21 de septiembre de 2026 (queda 1 lugar).",
      },
    ]);
    expect(await coursePerks(next.id, "examen", roomy, new Date("2026-10-01T12:00:00-06:00"))).toEqual([]);

    const gifts = await database.db.select().from(inscripciones).where(eq(inscripciones.cursoId, "regalo"));
    expect(gifts.map((g) => g.userId).sort()).toEqual([owner.id, one.id, two.id].sort());
  });
});

describe("BUY and the course checkout guard", () => {
  it("asks a visitor to log in, a student without terms to accept them, and sends the rest on", async () => {
    expect(await buyCourse(get("/cursos/examen"), "examen")).toEqual({
      ok: false,
      reason: "login",
      message: { icon: "error", title: "¡Inicia sesion!", text: "para continuar con la compra inicia sesion" },
    });

    const buyer = await signUpUser({ name: "Rosa Compradora", email: "rosa@example.com" });
    await database.db.update(user).set({ terminos: false }).where(eq(user.id, buyer.id));
    expect(await buyCourse(get("/cursos/examen", buyer), "examen")).toEqual({
      ok: false,
      reason: "terminos",
      message: messages.termsRequired,
    });
    // /pagar-curso cannot be reached around the prompt
    const backToCourse = await thrown(requireCourseCheckout(get("/pagar-curso/examen", buyer), "examen"));
    expect(backToCourse.headers.get("Location")).toBe("/cursos/examen");

    await database.db.update(user).set({ terminos: true }).where(eq(user.id, buyer.id));
    const onwards = await thrown(buyCourse(get("/cursos/examen", buyer), "examen"));
    expect(onwards.headers.get("Location")).toBe("/pagar-curso/examen");
    expect(await requireCourseCheckout(get("/pagar-curso/examen", buyer), "examen")).toMatchObject({ id: buyer.id });

    // a course she owns is not sold twice: both lead to its viewer
    await enrol(database.db, buyer.id, ["examen"], null);
    const owned = await thrown(buyCourse(get("/cursos/examen", buyer), "examen"));
    expect(owned.headers.get("Location")).toBe("/curso-michel-alvarez/examen");
    const ownedCheckout = await thrown(requireCourseCheckout(get("/pagar-curso/examen", buyer), "examen"));
    expect(ownedCheckout.headers.get("Location")).toBe("/curso-michel-alvarez/examen");
  });

  it("sends visitors, unknown and unpublished courses home from /pagar-curso", async () => {
    await database.db.insert(cursos).values({ id: "borrador", titulo: "Borrador", tipo: "online", publicado: false });
    const buyer = await signUpUser({ name: "Eva Compradora", email: "eva@example.com" });
    await expectRedirectHome(requireCourseCheckout(get("/pagar-curso/examen"), "examen"));
    await expectRedirectHome(requireCourseCheckout(get("/pagar-curso/nada", buyer), "nada"));
    await expectRedirectHome(requireCourseCheckout(get("/pagar-curso/borrador", buyer), "borrador"));
  });
});

/**
 * Questions under a course unit (issue 31, ADR 046) on a real database through the real viewer
 * and /admin/dudas loaders and actions: who may ask and answer, what each student sees, the
 * limits with their Spanish messages, and the asker's notice queued once.
 */
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { eq, like } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { action as adminAction, loader as adminLoader } from "~/routes/admin/dudas";
import { action as viewerAction, loader as viewerLoader } from "~/routes/curso-michel-alvarez";
import type { Database } from "~/server/db/client.server";
import { correos, cursos, dudas, inscripciones, unidades } from "~/server/db/schema";
import { env } from "~/server/env.server";
import { QUESTION_ERRORS } from "~/server/school/questions.server";
import { signUpUser, useTestDatabase } from "../support/fixtures";

type Who = { id: string; cookie: string };
const site = "http://localhost:3000";
const get = (pathname: string, who?: Who) =>
  new Request(`${site}${pathname}`, { headers: who ? { cookie: who.cookie } : {} });
const post = (pathname: string, fields: Record<string, string>, who?: Who) => {
  const form = new FormData();
  for (const [k, v] of Object.entries(fields)) form.set(k, v);
  return new Request(`${site}${pathname}`, {
    method: "POST",
    body: form,
    headers: { ...(who ? { cookie: who.cookie } : {}), origin: site },
  });
};
const args = <P>(request: Request, params: P, clientIp = "10.0.0.1") =>
  ({ request, params, context: { clientIp } }) as never;

async function settle(promise: Promise<unknown>): Promise<{ status: number; body: unknown; location?: string | null }> {
  try {
    const value = (await promise) as { type?: string; init?: { status?: number }; data?: unknown } | Response;
    if (value instanceof Response) return { status: value.status, body: null, location: value.headers.get("Location") };
    if (value && typeof value === "object" && value.type === "DataWithResponseInit")
      return { status: value.init?.status ?? 200, body: value.data };
    return { status: 200, body: value };
  } catch (e) {
    if (e instanceof Response) return { status: e.status, body: null, location: e.headers.get("Location") };
    const d = e as { type?: string; init?: { status?: number } };
    if (d?.type === "DataWithResponseInit") return { status: d.init?.status ?? 500, body: null };
    throw e;
  }
}

const ask = (who: Who | undefined, unidadId: string, texto: string, curso = "micro", ip = "10.0.0.1") =>
  settle(
    viewerAction(
      args(post(`/curso-michel-alvarez/${curso}`, { intent: "duda", unidadId, texto }, who), { id: curso }, ip),
    ),
  );
const admin = (who: Who | undefined, fields: Record<string, string>) =>
  settle(adminAction(args(post("/admin/dudas", fields, who), {})));
const view = async (who: Who, unidad = "m-u1") => {
  const data = (await viewerLoader(
    args(get(`/curso-michel-alvarez/micro?unidad=${unidad}`, who), { id: "micro" }),
  )) as {
    dudas: { id: number; texto: string; nombre: string; respuesta: string | null; fijada: boolean; propia: boolean }[];
  };
  return data.dudas;
};
const idOf = async (texto: string) => (await database.db.select().from(dudas).where(eq(dudas.texto, texto)))[0].id;

let database: Database;
let ana: Who;
let bea: Who;
let stranger: Who;
let studio: Who;

beforeAll(async () => {
  database = await useTestDatabase({ config: { dataDir: fs.mkdtempSync(path.join(os.tmpdir(), "dudas-")) } });
  const db = database.db;
  await db.insert(cursos).values([
    { id: "micro", titulo: "Microblading Profesional", tipo: "online", publicado: true, precio: 350000 },
    { id: "otro", titulo: "Diseño de Cejas", tipo: "online", publicado: true, precio: 150000 },
  ]);
  await db.insert(unidades).values([
    { id: "m-u1", cursoId: "micro", posicion: 1, nombre: "Introducción" },
    { id: "m-u2", cursoId: "micro", posicion: 2, nombre: "Técnica" },
    { id: "o-u1", cursoId: "otro", posicion: 1, nombre: "Visagismo" },
  ]);
  ana = await signUpUser({ name: "Ana María López", email: "ana.dudas@example.com" });
  bea = await signUpUser({ name: "Beatriz Ruiz", email: "bea.dudas@example.com" });
  stranger = await signUpUser({ name: "Carla Extraña", email: "carla.dudas@example.com" });
  studio = await signUpUser({ name: "Michel Alvarez", email: "estudio.dudas@example.com", role: "admin" });
  await db.insert(inscripciones).values([
    { userId: ana.id, cursoId: "micro" },
    { userId: bea.id, cursoId: "micro" },
    { userId: stranger.id, cursoId: "otro" },
  ]);
});

afterAll(async () => {
  await database?.close();
  fs.rmSync(env.dataDir, { recursive: true, force: true });
});

describe("who may ask and answer", () => {
  it("refuses visitors and students of another course, and a unit of another course", async () => {
    expect((await ask(undefined, "m-u1", "¿Hola?")).status).toBe(302);
    const outsider = await ask(stranger, "m-u1", "¿Puedo preguntar?");
    expect([outsider.status, outsider.location]).toEqual([302, "/"]);
    const wrongUnit = await ask(ana, "o-u1", "¿Y esta unidad?");
    expect(wrongUnit.status).toBe(400);
    expect(wrongUnit.body).toMatchObject({ ok: false, message: QUESTION_ERRORS.unit });
    // a student of the other course cannot ask under its own unit through this course either
    expect((await ask(stranger, "o-u1", "¿Cruzado?", "micro")).status).toBe(302);
    expect(await database.db.select().from(dudas)).toHaveLength(0);
  });

  it("answers a 404 on /admin/dudas to students and visitors, who cannot answer, pin or hide", async () => {
    expect((await ask(ana, "m-u1", "¿Cuánto dura la cicatrización?")).status).toBe(200);
    const id = String(await idOf("¿Cuánto dura la cicatrización?"));
    expect((await settle(adminLoader(args(get("/admin/dudas", ana), {})))).status).toBe(404);
    for (const who of [undefined, ana, bea])
      for (const intent of ["responder", "fijar", "ocultar"])
        expect((await admin(who, { intent, dudaId: id, respuesta: "Hackeado" })).status).toBe(404);
    const [row] = await database.db
      .select()
      .from(dudas)
      .where(eq(dudas.id, Number(id)));
    expect(row).toMatchObject({ respuesta: null, fijada: false, oculta: false });
  });
});

describe("what the students see", () => {
  it("shows a pending question to its asker only, an answered one to every student, pinned first, hidden to nobody", async () => {
    const pending = "¿Cuánto dura la cicatrización?";
    expect((await view(ana)).map((d) => [d.texto, d.respuesta, d.propia])).toEqual([[pending, null, true]]);
    expect(await view(bea)).toEqual([]);

    await ask(bea, "m-u1", "¿Qué pigmento recomiendas?");
    await ask(bea, "m-u1", "<script>alert(1)</script> ¿Y el retoque?");
    // engine-neutral: three reads
    const [first, second, third] = await Promise.all(
      [pending, "¿Qué pigmento recomiendas?", "<script>alert(1)</script> ¿Y el retoque?"].map(idOf),
    );
    for (const id of [first, second, third])
      expect(
        (await admin(studio, { intent: "responder", dudaId: String(id), respuesta: `Respuesta ${id}` })).status,
      ).toBe(200);
    expect((await admin(studio, { intent: "fijar", dudaId: String(first) })).status).toBe(200);
    expect((await admin(studio, { intent: "ocultar", dudaId: String(second) })).status).toBe(200);

    const seen = await view(bea);
    expect(seen.map((d) => d.id)).toEqual([first, third]);
    expect(seen[0]).toMatchObject({ fijada: true, nombre: "Ana", propia: false, respuesta: `Respuesta ${first}` });
    // stored and sent as plain text: React escapes it on the page
    expect(seen[1]).toMatchObject({ nombre: "Beatriz", texto: "<script>alert(1)</script> ¿Y el retoque?" });
    // another unit lists none of them
    expect(await view(bea, "m-u2")).toEqual([]);

    const listing = (await adminLoader(args(get("/admin/dudas", studio), {}))) as { questions: { id: number }[] };
    expect(listing.questions.map((q) => q.id)).toEqual(expect.arrayContaining([first, second, third]));
  });

  it("lists unanswered questions first on /admin/dudas", async () => {
    await ask(ana, "m-u2", "¿Sin respuesta todavía?");
    const id = await idOf("¿Sin respuesta todavía?");
    const listing = (await adminLoader(args(get("/admin/dudas", studio), {}))) as {
      questions: { id: number; respuesta: string | null }[];
      pendientes: number;
    };
    expect(listing.pendientes).toBe(1);
    expect(listing.questions[0]).toMatchObject({ id, respuesta: null });
  });
});

describe("limits and the asker's notice", () => {
  it("refuses an empty or too long question and a flood of them with Spanish messages, saving nothing", async () => {
    const before = (await database.db.select().from(dudas)).length;
    const empty = await ask(ana, "m-u1", "   ");
    expect([empty.status, empty.body]).toEqual([400, { ok: false, message: QUESTION_ERRORS.empty }]);
    const long = await ask(ana, "m-u1", "a".repeat(1001));
    expect(long.status).toBe(400);
    expect(long.body).toMatchObject({
      message: { text: "El dato de pregunta es demasiado largo (máximo 1000 caracteres)." },
    });
    expect((await database.db.select().from(dudas)).length).toBe(before);

    // Ana asked twice already (5 per account in 15 minutes): three more pass, the next is refused
    for (let i = 0; i < 3; i++) expect((await ask(ana, "m-u2", `¿Duda ${i}?`, "micro", "10.0.0.9")).status).toBe(200);
    const refused = await ask(ana, "m-u2", "¿Una más?", "micro", "10.0.0.9");
    expect(refused.status).toBe(429);
    expect(refused.body).toMatchObject({ ok: false, message: { title: "Demasiados intentos" } });
    expect(await database.db.select().from(dudas).where(eq(dudas.texto, "¿Una más?"))).toEqual([]);
  });

  it("mails the asker once when answered, not again when the answer is edited", async () => {
    const id = await idOf("¿Duda 0?");
    const mailsFor = () =>
      database.db
        .select()
        .from(correos)
        .where(like(correos.clave, `duda-respondida:${id}`));
    expect(await mailsFor()).toHaveLength(0);
    await admin(studio, { intent: "responder", dudaId: String(id), respuesta: "Primera respuesta <b>" });
    await admin(studio, { intent: "responder", dudaId: String(id), respuesta: "Respuesta corregida" });
    const mails = await mailsFor();
    expect(mails).toHaveLength(1);
    expect(mails[0].para).toBe("ana.dudas@example.com");
    expect(mails[0].html).toContain("Primera respuesta &lt;b&gt;");
    const [row] = await database.db.select().from(dudas).where(eq(dudas.id, id));
    expect(row.respuesta).toBe("Respuesta corregida");
    // an empty answer is refused in Spanish and changes nothing
    const empty = await admin(studio, { intent: "responder", dudaId: String(id), respuesta: " " });
    expect(empty.status).toBe(400);
    expect(empty.body).toMatchObject({ alert: QUESTION_ERRORS.answerEmpty });
  });
});

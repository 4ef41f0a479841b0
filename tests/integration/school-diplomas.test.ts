/**
 * Diplomas anyone can verify, their validity, and hand grants that mail and invite (issue 31
 * item 4, ADR 047), on a real database with the real route loaders and actions: the public
 * check answers a real 404 for an unknown or malformed folio and says Vigente, Revocado or
 * Vencido; the QR on the PDF decodes to the check's address; the renewal reminder is one
 * durable job that mails once, 30 days before the expiry; a hand grant mails its welcome once;
 * an invitation becomes the enrolment when that address signs up and is verified.
 */
import { execFileSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { and, eq, like } from "drizzle-orm";
import jsQR from "jsqr";
import { PNG } from "pngjs";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { loader as certificateLoader } from "~/routes/curso-certificado";
import { loader as checkLoader } from "~/routes/diploma";
import { action as accesosAction } from "~/routes/admin/accesos";
import { action as diplomasAction, loader as diplomasLoader } from "~/routes/admin/diplomas";
import { addressVerified } from "~/server/account/email-verification.server";
import type { Database } from "~/server/db/client.server";
import { correos, cursos, diplomas, inscripciones, invitacionesCurso, tareas, user } from "~/server/db/schema";
import { runDueJobs } from "~/server/jobs.server";
import { issueDiploma } from "~/server/school/diploma.server";
import "~/server/school/diploma-renewal.server";
import { callAction, callLoader } from "../support/actions";
import { signUpUser, useTestDatabase } from "../support/fixtures";

const ORIGIN = "https://michelalvarez.example";
const DAY = 86_400_000;
let database: Database;
let dataDir: string;
let admin: { id: string; cookie: string };

beforeAll(async () => {
  dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "diplomas-"));
  database = await useTestDatabase({ environment: { PUBLIC_URL: ORIGIN, DATA_DIR: dataDir, SMTP_URL: "" } });
  await database.db.insert(cursos).values([
    { id: "cejas", titulo: "Diseño de Cejas", tipo: "online", publicado: true, examen: true },
    { id: "micro", titulo: "Microblading", tipo: "online", publicado: true, examen: true, vigenciaMeses: 24 },
  ]);
  admin = await signUpUser({ name: "Michel", role: "admin" });
  await database.db.update(user).set({ emailVerified: true }).where(eq(user.id, admin.id));
});

afterAll(async () => {
  await database?.close();
  fs.rmSync(dataDir, { recursive: true, force: true });
});

async function earned(cursoId: string, name = "Ana Pérez") {
  const student = await signUpUser({ name });
  await database.db.insert(inscripciones).values({ userId: student.id, cursoId });
  const diploma = await issueDiploma(database.db, { userId: student.id, cursoId, nombre: name });
  if (!diploma) throw new Error("the course asks no practice: the diploma is issued");
  return { student, diploma };
}

const check = (codigo: string) => callLoader(checkLoader, `/diploma/${codigo}`, { params: { codigo } });
const mailsWith = (clave: string) => database.db.select().from(correos).where(like(correos.clave, clave));

describe("the public check", () => {
  it("answers a real 404 for an unknown folio and for a malformed one", async () => {
    expect((await check("ZZZZZZZZ")).status).toBe(404);
    for (const bad of ["abc", "0OIL0OIL", "ABCD-1234", "x".repeat(200)]) expect((await check(bad)).status).toBe(404);
  });

  it("shows Vigente, then Revocado with its date after the admin revokes it, and refuses its PDF", async () => {
    const { student, diploma } = await earned("cejas");
    const vigente = await check(diploma.id.toLowerCase());
    expect(vigente.status).toBe(200);
    expect(vigente.body.diploma).toMatchObject({ estado: "vigente", nombre: "Ana Pérez", curso: "Diseño de Cejas" });

    // the admin sees it under its course and revokes it with a reason; a second revocation changes nothing
    const listed = await callLoader(diplomasLoader, "/admin/diplomas?curso=cejas", { cookie: admin.cookie });
    expect((listed.body.diplomas as { folio: string }[]).map((d) => d.folio)).toContain(diploma.id);
    const empty = await callAction(
      diplomasAction,
      "/admin/diplomas",
      { folio: diploma.id, motivo: "" },
      { cookie: admin.cookie },
    );
    expect(empty.status).toBe(400);
    const revoked = await callAction(
      diplomasAction,
      "/admin/diplomas",
      { folio: diploma.id, motivo: "Documentación falsa" },
      { cookie: admin.cookie },
    );
    expect(revoked.status).toBe(200);
    const again = await callAction(
      diplomasAction,
      "/admin/diplomas",
      { folio: diploma.id, motivo: "x" },
      { cookie: admin.cookie },
    );
    expect(again.status).toBe(400);
    // a student cannot revoke: the admin screen is a 404 to her
    expect(
      (
        await callAction(
          diplomasAction,
          "/admin/diplomas",
          { folio: diploma.id, motivo: "x" },
          { cookie: student.cookie },
        )
      ).status,
    ).toBe(404);

    const shown = await check(diploma.id);
    expect(shown.body.diploma).toMatchObject({ estado: "revocado" });
    expect((shown.body.diploma as { revocado: string }).revocado).toMatch(/\d{4}/);
    const [row] = await database.db.select().from(diplomas).where(eq(diplomas.id, diploma.id));
    expect(row).toMatchObject({ revocadoPor: admin.id, motivoRevocacion: "Documentación falsa" });

    const pdf = (await certificateLoader({
      request: new Request(`${ORIGIN}/curso-michel-alvarez/cejas/certificado`, { headers: { cookie: student.cookie } }),
      params: { id: "cejas" },
      context: {},
    } as never)) as Response;
    expect(pdf.status).toBe(403);
    expect(await pdf.text()).toBe("Este diploma fue revocado y ya no puede descargarse.");
  });

  it("fixes the expiry at issue from the course's vigencia and shows Vencido with its date once it passed", async () => {
    const { diploma } = await earned("micro", "Lucía Gómez");
    const expected = new Date(diploma.emitidoEn);
    expected.setUTCMonth(expected.getUTCMonth() + 24);
    expect(diploma.venceEn?.toISOString().slice(0, 10)).toBe(expected.toISOString().slice(0, 10));
    expect((await check(diploma.id)).body.diploma).toMatchObject({ estado: "vigente" });

    await database.db
      .update(diplomas)
      .set({ venceEn: new Date("2026-01-15T18:00:00Z") })
      .where(eq(diplomas.id, diploma.id));
    const shown = await check(diploma.id);
    expect(shown.body.diploma).toMatchObject({ estado: "vencido", vence: "15 de enero de 2026" });
  });
});

describe("the PDF", () => {
  it("carries a QR that decodes to the verification address", async () => {
    const { student, diploma } = await earned("cejas", "Rosa Díaz");
    const response = (await certificateLoader({
      request: new Request(`${ORIGIN}/curso-michel-alvarez/cejas/certificado`, { headers: { cookie: student.cookie } }),
      params: { id: "cejas" },
      context: {},
    } as never)) as Response;
    expect(response.status).toBe(200);
    const file = path.join(dataDir, "diploma.pdf");
    fs.writeFileSync(file, Buffer.from(await response.arrayBuffer()));
    execFileSync("pdftoppm", ["-png", "-r", "100", "-singlefile", file, path.join(dataDir, "diploma")]);
    const png = PNG.sync.read(fs.readFileSync(path.join(dataDir, "diploma.png")));
    const qr = jsQR(new Uint8ClampedArray(png.data), png.width, png.height);
    expect(qr?.data).toBe(`${ORIGIN}/diploma/${diploma.id}`);
  });
});

describe("the renewal reminder", () => {
  it("is one durable job 30 days before the expiry that mails once", async () => {
    const { diploma } = await earned("micro", "Sara Ruiz");
    const clave = `diploma-renovacion:${diploma.id}`;
    // earning it again keeps the diploma and its one job
    await issueDiploma(database.db, { userId: diploma.userId, cursoId: "micro", nombre: "Sara Ruiz" });
    const jobs = await database.db.select().from(tareas).where(eq(tareas.clave, clave));
    expect(jobs).toHaveLength(1);
    const at = jobs[0].ejecutarEn;
    expect(diploma.venceEn!.getTime() - at.getTime()).toBe(30 * DAY);

    await runDueJobs(database.db, new Date(at.getTime() - 60_000));
    expect(await mailsWith(clave)).toHaveLength(0);
    await runDueJobs(database.db, new Date(at.getTime() + 60_000));
    await runDueJobs(database.db, new Date(at.getTime() + 120_000));
    const mails = await mailsWith(clave);
    expect(mails).toHaveLength(1);
    expect(mails[0].asunto).toContain("Microblading");
    expect(mails[0].texto).toContain(diploma.id);
  });
});

describe("hand grants", () => {
  it("mail the welcome once, in the grant's transaction", async () => {
    const student = await signUpUser({ name: "Paola Luna" });
    const grant = { correo: student.email, cursoId: "cejas", motivo: "cortesia", nota: "" };
    expect((await callAction(accesosAction, "/admin/accesos", grant, { cookie: admin.cookie })).status).toBe(200);
    // a second grant of the same course is refused and mails nothing
    expect((await callAction(accesosAction, "/admin/accesos", grant, { cookie: admin.cookie })).status).toBe(400);
    const welcome = (await mailsWith("curso-bienvenida:%")).filter((m) => m.para === student.email);
    expect(welcome).toHaveLength(1);
    expect(welcome[0].asunto).toBe("Ya tienes el curso Diseño de Cejas");
  });

  it("invite an e-mail without account: enrolled once that address signs up and is verified; a revoked invitation gives nothing", async () => {
    const invite = (correo: string) =>
      callAction(
        accesosAction,
        "/admin/accesos",
        { correo, cursoId: "micro", motivo: "cortesia", nota: "Regalo" },
        { cookie: admin.cookie },
      );
    const answer = await invite("Nueva.Alumna@example.com");
    expect(answer.status).toBe(200);
    expect(answer.body.notice).toContain("Invitación enviada");
    expect((await invite("nueva.alumna@example.com")).status).toBe(400);
    const invitationMails = await database.db
      .select()
      .from(correos)
      .where(eq(correos.para, "nueva.alumna@example.com"));
    expect(invitationMails.map((m) => m.asunto)).toEqual(["Te regalaron el curso Microblading"]);
    // a sale needs an account: refused, nothing written
    const sale = await callAction(
      accesosAction,
      "/admin/accesos",
      { correo: "otra@example.com", cursoId: "micro", motivo: "efectivo", monto: "1500", nota: "" },
      { cookie: admin.cookie },
    );
    expect(sale.status).toBe(400);

    const student = await signUpUser({ name: "Nueva Alumna", email: "nueva.alumna@example.com" });
    const enrolled = () =>
      database.db
        .select()
        .from(inscripciones)
        .where(and(eq(inscripciones.userId, student.id), eq(inscripciones.cursoId, "micro")));
    expect(await enrolled()).toHaveLength(0); // not verified yet
    // Better Auth's post-verification path (afterEmailVerification → addressVerified)
    await database.db.update(user).set({ emailVerified: true }).where(eq(user.id, student.id));
    await addressVerified(database.db, student.id);
    await addressVerified(database.db, student.id);
    expect(await enrolled()).toHaveLength(1);
    const [inv] = await database.db
      .select()
      .from(invitacionesCurso)
      .where(eq(invitacionesCurso.correo, "nueva.alumna@example.com"));
    expect(inv.estado).toBe("aceptada");
    expect((await mailsWith("curso-bienvenida:%")).filter((m) => m.para === student.email)).toHaveLength(1);

    // revoked before sign-up: nothing is enrolled later
    await invite("arrepentida@example.com");
    const [pending] = await database.db
      .select()
      .from(invitacionesCurso)
      .where(eq(invitacionesCurso.correo, "arrepentida@example.com"));
    const revoke = await callAction(
      accesosAction,
      "/admin/accesos",
      { intent: "revocar-invitacion", invitacionId: String(pending.id) },
      { cookie: admin.cookie },
    );
    expect(revoke.status).toBe(200);
    const late = await signUpUser({ email: "arrepentida@example.com" });
    await database.db.update(user).set({ emailVerified: true }).where(eq(user.id, late.id));
    await addressVerified(database.db, late.id);
    expect(await database.db.select().from(inscripciones).where(eq(inscripciones.userId, late.id))).toHaveLength(0);
  });
});

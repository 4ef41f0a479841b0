/**
 * Nothing personal in the logs (issue 25): a booking with its consent form, sent with real
 * personal values and a NUL byte, through the Express stack with its request log
 * (app/server/log.server.ts) and the form gate every action sits behind
 * (app/server/http/form-gate.server.ts). It used to be a 500 whose error line carried the
 * client's name, her pregnancy and medication answers, her signature and the appointment's
 * token. Now: a Spanish 400, nothing written, and none of those values in any captured line,
 * not even in the line of the database error the action meets when called without the gate.
 */
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { Readable } from "node:stream";
import { count } from "drizzle-orm";
import type { RequestHandler } from "express";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { questionsFor } from "~/domain/booking";
import { handleError } from "~/entry.server";
import { action as bookingAction } from "~/routes/agendar-tratamiento";
import { action as citaAction } from "~/routes/cita";
import { availableSlots } from "~/server/booking/booking.server";
import { consentForm } from "~/server/booking/content.server";
import type { Database } from "~/server/db/client.server";
import { citas } from "~/server/db/schema";
import { env } from "~/server/env.server";
import { gateForm } from "~/server/http/form-gate.server";
import { captureLogs } from "~/server/log.server";
import { type TestApp, startTestApp } from "../support/app";
import { makeTreatment, useTestDatabase } from "../support/fixtures";

let database: Database;
let app: TestApp;

const NUL = "\u0000";
/** Her values: none may reach a log line. */
const PERSONAL = {
  nombre: "Valentina Sotomayor",
  telefono: "3398765432",
  correo: "valentina.sotomayor@example.com",
  embarazo: "Embarazo de 14 semanas",
  medicamento: "Isotretinoina 20 mg diaria",
  firma: "Valentina Sotomayor Ruelas",
};
const phoneAsTyped = "33 9876 5432";

/**
 * The pages as React Router runs an action behind server/app.ts's gate: the answer it
 * returns, or for anything thrown entry.server's handleError and a 500.
 */
const pages: RequestHandler = async (req, res) => {
  const match = /^\/(agendar|cita)\/([^/?]+)/.exec(req.path);
  if (!match) return void res.status(404).end();
  const headers = new Headers();
  for (const [name, value] of Object.entries(req.headers)) if (typeof value === "string") headers.set(name, value);
  const request = new Request(`http://localhost${req.originalUrl}`, {
    method: req.method,
    headers,
    body: req.method === "POST" ? (Readable.toWeb(req) as ReadableStream) : undefined,
    duplex: "half",
  } as RequestInit);
  const [, page, param] = match;
  const action = page === "agendar" ? bookingAction : citaAction;
  const params = page === "agendar" ? { tratamiento: param } : { token: param };
  const args = { request, params, context: { clientIp: "198.51.100.7" } };
  try {
    const result = req.method === "POST" ? await gateForm(action)(args as never) : null;
    if (result instanceof Response)
      return void res
        .status(result.status)
        .set("location", result.headers.get("location") ?? "")
        .end();
    const answer = result as { type?: string; data?: unknown; init?: ResponseInit } | null;
    res.status(answer?.init?.status ?? 200).json(answer?.data ?? {});
  } catch (thrown) {
    const answer = thrown as { type?: string; data?: unknown; init?: ResponseInit };
    if (answer?.type === "DataWithResponseInit") return void res.status(answer.init?.status ?? 500).json(answer.data);
    handleError(thrown, args as never);
    res.status(500).json({ error: "Unexpected Server Error" });
  }
};

let form: URLSearchParams;
/** Another free start (the first test books the first one). */
let laterStart: string;

beforeAll(async () => {
  database = await useTestDatabase({ config: { dataDir: fs.mkdtempSync(path.join(os.tmpdir(), "logs-")) } });
  await makeTreatment();
  const [day, nextDay] = await availableSlots(database.db, 120);
  laterStart = nextDay.horas[0].inicio;
  const questions = questionsFor(consentForm().preguntas, "Cejas Microblading");
  expect(questions.length).toBeGreaterThanOrEqual(2);
  form = new URLSearchParams({
    inicio: day.horas[0].inicio,
    nombre: PERSONAL.nombre,
    telefono: phoneAsTyped,
    correo: PERSONAL.correo,
    firma: PERSONAL.firma,
    acepto: "si",
    politica: "si",
  });
  // Two "sí" with personal details on questions that are no contraindication (a contraindicated
  // answer stops the booking before the database: content/agenda/contraindicaciones.md).
  const details: Record<string, string> = { alergias: PERSONAL.embarazo, medicamentos: PERSONAL.medicamento };
  for (const q of questions) {
    form.set(`p_${q.id}`, details[q.id] ? "si" : "no");
    if (details[q.id]) form.set(`d_${q.id}`, details[q.id]!);
  }
  app = await startTestApp({ pages });
});

afterAll(async () => {
  await app?.close();
  fs.rmSync(env.dataDir, { recursive: true, force: true });
  await database?.close();
});

const citasCount = async () => (await database.db.select({ n: count() }).from(citas))[0].n;
const withNul = (values: URLSearchParams) => {
  const sent = new URLSearchParams(values);
  sent.set("nombre", `${PERSONAL.nombre}${NUL}`);
  for (const [key, value] of values) if (key.startsWith("d_")) sent.set(key, `${value}${NUL}`);
  sent.set("firma", `${PERSONAL.firma}${NUL}`);
  return sent;
};
const post = (pathname: string, body: URLSearchParams) =>
  fetch(`${app.baseURL}${pathname}`, {
    method: "POST",
    headers: { "content-type": "application/x-www-form-urlencoded", origin: app.baseURL },
    body,
    redirect: "manual",
  });

function expectNothingPersonal(text: string, token?: string) {
  const secrets = [...Object.values(PERSONAL), phoneAsTyped, "Valentina", "Sotomayor", "Isotretinoina", "14 semanas"];
  for (const secret of [...secrets, ...(token ? [token] : [])]) expect(text, secret).not.toContain(secret);
}

describe("a booking with a NUL byte and real personal values", () => {
  it("is refused with a Spanish 400, writes nothing, and no log line holds her data", async () => {
    const logs = captureLogs("info");
    try {
      const before = await citasCount();
      const answer = await post("/agendar/microblading", withNul(form));
      expect(answer.status).toBe(400);
      expect(await answer.json()).toMatchObject({ text: expect.stringContaining("caracteres no válidos") });
      expect(await citasCount()).toBe(before);

      // The same form without the NUL byte books (so the refusal was the byte), and the
      // appointment's page logs its path without the token.
      const booked = await post("/agendar/microblading", form);
      expect(booked.status).toBe(302);
      const token = booked.headers.get("location")?.split("/cita/")[1] ?? "";
      expect(token.length).toBeGreaterThan(10);
      const cita = await post(
        `/cita/${token}`,
        new URLSearchParams({ intent: `desconocido${NUL}`, numero: "4242424242424242" }),
      );
      expect(cita.status).toBe(400);

      const records = logs.records();
      expect(records.map((r) => r.msg)).toEqual([
        "POST /agendar/microblading → 400",
        "POST /agendar/microblading → 302",
        "POST /cita/… → 400",
      ]);
      for (const record of records) {
        expect(record).toMatchObject({
          reqId: expect.any(String),
          req: { method: "POST" },
          res: { status: expect.any(Number) },
        });
      }
      expectNothingPersonal(logs.text(), token);
      expect(logs.text()).not.toContain("4242424242424242");
    } finally {
      logs.stop();
    }
  });

  it("the database's refusal, met without the gate, is logged without her values", async () => {
    const before = await citasCount();
    const sent = withNul(form);
    sent.set("inicio", laterStart);
    const request = new Request("http://localhost/agendar/microblading", {
      method: "POST",
      headers: { "content-type": "application/x-www-form-urlencoded" },
      body: sent,
    });
    const args = { request, params: { tratamiento: "microblading" }, context: { clientIp: "198.51.100.8" } };
    let thrown: unknown;
    try {
      await bookingAction(args as never);
    } catch (error) {
      thrown = error;
    }
    // PostgreSQL (and PGlite) refuse U+0000 in text: the error names the query and its values.
    expect(thrown).toBeInstanceOf(Error);
    expect(String((thrown as Error).message)).toContain(PERSONAL.medicamento);
    expect(await citasCount()).toBe(before);

    const logs = captureLogs("info");
    try {
      handleError(thrown, args as never);
      const [line] = logs.records();
      expect(line).toMatchObject({ level: "error", msg: "Error en POST /agendar/microblading" });
      expect(String(line.error)).toContain("params: [omitidos]");
      expectNothingPersonal(logs.text());
    } finally {
      logs.stop();
    }
  });
});

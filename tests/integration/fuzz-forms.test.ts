/**
 * Property-based fuzzing (fast-check) of the forms tests/integration/fuzz.test.ts does not
 * reach (issue 25): booking and consent (/agendar), the appointment's page (/cita), the
 * invoice request, course reviews, every admin form (the generic sections: products,
 * categories, services, treatments, blockouts, courses, units, videos, questions, visits,
 * promotions, shipping; and the settings, gift courses, agenda, grants, invoices, payments,
 * refunds and order screens) and the upload call. Arbitrary text with NUL bytes and other
 * control characters, overlong values, files where text goes, repeated and missing fields:
 * the answer is a Spanish 4xx (the page's own error, or the form gate's), nothing is
 * written (rows counted before and after), never a 500. Actions run behind the form gate
 * every action sits behind in production (callAction → app/server/http/form-gate.server.ts).
 */
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { is, sql } from "drizzle-orm";
import { PgTable } from "drizzle-orm/pg-core";
import fc from "fast-check";
import type { ServerBuild } from "react-router";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { hasControlCharacter } from "~/domain/limits";
import { action as accesosAction } from "~/routes/admin/accesos";
import { action as agendaCitaAction } from "~/routes/admin/agenda-cita";
import { action as agendaNuevaAction } from "~/routes/admin/agenda-nueva";
import { action as avisoAction } from "~/routes/admin/aviso";
import { action as giftAction } from "~/routes/admin/cursos-de-regalo";
import { action as editarAction } from "~/routes/admin/editar";
import { action as adminFacturasAction } from "~/routes/admin/facturas";
import { action as listaAction } from "~/routes/admin/lista";
import { action as pagosAction } from "~/routes/admin/pagos";
import { action as pedidoAction } from "~/routes/admin/pedido";
import { action as reembolsosAction } from "~/routes/admin/reembolsos";
import { action as bookingAction } from "~/routes/agendar-tratamiento";
import { action as citaAction } from "~/routes/cita";
import { action as courseAction } from "~/routes/curso";
import { action as facturaAction } from "~/routes/mis-compras-factura";
import { editScreen } from "~/server/admin/sections.server";
import { questionsFor } from "~/domain/booking";
import { availableSlots, bookSlot } from "~/server/booking/booking.server";
import { consentForm } from "~/server/booking/content.server";
import type { Database } from "~/server/db/client.server";
import * as schema from "~/server/db/schema";
import { localStorage } from "~/server/storage/local.server";
import { UPLOAD_PATH } from "~/server/upload.server";
import { withFormGate } from "~/server/http/form-gate.server";
import { ImportError, importExport } from "~/server/import/index.server";
import { callAction } from "../support/actions";
import { type TestApp, startTestApp } from "../support/app";
import { type TestUser, makeCourse, makeTreatment, signUpUser, useTestDatabase } from "../support/fixtures";
import { makePaidOrder } from "../support/invoices";

const RUNS = { numRuns: 25 };

/** Some Spanish in the answer: an accent, ¿ ¡, or a common Spanish word. */
const SPANISH =
  /[áéíóúñ¿¡]|\b(de|del|la|el|los|las|tu|un|una|no|por|para|con|es|este|esta|favor|elige|escribe|intenta)\b/i;

let database: Database;
let app: TestApp;
let admin: TestUser;
let client: TestUser;
let compraId: string;
let courseId: string;
let citaToken: string;
let citaId: string;
/** A booking form the page would accept (a free start, every answer, signed): only a control character spoils it. */
let validBooking: Record<string, string>;
const root = fs.mkdtempSync(path.join(os.tmpdir(), "fuzz-forms-"));

beforeAll(async () => {
  database = await useTestDatabase({
    config: { dataDir: root },
    storage: {
      public: localStorage(path.join(root, "uploads"), "/media"),
      private: localStorage(path.join(root, "private"), null),
    },
  });
  admin = await signUpUser({ role: "admin" });
  client = await signUpUser({ name: "Clienta Fuzz" });
  compraId = await makePaidOrder(database.db, { userId: client.id });
  courseId = (await makeCourse({ tipo: "online", publicado: true })).id;
  await makeTreatment();
  const [day, nextDay] = await availableSlots(database.db, 120);
  const booked = await bookSlot(database.db, {
    tratamientoId: "microblading",
    inicio: new Date(day.horas[0].inicio),
    contact: { nombre: "Ana López", telefono: "3312345678", correo: "ana@example.com" },
    consentimiento: { respuestas: [], firma: "Ana López", aceptado: true, firmadoEn: new Date().toISOString() },
    userId: null,
    ip: null,
  });
  if (!booked.ok) throw new Error(booked.message);
  validBooking = {
    inicio: nextDay.horas[0].inicio,
    nombre: "Ana López",
    telefono: "33 1234 5678",
    correo: "ana@example.com",
    firma: "Ana López Ruiz",
    acepto: "si",
    politica: "si",
  };
  for (const q of questionsFor(consentForm().preguntas, "Cejas Microblading")) {
    validBooking[`p_${q.id}`] = "si";
    validBooking[`d_${q.id}`] = "Detalle de la respuesta";
  }
  citaToken = booked.cita.token;
  citaId = booked.cita.id;
  app = await startTestApp();
});

afterAll(async () => {
  await app?.close();
  await database?.close();
  fs.rmSync(root, { recursive: true, force: true });
});

/** Rows of every table a form may write, and every stored file. */
async function snapshot() {
  // Every table's count in one statement (one round trip instead of one per table).
  const tables = Object.entries(schema).filter(
    ([name, table]) =>
      !["rateLimit", "session", "verification", "cacheVersion"].includes(name) && is(table, PgTable),
  ) as [string, PgTable][];
  const answer = (await database.db.execute(
    sql`select ${sql.join(
      tables.map(([name, table]) => sql`(select count(*)::int from ${table}) as ${sql.identifier(name)}`),
      sql`, `,
    )}`,
  )) as unknown as { rows: Record<string, number>[] };
  const [row] = answer.rows;
  const counts: Record<string, number> = { ...row };
  const [cita] = await database.db.select().from(schema.citas);
  counts.cita = JSON.stringify(cita).length;
  const files = fs
    .readdirSync(root, { recursive: true, encoding: "utf8" })
    .filter((f) => /\.\w+$/.test(f) && !f.startsWith("outbox"));
  return { counts, files: files.length, estado: cita?.estado, inicio: String(cita?.inicio) };
}

type Answer = { status: number; body: unknown };

/** A refusal as the rules want it: 4xx, Spanish, nothing written. */
async function expectRefused(send: () => Promise<Answer>) {
  const before = await snapshot();
  const answer = await send();
  const shown = JSON.stringify(answer.body);
  expect(answer.status, shown).toBeGreaterThanOrEqual(400);
  expect(answer.status, shown).toBeLessThan(500);
  expect(shown).toMatch(SPANISH);
  expect(await snapshot()).toEqual(before);
}

// ---------------------------------------------------------------- arbitraries

/** One control character the gate refuses (tab, LF and CR are typed in text areas). */
const controlChar = fc
  .oneof(
    fc.integer({ min: 0, max: 31 }).filter((c) => c !== 9 && c !== 10 && c !== 13),
    fc.constant(0x7f),
  )
  .map((c) => String.fromCharCode(c));
/** Text with a control character somewhere, NUL most often. */
const withControl = fc
  .tuple(
    fc.string({ maxLength: 20 }),
    fc.oneof({ weight: 2, arbitrary: fc.constant("\u0000") }, { weight: 3, arbitrary: controlChar }),
    fc.string({ maxLength: 20 }),
  )
  .map(([a, c, b]) => `${a}${c}${b}`);
/** Odd text without control characters: empty, blanks, numbers, markup, past every limit. */
const oddText = fc.oneof(
  fc.string({ maxLength: 30 }),
  fc.string({ unit: "grapheme", maxLength: 30 }),
  fc.constantFrom("", " ", "\n\t", "null", "NaN", "-1", "1e400", "2147483648", "<script>", "' OR 1=1 --", "{}", "[]"),
  fc.integer().map(String),
  fc.string({ maxLength: 5 }).map((s) => s + "x".repeat(25_000)),
);
/** What goes into one field: odd text, a file where text goes, or the field twice (an array). */
const oddValue = fc.oneof(
  { weight: 4, arbitrary: oddText.map((s): (string | Blob)[] => [s]) },
  { weight: 1, arbitrary: fc.string().map((s): (string | Blob)[] => [new Blob([s])]) },
  { weight: 1, arbitrary: fc.tuple(oddText, oddText).map(([a, b]): (string | Blob)[] => [a, b]) },
  { weight: 1, arbitrary: fc.constant<(string | Blob)[]>([]) },
);

/** A form of these fields with odd values (some missing). */
function oddForm(names: string[], fixed: Record<string, string> = {}) {
  return fc.tuple(...names.map(() => oddValue)).map((values) => {
    const form = new FormData();
    for (const [name, value] of Object.entries(fixed)) form.append(name, value);
    names.forEach((name, i) => {
      for (const v of values[i]) form.append(name, v);
    });
    return form;
  });
}

/** The same, with a control character in at least one field's text (or in a field's name). */
function formWithControl(names: string[], fixed: Record<string, string> = {}) {
  return fc.tuple(oddForm(names, fixed), fc.nat(names.length), withControl).map(([form, at, bad]) => {
    if (at === names.length) form.append(`campo${bad}`, "x");
    else form.set(names[at], bad);
    return form;
  });
}

const ips = fc.ipV4();

// ---------------------------------------------------------------- the client's forms

const BOOKING_FIELDS = [
  "inicio",
  "nombre",
  "telefono",
  "correo",
  "firma",
  "acepto",
  "politica",
  "p_embarazo",
  "d_embarazo",
  "retoque",
];

describe("the client's forms answer control characters, wrong types and sizes with a Spanish 4xx and write nothing", () => {
  it("booking and consent (/agendar/{tratamiento})", async () => {
    const asUrlEncoded = (form: FormData) => {
      // The booking page posts urlencoded text; a file field becomes its name.
      const text = new URLSearchParams();
      for (const [k, v] of form.entries()) text.append(k, typeof v === "string" ? v : "archivo");
      return text;
    };
    const send = (body: URLSearchParams | FormData, ip: string) => async () => {
      const request = body instanceof FormData ? body : Object.fromEntries(body);
      return callAction(bookingAction, "/agendar/microblading", request as Record<string, string>, {
        ip,
        params: { tratamiento: "microblading" },
      });
    };
    // The page's own form (urlencoded), valid but for a control character in one of her texts.
    const spoiled = fc.tuple(fc.constantFrom("nombre", "firma", "d_"), withControl).map(([field, bad]) => {
      const form = new URLSearchParams();
      for (const [k, v] of Object.entries(validBooking)) form.set(k, k.startsWith(field) ? `${v}${bad}` : v);
      return form;
    });
    const odd = fc
      .tuple(fc.oneof(formWithControl(BOOKING_FIELDS), oddForm(BOOKING_FIELDS)), fc.boolean())
      .map(([form, multipart]) => (multipart ? form : asUrlEncoded(form)));
    await fc.assert(
      fc.asyncProperty(fc.oneof(spoiled, odd), ips, (body, ip) => expectRefused(send(body, ip))),
      RUNS,
    );
  });

  it("the appointment's page (/cita/{token}): pay, change, cancel with odd values", async () => {
    const intents = fc.oneof(
      fc.constantFrom("cambiar", "diferido"),
      oddText.filter((s) => !["pagar", "cancelar", "simular", "diferido", "cambiar"].includes(s)),
    );
    const odd = fc.tuple(intents, oddForm(["inicio", "metodo"])).map(([intent, form]) => {
      form.set("intent", intent);
      if (intent === "cambiar" && !Number.isNaN(new Date(String(form.get("inicio") ?? "")).getTime()))
        form.set("inicio", "ayer");
      return form;
    });
    const anyIntent = formWithControl(["intent", "inicio", "metodo", "numero", "vencimiento", "cvc", "titular"], {
      intent: "pagar",
    });
    await fc.assert(
      fc.asyncProperty(fc.oneof(odd, anyIntent), ips, (form, ip) =>
        expectRefused(() => callAction(citaAction, `/cita/${citaToken}`, form, { ip, params: { token: citaToken } })),
      ),
      RUNS,
    );
  });

  it("invoice request (Factura)", async () => {
    const names = ["rfc", "razonSocial", "regimen", "uso", "codigoPostal", "correo"];
    // Valid tax data (tests/integration/invoices.test.ts) but for a control character.
    const FISICA = {
      rfc: "CACX7605101P8",
      razonSocial: "Xochitl Casas Chavez",
      regimen: "612",
      uso: "G03",
      codigoPostal: "44160",
    };
    const spoiled = fc.tuple(fc.constantFrom(...Object.keys(FISICA)), withControl).map(([field, bad]) => {
      const form = new FormData();
      for (const [k, v] of Object.entries(FISICA)) form.set(k, k === field ? `${v}${bad}` : v);
      return form;
    });
    await fc.assert(
      fc.asyncProperty(fc.oneof(spoiled, formWithControl(names), oddForm(names)), (form) =>
        expectRefused(() =>
          callAction(facturaAction, `/mis-compras/factura/${compraId}`, form, {
            cookie: client.cookie,
            params: { id: compraId },
          }),
        ),
      ),
      RUNS,
    );
  });

  it("course reviews", async () => {
    const review = fc.oneof(
      formWithControl(["calificacion", "comentarios"], { intent: "review" }),
      oddForm(["comentarios"], { intent: "review", calificacion: "9" }),
      fc.constantFrom("", "  ", "z".repeat(2_001)).map((comentarios) => {
        const form = new FormData();
        form.set("intent", "review");
        form.set("calificacion", "5");
        form.set("comentarios", comentarios);
        return form;
      }),
    );
    await fc.assert(
      fc.asyncProperty(review, ips, (form, ip) =>
        expectRefused(() =>
          callAction(courseAction, `/cursos/${courseId}`, form, {
            cookie: client.cookie,
            ip,
            params: { id: courseId },
          }),
        ),
      ),
      RUNS,
    );
  });
});

// ---------------------------------------------------------------- admin forms

const SECTIONS = [
  "productos",
  "categorias",
  "servicios",
  "tratamientos",
  "bloqueos",
  "cursos",
  "unidades",
  "videos",
  "preguntas",
  "visitas",
  "promociones",
  "promociones-cursos",
  "envios",
];

describe("every admin form answers control characters, wrong types and sizes with a Spanish 4xx and writes nothing", () => {
  for (const section of SECTIONS) {
    it(`/admin/${section}/nuevo`, async () => {
      const request = new Request(`http://localhost/admin/${section}/nuevo`, { headers: { cookie: admin.cookie } });
      const names = (await editScreen(request, "nuevo")).fields.map((f) => f.name);
      expect(names.length).toBeGreaterThan(0);
      // Odd values everywhere: a required field is always missing, wrong or too long.
      const allOdd = fc.tuple(...names.map(() => oddValue)).map((values) => {
        const form = new FormData();
        form.set("intent", "guardar");
        names.forEach((name, i) => {
          const value =
            values[i].length > 0 && typeof values[i][0] === "string"
              ? [`${values[i][0]}${"x".repeat(20_001)}`]
              : values[i];
          for (const v of value) form.append(name, v);
        });
        return form;
      });
      await fc.assert(
        fc.asyncProperty(fc.oneof(formWithControl(names, { intent: "guardar" }), allOdd), (form) =>
          expectRefused(() =>
            callAction(editarAction, `/admin/${section}/nuevo`, form, {
              cookie: admin.cookie,
              params: { id: "nuevo" },
            }),
          ),
        ),
        { numRuns: 15 },
      );
    });
  }

  /** Admin screens with forms of their own: any form with a control character is refused whole. */
  const screens: { name: string; action: unknown; path: string; fields: string[]; params?: Record<string, string> }[] =
    [
      { name: "aviso (settings)", action: avisoAction, path: "/admin/aviso", fields: ["activo", "mensaje", "titulo"] },
      {
        name: "envíos (setting over the list)",
        action: listaAction,
        path: "/admin/envios",
        fields: ["envioGratis", "montoMinimo"],
      },
      { name: "cursos de regalo", action: giftAction, path: "/admin/cursos-de-regalo", fields: ["cursos", "activo"] },
      {
        name: "agenda: nueva cita",
        action: agendaNuevaAction,
        path: "/admin/agenda/nueva",
        fields: ["tratamientoId", "fecha", "hora", "nombre", "telefono", "correo", "nota"],
      },
      {
        name: "agenda: una cita",
        action: agendaCitaAction,
        path: "/admin/agenda/CITA",
        fields: ["intent", "fecha", "hora", "nota"],
        params: { id: "CITA" },
      },
      {
        name: "accesos (grants)",
        action: accesosAction,
        path: "/admin/accesos",
        fields: ["intent", "correo", "cursoId", "motivo", "nota", "grantId", "motivoRevocacion"],
      },
      {
        name: "facturas",
        action: adminFacturasAction,
        path: "/admin/facturas",
        fields: ["facturaId", "motivo", "sustitucion"],
      },
      { name: "pagos", action: pagosAction, path: "/admin/pagos", fields: ["intent", "pagoId"] },
      { name: "reembolsos", action: reembolsosAction, path: "/admin/reembolsos", fields: ["pagoId"] },
      {
        name: "pedido",
        action: pedidoAction,
        path: `/admin/pedidos/COMPRA`,
        fields: ["estadoEnvio", "guia", "paqueteria"],
        params: { id: "COMPRA" },
      },
    ];
  for (const screen of screens) {
    it(screen.name, async () => {
      const params = Object.fromEntries(
        Object.entries(screen.params ?? {}).map(([k, v]) => [k, v === "CITA" ? citaId : v === "COMPRA" ? compraId : v]),
      );
      const at = screen.path.replace("CITA", citaId).replace("COMPRA", compraId);
      await fc.assert(
        fc.asyncProperty(formWithControl(screen.fields), (form) =>
          expectRefused(() => callAction(screen.action, at, form, { cookie: admin.cookie, params })),
        ),
        { numRuns: 15 },
      );
    });
  }

  it("grants: odd values without control characters are refused with the form's own Spanish errors", async () => {
    const names = ["correo", "cursoId", "motivo", "nota"];
    await fc.assert(
      fc.asyncProperty(oddForm(names, { intent: "otorgar" }), (form) =>
        expectRefused(() => callAction(accesosAction, "/admin/accesos", form, { cookie: admin.cookie })),
      ),
      { numRuns: 15 },
    );
  });
});

// ---------------------------------------------------------------- upload call

describe("the upload call answers odd fields and files with a Spanish 4xx and stores nothing", () => {
  it(`POST ${UPLOAD_PATH}`, async () => {
    const field = fc.oneof(
      withControl,
      oddText.map((s) => s.slice(0, 300)),
    );
    const upload = fc.record({
      case: fc.oneof(field, fc.constantFrom("productos", "servicios", "visitas")),
      name: field,
      fileField: fc.constantFrom("data", "image", "original", "otro"),
      bytes: fc.uint8Array({ maxLength: 200 }),
    });
    await fc.assert(
      fc.asyncProperty(upload, (u) =>
        expectRefused(async () => {
          const form = new FormData();
          form.append("case", u.case);
          form.append("name", u.name);
          form.append(
            u.fileField,
            new Blob([u.bytes as Uint8Array<ArrayBuffer>], { type: "application/octet-stream" }),
            "archivo.bin",
          );
          const response = await fetch(`${app.baseURL}${UPLOAD_PATH}`, {
            method: "POST",
            body: form,
            headers: { cookie: admin.cookie, origin: app.baseURL },
          });
          return { status: response.status, body: await response.json() };
        }),
      ),
      RUNS,
    );
  });
});

describe("the importer names text with control characters and writes nothing", () => {
  it("importExport", async () => {
    const field = fc.constantFrom("nombre", "descripcion", "marca");
    const exportWith = fc.tuple(field, withControl, fc.boolean()).map(([name, bad, inId]) => ({
      categoria: [{ id: inId ? `cat${bad}` : "cat-fuzz", nombre: "Pigmentos" }],
      producto: [{ id: "prod-fuzz", nombre: "Pigmento", precio: 100, cantidad: 1, categoria: "cat-fuzz", [name]: bad }],
    }));
    await fc.assert(
      fc.asyncProperty(exportWith, async (data) => {
        const before = await snapshot();
        const thrown = await importExport(database.db, data).then(
          () => null,
          (error: unknown) => error,
        );
        expect(thrown).toBeInstanceOf(ImportError);
        const issues = (thrown as ImportError).errors;
        expect(issues.some((i) => i.message.includes("caracteres de control"))).toBe(true);
        expect(await snapshot()).toEqual(before);
      }),
      { numRuns: 15 },
    );
  });
});

describe("Better Auth's calls answer control characters with a Spanish 400 and write nothing", () => {
  for (const call of ["sign-up/email", "sign-in/email", "request-password-reset"]) {
    it(`POST /api/auth/${call}`, async () => {
      const text = fc.oneof(
        fc.constantFrom("Ana López", "ana@example.com", "secreta1234"),
        oddText.map((s) => s.slice(0, 300)),
      );
      const body = fc
        .tuple(
          fc.record({ name: text, email: text, password: text }),
          fc.constantFrom("name", "email", "password"),
          withControl,
        )
        .map(([values, field, bad]) => ({ ...values, [field]: bad, aceptaTerminos: true }));
      await fc.assert(
        fc.asyncProperty(body, ips, (json, ip) =>
          expectRefused(async () => {
            const response = await app.post(`/api/auth/${call}`, json, undefined, { "x-forwarded-for": ip });
            return { status: response.status, body: await response.json() };
          }),
        ),
        { numRuns: 15 },
      );
    });
  }
});

describe("the gate's rule", () => {
  it("stands before every action of the server build, and only actions", async () => {
    let ran = 0;
    const action = async () => {
      ran++;
      return "hecho";
    };
    const loader = async () => "leído";
    const build = {
      routes: {
        uno: { id: "uno", path: "uno", module: { action, loader } },
        dos: { id: "dos", path: "dos", module: { loader } },
      },
    } as unknown as ServerBuild;
    const gated = withFormGate(build);
    const post = (value: string) =>
      new Request("http://localhost/uno", { method: "POST", body: new URLSearchParams({ nombre: value }) });
    const run = gated.routes.uno?.module.action as (args: { request: Request }) => Promise<unknown>;
    await expect(run({ request: post("Ana\u0000") })).rejects.toMatchObject({ init: { status: 400 } });
    expect(ran).toBe(0);
    expect(await run({ request: post("Ana\r\nLópez") })).toBe("hecho");
    expect(gated.routes.uno?.module.loader).toBe(loader);
    expect(gated.routes.dos).toBe(build.routes.dos);
    expect(withFormGate(build)).toBe(gated);
  });

  it("refuses every C0 control character and DEL, allows tab and line breaks only in multi-line text", () => {
    fc.assert(
      fc.property(withControl, (text) => {
        expect(hasControlCharacter(text)).toBe(true);
        expect(hasControlCharacter(text, { multiline: true })).toBe(true);
      }),
    );
    expect(hasControlCharacter("línea 1\r\nlínea 2\tfin", { multiline: true })).toBe(false);
    expect(hasControlCharacter("Ana\nLópez")).toBe(true);
    expect(hasControlCharacter("Ana López ñ ¿? 😀")).toBe(false);
  });
});

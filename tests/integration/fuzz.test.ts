/**
 * Property-based fuzzing (fast-check) of every form action and API a visitor can reach:
 * wrong types (files where text goes, numbers, JSON of any shape), wrong sizes (empty, over
 * the limits, 2 GiB quantities) and odd text. Whatever is sent, the answer is a 4xx with a
 * Spanish message, never a 500, and nothing is written (row counts and the profile's name
 * unchanged). Route actions are called as React Router calls them; the payment API through
 * the production Express stack (tests/support/app.ts).
 */
import { count, eq } from "drizzle-orm";
import type { PgTable } from "drizzle-orm/pg-core";
import fc from "fast-check";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { answerField } from "~/domain/exam-form";
import { parseQuantity } from "~/domain/quantity";
import { parseRating } from "~/domain/ratings";
import { action as codeAction } from "~/routes/api.codigo-visita";
import { action as favoriteAction } from "~/routes/api.favoritos";
import { action as cartAction } from "~/routes/carrito";
import { action as contactAction } from "~/routes/contacto";
import { action as profileAction } from "~/routes/editar-perfil";
import { action as examAction } from "~/routes/examen-michel-alvare";
import { action as checkoutAction } from "~/routes/pagar";
import { action as productAction } from "~/routes/producto";
import { enrol } from "~/server/school/enrolment.server";
import type { Database } from "~/server/db/client.server";
import {
  carritoLineas,
  carritos,
  comentarios,
  compras,
  examenIntentos,
  favoritos,
  inscripciones,
  pagos,
  preguntas,
  user,
} from "~/server/db/schema";
import { cartCookie } from "~/server/shop/cart-cookie.server";
import { callAction } from "../support/actions";
import { type TestApp, startTestApp } from "../support/app";
import {
  type TestUser,
  makeCart,
  makeCourse,
  makeProduct,
  makePromotion,
  signUpUser,
  useTestDatabase,
} from "../support/fixtures";

const RUNS = { numRuns: 25 };

/** Some Spanish in the answer: an accent, ¿ ¡, or a common Spanish word. */
const SPANISH = /[áéíóúñ¿¡]|\b(de|del|la|el|los|las|tu|un|una|no|por|para|con|es|este|esta|favor|llena|intenta)\b/i;

let database: Database;
let app: TestApp;
let buyer: TestUser;
let product: { id: string };
let cartId: string;
let cookie: string;
let courseId: string;

beforeAll(async () => {
  database = await useTestDatabase();
  buyer = await signUpUser({ name: "Fuzz Compradora" });
  product = await makeProduct({ cantidad: 50 });
  await makePromotion({ productoId: product.id, codigo: "SECRETO-DE-LA-CASA", descuento: 30 });
  cartId = await makeCart([{ productoId: product.id, cantidad: 2 }], buyer.id);
  cookie = `${buyer.cookie}; ${(await cartCookie.serialize(cartId)).split(";")[0]}`;
  const course = await makeCourse({ examen: true, tipo: "online", publicado: true });
  courseId = course.id;
  await database.db.insert(preguntas).values(
    Array.from({ length: 6 }, (_, i) => ({
      id: `fz-p${i}`,
      cursoId: courseId,
      posicion: i,
      pregunta: `¿Pregunta ${i}?`,
      respuesta1: "uno",
      respuesta2: "dos",
      respuesta3: "tres",
      respuestaCorrecta: 1,
    })),
  );
  await enrol(database.db, buyer.id, [courseId], null);
  app = await startTestApp();
});

afterAll(async () => {
  await app?.close();
  await database?.close();
});

/** Everything a visitor may change, counted; the fuzzed calls must leave it as it was. */
async function snapshot() {
  const db = database.db;
  const n = async (table: PgTable) => (await db.select({ n: count() }).from(table))[0].n;
  const [me] = await db.select({ name: user.name }).from(user).where(eq(user.id, buyer.id));
  const lines = await db.select().from(carritoLineas).where(eq(carritoLineas.carritoId, cartId));
  return {
    carritos: await n(carritos),
    lineas: lines.map((l) => `${l.productoId}×${l.cantidad}:${l.codigoDescuento}`),
    comentarios: await n(comentarios),
    favoritos: await n(favoritos),
    pagos: await n(pagos),
    compras: await n(compras),
    intentos: await n(examenIntentos),
    inscripciones: await n(inscripciones),
    usuarios: await n(user),
    nombre: me.name,
  };
}

/** A refusal as the rules want it: 4xx, Spanish, nothing written. */
async function expectRefused(send: () => Promise<{ status: number; body: unknown }>) {
  const before = await snapshot();
  const answer = await send();
  expect(answer.status, JSON.stringify(answer.body)).toBeGreaterThanOrEqual(400);
  expect(answer.status, JSON.stringify(answer.body)).toBeLessThan(500);
  expect(JSON.stringify(answer.body)).toMatch(SPANISH);
  expect(await snapshot()).toEqual(before);
}

// ---------------------------------------------------------------- arbitraries

/** Text of every odd kind, and sizes past every limit. */
const oddText = fc.oneof(
  fc.string({ maxLength: 30 }),
  fc.string({ unit: "grapheme", maxLength: 30 }),
  fc.constantFrom(
    "",
    " ",
    "\u0000",
    "a\u0000b",
    "\u0000\u0000\u0000\u0000\u0000\u0000\u0000\u0000\u0000\u0000",
    "null",
    "undefined",
    "NaN",
    "Infinity",
    "-1",
    "0",
    "1e400",
    "2147483648",
    "<script>",
    "' OR 1=1 --",
    "{}",
  ),
  // control characters anywhere (the form gate refuses them: app/server/http/form-gate.server.ts)
  fc
    .tuple(fc.string({ maxLength: 10 }), fc.integer({ min: 0, max: 31 }), fc.string({ maxLength: 10 }))
    .map(([a, c, b]) => `${a}${String.fromCharCode(c)}${b}`),
  fc.integer().map(String),
  fc.double().map(String),
  fc.string({ maxLength: 5 }).map((s) => s + "x".repeat(5_000)),
  fc.constant("y".repeat(200_000)),
);
/** What goes into a form field: odd text, or a file where text was expected. */
const oddField = fc.oneof(
  { weight: 4, arbitrary: oddText.map((s): string | Blob => s) },
  { weight: 1, arbitrary: fc.string().map((s): string | Blob => new Blob([s], { type: "application/octet-stream" })) },
);
const notAQuantity = oddField.filter((v) => typeof v !== "string" || parseQuantity(v) === null);
const overMax = fc.oneof(
  fc.integer({ min: 1000 }).map(String),
  fc.constantFrom("2147483648", "1e400", "9".repeat(400)),
);
const notARating = oddField.filter((v) => typeof v !== "string" || parseRating(v) === null);
/** A JSON body of any shape, or no JSON at all. */
const oddJson = fc.oneof(
  fc.jsonValue().map((v) => JSON.stringify(v)),
  fc
    .record(
      { curso: fc.jsonValue(), codigo: fc.jsonValue(), id: fc.jsonValue(), paymentId: fc.jsonValue() },
      { requiredKeys: [] },
    )
    .map((v) => JSON.stringify(v)),
  fc.string({ maxLength: 50 }),
  fc.constant(JSON.stringify({ nombre: "x".repeat(20_000) })),
  fc.constantFrom(
    JSON.stringify({ id: "\u0000" }),
    JSON.stringify({ paymentId: "a\u0000" }),
    JSON.stringify({ curso: "\u0000", codigo: "\u0000" }),
    JSON.stringify({ clientSecret: "demo_\u0000_secret_x", numero: "\u0000" }),
  ),
);

const ips = fc.ipV4();

// ---------------------------------------------------------------- route actions

describe("form actions answer wrong types and sizes with a Spanish 4xx and write nothing", () => {
  it("contact form", async () => {
    const fields = fc.record({ nombre: oddField, correo: oddField, telefono: oddField, mensaje: oddField });
    await fc.assert(
      fc.asyncProperty(fields, ips, (form, ip) =>
        expectRefused(() => callAction(contactAction, "/Contacto", form, { ip })),
      ),
      RUNS,
    );
  });

  it("cart add (product page)", async () => {
    await fc.assert(
      fc.asyncProperty(notAQuantity, (cantidad) =>
        expectRefused(() =>
          callAction(
            productAction,
            `/producto/${product.id}`,
            { intent: "add", cantidad },
            { cookie, params: { id: product.id } },
          ),
        ),
      ),
      RUNS,
    );
  });

  it("cart update, remove, unknown intents", async () => {
    const update = overMax.map(
      (v) => ({ intent: "update", [`cantidad.${product.id}`]: v }) as Record<string, string | Blob>,
    );
    const unknown = oddText.map((s) => ({ intent: `x${s}` }) as Record<string, string | Blob>);
    await fc.assert(
      fc.asyncProperty(fc.oneof(update, unknown), (form) =>
        expectRefused(() => callAction(cartAction, "/carrito", form, { cookie })),
      ),
      RUNS,
    );
    // Removing a product that is not in the cart changes nothing, and never fails.
    await fc.assert(
      fc.asyncProperty(oddText, async (id) => {
        const before = await snapshot();
        const answer = await callAction(cartAction, "/carrito", { intent: `remove:${id}` }, { cookie });
        expect(answer.status).toBeLessThan(500);
        expect(await snapshot()).toEqual(before);
      }),
      RUNS,
    );
  });

  it("discount codes in the cart", async () => {
    await fc.assert(
      fc.asyncProperty(oddField, ips, (codigo, ip) =>
        expectRefused(() =>
          callAction(
            cartAction,
            "/carrito",
            { intent: `code:${product.id}`, [`codigo.${product.id}`]: codigo },
            { cookie, ip },
          ),
        ),
      ),
      RUNS,
    );
  });

  it("checkout step 1 (shipping and contact data)", async () => {
    const fields = fc.record({
      nombre: oddField,
      apellido: oddField,
      correo: oddField,
      direccion: oddField,
      telefono: oddField,
      estado: oddField,
      ciudad: oddField,
      codigo_postal: oddField,
      pais: oddField,
      colonia: oddField,
    });
    await fc.assert(
      fc.asyncProperty(fields, (form) =>
        expectRefused(() => callAction(checkoutAction, "/pagar", { intent: "informacion", ...form }, { cookie })),
      ),
      RUNS,
    );
  });

  it("reviews (product page)", async () => {
    const review = fc.oneof(
      fc.record({ calificacion: notARating, comentarios: oddField }),
      fc.record({
        calificacion: fc.constantFrom("1", "5"),
        comentarios: fc.oneof(fc.constantFrom("", "   "), fc.constant("z".repeat(2_001)), fc.constant(new Blob(["x"]))),
      }),
    );
    await fc.assert(
      fc.asyncProperty(review, ips, (form, ip) =>
        expectRefused(() =>
          callAction(
            productAction,
            `/producto/${product.id}`,
            { intent: "review", ...form },
            { cookie, ip, params: { id: product.id } },
          ),
        ),
      ),
      RUNS,
    );
  });

  it("favourites", async () => {
    await fc.assert(
      fc.asyncProperty(oddField, (productoId) =>
        expectRefused(() => callAction(favoriteAction, "/api/favoritos", { productoId }, { cookie })),
      ),
      RUNS,
    );
  });

  it("profile name", async () => {
    const badName = fc.oneof(
      fc.constantFrom("", "   ", "\n\t"),
      fc.string({ minLength: 81, maxLength: 300 }).filter((s) => s.trim().replace(/\s+/g, " ").length > 80),
      fc.constant("n".repeat(200_000)),
      fc.constant(new Blob(["Ana"])),
    );
    await fc.assert(
      fc.asyncProperty(badName, (nombre) =>
        expectRefused(() =>
          callAction(profileAction, "/editar-perfil", { nombre: nombre as string | Blob }, { cookie }),
        ),
      ),
      RUNS,
    );
  });

  it("visit code", async () => {
    await fc.assert(
      fc.asyncProperty(oddField, ips, (codigo, ip) =>
        expectRefused(() => callAction(codeAction, "/api/codigo-visita", { codigo }, { ip })),
      ),
      RUNS,
    );
  });

  it("exam", async () => {
    const sheet = fc.record({
      intento: oddField,
      answers: fc.array(oddField, { minLength: 0, maxLength: 6 }),
    });
    await fc.assert(
      fc.asyncProperty(sheet, ({ intento, answers }) => {
        const form = new FormData();
        form.append("intento", intento);
        for (const [i, a] of answers.entries()) form.append(answerField(`fz-p${i}`), a);
        return expectRefused(() =>
          callAction(examAction, `/examen-michel-alvare/${courseId}`, form, { cookie, params: { id: courseId } }),
        );
      }),
      RUNS,
    );
  });
});

// ---------------------------------------------------------------- payment API

describe("the payment API answers any body with a Spanish 4xx and writes nothing", () => {
  for (const call of ["stripe", "conekta", "demo/pago", "confirmar", "correo"]) {
    it(`POST /auth/michel-alvarez/v2/${call}`, async () => {
      await fc.assert(
        fc.asyncProperty(oddJson, (body) =>
          expectRefused(async () => {
            const response = await app.post(`/auth/michel-alvarez/v2/${call}`, body, buyer.cookie);
            return { status: response.status, body: await response.json() };
          }),
        ),
        RUNS,
      );
    });
  }
});

/**
 * Limits on what visitors send, on a real database: the 1 MB body limit in front of every
 * route (declared and streamed), quantities 1–999, text lengths, and the throttles (per IP
 * from `clientIp` and per account, counted in the rate_limits table so every instance
 * shares them), each refusal a 4xx with a Spanish message and nothing written.
 */
import http from "node:http";
import { count, eq } from "drizzle-orm";
import type { RequestHandler } from "express";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { TEXT_LIMITS } from "~/domain/limits";
import { messages } from "~/domain/messages";
import { action as cartAction } from "~/routes/carrito";
import { action as contactAction } from "~/routes/contacto";
import { loader as courseCheckoutLoader } from "~/routes/pagar-curso";
import { action as productAction } from "~/routes/producto";
import type { Database } from "~/server/db/client.server";
import { carritoLineas, categorias, comentarios, pagos, rateLimit, user } from "~/server/db/schema";
import { env } from "~/server/env.server";
import { throttle } from "~/server/rate-limit.server";
import { cartCookie } from "~/server/shop/cart-cookie.server";
import { postAuth, randomLoopbackAddress } from "../support/accounts";
import { callAction } from "../support/actions";
import { type TestApp, startTestApp } from "../support/app";
import {
  type TestUser,
  makeCart,
  makeCourse,
  makeCoursePromotion,
  makeProduct,
  makePromotion,
  signUpUser,
  useTestDatabase,
} from "../support/fixtures";
import { readOutbox } from "../support/outbox";

let database: Database;
let app: TestApp;
/** What the stand-in pages handler read and wrote: a limit that works leaves both untouched. */
const pages = { bytes: 0, writes: 0 };

beforeAll(async () => {
  database = await useTestDatabase();
  // A pages handler like React Router's: reads the whole body, then writes a row.
  const handler: RequestHandler = (req, res) => {
    let bytes = 0;
    req.on("data", (chunk: Buffer) => {
      bytes += chunk.length;
      pages.bytes = Math.max(pages.bytes, bytes);
    });
    req.on("end", async () => {
      await database.db.insert(categorias).values({ id: `c-${Date.now()}-${Math.random()}`, nombre: "escrita" });
      pages.writes++;
      res.json({ bytes });
    });
    req.on("error", () => {});
  };
  app = await startTestApp({ pages: handler });
});

afterAll(async () => {
  await app?.close();
  await database?.close();
});

const MB = 1024 * 1024;
const SPANISH_TOO_MANY = /^Demasiados intentos\. Intenta de nuevo en \d+ minutos?\.$/;

/** A raw POST: `chunked` sends no Content-Length. Resolves with the answer even if the server closes early. */
function rawPost(
  pathname: string,
  body: Buffer,
  { chunked = false, headers = {} }: { chunked?: boolean; headers?: Record<string, string> } = {},
): Promise<{ status: number; body: string }> {
  return new Promise((resolve, reject) => {
    const request = http.request(`${app.baseURL}${pathname}`, {
      method: "POST",
      headers: {
        "content-type": "application/x-www-form-urlencoded",
        ...(chunked ? { "transfer-encoding": "chunked" } : { "content-length": String(body.length) }),
        ...headers,
      },
    });
    request.on("response", (response) => {
      let text = "";
      response.setEncoding("utf8");
      response.on("data", (c) => (text += c));
      response.on("end", () => resolve({ status: response.statusCode ?? 0, body: text }));
      response.on("error", () => resolve({ status: response.statusCode ?? 0, body: text }));
    });
    // The server may close while we still write: only a missing answer is a failure.
    request.on("error", (error) => setTimeout(() => reject(error), 2000));
    const piece = 64 * 1024;
    let offset = 0;
    const writeMore = () => {
      while (offset < body.length) {
        const ok = request.write(body.subarray(offset, offset + piece));
        offset += piece;
        if (!ok) return void request.once("drain", writeMore);
      }
      request.end();
    };
    writeMore();
  });
}

const rows = async (table: typeof categorias | typeof user | typeof pagos) =>
  (await database.db.select({ n: count() }).from(table))[0].n;

describe("the 1 MB body limit, before every route", () => {
  it("refuses a declared Content-Length over 1 MB with 413 in Spanish, before reading it", async () => {
    const before = { writes: pages.writes, rows: await rows(categorias) };
    const answer = await rawPost("/Contacto", Buffer.alloc(2 * MB, "a"));
    expect(answer.status).toBe(413);
    expect(JSON.parse(answer.body).message).toBe("La solicitud es demasiado grande.");
    expect(pages.writes).toBe(before.writes);
    expect(await rows(categorias)).toBe(before.rows);
  });

  it("counts a chunked body as it streams: passes 1 MB, refused, never handed on whole", async () => {
    pages.bytes = 0;
    const before = { writes: pages.writes, rows: await rows(categorias) };
    const answer = await rawPost("/Contacto", Buffer.alloc(3 * MB, "a"), { chunked: true });
    expect(answer.status).toBe(413);
    expect(JSON.parse(answer.body).error.text).toBe("La solicitud es demasiado grande.");
    expect(pages.bytes).toBeLessThanOrEqual(MB);
    expect(pages.writes).toBe(before.writes);
    expect(await rows(categorias)).toBe(before.rows);
  });

  it("lets a body within the limit through, chunked or not", async () => {
    const body = Buffer.alloc(MB - 10, "a");
    for (const chunked of [false, true]) {
      const answer = await rawPost("/Contacto", body, { chunked });
      expect(answer.status).toBe(200);
      expect(JSON.parse(answer.body)).toEqual({ bytes: body.length });
    }
  });

  it("covers Better Auth's routes: a 2 MB sign-up creates no account", async () => {
    const before = await rows(user);
    const huge = JSON.stringify({ name: "x".repeat(2 * MB), email: "grande@example.com", password: "clave-segura-1" });
    for (const chunked of [false, true]) {
      const answer = await rawPost("/api/auth/sign-up/email", Buffer.from(huge), {
        chunked,
        headers: { "content-type": "application/json", origin: app.baseURL },
      });
      expect(answer.status).toBe(413);
    }
    expect(await rows(user)).toBe(before);
  });

  it("leaves the upload call to its own limit, after the admin check", async () => {
    const answer = await rawPost("/auth/michel-alvarez/v2/firebase-upload", Buffer.alloc(2 * MB, "a"), {
      headers: { "content-type": "multipart/form-data; boundary=x" },
    });
    expect(answer.status).toBe(401);
    expect(JSON.parse(answer.body).error).toMatch(/^Inicia sesión/);
  });
});

// ---------------------------------------------------------------- route actions

const act = callAction;

const cartCookieOf = async (cartId: string) => (await cartCookie.serialize(cartId)).split(";")[0];

describe("quantities from 1 to 999", () => {
  it("refuses 1000 and 2147483648 on add, and a sum over 999 on one line, changing nothing", async () => {
    const product = await makeProduct({ cantidad: 5000 });
    for (const cantidad of ["1000", "2147483648"]) {
      const refused = await act(
        productAction,
        `/producto/${product.id}`,
        { intent: "add", cantidad },
        { params: { id: product.id } },
      );
      expect(refused.status).toBe(400);
      expect(refused.body).toEqual({ ok: false, message: messages.invalidQuantity });
    }
    const cartId = await makeCart([{ productoId: product.id, cantidad: 999 }]);
    const more = await act(
      productAction,
      `/producto/${product.id}`,
      { intent: "add", cantidad: "1" },
      { params: { id: product.id }, cookie: await cartCookieOf(cartId) },
    );
    expect(more.status).toBe(400);
    expect(more.body).toEqual({ ok: false, message: messages.invalidQuantity });
    const update = await act(
      cartAction,
      "/carrito",
      { intent: "update", [`cantidad.${product.id}`]: "2147483648" },
      { cookie: await cartCookieOf(cartId) },
    );
    expect(update.status).toBe(400);
    expect(update.body).toMatchObject({ ok: false, message: messages.invalidQuantity });
    const [line] = await database.db.select().from(carritoLineas).where(eq(carritoLineas.carritoId, cartId));
    expect(line.cantidad).toBe(999);
  });
});

describe("throttles, each a 429 in Spanish with nothing done", () => {
  const contact = {
    nombre: "Ana",
    correo: "ana@example.com",
    telefono: "3333333333",
    mensaje: "Quiero una cita, por favor.",
  };

  it("the contact form: 5 messages per IP in 15 minutes, then a wait; another IP still writes", async () => {
    const mails = () => readOutbox(env.dataDir).filter((m) => m.subject.includes("contacto")).length;
    const before = mails();
    for (let i = 0; i < 5; i++)
      expect((await act(contactAction, "/Contacto", contact, { ip: "203.0.113.7" })).status).toBe(302);
    expect(mails()).toBe(before + 5);
    const refused = await act(contactAction, "/Contacto", contact, { ip: "203.0.113.7" });
    expect(refused.status).toBe(429);
    expect(refused.body.formError).toMatch(SPANISH_TOO_MANY);
    expect(Number(refused.headers.get("Retry-After"))).toBeGreaterThan(0);
    expect(mails()).toBe(before + 5);
    expect((await act(contactAction, "/Contacto", contact, { ip: "203.0.113.8" })).status).toBe(302);
    // counted in the shared table, per client IP
    const [row] = await database.db.select().from(rateLimit).where(eq(rateLimit.key, "contacto|ip|203.0.113.7"));
    expect(row.count).toBe(6);
  });

  it("the contact form refuses a name over 80 characters and a message over 2,000", async () => {
    for (const bad of [{ nombre: "a".repeat(81) }, { mensaje: "a".repeat(TEXT_LIMITS.mensaje + 1) }]) {
      const refused = await act(contactAction, "/Contacto", { ...contact, ...bad }, { ip: "203.0.113.9" });
      expect(refused.status).toBe(400);
      expect(JSON.stringify(refused.body.errors)).toMatch(/demasiado largo/);
    }
  });

  describe("reviews", () => {
    let author: TestUser;
    let productId: string;
    beforeAll(async () => {
      author = await signUpUser({ name: "Rita Reseña" });
      productId = (await makeProduct()).id;
    });
    const review = (comentarios: string, calificacion = "5", ip = "198.51.100.20") =>
      act(
        productAction,
        `/producto/${productId}`,
        { intent: "review", calificacion, comentarios },
        {
          params: { id: productId },
          cookie: author.cookie,
          ip,
        },
      );
    const mine = () => database.db.select().from(comentarios).where(eq(comentarios.userId, author.id));

    it("keeps one review per user and product: a second post edits the first", async () => {
      expect((await review("Buen producto", "3")).status).toBe(200);
      const edited = await review("Mejor de lo que pensé", "5");
      expect(edited.status).toBe(200);
      expect(await mine()).toEqual([
        expect.objectContaining({ comentarios: "Mejor de lo que pensé", calificacion: 5, nombre: "Rita Reseña" }),
      ]);
    });

    it("refuses a text over 2,000 characters with 400, and a visitor with 401", async () => {
      const long = await review("a".repeat(TEXT_LIMITS.comentario + 1));
      expect(long.status).toBe(400);
      expect((long.body.message as { text: string }).text).toMatch(/demasiado largo \(máximo 2000 caracteres\)/);
      const visitor = await act(
        productAction,
        `/producto/${productId}`,
        { intent: "review", calificacion: "5", comentarios: "Hola" },
        {
          params: { id: productId },
        },
      );
      expect(visitor.status).toBe(401);
      expect(visitor.body.message).toEqual(messages.reviewLoginRequired);
      expect(await mine()).toHaveLength(1);
    });

    it("limits one account to 10 reviews in 15 minutes, whatever its IP", async () => {
      const used =
        (
          await database.db
            .select()
            .from(rateLimit)
            .where(eq(rateLimit.key, `resena|cuenta|${author.id}`))
        )[0]?.count ?? 0;
      for (let i = used; i < 10; i++)
        expect((await review(`Edición ${i}`, "4", `198.51.100.${30 + i}`)).status).toBe(200);
      const refused = await review("Una más", "1", "198.51.100.99");
      expect(refused.status).toBe(429);
      expect((refused.body.message as { text: string }).text).toMatch(SPANISH_TOO_MANY);
      expect((await mine())[0].comentarios).toBe("Edición 9");
    });
  });

  it("discount codes in the cart: 20 checks per IP, then a wait (the right code included)", async () => {
    const product = await makeProduct();
    await makePromotion({ productoId: product.id, codigo: "VERANO", descuento: 10 });
    const cartId = await makeCart([{ productoId: product.id, cantidad: 1 }]);
    const cookie = await cartCookieOf(cartId);
    const check = (codigo: string) =>
      act(
        cartAction,
        "/carrito",
        { intent: `code:${product.id}`, [`codigo.${product.id}`]: codigo },
        { cookie, ip: "192.0.2.50" },
      );
    for (let i = 0; i < 20; i++) expect((await check(`ADIVINA${i}`)).status).toBe(400);
    const refused = await check("VERANO");
    expect(refused.status).toBe(429);
    expect((refused.body.message as { text: string }).text).toMatch(SPANISH_TOO_MANY);
    const [line] = await database.db.select().from(carritoLineas).where(eq(carritoLineas.carritoId, cartId));
    expect(line.codigoDescuento).toBeNull();
  });

  it("discount codes at the course checkout: 20 checks per account, then the wait instead of the check", async () => {
    const buyer = await signUpUser();
    const course = await makeCourse({ precio: 100_000 });
    await makeCoursePromotion({ cursoId: course.id, codigo: "CURSO10", descuento: 10 });
    const load = (codigo: string, ip: string) =>
      courseCheckoutLoader({
        request: new Request(`http://localhost/pagar-curso/${course.id}?codigo=${codigo}`, {
          headers: { cookie: buyer.cookie },
        }),
        params: { id: course.id },
        context: { clientIp: ip },
      } as never);
    for (let i = 0; i < 20; i++) expect((await load(`MAL${i}`, `192.0.2.${100 + i}`)).estadoCodigo).toBe("invalido");
    const refused = await load("CURSO10", "192.0.2.200");
    expect(refused.estadoCodigo).toBe("bloqueado");
    expect(refused.bloqueo?.text).toMatch(SPANISH_TOO_MANY);
    expect(refused.pedido.total).toBe(100_000);
  });

  it("the payment API: /v2/correo 5 per account, and payment creation once the account's budget is spent", async () => {
    const buyer = await signUpUser();
    for (let i = 0; i < 5; i++) {
      expect((await app.post("/auth/michel-alvarez/v2/correo", { id: `pago-${i}` }, buyer.cookie)).status).toBe(404);
    }
    const mail = await app.post("/auth/michel-alvarez/v2/correo", { id: "pago-x" }, buyer.cookie);
    expect(mail.status).toBe(429);
    expect(mail.headers.get("retry-after")).toMatch(/^\d+$/);
    expect(((await mail.json()) as { error: { text: string } }).error.text).toMatch(SPANISH_TOO_MANY);

    const course = await makeCourse({ precio: 100_000 });
    for (let i = 0; i < 10; i++) await throttle(database.db, "pago", { ip: "192.0.2.77", userId: buyer.id });
    const before = await rows(pagos);
    const pay = await app.post("/auth/michel-alvarez/v2/stripe", { curso: course.id }, buyer.cookie);
    expect(pay.status).toBe(429);
    expect(((await pay.json()) as { error: { text: string } }).error.text).toMatch(SPANISH_TOO_MANY);
    expect(await rows(pagos)).toBe(before);
  });

  it("sign-up through Better Auth: 10 per client IP a minute, then 429 in Spanish", async () => {
    const from = randomLoopbackAddress();
    const signUp = (i: number) =>
      postAuth(
        app.baseURL,
        "/sign-up/email",
        {
          name: "Lluvia",
          email: `lluvia-${i}-${Date.now()}@example.com`,
          password: "clave-segura-1",
          aceptaTerminos: true,
        },
        from,
      );
    for (let i = 0; i < 10; i++) expect((await signUp(i)).status).toBe(200);
    const refused = await signUp(10);
    expect(refused.status).toBe(429);
    expect(JSON.parse(refused.body).message).toBe(messages.tooManyRequests.text);
    // another address is another bucket
    expect(
      (
        await postAuth(
          app.baseURL,
          "/sign-up/email",
          { name: "Nube", email: `nube-${Date.now()}@example.com`, password: "clave-segura-1", aceptaTerminos: true },
          randomLoopbackAddress(),
        )
      ).status,
    ).toBe(200);
  });
});

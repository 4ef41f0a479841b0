/**
 * The three rules whose copies disagreed (issue: one owner per business rule), pinned on a
 * real database: a discount code is one code whatever its case, in the cart and at checkout
 * alike; the 'Aviso' pause stops course payments as it stops product payments; a course
 * costs the same on its page, in its search data and at checkout.
 */
import type { AddressInfo } from "node:net";
import express from "express";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { coursePrice } from "~/domain/course-price";
import { formatPrice } from "~/domain/money";
import { cartSummary } from "~/domain/cart";
import { loadCart, loadShippingRates } from "~/server/shop/cart.server";
import type { Database } from "~/server/db/client.server";
import { promociones } from "~/server/db/schema";
import { paymentRoutes } from "~/server/http/payment-api.server";
import { createDemoProvider } from "~/server/payments/demo.server";
import { priceCart, priceCourse } from "~/server/shop/pricing.server";
import { listOnlineCourses } from "~/server/catalog-public.server";
import { loader as courseLoader, meta as courseMeta } from "~/routes/curso";
import {
  PAUSE_NOW,
  clearSettings,
  makeCart,
  makeCourse,
  makeProduct,
  makePromotion,
  makeShippingBand,
  setSetting,
  signUpUser,
  useTestDatabase,
} from "../support/fixtures";

let database: Database;
const servers: { close: () => void }[] = [];

beforeAll(async () => {
  database = await useTestDatabase();
  await makeShippingBand();
});

afterAll(async () => {
  for (const server of servers) server.close();
  await database?.close();
});

beforeEach(clearSettings);

describe("discount-code identity", () => {
  it("a code whose case the studio changed still discounts the cart exactly as checkout charges", async () => {
    const product = await makeProduct({ precio: 100_000 });
    const promo = await makePromotion({ productoId: product.id, codigo: "VERANO20", descuento: 20 });
    const cartId = await makeCart([{ productoId: product.id, cantidad: 1, codigo: "VERANO20" }]);

    // The admin renames the code's case.
    await database.db.update(promociones).set({ codigo: "Verano20" }).where(eq(promociones.id, promo.id));

    const cart = await loadCart(database.db, cartId);
    const priced = await priceCart(database.db, cartId);
    expect(priced.ok).toBe(true);
    if (!priced.ok) return;
    expect(priced.draft.lines[0].descuento).toBe(20);
    expect(cart?.lines[0].descuento).toBe(priced.draft.lines[0].descuento);
    expect(cart?.lines[0].codigo?.toLowerCase()).toBe("verano20");
  });

  it("the database refuses two spellings of one code for the same product", async () => {
    const product = await makeProduct();
    await makePromotion({ productoId: product.id, codigo: "VERANO", descuento: 10 });
    await expect(makePromotion({ productoId: product.id, codigo: "verano", descuento: 90 })).rejects.toThrow();
    // The same code for another product is another promotion.
    const other = await makeProduct();
    await expect(makePromotion({ productoId: other.id, codigo: "verano", descuento: 90 })).resolves.toBeTruthy();
  });
});

describe("free shipping", () => {
  it("the cart and the checkout read the studio's switch the same way, however it was typed", async () => {
    const product = await makeProduct({ peso: 100 });
    const cartId = await makeCart([{ productoId: product.id, cantidad: 1 }]);
    await setSetting("envio", { estado: " gratis " });
    // engine-neutral: three reads
    const [cart, rates, priced] = await Promise.all([
      loadCart(database.db, cartId),
      loadShippingRates(database.db),
      priceCart(database.db, cartId),
    ]);
    const summary = cartSummary(cart?.lines ?? [], rates);
    expect(summary.shipping).toMatchObject({ ok: true, centavos: 0 });
    expect(priced.ok && priced.draft.envio).toBe(0);
  });
});

describe("the server secret", () => {
  it("is kept in one place and read by auth, the checkout cookie and the exam", async () => {
    const fs = await import("node:fs");
    const path = await import("node:path");
    const { DEVELOPMENT_SECRET, serverSecret } = await import("~/server/secret.server");
    const { getAuth } = await import("~/server/auth.server");
    expect(getAuth().options.secret).toBe(serverSecret());
    const files = fs
      .readdirSync("app", { recursive: true, encoding: "utf8" })
      .filter((f) => /\.(ts|tsx)$/.test(f))
      .filter((f) => fs.readFileSync(path.join("app", f), "utf8").includes(DEVELOPMENT_SECRET));
    expect(files).toEqual([path.join("server", "secret.server.ts")]);
    for (const reader of ["server/auth.server.ts", "server/shop/checkout.server.ts", "server/exam.server.ts"]) {
      expect(fs.readFileSync(path.join("app", reader), "utf8")).toContain("serverSecret()");
    }
  });
});

describe("the 'Aviso' purchase pause", () => {
  it("refuses a course payment while purchases are paused, as it refuses a cart payment", async () => {
    const course = await makeCourse({ precio: 150_000 });
    const buyer = await signUpUser();
    const app = express();
    app.use(paymentRoutes({ provider: createDemoProvider(database.db) }));
    const server = app.listen(0, "127.0.0.1");
    await new Promise((resolve) => server.once("listening", resolve));
    servers.push(server);
    const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    const pay = () =>
      fetch(`${base}/auth/michel-alvarez/v2/stripe`, {
        method: "POST",
        headers: { "content-type": "application/json", origin: base, cookie: buyer.cookie },
        body: JSON.stringify({ curso: course.id }),
      });

    await setSetting("aviso", PAUSE_NOW());
    const paused = await pay();
    expect(paused.status).toBe(409);
    expect(((await paused.json()) as { error: { title: string } }).error.title).toBe("Aviso");

    await clearSettings();
    expect((await pay()).status).toBe(200);
  });
});

describe("course price", () => {
  it("imported data with a 'discount' above the price shows and charges the same amount everywhere", async () => {
    const course = await makeCourse({ precio: 399_000, precioDescuento: 499_000 });
    const priced = await priceCourse(database.db, course.id);
    expect(priced.ok).toBe(true);
    if (!priced.ok) return;
    const charged = priced.draft.total;
    expect(charged).toBe(399_000);

    // The listing's card
    const card = (await listOnlineCourses()).find((c) => c.id === course.id);
    expect(card).toBeTruthy();
    expect(card && coursePrice(card).precio).toBe(charged);

    // The course page's description for search results and shared links
    const data = await courseLoader({
      request: new Request(`http://localhost/cursos/${course.id}`),
      params: { id: course.id },
      context: { clientIp: "127.0.0.1" },
    } as never);
    const tags = courseMeta({ loaderData: data } as never) as { name?: string; property?: string; content?: string }[];
    const description = tags.find((t) => t.name === "description")?.content ?? "";
    expect(description).toContain(formatPrice(charged, { suffix: true }));
  });
});

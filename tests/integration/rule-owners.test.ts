/**
 * The rules whose copies disagreed (issue: one owner per business rule), pinned on a real
 * database: a discount code is one code whatever its case, in the cart and at checkout
 * alike; the free-shipping switch and the shipping brackets read the same in the admin's
 * screen, the cart and the checkout; the 'Aviso' pause stops course payments as it stops
 * product payments; a course costs the same on its page, in its search data, at checkout and
 * in the admin's list, and the admin's form refuses the discounts that rule would ignore.
 */
import type { AddressInfo } from "node:net";
import express from "express";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { coursePrice } from "~/domain/course-price";
import { coursesResource } from "~/server/admin/courses.server";
import { formatPrice } from "~/domain/money";
import { cartSummary } from "~/domain/cart";
import { itemCountIndex } from "~/domain/shipping";
import { specsOf } from "~/server/admin/fields.server";
import { settingScreen } from "~/server/admin/settings.server";
import { shippingBandsResource, shippingStateSetting } from "~/server/admin/shipping.server";
import { loadCart, loadShippingRates } from "~/server/shop/cart.server";
import type { Database } from "~/server/db/client.server";
import { promociones } from "~/server/db/schema";
import { paymentRoutes } from "~/server/http/payment-api.server";
import { createDemoProvider } from "~/server/payments/demo.server";
import { priceCart, priceCourse } from "~/server/shop/pricing.server";
import { listOnlineCourses } from "~/server/school/catalog.server";
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

  it("the admin's screen reads the switch as the cart does: what it says is what is charged", async () => {
    for (const estado of [" gratis ", "GRATIS", "Normal", "casi"]) {
      await setSetting("envio", { estado });
      // engine-neutral: two reads side by side, no race
      const [screen, rates] = await Promise.all([
        settingScreen(database.db, shippingStateSetting),
        loadShippingRates(database.db),
      ]);
      expect(screen.values).toEqual({ estado: rates.gratis ? "Gratis" : "Normal" });
      expect(screen.status).toBe(
        rates.gratis ? "Ahora: envío gratis en toda la tienda." : "Ahora: el envío se cobra según el peso del pedido.",
      );
    }
  });

  it("the rate table's 7 prices are named by the brackets the cart and the checkout pick them by", async () => {
    const labels = specsOf(await shippingBandsResource.fields(database.db, true))
      .filter((field) => field.name.startsWith("precio"))
      .map((field) => field.label);
    expect(labels).toHaveLength(7);
    labels.forEach((label, i) => {
      const [, from, to] = /^(\d+) a (\d+) artículos/.exec(label) ?? [];
      for (const count of [Number(from), Number(to)]) {
        expect(itemCountIndex(count, "checkout")).toBe(i);
        expect(itemCountIndex(count, "cart")).toBe(i);
      }
      if (i > 0) expect(itemCountIndex(Number(from) - 1, "checkout")).toBe(i - 1);
    });
    // Past the last bracket the checkout quotes by hand.
    const last = Number(/ a (\d+) /.exec(labels[6]!)?.[1]);
    expect(itemCountIndex(last + 1, "checkout")).toBeNull();
  });
});

describe("the admin check", () => {
  it("is made in one place: every admin-only answer asks the guard (admin/guard.server.ts)", async () => {
    const fs = await import("node:fs");
    const path = await import("node:path");
    const files = fs
      .readdirSync("app", { recursive: true, encoding: "utf8" })
      .filter((f) => /\.(ts|tsx)$/.test(f) && !/\.test\.tsx?$/.test(f))
      .filter((f) =>
        /\brole\s*[!=]==?\s*["']admin["']|["']admin["']\s*[!=]==?\s*\w*\.?role\b/.test(
          fs.readFileSync(path.join("app", f), "utf8"),
        ),
      );
    expect(files).toEqual([path.join("server", "admin", "guard.server.ts")]);
    // the upload API (401/403), a CFDI file's owner or an admin, the header's link to /admin
    for (const asker of ["server/http/upload.server.ts", "server/invoicing/file-response.server.ts", "root.tsx"]) {
      expect(fs.readFileSync(path.join("app", asker), "utf8")).toMatch(/admin\/guard\.server"/);
    }
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
    for (const reader of ["server/auth.server.ts", "server/shop/checkout.server.ts", "server/school/exam.server.ts"]) {
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

    // The admin's list of courses
    const row = (await coursesResource.list(database.db, {})).find((item) => item.id === course.id);
    expect(row?.detail).toContain(formatPrice(charged));
    expect(row?.detail).not.toContain(formatPrice(499_000));
  });

  it("the admin form refuses exactly the discounts the price rule would ignore", () => {
    const form = (precio: number, precioDescuento: number | null) =>
      coursesResource.check?.({ precio, precioDescuento } as never) ?? null;
    for (const [precio, precioDescuento] of [
      [100_000, null],
      [100_000, 80_000],
      [100_000, 100_000],
      [100_000, 120_000],
    ] as const) {
      const counts = coursePrice({ precio, precioDescuento }).regular !== null;
      expect(form(precio, precioDescuento) === null).toBe(precioDescuento === null || counts);
    }
  });
});

/**
 * The studio hears of every new order and every payment to refund (issue 13): a mail to
 * env.studioInbox for each order written (products and courses) by the purchase workflow,
 * and, for payments charged that could not become an order (pagos.estado
 * 'requiere-reembolso'), a list in /admin/reembolsos whose 'Reembolsar' gives the money back
 * through the provider (issue 28) and marks them 'reembolsado'. Real database, the demo payment provider, the routes' own loader and
 * action; mails land in the outbox folder.
 */
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { action as refundsAction, loader as refundsLoader } from "~/routes/admin/reembolsos";
import type { Database } from "~/server/db/client.server";
import { pagos, productos, reembolsos } from "~/server/db/schema";
import { authorizeDemoPayment, createDemoProvider } from "~/server/payments/demo.server";
import { completePurchase } from "~/server/shop/complete-purchase.server";
import { startPayment } from "~/server/shop/order-payment.server";
import { priceCart, priceCourse } from "~/server/shop/pricing.server";
import {
  type TestUser,
  makeCart,
  makeCourse,
  makeProduct,
  makeShippingBand,
  signUpUser,
  useTestDatabase,
} from "../support/fixtures";
import { readOutbox } from "../support/outbox";

let database: Database;
let admin: TestUser;
let buyer: TestUser;
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "admin-refunds-"));
const STUDIO = "estudio-avisos@example.com";
const CARD = { numero: "4242424242424242", vencimiento: "12/30", cvc: "123", nombre: "Ana López" };
const CONTACTO = { correo: "ana.compras@example.com", telefono: "3312345678" };

beforeAll(async () => {
  database = await useTestDatabase({ config: { dataDir, smtpUrl: undefined, studioInbox: STUDIO } });
  admin = await signUpUser({ role: "admin" });
  buyer = await signUpUser({ name: "Ana López" });
  await makeShippingBand();
});

afterAll(async () => {
  await database?.close();
  fs.rmSync(dataDir, { recursive: true, force: true });
});

const studioMails = () => readOutbox(dataDir).filter((m) => m.to.includes(STUDIO));

/** A charged demo payment for a priced draft (the checkout's path), returning its id. */
async function pay(draft: Parameters<typeof startPayment>[1]["draft"], envio: boolean) {
  const { paymentId, clientSecret } = await startPayment(database.db, {
    userId: buyer.id,
    draft,
    datosEnvio: envio
      ? {
          nombre: "Ana",
          apellido: "López",
          direccion: "Av. Chapultepec 123",
          colonia: "Americana",
          codigo_postal: "44160",
          ciudad: "Guadalajara",
          estado: "Jalisco",
          pais: "México",
        }
      : null,
    datosContacto: CONTACTO,
    provider: createDemoProvider(database.db),
  });
  expect(await authorizeDemoPayment(database.db, { clientSecret, userId: buyer.id, card: CARD })).toMatchObject({
    ok: true,
  });
  return paymentId;
}

async function payCart(productoId: string, cantidad = 1) {
  const priced = await priceCart(database.db, await makeCart([{ productoId, cantidad }], buyer.id));
  if (!priced.ok) throw new Error(priced.message.text);
  return pay(priced.draft, true);
}

function adminRequest(form?: FormData, cookie = admin.cookie) {
  return new Request("http://localhost/admin/reembolsos", form ? { method: "POST", headers: { cookie }, body: form } : { headers: { cookie } });
}

async function refundFromQueue(pagoId: string, cookie = admin.cookie) {
  const form = new FormData();
  form.set("intent", "reembolsar");
  form.set("pagoId", pagoId);
  try {
    const result = (await refundsAction({ request: adminRequest(form, cookie), params: {}, context: {} } as never)) as {
      type?: string;
      data?: unknown;
      init?: { status?: number };
    };
    if (result?.type === "DataWithResponseInit") return { status: result.init?.status ?? 200, ...(result.data as object) };
    return { status: 200, ...(result as object) };
  } catch (thrown) {
    const d = thrown as { type?: string; init?: { status?: number }; status?: number };
    if (thrown instanceof Response) return { status: thrown.status };
    if (d?.type === "DataWithResponseInit") return { status: d.init?.status ?? 500 };
    throw thrown;
  }
}

const refundScreen = () => refundsLoader({ request: adminRequest(), params: {}, context: {} } as never);
const estadoOf = async (id: string) =>
  (await database.db.select({ estado: pagos.estado }).from(pagos).where(eq(pagos.id, id)))[0]?.estado;

describe("the studio's mail for every new order", () => {
  it("a product order mails the studio once: lines, buyer, address, total and the admin link", async () => {
    const product = await makeProduct({ nombre: "Pigmento café", precio: 45_000, cantidad: 5 });
    const paymentId = await payCart(product.id, 2);
    const result = await completePurchase(database.db, paymentId);
    if (!result.ok) throw new Error(result.message.text);
    const mails = studioMails().filter((m) => m.subject.includes(result.compraId));
    expect(mails.map((m) => m.subject)).toEqual([`Nuevo pedido ${result.compraId}: $1,050.00 MXN`]);
    const raw = mails[0]!.raw.replace(/=\r?\n/g, "");
    expect(raw).toContain("Pigmento caf");
    expect(raw).toContain("ana.compras@example.com");
    expect(raw).toContain("Chapultepec");
    expect(raw).toContain(`/admin/pedidos/${result.compraId}`);
    // The buyer got her confirmation, and a repeated confirmation mails nobody again.
    expect(await completePurchase(database.db, paymentId)).toMatchObject({ ok: true, created: false });
    expect(studioMails().filter((m) => m.subject.includes(result.compraId))).toHaveLength(1);
    expect(readOutbox(dataDir).filter((m) => m.to.includes("ana.compras@example.com"))).toHaveLength(1);
  });

  it("a course purchase mails the studio too", async () => {
    const course = await makeCourse({ titulo: "Microblading en línea", precio: 300_000 });
    const priced = await priceCourse(database.db, course.id);
    if (!priced.ok) throw new Error(priced.message.text);
    const result = await completePurchase(database.db, await pay(priced.draft, false));
    if (!result.ok) throw new Error(result.message.text);
    const mail = studioMails().find((m) => m.subject.includes(result.compraId));
    expect(mail?.subject).toBe(`Nueva compra de curso ${result.compraId}: $3,000.00 MXN`);
    expect(mail?.raw).toContain("Microblading");
  });
});

describe("payments to refund in /admin/reembolsos", () => {
  let refundId: string;

  it("a charge whose product ran out mails the studio and is listed with buyer, amount and products", async () => {
    const product = await makeProduct({ nombre: "Paleta agotada", precio: 80_000, cantidad: 1 });
    refundId = await payCart(product.id);
    await database.db.update(productos).set({ cantidad: 0 }).where(eq(productos.id, product.id));
    // Cards are authorised and captured only once the order exists, so a charge to refund
    // comes from a provider that had already captured it (a charge made at once).
    const demo = createDemoProvider(database.db);
    const chargedAtOnce = {
      ...demo,
      retrieve: async (id: string) => ({ ...(await demo.retrieve(id)), status: "captured" as const }),
    };
    const quiet = vi.spyOn(console, "error").mockImplementation(() => {});
    expect(await completePurchase(database.db, refundId, { provider: chargedAtOnce })).toMatchObject({
      ok: false,
      reason: "sin-stock",
    });
    quiet.mockRestore();
    expect(await estadoOf(refundId)).toBe("requiere-reembolso");
    expect(studioMails().filter((m) => m.subject.includes(refundId)).map((m) => m.subject)).toEqual([
      `Reembolso pendiente: pago ${refundId}`,
    ]);

    const screen = await refundScreen();
    expect(screen.pendientes).toEqual([
      expect.objectContaining({
        id: refundId,
        monto: 80_000 + 15_000,
        correo: "ana.compras@example.com",
        telefono: "3312345678",
        productos: "Paleta agotada × 1",
      }),
    ]);
    // Paid orders' payments are not listed.
    expect(screen.reembolsados).toEqual([]);
  });

  it("'Reembolsar' gives it back through the provider once, mails the client: it leaves the list", async () => {
    expect(await refundFromQueue(refundId)).toMatchObject({
      status: 200,
      notice: "Reembolsamos $950.00 MXN. Le avisamos por correo.",
    });
    expect(await estadoOf(refundId)).toBe("reembolsado");
    const given = await database.db.select().from(reembolsos).where(eq(reembolsos.pagoId, refundId));
    expect(given).toEqual([
      expect.objectContaining({ monto: 95_000, estado: "hecho", referencia: expect.stringMatching(/^demo_reembolso_/) }),
    ]);
    expect(
      readOutbox(dataDir)
        .filter((m) => m.to.includes("ana.compras@example.com"))
        .map((m) => m.subject)
        .filter((s) => s.startsWith("Te reembolsamos")),
    ).toEqual(["Te reembolsamos $950.00 MXN"]);
    const screen = await refundScreen();
    expect(screen.pendientes).toEqual([]);
    expect(screen.reembolsados.map((r) => r.id)).toEqual([refundId]);
    // A second click changes nothing.
    expect(await refundFromQueue(refundId)).toMatchObject({
      status: 400,
      alert: { text: "Este pago no está pendiente de reembolso." },
    });
  });

  it("refuses a paid order's payment, an unknown id, an overlong id and a non-admin, changing nothing", async () => {
    const [paid] = await database.db.select({ id: pagos.id }).from(pagos).where(eq(pagos.estado, "pagado")).limit(1);
    expect(await refundFromQueue(paid!.id)).toMatchObject({ status: 400 });
    expect(await estadoOf(paid!.id)).toBe("pagado");
    expect(await refundFromQueue("demo_no_existe")).toMatchObject({ status: 400 });
    expect(await refundFromQueue("x".repeat(500))).toMatchObject({ status: 400, alert: { text: "Pago desconocido." } });

    await database.db.insert(pagos).values({
      id: "demo_otro_reembolso",
      proveedor: "demo",
      userId: buyer.id,
      monto: 10_000,
      estado: "requiere-reembolso",
      detalle: { lines: [], datosContacto: CONTACTO },
    });
    expect((await refundFromQueue("demo_otro_reembolso", buyer.cookie)).status).toBe(404);
    await expect(
      refundsLoader({ request: adminRequest(undefined, buyer.cookie), params: {}, context: {} } as never),
    ).rejects.toMatchObject({ init: { status: 404 } });
    expect(await estadoOf("demo_otro_reembolso")).toBe("requiere-reembolso");
    expect((await refundScreen()).pendientes.map((r) => r.id)).toEqual(["demo_otro_reembolso"]);
  });
});

/**
 * Guías from the order (issue 29 part 3, ADR 036) against a local Envia.com stub: the studio
 * quotes an order's parcel (several carriers), buys the chosen rate once, prints the label's
 * PDF; the tracking number fills itself and the buyer gets the mail with the carrier's
 * tracking link; Envia's signed tracking events move the order to Enviado, then Entregado —
 * twice or late changes nothing. Envia down or answering late: a clear Spanish answer, the
 * purchase retried by its durable job with the same idempotency key (one label, one charge).
 * Without a provider the manual entry stays. Real database, the real route's loader and action.
 */
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { action as orderAction, loader as orderLoader } from "~/routes/admin/pedido";
import { loader as labelLoader } from "~/routes/admin/pedido-guia";
import { guiaAction } from "~/server/admin/orders.server";
import type { Database } from "~/server/db/client.server";
import { compraLineas, compras, correos, guias, productos, tareas } from "~/server/db/schema";
import { runDueJobs } from "~/server/jobs.server";
import { currentShippingProvider } from "~/server/shipping/guias.server";
import { type TestApp, startTestApp } from "../support/app";
import { type EnviaStub, startEnviaStub, webhookEvent } from "../support/envia-stub";
import { configure, makeCategory, makeProduct, type TestUser, signUpUser, useTestDatabase } from "../support/fixtures";
import { mailParts, readOutbox } from "../support/outbox";

const SECRET = "secreto-webhook-envia";
let database: Database;
let stub: EnviaStub;
let app: TestApp;
let admin: TestUser;
let buyer: TestUser;
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "guias-"));

const envio = {
  nombre: "Ana",
  apellido: "López",
  direccion: "Av. Vallarta 1234",
  colonia: "Arcos Vallarta",
  codigo_postal: "44130",
  ciudad: "Guadalajara",
  estado: "Jalisco",
  pais: "México",
};

async function makeOrder(id: string, correo: string) {
  await database.db.insert(compras).values({
    id,
    compradorId: buyer.id,
    total: 65_000,
    envio: 15_000,
    proveedor: "demo",
    pagoId: `pago-${id}`,
    datosEnvio: envio,
    datosContacto: { correo, telefono: "3312345678" },
  });
  await database.db.insert(compraLineas).values({
    compraId: id,
    productoId: "labial",
    nombre: "Labial mate",
    precio: 25_000,
    precioOriginal: 25_000,
    cantidad: 2,
  });
}

beforeAll(async () => {
  stub = await startEnviaStub();
  database = await useTestDatabase({
    config: {
      dataDir,
      smtpUrl: undefined,
      enviaApiKey: "envia-clave-prueba",
      enviaApiUrl: stub.url,
      enviaTimeoutMs: 5_000,
      enviaPaqueterias: ["estafeta", "dhl", "fedex", "redpack"],
      enviaWebhookSecret: SECRET,
    },
  });
  admin = await signUpUser({ role: "admin" });
  buyer = await signUpUser({ name: "Ana López" });
  await makeCategory({ id: "labios" });
  await makeProduct({ id: "labial", categoriaId: "labios", peso: 350 });
  await makeOrder("MA-GUIA1", "ana.guia@example.com");
  await makeOrder("MA-GUIA2", "ana.tarde@example.com");
  app = await startTestApp();
});

afterAll(async () => {
  await app?.close();
  await stub?.close();
  await database?.close();
  fs.rmSync(dataDir, { recursive: true, force: true });
});

const mailsTo = (to: string) => readOutbox(dataDir).filter((m) => m.to.includes(to));

async function post(id: string, fields: Record<string, string>, cookie = admin.cookie) {
  const form = new FormData();
  for (const [k, v] of Object.entries(fields)) form.set(k, v);
  const request = new Request(`http://localhost/admin/pedidos/${id}`, {
    method: "POST",
    headers: { cookie },
    body: form,
  });
  try {
    const result = (await orderAction({ request, params: { id }, context: {} } as never)) as {
      type?: string;
      data?: unknown;
      init?: { status?: number };
    };
    if (result?.type === "DataWithResponseInit")
      return { status: result.init?.status ?? 200, ...(result.data as object) } as Answer;
    return { status: 200, ...(result as object) } as Answer;
  } catch (thrown) {
    if (thrown instanceof Response) return { status: thrown.status } as Answer;
    const d = thrown as { type?: string; init?: { status?: number } };
    if (d?.type === "DataWithResponseInit") return { status: d.init?.status ?? 500 } as Answer;
    throw thrown;
  }
}
type Answer = { status: number; notice?: string; errors?: Record<string, string> };

const screen = (id: string) =>
  orderLoader({
    request: new Request(`http://localhost/admin/pedidos/${id}`, { headers: { cookie: admin.cookie } }),
    params: { id },
    context: {},
  } as never);

const parcel = { intent: "cotizar-guia", peso: "700", largo: "30", ancho: "20", alto: "15" };
const order = async (id: string) => (await database.db.select().from(compras).where(eq(compras.id, id)))[0]!;
const guia = async (id: string) => (await database.db.select().from(guias).where(eq(guias.compraId, id)))[0];

function sendEvent(tracking: string, secret = SECRET) {
  const event = webhookEvent(secret, tracking);
  return fetch(`${app.baseURL}/webhooks/envia`, {
    method: "POST",
    headers: { "content-type": "application/json", "x-envia-signature": event.signature },
    body: event.body,
  });
}

describe("a guía from the order screen", () => {
  it("quotes the parcel with every carrier, cheapest first, the parcel prefilled from the lines", async () => {
    const before = await screen("MA-GUIA1");
    expect(before.guia).toMatchObject({ estado: "nueva", paquete: { peso: "700" }, tarifas: [] });
    expect(await post("MA-GUIA1", parcel)).toMatchObject({
      status: 200,
      notice: "4 tarifas. Elige una para comprar la guía.",
    });
    const { guia: quoted } = await screen("MA-GUIA1");
    expect(quoted?.tarifas.map((t) => [t.paqueteria, t.precio])).toEqual([
      ["Estafeta", 13_950],
      ["FedEx", 17_990],
      ["DHL", 24_900],
      ["FedEx", 29_900],
    ]);
    // one call per carrier, with the destination and the studio as origin
    const rates = stub.requests.filter((r) => r.path === "/ship/rate/");
    expect(rates.map((r) => (r.body.shipment as { carrier: string }).carrier).sort()).toEqual([
      "dhl",
      "estafeta",
      "fedex",
      "redpack",
    ]);
    expect(rates[0]!.body).toMatchObject({
      origin: { postalCode: "44160", state: "JA", country: "MX" },
      destination: { postalCode: "44130", city: "Guadalajara", state: "JA" },
      packages: [{ weight: 0.7, weightUnit: "KG", dimensions: { length: 30, width: 20, height: 15 } }],
    });
  });

  it("refuses a parcel out of range or a rate that was not quoted, in Spanish, buying nothing", async () => {
    const bad = await post("MA-GUIA1", { ...parcel, peso: "900000" });
    expect(bad.status).toBe(400);
    expect(bad.errors?.peso).toBeTruthy();
    const forged = await post("MA-GUIA1", { intent: "comprar-guia", tarifa: "dhl:gratis" });
    expect(forged).toMatchObject({ status: 400, errors: { tarifa: "Elige una de las tarifas cotizadas." } });
    expect(stub.bought()).toBe(0);
  });

  it("buys the chosen rate once: the tracking number fills itself and the buyer gets the tracking link", async () => {
    const bought = await post("MA-GUIA1", { intent: "comprar-guia", tarifa: "estafeta:ground" });
    expect(bought.status).toBe(200);
    expect(bought.notice).toMatch(/^Guía \d+ comprada\./);
    expect(stub.bought()).toBe(1);
    const row = await guia("MA-GUIA1");
    const o = await order("MA-GUIA1");
    expect(o).toMatchObject({ paqueteria: "Estafeta", guia: row!.guia, estadoEnvio: 1 });
    expect(row).toMatchObject({
      estado: "comprada",
      costo: 13_950,
      urlRastreo: `https://envia.com/rastreo?label=${row!.guia}`,
    });
    const [mail] = mailsTo("ana.guia@example.com");
    expect(mail?.subject).toBe("Tu pedido MA-GUIA1: Preparando");
    expect(mail?.raw).toContain(row!.guia!);
    expect(mailParts(mail!.raw, "text/plain")[0]).toContain(
      `Rastrea tu paquete: https://envia.com/rastreo?label=${row!.guia}`,
    );
    // the same idempotency key was written before the call
    expect(stub.labels.get(row!.guia!)?.key).toBe(row!.clave);

    // buying again (a second click, another tab) buys nothing
    expect(await post("MA-GUIA1", { intent: "comprar-guia", tarifa: "dhl:express" })).toMatchObject({
      status: 400,
      errors: { tarifa: "Este pedido ya tiene guía." },
    });
    expect(await post("MA-GUIA1", parcel)).toMatchObject({
      status: 400,
      errors: { peso: "Este pedido ya tiene guía." },
    });
    expect(stub.bought()).toBe(1);
  });

  it("prints the label's PDF for the studio only", async () => {
    const { guia: shown } = await screen("MA-GUIA1");
    expect(shown).toMatchObject({ estado: "comprada", pdf: true });
    const pdf = (await labelLoader({
      request: new Request("http://localhost/admin/pedidos/MA-GUIA1/guia", { headers: { cookie: admin.cookie } }),
      params: { id: "MA-GUIA1" },
      context: {},
    } as never)) as Response;
    expect(pdf.headers.get("content-type")).toBe("application/pdf");
    expect(
      Buffer.from(await pdf.arrayBuffer())
        .subarray(0, 5)
        .toString(),
    ).toBe("%PDF-");
    const denied = await labelLoader({
      request: new Request("http://localhost/admin/pedidos/MA-GUIA1/guia", { headers: { cookie: buyer.cookie } }),
      params: { id: "MA-GUIA1" },
      context: {},
    } as never).catch((e: unknown) => e);
    expect(
      (denied as { init?: { status?: number }; status?: number }).init?.status ?? (denied as Response).status,
    ).toBe(404);
  });
});

describe("Envia's tracking events", () => {
  it("refuse a forged signature and change nothing", async () => {
    const { guia: tracking } = (await guia("MA-GUIA1"))!;
    stub.status.set(tracking!, "In transit");
    expect((await sendEvent(tracking!, "otro-secreto")).status).toBe(400);
    expect((await order("MA-GUIA1")).estadoEnvio).toBe(1);
  });

  it("move the order to Enviado, then Entregado, mailing once each; twice or late changes nothing", async () => {
    const { guia: tracking } = (await guia("MA-GUIA1"))!;
    stub.status.set(tracking!, "In transit");
    expect((await sendEvent(tracking!)).status).toBe(200);
    expect((await sendEvent(tracking!)).status).toBe(200);
    expect((await order("MA-GUIA1")).estadoEnvio).toBe(2);
    stub.status.set(tracking!, "Delivered");
    expect((await sendEvent(tracking!)).status).toBe(200);
    expect((await order("MA-GUIA1")).estadoEnvio).toBe(3);
    // a late 'in transit' event: Envia answers its current status, and it never goes back
    expect((await sendEvent(tracking!)).status).toBe(200);
    stub.status.set(tracking!, "In transit");
    expect((await sendEvent(tracking!)).status).toBe(200);
    expect((await order("MA-GUIA1")).estadoEnvio).toBe(3);
    expect(mailsTo("ana.guia@example.com").map((m) => m.subject)).toEqual([
      "Tu pedido MA-GUIA1: Preparando",
      "Tu pedido MA-GUIA1: Enviado",
      "Tu pedido MA-GUIA1: Entregado",
    ]);
  });

  it("an event for a tracking number we did not buy changes nothing", async () => {
    const count = readOutbox(dataDir).length;
    expect((await sendEvent("999999")).status).toBe(200);
    expect(readOutbox(dataDir)).toHaveLength(count);
  });
});

describe("Envia down or late", () => {
  it("a quote while Envia is down: a clear Spanish answer, nothing written", async () => {
    stub.down = true;
    try {
      const answer = await post("MA-GUIA2", parcel);
      expect(answer).toMatchObject({
        status: 400,
        errors: { peso: "Envia.com no respondió. Intenta de nuevo en un momento." },
      });
      expect(await guia("MA-GUIA2")).toBeUndefined();
    } finally {
      stub.down = false;
    }
  });

  it("a refused purchase says Envia's reason and can be quoted again", async () => {
    await post("MA-GUIA2", parcel);
    stub.refuse = "Saldo insuficiente";
    const answer = await post("MA-GUIA2", { intent: "comprar-guia", tarifa: "fedex:standard" });
    expect(answer).toMatchObject({
      status: 400,
      errors: { tarifa: "Envia.com no compró la guía: Saldo insuficiente" },
    });
    expect(await guia("MA-GUIA2")).toMatchObject({ estado: "fallida", error: "Saldo insuficiente" });
    expect(await post("MA-GUIA2", parcel)).toMatchObject({ status: 200 });
  });

  it("a purchase whose answer never arrived is retried by its job with the same key: one label, one mail", async () => {
    const bought = stub.bought();
    stub.delayMs = 1_000;
    // a short deadline for this purchase only (the rest of the file allows a loaded machine)
    const undo = configure({ config: { enviaTimeoutMs: 300 } });
    const answer = await post("MA-GUIA2", { intent: "comprar-guia", tarifa: "fedex:standard" }).finally(undo);
    expect(answer.status).toBe(400);
    expect(answer.errors?.tarifa).toMatch(/no confirmó la compra/);
    const pending = await guia("MA-GUIA2");
    expect(pending).toMatchObject({ estado: "comprando", intentos: 1 });
    expect(stub.bought()).toBe(bought + 1); // Envia did buy it; the answer was lost
    const [job] = await database.db.select().from(tareas).where(eq(tareas.clave, "comprar-guia:MA-GUIA2"));
    expect(job?.estado).toBe("pendiente");
    expect(mailsTo("ana.tarde@example.com")).toHaveLength(0);

    stub.delayMs = 0;
    await new Promise((resolve) => setTimeout(resolve, 800)); // the stub's late answer is gone
    await runDueJobs(database.db, new Date(Date.now() + 3 * 60_000));
    const done = await guia("MA-GUIA2");
    expect(done).toMatchObject({ estado: "comprada", clave: pending!.clave, intentos: 2 });
    expect(stub.bought()).toBe(bought + 1);
    expect((await order("MA-GUIA2")).guia).toBe(done!.guia);
    expect(mailsTo("ana.tarde@example.com").map((m) => m.subject)).toEqual(["Tu pedido MA-GUIA2: Preparando"]);
    const [after] = await database.db.select().from(tareas).where(eq(tareas.clave, "comprar-guia:MA-GUIA2"));
    expect(after?.estado).not.toBe("pendiente");
  });

  it("the studio's 'Reintentar ahora' makes the same purchase again: one label", async () => {
    await makeOrder("MA-GUIA3", "ana.reintento@example.com");
    await post("MA-GUIA3", parcel);
    const bought = stub.bought();
    stub.delayMs = 1_000;
    const undo = configure({ config: { enviaTimeoutMs: 300 } });
    await post("MA-GUIA3", { intent: "comprar-guia", tarifa: "dhl:express" }).finally(undo);
    stub.delayMs = 0;
    expect((await screen("MA-GUIA3")).guia?.estado).toBe("comprando");
    await new Promise((resolve) => setTimeout(resolve, 800));
    const retried = await post("MA-GUIA3", { intent: "reintentar-guia" });
    expect(retried.status).toBe(200);
    expect(retried.notice).toMatch(/^Guía \d+ comprada\./);
    expect(stub.bought()).toBe(bought + 1);
    // the job finds nothing left to do
    await runDueJobs(database.db, new Date(Date.now() + 3 * 60_000));
    expect(stub.bought()).toBe(bought + 1);
    expect(mailsTo("ana.reintento@example.com")).toHaveLength(1);
  });
});

describe("without a shipping provider", () => {
  it("no guía panel: the manual entry stays, and a quote says guías are not configured", async () => {
    const undo = configure({
      config: { enviaApiKey: undefined, publicUrlSetting: "https://michelalvarez.mx", demoMode: false },
    });
    try {
      expect(currentShippingProvider()).toBeNull();
      const form = new FormData();
      for (const [k, v] of Object.entries(parcel)) form.set(k, v);
      expect(await guiaAction(database.db, "MA-GUIA1", "cotizar-guia", form)).toEqual({
        ok: false,
        errors: { peso: "Las guías automáticas no están configuradas." },
      });
    } finally {
      undo();
    }
  });

  it("the studio's keyed mails exist once in the outbox", async () => {
    const rows = await database.db.select({ clave: correos.clave }).from(correos);
    const keys = rows.map((r) => r.clave).filter(Boolean);
    expect(new Set(keys).size).toBe(keys.length);
    // the product's weight is what the quote started from
    const [p] = await database.db.select({ peso: productos.peso }).from(productos).where(eq(productos.id, "labial"));
    expect(p?.peso).toBe(350);
  });
});

/**
 * Shipping states the buyer sees (issue 12): the admin's four states (Pendiente, Preparando,
 * Enviado, Entregado) read the same in /mis-compras, with the carrier and tracking number
 * the studio entered on the order screen, and each change of state mails the buyer. Real
 * database, real loader and action of the routes, the page drawn by React on the server;
 * mails land in the outbox folder.
 */
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { createElement } from "react";
import { renderToString } from "react-dom/server";
import { MemoryRouter } from "react-router";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { AlertProvider } from "~/components/ui/alert-provider";
import { ToastProvider } from "~/components/ui/toast-provider";
import { action as orderAction, loader as orderLoader } from "~/routes/admin/pedido";
import MisCompras, { loader as misComprasLoader } from "~/routes/mis-compras";
import type { Database } from "~/server/db/client.server";
import { eq } from "drizzle-orm";
import { compraLineas, compras, correos } from "~/server/db/schema";
import { deliverDueMail, settleMailDeliveries } from "~/server/mail.server";
import { configure, type TestUser, signUpUser, useTestDatabase } from "../support/fixtures";
import { readOutbox } from "../support/outbox";

let database: Database;
let admin: TestUser;
let buyer: TestUser;
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "order-shipping-"));

beforeAll(async () => {
  database = await useTestDatabase({ config: { dataDir, smtpUrl: undefined } });
  admin = await signUpUser({ role: "admin" });
  buyer = await signUpUser({ name: "Ana López" });
  await database.db.insert(compras).values([
    {
      id: "MA-ENVIO1",
      compradorId: buyer.id,
      total: 65_000,
      envio: 15_000,
      proveedor: "demo",
      pagoId: "pago-envio-1",
      datosEnvio: { nombre: "Ana", apellido: "López", ciudad: "Guadalajara" },
      datosContacto: { correo: "ana.envios@example.com", telefono: "3312345678" },
    },
    { id: "MA-CURSO1", compradorId: buyer.id, total: 250_000, proveedor: "demo", pagoId: "pago-curso-1", curso: true },
  ]);
  await database.db.insert(compraLineas).values({
    compraId: "MA-ENVIO1",
    nombre: "Labial mate",
    precio: 25_000,
    precioOriginal: 25_000,
    cantidad: 2,
  });
});

afterAll(async () => {
  await database?.close();
  fs.rmSync(dataDir, { recursive: true, force: true });
});

const params = { id: "MA-ENVIO1" };
const mailsTo = (to: string) => readOutbox(dataDir).filter((m) => m.to.includes(to));

/** The admin's order form, posted as the order screen posts it. */
async function setShipping(fields: Record<string, string>, id = "MA-ENVIO1", cookie = admin.cookie) {
  const form = new FormData();
  form.set("intent", "estado");
  for (const [k, v] of Object.entries(fields)) form.set(k, v);
  const request = new Request(`http://localhost/admin/pedidos/${id}`, { method: "POST", headers: { cookie }, body: form });
  try {
    const result = await orderAction({ request, params: { id }, context: {} } as never);
    const d = result as { type?: string; data?: unknown; init?: { status?: number } };
    if (d && d.type === "DataWithResponseInit") return { status: d.init?.status ?? 200, ...(d.data as object) };
    return { status: 200, ...(result as object) } as { status: number; notice?: string; errors?: Record<string, string> };
  } catch (thrown) {
    if (thrown instanceof Response) return { status: thrown.status };
    const d = thrown as { type?: string; init?: { status?: number } };
    if (d?.type === "DataWithResponseInit") return { status: d.init?.status ?? 500 };
    throw thrown;
  }
}

/** /mis-compras as the buyer's browser receives it: the real loader, the page drawn on the server. */
async function myOrdersPage(cookie = buyer.cookie): Promise<string> {
  const request = new Request("http://localhost/mis-compras", { headers: { cookie } });
  const loaderData = await misComprasLoader({ request, params: {}, context: {} } as never);
  const page = createElement(MisCompras as never, { loaderData, params: {}, matches: [] });
  return renderToString(
    createElement(MemoryRouter, null, createElement(AlertProvider, null, createElement(ToastProvider, null, page))),
  ).replace(/<!-- -->/g, "");
}

const statusOf = (html: string) => html.match(/data-testid="order-status"[^>]*>(?:<svg[\s\S]*?<\/svg>)?([^<]*)</)?.[1];

describe("shipping states in /mis-compras and the admin's order screen", () => {
  it("a new order reads 'Pendiente' to the buyer and the admin", async () => {
    expect(statusOf(await myOrdersPage())).toBe("Pendiente");
    const screen = await orderLoader({
      request: new Request("http://localhost/admin/pedidos/MA-ENVIO1", { headers: { cookie: admin.cookie } }),
      params,
      context: {},
    } as never);
    expect(screen.order.estadoEnvio).toBe(0);
    expect(screen.fields.map((f) => f.name)).toEqual(["estado", "paqueteria", "guia"]);
  });

  it("'Preparando' reads 'Preparando' (not 'Enviado') and mails the buyer at the checkout address", async () => {
    const answer = await setShipping({ estado: "1", paqueteria: "", guia: "" });
    expect(answer).toMatchObject({ status: 200, notice: "Estado del envío actualizado. Le avisamos por correo." });
    const html = await myOrdersPage();
    expect(statusOf(html)).toBe("Preparando");
    expect(html).not.toContain("Enviado");
    const mails = mailsTo("ana.envios@example.com");
    expect(mails.map((m) => m.subject)).toEqual(["Tu pedido MA-ENVIO1: Preparando"]);
    expect(mails[0]!.raw).toContain("estamos preparando tu pedido");
  });

  it("'Enviado' with carrier and tracking number: the buyer sees both on the page and in the mail", async () => {
    const answer = await setShipping({ estado: "2", paqueteria: "Estafeta", guia: "8055 1234 5678" });
    expect(answer.status).toBe(200);
    const html = await myOrdersPage();
    expect(statusOf(html)).toBe("Enviado");
    expect(html).toContain("Estafeta · guía 8055 1234 5678");
    const mail = mailsTo("ana.envios@example.com").find((m) => m.subject === "Tu pedido MA-ENVIO1: Enviado");
    expect(mail?.raw).toContain("Estafeta");
    expect(mail?.raw).toContain("8055 1234 5678");
  });

  it("a tracking number corrected after the state change is mailed too (issue 29), once; the same form again sends nothing", async () => {
    const before = mailsTo("ana.envios@example.com").length;
    const answer = await setShipping({ estado: "2", paqueteria: "Estafeta", guia: "8055 1234 9999" });
    expect(answer).toMatchObject({ status: 200, notice: "Guía guardada. Le enviamos el número de guía por correo." });
    expect(await myOrdersPage()).toContain("guía 8055 1234 9999");
    const mails = mailsTo("ana.envios@example.com");
    expect(mails).toHaveLength(before + 1);
    expect(mails.at(-1)?.raw).toContain("8055 1234 9999");
    // the carrier's tracking page, for a carrier typed by hand
    expect(mails.at(-1)?.raw.replace(/=\r?\n/g, "")).toContain("wayBill=3D805512349999");
    expect(await setShipping({ estado: "2", paqueteria: "Estafeta", guia: "8055 1234 9999" })).toMatchObject({
      notice: "Datos del envío guardados.",
    });
    expect(mailsTo("ana.envios@example.com")).toHaveLength(before + 1);
  });

  it("'Entregado' reads 'Entregado' and mails again: one mail per change", async () => {
    await setShipping({ estado: "3", paqueteria: "Estafeta", guia: "8055 1234 9999" });
    expect(statusOf(await myOrdersPage())).toBe("Entregado");
    expect(mailsTo("ana.envios@example.com").map((m) => m.subject)).toEqual([
      "Tu pedido MA-ENVIO1: Preparando",
      "Tu pedido MA-ENVIO1: Enviado",
      "Tu pedido MA-ENVIO1: Enviado",
      "Tu pedido MA-ENVIO1: Entregado",
    ]);
  });

  it("refuses a state outside the list, an overlong tracking number, a course order and a non-admin, changing nothing", async () => {
    const count = readOutbox(dataDir).length;
    expect(await setShipping({ estado: "7", paqueteria: "", guia: "" })).toMatchObject({
      status: 400,
      errors: { estado: "Elige una opción de la lista." },
    });
    expect(await setShipping({ estado: "1", paqueteria: "DHL", guia: "9".repeat(61) })).toMatchObject({
      status: 400,
      errors: { guia: "Número de guía: máximo 60 caracteres." },
    });
    expect(await setShipping({ estado: "1", paqueteria: "", guia: "" }, "MA-CURSO1")).toMatchObject({
      status: 400,
      errors: { estado: "Este pedido no tiene envío." },
    });
    expect((await setShipping({ estado: "0", paqueteria: "", guia: "" }, "MA-ENVIO1", buyer.cookie)).status).toBe(404);
    const html = await myOrdersPage();
    expect(statusOf(html)).toBe("Entregado");
    expect(html).toContain("guía 8055 1234 9999");
    expect(readOutbox(dataDir)).toHaveLength(count);
  });

  it("with the mail server down the new state stands and its mail waits in the outbox, then goes out once", async () => {
    const count = readOutbox(dataDir).length;
    const undo = configure({ config: { smtpUrl: "smtp://127.0.0.1:9" } }); // nothing listens there
    try {
      const answer = await setShipping({ estado: "2", paqueteria: "Estafeta", guia: "8055 1234 9999" });
      expect(answer).toMatchObject({ status: 200, notice: "Estado del envío actualizado. Le avisamos por correo." });
      await settleMailDeliveries();
    } finally {
      undo();
    }
    expect(statusOf(await myOrdersPage())).toBe("Enviado");
    const [waiting] = await database.db.select().from(correos).where(eq(correos.estado, "pendiente"));
    expect(waiting).toMatchObject({ asunto: "Tu pedido MA-ENVIO1: Enviado", intentos: 1 });
    expect(readOutbox(dataDir)).toHaveLength(count);
    // the runner's retry, once the server is back
    await deliverDueMail(database.db, { now: waiting.siguienteIntento });
    await deliverDueMail(database.db, { now: new Date(waiting.siguienteIntento.getTime() + 86_400_000) });
    expect(readOutbox(dataDir).map((m) => m.subject).slice(count)).toEqual(["Tu pedido MA-ENVIO1: Enviado"]);
  });
});

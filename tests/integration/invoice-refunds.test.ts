// @engine: a refund's and an invoice's recording serialise on the order's row lock (FOR UPDATE / FOR SHARE)
/**
 * The CFDI follows the money back (issue 28 parts 2 and 4, ADR 034), through Facturapi's SDK
 * against its stub: a cancelled order's invoice is cancelled with motive 03; a partial refund
 * is credited with a CFDI de egreso related to the invoice (amounts read from the stamped XML);
 * Facturapi down, then the job stamps it once; a cancellation waiting for the receiver is
 * followed by Facturapi's signed webhook (twice or late changes nothing); a month's global
 * invoice carries partial refunds net to the centavo and credits the ones after it; the demo
 * models the same, SIN VALIDEZ FISCAL.
 */
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { eq } from "drizzle-orm";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { desgloseDeCompra, emisionGlobal, studioMonth } from "~/domain/cfdi";
import { action as facturasAction, loader as facturasLoader } from "~/routes/admin/facturas";
import { loader as orderLoader } from "~/routes/admin/pedido";
import type { Database } from "~/server/db/client.server";
import { compras, facturas, notasCredito, reembolsos } from "~/server/db/schema";
import { env } from "~/server/env.server";
import { creditNoteFile } from "~/server/invoicing/credit-notes.server";
import { issueGlobalInvoices } from "~/server/invoicing/global.server";
import { requestInvoice } from "~/server/invoicing/invoices.server";
import { runDueJobs } from "~/server/jobs.server";
import { requestRefund } from "~/server/payments/refunds.server";
import { cancelOrder } from "~/server/shop/order-cancel.server";
import "~/server/jobs-registry.server";
import { callAction, callLoader } from "../support/actions";
import { type TestApp, startTestApp } from "../support/app";
import { type FacturapiStub, startFacturapiStub, webhookEvent } from "../support/facturapi-stub";
import { type TestUser, configure, signUpUser, useTestDatabase } from "../support/fixtures";
import { makePaidOrder, pdfText } from "../support/invoices";
import { readOutbox } from "../support/outbox";

const FISICA = {
  rfc: "CACX7605101P8",
  razonSocial: "Xochitl Casas Chavez",
  regimen: "612",
  uso: "G03",
  codigoPostal: "44160",
};
const SECRET = "whsec_facturapi_prueba";

let database: Database;
let db: Database["db"];
let stub: FacturapiStub;
let app: TestApp;
let buyer: TestUser;
let admin: TestUser;
const undos: Array<() => void> = [];
afterEach(() => {
  while (undos.length > 0) undos.pop()?.();
  stub.down = false;
  stub.cancelPending = false;
});

beforeAll(async () => {
  database = await useTestDatabase({
    config: { dataDir: fs.mkdtempSync(path.join(os.tmpdir(), "cfdi-egreso-")), smtpUrl: undefined },
  });
  db = database.db;
  stub = await startFacturapiStub();
  app = await startTestApp({ facturapi: { secret: SECRET } });
  buyer = await signUpUser();
  admin = await signUpUser({ role: "admin" });
}, 60_000);

afterAll(async () => {
  await app?.close();
  await stub?.close();
  if (env.dataDir.startsWith(os.tmpdir())) fs.rmSync(env.dataDir, { recursive: true, force: true });
  await database?.close();
});

const useFacturapi = () =>
  undos.push(
    configure({ config: { facturapiKey: "sk_test_estudio", facturapiApiUrl: stub.url, facturapiTimeoutMs: 3_000 } }),
  );

/** An attribute of the first element carrying it in a stub XML. */
const attr = (xml: string, name: string, from = 0) =>
  new RegExp(`\\s${name}="([^"]*)"`).exec(xml.slice(from))?.[1] ?? "";
const pesos = (centavos: number) => (centavos / 100).toFixed(2);
const centavos = (value: string) => Math.round(Number(value) * 100);

/** The stamped XML of a stub invoice, as Facturapi hands it over. */
async function xmlOf(id: string): Promise<string> {
  const answer = await fetch(`${stub.url}/invoices/${id}/xml`, {
    headers: { authorization: "Bearer sk_test_estudio" },
  });
  return answer.text();
}

/** A paid card order of this month, invoiced by its client through Facturapi: its id, total and invoice. */
async function invoicedOrder(input: { precio?: number; correo: string; funding?: string }) {
  const compraId = await makePaidOrder(db, {
    userId: buyer.id,
    correo: input.correo,
    funding: input.funding ?? "credit",
    lines: [{ nombre: "Pigmento Café Oscuro", precio: input.precio ?? 33_333, cantidad: 3 }],
    envio: 19_901,
  });
  const issued = await requestInvoice(db, { userId: buyer.id, compraId, form: FISICA });
  if (!issued.ok) throw new Error(issued.message);
  const [order] = await db.select().from(compras).where(eq(compras.id, compraId));
  return { compraId, pagoId: order.pagoId, total: order.total, factura: issued.factura };
}

const facturaOf = async (id: string) => (await db.select().from(facturas).where(eq(facturas.id, id)))[0];
const notesOf = (compraId: string) =>
  db.select().from(notasCredito).where(eq(notasCredito.compraId, compraId)).orderBy(notasCredito.createdAt);
const mailsTo = (correo: string) => readOutbox(env.dataDir).filter((m) => m.to.includes(correo));

function postWebhook(body: string, signature: string) {
  return fetch(`${app.baseURL}/webhooks/facturapi`, {
    method: "POST",
    headers: { "content-type": "application/json", "facturapi-signature": signature },
    body,
  });
}

describe("a cancelled order's CFDI", () => {
  it("is cancelled at Facturapi with motive 03 once, and the client is told; its refund needs no nota de crédito", async () => {
    useFacturapi();
    const correo = "cancela@example.com";
    const order = await invoicedOrder({ correo });
    const before = stub.requests.length;
    const answer = await cancelOrder(db, order.compraId, { motivo: "Sin existencias" });
    expect(answer.ok).toBe(true);
    const deletes = stub.requests.slice(before).filter((r) => r.method === "DELETE");
    expect(deletes).toHaveLength(1);
    expect(deletes[0].path).toBe(`/v2/invoices/${order.factura.proveedorId}`);
    expect(deletes[0].query).toMatchObject({ motive: "03" });
    const factura = await facturaOf(order.factura.id);
    expect(factura).toMatchObject({
      estado: "cancelada",
      motivoCancelacion: "03",
      cancelacionOrigen: "compra-cancelada",
      cancelacionEstado: "accepted",
    });
    // the refund of the whole is covered by the cancellation: no CFDI de egreso
    expect(await notesOf(order.compraId)).toMatchObject([{ estado: "cancelacion", facturaId: order.factura.id }]);
    expect(stub.egresos()).toHaveLength(0);
    expect(mailsTo(correo).map((m) => m.subject)).toContain(`Cancelamos la factura de tu compra ${order.compraId}`);
    // the job that would have retried finds it done: no second call
    await runDueJobs(db, new Date(Date.now() + 10 * 60_000));
    expect(stub.requests.slice(before).filter((r) => r.method === "DELETE")).toHaveLength(1);
    // a cancelled order cannot be invoiced again
    const again = await requestInvoice(db, { userId: buyer.id, compraId: order.compraId, form: FISICA });
    expect(again).toMatchObject({ ok: false, message: "Solo se pueden facturar compras pagadas." });
  });
});

describe("a refund of an invoiced order", () => {
  it("is credited with a CFDI de egreso related to the invoice: type E, relation 01, the card's FormaPago, the amount and its IVA", async () => {
    useFacturapi();
    const correo = "parcial@example.com";
    const order = await invoicedOrder({ correo, funding: "debit" });
    const refunded = await requestRefund(db, { pagoId: order.pagoId, monto: 30_001, motivo: "Un frasco llegó roto" });
    expect(refunded).toMatchObject({ ok: true, hecho: true });
    const [egreso] = stub.egresos();
    expect(egreso).toBeDefined();
    const xml = await xmlOf(egreso.id);
    expect(attr(xml, "TipoDeComprobante")).toBe("E");
    expect(attr(xml, "FormaPago")).toBe("28");
    expect(attr(xml, "TipoRelacion")).toBe("01");
    expect(attr(xml, "UUID")).toBe(order.factura.uuid);
    expect(attr(xml, "Rfc")).toBe(FISICA.rfc);
    expect(attr(xml, "UsoCFDI")).toBe("G02");
    expect(attr(xml, "Total")).toBe(pesos(30_001));
    const base = centavos(attr(xml, "Base"));
    const iva = centavos(attr(xml, "Importe", xml.indexOf("<cfdi:Traslado ")));
    expect(base + iva).toBe(30_001);
    expect(iva).toBe(30_001 - Math.round(30_001 / 1.16));
    // recorded once, with the split the order's own invoice states
    const [note] = await notesOf(order.compraId);
    expect(note).toMatchObject({
      estado: "vigente",
      uuid: egreso.uuid,
      uuidRelacionado: order.factura.uuid,
      formaPago: "28",
      monto: 30_001,
    });
    expect(note.base + note.iva).toBe(30_001);
    // the client's mail, with its files
    const mail = mailsTo(correo).find((m) => m.subject === `Nota de crédito de tu compra ${order.compraId}`);
    expect(mail?.raw).toContain(`nota-credito-${order.compraId}.pdf`);
    expect(mail?.raw).toContain(`nota-credito-${order.compraId}.xml`);
    // (quoted-printable: soft line breaks out)
    expect(mail?.raw.replace(/=\r?\n/g, "")).toContain(`/mis-compras/notas-credito/${note.reembolsoId}/pdf`);
    // the rest: a second nota de crédito; together they carry the invoice's base and IVA to the centavo
    const rest = await requestRefund(db, { pagoId: order.pagoId, motivo: "Devolución del resto" });
    expect(rest).toMatchObject({ ok: true, hecho: true, monto: order.total - 30_001 });
    const notes = await notesOf(order.compraId);
    expect(notes.map((n) => n.estado)).toEqual(["vigente", "vigente"]);
    const [o] = await db.select().from(compras).where(eq(compras.id, order.compraId));
    const split = desgloseDeCompra(o, [{ nombre: "Pigmento Café Oscuro", precio: 33_333, cantidad: 3, curso: false }]);
    expect(notes.reduce((s, n) => s + n.base, 0)).toBe(split.base);
    expect(notes.reduce((s, n) => s + n.iva, 0)).toBe(split.iva);
    expect(stub.egresos()).toHaveLength(2);
    // the client downloads it; another user gets nothing
    const file = await creditNoteFile(db, { userId: buyer.id, admin: false, id: note.reembolsoId, formato: "xml" });
    expect(file?.body.toString()).toContain('TipoDeComprobante="E"');
    expect(
      await creditNoteFile(db, { userId: `${admin.id}x`, admin: false, id: note.reembolsoId, formato: "xml" }),
    ).toBeNull();
  });

  it("Facturapi down: the refund stands, the nota de crédito is written 'fallida' and the job stamps it once", async () => {
    useFacturapi();
    const order = await invoicedOrder({ correo: "caido@example.com" });
    stub.down = true;
    const refunded = await requestRefund(db, { pagoId: order.pagoId, monto: 10_000, motivo: "Descuento por retraso" });
    expect(refunded).toMatchObject({ ok: true, hecho: true });
    const [waiting] = await notesOf(order.compraId);
    expect(waiting).toMatchObject({ estado: "fallida", clave: `nota-credito-${refunded.ok ? refunded.id : ""}` });
    expect(waiting.error).toContain("se reintentará");
    expect(stub.egresos()).not.toContainEqual(expect.objectContaining({ idempotency_key: waiting.clave }));
    stub.down = false;
    await runDueJobs(db, new Date(Date.now() + 3 * 60_000));
    await runDueJobs(db, new Date(Date.now() + 60 * 60_000));
    const stamped = stub.egresos().filter((e) => e.idempotency_key === waiting.clave);
    expect(stamped).toHaveLength(1);
    expect(await notesOf(order.compraId)).toMatchObject([{ estado: "vigente", uuid: stamped[0].uuid }]);
    expect(mailsTo("caido@example.com").filter((m) => m.subject.startsWith("Nota de crédito"))).toHaveLength(1);
  });

  it("a refund before the client's invoice is credited once she invoices", async () => {
    useFacturapi();
    const compraId = await makePaidOrder(db, { userId: buyer.id, correo: "antes@example.com", funding: "credit" });
    const [order] = await db.select().from(compras).where(eq(compras.id, compraId));
    await requestRefund(db, { pagoId: order.pagoId, monto: 5_000, motivo: "Ajuste" });
    expect(await notesOf(compraId)).toMatchObject([{ estado: "espera" }]);
    const issued = await requestInvoice(db, { userId: buyer.id, compraId, form: FISICA });
    expect(issued.ok).toBe(true);
    const [note] = await notesOf(compraId);
    expect(note).toMatchObject({
      estado: "vigente",
      uuidRelacionado: issued.ok ? issued.factura.uuid : "",
      monto: 5_000,
    });
  });
});

describe("Facturapi's cancellation status, by its webhook", () => {
  it("pending, then the receiver rejects: the invoice stays valid and the refund gets a nota de crédito; twice or late changes nothing", async () => {
    useFacturapi();
    stub.cancelPending = true;
    const correo = "pendiente@example.com";
    const order = await invoicedOrder({ correo, precio: 60_000 });
    expect((await cancelOrder(db, order.compraId, { motivo: "No se entregó" })).ok).toBe(true);
    expect(await facturaOf(order.factura.id)).toMatchObject({ estado: "cancelando", cancelacionEstado: "pending" });
    expect(await notesOf(order.compraId)).toMatchObject([{ estado: "cancelacion" }]);
    const id = order.factura.proveedorId ?? "";

    // unsigned or badly signed: refused, nothing changes
    const forged = webhookEvent("otro-secreto", "invoice.cancellation_status_updated", {
      id,
      cancellation_status: "accepted",
    });
    expect((await postWebhook(forged.body, forged.signature)).status).toBe(400);
    expect((await postWebhook(forged.body, "")).status).toBe(400);
    expect((await facturaOf(order.factura.id)).estado).toBe("cancelando");

    // the receiver rejects it: Facturapi's word (read again) decides
    stub.answerCancellation(id, "rejected");
    const rejected = webhookEvent(SECRET, "invoice.cancellation_status_updated", {
      id,
      cancellation_status: "rejected",
    });
    expect((await postWebhook(rejected.body, rejected.signature)).status).toBe(200);
    expect(await facturaOf(order.factura.id)).toMatchObject({ estado: "vigente", cancelacionEstado: "rejected" });
    const [note] = await notesOf(order.compraId);
    expect(note).toMatchObject({ estado: "vigente", monto: order.total, uuidRelacionado: order.factura.uuid });
    expect(stub.egresos().filter((e) => e.idempotency_key === note.clave)).toHaveLength(1);

    // the same event twice, and a late "pending" one: nothing more
    expect((await postWebhook(rejected.body, rejected.signature)).status).toBe(200);
    const late = webhookEvent(SECRET, "invoice.cancellation_status_updated", { id, cancellation_status: "pending" });
    expect((await postWebhook(late.body, late.signature)).status).toBe(200);
    expect(await facturaOf(order.factura.id)).toMatchObject({ estado: "vigente", cancelacionEstado: "rejected" });
    expect(stub.egresos().filter((e) => e.idempotency_key === note.clave)).toHaveLength(1);
    expect(mailsTo(correo).filter((m) => m.subject.startsWith("Nota de crédito"))).toHaveLength(1);
    expect(mailsTo(correo).filter((m) => m.subject.startsWith("Cancelamos la factura"))).toHaveLength(0);
    // the admin order page says so
    const page = await callLoader(orderLoader, `/admin/pedidos/${order.compraId}`, {
      cookie: admin.cookie,
      params: { id: order.compraId },
    });
    expect(page.body).toMatchObject({
      cfdi: {
        facturas: [{ estado: "Vigente", motivo: "03", cancelacion: "Rechazada por el cliente" }],
        notas: [{ estado: "Nota de crédito emitida", monto: order.total }],
      },
    });
  });

  it("pending, then accepted: cancelled once, one mail, shown in /admin/facturas", async () => {
    useFacturapi();
    stub.cancelPending = true;
    const correo = "acepta@example.com";
    const order = await invoicedOrder({ correo, precio: 60_000 });
    expect((await cancelOrder(db, order.compraId, { motivo: "No se entregó" })).ok).toBe(true);
    const listed = await callLoader(facturasLoader, "/admin/facturas", { cookie: admin.cookie });
    const row = (listed.body as { facturas: { id: string; cancelacion: string | null }[] }).facturas.find(
      (f) => f.id === order.factura.id,
    );
    expect(row?.cancelacion).toBe("Esperando la aceptación del cliente");
    const id = order.factura.proveedorId ?? "";
    stub.answerCancellation(id, "accepted");
    const event = webhookEvent(SECRET, "invoice.cancellation_status_updated", {
      id,
      status: "canceled",
      cancellation_status: "accepted",
    });
    for (let i = 0; i < 2; i++) expect((await postWebhook(event.body, event.signature)).status).toBe(200);
    expect(await facturaOf(order.factura.id)).toMatchObject({ estado: "cancelada", cancelacionEstado: "accepted" });
    expect(
      mailsTo(correo).filter((m) => m.subject === `Cancelamos la factura de tu compra ${order.compraId}`),
    ).toHaveLength(1);
    expect(
      stub
        .egresos()
        .filter(
          (e) =>
            (e.body.related_documents as { documents: string[] }[] | undefined)?.[0]?.documents[0] ===
            order.factura.uuid,
        ),
    ).toHaveLength(0);
  });
});

describe("the monthly global invoice and refunds", () => {
  it("carries an order partly refunded before it net to the centavo, and credits a refund after it with a nota de crédito to PUBLICO EN GENERAL", async () => {
    useFacturapi();
    const mes = "2026-08";
    const fecha = new Date("2026-08-12T18:00:00Z");
    const partly = await makePaidOrder(db, {
      userId: buyer.id,
      fecha,
      funding: "credit",
      lines: [{ nombre: "Pigmento", precio: 33_333, cantidad: 3 }],
      envio: 19_901,
    });
    const later = await makePaidOrder(db, {
      userId: buyer.id,
      fecha,
      funding: "credit",
      lines: [{ nombre: "Pincel", precio: 45_001, cantidad: 1 }],
      envio: 0,
    });
    const [p] = await db.select().from(compras).where(eq(compras.id, partly));
    await requestRefund(db, { pagoId: p.pagoId, monto: 12_345, motivo: "Un frasco roto" });
    await requestRefund(db, { pagoId: p.pagoId, monto: 1, motivo: "Redondeo" });
    const rows = await issueGlobalInvoices(db, { mes, now: emisionGlobal(mes) });
    const global = rows.find((r) => r.formaPago === "04");
    expect(global).toMatchObject({ estado: "vigente", total: p.total - 12_346 + 45_001 });
    const stamped = stub.globals().find((g) => g.uuid === global?.uuid);
    const xml = await xmlOf(stamped?.id ?? "");
    const concept = xml.slice(xml.indexOf(`NoIdentificacion="${partly}"`));
    expect(attr(concept, "Importe")).toBe(pesos(p.total - 12_346));
    expect(attr(xml, "Total")).toBe(pesos(p.total - 12_346 + 45_001));
    expect((await notesOf(partly)).map((n) => n.estado)).toEqual(["neto", "neto"]);

    // after the global invoice: a nota de crédito related to it, to the general public, no client mail
    const [l] = await db.select().from(compras).where(eq(compras.id, later));
    const before = readOutbox(env.dataDir).length;
    await requestRefund(db, { pagoId: l.pagoId, monto: 20_000, motivo: "Pincel defectuoso" });
    const [note] = await notesOf(later);
    expect(note).toMatchObject({ estado: "vigente", facturaGlobalId: global?.id, uuidRelacionado: global?.uuid });
    const egreso = stub.egresos().find((e) => e.uuid === note.uuid);
    const egresoXml = await xmlOf(egreso?.id ?? "");
    expect(attr(egresoXml, "TipoDeComprobante")).toBe("E");
    expect(attr(egresoXml, "UUID")).toBe(global?.uuid);
    expect(attr(egresoXml, "Rfc")).toBe("XAXX010101000");
    expect(attr(egresoXml, "Meses")).toBe("08");
    expect(attr(egresoXml, "Total")).toBe(pesos(20_000));
    expect(
      readOutbox(env.dataDir)
        .slice(before)
        .filter((m) => m.subject.startsWith("Nota de crédito")),
    ).toHaveLength(0);
    // the refunds table says the same
    expect((await db.select().from(reembolsos).where(eq(reembolsos.compraId, partly))).length).toBe(2);
    expect(studioMonth(fecha)).toBe(mes);
  });
});

describe("the demo (no FACTURAPI_KEY)", () => {
  it("models a cancellation waiting for the receiver (over $1,000, past 72 h), answered from admin, and draws notas de crédito SIN VALIDEZ FISCAL", async () => {
    const dias = 4 * 24 * 3_600_000;
    const fecha = new Date(Date.now() - dias);
    const compraId = await makePaidOrder(db, {
      userId: buyer.id,
      fecha,
      correo: "demo@example.com",
      lines: [{ nombre: "Kit", precio: 150_000, cantidad: 1 }],
    });
    const issued = await requestInvoice(db, {
      userId: buyer.id,
      compraId,
      form: FISICA,
      now: new Date(fecha.getTime() + 60_000),
    });
    if (!issued.ok) throw new Error(issued.message);
    const [order] = await db.select().from(compras).where(eq(compras.id, compraId));
    // a partial refund: a demo nota de crédito
    await requestRefund(db, { pagoId: order.pagoId, monto: 20_000, motivo: "Ajuste" });
    const [note] = await notesOf(compraId);
    expect(note).toMatchObject({ estado: "vigente", proveedor: "demo" });
    const pdf = await creditNoteFile(db, { userId: buyer.id, admin: false, id: note.reembolsoId, formato: "pdf" });
    const text = pdfText(pdf?.body ?? Buffer.alloc(0));
    expect(text).toContain("SIN VALIDEZ FISCAL");
    expect(text).toContain("Nota de crédito");
    const xml =
      (
        await creditNoteFile(db, { userId: buyer.id, admin: true, id: note.reembolsoId, formato: "xml" })
      )?.body.toString() ?? "";
    expect(xml).toContain('TipoDeComprobante="E"');
    expect(xml).toContain(`<cfdi:CfdiRelacionado UUID="${issued.factura.uuid}"/>`);

    // the studio cancels the invoice: over $1,000 and 4 days old, it waits for the "receiver"
    const cancel = await callAction(
      facturasAction,
      "/admin/facturas",
      { facturaId: issued.factura.id, motivo: "02" },
      { cookie: admin.cookie },
    );
    expect(cancel.status).toBe(200);
    expect(await facturaOf(issued.factura.id)).toMatchObject({ estado: "cancelando", cancelacionEstado: "pending" });
    const accept = () =>
      callAction(
        facturasAction,
        "/admin/facturas",
        { intent: "simular-receptor", facturaId: issued.factura.id, respuesta: "accepted" },
        { cookie: admin.cookie },
      );
    expect((await accept()).status).toBe(200);
    expect((await accept()).status).toBe(400); // already cancelled: nothing changes
    expect(await facturaOf(issued.factura.id)).toMatchObject({ estado: "cancelada", cancelacionEstado: "accepted" });
    expect(mailsTo("demo@example.com").filter((m) => m.subject.startsWith("Cancelamos la factura"))).toHaveLength(1);
  });
});

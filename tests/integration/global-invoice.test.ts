// @engine: two runs of the month's job at once issue one invoice per payment form (row claims)
/**
 * The monthly global invoice (issue 28): a month of mixed sales (card credit, card debit,
 * meses sin intereses, OXXO, SPEI; one invoiced by its client, one refunded, one cancelled,
 * one never paid, one just past the month's end in Guadalajara) issued by the durable job
 * through Facturapi's SDK against its stub: one CFDI per payment form to PUBLICO EN GENERAL
 * with InformacionGlobal, each order a concept, the amounts to the centavo against the orders.
 * The job run again issues nothing more; two runs at once issue one invoice per form; a failed
 * call is retried from admin with the same idempotency key; the demo draws it SIN VALIDEZ FISCAL.
 */
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { eq } from "drizzle-orm";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { emisionGlobal, rangoDelMes } from "~/domain/cfdi";
import { loader as archivoLoader } from "~/routes/admin/factura-global-archivo";
import { action as facturasAction, loader as facturasLoader } from "~/routes/admin/facturas";
import type { Database } from "~/server/db/client.server";
import { compras, facturasGlobales, facturasGlobalesCompras, tareas } from "~/server/db/schema";
import { env } from "~/server/env.server";
import {
  globalInvoiceFile,
  globalInvoiceOrders,
  issueGlobalInvoices,
  scheduleGlobalInvoice,
} from "~/server/invoicing/global.server";
import { requestInvoice } from "~/server/invoicing/invoices.server";
import { runDueJobs } from "~/server/jobs.server";
import { callAction, callLoader } from "../support/actions";
import { type FacturapiStub, startFacturapiStub } from "../support/facturapi-stub";
import { type TestUser, configure, signUpUser, useTestDatabase } from "../support/fixtures";
import { makePaidOrder, pdfText } from "../support/invoices";

const FISICA = { rfc: "CACX7605101P8", razonSocial: "Xochitl Casas Chavez", regimen: "612", uso: "G03", codigoPostal: "44160" };

let database: Database;
let db: Database["db"];
let facturapi: FacturapiStub;
let buyer: TestUser;
let admin: TestUser;
const undos: Array<() => void> = [];
afterEach(() => {
  while (undos.length > 0) undos.pop()?.();
});

beforeAll(async () => {
  database = await useTestDatabase({ config: { dataDir: fs.mkdtempSync(path.join(os.tmpdir(), "factura-global-")) } });
  db = database.db;
  facturapi = await startFacturapiStub();
  buyer = await signUpUser();
  admin = await signUpUser({ role: "admin" });
}, 60_000);

afterAll(async () => {
  await facturapi?.close();
  if (env.dataDir.startsWith(os.tmpdir())) fs.rmSync(env.dataDir, { recursive: true, force: true });
  await database?.close();
});

const useFacturapi = () =>
  undos.push(configure({ config: { facturapiKey: "sk_test_estudio", facturapiApiUrl: facturapi.url, facturapiTimeoutMs: 5_000 } }));
const useDemoInvoices = () => undos.push(configure({ config: { facturapiKey: undefined, facturapiApiUrl: undefined } }));

const at = (iso: string) => new Date(iso);
const line = (precio: number, cantidad = 1) => [{ nombre: "Pigmento", precio, cantidad }];
const totalOf = async (ids: string[]) => {
  let sum = 0;
  for (const id of ids) sum += (await db.select({ total: compras.total }).from(compras).where(eq(compras.id, id)))[0].total;
  return sum;
};

/** "1234.56" from the stub's XML for a global invoice. */
function attr(xml: string, name: string): string {
  return new RegExp(`\\s${name}="([^"]*)"`).exec(xml)?.[1] ?? "";
}

describe("the monthly global invoice (Facturapi stub)", () => {
  const mes = "2026-09";
  const ids: Record<string, string[]> = { "01": [], "03": [], "04": [], "28": [] };
  let invoiced = "";
  let refunded = "";
  let cancelled = "";
  let unpaid = "";
  let nextMonth = "";

  beforeAll(async () => {
    const order = (fecha: string, extra: Omit<Parameters<typeof makePaidOrder>[1], "userId" | "fecha"> = {}) =>
      makePaidOrder(db, { userId: buyer.id, fecha: at(fecha), ...extra });
    // odd centavos so that any rounding shows
    ids["04"].push(await order("2026-09-02T18:00:00Z", { funding: "credit", lines: line(33_333, 3), envio: 19_901 }));
    ids["04"].push(await order("2026-09-10T18:00:00Z", { funding: "credit", meses: 6, lines: line(600_001) }));
    ids["04"].push(await order("2026-09-11T18:00:00Z", { lines: line(12_345), envio: 0 })); // funding never recorded: 04
    ids["28"].push(await order("2026-09-03T18:00:00Z", { funding: "debit", lines: line(45_677, 2) }));
    ids["28"].push(await order("2026-09-04T18:00:00Z", { funding: "prepaid", lines: line(9_999) }));
    ids["01"].push(await order("2026-09-05T18:00:00Z", { metodo: "oxxo", lines: line(70_001) }));
    // 23:30 on 30 September in Guadalajara is already 1 October in UTC: still September's
    ids["01"].push(await order("2026-10-01T05:30:00Z", { metodo: "oxxo", lines: line(1_001) }));
    ids["03"].push(await order("2026-09-06T18:00:00Z", { metodo: "spei", lines: line(250_099), envio: 0 }));
    // left out: invoiced by its client within the month, refunded, cancelled, never paid, October's
    invoiced = await order("2026-09-07T18:00:00Z", { funding: "credit", lines: line(80_000) });
    refunded = await order("2026-09-08T18:00:00Z", { funding: "credit", lines: line(50_000), estadoPago: "reembolsado" });
    cancelled = await order("2026-09-08T19:00:00Z", { metodo: "oxxo", lines: line(50_000), estadoPago: "cancelado" });
    unpaid = await order("2026-09-09T18:00:00Z", { metodo: "spei", lines: line(50_000), estado: "vencido", estadoPago: "vencido" });
    nextMonth = await order("2026-10-01T06:30:00Z", { funding: "credit", lines: line(50_000) });
    useFacturapi();
    const own = await requestInvoice(db, { userId: buyer.id, compraId: invoiced, form: FISICA, now: at("2026-09-20T18:00:00Z") });
    expect(own.ok).toBe(true);
    undos.pop()?.();
  });

  it("the job on the 3rd of the next month issues one CFDI per payment form with every uninvoiced paid order, to the centavo", async () => {
    useFacturapi();
    expect(rangoDelMes(mes).hasta.toISOString()).toBe("2026-10-01T06:00:00.000Z");
    await scheduleGlobalInvoice(db, at("2026-09-15T18:00:00Z"));
    const before = facturapi.created();
    // not before its day
    await runDueJobs(db, at("2026-10-02T18:00:00Z"));
    expect(facturapi.created()).toBe(before);
    await runDueJobs(db, emisionGlobal(mes));
    expect(facturapi.created()).toBe(before + 4);

    const rows = await db.select().from(facturasGlobales).where(eq(facturasGlobales.mes, mes));
    expect(rows.map((r) => [r.formaPago, r.estado, r.compras]).sort()).toEqual([
      ["01", "vigente", 2],
      ["03", "vigente", 1],
      ["04", "vigente", 3],
      ["28", "vigente", 2],
    ]);
    for (const row of rows) {
      const expected = ids[row.formaPago];
      expect(row.total).toBe(await totalOf(expected));
      expect((await globalInvoiceOrders(db, row.id)).map((o) => o.id).sort()).toEqual([...expected].sort());
      // what Facturapi received and stamped
      const stamped = [...facturapi.invoices.values()].find((i) => i.id === row.proveedorId)!;
      expect(stamped.body).toMatchObject({
        customer: { legal_name: "PUBLICO EN GENERAL", tax_id: "XAXX010101000", tax_system: "616", address: { zip: "44160" } },
        use: "S01",
        payment_form: row.formaPago,
        payment_method: "PUE",
        global: { periodicity: "month", months: "09", year: 2026 },
        idempotency_key: `global-${mes}-${row.formaPago}`,
      });
      const xml = (await globalInvoiceFile(db, { id: row.id, formato: "xml" }))!.body.toString("utf8");
      expect(xml).toContain('<cfdi:InformacionGlobal Periodicidad="04" Meses="09" Año="2026"/>');
      expect(xml).toContain(`FormaPago="${row.formaPago}"`);
      expect(attr(xml, "Total")).toBe((row.total / 100).toFixed(2));
      for (const id of expected) {
        expect(xml).toMatch(new RegExp(`ClaveProdServ="01010101" ClaveUnidad="ACT" Cantidad="1" NoIdentificacion="${id}" Descripcion="Venta" Importe="${((await totalOf([id])) / 100).toFixed(2)}"`));
      }
    }
    expect(facturapi.globals()).toHaveLength(4);
    // the orders left out are in no global invoice
    const covered = (await db.select().from(facturasGlobalesCompras)).map((r) => r.compraId);
    for (const id of [invoiced, refunded, cancelled, unpaid, nextMonth]) expect(covered).not.toContain(id);
    // the next month's job is in place
    const [next] = await db.select().from(tareas).where(eq(tareas.clave, "factura-global-2026-10"));
    expect(next).toMatchObject({ estado: "pendiente", datos: { mes: "2026-10" } });
  });

  it("run again, by the job or by hand, it issues nothing more", async () => {
    useFacturapi();
    const before = facturapi.created();
    const posts = facturapi.requests.filter((r) => r.method === "POST").length;
    await scheduleGlobalInvoice(db, at("2026-09-20T18:00:00Z"));
    await runDueJobs(db, at("2026-10-05T18:00:00Z"));
    const rows = await issueGlobalInvoices(db, { mes, now: at("2026-10-05T18:00:00Z") });
    expect(rows.every((r) => r.estado === "vigente")).toBe(true);
    expect(facturapi.created()).toBe(before);
    expect(facturapi.requests.filter((r) => r.method === "POST").length).toBe(posts);
  });

  it("the admin list shows each one: month, payment form, total, orders, state", async () => {
    useFacturapi();
    const answer = await callLoader(facturasLoader, "/admin/facturas", { cookie: admin.cookie });
    const globales = answer.body.globales as { mes: string; mesNombre: string; formaPago: string; total: number; compras: number; estado: string }[];
    const september = globales.filter((g) => g.mes === mes);
    expect(september).toHaveLength(4);
    expect(september.find((g) => g.formaPago.startsWith("01"))).toMatchObject({
      mesNombre: "Septiembre de 2026",
      formaPago: "01 Efectivo",
      total: await totalOf(ids["01"]),
      compras: 2,
      estado: "vigente",
    });
    // its XML for the studio; not for a client
    const id = (globales.find((g) => g.mes === mes) as unknown as { id: string }).id;
    const params = { id, formato: "xml" };
    const file = await callLoader(archivoLoader, `/admin/facturas-globales/${id}/xml`, { cookie: admin.cookie, params });
    expect(file.status).toBe(200);
    expect(file.headers.get("content-disposition")).toContain(`factura-global-${mes}-`);
    expect((await callLoader(archivoLoader, `/admin/facturas-globales/${id}/xml`, { cookie: buyer.cookie, params })).status).toBe(404);
    expect((await callLoader(facturasLoader, "/admin/facturas", { cookie: buyer.cookie })).status).toBe(404);
  });
});

describe("failures and concurrency", () => {
  it("two runs at once issue one invoice per payment form", async () => {
    useFacturapi();
    const mes = "2026-07";
    const a = await makePaidOrder(db, { userId: buyer.id, fecha: at("2026-07-10T18:00:00Z"), funding: "credit" });
    const b = await makePaidOrder(db, { userId: buyer.id, fecha: at("2026-07-11T18:00:00Z"), metodo: "spei" });
    const before = facturapi.created();
    const now = at("2026-08-03T12:00:00Z");
    const [one, two] = await Promise.all([issueGlobalInvoices(db, { mes, now }), issueGlobalInvoices(db, { mes, now })]);
    expect(facturapi.created()).toBe(before + 2);
    expect(one.map((r) => r.id)).toEqual(two.map((r) => r.id));
    expect((await db.select().from(facturasGlobales).where(eq(facturasGlobales.mes, mes))).map((r) => r.total).sort()).toEqual(
      [await totalOf([a]), await totalOf([b])].sort(),
    );
  });

  it("a failed call leaves it 'fallida' with its reason; 'Emitir de nuevo' issues it once, with the same key", async () => {
    useFacturapi();
    const mes = "2026-06";
    const compraId = await makePaidOrder(db, { userId: buyer.id, fecha: at("2026-06-10T18:00:00Z"), metodo: "oxxo" });
    const before = facturapi.created();
    facturapi.failures = 1;
    const [failed] = await issueGlobalInvoices(db, { mes, now: at("2026-07-03T12:00:00Z") });
    expect(failed).toMatchObject({ estado: "fallida", compras: 1, total: await totalOf([compraId]) });
    expect(failed.error).toMatch(/falló/);
    expect(facturapi.created()).toBe(before);

    let answer = await callLoader(facturasLoader, "/admin/facturas", { cookie: admin.cookie });
    expect((answer.body.globales as { id: string; estado: string }[]).find((g) => g.id === failed.id)?.estado).toBe("fallida");

    answer = await callAction(facturasAction, "/admin/facturas", { intent: "emitir-global", facturaGlobalId: failed.id }, { cookie: admin.cookie });
    expect(answer.body).toMatchObject({ notice: "Factura global emitida." });
    expect(facturapi.created()).toBe(before + 1);
    const [row] = await db.select().from(facturasGlobales).where(eq(facturasGlobales.id, failed.id));
    expect(row).toMatchObject({ estado: "vigente", error: null, intentos: 2 });
    const keys = facturapi.requests.filter((r) => r.method === "POST" && r.body.global).map((r) => r.body.idempotency_key);
    expect(keys.filter((k) => k === `global-${mes}-01`)).toHaveLength(2);

    // again: nothing to do, a clear message
    answer = await callAction(facturasAction, "/admin/facturas", { intent: "emitir-global", facturaGlobalId: failed.id }, { cookie: admin.cookie });
    expect(answer.status).toBe(400);
    expect(answer.body.alert).toMatchObject({ text: "Esta factura global ya está emitida." });
    answer = await callAction(facturasAction, "/admin/facturas", { intent: "emitir-global", facturaGlobalId: "x".repeat(500) }, { cookie: admin.cookie });
    expect(answer.status).toBe(400);
    expect(facturapi.created()).toBe(before + 1);
  });
});

describe("in the demo (no FACTURAPI_KEY)", () => {
  it("the global invoice is drawn SIN VALIDEZ FISCAL with InformacionGlobal", async () => {
    useDemoInvoices();
    const mes = "2026-05";
    const compraId = await makePaidOrder(db, { userId: buyer.id, fecha: at("2026-05-10T18:00:00Z"), funding: "debit" });
    const [row] = await issueGlobalInvoices(db, { mes, now: at("2026-06-03T12:00:00Z") });
    expect(row).toMatchObject({ estado: "vigente", proveedor: "demo", formaPago: "28", total: await totalOf([compraId]), serie: "DEMO" });
    const xml = (await globalInvoiceFile(db, { id: row.id, formato: "xml" }))!.body.toString("utf8");
    expect(xml).toContain("SIN VALIDEZ FISCAL");
    expect(xml).toContain('<cfdi:InformacionGlobal Periodicidad="04" Meses="05" Año="2026"/>');
    expect(xml).toContain('Rfc="XAXX010101000" Nombre="PUBLICO EN GENERAL"');
    expect(xml).toContain('RegimenFiscalReceptor="616" UsoCFDI="S01"');
    expect(xml).toContain(`NoIdentificacion="${compraId}"`);
    expect(attr(xml, "Total")).toBe((row.total / 100).toFixed(2));
    const pdf = pdfText((await globalInvoiceFile(db, { id: row.id, formato: "pdf" }))!.body);
    expect(pdf).toContain("SIN VALIDEZ FISCAL");
    expect(pdf).toContain("Factura global");
  });
});

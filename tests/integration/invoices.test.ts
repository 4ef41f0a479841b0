// @engine: two invoice requests at once give one invoice
/**
 * Factura (CFDI 4.0) on the real database, ADR 022: a client invoices a paid order of the
 * current month through Facturapi's official SDK pointed at a local stub of its API (the
 * network edge), gets the PDF and XML by mail and downloads them; only the owner or an admin
 * can; one active invoice per order even with two requests at once; a provider that times
 * out leaves nothing behind and the retry stamps nothing twice; the studio cancels with a SAT
 * reason. Without FACTURAPI_KEY (the demo) the invoice is a PDF and XML "sin validez fiscal".
 */
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { eq } from "drizzle-orm";
import { PDFDocument } from "pdf-lib";
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { action as adminAction, loader as adminLoader } from "~/routes/admin/facturas";
import { loader as archivoLoader } from "~/routes/factura-archivo";
import { action as facturaAction, loader as facturaLoader } from "~/routes/mis-compras-factura";
import type { Database } from "~/server/db/client.server";
import { datosFiscales, facturas } from "~/server/db/schema";
import { env } from "~/server/env.server";
import { cancelInvoice, invoiceStates, requestInvoice } from "~/server/invoicing/invoices.server";
import { invoicingEnabled } from "~/server/invoicing/provider.server";
import { callAction } from "../support/actions";
import { type FacturapiStub, startFacturapiStub } from "../support/facturapi-stub";
import { type TestUser, configure, signUpUser, useTestDatabase } from "../support/fixtures";
import { makePaidOrder, pdfText } from "../support/invoices";
import { readOutbox } from "../support/outbox";

const FISICA = { rfc: "CACX7605101P8", razonSocial: "Xochitl Casas Chavez", regimen: "612", uso: "G03", codigoPostal: "44160" };

let database: Database;
let db: Database["db"];
let stub: FacturapiStub;
let buyer: TestUser;
let stranger: TestUser;
let admin: TestUser;
/** Settings of the test in progress (configure), undone after each test. */
const undos: Array<() => void> = [];
const set = (config: Parameters<typeof configure>[0]["config"]) => undos.push(configure({ config }));
afterEach(() => {
  while (undos.length > 0) undos.pop()?.();
});

beforeAll(async () => {
  database = await useTestDatabase({ config: { dataDir: fs.mkdtempSync(path.join(os.tmpdir(), "facturas-")) } });
  db = database.db;
  stub = await startFacturapiStub();
  buyer = await signUpUser();
  stranger = await signUpUser();
  admin = await signUpUser({ role: "admin" });
});

afterAll(async () => {
  await stub?.close();
  if (env.dataDir.startsWith(os.tmpdir())) fs.rmSync(env.dataDir, { recursive: true, force: true });
  await database?.close();
});

function useFacturapi() {
  set({ facturapiKey: "sk_test_estudio", facturapiApiUrl: stub.url, facturapiTimeoutMs: 2_000 });
  stub.delayMs = 0;
  stub.refuse.clear();
}

const activeInvoices = (compraId: string) => db.select().from(facturas).where(eq(facturas.compraId, compraId));
const creates = () => stub.requests.filter((r) => r.method === "POST" && r.path === "/v2/invoices");

async function download(user: TestUser, facturaId: string, formato: string) {
  const request = new Request(`http://localhost/mis-compras/facturas/${facturaId}/${formato}`, { headers: { cookie: user.cookie } });
  try {
    return (await archivoLoader({ request, params: { id: facturaId, formato }, context: {} } as never)) as Response;
  } catch (thrown) {
    return thrown as { init?: { status?: number } };
  }
}

describe("through Facturapi (local stub of its API)", () => {
  beforeEach(useFacturapi);

  it("issues the invoice, remembers the data, mails PDF and XML, and lets only the owner or an admin download", async () => {
    const compraId = await makePaidOrder(db, { userId: buyer.id, correo: "xochitl@example.com" });
    const answer = await callAction(facturaAction, `/mis-compras/factura/${compraId}`, FISICA, {
      cookie: buyer.cookie,
      params: { id: compraId },
    });
    expect(answer.status).toBe(302);
    expect(answer.headers.get("location")).toBe(`/mis-compras/factura/${compraId}`);

    // What the SDK sent: the customer, the items with IVA included, how it was paid, the use.
    expect(creates()).toHaveLength(1);
    const sent = creates()[0];
    expect(sent.auth).toBe("Bearer sk_test_estudio");
    expect(sent.body).toMatchObject({
      customer: {
        legal_name: "XOCHITL CASAS CHAVEZ",
        tax_id: "CACX7605101P8",
        tax_system: "612",
        email: "xochitl@example.com",
        address: { zip: "44160" },
      },
      payment_form: "04",
      use: "G03",
      external_id: compraId,
      idempotency_key: `compra-${compraId}-1`,
    });
    const items = sent.body.items as { quantity: number; product: Record<string, unknown> }[];
    expect(items).toEqual([
      {
        quantity: 2,
        product: {
          description: "Pigmento Café Oscuro",
          product_key: "53131619",
          unit_key: "H87",
          price: 350.5,
          tax_included: true,
          taxes: [{ type: "IVA", rate: 0.16 }],
        },
      },
      {
        quantity: 1,
        product: expect.objectContaining({ description: "Envío Express", product_key: "78102203", price: 199 }),
      },
    ]);

    // Recorded as issued, with the SAT's folio; the data is remembered for next time.
    const [factura] = await activeInvoices(compraId);
    const stamped = [...stub.invoices.values()][0];
    expect(factura).toMatchObject({ estado: "vigente", proveedor: "facturapi", proveedorId: stamped.id, uuid: stamped.uuid, serie: "F" });
    expect(await db.select().from(datosFiscales).where(eq(datosFiscales.userId, buyer.id))).toMatchObject([
      { rfc: "CACX7605101P8", razonSocial: "XOCHITL CASAS CHAVEZ", regimen: "612", uso: "G03", codigoPostal: "44160" },
    ]);
    const page = (await facturaLoader({
      request: new Request(`http://localhost/mis-compras/factura/${compraId}`, { headers: { cookie: buyer.cookie } }),
      params: { id: compraId },
      context: {},
    } as never)) as { factura: { uuid: string }; datos: { rfc: string } };
    expect(page.factura.uuid).toBe(stamped.uuid);
    expect(page.datos.rfc).toBe("CACX7605101P8");

    // The mail carries both files.
    const mail = readOutbox(env.dataDir).find((m) => m.subject === `Tu factura de la compra ${compraId}`);
    expect(mail?.to).toContain("xochitl@example.com");
    expect(mail?.raw).toMatch(new RegExp(`Content-Type: application/pdf; name=factura-${compraId}\\.pdf`));
    expect(mail?.raw).toMatch(new RegExp(`Content-Type: application/xml; name=factura-${compraId}\\.xml`));
    expect(mail?.raw).toContain(`filename=factura-${compraId}.pdf`);

    // Downloads: the owner and an admin get the provider's files; anyone else a 404.
    const pdf = (await download(buyer, factura.id, "pdf")) as Response;
    expect(pdf.status).toBe(200);
    expect(pdf.headers.get("content-type")).toBe("application/pdf");
    expect(Buffer.from(await pdf.arrayBuffer()).toString()).toContain(stamped.uuid);
    const xml = (await download(admin, factura.id, "xml")) as Response;
    expect(await xml.text()).toContain(`UUID="${stamped.uuid}"`);
    expect(((await download(stranger, factura.id, "pdf")) as { init?: { status?: number } }).init?.status).toBe(404);
    expect(((await download(buyer, factura.id, "zip")) as { init?: { status?: number } }).init?.status).toBe(404);

    // Asking again gives the same invoice, never a second one.
    const again = await requestInvoice(db, { userId: buyer.id, compraId, form: FISICA });
    expect(again).toMatchObject({ ok: true, created: false, factura: { id: factura.id } });
    expect(stub.created()).toBe(1);
  });

  it("two requests at once: one invoice", async () => {
    const compraId = await makePaidOrder(db, { userId: buyer.id });
    const before = stub.created();
    stub.delayMs = 300;
    const [a, b] = await Promise.all([
      requestInvoice(db, { userId: buyer.id, compraId, form: FISICA }),
      requestInvoice(db, { userId: buyer.id, compraId, form: FISICA }),
    ]);
    const results = [a, b];
    expect(results.filter((r) => r.ok && r.created)).toHaveLength(1);
    const other = results.find((r) => !(r.ok && r.created));
    expect(other).toMatchObject({ ok: false, status: 409, message: expect.stringContaining("se está generando") });
    expect(stub.created() - before).toBe(1);
    expect(await activeInvoices(compraId)).toHaveLength(1);
  });

  it("a provider that times out: a clear error, nothing written, and the retry stamps nothing twice", async () => {
    const compraId = await makePaidOrder(db, { userId: buyer.id });
    const before = stub.created();
    set({ facturapiTimeoutMs: 150 });
    stub.delayMs = 600; // Facturapi stamps, but its answer arrives too late
    const late = await requestInvoice(db, { userId: buyer.id, compraId, form: FISICA });
    expect(late).toMatchObject({ ok: false, status: 504, message: expect.stringContaining("tardó demasiado") });
    expect(await activeInvoices(compraId)).toHaveLength(0);
    expect((await invoiceStates(db, buyer.id))[compraId]).toEqual({ kind: "disponible" });

    await new Promise((resolve) => setTimeout(resolve, 700));
    stub.delayMs = 0;
    set({ facturapiTimeoutMs: 2_000 });
    const retry = await requestInvoice(db, { userId: buyer.id, compraId, form: FISICA });
    expect(retry).toMatchObject({ ok: true, created: true });
    // The same idempotency key found the invoice stamped during the time-out.
    expect(stub.created() - before).toBe(1);
    const stamped = [...stub.invoices.values()].find((i) => i.idempotency_key === `compra-${compraId}-1`);
    expect(retry.ok && retry.factura.uuid).toBe(stamped?.uuid);
  });

  it("the SAT's refusal reaches the client, and nothing is written", async () => {
    const compraId = await makePaidOrder(db, { userId: buyer.id });
    stub.refuse.add("EKU9003173C9");
    const result = await requestInvoice(db, {
      userId: buyer.id,
      compraId,
      form: { rfc: "EKU9003173C9", razonSocial: "Escuela Kemper Urgate", regimen: "601", uso: "G03", codigoPostal: "26015" },
    });
    expect(result).toMatchObject({ ok: false, status: 400, message: expect.stringContaining("no se encuentra en la lista") });
    expect(await activeInvoices(compraId)).toHaveLength(0);
  });

  it("a provider that cannot be reached: a clear error, nothing written", async () => {
    const compraId = await makePaidOrder(db, { userId: buyer.id });
    set({ facturapiApiUrl: "http://127.0.0.1:9/v2" });
    const result = await requestInvoice(db, { userId: buyer.id, compraId, form: FISICA });
    expect(result).toMatchObject({ ok: false, status: 503, message: expect.stringContaining("No pudimos generar tu factura") });
    expect(await activeInvoices(compraId)).toHaveLength(0);
  });

  it("refuses orders out of the month, not paid, of someone else, and bad fiscal data", async () => {
    const now = new Date("2026-11-20T18:00:00Z");
    const october = await makePaidOrder(db, { userId: buyer.id, fecha: new Date("2026-10-31T20:00:00Z") });
    expect(await requestInvoice(db, { userId: buyer.id, compraId: october, form: FISICA, now })).toMatchObject({
      ok: false,
      status: 400,
      message: "Las compras se facturan dentro del mes en que se hicieron: esta fue en octubre de 2026.",
    });
    const november = await makePaidOrder(db, { userId: buyer.id, fecha: new Date("2026-11-01T07:00:00Z") });
    expect(await requestInvoice(db, { userId: buyer.id, compraId: november, form: FISICA, now })).toMatchObject({ ok: true });

    const pending = await makePaidOrder(db, { userId: buyer.id, estado: "por-capturar" });
    expect(await requestInvoice(db, { userId: buyer.id, compraId: pending, form: FISICA })).toMatchObject({
      ok: false,
      status: 400,
      message: "Solo se pueden facturar compras pagadas.",
    });

    const theirs = await makePaidOrder(db, { userId: buyer.id });
    const answer = await callAction(facturaAction, `/mis-compras/factura/${theirs}`, FISICA, {
      cookie: stranger.cookie,
      params: { id: theirs },
    });
    expect(answer.status).toBe(404);

    const bad = await callAction(facturaAction, `/mis-compras/factura/${theirs}`, { ...FISICA, rfc: "CACX7605101P9" }, {
      cookie: buyer.cookie,
      params: { id: theirs },
    });
    expect(bad.status).toBe(400);
    expect(bad.body).toMatchObject({ error: { field: "rfc", message: expect.stringContaining("dígito verificador") } });
    expect(await activeInvoices(theirs)).toHaveLength(0);
    expect(await activeInvoices(october)).toHaveLength(0);
    expect(await activeInvoices(pending)).toHaveLength(0);
  });

  it("the studio cancels with a SAT reason; 01 needs the replacing UUID; the order can then be invoiced again", async () => {
    const compraId = await makePaidOrder(db, { userId: buyer.id });
    const first = await requestInvoice(db, { userId: buyer.id, compraId, form: FISICA });
    if (!first.ok) throw new Error(first.message);

    expect(await cancelInvoice(db, { facturaId: first.factura.id, motivo: "01", sustitucion: "" })).toMatchObject({
      ok: false,
      message: expect.stringContaining("UUID"),
    });
    expect(await cancelInvoice(db, { facturaId: first.factura.id, motivo: "09", sustitucion: "" })).toMatchObject({ ok: false });
    expect(await cancelInvoice(db, { facturaId: first.factura.id, motivo: "02", sustitucion: "" })).toEqual({
      ok: true,
      estado: "cancelada",
    });
    const cancelled = stub.invoices.get(first.factura.proveedorId!);
    expect(cancelled?.cancellation).toEqual({ motive: "02", substitution: null });
    expect(await cancelInvoice(db, { facturaId: first.factura.id, motivo: "02", sustitucion: "" })).toMatchObject({
      ok: false,
      message: "Esta factura ya está cancelada.",
    });

    // A corrected invoice, then the first one's replacement path: 01 with the new UUID.
    const second = await requestInvoice(db, { userId: buyer.id, compraId, form: { ...FISICA, uso: "G01" } });
    if (!second.ok) throw new Error(second.message);
    expect(second.factura.clave).toBe(`compra-${compraId}-2`);
    const third = await makePaidOrder(db, { userId: buyer.id });
    const issued = await requestInvoice(db, { userId: buyer.id, compraId: third, form: FISICA });
    if (!issued.ok) throw new Error(issued.message);
    expect(
      await cancelInvoice(db, { facturaId: issued.factura.id, motivo: "01", sustitucion: second.factura.uuid!.toLowerCase() }),
    ).toEqual({ ok: true, estado: "cancelada" });
    expect(stub.invoices.get(issued.factura.proveedorId!)?.cancellation).toEqual({ motive: "01", substitution: second.factura.uuid });
    const rows = await db.select().from(facturas).where(eq(facturas.id, issued.factura.id));
    expect(rows[0]).toMatchObject({ estado: "cancelada", motivoCancelacion: "01", sustitucion: second.factura.uuid });
  });
});

describe("/mis-compras and /admin/facturas", () => {
  beforeEach(useFacturapi);

  it("offers 'Factura' only for paid orders of this month; the admin lists and cancels, nobody else", async () => {
    const client = await signUpUser();
    const paid = await makePaidOrder(db, { userId: client.id });
    const old = await makePaidOrder(db, { userId: client.id, fecha: new Date(Date.now() - 45 * 24 * 3600_000) });
    const pending = await makePaidOrder(db, { userId: client.id, estado: "pendiente" });
    expect(await invoiceStates(db, client.id)).toEqual({
      [paid]: { kind: "disponible" },
      [old]: { kind: "ninguna" },
      [pending]: { kind: "ninguna" },
    });
    const issued = await requestInvoice(db, { userId: client.id, compraId: paid, form: FISICA });
    if (!issued.ok) throw new Error(issued.message);
    expect((await invoiceStates(db, client.id))[paid]).toEqual({ kind: "factura", facturaId: issued.factura.id, estado: "vigente" });

    // The admin screen: a 404 for a client, the list and the cancel action for the studio.
    const asClient = await callAction(adminAction, "/admin/facturas", { facturaId: issued.factura.id, motivo: "02" }, { cookie: client.cookie });
    expect(asClient.status).toBe(404);
    const list = (await adminLoader({
      request: new Request("http://localhost/admin/facturas", { headers: { cookie: admin.cookie } }),
      params: {},
      context: {},
    } as never)) as { facturas: { id: string; estado: string }[] };
    expect(list.facturas.find((f) => f.id === issued.factura.id)).toMatchObject({ estado: "vigente" });
    const noUuid = await callAction(adminAction, "/admin/facturas", { facturaId: issued.factura.id, motivo: "01" }, { cookie: admin.cookie });
    expect(noUuid.status).toBe(400);
    expect(noUuid.body).toMatchObject({ alert: { text: expect.stringContaining("UUID") } });
    const done = await callAction(adminAction, "/admin/facturas", { facturaId: issued.factura.id, motivo: "03" }, { cookie: admin.cookie });
    expect(done.body).toMatchObject({ notice: "Factura cancelada." });
    expect((await invoiceStates(db, client.id))[paid]).toEqual({ kind: "disponible" });
  });
});

describe("the demo (no FACTURAPI_KEY)", () => {
  beforeEach(() => {
    set({ facturapiKey: undefined, facturapiApiUrl: undefined });
  });

  it("issues a PDF marked 'sin validez fiscal' and a matching XML, by mail and to download", async () => {
    const compraId = await makePaidOrder(db, { userId: buyer.id, correo: "demo@example.com" });
    const result = await requestInvoice(db, { userId: buyer.id, compraId, form: FISICA });
    if (!result.ok) throw new Error(result.message);
    expect(result.factura).toMatchObject({ estado: "vigente", proveedor: "demo", serie: "DEMO" });
    expect(result.factura.uuid).toMatch(/^[0-9A-F]{8}-[0-9A-F]{4}-4[0-9A-F]{3}-A[0-9A-F]{3}-[0-9A-F]{12}$/);

    const pdfAnswer = (await download(buyer, result.factura.id, "pdf")) as Response;
    const pdf = Buffer.from(await pdfAnswer.arrayBuffer());
    expect(pdf.subarray(0, 5).toString()).toBe("%PDF-");
    const doc = await PDFDocument.load(pdf);
    expect(doc.getPageCount()).toBe(1);
    expect(doc.getTitle()).toContain("sin validez fiscal");
    const text = pdfText(pdf);
    expect(text).toContain("SIN VALIDEZ FISCAL");
    expect(text).toContain("CACX7605101P8");
    expect(text).toContain("XOCHITL CASAS CHAVEZ");
    expect(text).toContain(result.factura.uuid);

    const xml = await ((await download(buyer, result.factura.id, "xml")) as Response).text();
    expect(xml).toContain("SIN VALIDEZ FISCAL");
    expect(xml).toContain('Version="4.0"');
    expect(xml).toContain('<cfdi:Receptor Rfc="CACX7605101P8" Nombre="XOCHITL CASAS CHAVEZ" DomicilioFiscalReceptor="44160" RegimenFiscalReceptor="612" UsoCFDI="G03"/>');
    // 2 × $350.50 + $199.00 shipping = $900.00 with IVA
    expect(xml).toContain('Total="900.00"');

    const mail = readOutbox(env.dataDir).find((m) => m.subject === `Tu factura de la compra ${compraId}`);
    expect(mail?.raw).toContain(`filename=factura-${compraId}.pdf`);
    expect(mail?.raw).toContain(`filename=factura-${compraId}.xml`);

    // Cancelled in the demo: the PDF says so.
    expect(await cancelInvoice(db, { facturaId: result.factura.id, motivo: "03", sustitucion: "" })).toEqual({ ok: true, estado: "cancelada" });
    const after = pdfText(Buffer.from(await ((await download(admin, result.factura.id, "pdf")) as Response).arrayBuffer()));
    expect(after).toContain("CANCELADA");
  });

  it("in a deployment, invoices need FACTURAPI_KEY (the button is hidden without it)", () => {
    expect(invoicingEnabled({ kind: "demo" })).toBe(true);
    expect(invoicingEnabled({ kind: "deployment" })).toBe(false);
    set({ facturapiKey: "sk_live_x" });
    expect(invoicingEnabled({ kind: "deployment" })).toBe(true);
  });
});

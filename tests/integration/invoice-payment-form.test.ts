/**
 * How the CFDI says it was paid (issue 28): each order is paid through the real settle step
 * (the demo provider, Stripe and Conekta as local stubs of their APIs), invoiced through
 * Facturapi's SDK against its stub, and the stamped XML is read back: OXXO FormaPago 01,
 * SPEI 03, a credit card 04, a debit card 28 (the funding its provider reported when it
 * settled), meses sin intereses 04; MetodoPago PUE always. The generic RFC XAXX010101000 is
 * refused and changes nothing; a foreign client invoices to XEXX010101000.
 */
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { eq } from "drizzle-orm";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { action as facturaAction } from "~/routes/mis-compras-factura";
import type { Database } from "~/server/db/client.server";
import { datosFiscales, facturas, pagos } from "~/server/db/schema";
import { env } from "~/server/env.server";
import { invoiceFile, requestInvoice } from "~/server/invoicing/invoices.server";
import { createConektaProvider } from "~/server/payments/conekta.server";
import { authorizeDemoPayment, createDemoProvider, receiveDemoCash } from "~/server/payments/demo.server";
import type { PaymentProvider } from "~/server/payments/provider.server";
import { confirmPendingPayment } from "~/server/payments/settle.server";
import { createStripeProvider } from "~/server/payments/stripe.server";
import { completePurchase } from "~/server/shop/complete-purchase.server";
import { startPayment, startPendingPayment, startServerCharge } from "~/server/shop/order-payment.server";
import { priceCart } from "~/server/shop/pricing.server";
import { callAction } from "../support/actions";
import { type ConektaStub, startConektaStub } from "../support/conekta-stub";
import { type FacturapiStub, startFacturapiStub } from "../support/facturapi-stub";
import {
  type TestUser,
  configure,
  makeCart,
  makeCategory,
  makeProduct,
  makeShippingBand,
  signUpUser,
  useTestDatabase,
} from "../support/fixtures";
import { type StripeStub, startStripeStub } from "../support/stripe-stub";

const FISICA = { rfc: "CACX7605101P8", razonSocial: "Xochitl Casas Chavez", regimen: "612", uso: "G03", codigoPostal: "44160" };
const CONTACTO = { correo: "xochitl@example.com", telefono: "3333333333" };
const CONEKTA_KEY = "key_prueba_facturas";

let database: Database;
let db: Database["db"];
let facturapi: FacturapiStub;
let stripeStub: StripeStub;
let conektaStub: ConektaStub;
let demo: PaymentProvider;
let stripe: PaymentProvider;
let conekta: PaymentProvider;
let categoriaId: string;
const undos: Array<() => void> = [];
afterEach(() => {
  while (undos.length > 0) undos.pop()?.();
});

beforeAll(async () => {
  database = await useTestDatabase({ config: { dataDir: fs.mkdtempSync(path.join(os.tmpdir(), "forma-pago-")) } });
  db = database.db;
  facturapi = await startFacturapiStub();
  stripeStub = await startStripeStub();
  conektaStub = await startConektaStub(CONEKTA_KEY);
  demo = createDemoProvider(db);
  stripe = createStripeProvider({ secretKey: "sk_test_stub", host: "127.0.0.1", port: stripeStub.port, protocol: "http" });
  conekta = createConektaProvider({ privateKey: CONEKTA_KEY, apiUrl: conektaStub.url });
  categoriaId = (await makeCategory()).id;
  await makeShippingBand();
}, 60_000);

afterAll(async () => {
  await facturapi?.close();
  await stripeStub?.close();
  await conektaStub?.close();
  if (env.dataDir.startsWith(os.tmpdir())) fs.rmSync(env.dataDir, { recursive: true, force: true });
  await database?.close();
});

const useFacturapi = () =>
  undos.push(configure({ config: { facturapiKey: "sk_test_estudio", facturapiApiUrl: facturapi.url, facturapiTimeoutMs: 5_000 } }));
const useDemoInvoices = () => undos.push(configure({ config: { facturapiKey: undefined, facturapiApiUrl: undefined } }));

/** A buyer with a product in her cart, priced by the server. */
async function pricedCart(precio = 150_000) {
  const buyer = await signUpUser();
  const producto = await makeProduct({ categoriaId, cantidad: 10, precio, nombre: "Pigmento" });
  const priced = await priceCart(db, await makeCart([{ productoId: producto.id, cantidad: 1 }], buyer.id));
  if (!priced.ok) throw new Error(priced.message.text);
  return { buyer, draft: priced.draft };
}

/** The order of a card payment, settled through the one settle step. */
async function settled(paymentId: string, provider: PaymentProvider): Promise<string> {
  const done = await completePurchase(db, paymentId, { provider });
  if (!done.ok) throw new Error(`no se completó: ${done.reason}`);
  return done.compraId;
}

/** Invoices the order and reads back the XML its provider stamped. */
async function stampedXml(buyer: TestUser, compraId: string, form: Record<string, unknown> = FISICA): Promise<string> {
  const result = await requestInvoice(db, { userId: buyer.id, compraId, form });
  if (!result.ok) throw new Error(result.message);
  const file = await invoiceFile(db, { userId: buyer.id, admin: false, facturaId: result.factura.id, formato: "xml" });
  if (!file) throw new Error("sin XML");
  return file.body.toString("utf8");
}

/** OXXO or SPEI through the demo provider: the voucher, the money received, the order paid. */
async function paidPending(metodo: "oxxo" | "spei") {
  const { buyer, draft } = await pricedCart();
  const started = await startPendingPayment(db, {
    userId: buyer.id,
    draft,
    datosEnvio: null,
    datosContacto: CONTACTO,
    payer: { nombre: "Xochitl Casas", correo: CONTACTO.correo },
    provider: demo,
    metodo,
  });
  if (!started.ok) throw new Error(started.reason);
  expect(await receiveDemoCash(db, started.paymentId)).toBe(true);
  expect(await confirmPendingPayment(db, started.paymentId, demo)).toMatchObject({ ok: true, outcome: "pagado" });
  return { buyer, compraId: started.compraId };
}

const DEMO_CARD = { vencimiento: "12/30", cvc: "123", nombre: "Xochitl Casas" };

/** A card payment through the demo provider with one of its test cards. */
async function paidDemoCard(numero: string) {
  const { buyer, draft } = await pricedCart();
  const { paymentId, clientSecret } = await startPayment(db, { userId: buyer.id, draft, datosEnvio: null, datosContacto: CONTACTO, provider: demo });
  expect(await authorizeDemoPayment(db, { clientSecret, userId: buyer.id, card: { numero, ...DEMO_CARD } })).toMatchObject({ ok: true });
  return { buyer, paymentId, compraId: await settled(paymentId, demo) };
}

describe("FormaPago and MetodoPago in the stamped XML (Facturapi stub)", () => {
  it("OXXO: 01 Efectivo, PUE", async () => {
    useFacturapi();
    const { buyer, compraId } = await paidPending("oxxo");
    const xml = await stampedXml(buyer, compraId);
    expect(xml).toContain('FormaPago="01" MetodoPago="PUE"');
  });

  it("SPEI: 03 Transferencia electrónica de fondos, PUE", async () => {
    useFacturapi();
    const { buyer, compraId } = await paidPending("spei");
    const xml = await stampedXml(buyer, compraId);
    expect(xml).toContain('FormaPago="03" MetodoPago="PUE"');
  });

  it("a credit card through Stripe: the funding Stripe reported is kept with the payment, 04", async () => {
    useFacturapi();
    const { buyer, draft } = await pricedCart();
    const { paymentId } = await startPayment(db, { userId: buyer.id, draft, datosEnvio: null, datosContacto: CONTACTO, provider: stripe });
    stripeStub.authorize(paymentId, "credit");
    const compraId = await settled(paymentId, stripe);
    expect((await db.select().from(pagos).where(eq(pagos.id, paymentId)))[0].detalle).toMatchObject({ funding: "credit" });
    expect(await stampedXml(buyer, compraId)).toContain('FormaPago="04" MetodoPago="PUE"');
  });

  it("a debit card through Stripe: 28 Tarjeta de débito, PUE", async () => {
    useFacturapi();
    const { buyer, draft } = await pricedCart();
    const { paymentId } = await startPayment(db, { userId: buyer.id, draft, datosEnvio: null, datosContacto: CONTACTO, provider: stripe });
    stripeStub.authorize(paymentId, "debit");
    const compraId = await settled(paymentId, stripe);
    expect((await db.select().from(pagos).where(eq(pagos.id, paymentId)))[0].detalle).toMatchObject({ funding: "debit" });
    expect(await stampedXml(buyer, compraId)).toContain('FormaPago="28" MetodoPago="PUE"');
    // What the SDK sent Facturapi.
    const sent = facturapi.requests.filter((r) => r.method === "POST" && r.body.external_id === compraId);
    expect(sent.at(-1)?.body).toMatchObject({ payment_form: "28", payment_method: "PUE" });
  });

  it("a debit card through Conekta (its charge's card type): 28", async () => {
    useFacturapi();
    const { buyer, draft } = await pricedCart();
    conektaStub.cardType = "debit";
    try {
      const charge = await startServerCharge(db, {
        userId: buyer.id,
        draft,
        datosEnvio: null,
        datosContacto: CONTACTO,
        provider: conekta,
        card: { token: "tok_test_visa_4242", customer: { nombre: "Xochitl Casas", correo: CONTACTO.correo, cel: "3333333333" } },
      });
      if (!charge.ok) throw new Error(charge.reason);
      const compraId = await settled(charge.paymentId, conekta);
      expect(await stampedXml(buyer, compraId)).toContain('FormaPago="28" MetodoPago="PUE"');
    } finally {
      conektaStub.cardType = "credit";
    }
  });

  it("meses sin intereses: 04 and PUE (the bank pays the studio in full)", async () => {
    useFacturapi();
    const { buyer, draft } = await pricedCart(600_000);
    const { paymentId } = await startPayment(db, {
      userId: buyer.id,
      draft,
      datosEnvio: null,
      datosContacto: CONTACTO,
      provider: stripe,
      meses: 6,
    });
    stripeStub.authorizeInstallments(paymentId, 6);
    const compraId = await settled(paymentId, stripe);
    expect(await stampedXml(buyer, compraId)).toContain('FormaPago="04" MetodoPago="PUE"');
    // PUE said, not left to Facturapi's default.
    const sent = facturapi.requests.filter((r) => r.method === "POST" && r.body.external_id === compraId);
    expect(sent.at(-1)?.body).toMatchObject({ payment_form: "04", payment_method: "PUE" });
  });
});

describe("the demo: its debit test card and its XML", () => {
  it("4000 0566 5566 5556 is a debit card: the demo XML says 28; 4242 4242 4242 4242 says 04", async () => {
    useDemoInvoices();
    const debit = await paidDemoCard("4000 0566 5566 5556");
    const xml = await stampedXml(debit.buyer, debit.compraId);
    expect(xml).toContain("SIN VALIDEZ FISCAL");
    expect(xml).toContain('FormaPago="28" MetodoPago="PUE"');
    const credit = await paidDemoCard("4242 4242 4242 4242");
    expect(await stampedXml(credit.buyer, credit.compraId)).toContain('FormaPago="04" MetodoPago="PUE"');
  });
});

describe("público en general", () => {
  it("the generic RFC XAXX010101000 is refused with a Spanish message, and nothing changes", async () => {
    useFacturapi();
    const { buyer, compraId } = await paidDemoCard("4242 4242 4242 4242");
    const before = facturapi.created();
    const answer = await callAction(
      facturaAction,
      `/mis-compras/factura/${compraId}`,
      { rfc: "XAXX010101000", razonSocial: "Público en general", regimen: "616", uso: "S01", codigoPostal: "44160" },
      { cookie: buyer.cookie, params: { id: compraId } },
    );
    expect(answer.status).toBe(400);
    expect(answer.body).toMatchObject({
      error: { field: "rfc", message: expect.stringContaining("Factura con tu propio RFC: las compras sin factura van en la factura global del mes.") },
    });
    expect(facturapi.created()).toBe(before);
    expect(await db.select().from(facturas).where(eq(facturas.compraId, compraId))).toHaveLength(0);
    expect(await db.select().from(datosFiscales).where(eq(datosFiscales.userId, buyer.id))).toHaveLength(0);
  });

  it("a foreign client invoices to XEXX010101000 with 616, S01 and the studio's postal code", async () => {
    useFacturapi();
    const { buyer, compraId } = await paidDemoCard("4242 4242 4242 4242");
    const xml = await stampedXml(buyer, compraId, {
      rfc: "XEXX010101000",
      razonSocial: "Jane Doe",
      regimen: "616",
      uso: "S01",
      codigoPostal: "",
    });
    expect(xml).toContain('Rfc="XEXX010101000" Nombre="JANE DOE" DomicilioFiscalReceptor="44160" RegimenFiscalReceptor="616" UsoCFDI="S01"');
  });
});

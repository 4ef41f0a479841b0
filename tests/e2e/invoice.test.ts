/**
 * Factura (CFDI 4.0) in Chromium against the production server in demo mode (ADR 022): buy
 * with the demo card → /mis-compras → 'Factura' → the form (régimen follows the RFC, uso
 * follows the régimen) → a wrong check digit is refused → the invoice is issued, mailed with
 * PDF and XML, and downloads as a PDF. Screenshots of the form at 375 and 1280 px go to
 * SCREENSHOT_DIR when it is set.
 */
import path from "node:path";
import type { Browser, BrowserContext, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { logIn, sessionCookies, signUpInBrowser } from "../support/accounts";
import { axeViolations } from "../support/axe";
import { DESKTOP, PHONE } from "../support/browser";
import { sharedBrowser } from "./shared-browser";
import { fillCheckoutInformation } from "../support/forms";
import { readOutbox } from "../support/outbox";
import { E2E_ADMIN } from "./global-setup";

const baseURL = inject("baseURL");
const dataDir = inject("dataDir");
let browser: Browser;
beforeAll(async () => {
  browser = await sharedBrowser({ reuseContexts: true });
});
afterAll(() => browser?.close());

async function shot(page: Page, name: string) {
  if (process.env.SCREENSHOT_DIR) await page.screenshot({ path: path.join(process.env.SCREENSHOT_DIR, name), fullPage: true });
}

async function buy(context: BrowserContext, correo: string): Promise<string> {
  const page = await context.newPage();
  await page.goto(`${baseURL}/producto/pig-01`);
  await page.getByRole("button", { name: "Agregar al carrito" }).click();
  await page.waitForFunction(() => document.querySelector('[data-testid="cart-count"]')?.textContent === "1");
  await page.goto(`${baseURL}/pagar`);
  await fillCheckoutInformation(page, correo);
  await page.getByRole("button", { name: "Continuar" }).click();
  await page.waitForURL(`${baseURL}/pagar?paso=envio`);
  await page.getByRole("radio", { name: /Envío Express/ }).check();
  await page.getByRole("button", { name: "Continuar" }).click();
  await page.waitForURL(`${baseURL}/pagar?paso=pagar`);
  const card = page.getByTestId("demo-card-form");
  await card.getByLabel("Número de tarjeta").fill("4242 4242 4242 4242");
  await card.getByLabel("Vencimiento (MM/AA)").fill("12/34");
  await card.getByLabel("CVC").fill("123");
  await card.getByLabel("Nombre en la tarjeta").fill("Ana López");
  await card.getByRole("button", { name: /^Pagar \$/ }).click();
  const dialog = page.getByTestId("alert-dialog");
  await dialog.getByRole("heading", { name: "Compra exitosa!", exact: true }).waitFor();
  const compraId = ((await dialog.textContent()) ?? "").match(/MA-[2-9A-HJ-NP-Z]{6}/)?.[0] ?? "";
  await page.close();
  return compraId;
}

describe("Factura from /mis-compras", () => {
  it("asks for the fiscal data, refuses a wrong RFC, issues the invoice and lets it be downloaded", async () => {
    const context = await browser.newContext({ viewport: DESKTOP });
    const correo = `factura-${Date.now()}@example.com`;
    await signUpInBrowser(context, baseURL, { name: "Ana López", email: correo });
    const compraId = await buy(context, correo);
    expect(compraId).toBeTruthy();

    const page = await context.newPage();
    await page.goto(`${baseURL}/mis-compras`);
    await page.getByTestId("order").first().getByTestId("order-factura").click();
    await page.waitForURL(`${baseURL}/mis-compras/factura/${compraId}`);
    const form = page.getByTestId("factura-form");
    await form.waitFor();
    expect(await axeViolations(page)).toEqual([]);

    // The régimen list follows the RFC (persona física: no 601), the uso list the régimen.
    await form.getByLabel("RFC").fill("CACX7605101P9");
    expect(await form.getByLabel("Régimen fiscal").locator('option[value="601"]').count()).toBe(0);
    await form.getByLabel("Régimen fiscal").selectOption("605");
    expect(await form.getByLabel("Uso del CFDI").locator('option[value="G03"]').count()).toBe(0);
    await form.getByLabel("Régimen fiscal").selectOption("612");
    await form.getByLabel("Uso del CFDI").selectOption("G03");
    await form.getByLabel("Nombre o razón social").fill("Xochitl Casas Chavez");
    await form.getByLabel("Código postal fiscal").fill("44160");
    await shot(page, "factura-form-1280.png");
    await page.setViewportSize(PHONE);
    await shot(page, "factura-form-375.png");
    await page.setViewportSize(DESKTOP);

    // A wrong check digit: the server's reason, nothing issued.
    await form.getByRole("button", { name: "Generar factura" }).click();
    await expect.poll(() => page.getByRole("alert").filter({ hasText: "dígito verificador" }).count()).toBe(1);
    await shot(page, "factura-error-1280.png");

    await form.getByLabel("RFC").fill("CACX7605101P8");
    await form.getByLabel("Régimen fiscal").selectOption("612");
    await form.getByLabel("Uso del CFDI").selectOption("G03");
    await form.getByRole("button", { name: "Generar factura" }).click();
    const issued = page.getByTestId("factura-emitida");
    await issued.waitFor();
    await shot(page, "factura-emitida-1280.png");
    expect(await issued.textContent()).toContain("CACX7605101P8");

    const pdfHref = await issued.getByRole("link", { name: "Descargar PDF" }).getAttribute("href");
    const pdf = await context.request.get(`${baseURL}${pdfHref}`);
    expect(pdf.status()).toBe(200);
    expect(pdf.headers()["content-type"]).toBe("application/pdf");
    expect((await pdf.body()).subarray(0, 5).toString()).toBe("%PDF-");
    await expect
      .poll(() => readOutbox(dataDir).filter((m) => m.subject === `Tu factura de la compra ${compraId}`).length)
      .toBe(1);

    // Remembered for the next invoice; /mis-compras now offers 'Ver factura'.
    await page.goto(`${baseURL}/mis-compras`);
    expect(await page.getByTestId("order").first().getByTestId("order-factura").textContent()).toBe("Ver factura");

    // The studio lists it and cancels it with a SAT reason (01 asks for the replacing UUID).
    const studio = await browser.newContext({ viewport: PHONE });
    await studio.addCookies(sessionCookies(baseURL, { cookie: await logIn(baseURL, E2E_ADMIN.email, E2E_ADMIN.password) }));
    const admin = await studio.newPage();
    await admin.goto(`${baseURL}/admin/facturas`);
    const row = admin.getByTestId("factura").filter({ hasText: compraId });
    expect(await row.getByTestId("factura-estado").textContent()).toBe("Vigente");
    await row.getByLabel("Motivo de cancelación (SAT)").selectOption("01");
    await row.getByLabel("UUID de la factura que la sustituye").waitFor();
    expect(await axeViolations(admin)).toEqual([]);
    await shot(admin, "admin-facturas-375.png");
    await row.getByLabel("Motivo de cancelación (SAT)").selectOption("02");
    await row.getByRole("button", { name: "Cancelar factura" }).click();
    await expect.poll(() => row.getByTestId("factura-estado").textContent()).toBe("Cancelada");
    await studio.close();

    // Cancelled: the client may ask again this month.
    await page.goto(`${baseURL}/mis-compras`);
    expect(await page.getByTestId("order").first().getByTestId("order-factura").textContent()).toBe("Factura");
    await context.close();
  });
});

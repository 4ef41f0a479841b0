/**
 * OXXO in Chromium against the production server in demo mode (issue 14): a course bought
 * with an OXXO voucher waits 'Pendiente de pago' in /mis-compras with its voucher (number,
 * barcode, amount, expiry) and stays locked; 'Simular pago recibido' makes the demo send its
 * signed webhook, and the course opens.
 */
import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { createAccount, sessionCookies } from "../support/accounts";
import { DESKTOP, launchBrowser } from "../support/browser";
import { readOutbox } from "../support/outbox";

const baseURL = inject("baseURL");
const dataDir = inject("dataDir");
const CURSO = "automaquillaje-online";
let browser: Browser;

beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(() => browser?.close());

async function closeAlert(page: Page, title: string): Promise<string> {
  const dialog = page.getByTestId("alert-dialog");
  await dialog.getByRole("heading", { name: title, exact: true }).waitFor();
  const text = (await dialog.textContent()) ?? "";
  await dialog.getByRole("button").last().click();
  await dialog.waitFor({ state: "hidden" });
  return text;
}

describe("a course paid in cash at OXXO (demo)", () => {
  it("pending with the voucher → 'Simular pago recibido' → the course opens", async () => {
    const account = await createAccount(baseURL);
    const context = await browser.newContext({ viewport: DESKTOP });
    await context.addCookies(sessionCookies(baseURL, account));
    const page = await context.newPage();

    await page.goto(`${baseURL}/pagar-curso/${CURSO}`, { waitUntil: "networkidle" });
    const methods = page.getByTestId("payment-methods");
    await methods.waitFor();
    expect(await methods.getByRole("radio").count()).toBe(3);
    await methods.getByRole("radio", { name: /OXXO/ }).check();
    await page.getByRole("button", { name: "Generar ficha OXXO" }).click();
    const generated = await closeAlert(page, "Ficha de pago generada");
    const compraId = generated.match(/MA-[2-9A-HJ-NP-Z]{6}/)?.[0] ?? "";
    expect(compraId).toMatch(/^MA-/);

    await page.waitForURL(`**/mis-compras*`);
    const order = page.locator(`#compra-${compraId}`);
    await order.getByTestId("pending-payment").waitFor();
    expect(await order.getByTestId("order-payment-state").textContent()).toBe("Pendiente de pago");
    expect((await order.getByTestId("voucher-number").textContent())?.replace(/\s/g, "")).toMatch(/^\d{14}$/);
    expect(await order.getByTestId("voucher-barcode").count()).toBe(1);
    await expect
      .poll(() => readOutbox(dataDir).find((m) => m.to.includes(account.email))?.subject)
      .toBe(`Tu ficha de pago OXXO: compra ${compraId}`);

    // Not paid yet: the course stays closed.
    await page.goto(`${baseURL}/curso-michel-alvarez/${CURSO}`);
    expect(new URL(page.url()).pathname).toBe("/");

    await page.goto(`${baseURL}/mis-compras`, { waitUntil: "networkidle" });
    await page.locator(`#compra-${compraId}`).getByTestId("simulate-payment").click();
    await closeAlert(page, "Pago recibido");
    await page.locator(`#compra-${compraId}`).getByTestId("order-pending").waitFor({ state: "detached" });

    await page.goto(`${baseURL}/curso-michel-alvarez/${CURSO}`, { waitUntil: "networkidle" });
    expect(new URL(page.url()).pathname).toBe(`/curso-michel-alvarez/${CURSO}`);
    await page.getByRole("navigation", { name: "Unidades del curso" }).getByRole("link").first().waitFor();
    await expect
      .poll(() => readOutbox(dataDir).some((m) => m.subject === `Confirmación de tu compra ${compraId}`))
      .toBe(true);
    await context.close();
  });
});

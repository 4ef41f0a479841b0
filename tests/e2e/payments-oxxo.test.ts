/**
 * OXXO in Chromium against the production server in demo mode (issue 14): a course bought
 * with an OXXO voucher waits 'Pendiente de pago' in /mis-compras with its voucher (number,
 * barcode, amount, expiry) and stays locked; 'Simular pago recibido' makes the demo send its
 * signed webhook, and the course opens.
 */
import fs from "node:fs";
import path from "node:path";
import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { createAccount, logIn, sessionCookies } from "../support/accounts";
import { axeViolations } from "../support/axe";
import { DESKTOP, PHONE, nextPaint } from "../support/browser";
import { sharedBrowser } from "./shared-browser";
import { notVerification, readOutbox } from "../support/outbox";
import { E2E_ADMIN } from "./global-setup";

const SHOTS = path.join(process.cwd(), ".tmp", "shots");

/** Full-page screenshots at 375 and 1280 px, each audited by axe-core. */
async function shoot(page: Page, name: string) {
  fs.mkdirSync(SHOTS, { recursive: true });
  const before = page.viewportSize();
  for (const viewport of [PHONE, DESKTOP]) {
    await page.setViewportSize(viewport);
    await page.evaluate(() => window.scrollTo(0, 0));
    await nextPaint(page);
    await page.screenshot({ path: path.join(SHOTS, `pagos-${name}-${viewport.width}.png`), fullPage: true });
    expect([name, viewport.width, await axeViolations(page)]).toEqual([name, viewport.width, []]);
  }
  if (before) await page.setViewportSize(before);
}

const baseURL = inject("baseURL");
const dataDir = inject("dataDir");
const CURSO = "automaquillaje-online";
let browser: Browser;

beforeAll(async () => {
  browser = await sharedBrowser({ reuseContexts: true });
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

    await page.goto(`${baseURL}/pagar-curso/${CURSO}`);
    const methods = page.getByTestId("payment-methods");
    await methods.waitFor();
    expect(await methods.getByRole("radio").count()).toBe(3);
    await page.getByTestId("msi-select").waitFor();
    await shoot(page, "paso-3-tarjeta");
    await methods.getByRole("radio", { name: /OXXO/ }).check();
    await shoot(page, "paso-3-oxxo");
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
      .poll(() => readOutbox(dataDir).filter(notVerification).find((m) => m.to.includes(account.email))?.subject)
      .toBe(`Tu ficha de pago OXXO: compra ${compraId}`);
    await shoot(page, "mis-compras-pendiente");

    // The studio sees it waiting in /admin/pagos.
    const adminContext = await browser.newContext({ viewport: DESKTOP });
    await adminContext.addCookies(
      sessionCookies(baseURL, { cookie: await logIn(baseURL, E2E_ADMIN.email, E2E_ADMIN.password) }),
    );
    const adminPage = await adminContext.newPage();
    await adminPage.goto(`${baseURL}/admin/pagos?metodo=oxxo&estado=pendiente`);
    expect(await adminPage.getByTestId("payments-list").textContent()).toContain(compraId);
    await shoot(adminPage, "admin");
    await adminContext.close();

    // Not paid yet: the course stays closed.
    await page.goto(`${baseURL}/curso-michel-alvarez/${CURSO}`);
    expect(new URL(page.url()).pathname).toBe("/");

    await page.goto(`${baseURL}/mis-compras`);
    await page.locator(`#compra-${compraId}`).getByTestId("simulate-payment").click();
    await closeAlert(page, "Pago recibido");
    await page.locator(`#compra-${compraId}`).getByTestId("order-pending").waitFor({ state: "detached" });

    await page.goto(`${baseURL}/curso-michel-alvarez/${CURSO}`);
    expect(new URL(page.url()).pathname).toBe(`/curso-michel-alvarez/${CURSO}`);
    await page.getByRole("navigation", { name: "Unidades del curso" }).getByRole("link").first().waitFor();
    await expect
      .poll(() => readOutbox(dataDir).some((m) => m.subject === `Confirmación de tu compra ${compraId}`))
      .toBe(true);
    await context.close();
  });
});

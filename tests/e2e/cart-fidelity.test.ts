/**
 * The cart in Chromium (issue 12, item 14): a refused discount code leaves its field, so
 * leaving the field or 'Pagar' does not send it (and refuse it) again; 'Pagar' goes on.
 * Quantities above stock are said as they are typed ('Solo quedan N disponibles').
 */
import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { createAccount, sessionCookies } from "../support/accounts";
import { axeViolations } from "../support/axe";
import { DESKTOP } from "../support/browser";
import { sharedBrowser } from "./shared-browser";

const baseURL = inject("baseURL");
let browser: Browser;
beforeAll(async () => {
  browser = await sharedBrowser({ reuseContexts: true });
});
afterAll(() => browser?.close());

async function closeAlert(page: Page, title: string) {
  const dialog = page.getByTestId("alert-dialog");
  await dialog.getByRole("heading", { name: title, exact: true }).waitFor();
  await dialog.getByRole("button").last().click();
  await dialog.waitFor({ state: "hidden" });
}

describe("cart", () => {
  it("clears a refused code from its field, then 'Pagar' goes on to /pagar", async () => {
    const context = await browser.newContext({ viewport: DESKTOP });
    await context.addCookies(sessionCookies(baseURL, await createAccount(baseURL)));
    const page = await context.newPage();
    await page.goto(`${baseURL}/producto/pig-04`);
    await page.getByRole("button", { name: "Agregar al carrito" }).click();
    await page.waitForFunction(() => document.querySelector('[data-testid="cart-count"]')?.textContent === "1");
    await page.goto(`${baseURL}/carrito`);

    // Enter keeps the focus in the field: the alert gives it back when it closes.
    const code = page.getByLabel("Código de descuento");
    await code.fill("NOEXISTE");
    await code.press("Enter");
    await closeAlert(page, "Error en el código");
    expect(await code.inputValue()).toBe("");

    // The same through 'Aplicar'.
    await code.fill("TAMPOCO");
    await page.getByRole("button", { name: "Aplicar" }).click();
    await closeAlert(page, "Error en el código");
    expect(await code.inputValue()).toBe("");

    // A quantity above the stock is said while typing, with what is left.
    const cantidad = page.getByRole("spinbutton", { name: /^Cantidad de / });
    await cantidad.fill("10");
    await expect.poll(() => page.getByTestId("stock-note").textContent()).toBe("Solo quedan 9 disponibles");
    expect(await axeViolations(page)).toEqual([]);
    await cantidad.fill("1");
    await expect.poll(() => page.getByTestId("stock-note").textContent()).toBe("");

    await code.focus();
    await page.getByRole("button", { name: "Pagar" }).click();
    await page.waitForURL(`${baseURL}/pagar`);
    expect(await page.getByTestId("alert-dialog").isVisible()).toBe(false);
    await context.close();
  });
});

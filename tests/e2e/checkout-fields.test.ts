/**
 * Checkout step 1 (/pagar) in Chromium: the spec's alert ('Faltan llenar datos!' /
 * 'Llena el dato de {field}') names the first missing field in the spec's order (nombre,
 * apellido, correo, direccion, telefono, estado, ciudad, codigo postal, pais; colonia last),
 * never the browser's own "fill in this field" bubble on whichever field is first on screen.
 */
import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { createAccount, sessionCookies } from "../support/accounts";
import { DESKTOP } from "../support/browser";
import { sharedBrowser } from "./shared-browser";

const baseURL = inject("baseURL");
let browser: Browser;
beforeAll(async () => {
  browser = await sharedBrowser({ reuseContexts: true });
});
afterAll(() => browser?.close());

/** Each field's label on the form, in the spec's order, and the value that fills it. */
const IN_SPEC_ORDER: [field: string, label: string, value: string][] = [
  ["nombre", "Nombre", "Ana"],
  ["apellido", "Apellido", "López"],
  ["correo", "Correo", "ana-campos@example.com"],
  ["direccion", "Dirección (calle, número, interior)", "Av. Chapultepec 123, int. 4"],
  ["telefono", "Teléfono", "33-3333-3333"],
  ["estado", "Estado", "Jalisco"],
  ["ciudad", "Ciudad", "Guadalajara"],
  ["codigo postal", "Código postal", "44160"],
  ["pais", "País", "México"],
  ["colonia", "Colonia", "Americana"],
];

/** Types into a field, or picks in the 'Estado' list (a select of the 32 states; '' is its placeholder). */
async function setField(page: Page, label: string, value: string) {
  const field = page.getByTestId("checkout-information").getByLabel(label, { exact: true });
  if (label === "Estado") await field.selectOption(value);
  else await field.fill(value);
}

/** Clicks 'Continuar' and returns the alert's text (then closes it). */
async function continueAndReadAlert(page: Page): Promise<string> {
  await page.getByRole("button", { name: "Continuar" }).click();
  const dialog = page.getByTestId("alert-dialog");
  await dialog.getByRole("heading", { name: "Faltan llenar datos!", exact: true }).waitFor();
  const text = (await dialog.textContent()) ?? "";
  await dialog.getByRole("button").last().click();
  await dialog.waitFor({ state: "hidden" });
  return text;
}

describe("checkout step 1", () => {
  it("names the first missing field in the spec's order, one at a time, with no browser bubble", async () => {
    const context = await browser.newContext({ viewport: DESKTOP });
    await context.addCookies(sessionCookies(baseURL, await createAccount(baseURL)));
    const page = await context.newPage();
    await page.goto(`${baseURL}/producto/pig-05`);
    await page.getByRole("button", { name: "Agregar al carrito" }).click();
    await page.waitForFunction(() => document.querySelector('[data-testid="cart-count"]')?.textContent === "1");
    await page.goto(`${baseURL}/pagar`);

    // The form leaves validation to the spec's rule (no native bubbles) and starts empty.
    const form = page.getByTestId("checkout-information");
    expect(await form.evaluate((f) => (f as HTMLFormElement).noValidate)).toBe(true);
    for (const [, label] of IN_SPEC_ORDER) await setField(page, label, "");

    // Empty: nombre first (the first field on screen is Correo, the browser would pick it).
    for (const [field, label, value] of IN_SPEC_ORDER) {
      const text = await continueAndReadAlert(page);
      expect(text).toContain(`Llena el dato de ${field}`);
      expect(page.url()).toBe(`${baseURL}/pagar`);
      await setField(page, label, value);
    }

    // Everything filled: on to Envío.
    await page.getByRole("button", { name: "Continuar" }).click();
    await page.waitForURL(`${baseURL}/pagar?paso=envio`);
    await context.close();
  });
});

/**
 * The checkout in Chromium against the production server, the demo catalogue and the
 * built-in demo payment provider: product → cart → code → /pagar → Información → Envío →
 * Pagar → declined card (nothing written) → 4242 → 'Compra exitosa!' → home →
 * /mis-compras and the confirmation mail in the outbox.
 */
import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { DESKTOP, PHONE } from "../support/browser";
import { sharedBrowser } from "./shared-browser";
import { axeViolations } from "../support/axe";
import { fillCheckoutInformation } from "../support/forms";
import { notVerification, readOutbox } from "../support/outbox";
import { signUpInBrowser } from "../support/accounts";

const baseURL = inject("baseURL");
const dataDir = inject("dataDir");
let browser: Browser;
beforeAll(async () => {
  browser = await sharedBrowser({ reuseContexts: true });
});
afterAll(() => browser?.close());

async function open(page: Page, path: string) {
  return page.goto(`${baseURL}${path}`);
}

/** Waits for the alert with this title, returns its text and closes it. */
async function closeAlert(page: Page, title: string): Promise<string> {
  const dialog = page.getByTestId("alert-dialog");
  await dialog.getByRole("heading", { name: title, exact: true }).waitFor();
  const text = (await dialog.textContent()) ?? "";
  await dialog.getByRole("button").last().click();
  await dialog.waitFor({ state: "hidden" });
  return text;
}


/** Waits until the breadcrumb marks this step (React renders just after the URL changes). */
async function waitStep(page: Page, label: string) {
  await page.getByTestId("checkout-steps").locator('[aria-current="step"]', { hasText: label }).waitFor();
}

async function payWith(page: Page, numero: string) {
  const form = page.getByTestId("demo-card-form");
  await form.getByLabel("Número de tarjeta").fill(numero);
  await form.getByLabel("Vencimiento (MM/AA)").fill("12/34");
  await form.getByLabel("CVC").fill("123");
  await form.getByLabel("Nombre en la tarjeta").fill("Ana López");
  await form.getByRole("button", { name: /^Pagar \$/ }).click();
}

describe("checkout with the demo card", () => {
  it("buys a product with a code through the three steps; a declined card writes nothing", async () => {
    const context = await browser.newContext({ viewport: DESKTOP });
    const page = await context.newPage();
    const correo = `compra-${Date.now()}@example.com`;
    await signUpInBrowser(context, baseURL, { name: "Ana López", email: correo });

    // product → cart → code
    await open(page, "/producto/pig-01");
    await page.getByRole("button", { name: "Agregar al carrito" }).click();
    await page.waitForFunction(() => document.querySelector('[data-testid="cart-count"]')?.textContent === "1");
    await open(page, "/carrito");
    await page.getByLabel("Código de descuento").fill("BIENVENIDA10");
    await page.getByRole("button", { name: "Aplicar" }).click();
    await closeAlert(page, "Encontrado");
    await page.getByRole("button", { name: "Pagar" }).click();
    await page.waitForURL(`${baseURL}/pagar`);

    // Step 1: Información. The right column is the server's price: $689.00 −10% floored, Express $149.
    const steps = page.getByTestId("checkout-steps");
    expect(await steps.locator('[aria-current="step"]').textContent()).toBe("Información");
    const summary = page.getByTestId("order-summary");
    expect(await summary.getByTestId("summary-price").textContent()).toBe("$689.00$620.10");
    expect(await summary.getByTestId("summary-shipping").textContent()).toBe("$149.00");
    expect(await summary.getByTestId("summary-total").textContent()).toBe("MXN$769.10");
    expect(await page.getByLabel("Correo").getAttribute("placeholder")).toBe("nombre@ejemplo.com");
    expect(await page.getByLabel("Teléfono").getAttribute("placeholder")).toBe("33-3333-3333");
    expect(await axeViolations(page)).toEqual([]);
    await fillCheckoutInformation(page, correo);
    await page.getByRole("button", { name: "Continuar" }).click();

    // Step 2: Envío. Continuar without the option → the spec's error naming envío.
    await page.waitForURL(`${baseURL}/pagar?paso=envio`);
    await waitStep(page, "Envío");
    expect(await page.getByTestId("recap-contacto").textContent()).toContain("Ana López");
    expect(await page.getByTestId("recap-envio").textContent()).toBe("Av. Chapultepec 123, int. 4, Jalisco, México");
    expect(await page.getByTestId("shipping-price").textContent()).toBe("$149.00");
    expect(await axeViolations(page)).toEqual([]);
    await page.getByRole("button", { name: "Continuar" }).click();
    expect(await closeAlert(page, "Faltan llenar datos!")).toContain("Llena el dato de envío");
    await page.getByRole("radio", { name: /Envío Express/ }).check();
    await page.getByRole("button", { name: "Continuar" }).click();

    // Step 3: Pagar. 'Cambiar' goes back and hides the panel; Continuar then skips shipping.
    await page.waitForURL(`${baseURL}/pagar?paso=pagar`);
    await waitStep(page, "Pagar");
    await page.getByTestId("checkout-recap").getByRole("link", { name: "Cambiar" }).first().click();
    await page.waitForURL(`${baseURL}/pagar`);
    await waitStep(page, "Información");
    expect(await page.getByTestId("payment-panel").count()).toBe(0);
    expect(await page.getByLabel("Ciudad").inputValue()).toBe("Guadalajara");
    await page.getByRole("button", { name: "Continuar" }).click();
    await page.waitForURL(`${baseURL}/pagar?paso=pagar`);
    await waitStep(page, "Pagar");
    await page.getByTestId("payment-panel").waitFor();
    expect(await axeViolations(page)).toEqual([]);

    // A declined card: the provider's message, the overlay gone, nothing written.
    await payWith(page, "4000 0000 0000 0002");
    expect(await closeAlert(page, "Error!")).toContain("Error: Tu tarjeta fue rechazada.");
    expect(await page.getByTestId("payment-overlay").count()).toBe(0);
    const orders = await context.newPage();
    await orders.goto(`${baseURL}/mis-compras`);
    await orders.getByTestId("no-orders").waitFor();
    expect(await orders.getByTestId("cart-count").textContent()).toBe("1");
    expect(readOutbox(dataDir).filter((m) => notVerification(m) && m.to.includes(correo))).toHaveLength(0);

    // 4242: 'Compra exitosa!' with the purchase id, then home with an empty cart.
    await payWith(page, "4242 4242 4242 4242");
    const success = await closeAlert(page, "Compra exitosa!");
    const compraId = success.match(/MA-[2-9A-HJ-NP-Z]{6}/)?.[0];
    expect(compraId).toBeTruthy();
    await page.waitForURL(`${baseURL}/`);
    await page.waitForFunction(() => document.querySelector('[data-testid="cart-count"]')?.textContent === "0");

    // /mis-compras shows it; the confirmation mail is in the outbox.
    await orders.reload();
    const order = orders.getByTestId("order").first();
    expect(await order.getByTestId("order-id").textContent()).toBe(`Compra ${compraId}`);
    expect(await order.getByTestId("order-line").first().textContent()).toContain("Velvet Pigments Café Oscuro 15 ml");
    expect(await order.getByTestId("order-total").textContent()).toBe("$769.10");
    const mails = readOutbox(dataDir).filter((m) => notVerification(m) && m.to.includes(correo));
    expect(mails).toHaveLength(1);
    expect(mails[0].subject).toBe(`Confirmación de tu compra ${compraId}`);
    // The mail call (/v2/correo) sends it again, to the owner only.
    await order.getByRole("button", { name: "Reenviar confirmación" }).click();
    await expect.poll(() => readOutbox(dataDir).filter((m) => notVerification(m) && m.to.includes(correo)).length).toBe(2);
    await context.close();
  });

  it("fits the checkout and the orders page at 375 px", async () => {
    const context = await browser.newContext({ viewport: PHONE });
    const page = await context.newPage();
    const correo = `movil-${Date.now()}@example.com`;
    await signUpInBrowser(context, baseURL, { name: "Ana López", email: correo });
    await open(page, "/producto/pig-02");
    await page.getByRole("button", { name: "Agregar al carrito" }).click();
    await page.waitForFunction(() => document.querySelector('[data-testid="cart-count"]')?.textContent === "1");
    await open(page, "/pagar");

    const noOverflow = () => page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth);
    // On a phone the summary folds into a toggle with the total.
    const toggle = page.getByTestId("order-summary-mobile");
    expect(await toggle.isVisible()).toBe(true);
    expect(await page.getByTestId("order-summary").isVisible()).toBe(false);
    expect(await noOverflow()).toBe(true);
    await fillCheckoutInformation(page, correo);
    await page.getByRole("button", { name: "Continuar" }).click();
    await waitStep(page, "Envío");
    await page.getByRole("radio", { name: /Envío Express/ }).check();
    await page.getByRole("button", { name: "Continuar" }).click();
    await waitStep(page, "Pagar");
    expect(await noOverflow()).toBe(true);
    await payWith(page, "4242424242424242");
    await closeAlert(page, "Compra exitosa!");
    await page.waitForURL(`${baseURL}/`);
    await open(page, "/mis-compras");
    await page.getByTestId("order").first().waitFor();
    expect(await noOverflow()).toBe(true);
    await context.close();
  });

  it("sends logged-out visitors home", async () => {
    // the server's redirect, no browser needed
    for (const path of ["/pagar", "/mis-compras"]) {
      const response = await fetch(`${baseURL}${path}`, { redirect: "manual" });
      expect([path, response.status, response.headers.get("location")]).toEqual([path, 302, "/"]);
    }
  });
});

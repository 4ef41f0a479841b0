/**
 * $0 orders in Chromium against the production server and the demo catalogue (issue 12
 * item 10): with a 100 % code, /pagar-curso and /pagar show no card form, one button places
 * the order, and the buyer reaches the confirmation ('Compra exitosa!') with the purchase
 * id. The studio's codes and free shipping are set through the admin's own forms.
 */
import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { type TestAccount, createAccount, logIn, sessionCookies } from "../support/accounts";
import { DESKTOP } from "../support/browser";
import { sharedBrowser } from "./shared-browser";
import { notVerification, readOutbox } from "../support/outbox";
import { E2E_ADMIN } from "./global-setup";

const baseURL = inject("baseURL");
const dataDir = inject("dataDir");
const CURSO = "automaquillaje-online";
const PRODUCTO = "pig-05";
let browser: Browser;
let admin: TestAccount;

/** Posts one of the admin's forms as the browser would (same origin, the admin's session). */
async function adminForm(pathname: string, fields: Record<string, string>) {
  const response = await fetch(`${baseURL}${pathname}`, {
    method: "POST",
    redirect: "manual",
    headers: { cookie: admin.cookie, origin: baseURL, "content-type": "application/x-www-form-urlencoded" },
    body: new URLSearchParams(fields),
  });
  expect([pathname, response.status < 400]).toEqual([pathname, true]);
}

const setShipping = (estado: "Gratis" | "Normal") => adminForm("/admin/envios", { intent: "ajuste", estado });

beforeAll(async () => {
  browser = await sharedBrowser({ reuseContexts: true });
  admin = { ...E2E_ADMIN, cookie: await logIn(baseURL, E2E_ADMIN.email, E2E_ADMIN.password) };
  await adminForm("/admin/promociones-cursos/nuevo", {
    intent: "guardar",
    codigo: "REGALOE2E",
    target: CURSO,
    descuento: "100",
    activo: "on",
  });
  await adminForm("/admin/promociones/nuevo", {
    intent: "guardar",
    codigo: "TODOE2E",
    target: PRODUCTO,
    descuento: "100",
    activo: "on",
  });
});
afterAll(() => browser?.close());

/** Waits for the alert with this title, returns its text and closes it. */
async function closeAlert(page: Page, title: string): Promise<string> {
  const dialog = page.getByTestId("alert-dialog");
  await dialog.getByRole("heading", { name: title, exact: true }).waitFor();
  const text = (await dialog.textContent()) ?? "";
  await dialog.getByRole("button").last().click();
  await dialog.waitFor({ state: "hidden" });
  return text;
}

async function buyer(): Promise<{ account: TestAccount; page: Page; close: () => Promise<void> }> {
  const account = await createAccount(baseURL);
  const context = await browser.newContext({ viewport: DESKTOP });
  await context.addCookies(sessionCookies(baseURL, account));
  return { account, page: await context.newPage(), close: () => context.close() };
}

/** The panel offers the free order, with no card form. */
async function confirmFreeOrder(page: Page): Promise<string> {
  const panel = page.getByTestId("payment-panel");
  await panel.getByTestId("free-order-form").waitFor();
  expect(await panel.getByTestId("demo-card-form").count()).toBe(0);
  expect(await panel.getByLabel("Número de tarjeta").count()).toBe(0);
  await panel.getByRole("button", { name: "Confirmar pedido sin costo" }).click();
  const success = await closeAlert(page, "Compra exitosa!");
  const compraId = success.match(/MA-[2-9A-HJ-NP-Z]{6}/)?.[0] ?? "";
  expect(compraId).toMatch(/^MA-/);
  return compraId;
}

describe("orders with nothing to pay", () => {
  it("/pagar-curso with a 100 % code: no card form, the course is hers", async () => {
    const { account, page, close } = await buyer();
    await page.goto(`${baseURL}/pagar-curso/${CURSO}`);
    await page.getByTestId("demo-card-form").waitFor();
    await page.getByLabel("Código de Descuento").locator("visible=true").fill("regaloe2e");
    await closeAlert(page, "Encontrado");
    await page.waitForFunction(() =>
      [...document.querySelectorAll("[data-testid=summary-total]")].some((e) => e.textContent?.includes("$0.00")),
    );
    const compraId = await confirmFreeOrder(page);
    await page.waitForURL(`**/curso-michel-alvarez/${CURSO}`);
    await expect
      .poll(() => readOutbox(dataDir).filter(notVerification).find((m) => m.to.includes(account.email))?.subject)
      .toBe(`Confirmación de tu compra ${compraId}`);
    await close();
  });

  it("/pagar with a 100 % code and free shipping: no card form, the order at $0.00 in Mis compras", async () => {
    await setShipping("Gratis");
    try {
      const { page, close } = await buyer();
      await page.goto(`${baseURL}/producto/${PRODUCTO}`);
      await page.getByRole("button", { name: "Agregar al carrito" }).click();
      await page.waitForFunction(() => document.querySelector('[data-testid="cart-count"]')?.textContent === "1");
      await page.goto(`${baseURL}/carrito`);
      await page.getByLabel("Código de descuento").fill("TODOE2E");
      await page.getByRole("button", { name: "Aplicar" }).click();
      await closeAlert(page, "Encontrado");
      await page.getByRole("button", { name: "Pagar" }).click();
      await page.waitForURL(`${baseURL}/pagar`);

      const form = page.getByTestId("checkout-information");
      for (const [label, value] of [
        ["Correo", "gratis@example.com"],
        ["Teléfono", "33-3333-3333"],
        ["Apellido", "López"],
        ["Dirección (calle, número, interior)", "Av. Chapultepec 123, int. 4"],
        ["Colonia", "Americana"],
        ["Código postal", "44160"],
        ["Ciudad", "Guadalajara"],
        ["País", "México"],
      ]) {
        await form.getByLabel(label).fill(value);
      }
      await form.getByLabel("Estado").selectOption("Jalisco");
      await form.getByLabel("Nombre", { exact: true }).fill("Ana");
      await page.getByRole("button", { name: "Continuar" }).click();
      await page.waitForURL(`${baseURL}/pagar?paso=envio`);
      await page.getByRole("radio", { name: /Envío Express/ }).check();
      await page.getByRole("button", { name: "Continuar" }).click();
      await page.waitForURL(`${baseURL}/pagar?paso=pagar`);
      expect(await page.getByTestId("order-summary").getByTestId("summary-total").textContent()).toContain("$0.00");

      const compraId = await confirmFreeOrder(page);
      await page.waitForURL(`${baseURL}/`);
      await page.goto(`${baseURL}/mis-compras`);
      const order = page.getByTestId("order").first();
      expect(await order.getByTestId("order-id").textContent()).toBe(`Compra ${compraId}`);
      expect(await order.getByTestId("order-total").textContent()).toBe("$0.00");
      await close();
    } finally {
      await setShipping("Normal");
    }
  });
});

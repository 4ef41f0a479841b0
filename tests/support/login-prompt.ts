/**
 * The spec's '¡Inicia sesion!' alerts in the browser: their title and text exactly as the
 * spec writes them, and a button that leads to the log-in overlay.
 *
 *   const overlay = await acceptLoginPrompt(page, "para agregar a favoritos inicia sesion");
 */
import type { Locator, Page } from "playwright-core";
import { expect } from "vitest";

async function loginPrompt(page: Page, text: string): Promise<Locator> {
  const dialog = page.getByTestId("alert-dialog");
  await dialog.locator("#alerta-titulo").waitFor();
  expect(await dialog.locator("#alerta-titulo").textContent()).toBe("¡Inicia sesion!");
  expect(await dialog.locator("#alerta-texto").textContent()).toBe(text);
  return dialog;
}

/** Takes the alert's 'Iniciar sesión' button; answers the log-in overlay it opened. */
export async function acceptLoginPrompt(page: Page, text: string): Promise<Locator> {
  const dialog = await loginPrompt(page, text);
  await dialog.getByRole("button", { name: "Iniciar sesión" }).click();
  await dialog.locator("#alerta-titulo").waitFor({ state: "detached" });
  const overlay = page.getByTestId("login-overlay");
  await overlay.getByRole("heading", { name: "Iniciar sesión" }).waitFor();
  return overlay;
}

/** Takes the alert's 'Ahora no': the alert closes and no overlay opens. */
export async function dismissLoginPrompt(page: Page, text: string): Promise<void> {
  const dialog = await loginPrompt(page, text);
  await dialog.getByRole("button", { name: "Ahora no" }).click();
  await dialog.locator("#alerta-titulo").waitFor({ state: "detached" });
  // The overlay's code loads on its first opening: until then it is not in the page at all.
  expect(await page.locator("[data-testid=login-overlay][open]").count()).toBe(0);
}

/** Closes the log-in overlay with Escape. */
export async function closeLoginOverlay(page: Page): Promise<void> {
  await page.keyboard.press("Escape");
  await page.waitForFunction(() => !document.querySelector<HTMLDialogElement>("[data-testid=login-overlay]")?.open);
}

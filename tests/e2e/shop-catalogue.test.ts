/**
 * The shop in a real browser against the production server and the demo catalogue:
 * categories → listing pages → product → cart → codes → quantities → empty cart, at 375 px
 * and 1280 px; out-of-stock products; reviews logged out and logged in; 'Pagar' logged out
 * leads to the log-in overlay.
 */
import type { Browser, BrowserContext, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { createAccount, signUpInBrowser } from "../support/accounts";
import { DESKTOP, PHONE, untilHydrated } from "../support/browser";
import { sharedBrowser } from "./shared-browser";
import { axeViolations } from "../support/axe";
import { acceptLoginPrompt } from "../support/login-prompt";

const baseURL = inject("baseURL");
let browser: Browser;
beforeAll(async () => {
  browser = await sharedBrowser({ reuseContexts: true });
});
afterAll(() => browser?.close());

async function closeAlert(page: Page, title: string) {
  const dialog = page.getByTestId("alert-dialog");
  await dialog.getByText(title, { exact: true }).waitFor();
  const text = await dialog.textContent();
  await dialog.getByRole("button").first().click();
  await dialog.waitFor({ state: "hidden" });
  return text ?? "";
}

const badge = (page: Page) => page.getByTestId("cart-count");

/** The visible star of the review form's rating radio group (what a shopper taps). */
function starButton(page: Page, n: number) {
  return page.locator("label", { has: page.getByRole("radio", { name: `${n} estrellas` }) });
}

/** Opens a page and waits until its scripts have loaded (so clicks are handled by React). */
async function open(page: Page, path: string) {
  return page.goto(`${baseURL}${path}`);
}

/** Waits for the header badge to show `n` (it updates after each cart write). */
async function expectBadge(page: Page, n: number) {
  await page.waitForFunction(
    (expected) => document.querySelector('[data-testid="cart-count"]')?.textContent === expected,
    String(n),
  );
  expect(await badge(page).textContent()).toBe(String(n));
}

describe("shop, over HTTP", () => {
  // a status and a text of the server's page: no browser needed (it ran once per width before)
  it("answers an unknown category and product with the 404 page", async () => {
    for (const path of ["/productos/no-existe", "/producto/no-existe"]) {
      const response = await fetch(`${baseURL}${path}`);
      expect([path, response.status]).toEqual([path, 404]);
      expect(await response.text()).toContain("Página no encontrada");
    }
  });
});

for (const viewport of [PHONE, DESKTOP]) {
  describe(`shop at ${viewport.width} px`, () => {
    let context: BrowserContext;
    let page: Page;
    beforeAll(async () => {
      context = await browser.newContext({ viewport });
      page = await context.newPage();
    });
    afterAll(() => context?.close());

    it("lists categories and pages through the biggest one with a shareable URL", async () => {
      await open(page, "/categorias");
      await page.getByRole("heading", { name: "Categorías" }).waitFor();
      await page.getByRole("list", { name: "Categorías" }).getByRole("link", { name: "Pigmentos" }).click();
      await page.waitForURL(`${baseURL}/productos/pigmentos`);
      await page.getByRole("heading", { level: 1, name: "Pigmentos" }).waitFor();
      expect(await axeViolations(page)).toEqual([]);
      expect(await page.getByTestId("results-counter").textContent()).toBe("1 a 8 de 18 resultados");
      expect(await page.getByTestId("product-card").count()).toBe(8);
      const pages = page.getByRole("navigation", { name: "Páginas" }).getByRole("link");
      expect(await pages.allTextContents()).toEqual(["1", "2", "3"]);

      await page.getByRole("link", { name: "Página 3" }).click();
      await page.waitForURL(`${baseURL}/productos/pigmentos?pagina=3`);
      await page.getByText("17 a 18 de 18 resultados").waitFor();
      expect(await page.getByTestId("product-card").count()).toBe(2);

      // The page number in the URL works on its own (shared link).
      await page.goto(`${baseURL}/productos/pigmentos?pagina=2`);
      expect(await page.getByTestId("results-counter").textContent()).toBe("9 a 16 de 18 resultados");
      expect(await page.getByRole("link", { name: "Página 2" }).getAttribute("aria-current")).toBe("page");

      // Phones get a back link to the categories, wider screens the category switcher.
      const back = page.getByRole("main").getByRole("link", { name: "Categorías", exact: true });
      const switcher = page.getByRole("navigation", { name: "Categorías" });
      expect(await back.isVisible()).toBe(viewport.width < 551);
      expect(await switcher.isVisible()).toBe(viewport.width >= 551);
    });

    it("adds 2 of a product, applies a code, edits and removes in the cart", async () => {
      await open(page, "/producto/pig-01");
      await page.getByRole("heading", { level: 1, name: "Velvet Pigments Café Oscuro 15 ml" }).waitFor();
      expect(await page.getByTestId("product-price").textContent()).toBe("$689.00 MXN");
      expect(await page.getByTestId("product-card").count()).toBe(3); // related products
      expect(await axeViolations(page)).toEqual([]);

      // minus stops at 1, plus has no maximum, typing is free
      const cantidad = page.getByLabel("Cantidad", { exact: true });
      await page.getByRole("button", { name: "Quitar uno" }).isDisabled();
      await page.getByRole("button", { name: "Agregar uno" }).click();
      await page.getByRole("button", { name: "Agregar uno" }).click();
      expect(await cantidad.inputValue()).toBe("3");
      await page.getByRole("button", { name: "Quitar uno" }).click();
      await page.getByRole("button", { name: "Quitar uno" }).click();
      expect(await cantidad.inputValue()).toBe("1");
      expect(await page.getByRole("button", { name: "Quitar uno" }).isDisabled()).toBe(true);

      await cantidad.fill("dos");
      await page.getByRole("button", { name: "Agregar al carrito" }).click();
      expect(await closeAlert(page, "Error!")).toContain("Ingrese una cantidad valida");
      expect(await badge(page).textContent()).toBe("0");

      await cantidad.fill("2");
      await page.getByRole("button", { name: "Agregar al carrito" }).click();
      await page.getByText("Producto agregado al carrito").waitFor();
      await expectBadge(page, 2);
      expect(await page.evaluate(() => localStorage.getItem("carrito"))).toMatch(/^[0-9a-f-]{36}$/);
      const cookie = (await context.cookies()).find((c) => c.name === "carrito");
      expect(cookie?.httpOnly).toBe(true);
      // 7 days, give or take the test's own run time
      expect((cookie?.expires ?? 0) - Date.now() / 1000).toBeGreaterThan(7 * 24 * 3600 - 300);

      await page.getByRole("link", { name: /^Carrito/ }).click();
      await page.waitForURL(`${baseURL}/carrito`);
      await page.getByRole("heading", { name: "Carrito" }).waitFor();
      const line = page.getByTestId("cart-line");
      await line.first().waitFor();
      expect(await line.count()).toBe(1);
      expect(await line.getByTestId("line-total").textContent()).toBe("$1,378.00");
      expect(await page.getByTestId("subtotal").textContent()).toBe("$1,378.00");
      // 2 × 45 g of pigment in the first band, 1–9 items
      expect(await page.getByTestId("shipping").textContent()).toBe("$149.00");
      expect(await page.getByTestId("total").textContent()).toBe("$1,527.00");
      expect(await axeViolations(page)).toEqual([]);
      if (viewport.width >= 551) {
        const headers = await page.getByTestId("cart-table").locator("thead th").allTextContents();
        expect(headers.slice(0, 4)).toEqual(["PRODUCTO", "PRECIO", "CANTIDAD", "TOTAL"]);
      } else {
        const text = await line.textContent();
        for (const label of ["PRODUCTO", "PRECIO", "CANTIDAD", "TOTAL"]) expect(text).toContain(label);
      }

      // A valid code: struck list price, rounded discounted price, code and percent.
      const code = page.getByLabel("Código de descuento");
      await code.fill("cejas15");
      await code.blur();
      expect(await closeAlert(page, "Encontrado")).toContain("Código disponible");
      await line.getByTestId("applied-code").waitFor();
      expect(await line.getByTestId("applied-code").textContent()).toBe("Código CEJAS15 (-15%)");
      expect(await line.locator("del").textContent()).toBe("$689.00");
      expect(await line.getByTestId("unit-price").textContent()).toContain("$585.65");
      expect(await page.getByTestId("subtotal").textContent()).toBe("$1,171.30");
      expect(JSON.parse((await page.evaluate(() => localStorage.getItem("codigos"))) ?? "[]")).toEqual([
        { codigo: "CEJAS15", productoId: "pig-01" },
      ]);

      // An invalid code: the spec's error, and the applied code stays.
      await code.fill("NOEXISTE");
      await code.blur();
      const error = await closeAlert(page, "Error en el código");
      expect(error).toContain("El código ingresado no existe o no es valido para este producto");
      expect(error).toContain("ingresa un código válido");
      expect(await line.getByTestId("applied-code").textContent()).toBe("Código CEJAS15 (-15%)");

      // Editing a quantity changes the totals at once and is saved on blur.
      const qty = page.getByLabel("Cantidad de Velvet Pigments Café Oscuro 15 ml");
      await qty.fill("3");
      expect(await line.getByTestId("line-total").textContent()).toBe("$1,756.95");
      await qty.blur();
      await expectBadge(page, 3);
      await page.reload();
      expect(await page.getByLabel("Cantidad de Velvet Pigments Café Oscuro 15 ml").inputValue()).toBe("3");
      expect(await page.getByTestId("subtotal").textContent()).toBe("$1,756.95");

      // Removing the last line deletes the cart and clears the cookie.
      await page.getByRole("button", { name: "Quitar Velvet Pigments Café Oscuro 15 ml" }).click();
      await page.getByText("Carrito vacío.").waitFor();
      await expectBadge(page, 0);
      expect((await context.cookies()).find((c) => c.name === "carrito")).toBeUndefined();
      expect(await page.getByRole("link", { name: "Ir a productos" }).getAttribute("href")).toBe("/categorias");
      expect(await page.getByRole("link", { name: "Ir a cursos" }).getAttribute("href")).toBe("/cursos");
      expect(await page.evaluate(() => localStorage.getItem("carrito"))).toBeNull();
    });

    it("shows an out-of-stock product as AGOTADO with the add button disabled", async () => {
      await open(page, "/producto/pig-03");
      await page.getByText("AGOTADO", { exact: true }).waitFor();
      expect(await page.getByRole("button", { name: "Agregar al carrito" }).isDisabled()).toBe(true);
      await page.goto(`${baseURL}/productos/pigmentos`);
      const soldOut = page.getByTestId("product-card").filter({ hasText: "Agotado" });
      expect(await soldOut.count()).toBeGreaterThan(0);
    });
  });
}

describe("related products", () => {
  it("share their row in equal columns, whatever the size of each photo", async () => {
    const context = await browser.newContext({ viewport: DESKTOP });
    const page = await context.newPage();
    // agu-01's first related product has a photo narrower than its column
    await open(page, "/producto/agu-01");
    const cards = page.locator("section[aria-labelledby=relacionados] [data-testid=product-card]");
    await cards.first().scrollIntoViewIfNeeded();
    const widths = await cards.evaluateAll((list) => list.map((card) => Math.round(card.getBoundingClientRect().width)));
    expect(widths).toHaveLength(3);
    expect(new Set(widths).size).toBe(1);
    await context.close();
  });
});

describe("reviews", () => {
  it("asks a visitor to log in, and saves a logged-in user's review with her name and date", async () => {
    const context = await browser.newContext({ viewport: PHONE });
    const page = await context.newPage();
    await open(page, "/producto/maq-01");
    const form = page.getByRole("form", { name: "Escribe una reseña" });

    // Empty → the spec's empty-review message; filled but logged out → log in first.
    await form.getByRole("button", { name: "Enviar reseña" }).click();
    expect(await closeAlert(page, "Error en comentario")).toContain("El comentario no puede estar vacio.");
    await starButton(page, 4).click();
    await form.getByLabel("Comentario").fill("Pigmenta increíble.");
    await form.getByRole("button", { name: "Enviar reseña" }).click();
    expect(await closeAlert(page, "Por favor Identificate")).toContain("Para agregar una reseña necesitas Iniciar Sesión.");

    const email = `resena-${Date.now()}@example.com`;
    await signUpInBrowser(context, baseURL, { name: "Renata Reseñas", email });
    await page.reload();
    const reviewsBefore = await page.getByTestId("review-list").locator("li").count().catch(() => 0);

    await starButton(page, 4).click();
    await form.getByLabel("Comentario").fill("Pigmenta increíble, la volvería a comprar.");
    await form.getByRole("button", { name: "Enviar reseña" }).click();
    await page.getByText("¡Gracias! Tu reseña fue publicada.").waitFor();
    const first = page.getByTestId("review-list").locator("li").first();
    await first.getByText("Pigmenta increíble, la volvería a comprar.").waitFor();
    expect(await first.textContent()).toContain("Renata Reseñas");
    expect(await first.getByRole("img").getAttribute("aria-label")).toBe("4 de 5 estrellas");
    expect(await page.getByTestId("review-list").locator("li").count()).toBe(reviewsBefore + 1);
    const date = await first.locator("time").textContent();
    expect(date).toMatch(/^\d{1,2} de [a-z]+ de \d{4}$/);
    await context.close();
  });
});

describe("Pagar from the cart", () => {
  it("asks a visitor to log in, and takes a user who accepted the terms to /pagar", async () => {
    const context = await browser.newContext({ viewport: DESKTOP });
    const page = await context.newPage();
    await open(page, "/producto/cui-01");
    await page.getByRole("button", { name: "Agregar al carrito" }).click();
    await expectBadge(page, 1);
    await open(page, "/carrito");
    await page.getByRole("button", { name: "Pagar" }).click();
    // The spec's alert, whose button opens the log-in overlay: she logs in right there and
    // comes back to her cart.
    const overlay = await acceptLoginPrompt(page, "para continuar con la compra inicia sesion");
    expect(page.url()).toBe(`${baseURL}/carrito`);
    const account = await createAccount(baseURL, { name: "Paula Pagos" });
    await overlay.getByRole("button", { name: "Continuar con correo" }).click();
    await overlay.getByLabel("Correo").fill(account.email);
    await overlay.getByLabel("Contraseña").fill(account.password);
    await overlay.getByRole("button", { name: "Iniciar sesión", exact: true }).click();
    expect(await closeAlert(page, "¡Bienvenido!")).toContain("Nos da gusto verte nuevamente");
    // the log-in reloads the page (reloadPage in login-overlay.tsx): its header shows the
    // account before React has hydrated it
    await page.getByTestId("account-menu").waitFor();
    await untilHydrated(page);
    expect(page.url()).toBe(`${baseURL}/carrito`);
    await page.getByLabel("Cantidad de Nube Beauty Bálsamo Reparador Post-Micro 15 g").fill("2");
    await page.getByRole("button", { name: "Pagar" }).click();
    await page.waitForURL(`${baseURL}/pagar`);
    // The quantity typed before 'Pagar' was saved on the way.
    expect(await page.getByTestId("cart-count").textContent()).toBe("2");
    await context.close();
  });
});

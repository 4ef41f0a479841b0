import type { Browser } from "playwright-core";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { DESKTOP, PHONE, launchBrowser } from "../support/browser";

const baseURL = inject("baseURL");
let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(() => browser?.close());

describe("global chrome", () => {
  it("shows the header links, cart and footer hours at 1280 px", async () => {
    const page = await browser.newPage({ viewport: DESKTOP });
    await page.goto(`${baseURL}/`);
    const nav = page.getByRole("navigation", { name: "Principal" });
    for (const label of ["Inicio", "Servicios", "Nosotros", "Cursos", "Galeria", "Productos", "Contacto"]) {
      await expect(nav.getByRole("link", { name: label, exact: true }).isVisible()).resolves.toBe(true);
    }
    expect(await nav.getByRole("link", { name: "Contacto" }).getAttribute("href")).toBe("/Contacto");
    expect(await page.getByTestId("cart-count").textContent()).toBe("0");
    const hours = await page.getByTestId("footer-hours").textContent();
    expect(hours).toContain("Lunes a Viernes9:00 am a 7:00 pm");
    expect(hours).toContain("Sábado9:00 am a 6:00 pm");
    const whatsapp = await page.getByTestId("whatsapp-button").getAttribute("href");
    expect(whatsapp).toMatch(/^https:\/\/wa\.me\/\d+\?text=.+/);
    await expect(page.getByRole("button", { name: "Abrir menú" }).isVisible()).resolves.toBe(false);
    await page.close();
  });

  it("opens and closes the mobile side menu at 375 px", async () => {
    const page = await browser.newPage({ viewport: PHONE });
    await page.goto(`${baseURL}/`);
    await expect(page.getByRole("navigation", { name: "Principal" }).isVisible()).resolves.toBe(false);
    await page.getByRole("button", { name: "Abrir menú" }).click();
    const menu = page.getByRole("navigation", { name: "Menú móvil" });
    await menu.waitFor();
    await expect(menu.getByRole("link", { name: "Galeria" }).isVisible()).resolves.toBe(true);
    await menu.getByRole("button", { name: "Cerrar menú" }).click();
    await menu.waitFor({ state: "detached" });
    expect(await page.getByTestId("footer-hours").textContent()).toContain("Sábado");
    await page.close();
  });

  it("answers an unknown path with the Spanish 404 page", async () => {
    const response = await fetch(`${baseURL}/no-existe-esta-pagina`);
    expect(response.status).toBe(404);
    expect(await response.text()).toContain("Página no encontrada");
  });

  it("reports the database in /healthz", async () => {
    const response = await fetch(`${baseURL}/healthz`);
    expect(response.status).toBe(200);
    expect(await response.json()).toMatchObject({ status: "ok", database: { status: "ok" } });
  });
});

describe("search engines", () => {
  it("serves robots.txt pointing at the sitemap, and a sitemap of public pages", async () => {
    const robots = await (await fetch(`${baseURL}/robots.txt`)).text();
    expect(robots).toContain("Disallow: /tu-visita-con-");
    expect(robots).toMatch(/Sitemap: http.*\/sitemap\.xml/);
    const response = await fetch(`${baseURL}/sitemap.xml`);
    expect(response.headers.get("content-type")).toContain("application/xml");
    const xml = await response.text();
    expect(xml).toContain("/Contacto</loc>");
    expect(xml).not.toContain("tu-visita-con");
  });
});

/**
 * The chrome every page shares, in Chromium against the production server: the header at
 * every width from 320 to 1440 px, the side menu (keyboard and taps), footer, 404, health,
 * robots and sitemap.
 */
import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { createAccount, sessionCookies } from "../support/accounts";
import { DESKTOP, PHONE } from "../support/browser";
import { sharedBrowser } from "./shared-browser";

const baseURL = inject("baseURL");
let browser: Browser;
beforeAll(async () => {
  browser = await sharedBrowser({ reuseContexts: true });
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

  it("keeps the header whole at every width from 320 to 1440 px, logged out and logged in", async () => {
    const problems: string[] = [];
    const visitor = await browser.newPage();
    for (const path of ["/", "/producto/pig-01", "/carrito"]) problems.push(...(await headerAtEveryWidth(visitor, path)));
    await visitor.close();

    const context = await browser.newContext({ viewport: DESKTOP });
    await context.addCookies(sessionCookies(baseURL, await createAccount(baseURL, { name: "Maximiliana Anchos" })));
    const member = await context.newPage();
    problems.push(...(await headerAtEveryWidth(member, "/")));
    await context.close();
    expect(problems).toEqual([]);
  });

  for (const viewport of [PHONE, { width: 768, height: 1024 }]) {
    it(`side menu at ${viewport.width} px: focus moves in and back, Escape, the backdrop and every link close it`, async () => {
      const page = await browser.newPage({ viewport });
      await page.goto(`${baseURL}/servicios`);
      const button = page.getByRole("button", { name: "Abrir menú" });
      const menu = page.getByRole("navigation", { name: "Menú móvil" });
      const isOpen = () => page.evaluate(() => document.querySelector<HTMLDialogElement>("#menu-movil")?.open ?? false);
      const focusIsOn = () =>
        page.evaluate(() => {
          const el = document.activeElement;
          if (el?.closest("#menu-movil")) return "menu";
          return el?.getAttribute("aria-label") ?? el?.tagName ?? "";
        });
      const open = async () => {
        await button.click();
        await menu.waitFor();
        expect(await button.getAttribute("aria-expanded")).toBe("true");
        expect(await focusIsOn()).toBe("menu");
      };
      const closed = async () => {
        await menu.waitFor({ state: "detached" });
        expect(await isOpen()).toBe(false);
        expect(await button.getAttribute("aria-expanded")).toBe("false");
        expect(await focusIsOn()).toBe("Abrir menú");
      };

      // Escape; the keyboard stays inside while it is open (the page behind is inert).
      await open();
      for (let i = 0; i < 10; i++) {
        await page.keyboard.press("Tab");
        expect(await focusIsOn()).toMatch(/^(menu|BODY)$/);
      }
      await page.keyboard.press("Escape");
      await closed();

      // The backdrop.
      await open();
      await page.mouse.click(viewport.width - 5, viewport.height / 2);
      await closed();

      // The page already shown: nothing to load, the menu still closes.
      await open();
      await menu.getByRole("link", { name: "Servicios" }).click();
      await closed();
      expect(new URL(page.url()).pathname).toBe("/servicios");

      // Another page.
      await open();
      await menu.getByRole("link", { name: "Galeria" }).click();
      await page.waitForURL(`${baseURL}/galeria`);
      await closed();
      await page.close();
    });
  }

  it("answers an unknown path with the Spanish 404 page", async () => {
    const response = await fetch(`${baseURL}/no-existe-esta-pagina`);
    expect(response.status).toBe(404);
    expect(await response.text()).toContain("Página no encontrada");
  });

  it("answers /healthz (the process) and /readyz (database and storage)", async () => {
    expect(await (await fetch(`${baseURL}/healthz`)).json()).toEqual({ status: "ok" });
    const response = await fetch(`${baseURL}/readyz`);
    expect(response.status).toBe(200);
    expect(await response.json()).toMatchObject({ status: "ok", database: { status: "ok" }, storage: { status: "ok" } });
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

/**
 * Loads `path` in a frame and walks the frame's width from 320 to 1440 px in steps of 10 (the
 * page's media queries answer to the frame's width, and the whole walk runs in the browser in
 * one go): the page never scrolls sideways, and every header control (logo, menu button or
 * each link, log-in or account, cart) lies inside the view and on top (a tap reaches it), the
 * logo on one unclipped line. Answers what went wrong, as '{path} @ {width}px: ...'.
 */
async function headerAtEveryWidth(page: Page, path: string): Promise<string[]> {
  await page.setViewportSize({ width: 1500, height: 900 });
  // The site forbids framing (frame-ancestors 'none', X-Frame-Options: DENY; frame-src names
  // only the map): for this measurement only, the host page and the page under test arrive
  // without those headers.
  const framed = (url: URL) => url.pathname + url.search === path || url.pathname === "/robots.txt";
  await page.route(framed, async (route) => {
    const response = await route.fetch();
    const headers = { ...response.headers() };
    delete headers["x-frame-options"];
    delete headers["content-security-policy"];
    await route.fulfill({ response, headers });
  });
  await page.goto(`${baseURL}/robots.txt`);
  try {
    return await measureInFrame(page, path);
  } finally {
    await page.unroute(framed);
  }
}

function measureInFrame(page: Page, path: string): Promise<string[]> {
  return page.evaluate(async (path) => {
    const frame = document.createElement("iframe");
    frame.style.cssText = "border:0;height:800px;width:1440px;display:block";
    const loaded = new Promise((resolve) => frame.addEventListener("load", resolve, { once: true }));
    frame.src = path;
    document.body.replaceChildren(frame);
    await loaded;
    const win = frame.contentWindow as Window & typeof globalThis;
    const doc = win.document;
    await doc.fonts.ready;

    const problems: string[] = [];
    for (let width = 320; width <= 1440; width += 10) {
      frame.style.width = `${width}px`;
      void frame.offsetWidth; // lays the frame out at its new width
      const out: string[] = [];
      const root = doc.documentElement;
      if (root.scrollWidth > win.innerWidth) out.push(`scrolls sideways (${root.scrollWidth} > ${win.innerWidth})`);
      const header = doc.querySelector("header");
      if (!header) return [`${path}: no header`];
      const bar = header.getBoundingClientRect();
      const shown = (el: Element | null | undefined): el is HTMLElement => {
        if (!el) return false;
        const r = el.getBoundingClientRect();
        return r.width > 0 && r.height > 0 && win.getComputedStyle(el).visibility !== "hidden";
      };
      const check = (name: string, el: Element | null | undefined) => {
        if (!shown(el)) return void out.push(`${name} missing`);
        const r = el.getBoundingClientRect();
        if (r.left < 0 || r.right > win.innerWidth) out.push(`${name} off view (${Math.round(r.left)}–${Math.round(r.right)})`);
        if (r.top < bar.top || r.bottom > bar.bottom) out.push(`${name} clipped`);
        const hit = doc.elementFromPoint(r.left + r.width / 2, r.top + r.height / 2);
        if (!hit || !el.contains(hit)) out.push(`${name} covered`);
      };
      const logo = header.querySelector('[data-testid="header-logo"]');
      check("logo", logo);
      const name = logo?.querySelector("span");
      if (name) {
        const range = doc.createRange();
        range.selectNodeContents(name);
        if (range.getClientRects().length !== 1) out.push("logo wraps");
      }
      const account = header.querySelector('[data-testid="login-icon"], [data-testid="account-menu"]');
      const menuButton = header.querySelector('button[aria-controls="menu-movil"]');
      const nav = header.querySelector('nav[aria-label="Principal"]');
      const links = [...(nav?.querySelectorAll("a") ?? [])];
      if (shown(menuButton)) {
        check("menu button", menuButton);
        if (links.some(shown)) out.push("menu button and links both shown");
      } else {
        if (links.length !== 7) out.push(`${links.length} links`);
        for (const link of links) check(`'${link.textContent}'`, link);
        // The full navigation only shows where it fits between the logo and the icons.
        const n = nav?.getBoundingClientRect();
        const l = logo?.getBoundingClientRect();
        const a = account?.getBoundingClientRect();
        if (n && l && a && (n.left < l.right || n.right > a.left)) out.push("links overlap");
      }
      check("log-in", account);
      check("cart", header.querySelector('a[href="/carrito"]'));
      problems.push(...out.map((p) => `${path} @ ${width}px: ${p}`));
    }
    return problems;
  }, path);
}

/**
 * The Content-Security-Policy in Chromium against the production server: the home, a product
 * page, the cart, the checkout's three steps and the log-in overlay work under it (each
 * needs JavaScript) and the browser reports no violation; every script the server writes
 * carries the response's nonce; static files get the security headers too.
 */
import type { Browser, BrowserContext, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { signUpInBrowser } from "../support/accounts";
import { DESKTOP } from "../support/browser";
import { sharedBrowser } from "./shared-browser";
import { fillCheckoutInformation } from "../support/forms";

const baseURL = inject("baseURL");
let browser: Browser;
beforeAll(async () => {
  browser = await sharedBrowser();
});
afterAll(() => browser?.close());

type Watched = { page: Page; problems: () => Promise<string[]> };

/** A page that records CSP violations (the DOM event) and console errors about them. */
async function watchedPage(context: BrowserContext): Promise<Watched> {
  await context.addInitScript(() => {
    const seen: string[] = [];
    (window as unknown as { __violations: string[] }).__violations = seen;
    document.addEventListener("securitypolicyviolation", (e) =>
      seen.push(`${e.violatedDirective} ${e.blockedURI} (${e.sourceFile}:${e.lineNumber})`),
    );
  });
  const page = await context.newPage();
  const console: string[] = [];
  page.on("console", (message) => {
    if (message.type() === "error") console.push(`${page.url()}: ${message.text()}`);
  });
  page.on("pageerror", (error) => console.push(`${page.url()}: ${error.message}`));
  return {
    page,
    /** What went wrong since the last call (each document keeps its own list of violations). */
    problems: async () => {
      const violations = await page.evaluate(
        () => (window as unknown as { __violations?: string[] }).__violations?.splice(0) ?? [],
      );
      // Network failures (the map's tiles cannot leave this machine) are not the policy's doing.
      const errors = console.splice(0).filter((line) => !/Failed to load resource|net::ERR_/.test(line));
      return [...violations, ...errors];
    },
  };
}

/**
 * The one wait for the network to fall quiet left in the end-to-end tests: what is checked is
 * that nothing the page loads, down to its last late image, font or chunk, breaks the policy;
 * no visible result says that the last of them has come.
 */
async function open(w: Watched, path: string) {
  await w.page.goto(`${baseURL}${path}`, { waitUntil: "networkidle" });
}

describe("Content-Security-Policy in the browser", () => {
  it("lets the home, a product, the cart, the checkout and the log-in overlay work, with no violation", async () => {
    const context = await browser.newContext({ viewport: DESKTOP });
    const w = await watchedPage(context);
    const problems: string[] = [];
    const check = async () => problems.push(...(await w.problems()));

    // the log-in overlay (opened by script, from ?login=1)
    await open(w, "/?login=1");
    await w.page.getByTestId("login-overlay").getByRole("heading", { name: "Iniciar sesión" }).waitFor();
    await check();

    // home, then a product added to the cart (a fetcher: hydrated React)
    await open(w, "/");
    await check();
    await open(w, "/producto/pig-01");
    await w.page.getByRole("button", { name: "Agregar al carrito" }).click();
    await w.page.waitForFunction(() => document.querySelector('[data-testid="cart-count"]')?.textContent === "1");
    await check();
    await open(w, "/carrito");
    await w.page.getByRole("button", { name: "Pagar" }).waitFor();
    await check();

    // the checkout, logged in: Información → Envío → Pagar (the card form is drawn by script)
    await signUpInBrowser(context, baseURL, { name: "Ana CSP" });
    await open(w, "/pagar");
    await fillCheckoutInformation(w.page, "ana-csp@example.com");
    await w.page.getByRole("button", { name: "Continuar" }).click();
    await w.page.waitForURL(`${baseURL}/pagar?paso=envio`);
    await w.page.getByRole("radio", { name: /Envío Express/ }).check();
    await w.page.getByRole("button", { name: "Continuar" }).click();
    await w.page.waitForURL(`${baseURL}/pagar?paso=pagar`);
    await w.page.getByTestId("demo-card-form").waitFor();
    await check();

    expect(problems).toEqual([]);
    await context.close();
  });

  it("puts the response's nonce on every script of the page, and none is left without", async () => {
    const response = await fetch(`${baseURL}/producto/pig-01`);
    const csp = response.headers.get("content-security-policy") ?? "";
    const nonce = /'nonce-([^']+)'/.exec(csp)?.[1];
    expect(nonce).toBeTruthy();
    expect(csp).toContain("frame-ancestors 'none'");
    const html = await response.text();
    const scripts = html.match(/<script\b[^>]*>/g) ?? [];
    expect(scripts.length).toBeGreaterThan(1);
    for (const tag of scripts) {
      if (/type="application\/ld\+json"/.test(tag)) continue; // data, never run
      expect(tag).toContain(`nonce="${nonce}"`);
    }
    expect(html).not.toMatch(/<style\b(?![^>]*nonce=)/);
  });

  it("sends the security headers with static files too", async () => {
    const html = await (await fetch(`${baseURL}/`)).text();
    const asset = /\/assets\/[^"]+\.js/.exec(html)?.[0];
    expect(asset).toBeTruthy();
    for (const path of [asset!, "/favicon.svg"]) {
      const response = await fetch(`${baseURL}${path}`, { headers: { cookie: "carrito=abc" } });
      expect([path, response.status]).toEqual([path, 200]);
      expect(response.headers.get("content-security-policy")).toContain("frame-ancestors 'none'");
      expect(response.headers.get("x-content-type-options")).toBe("nosniff");
      expect(response.headers.get("x-frame-options")).toBe("DENY");
      expect(response.headers.get("referrer-policy")).toBe("strict-origin-when-cross-origin");
      // cacheable as before: static files are nobody's
      expect(response.headers.get("cache-control")).toMatch(/^public, max-age=/);
    }
  });

  it("keeps personal pages out of every cache", async () => {
    for (const path of ["/mis-compras", "/mi-perfil", "/carrito", "/pagar", "/admin"]) {
      const response = await fetch(`${baseURL}${path}`, { redirect: "manual" });
      expect([path, response.headers.get("cache-control")]).toEqual([path, "private, no-store"]);
    }
  });
});

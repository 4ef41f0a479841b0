/**
 * A part of a page below its first screen gets its code when it comes into view
 * (components/site/deferred.tsx, ADR 027). What must never happen: a tap on it before its code
 * has arrived that is lost or does what the page would do without JavaScript, a part that
 * vanishes because the page changed its address by itself before then, or a part whose
 * code cannot be fetched (a new release replaced the files, the connection dropped) that
 * leaves the page on the error screen.
 */
import type { Browser, BrowserContext, Route } from "playwright-core";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { PHONE, untilHydrated } from "../support/browser";
import { sharedBrowser } from "./shared-browser";

const baseURL = inject("baseURL");
const REVIEWS_CODE = /\/assets\/reviews-section-[\w-]+\.js$/;

let browser: Browser;
beforeAll(async () => {
  browser = await sharedBrowser();
});
afterAll(async () => {
  await browser?.close();
});

/** The files matching `pattern` held back until `release()`; `asked` once the page wants them. */
async function holdBack(context: BrowserContext, pattern: RegExp) {
  let release: () => void = () => {};
  const released = new Promise<void>((resolve) => {
    release = resolve;
  });
  const state = { asked: false, release };
  await context.route(pattern, async (route: Route) => {
    state.asked = true;
    await released;
    await route.continue();
  });
  return state;
}

describe("a part hydrated when it comes into view", () => {
  it("holds a tap made before its code arrives and gives it again once it is hydrated", async () => {
    const context = await browser.newContext({ viewport: PHONE });
    // The reviews' code is held back until the tap has been made.
    const code = await holdBack(context, REVIEWS_CODE);
    const page = await context.newPage();
    const posts: string[] = [];
    page.on("request", (request) => request.method() === "POST" && posts.push(request.url()));
    await page.goto(`${baseURL}/producto/maq-01`);

    const send = page.getByRole("form", { name: "Escribe una reseña" }).getByRole("button", { name: "Enviar reseña" });
    await send.scrollIntoViewIfNeeded();
    await expect.poll(() => code.asked).toBe(true);
    await send.click();
    code.release();

    // The empty review is refused in the page, as when the code was there from the start.
    const dialog = page.getByTestId("alert-dialog");
    await dialog.getByRole("heading", { name: "Error en comentario", exact: true }).waitFor();
    expect(await dialog.textContent()).toContain("El comentario no puede estar vacio.");
    expect(posts).toEqual([]);
    expect(page.url()).toBe(`${baseURL}/producto/maq-01`);
    await context.close();
  });

  it("holds a tap on the video's poster (a link to the file) and plays the video in the page", async () => {
    const context = await browser.newContext({ viewport: PHONE });
    const code = await holdBack(context, /\/assets\/below-fold-[\w-]+\.js$/);
    const page = await context.newPage();
    await page.goto(`${baseURL}/`);
    const poster = page.getByTestId("studio-video-poster");
    await poster.scrollIntoViewIfNeeded();
    await expect.poll(() => code.asked).toBe(true);
    await poster.click();
    code.release();

    await page.getByTestId("studio-video").waitFor();
    expect(page.url()).toBe(`${baseURL}/`);
    await context.close();
  });

  it("stays on the page when a navigation the visitor did not start reaches it before its code", async () => {
    const context = await browser.newContext({ viewport: PHONE });
    const page = await context.newPage();
    // Back from a cancelled social log-in: the page cleans its address by itself, no tap yet.
    await page.goto(`${baseURL}/producto/maq-01?sesion=error&error=access_denied`);
    await page.waitForURL(`${baseURL}/producto/maq-01`);
    await page.waitForFunction(() => {
      const router = (window as { __reactRouterDataRouter?: { state: { navigation: { state: string } } } })
        .__reactRouterDataRouter;
      return router?.state.navigation.state === "idle";
    });
    const form = page.getByRole("form", { name: "Escribe una reseña" });
    expect(await form.count()).toBe(1);
    expect(await page.getByRole("heading", { name: "Productos relacionados" }).count()).toBe(1);
    // and, once its code is there, it works
    await form.getByRole("button", { name: "Enviar reseña" }).click();
    await page.getByTestId("alert-dialog").getByRole("heading", { name: "Error en comentario", exact: true }).waitFor();
    await context.close();
  });

  it("reloads the page when its code cannot be fetched, and then works", async () => {
    const context = await browser.newContext({ viewport: PHONE });
    let failures = 0;
    await context.route(REVIEWS_CODE, async (route: Route) => {
      if (failures++ === 0) await route.abort("connectionreset");
      else await route.continue();
    });
    const page = await context.newPage();
    let loads = 0;
    page.on("load", () => loads++);
    await page.goto(`${baseURL}/producto/maq-01`);

    const form = page.getByRole("form", { name: "Escribe una reseña" });
    await form.scrollIntoViewIfNeeded();
    // the first fetch fails: the page loads again, and this time the part's code arrives
    await expect.poll(() => loads).toBe(2);
    await untilHydrated(page);
    expect(await page.getByText("Ocurrió un error inesperado").count()).toBe(0);
    await form.scrollIntoViewIfNeeded();
    await expect.poll(() => failures).toBe(2);
    await form.getByRole("button", { name: "Enviar reseña" }).click();
    await page.getByTestId("alert-dialog").getByRole("heading", { name: "Error en comentario", exact: true }).waitFor();
    await context.close();
  });
});

/**
 * A page carries only the rules of the stylesheet its markup uses (ADR 027), and the whole
 * stylesheet comes after the first paint, applied when the page shows what those rules may not
 * cover. What must never happen: a page that looks different with its own rules than with the
 * whole stylesheet, or a menu, dialog or next page drawn without its rules.
 */
import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { DESKTOP, PHONE, drawWholePage } from "../support/browser";
import { sharedBrowser } from "./shared-browser";

const baseURL = inject("baseURL");

let browser: Browser;
/** Pages as the server wrote them, never hydrated (React's scripts are not fetched). */
let markupOnly: Browser;
beforeAll(async () => {
  browser = await sharedBrowser({ reuseContexts: true });
  markupOnly = await sharedBrowser({ hydration: false });
});
afterAll(async () => {
  await browser?.close();
  await markupOnly?.close();
});

/**
 * The elements (and ::before and ::after) whose computed style changes once the whole
 * stylesheet is added to the page, at each of the widths: compared in the page, one line per
 * difference. The page is loaded once; the whole stylesheet is added for each width and taken
 * away again, which gives the page back its own rules.
 */
async function changedByWholeStylesheet(
  page: Page,
  href: string,
  viewports: readonly { width: number; height: number }[],
): Promise<string[]> {
  // every image loaded first (a lazy one arriving between the two looks would change a size)
  await page.evaluate(() =>
    Promise.all(
      [...document.images].map((image) => {
        image.loading = "eager";
        return image.decode().catch(() => undefined);
      }),
    ),
  );
  // the parts below the fold laid out too (content-visibility: their size is a placeholder until drawn)
  await drawWholePage(page);
  const differences: string[] = [];
  for (const viewport of viewports) {
    await page.setViewportSize(viewport);
    const found = await page.evaluate(async (sheet) => {
      // the page's elements now (the start-up script adds its own later), animations held still
      const elements = [...document.querySelectorAll("body *")];
      const targets = elements.flatMap((element, index) => {
        const tag = `${index} ${element.tagName.toLowerCase()}.${[...element.classList].join(".")}`;
        return [null, "::before", "::after"].map((pseudo) => ({ element, pseudo, tag: pseudo ? tag + pseudo : tag }));
      });
      // Every value of every computed style, in the style's own (fixed) order of properties.
      const snapshot = () => {
        for (const animation of document.getAnimations()) {
          animation.pause();
          animation.currentTime = 0;
        }
        return targets.map(({ element, pseudo }) => {
          const style = getComputedStyle(element, pseudo);
          if (pseudo && (style.content === "none" || style.content === "normal")) return null;
          const values: string[] = new Array(style.length);
          for (let i = 0; i < style.length; i++) values[i] = style.getPropertyValue(style[i]);
          return values;
        });
      };
      const own = snapshot();
      const link = document.createElement("link");
      link.rel = "stylesheet";
      link.href = sheet;
      const loaded = new Promise((resolve, reject) => {
        link.onload = resolve;
        link.onerror = reject;
      });
      document.head.append(link);
      await loaded;
      const whole = snapshot();
      link.remove();
      return own.flatMap((values, i) => {
        const after = whole[i];
        if (values === null && after === null) return [];
        if (values === null || after === null) return [`${targets[i].tag}: ${after === null ? "gone" : "drawn"}`];
        const changed = after.flatMap((value, p) => (value === values[p] ? [] : [p]));
        if (changed.length === 0) return [];
        const style = getComputedStyle(targets[i].element, targets[i].pseudo);
        const text = changed.map((p) => `${style[p]}:${after[p]}`).join(";");
        return [`${targets[i].tag}: ${text.slice(0, 200)}`];
      });
    }, href);
    differences.push(...found.map((line) => `${viewport.width} px ${line}`));
  }
  return differences;
}

/** The address of the whole stylesheet, as the page's start-up script names it. */
async function wholeStylesheet(url: string): Promise<string> {
  const html = await (await fetch(`${baseURL}${url}`)).text();
  const href = /"(\/estilos\/sitio-[\w-]+\.css)"/.exec(html)?.[1];
  expect(href, `${url} names the whole stylesheet`).toBeTruthy();
  return href as string;
}

describe("a page's own rules (ADR 027)", () => {
  it("are a fraction of the stylesheet", async () => {
    const href = await wholeStylesheet("/");
    const whole = await (await fetch(`${baseURL}${href}`)).text();
    const response = await fetch(`${baseURL}${href}`, { headers: { "accept-encoding": "br" } });
    expect(response.headers.get("cache-control")).toContain("immutable");
    for (const url of ["/", "/categorias", "/servicios"]) {
      const html = await (await fetch(`${baseURL}${url}`)).text();
      const own = /<style[^>]*>([\s\S]*?)<\/style>/.exec(html)?.[1] ?? "";
      expect(own.length, url).toBeGreaterThan(1000);
      expect(own.length, url).toBeLessThan(whole.length / 2);
    }
  });

  const pages = ["/", "/nosotros", "/Contacto", "/servicios", "/servicios/cejas", "/galeria", "/categorias", "/cursos"];
  pages.push("/cursos/microblading-online", "/cursos-presenciales/microblading-presencial", "/carrito", "/agendar");
  pages.push("/terminos-y-condiciones", "/no-existe-esta-pagina");

  it("style every element as the whole stylesheet does, at 375 px and 1280 px", async () => {
    const sitemap = await (await fetch(`${baseURL}/sitemap.xml`)).text();
    const product = sitemap.match(/<loc>[^<]*(\/producto\/[^<]+)<\/loc>/)?.[1];
    const category = sitemap.match(/<loc>[^<]*(\/productos\/[^<]+)<\/loc>/)?.[1];
    // The server's markup as it is: the page's own rules against the whole stylesheet.
    const context = await markupOnly.newContext({ viewport: PHONE });
    await context.route(/\/assets\/.*\.js$/, (route) => route.abort());
    const href = await wholeStylesheet("/");
    const page = await context.newPage();
    for (const url of [...pages, product as string, category as string]) {
      await page.setViewportSize(PHONE);
      await page.goto(`${baseURL}${url}`, { waitUntil: "load" });
      expect(await changedByWholeStylesheet(page, href, [PHONE, DESKTOP]), url).toEqual([]);
    }
    await context.close();
  });
});

describe("the whole stylesheet", () => {
  it("is fetched after the first paint and applies only once the page shows something new", async () => {
    const context = await browser.newContext({ viewport: PHONE });
    const page = await context.newPage();
    await page.goto(`${baseURL}/`);
    const link = page.locator('link[href^="/estilos/sitio-"]');
    await expect.poll(() => link.count()).toBe(1);
    expect(await link.getAttribute("media")).toBe("print");

    // An element whose classes the page's markup did not have: the sheet applies before it is painted.
    const applied = await page.evaluate(async () => {
      const sheet = document.querySelector<HTMLLinkElement>('link[href^="/estilos/sitio-"]') as HTMLLinkElement;
      const probe = document.createElement("div");
      probe.className = "grid-cols-7";
      document.body.append(probe);
      await new Promise((resolve) => requestAnimationFrame(resolve));
      return sheet.media;
    });
    expect(applied).toBe("all");
    await context.close();
  });

  it("styles the next page of a client-side navigation as when it is loaded", async () => {
    const context = await browser.newContext({ viewport: DESKTOP });
    const page = await context.newPage();
    await page.goto(`${baseURL}/categorias`);
    const layout = () =>
      page.evaluate(() =>
        [...document.querySelectorAll("main *")].map((e) => {
          const style = getComputedStyle(e);
          return `${e.tagName} ${style.display} ${style.gridTemplateColumns} ${style.fontFamily} ${style.color} ${Math.round(e.getBoundingClientRect().width)}`;
        }),
      );
    await page.locator('header a[href="/cursos"]').first().click();
    await page.waitForURL(`${baseURL}/cursos`);
    // the address changes before React draws the next page
    await page.getByRole("heading", { level: 1, name: "Cursos" }).waitFor();
    await expect
      .poll(() =>
        page.evaluate(
          () => document.querySelector<HTMLLinkElement>('link[href^="/estilos/sitio-"]')?.sheet?.media.mediaText,
        ),
      )
      .toBe("all");
    const navigated = await layout();
    await page.reload();
    expect(await layout()).toEqual(navigated);
    await context.close();
  });
});

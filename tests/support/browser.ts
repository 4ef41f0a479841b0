/** Debian's Chromium, driven by playwright-core, with every call home switched off. */
import { type Browser, type BrowserContext, type BrowserServer, type Page, chromium } from "playwright-core";

export const CHROMIUM_PATH = process.env.CHROMIUM_PATH ?? "/usr/bin/chromium";

export const CHROMIUM_ARGS = [
  "--headless",
  "--no-sandbox",
  "--disable-gpu",
  "--disable-quic",
  "--no-first-run",
  "--disable-background-networking",
  "--disable-component-update",
  "--disable-sync",
  "--host-resolver-rules=MAP * ~NOTFOUND, EXCLUDE localhost, EXCLUDE 127.0.0.1",
  "--disable-features=OptimizationGuideModelDownloading,OptimizationHintsFetching,NetworkTimeServiceQuerying",
  "--autoplay-policy=no-user-gesture-required",
];

export async function launchBrowser(): Promise<Browser> {
  const browser = await chromium.launch({ executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS, headless: true });
  return waitingForHydration(browser);
}

/**
 * One Chromium for a whole test run (the end-to-end tests' global set-up): each test file
 * connects to it instead of starting its own (a second or more of a busy machine per file),
 * and gets contexts of its own, closed when it disconnects.
 */
export async function launchBrowserServer(): Promise<BrowserServer> {
  return chromium.launchServer({ executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS, headless: true });
}

/** The shared Chromium of `launchBrowserServer`, its pages waiting for hydration as `launchBrowser`'s do. */
export async function connectBrowser(wsEndpoint: string, options: { hydration?: boolean } = {}): Promise<Browser> {
  const browser = await chromium.connect(wsEndpoint);
  return options.hydration === false ? browser : waitingForHydration(browser);
}

/**
 * Pages load their scripts after the first paint (ADR 026), so `load` may come before React
 * has hydrated the page. A test acts like a visitor who waits for the page to be ready: every
 * page of this browser, after goto, reload, back/forward and waitForURL, also waits until
 * React has hydrated (its fibers are on <main>; a page without <main>, such as a PDF, does
 * not wait; nor does a page with JavaScript switched off).
 */
function waitingForHydration(browser: Browser): Browser {
  const newContext = browser.newContext.bind(browser);
  browser.newContext = async (...args) => {
    const context = await newContext(...args);
    return args[0]?.javaScriptEnabled === false ? context : patchContext(context);
  };
  const newPage = browser.newPage.bind(browser);
  browser.newPage = async (...args) => {
    const page = await newPage(...args);
    return args[0]?.javaScriptEnabled === false ? page : patchPage(page);
  };
  return browser;
}

function patchContext(context: BrowserContext): BrowserContext {
  const newPage = context.newPage.bind(context);
  context.newPage = async () => patchPage(await newPage());
  return context;
}

export async function untilHydrated(page: Page): Promise<void> {
  await page.waitForFunction(() => {
    const main = document.querySelector("main");
    return main === null || Object.keys(main).some((key) => key.startsWith("__reactFiber"));
  });
}

/** The page, whose navigations wait for React as a visitor waits to click (ADR 026). */
export function patchPage(page: Page): Page {
  for (const method of ["goto", "reload", "goBack", "goForward", "waitForURL"] as const) {
    const original = (page[method] as (...args: unknown[]) => Promise<unknown>).bind(page);
    Object.assign(page, {
      [method]: async (...args: unknown[]) => {
        const result = await original(...args);
        await untilHydrated(page);
        return result;
      },
    });
  }
  return page;
}

/**
 * Resolves once the page has drawn a frame after this call: what a resize or a scroll just
 * changed (a sticky header's place, a layout) is on the screen, as a screenshot should show it.
 */
export async function nextPaint(page: Page): Promise<void> {
  await page.evaluate(
    () => new Promise<void>((resolve) => requestAnimationFrame(() => requestAnimationFrame(() => resolve()))),
  );
}

export const PHONE = { width: 375, height: 812 } as const;
export const DESKTOP = { width: 1280, height: 900 } as const;

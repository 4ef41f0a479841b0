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
 * The browser as one visitor of its own behind the deployment's proxy: every context it opens
 * sends `X-Forwarded-For: address`, which the end-to-end server (TRUST_PROXY=1, as in
 * production) takes as the client's IP. Files running at the same time then each have their
 * own rate-limit buckets (sign-ups are 10 a minute per IP) instead of sharing 127.0.0.1's.
 */
export function asVisitorFrom(browser: Browser, address: string): Browser {
  const withAddress = <T extends { extraHTTPHeaders?: Record<string, string> } | undefined>(options: T) => ({
    ...options,
    extraHTTPHeaders: { "X-Forwarded-For": address, ...options?.extraHTTPHeaders },
  });
  const newContext = browser.newContext.bind(browser);
  browser.newContext = (options) => newContext(withAddress(options));
  const newPage = browser.newPage.bind(browser);
  browser.newPage = (options) => newPage(withAddress(options));
  return browser;
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

/**
 * Draws the parts the browser skips until they come near the screen (`below-fold`, issue 27:
 * content-visibility), so that a check of the whole page (axe, nothing sticking out sideways,
 * a full-page picture) sees them laid out as a visitor who scrolls does.
 */
export async function drawWholePage(page: Page): Promise<void> {
  await page.evaluate(() => {
    for (const part of document.querySelectorAll<HTMLElement>(".below-fold")) part.style.contentVisibility = "visible";
  });
}

export const PHONE = { width: 375, height: 812 } as const;
export const DESKTOP = { width: 1280, height: 900 } as const;

/**
 * Contexts and their page handed back instead of closed: closing a context (or a page of
 * `browser.newPage`, which owns its context) clears what a visitor leaves behind (cookies, local and
 * session storage of the page's origin, routes, listeners, permissions, the viewport) and keeps
 * the context with its page for the next `newContext` with the same options, whose first
 * `newPage` is that page. A new page here is a renderer process started and the site's
 * scripts, styles and fonts downloaded and compiled again: measured on a 2-core machine,
 * ~2.2 s a visit in a new context, ~0.6 s a visit by a page that is already open. A context
 * whose test added what cannot be taken back (an init script, an exposed function, a context
 * listener, extra headers, a place, offline mode) is really closed.
 *
 * For files that test what a visitor sees, not what a first visit downloads: a file about the
 * network (first-load bytes, deferred code, the CSP) keeps fresh contexts.
 */
export function reusingContexts(browser: Browser): Browser {
  const idle = new Map<string, BrowserContext[]>();
  const clearing = new Map<string, Set<Promise<void>>>();
  const spare = new WeakMap<BrowserContext, Page>();
  /** pages of `browser.newPage`, whose close hands back their context */
  const owning = new WeakMap<Page, boolean>();
  const newContext = browser.newContext.bind(browser);
  const lasting = [
    "addInitScript",
    "exposeBinding",
    "exposeFunction",
    "on",
    "once",
    "addListener",
    "setExtraHTTPHeaders",
    "setGeolocation",
    "setOffline",
    "setHTTPCredentials",
  ] as const;
  const lastingOnPage = ["addInitScript", "exposeBinding", "exposeFunction"] as const;

  browser.newContext = async (options) => {
    const key = JSON.stringify(options ?? {});
    // a context being cleared (a test closes a page and opens the next at once) is waited for
    await Promise.all(clearing.get(key) ?? []);
    const reused = idle.get(key)?.pop();
    if (reused) return reused;
    const context = await newContext(options);
    let kept = true;
    const taint = <T extends object>(target: T, methods: readonly string[]) => {
      for (const method of methods) {
        const original = (target as Record<string, (...args: unknown[]) => unknown>)[method].bind(target);
        Object.assign(target, {
          [method]: (...args: unknown[]) => {
            kept = false;
            return original(...args);
          },
        });
      }
    };
    taint(context, lasting);

    /** Clears the context for the next test; false when it cannot be (then it is closed). */
    async function clear(): Promise<boolean> {
      const [page, ...others] = context.pages();
      // its storage is read and cleared through its page: none left open, none kept
      if (!page) return false;
      await Promise.all(others.map((other) => other.close()));
      await context.unrouteAll({ behavior: "ignoreErrors" });
      await context.clearCookies();
      await context.clearPermissions();
      page.removeAllListeners();
      await page.unrouteAll({ behavior: "ignoreErrors" });
      if (/^https?:/.test(page.url())) {
        // A plain document of the same site (no second renderer process, unlike about:blank):
        // the next goto loads its page even when it only differs by #fragment from the last one.
        await page.goto(new URL("/robots.txt", page.url()).href);
        await page.evaluate(() => {
          localStorage.clear();
          sessionStorage.clear();
        });
      }
      if (options?.viewport) await page.setViewportSize(options.viewport);
      spare.set(context, page);
      return true;
    }

    const closeContext = context.close.bind(context);
    let closing: Promise<void> | undefined;
    context.close = () => {
      closing ??= (async () => {
        if (!kept) return closeContext();
        try {
          if (!(await clear())) return closeContext();
        } catch {
          return closeContext();
        }
        closing = undefined;
        idle.set(key, [...(idle.get(key) ?? []), context]);
      })();
      const done = closing;
      if (!clearing.has(key)) clearing.set(key, new Set());
      clearing.get(key)?.add(done);
      const forget = () => void clearing.get(key)?.delete(done);
      done.then(forget, forget);
      return done;
    };

    const newPage = context.newPage.bind(context);
    context.newPage = async () => {
      const waiting = spare.get(context);
      spare.delete(context);
      if (waiting) {
        owning.set(waiting, false);
        return waiting;
      }
      const page = await newPage();
      taint(page, lastingOnPage);
      return page;
    };
    return context;
  };
  browser.newPage = async (options) => {
    const context = await browser.newContext(options);
    const page = await context.newPage();
    if (!owning.has(page)) {
      const closePage = page.close.bind(page);
      // the page's own context, handed back with the page when it closes (while the page is
      // one of browser.newPage; handed out by a context's newPage later, it closes as any page)
      page.close = async (...args) => {
        if (!owning.get(page)) return closePage(...args);
        owning.set(page, false);
        if (context.pages().length > 1) await closePage(...args);
        await context.close();
      };
    }
    owning.set(page, true);
    return page;
  };
  return browser;
}

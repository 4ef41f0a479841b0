/**
 * The end-to-end files' Chromium: the one the global set-up started (tests/e2e/global-setup.ts),
 * connected to by each file. `browser.close()` in a file only disconnects it (and closes the
 * contexts that file opened). Its pages come from this file's own client address.
 */
import type { Browser } from "playwright-core";
import { inject } from "vitest";
import { randomLoopbackAddress } from "../support/accounts";
import { asVisitorFrom, connectBrowser, reusingContexts } from "../support/browser";

/**
 * This file's client address (a module of its own per test file): two files running at once
 * are two visitors to the server, each with its own rate limits.
 */
export const VISITOR_ADDRESS = randomLoopbackAddress();

/**
 * `reuseContexts`: closed contexts are cleared and kept for the next test (reusingContexts in
 * tests/support/browser.ts), for files about what a visitor sees rather than what a first
 * visit downloads.
 */
export async function sharedBrowser(options: { hydration?: boolean; reuseContexts?: boolean } = {}): Promise<Browser> {
  const browser = asVisitorFrom(await connectBrowser(inject("browserWSEndpoint"), options), VISITOR_ADDRESS);
  return options.reuseContexts ? reusingContexts(browser) : browser;
}

/**
 * The end-to-end files' Chromium: the one the global set-up started (tests/e2e/global-setup.ts),
 * connected to by each file. `browser.close()` in a file only disconnects it (and closes the
 * contexts that file opened).
 */
import type { Browser } from "playwright-core";
import { inject } from "vitest";
import { connectBrowser } from "../support/browser";

export function sharedBrowser(options: { hydration?: boolean } = {}): Promise<Browser> {
  return connectBrowser(inject("browserWSEndpoint"), options);
}

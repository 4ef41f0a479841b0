/**
 * One test-app starter: the production Express stack (app/server/http/app.server.ts:
 * security headers, same-origin writes, health, media, course videos, auth, upload, payment
 * API) on a free local port, over the database the test file adopted (fixtures.ts).
 *
 *   const app = await startTestApp({ payments: { provider: stripe } });
 *   const answer = await app.post("/auth/michel-alvarez/v2/stripe", {}, buyer.cookie);
 */
import type { AddressInfo } from "node:net";
import type { AppOptions } from "~/server/http/app.server";

export type TestApp = {
  baseURL: string;
  /** A same-origin JSON POST, as our pages send it. */
  post: (pathname: string, body: unknown, cookie?: string, headers?: Record<string, string>) => Promise<Response>;
  get: (pathname: string, cookie?: string, headers?: Record<string, string>) => Promise<Response>;
  close: () => Promise<void>;
};

export async function startTestApp(options: AppOptions = {}): Promise<TestApp> {
  const { createApp } = await import("~/server/http/app.server");
  const { PageCache } = await import("~/server/http/page-cache.server");
  // A page cache made from options is this app's: its version listener stops with the app
  // (files share workers; left open it kept reconnecting to the file's dropped database).
  const own =
    options.pageCache && !(options.pageCache instanceof PageCache) ? new PageCache(options.pageCache) : undefined;
  const app = createApp(own ? { ...options, pageCache: own } : options);
  const server = await new Promise<ReturnType<typeof app.listen>>((resolve) => {
    const s = app.listen(0, "127.0.0.1", () => resolve(s));
  });
  const baseURL = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    baseURL,
    post: (pathname, body, cookie, headers = {}) =>
      fetch(`${baseURL}${pathname}`, {
        method: "POST",
        headers: { "content-type": "application/json", origin: baseURL, ...(cookie ? { cookie } : {}), ...headers },
        body: typeof body === "string" ? body : JSON.stringify(body),
      }),
    get: (pathname, cookie, headers = {}) =>
      fetch(`${baseURL}${pathname}`, { headers: { ...(cookie ? { cookie } : {}), ...headers } }),
    close: async () => {
      await new Promise<void>((resolve) => server.close(() => resolve()));
      own?.close();
    },
  };
}

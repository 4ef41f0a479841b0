/**
 * npm run bench:queries — database queries per page render (root loader + the page's
 * loaders), for an anonymous visitor, a visitor with a cart and a logged-in one, with the page
 * cache off; and for an anonymous visitor whose page comes from the cache. Built app, demo
 * catalogue on an in-memory PGlite; each query the pages send (a transaction counts as one).
 */
import path from "node:path";
import { pathToFileURL } from "node:url";
import type { RequestHandler } from "express";
import { startTestApp } from "../../tests/support/app";
import { makeCart, signUpUser, useDemoDatabase as demoDatabase } from "../../tests/support/fixtures";

const database = await demoDatabase({ environment: { SEED_DEMO: "0" } });
const client = (database.db as unknown as { $client: Record<string, (...args: unknown[]) => unknown> }).$client;
let queries = 0;
for (const method of ["query", "exec", "transaction"]) {
  const original = client[method].bind(client);
  client[method] = (...args: unknown[]) => {
    queries++;
    return original(...args);
  };
}
const buildDir = process.env.BUILD_DIR || "build";
const built = (await import(pathToFileURL(path.resolve(buildDir, "server", "index.js")).href)) as { pages: RequestHandler };
const rendered = await startTestApp({ pages: built.pages, pageCache: false });
const cached = await startTestApp({ pages: built.pages, pageCache: {} });

const { cartCookie } = await import("~/server/shop/cart-cookie.server");
const user = await signUpUser();
const cart = (await cartCookie.serialize(await makeCart([{ productoId: "pig-02", cantidad: 2 }]))).split(";")[0];

const PAGES = ["/", "/producto/pig-01", "/productos/pigmentos", "/categorias", "/servicios", "/cursos", "/carrito"];
const count = async (get: () => Promise<Response>) => {
  await (await get()).arrayBuffer(); // warm: first-use work (auth instance, settings) is not per request
  queries = 0;
  await (await get()).arrayBuffer();
  return queries;
};
console.log("| page | anonymous | with a cart | logged in | anonymous, cached |");
console.log("|---|---|---|---|---|");
for (const page of PAGES) {
  const row = [
    await count(() => rendered.get(page)),
    await count(() => rendered.get(page, cart)),
    await count(() => rendered.get(page, user.cookie)),
    await count(() => cached.get(page)),
  ];
  console.log(`| \`${page}\` | ${row.join(" | ")} |`);
}
await rendered.close();
await cached.close();
await database.close();
process.exit(0);

/**
 * npm run bench:pages — server response time (p50/p95 over sequential requests) and
 * transfer size (gzip) of the main public pages, plus the JavaScript the home page loads.
 * Budgets: p95 < 150 ms per page on this 2-core machine, home JS < 200 KiB gzip.
 */
import fs from "node:fs";
import path from "node:path";
import { gzipSync } from "node:zlib";
import { startServer } from "./server";

const dataDir = path.resolve(".tmp/bench-pages");
const PAGES = ["/", "/servicios", "/galeria", "/categorias", "/cursos", "/nosotros", "/Contacto", "/carrito"];
const ROUNDS = Number(process.env.ROUNDS ?? 40);

const server = await startServer(dataDir, 3292);
try {
  // Pick a product, a category and a service from the sitemap so those templates are measured too.
  const sitemap = await (await fetch(`${server.baseURL}/sitemap.xml`)).text();
  for (const prefix of ["/producto/", "/productos/", "/servicios/"]) {
    const match = sitemap.match(new RegExp(`<loc>[^<]*(${prefix}[^<]+)</loc>`));
    if (match) PAGES.push(decodeURI(match[1]));
  }
  console.log(`${"page".padEnd(36)} ${"p50".padStart(8)} ${"p95".padStart(8)} ${"html gzip".padStart(10)}`);
  for (const page of PAGES) {
    const times: number[] = [];
    let html = "";
    for (let i = 0; i < ROUNDS; i++) {
      const t = performance.now();
      const response = await fetch(server.baseURL + encodeURI(page));
      html = await response.text();
      times.push(performance.now() - t);
    }
    times.sort((a, b) => a - b);
    const p = (q: number) => times[Math.min(times.length - 1, Math.floor(q * times.length))].toFixed(1);
    const size = (gzipSync(html).length / 1024).toFixed(1);
    console.log(`${page.padEnd(36)} ${`${p(0.5)} ms`.padStart(8)} ${`${p(0.95)} ms`.padStart(8)} ${`${size} KiB`.padStart(10)}`);
  }
  const home = await (await fetch(`${server.baseURL}/`)).text();
  const scripts = [...home.matchAll(/(?:src|href)="(\/assets\/[^"]+\.js)"/g)].map((m) => m[1]);
  let jsBytes = 0;
  for (const src of new Set(scripts)) jsBytes += gzipSync(Buffer.from(await (await fetch(server.baseURL + src)).arrayBuffer())).length;
  console.log(`home page JavaScript: ${new Set(scripts).size} files, ${(jsBytes / 1024).toFixed(1)} KiB gzip`);
} finally {
  await server.stop();
  fs.rmSync(dataDir, { recursive: true, force: true });
}

/**
 * npm run bench:soak — a steady open-loop load of mixed browsing and cart traffic against the
 * production server on PostgreSQL, for a fixed time, counting every error.
 *
 *   npm run bench:soak                         # 200 requests/s for 300 s on PostgreSQL
 *   RATE=100 SECONDS=60 npm run bench:soak     # shorter
 *   SOAK_DATABASE_URL=postgres://…/postgres    # the server to create the soak database on
 *
 * Traffic: 65 % public pages (home, services, categories, courses, gallery, about, a product,
 * a category), 20 % 'add to cart' form posts from a pool of shoppers (each keeps its cart
 * cookie, and starts a new cart after five adds so quantities stay within stock), 15 % cart
 * pages with that cookie. Requests are started on a fixed schedule whatever the answers take
 * (open loop), so a slow server shows as latency and errors, not as a lower offered rate.
 * An error is a network failure or a 5xx; 4xx answers are counted apart. Writes its table
 * into docs/benchmarks.md between the soak markers.
 */
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import pg from "pg";
import { startServer } from "./server";

const RATE = Number(process.env.RATE ?? 200);
const SECONDS = Number(process.env.SECONDS ?? 300);
const MAX_IN_FLIGHT = 1_000;
const adminUrl = process.env.SOAK_DATABASE_URL ?? "postgres://postgres@127.0.0.1:5432/postgres";
const dbName = "michel_soak";
const dataDir = path.resolve(".tmp/bench-soak");

const admin = new pg.Client({ connectionString: adminUrl });
await admin.connect();
await admin.query(`drop database if exists ${dbName} with (force)`);
await admin.query(`create database ${dbName}`);
const databaseUrl = new URL(adminUrl);
databaseUrl.pathname = `/${dbName}`;
fs.rmSync(dataDir, { recursive: true, force: true });

const server = await startServer(dataDir, 3294, { DATABASE_URL: databaseUrl.toString() });
const base = server.baseURL;

type Outcome = { ms: number; status: number; url: string };
const outcomes: Outcome[] = [];
let inFlight = 0;
let skipped = 0;

async function timed(url: string, init?: RequestInit): Promise<Response | undefined> {
  const started = performance.now();
  try {
    const response = await fetch(base + url, { ...init, redirect: "manual", signal: AbortSignal.timeout(30_000) });
    await response.arrayBuffer();
    outcomes.push({ ms: performance.now() - started, status: response.status, url: `${init?.method ?? "GET"} ${url}` });
    return response;
  } catch {
    outcomes.push({ ms: performance.now() - started, status: 0, url: `${init?.method ?? "GET"} ${url}` });
    return undefined;
  }
}

try {
  const sitemap = await (await fetch(`${base}/sitemap.xml`)).text();
  const locs = [...sitemap.matchAll(/<loc>[^<]*?:\/\/[^/]+(\/[^<]*)<\/loc>/g)].map((m) => m[1]);
  const products = locs.filter((l) => l.startsWith("/producto/"));
  const categories = locs.filter((l) => l.startsWith("/productos/"));
  const pages = ["/", "/servicios", "/categorias", "/cursos", "/galeria", "/nosotros"];
  const pick = <T>(list: T[]) => list[Math.floor(Math.random() * list.length)];

  type Shopper = { cookie: string; adds: number };
  const shoppers: Shopper[] = Array.from({ length: 40 }, () => ({ cookie: "", adds: 0 }));

  async function addToCart(shopper: Shopper) {
    if (shopper.adds >= 5) Object.assign(shopper, { cookie: "", adds: 0 });
    const response = await timed(`${pick(products)}`, {
      method: "POST",
      headers: { "content-type": "application/x-www-form-urlencoded", ...(shopper.cookie ? { cookie: shopper.cookie } : {}) },
      body: "intent=add&cantidad=1",
    });
    const setCookie = response?.headers.get("set-cookie");
    const cart = setCookie?.match(/carrito=[^;]+/)?.[0];
    if (cart) shopper.cookie = cart;
    shopper.adds += 1;
  }

  function oneRequest(): Promise<unknown> {
    const roll = Math.random();
    if (roll < 0.5) return timed(pick(pages));
    if (roll < 0.58) return timed(pick(products));
    if (roll < 0.65) return timed(pick(categories));
    const shopper = pick(shoppers);
    if (roll < 0.85) return addToCart(shopper);
    return timed("/carrito", { headers: shopper.cookie ? { cookie: shopper.cookie } : {} });
  }

  console.log(`soak: ${RATE} requests/s for ${SECONDS} s against ${base} (PostgreSQL)`);
  const started = performance.now();
  const total = RATE * SECONDS;
  const pending: Promise<unknown>[] = [];
  for (let i = 0; i < total; i++) {
    const due = started + (i * 1000) / RATE;
    const wait = due - performance.now();
    if (wait > 0) await new Promise((r) => setTimeout(r, wait));
    if (inFlight >= MAX_IN_FLIGHT) {
      skipped += 1;
      continue;
    }
    inFlight += 1;
    pending.push(oneRequest().finally(() => (inFlight -= 1)));
    if (i % (RATE * 30) === 0 && i > 0) {
      const errors = outcomes.filter((o) => o.status === 0 || o.status >= 500).length;
      console.log(`  ${Math.round((performance.now() - started) / 1000)} s: ${outcomes.length} answered, ${errors} errors`);
    }
  }
  await Promise.all(pending);
  const elapsed = (performance.now() - started) / 1000;

  const times = outcomes.map((o) => o.ms).sort((a, b) => a - b);
  const q = (p: number) => times[Math.min(times.length - 1, Math.floor(p * times.length))] ?? 0;
  const errors = outcomes.filter((o) => o.status === 0 || o.status >= 500).length;
  const clientErrors = outcomes.filter((o) => o.status >= 400 && o.status < 500).length;
  const rows: [string, string][] = [
    ["offered", `${RATE} requests/s for ${SECONDS} s (${total} requests)`],
    ["answered", `${outcomes.length} in ${elapsed.toFixed(0)} s (${(outcomes.length / elapsed).toFixed(0)} requests/s)`],
    ["errors (network or 5xx)", String(errors)],
    ["4xx answers", String(clientErrors)],
    ["not sent (over 1,000 in flight)", String(skipped)],
    ["latency p50 / p95 / p99", `${q(0.5).toFixed(0)} / ${q(0.95).toFixed(0)} / ${q(0.99).toFixed(0)} ms`],
  ];
  for (const [k, v] of rows) console.log(`${k.padEnd(34)} ${v}`);
  const notOk = new Map<string, number>();
  for (const o of outcomes.filter((o) => o.status === 0 || o.status >= 400)) {
    const key = `${o.status} ${o.url}`;
    notOk.set(key, (notOk.get(key) ?? 0) + 1);
  }
  for (const [key, count] of [...notOk].sort((a, b) => b[1] - a[1]).slice(0, 10)) console.log(`  ${count} × ${key}`);

  const table = [
    `Run on ${new Date().toISOString().slice(0, 10)}, ${os.cpus().length} cores, Node ${process.version}, PostgreSQL (${dbName}), load average at the end ${os.loadavg()[0].toFixed(1)}.`,
    "",
    `| ${rows.map(([k]) => k).join(" | ")} |`,
    `|${rows.map(() => "---|").join("")}`,
    `| ${rows.map(([, v]) => v).join(" | ")} |`,
  ].join("\n");
  const doc = "docs/benchmarks.md";
  const text = fs.readFileSync(doc, "utf8");
  const start = "<!-- soak:start -->";
  const end = "<!-- soak:end -->";
  const block = `${start}\n${table}\n${end}`;
  fs.writeFileSync(
    doc,
    text.includes(start)
      ? text.replace(new RegExp(`${start}[\\s\\S]*?${end}`), block)
      : `${text.trimEnd()}\n\n## Soak on PostgreSQL — \`npm run bench:soak\`\n\n${block}\n`,
  );
  process.exitCode = errors === 0 ? 0 : 1;
} finally {
  await server.stop();
  await admin.query(`drop database if exists ${dbName} with (force)`);
  await admin.end();
  fs.rmSync(dataDir, { recursive: true, force: true });
}

/**
 * npm run bench:load [-- --postgres] — throughput under concurrent connections (autocannon):
 * the production server (fresh DATA_DIR with the demo; with --postgres a fresh database on
 * DATABASE_URL, default postgres://postgres@127.0.0.1:5432) against a plain node:http server
 * that sends the very same bytes and headers, side by side in one run. Prints req/s,
 * p50/p95/p99 and the ratio per page, and writes the table into docs/benchmarks.md.
 * Goal (ADR 015): ≥ 50 % of the static server's req/s and p95 ≤ 50 ms for the cached pages.
 */
import fs from "node:fs";
import http from "node:http";
import type { AddressInfo } from "node:net";
import os from "node:os";
import path from "node:path";
import autocannon from "autocannon";
import pg from "pg";
import { startServer } from "./server";

const postgres = process.argv.includes("--postgres");
const DURATION = Number(process.env.DURATION ?? 10);
const dataDir = path.resolve(".tmp/bench-load");
const PORT = 3294;

type Target = { label: string; path: string; connections: number; headers?: Record<string, string> };
type Figures = { rps: number; p50: number; p95: number; p99: number; errors: number };

async function freshPostgres(): Promise<{ url: string; drop: () => Promise<void> }> {
  const serverUrl = process.env.DATABASE_URL || "postgres://postgres@127.0.0.1:5432/postgres";
  const name = `bench_load_${Date.now()}`;
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name}`);
  await admin.end();
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    drop: async () => {
      const dropper = new pg.Client({ connectionString: serverUrl });
      await dropper.connect();
      await dropper.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await dropper.end();
    },
  };
}

/** autocannon for DURATION seconds; latencies kept whole for exact percentiles. */
async function load(url: string, target: Target): Promise<Figures> {
  const latencies: number[] = [];
  const result = await new Promise<autocannon.Result>((resolve, reject) => {
    const options = { url, connections: target.connections, duration: DURATION, headers: target.headers };
    const instance = autocannon(options, (error, done) => (error ? reject(error) : resolve(done)));
    instance.on("response", (_client, _status, _bytes, responseTime) => latencies.push(responseTime));
  });
  latencies.sort((a, b) => a - b);
  const p = (q: number) => latencies[Math.min(latencies.length - 1, Math.floor(q * latencies.length))] ?? 0;
  return {
    rps: result.requests.total / DURATION,
    p50: p(0.5),
    p95: p(0.95),
    p99: p(0.99),
    errors: result.errors + result.timeouts + result.non2xx,
  };
}

/** A node:http server answering every request with this status, these headers and this body. */
async function staticTwin(status: number, headers: Headers, body: Buffer): Promise<http.Server> {
  const raw: Record<string, string> = {};
  headers.forEach((value, name) => {
    if (!["transfer-encoding", "connection", "keep-alive", "date"].includes(name)) raw[name] = value;
  });
  raw["content-length"] = String(body.length);
  const server = http.createServer((_req, res) => {
    res.writeHead(status, raw);
    res.end(body);
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  return server;
}

const fmt = (n: number) => n.toLocaleString("en-US", { maximumFractionDigits: 0 });
const ms = (n: number) => `${n < 10 ? n.toFixed(1) : fmt(n)} ms`;

const database = postgres ? await freshPostgres() : undefined;
fs.rmSync(dataDir, { recursive: true, force: true });
const startedAt = new Date();
const loadBefore = os.loadavg()[0];
const server = await startServer(dataDir, PORT, database ? { DATABASE_URL: database.url } : {});
const rows: { target: Target; app: Figures; twin: Figures; bytes: number }[] = [];
try {
  const sitemap = await (await fetch(`${server.baseURL}/sitemap.xml`)).text();
  const first = (prefix: string) => decodeURI(sitemap.match(new RegExp(`<loc>[^<]*(${prefix}[^<]+)</loc>`))?.[1] ?? "");
  const targets: Target[] = [
    { label: "home", path: "/", connections: 50 },
    { label: "product page", path: first("/producto/"), connections: 20 },
    { label: "category list", path: first("/productos/"), connections: 20 },
    { label: "categories", path: "/categorias", connections: 20 },
    // Not cacheable (a visitor with a cart): what rendering itself costs.
    { label: "home, cart cookie (rendered)", path: "/", connections: 50, headers: { cookie: "carrito=sin-carrito" } },
    { label: "product, cart cookie (rendered)", path: first("/producto/"), connections: 20, headers: { cookie: "carrito=sin-carrito" } },
  ];
  for (const target of targets) {
    const url = server.baseURL + encodeURI(target.path);
    // The same request autocannon makes: no Accept-Encoding, so both sides send the same bytes.
    const sample = await fetch(url, { headers: { ...target.headers, "accept-encoding": "identity" } });
    const body = Buffer.from(await sample.arrayBuffer());
    const twin = await staticTwin(sample.status, sample.headers, body);
    try {
      const twinUrl = `http://127.0.0.1:${(twin.address() as AddressInfo).port}${encodeURI(target.path)}`;
      const app = await load(url, target);
      const twinFigures = await load(twinUrl, target);
      rows.push({ target, app, twin: twinFigures, bytes: body.length });
      console.log(
        `${target.label.padEnd(32)} app ${fmt(app.rps).padStart(6)} req/s p50 ${ms(app.p50)} p95 ${ms(app.p95)} p99 ${ms(app.p99)}` +
          ` | static ${fmt(twinFigures.rps).padStart(6)} req/s p50 ${ms(twinFigures.p50)} | ${Math.round((100 * app.rps) / twinFigures.rps)} %` +
          (app.errors ? ` (${app.errors} errors)` : ""),
      );
    } finally {
      await new Promise((resolve) => twin.close(resolve));
    }
  }
} finally {
  await server.stop();
  await database?.drop();
  fs.rmSync(dataDir, { recursive: true, force: true });
}

// ---------------------------------------------------------------- docs/benchmarks.md

const kind = postgres ? "PostgreSQL" : "PGlite";
const cpus = os.cpus();
const workers = postgres ? Number(process.env.WEB_CONCURRENCY) || os.availableParallelism() : 1;
const table = [
  `**${kind}** (${workers} server process${workers > 1 ? "es" : ""}), ${startedAt.toISOString().slice(0, 16).replace("T", " ")} UTC, ` +
    `${cpus.length} × ${cpus[0]?.model.trim()}, ${Math.round(os.totalmem() / 2 ** 30)} GiB, Node ${process.version}; ` +
    `${DURATION} s per run; load average ${loadBefore.toFixed(1)} at the start.`,
  "",
  "| page | connections | app req/s | p50 | p95 | p99 | static req/s | static p50 | static p95 | ratio | bytes |",
  "|---|---|---|---|---|---|---|---|---|---|---|",
  ...rows.map(
    ({ target, app, twin, bytes }) =>
      `| ${target.label} \`${target.path}\` | ${target.connections} | ${fmt(app.rps)} | ${ms(app.p50)} | ${ms(app.p95)} | ${ms(app.p99)} | ${fmt(twin.rps)} | ${ms(twin.p50)} | ${ms(twin.p95)} | ${Math.round((100 * app.rps) / twin.rps)} % | ${fmt(bytes)} |`,
  ),
  "",
].join("\n");

const doc = "docs/benchmarks.md";
const begin = `<!-- bench:load ${kind} -->`;
const end = `<!-- /bench:load ${kind} -->`;
let text = fs.readFileSync(doc, "utf8");
const block = `${begin}\n${table}${end}`;
if (text.includes(begin)) text = text.slice(0, text.indexOf(begin)) + block + text.slice(text.indexOf(end) + end.length);
else if (text.includes("<!-- bench:load end -->")) text = text.replace("<!-- bench:load end -->", `${block}\n\n<!-- bench:load end -->`);
else text += `\n${block}\n`;
fs.writeFileSync(doc, text);
console.log(`\n${table}\n(escrito en ${doc})`);

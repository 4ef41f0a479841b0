/**
 * npm run bench:scale — what the site costs as the shop grows (issue 13 item 8). One user,
 * sequential requests, page cache off (PAGE_CACHE=0: every request renders): p50/p95 of the
 * public pages that render from the catalogue (category listing, product page, course page)
 * and of every admin list (page 1, a far page, a search), on the demo catalogue and on the
 * same database after `npm run seed:scale` (5,000 products, 20,000 accounts, 100,000
 * orders...), two servers running at once and asked in turn. Writes the table into
 * docs/benchmarks.md between the scale markers.
 *
 *   ROUNDS=40 npm run bench:scale       # requests per page (default 40, after 3 warm-ups)
 */
import { execFileSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { logIn } from "../../tests/support/accounts";
import { ADMIN, ADMIN_PAGES, PUBLIC } from "./scale-pages";
import { cpuName } from "./doc";
import { startServer } from "./server";

const ROUNDS = Number(process.env.ROUNDS ?? 40);
const root = path.resolve(".tmp/bench-scale");
const small = path.join(root, "small");
const large = path.join(root, "large");
const run = (args: string[], dataDir: string) =>
  execFileSync(process.execPath, ["--import", "tsx", ...args], {
    env: { ...process.env, DATA_DIR: dataDir, DATABASE_URL: "" },
    stdio: ["ignore", "inherit", "inherit"],
  });

type Figures = { p50: number; p95: number; status: number };
type ExportFigures = { rows: number; ms: number; rssMb: number; growthMb: number };

/** The resident memory of the server process and its workers (server/cluster.js), in bytes. */
function treeRss(pid: number): number {
  let total = 0;
  const visit = (id: number) => {
    try {
      const status = fs.readFileSync(`/proc/${id}/status`, "utf8");
      total += Number(status.match(/VmRSS:\s+(\d+)/)?.[1] ?? 0) * 1024;
      for (const task of fs.readdirSync(`/proc/${id}/task`)) {
        const children = fs.readFileSync(`/proc/${id}/task/${task}/children`, "utf8").trim();
        for (const child of children ? children.split(" ") : []) visit(Number(child));
      }
    } catch {}
  };
  visit(pid);
  return total;
}

/** Every order as CSV (/admin/exportar/pedidos, all dates): time, rows and the server's peak memory. */
async function measureExport(
  server: { process: { pid?: number }; baseURL: string },
  cookie: string,
): Promise<ExportFigures> {
  const pid = server.process.pid ?? 0;
  const before = treeRss(pid);
  let peak = before;
  const sampler = setInterval(() => {
    peak = Math.max(peak, treeRss(pid));
  }, 20);
  const t = performance.now();
  const response = await fetch(`${server.baseURL}/admin/exportar/pedidos?desde=2000-01-01&hasta=2100-12-31`, {
    headers: { cookie },
  });
  let rows = 0;
  const decoder = new TextDecoder();
  const reader = response.body?.getReader();
  for (let part = await reader?.read(); part && !part.done; part = await reader?.read()) {
    rows += (decoder.decode(part.value, { stream: true }).match(/\n/g) ?? []).length;
  }
  const ms = performance.now() - t;
  clearInterval(sampler);
  return { rows, ms, rssMb: peak / 2 ** 20, growthMb: (peak - before) / 2 ** 20 };
}

/**
 * Both servers run at once and each page is asked of one, then the other, in turn: on a
 * shared machine whose load changes by the minute, both sizes see the same moments.
 */
async function measure(smallDir: string, largeDir: string) {
  const servers = await Promise.all([
    startServer(smallDir, 3362, { PAGE_CACHE: "0" }),
    startServer(largeDir, 3363, { PAGE_CACHE: "0" }),
  ]);
  try {
    const sides = await Promise.all(
      servers.map(async (server) => {
        const cookie = await logIn(server.baseURL, ADMIN.email, ADMIN.password);
        const sitemap = await (await fetch(`${server.baseURL}/sitemap.xml`)).text();
        const curso = sitemap.match(/\/cursos\/([^<]+)<\/loc>/)?.[1] ?? "";
        return { server, cookie, curso };
      }),
    );
    const results = [new Map<string, Figures>(), new Map<string, Figures>()];
    for (const [label, template, admin] of [
      ...PUBLIC.map(([l, p]) => [l, p, false] as const),
      ...ADMIN_PAGES.map(([l, p]) => [l, p, true] as const),
    ]) {
      const times: number[][] = [[], []];
      const status = [0, 0];
      for (let i = 0; i < ROUNDS + 3; i++) {
        for (const [side, { server, cookie, curso }] of sides.entries()) {
          const t = performance.now();
          const response = await fetch(server.baseURL + template.replace("{curso}", curso), {
            headers: admin ? { cookie } : {},
          });
          await response.arrayBuffer();
          status[side] = response.status;
          if (i >= 3) times[side]!.push(performance.now() - t);
        }
      }
      for (const side of [0, 1]) {
        const sorted = times[side]!.sort((a, b) => a - b);
        const q = (f: number) => sorted[Math.min(sorted.length - 1, Math.floor(f * sorted.length))]!;
        results[side]!.set(label, { p50: q(0.5), p95: q(0.95), status: status[side]! });
      }
      const [a, b] = [results[0]!.get(label)!, results[1]!.get(label)!];
      console.log(
        `${label.padEnd(34)} demo p50 ${a.p50.toFixed(1)} p95 ${a.p95.toFixed(1)} · escala p50 ${b.p50.toFixed(1)} p95 ${b.p95.toFixed(1)} ms`,
      );
    }
    const exports = [];
    for (const { server, cookie } of sides) exports.push(await measureExport(server, cookie));
    console.log(
      `CSV de pedidos: ${exports.map((e) => `${e.rows} filas en ${Math.round(e.ms)} ms, RSS máx. +${e.growthMb.toFixed(0)} MB`).join(" · ")}`,
    );
    return [...results, exports] as [Map<string, Figures>, Map<string, Figures>, ExportFigures[]];
  } finally {
    await Promise.all(servers.map((server) => server.stop()));
  }
}

fs.rmSync(root, { recursive: true, force: true });
fs.mkdirSync(root, { recursive: true });
console.log("Base de demostración…");
{
  const first = await startServer(small, 3361); // first start: migrations and the demo
  await first.stop();
}
run(["scripts/create-admin.ts", ADMIN.email, "--password", ADMIN.password, "--nombre", "Admin Escala"], small);
fs.cpSync(small, large, { recursive: true });
console.log("Base a escala…");
run(["scripts/seed-scale.ts"], large);

const loadStart = os.loadavg()[0];
console.log("\nDemostración y escala, una petición a cada una por turno:");
const [a, b, exported] = await measure(small, large);
const loadEnd = os.loadavg()[0];

const ms = (n: number) => `${n < 10 ? n.toFixed(1) : Math.round(n)} ms`;
const rows = [...PUBLIC, ...ADMIN_PAGES].map(([label, page]) => {
  const x = a.get(label)!;
  const y = b.get(label)!;
  const ratio = y.p95 / x.p95;
  const goal = y.p95 <= 50 && ratio <= 2 ? "yes" : "**no**";
  const ratio50 = y.p50 / x.p50;
  const status = x.status === 200 && y.status === 200 ? "" : ` (HTTP ${x.status}/${y.status})`;
  return `| ${label} \`${page}\`${status} | ${ms(x.p50)} | ${ms(x.p95)} | ${ms(y.p50)} | ${ms(y.p95)} | ${ratio50.toFixed(1)}× | ${ratio.toFixed(1)}× | ${goal} |`;
});
const when = new Date().toISOString().slice(0, 16).replace("T", " ");
const table = [
  `${when} UTC, ${cpuName()}, ${Math.round(os.totalmem() / 2 ** 30)} GiB, Node ${process.version}, PGlite (one process), production build, page cache off; both databases served at once, ${ROUNDS} requests per page to each after 3 warm-ups, one to each in turn (one at a time); load average ${loadStart.toFixed(1)} at the start, ${loadEnd.toFixed(1)} at the end (shared machine).`,
  "",
  "| page | small p50 | small p95 | scaled p50 | scaled p95 | p50 ratio | p95 ratio | p95 ≤ 50 ms and ≤ 2× |",
  "|---|---|---|---|---|---|---|---|",
  ...rows,
  "",
  "| CSV of every order (`/admin/exportar/pedidos`, all dates, one request) | rows (lines + header + totals) | time | server's peak RSS (all processes) | growth during the export |",
  "|---|---|---|---|---|",
  ...exported.map(
    (e, i) =>
      `| ${i === 0 ? "demo" : "scaled (100,000 orders)"} | ${e.rows.toLocaleString("en")} | ${ms(e.ms)} | ${Math.round(e.rssMb)} MB | +${e.growthMb.toFixed(0)} MB |`,
  ),
].join("\n");
console.log(`\n${table}`);
const doc = "docs/benchmarks.md";
const text = fs.readFileSync(doc, "utf8");
const start = "<!-- bench:scale -->";
const end = "<!-- /bench:scale -->";
if (text.includes(start) && text.includes(end)) {
  fs.writeFileSync(doc, text.replace(new RegExp(`${start}[\\s\\S]*?${end}`), `${start}\n${table}\n${end}`));
  console.log(`\nEscrito en ${doc}.`);
}
fs.rmSync(root, { recursive: true, force: true });
process.exit(0);

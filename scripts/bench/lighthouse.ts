/**
 * npm run bench:lighthouse — Lighthouse (mobile, simulated throttling, 3 runs per page,
 * medians) on every kind of public page of a production build, offline, in Debian's Chromium.
 * Prints performance and accessibility scores, LCP, FCP, CLS, TBT and the JavaScript the page
 * loads (gzip, and Brotli as Chromium receives it), and writes them into docs/benchmarks.md
 * between the lighthouse markers. The first row is the reference audited in the same run: the
 * home's HTML and CSS without its scripts (scripts/bench/reference.ts), what the host and the
 * page's markup score before any of our JavaScript.
 *
 * Lighthouse 12.8.2 runs on Node 20 (13 wants Node 22). chrome-launcher never downloads a
 * browser: it is given /usr/bin/chromium (CHROMIUM_PATH overrides it).
 * RUNS=1 PAGES=/,/cursos npm run bench:lighthouse   — fewer runs or pages while trying things.
 * WRITE=0 skips writing the doc.
 */
import { execFileSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import type * as chromeLauncher from "chrome-launcher";
import { browserBytesSent, gzipBytesSent } from "../../tests/support/sent-bytes";
import { publicPages } from "../../tests/support/sitemap";
import { CHROMIUM_PATH, type Run, auditRetrying, erroredAudits, launchChromium, medians } from "./lighthouse-audit";
import { cpuName, replaceSection } from "./doc";
import { REFERENCE, startReference } from "./reference";
import { startServer } from "./server";

const RUNS = Number(process.env.RUNS ?? 3);
const START = "<!-- lighthouse:start -->";
const END = "<!-- lighthouse:end -->";
const dataDir = path.resolve(".tmp/bench-lighthouse");

type Row = Omit<Run, "scripts"> & { page: string; jsFiles: number; jsKiB: number; jsBrotliKiB: number };

/**
 * Every script the page loaded from our server, as the server sends it to a browser that
 * accepts gzip (compressed at build time, ADR 026; as in first-load-js.test.ts) and to one that
 * accepts Brotli (Chromium: what goes over its wire).
 */
async function jsSent(urls: string[], origin: string): Promise<{ files: number; kib: number; brotliKiB: number }> {
  const own = [...new Set(urls.filter((u) => u.startsWith(origin)))];
  let gzip = 0;
  let brotli = 0;
  for (const u of own) {
    gzip += (await gzipBytesSent(u)).bytes;
    brotli += (await browserBytesSent(u)).bytes;
  }
  return { files: own.length, kib: gzip / 1024, brotliKiB: brotli / 1024 };
}

function machine(): string {
  let chromium = "Chromium";
  try {
    chromium = execFileSync(CHROMIUM_PATH, ["--version"], {
      encoding: "utf8",
      stdio: ["ignore", "pipe", "ignore"],
    }).trim();
  } catch {}
  const lhVersion = JSON.parse(fs.readFileSync("node_modules/lighthouse/package.json", "utf8")).version;
  const load = os
    .loadavg()
    .map((l) => l.toFixed(1))
    .join(" / ");
  return `${cpuName()}, ${Math.round(os.totalmem() / 2 ** 30)} GiB, Node ${process.versions.node}, ${chromium}, Lighthouse ${lhVersion}; load average at the end ${load} (1 / 5 / 15 min)`;
}

fs.rmSync(dataDir, { recursive: true, force: true });
const server = await startServer(dataDir, 3293);
const rows: Row[] = [];
let chrome: chromeLauncher.LaunchedChrome | undefined;
const reference = await startReference(server.baseURL, 3292);
try {
  // Every kind of public page (one of each in the sitemap, the cart and the booking page), as
  // the first-load JavaScript test visits them.
  const pages = process.env.PAGES ? process.env.PAGES.split(",") : await publicPages(server.baseURL);
  chrome = await launchChromium();
  // One visit first, so the server's own first-request work is not in the first page's figures.
  await fetch(`${server.baseURL}/`);
  const targets = [
    { page: REFERENCE, url: reference.url, origin: new URL(reference.url).origin },
    ...pages.map((page) => ({ page, url: server.baseURL + encodeURI(page), origin: server.baseURL })),
  ];
  for (const { page, url, origin } of targets) {
    const runs = [];
    for (let i = 0; i < RUNS; i++) {
      runs.push(await auditRetrying(url, chrome.port));
      process.stdout.write(".");
    }
    const js = await jsSent(runs[0].scripts, origin);
    rows.push({ page, ...medians(runs), jsFiles: js.files, jsKiB: js.kib, jsBrotliKiB: js.brotliKiB });
    process.stdout.write(` ${page}\n`);
  }
} finally {
  await chrome?.kill();
  await reference.close();
  await server.stop();
  fs.rmSync(dataDir, { recursive: true, force: true });
}

const header =
  "| page | performance | accessibility | LCP | FCP | CLS | TBT | first-load JS (gzip) | over Chromium's wire (Brotli) |";
const lines = [
  header,
  "|---|---|---|---|---|---|---|---|---|",
  ...rows.map(
    (r) =>
      `| ${r.page} | ${r.perf} | ${r.a11y} | ${(r.lcp / 1000).toFixed(1)} s | ${(r.fcp / 1000).toFixed(1)} s | ${r.cls.toFixed(3)} | ${Math.round(r.tbt)} ms | ${r.jsKiB.toFixed(1)} KiB (${r.jsFiles} files) | ${r.jsBrotliKiB.toFixed(1)} KiB |`,
  ),
];
const failing = rows.filter((r) => r.failing.length).map((r) => `- ${r.page}: ${r.failing.join(", ")}`);
const when = new Date().toISOString().slice(0, 16).replace("T", " ");
console.log(`\n${lines.join("\n")}`);
if (failing.length) console.log(`\nAccessibility audits failing:\n${failing.join("\n")}`);

if (process.env.WRITE !== "0") {
  const section = [
    START,
    `## Lighthouse — \`npm run bench:lighthouse\` (${when} UTC)`,
    "",
    `Lighthouse's mobile profile (slow 4G, 4× CPU), ${RUNS} runs a page, medians; production build, fresh demo \`DATA_DIR\`.`,
    "First-load JS: the bytes of the page's scripts from our server, as gzip (as in `first-load-js.test.ts`) and as Brotli (what Chromium is sent). Timings move with the host's load: the reference row, audited in the same run, is the home's HTML and CSS without its scripts.",
    "",
    `Machine: ${machine()}.`,
    "",
    ...lines,
    "",
    `${failing.length ? `Accessibility audits failing in at least one run:\n\n${failing.join("\n")}\n\n` : "No accessibility audit fails. "}` +
      `Lighthouse 12.8.2 (the last for Node 20). Audits that could not run: ${erroredAudits.size ? [...erroredAudits].join(", ") : "none"}.`,
    END,
  ].join("\n");
  replaceSection(START, END, section);
}

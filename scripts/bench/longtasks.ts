/**
 * npm run bench:longtasks — what keeps a phone's main thread busy while a public page loads
 * (issue 27). Headless Debian Chromium at 390 px; each page loaded 5 times in a fresh context
 * (no cache: a first visit from a WhatsApp link) and left untouched for 4 s after `load`;
 * Chromium's own trace gives every task of the page's main thread. Per page, the median of:
 *   - the longest task, and
 *   - the blocking time: the sum over the tasks of what each lasts beyond 50 ms,
 * with devtools' CPU throttling 4× (a mid-range phone) and without throttling (this host).
 *
 * The reference, in the same run on the same host: the home's own HTML and CSS with its
 * scripts taken out, served as a static page (what parsing, styling and painting the page
 * cost the browser, before any of our JavaScript runs). Figures are written into
 * docs/benchmarks.md between the longtasks markers with the host's CPU.
 *
 * LOADS=3 PAGES=/,/cursos npm run bench:longtasks  — fewer loads or pages while trying things.
 * WRITE=0 skips writing the doc.
 */
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { type Browser, chromium } from "playwright-core";
import { CHROMIUM_ARGS, CHROMIUM_PATH } from "../../tests/support/browser";
import { sitemapPaths } from "../../tests/support/sitemap";
import { cpuName, replaceSection } from "./doc";
import { REFERENCE, startReference } from "./reference";
import { startServer } from "./server";

const LOADS = Number(process.env.LOADS ?? 5);
const QUIET_MS = 4_000;
const START = "<!-- longtasks:start -->";
const END = "<!-- longtasks:end -->";
const dataDir = path.resolve(".tmp/bench-longtasks");

type TraceEvent = {
  name: string;
  ph: string;
  ts: number;
  dur?: number;
  tdur?: number;
  pid: number;
  tid: number;
  args?: { name?: string; beginData?: { url?: string }; data?: { url?: string } };
};
/** ms; `cpu`: the longest task's thread time (what the host's other work does not lengthen) */
type Load = { longest: number; blocking: number; tasks: number; cpu: number };

const TASK_NAMES = new Set(["RunTask", "ThreadControllerImpl::RunTask", "ThreadControllerImpl::DoWork"]);

/**
 * The page's main thread: the renderer main thread whose events name the page's origin (its
 * HTML being parsed, its scripts evaluated, its requests sent); of several, the busiest.
 */
function pageMainThread(events: TraceEvent[], origin: string): { pid: number; tid: number } | null {
  const mains = new Set(
    events.filter((e) => e.name === "thread_name" && e.args?.name === "CrRendererMain").map((e) => `${e.pid}:${e.tid}`),
  );
  const busy = new Map<string, number>();
  for (const e of events) {
    const key = `${e.pid}:${e.tid}`;
    if (!mains.has(key)) continue;
    const url = String(e.args?.beginData?.url ?? e.args?.data?.url ?? "");
    if (url.startsWith(origin)) busy.set(key, busy.get(key) ?? 0);
  }
  for (const e of events) {
    const key = `${e.pid}:${e.tid}`;
    if (busy.has(key) && TASK_NAMES.has(e.name) && e.dur) busy.set(key, busy.get(key)! + e.dur);
  }
  const [best] = [...busy.entries()].sort((a, b) => b[1] - a[1]);
  if (!best) return null;
  const [pid, tid] = best[0].split(":").map(Number);
  return { pid: pid!, tid: tid! };
}

/** Top-level tasks (ms) of one thread: a task nested in another is part of it. */
export function topLevelTasks(
  events: TraceEvent[],
  thread: { pid: number; tid: number },
): { wall: number; cpu: number }[] {
  const tasks = events
    .filter((e) => e.ph === "X" && TASK_NAMES.has(e.name) && e.pid === thread.pid && e.tid === thread.tid && e.dur)
    .sort((a, b) => a.ts - b.ts);
  const out: { wall: number; cpu: number }[] = [];
  let end = -1;
  for (const t of tasks) {
    if (t.ts < end) continue;
    out.push({ wall: t.dur! / 1000, cpu: (t.tdur ?? t.dur!) / 1000 });
    end = t.ts + t.dur!;
  }
  return out;
}

async function measure(browser: Browser, url: string, throttle: number): Promise<Load> {
  const context = await browser.newContext({
    viewport: { width: 390, height: 844 },
    deviceScaleFactor: 2,
    isMobile: true,
    hasTouch: true,
  });
  const page = await context.newPage();
  const cdp = await context.newCDPSession(page);
  if (throttle > 1) await cdp.send("Emulation.setCPUThrottlingRate", { rate: throttle });
  await browser.startTracing(page, {
    categories: ["devtools.timeline", "disabled-by-default-devtools.timeline", "toplevel"],
  });
  await page.goto(url, { waitUntil: "load" });
  await page.waitForTimeout(QUIET_MS);
  const trace = JSON.parse((await browser.stopTracing()).toString("utf8")) as { traceEvents: TraceEvent[] };
  await context.close();
  const thread = pageMainThread(trace.traceEvents, new URL(url).origin);
  if (!thread) throw new Error(`no main thread found for ${url}`);
  const tasks = topLevelTasks(trace.traceEvents, thread);
  return {
    longest: Math.max(0, ...tasks.map((t) => t.wall)),
    blocking: tasks.reduce((sum, t) => sum + Math.max(0, t.wall - 50), 0),
    tasks: tasks.filter((t) => t.wall > 50).length,
    cpu: Math.max(0, ...tasks.map((t) => t.cpu)),
  };
}

const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)]!;
};

/** One of each kind of page the issue names, found in the sitemap (the demo's first of each). */
async function pagesToMeasure(baseURL: string): Promise<string[]> {
  if (process.env.PAGES) return process.env.PAGES.split(",");
  const paths = await sitemapPaths(baseURL);
  const first = (test: (segments: string[]) => boolean) => paths.find((p) => test(p.split("/").filter(Boolean)));
  return [
    "/",
    first((s) => s[0] === "producto" && s.length === 2),
    first((s) => s[0] === "productos" && s.length === 2),
    "/cursos",
    first((s) => s[0] === "cursos" && s.length === 2),
    "/carrito",
    first((s) => s[0] === "agendar" && s.length === 2),
  ].filter((p): p is string => p !== undefined);
}

fs.rmSync(dataDir, { recursive: true, force: true });
const server = await startServer(dataDir, 3294);
const browser = await chromium.launch({ executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS, headless: true });
const chromiumVersion = browser.version();
type Row = { page: string; slow: Load; fast: Load };
const rows: Row[] = [];
const reference = await startReference(server.baseURL, 3295);
try {
  const pages = await pagesToMeasure(server.baseURL);
  await fetch(`${server.baseURL}/`); // the server's own first-request work stays out of the figures
  const targets = [
    { page: REFERENCE, url: reference.url },
    ...pages.map((p) => ({ page: p, url: server.baseURL + encodeURI(p) })),
  ];
  for (const { page, url } of targets) {
    await measure(browser, url, 1); // a first load warms the server's and Chromium's caches for this page
    const slow: Load[] = [];
    const fast: Load[] = [];
    for (let i = 0; i < LOADS; i++) {
      slow.push(await measure(browser, url, 4));
      fast.push(await measure(browser, url, 1));
      process.stdout.write(".");
    }
    const pick = (loads: Load[]): Load => ({
      longest: median(loads.map((l) => l.longest)),
      blocking: median(loads.map((l) => l.blocking)),
      tasks: median(loads.map((l) => l.tasks)),
      cpu: median(loads.map((l) => l.cpu)),
    });
    rows.push({ page, slow: pick(slow), fast: pick(fast) });
    process.stdout.write(` ${page}\n`);
  }
} finally {
  await browser.close();
  await reference.close();
  await server.stop();
  fs.rmSync(dataDir, { recursive: true, force: true });
}

const ms = (n: number) => `${Math.round(n)} ms`;
const lines = [
  "| page | longest task, 4× | blocking time, 4× | tasks > 50 ms, 4× | most CPU in one task, 4× | longest task, 1× | its CPU time, 1× | blocking time, 1× |",
  "|---|---|---|---|---|---|---|---|",
  ...rows.map(
    (r) =>
      `| ${r.page} | ${ms(r.slow.longest)} | ${ms(r.slow.blocking)} | ${r.slow.tasks} | ${ms(r.slow.cpu)} | ${ms(r.fast.longest)} | ${ms(r.fast.cpu)} | ${ms(r.fast.blocking)} |`,
  ),
];
console.log(`\n${lines.join("\n")}`);

if (process.env.WRITE !== "0") {
  const load = os
    .loadavg()
    .map((l) => l.toFixed(1))
    .join(" / ");
  const section = [
    START,
    `## Main-thread tasks while a page loads — \`npm run bench:longtasks\` (${new Date().toISOString().slice(0, 16).replace("T", " ")} UTC)`,
    "",
    `Headless Chromium ${chromiumVersion}, 390 px, fresh context per load, left 4 s after \`load\`; main-thread tasks from the trace;`,
    `medians of ${LOADS} loads, CPU throttled 4× and 1×. Blocking time: the sum of each task beyond 50 ms. The reference row: the home's`,
    "HTML and CSS without scripts, served statically in the same run. CPU time (thread time) does not stretch with the host's load",
    "(on 2 cores the renderer waits for the browser's other processes inside a task: wall time ≫ CPU time); devtools' 4× throttling",
    "counts as CPU time.",
    "",
    `Host: ${cpuName()}, ${Math.round(os.totalmem() / 2 ** 30)} GiB; load average at the end ${load} (1 / 5 / 15 min).`,
    "",
    ...lines,
    END,
  ].join("\n");
  replaceSection(START, END, section);
}

/**
 * Two builds side by side on the scaled database (ADR 020): what a change costs or saves per
 * uncached request. Each build serves its own copy of DATA_DIR (PGlite: one process per
 * database) with the page cache off; every page of `bench:scale` is asked of one, then the
 * other, in turn. Prints p50/p95 and the server's CPU time per request (all its threads, from
 * /proc: what a busy shared machine blurs least). Linux only.
 *
 *   DATA_DIR=.tmp/escala npm run seed:scale && npx tsx scripts/create-admin.ts admin-escala@example.com --password clave-admin-escala-1 --nombre Admin
 *   (build the commit to compare against, copy its build/ to .tmp/build-before, then `npm run build` this one)
 *   DATA_DIR=.tmp/escala BEFORE=.tmp/build-before AFTER=build ROUNDS=40 npx tsx scripts/bench/scale-compare.ts
 *
 * ONLY=<regexp> asks only the matching paths; PORT_BASE (default 4310) and the next port.
 */
import fs from "node:fs";
import os from "node:os";
import { logIn } from "../../tests/support/accounts";
import { ADMIN, ADMIN_PAGES, PUBLIC } from "./scale-pages";
import { startServer } from "./server";

const ROUNDS = Number(process.env.ROUNDS ?? 40);
const ONLY = process.env.ONLY ? new RegExp(process.env.ONLY) : null;
const PORT = Number(process.env.PORT_BASE ?? 4310);
const dataDir = process.env.DATA_DIR ?? ".tmp/escala";
const builds = [process.env.BEFORE ?? ".tmp/build-before", process.env.AFTER ?? "build"];

/** CPU time (user + system, ms) of a process so far. */
function cpuMs(pid: number): number {
  const fields = fs.readFileSync(`/proc/${pid}/stat`, "utf8").split(") ")[1]!.split(" ");
  return ((Number(fields[11]) + Number(fields[12])) * 1000) / 100; // clock ticks of 10 ms
}

const copies = builds.map((_, side) => `${dataDir}-compare-${side}`);
for (const copy of copies) {
  fs.rmSync(copy, { recursive: true, force: true });
  fs.cpSync(dataDir, copy, { recursive: true });
}
const servers = await Promise.all(
  builds.map((build, side) =>
    startServer(copies[side]!, PORT + side, { PAGE_CACHE: "0", BUILD_DIR: build, JOBS_INTERVAL_MS: "3600000" }),
  ),
);
const loadStart = os.loadavg()[0]!;
try {
  const sides = await Promise.all(
    servers.map(async (server) => {
      const cookie = await logIn(server.baseURL, ADMIN.email, ADMIN.password);
      const sitemap = await (await fetch(`${server.baseURL}/sitemap.xml`)).text();
      return { server, cookie, curso: sitemap.match(/\/cursos\/([^<]+)<\/loc>/)?.[1] ?? "" };
    }),
  );
  const pages = [...PUBLIC.map(([, p]) => [p, false] as const), ...ADMIN_PAGES.map(([, p]) => [p, true] as const)];
  console.log(`| page | CPU/request ${builds[0]} | ${builds[1]} | p50 | p50 | p95 | p95 |`);
  console.log("|---|---|---|---|---|---|---|");
  for (const [page, admin] of pages) {
    if (ONLY && !ONLY.test(page)) continue;
    const times: number[][] = [[], []];
    const cpuBefore = sides.map(({ server }) => cpuMs(server.process.pid!));
    for (let i = 0; i < ROUNDS + 3; i++) {
      for (const [side, { server, cookie, curso }] of sides.entries()) {
        const started = performance.now();
        const response = await fetch(server.baseURL + page.replace("{curso}", curso), {
          headers: admin ? { cookie } : {},
        });
        await response.arrayBuffer();
        if (response.status !== 200) throw new Error(`${page}: HTTP ${response.status} (${builds[side]})`);
        if (i >= 3) times[side]!.push(performance.now() - started);
      }
    }
    const cpu = sides.map(({ server }, side) => (cpuMs(server.process.pid!) - cpuBefore[side]!) / (ROUNDS + 3));
    const q = (list: number[], f: number) => {
      const sorted = [...list].sort((a, b) => a - b);
      return sorted[Math.min(sorted.length - 1, Math.floor(f * sorted.length))]!;
    };
    const ms = (n: number) => `${n.toFixed(1)} ms`;
    console.log(
      `| \`${page}\` | ${ms(cpu[0]!)} | ${ms(cpu[1]!)} | ${ms(q(times[0]!, 0.5))} | ${ms(q(times[1]!, 0.5))} | ${ms(q(times[0]!, 0.95))} | ${ms(q(times[1]!, 0.95))} |`,
    );
  }
  console.log(
    `\nload average ${loadStart.toFixed(1)} → ${os.loadavg()[0]!.toFixed(1)}, ${ROUNDS} requests per page to each`,
  );
} finally {
  await Promise.all(servers.map((server) => server.stop()));
  for (const copy of copies) fs.rmSync(copy, { recursive: true, force: true });
}
process.exit(0);

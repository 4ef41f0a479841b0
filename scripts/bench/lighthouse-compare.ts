/**
 * Lighthouse on two builds side by side: this checkout's and another's (an earlier commit in a
 * git worktree), each on a fresh demo DATA_DIR, one run of each in turn per page, so both see the
 * same moments of a shared machine (its load moves the timings by more than most changes do).
 * Prints medians and writes nothing.
 *
 *   git worktree add ../before <commit> && ln -s "$PWD/node_modules" ../before/
 *   (cd ../before && npx react-router build)
 *   npm run build && BEFORE=../before RUNS=5 npx tsx scripts/bench/lighthouse-compare.ts
 */
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { auditRetrying, firstProductPath, launchChromium, medians, type Run } from "./lighthouse-audit";
import { startServer } from "./server";

const BEFORE = path.resolve(process.env.BEFORE ?? "../before");
const RUNS = Number(process.env.RUNS ?? 5);
const PAGES = process.env.PAGES?.split(",") ?? [
  "/",
  "/servicios",
  "/categorias",
  "/producto/",
  "/cursos",
  "/carrito",
  "/galeria",
  "/nosotros",
];
const root = path.resolve(".tmp/bench-lighthouse-compare");
fs.rmSync(root, { recursive: true, force: true });

const [before, after] = await Promise.all([
  startServer(path.join(root, "before"), 3294, {}, BEFORE),
  startServer(path.join(root, "after"), 3295),
]);
const chrome = await launchChromium();
const sides = [
  ["before", before],
  ["after", after],
] as const;
const table: string[] = [];
try {
  const product = (await firstProductPath(after.baseURL)) ?? "/";
  for (const [, server] of sides) await fetch(`${server.baseURL}/`);
  for (const page of PAGES.map((p) => (p === "/producto/" ? product : p))) {
    const runs: Record<string, Run[]> = { before: [], after: [] };
    for (let i = 0; i < RUNS; i++)
      for (const [name, server] of sides) {
        runs[name].push(await auditRetrying(server.baseURL + encodeURI(page), chrome.port));
        process.stdout.write(".");
      }
    const m = (name: string, key: "perf" | "tbt" | "lcp" | "fcp") => medians(runs[name])[key];
    table.push(
      `| ${page} | ${m("before", "perf")} → ${m("after", "perf")} | ${Math.round(m("before", "tbt"))} → ${Math.round(m("after", "tbt"))} ms | ${(m("before", "fcp") / 1000).toFixed(1)} → ${(m("after", "fcp") / 1000).toFixed(1)} s | ${(m("before", "lcp") / 1000).toFixed(1)} → ${(m("after", "lcp") / 1000).toFixed(1)} s | ${runs.after.map((r) => r.perf).join(" ")} |`,
    );
    process.stdout.write(` ${page}\n`);
  }
} finally {
  await chrome.kill();
  await Promise.all(sides.map(([, server]) => server.stop()));
  fs.rmSync(root, { recursive: true, force: true });
}
console.log(
  `\n${RUNS} runs of each, in turn; load average at the end ${os
    .loadavg()
    .map((l) => l.toFixed(1))
    .join(" / ")}`,
);
console.log("\n| page | performance | TBT | FCP | LCP | after, each run |\n|---|---|---|---|---|---|");
console.log(table.join("\n"));

/**
 * One Lighthouse run of a page as `npm run bench:lighthouse` makes it (mobile profile, simulated
 * throttling, Debian's Chromium with its calls home switched off), shared by that bench and by
 * `scripts/bench/lighthouse-compare.ts`.
 */
import * as chromeLauncher from "chrome-launcher";
import lighthouse from "lighthouse";
import { firstSitemapPath } from "../../tests/support/sitemap";

export const CHROMIUM_PATH = process.env.CHROMIUM_PATH ?? "/usr/bin/chromium";

// chrome-launcher's defaults, with our calls-home switched off. Chromium keeps only the last
// --disable-features flag, so its list and ours go into one.
const defaults = chromeLauncher.Launcher.defaultFlags();
const defaultDisabled = defaults.find((f) => f.startsWith("--disable-features="))?.split("=")[1] ?? "";
export const CHROME_FLAGS = [
  ...defaults.filter((f) => !f.startsWith("--disable-features=")),
  "--headless=new",
  "--no-sandbox",
  "--disable-gpu",
  "--disable-quic",
  "--host-resolver-rules=MAP * ~NOTFOUND, EXCLUDE localhost, EXCLUDE 127.0.0.1",
  `--disable-features=${[defaultDisabled, "OptimizationGuideModelDownloading,OptimizationHintsFetching,NetworkTimeServiceQuerying"].filter(Boolean).join(",")}`,
];

/** Debian's Chromium, for Lighthouse to drive. */
export function launchChromium(): Promise<chromeLauncher.LaunchedChrome> {
  return chromeLauncher.launch({ chromePath: CHROMIUM_PATH, chromeFlags: CHROME_FLAGS, ignoreDefaultFlags: true });
}

/** Audits Lighthouse could not run (e.g. a missing Node API): none on 12.8.2 with Node 20. */
export const erroredAudits = new Set<string>();

export type Run = {
  perf: number;
  a11y: number;
  lcp: number;
  fcp: number;
  cls: number;
  tbt: number;
  scripts: string[];
  failing: string[];
};

export const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[mid] : (sorted[mid - 1] + sorted[mid]) / 2;
};

/** Several runs of one page as one: the median of each figure, and every audit any run failed. */
export function medians(runs: Run[]): Omit<Run, "scripts"> {
  const of = (key: "perf" | "a11y" | "lcp" | "fcp" | "cls" | "tbt") => median(runs.map((r) => r[key]));
  return {
    perf: of("perf"),
    a11y: of("a11y"),
    lcp: of("lcp"),
    fcp: of("fcp"),
    cls: of("cls"),
    tbt: of("tbt"),
    failing: [...new Set(runs.flatMap((r) => r.failing))],
  };
}

/** The path of the first product in the sitemap of the server at `baseURL` (the pages' "/producto/"). */
export async function firstProductPath(baseURL: string): Promise<string | undefined> {
  return firstSitemapPath(baseURL, "/producto/");
}

export async function audit(url: string, port: number): Promise<Run> {
  const result = await lighthouse(url, {
    port,
    output: "json",
    logLevel: "error",
    onlyCategories: ["performance", "accessibility"],
    // The default config is a phone (Moto G Power) with simulated slow 4G and 4× CPU slowdown.
    throttlingMethod: "simulate",
    // CPU_SLOWDOWN=9: a slower phone (or this machine's run compared with a slower machine's:
    // Lighthouse multiplies the observed main-thread time whatever the host). Default 4.
    ...(process.env.CPU_SLOWDOWN ? { throttling: { cpuSlowdownMultiplier: Number(process.env.CPU_SLOWDOWN) } } : {}),
  });
  if (!result) throw new Error(`Lighthouse no devolvió resultado para ${url}`);
  const { lhr } = result;
  if (lhr.runtimeError) throw new Error(`${url}: ${lhr.runtimeError.code} ${lhr.runtimeError.message}`);
  const errored = Object.values(lhr.audits).filter((a) => a.scoreDisplayMode === "error");
  for (const a of errored) {
    console.warn(`  auditoría con error: ${a.id}: ${a.errorMessage}`);
    erroredAudits.add(a.id);
  }
  const numeric = (id: string) => lhr.audits[id]?.numericValue ?? Number.NaN;
  const requests =
    (lhr.audits["network-requests"]?.details as { items?: { url: string; resourceType?: string }[] } | undefined)
      ?.items ?? [];
  const failing = lhr.categories.accessibility.auditRefs
    .map((ref) => lhr.audits[ref.id])
    .filter((a) => a.scoreDisplayMode === "binary" && a.score === 0)
    .map((a) => a.id);
  return {
    perf: Math.round((lhr.categories.performance.score ?? 0) * 100),
    a11y: Math.round((lhr.categories.accessibility.score ?? 0) * 100),
    lcp: numeric("largest-contentful-paint"),
    fcp: numeric("first-contentful-paint"),
    cls: numeric("cumulative-layout-shift"),
    tbt: numeric("total-blocking-time"),
    scripts: requests.filter((r) => r.resourceType === "Script").map((r) => r.url),
    failing,
  };
}

/** `audit`, again when Lighthouse loses a trace on a busy machine (NO_NAVSTART, NO_FCP). */
export async function auditRetrying(url: string, port: number): Promise<Run> {
  for (let retries = 0; ; retries++) {
    try {
      return await audit(url, port);
    } catch (error) {
      if (retries >= 3) throw error;
      console.warn(`\n  ${(error as Error).message}; otra vez`);
    }
  }
}

/** axe-core in the page under test: the serious or critical accessibility problems it finds. */
import fs from "node:fs";
import path from "node:path";
import type { Page } from "playwright-core";
import { drawWholePage } from "./browser";

const AXE_PATH = path.resolve("node_modules/axe-core/axe.min.js");

let axeSource: string | undefined;

export type AxeViolation = { id: string; impact: string; targets: string[] };

/**
 * Audits the element matching `scope` (the page's own content by default), or the whole
 * document when `scope` is null. Third-party iframes (the map) are not audited.
 * `targetSize` also checks WCAG 2.2's 24 px tap targets (axe's `target-size`, off by default;
 * Lighthouse runs it). `drawFirst: false` audits the page as Lighthouse does, the parts below the
 * fold not drawn until axe scrolls to them (their size a placeholder until then).
 */
export async function axeViolations(
  page: Page,
  scope: string | null = "#principal",
  { targetSize = false, drawFirst = true }: { targetSize?: boolean; drawFirst?: boolean } = {},
): Promise<AxeViolation[]> {
  if (drawFirst) await drawWholePage(page);
  // Evaluated through the browser's debugging protocol: a <script> tag would be refused by
  // the site's Content-Security-Policy, as any inline script without the page's nonce.
  axeSource ??= fs.readFileSync(AXE_PATH, "utf8");
  await page.evaluate(axeSource);
  const violations = await page.evaluate(async ({ include, targetSize }) => {
    type Result = {
      violations: { id: string; impact: string; nodes: { target: string[]; html: string; failureSummary: string }[] }[];
    };
    const axe = (window as unknown as { axe: { run: (c: unknown, o: unknown) => Promise<Result> } }).axe;
    const result = await axe.run(include ? { include: [include] } : document, {
      iframes: false,
      resultTypes: ["violations"],
      rules: { "target-size": { enabled: targetSize } },
    });
    return result.violations.map((v) => ({
      id: v.id,
      impact: v.impact,
      // selector, the element and axe's reason: enough to find and fix it from the test's output
      targets: v.nodes.map((n) => `${n.target.join(" ")} ${n.html.slice(0, 160)} ${n.failureSummary}`).slice(0, 3),
    }));
  }, { include: scope, targetSize });
  return violations.filter((v) => v.impact === "serious" || v.impact === "critical");
}

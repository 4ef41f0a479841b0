/** docs/benchmarks.md: each bench owns one section between its two markers (one current table per bench). */
import fs from "node:fs";
import os from "node:os";
import path from "node:path";

export const BENCHMARKS_DOC = path.resolve("docs/benchmarks.md");

/** Replaces the text between `start` and `end` (markers included in `section`), or appends it. */
export function replaceSection(start: string, end: string, section: string, file = BENCHMARKS_DOC): void {
  const doc = fs.readFileSync(file, "utf8");
  const from = doc.indexOf(start);
  const to = doc.indexOf(end);
  fs.writeFileSync(
    file,
    from >= 0 && to > from
      ? doc.slice(0, from) + section + doc.slice(to + end.length)
      : `${doc.trimEnd()}\n\n${section}\n`,
  );
  console.log(`\n${file} actualizado`);
}

/**
 * The host's CPU as a bench names it: hosts of one name ("AMD EPYC") differ by generation, and
 * the family and model say which one a figure was measured on (Linux; the name alone elsewhere).
 */
export function cpuName(): string {
  const cpus = os.cpus();
  let detail = "";
  try {
    const info = fs.readFileSync("/proc/cpuinfo", "utf8");
    const family = info.match(/^cpu family\s*:\s*(\d+)/m)?.[1];
    const model = info.match(/^model\s*:\s*(\d+)/m)?.[1];
    if (family && model) detail = `, family ${family}, model ${model}`;
  } catch {}
  return `${cpus.length} × ${cpus[0]?.model.trim() ?? "CPU"}${detail}`;
}

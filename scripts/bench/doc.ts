/** docs/benchmarks.md: each bench owns one section between its two markers (one current table per bench). */
import fs from "node:fs";
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

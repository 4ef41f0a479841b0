/**
 * A short name for the state of some files, for what the tests keep on disk between runs
 * (the migrated database's dump, the production build): it changes when any of them does.
 */
import { createHash } from "node:crypto";
import fs from "node:fs";
import path from "node:path";

/** 16 hex digits from `values` and every file under `roots` (files or folders; missing ones skipped). */
export function hashOfFiles(values: string[], roots: string[]): string {
  const hash = createHash("sha256");
  for (const value of values) hash.update(value).update("\0");
  const files: string[] = [];
  for (const root of roots) {
    const stat = fs.statSync(root, { throwIfNoEntry: false });
    if (stat?.isFile()) files.push(root);
    else if (stat?.isDirectory()) {
      for (const file of fs.readdirSync(root, { recursive: true, encoding: "utf8" })) files.push(path.join(root, file));
    }
  }
  for (const file of files.sort()) {
    if (!fs.statSync(file).isFile()) continue;
    hash.update(path.relative(process.cwd(), file)).update("\0").update(fs.readFileSync(file));
  }
  return hash.digest("hex").slice(0, 16);
}

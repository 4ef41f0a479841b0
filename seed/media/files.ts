/** Files of the demo media: written whole or not at all, and skipped when already there. */
import fs from "node:fs";

/** Writes to a temporary name, then renames: a reader never sees half a file. */
export function writeAtomic(target: string, data: Buffer | string) {
  const tmp = `${target}.${process.pid}.${Math.random().toString(36).slice(2)}.tmp`;
  fs.writeFileSync(tmp, data);
  fs.renameSync(tmp, target);
}

/** Whether a file exists with something in it (an interrupted write leaves an empty one). */
export function nonEmptyFile(file: string): boolean {
  try {
    return fs.statSync(file).size > 0;
  } catch {
    return false;
  }
}

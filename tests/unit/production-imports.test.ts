/**
 * The web server never loads the demo's code (ADR 011): nothing under app/ or server/ imports
 * a module from seed/. The seeding program there imports the app's modules, not the reverse.
 */
import fs from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";

const ROOT = process.cwd();
const SEED = path.join(ROOT, "seed");

function sources(dir: string): string[] {
  return fs
    .readdirSync(dir, { recursive: true, encoding: "utf8" })
    .filter((file) => /\.(ts|tsx|js|mjs)$/.test(file) && !/\.test\.tsx?$/.test(file))
    .map((file) => path.join(dir, file));
}

/** Every module specifier of a file: static imports and exports, dynamic import() and require(). */
function specifiers(code: string): string[] {
  const found: string[] = [];
  for (const match of code.matchAll(/(?:from|import|require)\s*\(?\s*["'`]([^"'`]+)["'`]/g)) found.push(match[1]!);
  return found;
}

function resolvesIntoSeed(file: string, specifier: string): boolean {
  if (specifier.startsWith("~/")) return false; // ~/ is app/
  if (!specifier.startsWith(".")) return /^\/?seed\//.test(specifier);
  const target = path.resolve(path.dirname(file), specifier);
  return target === SEED || target.startsWith(SEED + path.sep);
}

describe("production code and seed/", () => {
  it("finds the imports it looks for", () => {
    const sample = 'import a from "../../seed/media/generate";\nconst b = await import("./x");';
    expect(specifiers(sample)).toEqual(["../../seed/media/generate", "./x"]);
    expect(resolvesIntoSeed(path.join(ROOT, "app/server/x.ts"), "../../seed/media/generate")).toBe(true);
    expect(resolvesIntoSeed(path.join(ROOT, "app/server/x.ts"), "./seed.server")).toBe(false);
  });

  it("never imports a module from seed/ in app/ or server/", () => {
    const offending = [
      ...sources(path.join(ROOT, "app")),
      ...sources(path.join(ROOT, "server")),
      path.join(ROOT, "server.js"),
    ].flatMap((file) =>
      specifiers(fs.readFileSync(file, "utf8"))
        .filter((specifier) => resolvesIntoSeed(file, specifier))
        .map((specifier) => `${path.relative(ROOT, file)} → ${specifier}`),
    );
    expect(offending).toEqual([]);
  });
});

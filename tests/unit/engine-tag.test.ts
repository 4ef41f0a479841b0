/**
 * Which integration files run a second time on PostgreSQL (.ci/run): those tagged with a
 * first-lines comment `// @engine: <why>`. PGlite is one connection in this process, so its
 * transactions run one after another: a race, a lock, a second connection or instance,
 * LISTEN/NOTIFY or a server tool (pg_dump, an empty server database) only really happens on
 * a PostgreSQL server. This check keeps the tag honest both ways:
 *
 * - an untagged file that shows any sign of such a test fails (so a new locking test cannot
 *   skip the PostgreSQL run): the engine's names (TEST_DATABASE_URL, FOR UPDATE, SKIP LOCKED,
 *   pg_advisory, LISTEN/NOTIFY, pg_dump, a second pool...), the app code that branches on
 *   the engine (the page cache's version), work started together
 *   (Promise.all, allSettled, any, race) and a test whose title says so ("at once",
 *   "concurrent", "two instances"...). A line that matches without being one (reads in
 *   parallel, a title naming the engine) says why on itself or the line above:
 *   `// engine-neutral: <why>`; the exemption covers that line only.
 * - a tagged file without any sign is run twice for nothing: it fails too.
 */
import fs from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";

const INTEGRATION = path.join(process.cwd(), "tests", "integration");

/** The tag; .ci/run selects the files with the same pattern (grep -l '^// @engine: '). */
const ENGINE_TAG = /^\/\/ @engine: \S/m;
const NEUTRAL = /\/\/ engine-neutral: \S/;

/** Signs that a test depends on the engine, each with what it means. */
const MARKERS: [RegExp, string][] = [
  [/TEST_DATABASE_URL/, "branches on the PostgreSQL server (TEST_DATABASE_URL)"],
  [/create(?:Empty|Migrated)PostgresDatabase|testDatabaseName/, "a database of its own on the server"],
  [/\bkind\s*[!=]==?\s*["'](?:pglite|postgres)["']/, "branches on the engine"],
  [/openDatabase\(\s*\{\s*url\b/, "a second connection pool (another instance)"],
  [/from\s+["']pg["']|new\s+pg\.(?:Client|Pool)\b/, "its own PostgreSQL connection"],
  [/FOR\s+UPDATE|\.for\(\s*["'](?:update|share|no key update)["']|SKIP\s+LOCKED|skipLocked/i, "row locks"],
  [/pg_advisory|pg_try_advisory/, "advisory locks"],
  [/\bLISTEN\b|\bNOTIFY\b|pg_notify/, "LISTEN/NOTIFY"],
  [/pg_dump|pg_restore|pg_stat_activity|pg_terminate_backend|pg_cancel_backend/, "a server tool or its sessions"],
  // app code that branches on the engine: the page cache's version (LISTEN/NOTIFY on PostgreSQL)
  [/\bpageCache\s*:|cache-version\.server/, "the page cache (its version is LISTEN/NOTIFY on PostgreSQL)"],
  [/Promise\.(?:all|allSettled|any|race)\(/, "work started together (a race)"],
  // the search's SQL (ADR 037): dictionaries and trigrams from each engine's contrib
  [/\b(?:texto_busqueda|documento_busqueda|es_busqueda)\b/, "the search's contrib dictionaries (unaccent, Spanish stemmer, pg_trgm)"],
  [
    /\b(?:it|test)(?:\.\w+)?\(\s*(?:"[^"]*?|'[^']*?|`[^`]*?)\b(?:at once|concurren|simultaneous|same (?:moment|time|slot)|in parallel|together|two (?:instances|runners|processes|connections)|race)/i,
    "a test whose title says it runs things together",
  ],
];

/** Each marker found in `code`, with its line, skipping lines exempted by `engine-neutral`. */
function engineMarkers(code: string): string[] {
  const lines = code.split("\n");
  const found: string[] = [];
  lines.forEach((line, i) => {
    if (NEUTRAL.test(line) || (i > 0 && NEUTRAL.test(lines[i - 1]!) && lines[i - 1]!.trim().startsWith("//"))) return;
    for (const [pattern, meaning] of MARKERS) {
      if (pattern.test(line)) found.push(`${i + 1}: ${meaning}`);
    }
  });
  return found;
}

/** Tagged when a `// @engine: <why>` line comes before the first import. */
function isTagged(code: string): boolean {
  const head = code.split(/^import\b/m)[0] ?? "";
  return ENGINE_TAG.test(head);
}

const files = fs
  .readdirSync(INTEGRATION, { recursive: true, encoding: "utf8" })
  .filter((file) => file.endsWith(".test.ts"))
  .sort();
const read = (file: string) => fs.readFileSync(path.join(INTEGRATION, file), "utf8");

describe("the @engine tag of integration files (which run again on PostgreSQL)", () => {
  it("finds the markers it looks for, and only where a line is not exempted", () => {
    const newLockingTest = [
      'it("two carts pay the last unit at once: one order", async () => {',
      "  const answers = await Promise.all([pay(a), pay(b)]);",
      "});",
    ].join("\n");
    expect(engineMarkers(newLockingTest)).toHaveLength(2);
    expect(engineMarkers('await tx.select().from(pagos).for("update");')).toHaveLength(1);
    expect(engineMarkers("await db.execute(sql`select pg_advisory_xact_lock(1)`);")).toHaveLength(1);
    expect(engineMarkers("await client.query(`LISTEN cambios`);")).toHaveLength(1);
    expect(engineMarkers("const url = process.env.TEST_DATABASE_URL;")).toHaveLength(1);
    expect(engineMarkers("// engine-neutral: three reads\nconst [a, b] = await Promise.all([x(), y()]);")).toEqual([]);
    expect(engineMarkers("const [a, b] = await Promise.all([x(), y()]); // engine-neutral: reads")).toEqual([]);
    // the exemption covers its own line and the next, not the rest of the file
    expect(
      engineMarkers("// engine-neutral: reads\nawait Promise.all([x()]);\nawait Promise.all([pay(a), pay(b)]);"),
    ).toEqual(["3: work started together (a race)"]);
    expect(engineMarkers('it("lists the orders", async () => {\n  expect(await list()).toEqual([]);\n});')).toEqual([]);
    expect(isTagged("/**\n * x\n */\n// @engine: two instances\nimport x from 'y';")).toBe(true);
    expect(isTagged("import x from 'y';\n// @engine: too late")).toBe(false);
    expect(isTagged("// @engine:\nimport x from 'y';")).toBe(false); // a reason is required
  });

  it("every file that races, locks, listens or needs a server is tagged", () => {
    const untagged = files
      .filter((file) => !isTagged(read(file)))
      .flatMap((file) => engineMarkers(read(file)).map((marker) => `${file}:${marker}`));
    // Tag the file (`// @engine: <why>` before its imports) so that .ci/run runs it on
    // PostgreSQL, or exempt a line that is not what it looks like (`// engine-neutral: <why>`).
    expect(untagged).toEqual([]);
  });

  it("every tagged file shows why (else it runs twice for nothing)", () => {
    const tagged = files.filter((file) => isTagged(read(file)));
    expect(tagged.length).toBeGreaterThan(5);
    expect(tagged.filter((file) => engineMarkers(read(file)).length === 0)).toEqual([]);
  });

  it(".ci/run selects the tagged files with the same pattern", () => {
    const ci = fs.readFileSync(path.join(process.cwd(), ".ci", "run"), "utf8");
    expect(ci).toContain("grep -l '^// @engine: ' tests/integration/*.test.ts");
    expect(files.every((file) => !file.includes("/"))).toBe(true); // the glob sees every file
  });
});

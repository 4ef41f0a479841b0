/**
 * The drawn demo media kept on disk between runs, so that a run that finds them copies
 * instead of drawing 245 images again (the test suite and the end-to-end server each seed a
 * demo of their own). Only where asked: DEMO_MEDIA_CACHE names the folder (the tests set
 * .tmp/demo-media); without it, as in `npm start`, every seeding draws.
 *
 * A drawing is the same whenever its sources are: the demo export, the drawing code (this
 * folder), the code that stores an image's sizes, the certificate's layout, and the versions
 * of sharp (libvips, librsvg), pdf-lib and the fonts. The cache keeps one folder per hash of
 * them (`<cache>/<hash>/uploads/…` and `…/private/…`, the two folders of a DATA_DIR), written
 * whole under another name and renamed, so a reader sees all of it or nothing.
 */
import { createHash } from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import sharp from "sharp";
import { nonEmptyFile } from "./files";

/** Source files and folders of the drawings, relative to the project. */
const SOURCES = [
  "seed/media",
  "app/domain/image-variants.ts",
  "app/server/image-variants.server.ts",
  "app/config/certificate.ts",
];
/** Packages whose version changes the drawn bytes. */
const PACKAGES = ["sharp", "pdf-lib", "@fontsource/cormorant-garamond", "@fontsource/jost"];

/** The folder of the drawings of `demo` in the cache at `root`. */
export function demoMediaCacheDir(root: string, demo: unknown): string {
  const hash = createHash("sha256");
  hash.update(JSON.stringify(demo)).update("\0").update(JSON.stringify(sharp.versions)).update("\0");
  const cwd = process.cwd();
  for (const pkg of PACKAGES) {
    const manifest = path.join(cwd, "node_modules", pkg, "package.json");
    hash.update(`${pkg}@${fs.existsSync(manifest) ? JSON.parse(fs.readFileSync(manifest, "utf8")).version : "-"}\0`);
  }
  const files: string[] = [];
  for (const source of SOURCES) {
    const full = path.join(cwd, source);
    const stat = fs.statSync(full, { throwIfNoEntry: false });
    if (stat?.isFile()) files.push(full);
    else if (stat?.isDirectory()) {
      for (const file of fs.readdirSync(full, { recursive: true, encoding: "utf8" })) files.push(path.join(full, file));
    }
  }
  for (const file of files.sort()) {
    if (!fs.statSync(file).isFile()) continue;
    hash.update(path.relative(cwd, file)).update("\0").update(fs.readFileSync(file));
  }
  return path.join(root, hash.digest("hex").slice(0, 16));
}

/** Where `file` (under `uploadsDir` or `privateDir`) is kept in the cache folder `dir`. */
export function cachedFile(dir: string, file: string, uploadsDir: string, privateDir: string): string | undefined {
  for (const [root, name] of [
    [uploadsDir, "uploads"],
    [privateDir, "private"],
  ] as const) {
    const rel = path.relative(path.resolve(root), file);
    if (rel && !rel.startsWith("..") && !path.isAbsolute(rel)) return path.join(dir, name, rel);
  }
  return undefined;
}

/**
 * Keeps `files` (all drawn, under `uploadsDir` or `privateDir`) in the cache folder `dir`,
 * unless it is there already: copied under another name, then renamed whole.
 */
export function storeDemoMediaCache(dir: string, files: string[], uploadsDir: string, privateDir: string): void {
  if (fs.existsSync(dir) || !files.every(nonEmptyFile)) return;
  const partial = `${dir}.${process.pid}.${Math.random().toString(36).slice(2)}.tmp`;
  try {
    for (const file of files) {
      const target = cachedFile(partial, file, uploadsDir, privateDir);
      if (!target) continue;
      fs.mkdirSync(path.dirname(target), { recursive: true });
      fs.copyFileSync(file, target);
    }
    fs.renameSync(partial, dir);
  } catch {
    // another run stored it first, or the disk said no: the next run draws, nothing is lost
  } finally {
    fs.rmSync(partial, { recursive: true, force: true });
  }
}

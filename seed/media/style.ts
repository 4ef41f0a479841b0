/**
 * Palette and fonts of the demo media: the site's warm palette (app/app.css) and its two
 * typefaces, Cormorant Garamond and Jost.
 *
 * librsvg finds fonts only through fontconfig, and the typefaces ship as @fontsource WOFF
 * files (a project dependency): prepareFonts unpacks them to TTF in a temp folder and
 * announces it with FONTCONFIG_FILE before the first text is drawn. Without them the images
 * fall back to the system's serif and sans fonts.
 */
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import zlib from "node:zlib";
import { writeAtomic } from "./files";

export const PALETTE = {
  cream: "#fbf7f2",
  sand: "#efe4d8",
  blush: "#e8cfc3",
  clay: "#b47a63",
  clayDark: "#8f5a46",
  cocoa: "#4a3630",
  ink: "#2b211d",
  muted: "#7a6a62",
  gold: "#c4a07a",
  sage: "#8c9a80",
} as const;

export const SERIF = "'Cormorant Garamond Medium', 'Cormorant Garamond', 'Liberation Serif', 'DejaVu Serif', serif";
export const SERIF_BOLD =
  "'Cormorant Garamond SemiBold', 'Cormorant Garamond', 'Liberation Serif', 'DejaVu Serif', serif";
export const SANS_LIGHT = "'Jost Light', 'Jost', 'Liberation Sans', 'DejaVu Sans', sans-serif";
export const SANS = "'Jost', 'Liberation Sans', 'DejaVu Sans', sans-serif";
export const SANS_MEDIUM = "'Jost Medium', 'Jost', 'Liberation Sans', 'DejaVu Sans', sans-serif";

const FONT_FILES: [pkg: string, file: string][] = [
  ["cormorant-garamond", "cormorant-garamond-latin-500-normal"],
  ["cormorant-garamond", "cormorant-garamond-latin-500-italic"],
  ["cormorant-garamond", "cormorant-garamond-latin-600-normal"],
  ["jost", "jost-latin-300-normal"],
  ["jost", "jost-latin-400-normal"],
  ["jost", "jost-latin-500-normal"],
];

let fontsPrepared: { dir: string; serif: string | null } | undefined;

/**
 * Unpacks the studio fonts to TTF (once per machine) and points fontconfig at them.
 * Returns the folder and the serif TTF path (used by the video script's drawtext).
 */
export function prepareFonts(): { dir: string; serif: string | null } {
  if (fontsPrepared) return fontsPrepared;
  const dir = path.join(os.tmpdir(), "michel-alvarez-fonts-v1");
  let serif: string | null = null;
  try {
    fs.mkdirSync(dir, { recursive: true });
    for (const [pkg, file] of FONT_FILES) {
      const target = path.join(dir, `${file}.ttf`);
      if (!fs.existsSync(target)) {
        const source = path.join(process.cwd(), "node_modules", "@fontsource", pkg, "files", `${file}.woff`);
        if (!fs.existsSync(source)) continue;
        writeAtomic(target, woffToSfnt(fs.readFileSync(source)));
      }
      if (file === "cormorant-garamond-latin-500-normal") serif = target;
    }
    const conf = path.join(dir, "fonts.conf");
    // the system's configuration stays in force (never our own file: a child process inherits it)
    const system =
      process.env.FONTCONFIG_FILE && !process.env.FONTCONFIG_FILE.startsWith(dir)
        ? process.env.FONTCONFIG_FILE
        : "/etc/fonts/fonts.conf";
    const xml = `<?xml version="1.0"?>
<!DOCTYPE fontconfig SYSTEM "fonts.dtd">
<fontconfig>
  <include ignore_missing="yes">${system}</include>
  <dir>${dir}</dir>
  <cachedir>${path.join(dir, "cache")}</cachedir>
</fontconfig>
`;
    if (!fs.existsSync(conf) || fs.readFileSync(conf, "utf8") !== xml) writeAtomic(conf, xml);
    // Only before fontconfig has started in this process; harmless afterwards.
    if (!process.env.FONTCONFIG_FILE?.startsWith(dir)) process.env.FONTCONFIG_FILE = conf;
  } catch {
    // Fonts are a nicety: the system's serif and sans still draw every text.
  }
  fontsPrepared = { dir, serif };
  return fontsPrepared;
}

/** WOFF 1.0 → plain SFNT (TrueType/OpenType): inflate each table, rebuild the directory. */
function woffToSfnt(woff: Buffer): Buffer {
  if (woff.readUInt32BE(0) !== 0x774f4646) throw new Error("no es un archivo WOFF");
  const flavor = woff.readUInt32BE(4);
  const count = woff.readUInt16BE(12);
  const tables: { tag: number; checksum: number; data: Buffer }[] = [];
  for (let i = 0; i < count; i++) {
    const entry = 44 + i * 20;
    const offset = woff.readUInt32BE(entry + 4);
    const compLength = woff.readUInt32BE(entry + 8);
    const origLength = woff.readUInt32BE(entry + 12);
    let data = woff.subarray(offset, offset + compLength);
    if (compLength < origLength) data = zlib.inflateSync(data);
    tables.push({ tag: woff.readUInt32BE(entry), checksum: woff.readUInt32BE(entry + 16), data });
  }
  let selector = 0;
  while (1 << (selector + 1) <= count) selector++;
  const searchRange = (1 << selector) * 16;
  const header = Buffer.alloc(12 + 16 * count);
  header.writeUInt32BE(flavor, 0);
  header.writeUInt16BE(count, 4);
  header.writeUInt16BE(searchRange, 6);
  header.writeUInt16BE(selector, 8);
  header.writeUInt16BE(count * 16 - searchRange, 10);
  const parts: Buffer[] = [header];
  let offset = header.length;
  tables.forEach((table, i) => {
    const record = 12 + 16 * i;
    header.writeUInt32BE(table.tag, record);
    header.writeUInt32BE(table.checksum, record + 4);
    header.writeUInt32BE(offset, record + 8);
    header.writeUInt32BE(table.data.length, record + 12);
    const pad = (4 - (table.data.length % 4)) % 4;
    parts.push(table.data, Buffer.alloc(pad));
    offset += table.data.length + pad;
  });
  return Buffer.concat(parts);
}

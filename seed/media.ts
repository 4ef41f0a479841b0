/**
 * Demo media. There is no photo library: every image that seed/demo.json references is
 * drawn here from SVG (warm palette, line illustrations, the studio's own fonts) and written
 * with sharp. The list of files comes from demo.json itself (every `/media/demo/...` URL it
 * holds), so an image referenced by the demo always exists and nothing else is written.
 *
 * - Public files land in `<uploadsDir>/demo/<folder>/<file>` (served at `/media/demo/...`).
 * - Private files use `private:{key}` references and land in `<privateDir>/{key}`: the lesson
 *   video (`seed/video/clase.webm` → `private:videos/clase.webm`), the visit photos and the
 *   course manual (`private:demo/...`). Only routes that check access serve them.
 * - Idempotent: existing files are skipped, new ones are written atomically (tmp + rename).
 *
 * Fonts: Cormorant Garamond and Jost ship as @fontsource WOFF files (a project dependency);
 * librsvg only finds fonts through fontconfig, so they are unpacked to TTF in a temp folder
 * and announced with FONTCONFIG_FILE before the first text is drawn. Without them the
 * images fall back to the system's serif/sans fonts.
 */
import fs from "node:fs";
import fsp from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import zlib from "node:zlib";
import { PDFDocument, type PDFFont, type PDFPage, rgb, StandardFonts } from "pdf-lib";
import sharp from "sharp";

// ---------------------------------------------------------------- palette and fonts

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
const C = PALETTE;

const SERIF = "'Cormorant Garamond Medium', 'Cormorant Garamond', 'Liberation Serif', 'DejaVu Serif', serif";
const SERIF_BOLD = "'Cormorant Garamond SemiBold', 'Cormorant Garamond', 'Liberation Serif', 'DejaVu Serif', serif";
const SANS_LIGHT = "'Jost Light', 'Jost', 'Liberation Sans', 'DejaVu Sans', sans-serif";
const SANS = "'Jost', 'Liberation Sans', 'DejaVu Sans', sans-serif";
const SANS_MEDIUM = "'Jost Medium', 'Jost', 'Liberation Sans', 'DejaVu Sans', sans-serif";

/**
 * Where the diploma PDF should print the student's name and the date on a certificate
 * background (fractions of width and height, measured from the top-left corner).
 */
export const CERTIFICATE_LAYOUT = {
  name: { x: 0.5, y: 0.505, maxWidth: 0.62 },
  date: { x: 0.73, y: 0.822 },
} as const;

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

function writeAtomic(target: string, data: Buffer | string) {
  const tmp = `${target}.${process.pid}.${Math.random().toString(36).slice(2)}.tmp`;
  fs.writeFileSync(tmp, data);
  fs.renameSync(tmp, target);
}

// ---------------------------------------------------------------- small helpers

type Rand = () => number;
type Pt = [number, number];

/** Deterministic PRNG (mulberry32) seeded from a text: the same file always looks the same. */
function rng(seed: string): Rand {
  let h = 2166136261;
  for (let i = 0; i < seed.length; i++) {
    h ^= seed.charCodeAt(i);
    h = Math.imul(h, 16777619);
  }
  let a = h >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) | 0;
    let t = Math.imul(a ^ (a >>> 15), 1 | a);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const lerp = (a: number, b: number, t: number) => a + (b - a) * t;
const smooth = (e0: number, e1: number, x: number) => {
  const t = Math.min(1, Math.max(0, (x - e0) / (e1 - e0)));
  return t * t * (3 - 2 * t);
};
const f = (n: number) => (Math.round(n * 10) / 10).toString();
const pick = <T>(rand: Rand, list: readonly T[]): T => list[Math.floor(rand() * list.length)]!;

function esc(s: string): string {
  return s.replace(/[&<>"']/g, (c) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&apos;" })[c]!);
}

type TextOpts = {
  size: number;
  family?: string;
  fill?: string;
  anchor?: "start" | "middle" | "end";
  spacing?: number;
  opacity?: number;
  italic?: boolean;
};

function txt(x: number, y: number, s: string, o: TextOpts): string {
  return `<text x="${f(x)}" y="${f(y)}" font-family="${o.family ?? SERIF}" font-size="${f(o.size)}" fill="${o.fill ?? C.cocoa}" text-anchor="${o.anchor ?? "start"}"${o.spacing ? ` letter-spacing="${f(o.spacing)}"` : ""}${o.opacity !== undefined ? ` opacity="${o.opacity}"` : ""}${o.italic ? ` font-style="italic"` : ""}>${esc(s)}</text>`;
}

/** Greedy word wrap by an estimated character budget (no font metrics in SVG). */
function wrap(s: string, maxChars: number, maxLines = 3): string[] {
  const words = s.split(/[ \t\n]+/).filter(Boolean);
  const lines: string[] = [];
  let line = "";
  for (const word of words) {
    if (line && `${line} ${word}`.length > maxChars) {
      lines.push(line);
      line = word;
    } else line = line ? `${line} ${word}` : word;
  }
  if (line) lines.push(line);
  if (lines.length > maxLines) {
    const kept = lines.slice(0, maxLines);
    kept[maxLines - 1] = `${kept[maxLines - 1]}…`;
    return kept;
  }
  return lines;
}

function svgDoc(w: number, h: number, defs: string, body: string): string {
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${w}" height="${h}" viewBox="0 0 ${w} ${h}"><defs>${defs}</defs>${body}</svg>`;
}

function linear(id: string, stops: [number, string, number?][], x1 = 0, y1 = 0, x2 = 0, y2 = 1): string {
  return `<linearGradient id="${id}" x1="${x1}" y1="${y1}" x2="${x2}" y2="${y2}">${stops
    .map(([o, c, a]) => `<stop offset="${o}" stop-color="${c}"${a !== undefined ? ` stop-opacity="${a}"` : ""}/>`)
    .join("")}</linearGradient>`;
}

function radial(id: string, stops: [number, string, number?][], cx = 0.5, cy = 0.5, r = 0.5): string {
  return `<radialGradient id="${id}" cx="${cx}" cy="${cy}" r="${r}">${stops
    .map(([o, c, a]) => `<stop offset="${o}" stop-color="${c}"${a !== undefined ? ` stop-opacity="${a}"` : ""}/>`)
    .join("")}</radialGradient>`;
}

// ---------------------------------------------------------------- skin

const SKIN_TONES = [
  ["#f6e1d3", "#ecc9b4", "#d8a88d"],
  ["#f0d3bf", "#e0b397", "#c48f72"],
  ["#e8c2a6", "#d19f80", "#b07a5d"],
  ["#dcb293", "#c28d6d", "#9a6a50"],
] as const;

/** A close-up skin surface: soft radial light, pores, a vignette. */
function skin(id: string, w: number, h: number, rand: Rand, tone = Math.floor(rand() * SKIN_TONES.length)) {
  const [light, mid, deep] = SKIN_TONES[tone % SKIN_TONES.length]!;
  const defs = radial(
    `${id}-s`,
    [
      [0, light],
      [0.55, mid],
      [0.92, deep],
      [1, shade(deep, -0.12)],
    ],
    lerp(0.3, 0.6, rand()),
    lerp(0.25, 0.45, rand()),
    0.95,
  );
  let pores = "";
  const n = Math.round((w * h) / 2600);
  for (let i = 0; i < n; i++) {
    const r = lerp(0.6, 1.8, rand());
    pores += `<ellipse cx="${f(rand() * w)}" cy="${f(rand() * h)}" rx="${f(r)}" ry="${f(r * 0.7)}" fill="${deep}" opacity="${lerp(0.08, 0.22, rand()).toFixed(2)}"/>`;
  }
  for (let i = 0; i < n / 6; i++) {
    pores += `<circle cx="${f(rand() * w)}" cy="${f(rand() * h)}" r="${f(lerp(1, 3, rand()))}" fill="#fff" opacity="${lerp(0.05, 0.14, rand()).toFixed(2)}"/>`;
  }
  return {
    defs,
    base: `<rect width="${w}" height="${h}" fill="url(#${id}-s)"/>${pores}`,
    // the gradient's darker rim is the vignette: a second full-size gradient costs ~30 ms
    vignette: "",
    tone,
    deep,
  };
}

// ---------------------------------------------------------------- brows

type BrowKind = "microblading" | "hibrida" | "ombre" | "natural" | "antigua" | "linea";

function cubicAt(p: Pt[], t: number): Pt {
  const u = 1 - t;
  const [a, b, c, d] = p as [Pt, Pt, Pt, Pt];
  return [
    u * u * u * a[0] + 3 * u * u * t * b[0] + 3 * u * t * t * c[0] + t * t * t * d[0],
    u * u * u * a[1] + 3 * u * u * t * b[1] + 3 * u * t * t * c[1] + t * t * t * d[1],
  ];
}

function cubicTan(p: Pt[], t: number): Pt {
  const u = 1 - t;
  const [a, b, c, d] = p as [Pt, Pt, Pt, Pt];
  const x = 3 * u * u * (b[0] - a[0]) + 6 * u * t * (c[0] - b[0]) + 3 * t * t * (d[0] - c[0]);
  const y = 3 * u * u * (b[1] - a[1]) + 6 * u * t * (c[1] - b[1]) + 3 * t * t * (d[1] - c[1]);
  const len = Math.hypot(x, y) || 1;
  return [x / len, y / len];
}

/**
 * One brow, head at (0,0), tail near (L,0), arch above (negative y). Drawn as hair strokes
 * (microblading), powder shading (ombré), both (híbrida), sparse natural hairs (antes),
 * faded old pigment (before a neutralisation) or a single elegant line (illustration).
 */
function brow(kind: BrowKind, L: number, rand: Rand, id: string, color: string = C.cocoa, arch = 0.2): string {
  const T = L * 0.2;
  const ctrl: Pt[] = [
    [0, 0],
    [L * 0.3, -L * arch * 0.78],
    [L * 0.66, -L * arch * 1.12],
    [L, L * 0.05],
  ];
  const width = (t: number) =>
    T *
    (t < 0.14 ? 0.72 + (0.28 * Math.sqrt(t)) / Math.sqrt(0.14) : Math.max(0.1, 1 - 0.9 * ((t - 0.14) / 0.86) ** 1.35));
  const at = (t: number, s: number): Pt => {
    const c = cubicAt(ctrl, t);
    const [tx, ty] = cubicTan(ctrl, t);
    const w = width(t) / 2;
    // upper normal is (ty, -tx); the brow sits a little below its spine line
    return [c[0] + ty * s * w, c[1] - tx * s * w + T * 0.08];
  };
  const steps = 44;
  const upper: Pt[] = [];
  const lower: Pt[] = [];
  for (let i = 0; i <= steps; i++) {
    upper.push(at(i / steps, 1));
    lower.push(at(i / steps, -1));
  }
  const head = at(0, 0);
  const outline = `M${upper.map((p) => `${f(p[0])},${f(p[1])}`).join(" L")} L${lower
    .reverse()
    .map((p) => `${f(p[0])},${f(p[1])}`)
    .join(" L")} Q${f(head[0] - T * 0.22)},${f(head[1] + T * 0.05)} ${f(upper[0]![0])},${f(upper[0]![1])}Z`;

  const strokes = (count: number, opacityScale: number, region: [number, number] = [0, 1]) => {
    let out = "";
    for (let i = 0; i < count; i++) {
      const t = lerp(region[0], region[1], rand() ** 0.85);
      const s = rand() * 2 - 1;
      const [bx, by] = at(t, s * 0.9);
      const [tx, ty] = cubicTan(ctrl, t);
      const tangent = Math.atan2(ty, tx);
      const k = smooth(0.03, 0.3, t);
      const turn = s < 0 ? lerp(1.45, 0.42, k) : lerp(1.3, -0.3, k);
      const dir = tangent - turn + (rand() - 0.5) * 0.22;
      // keep the hair inside the brow: the room left towards the edge it grows to
      const across = Math.sin(turn);
      const room = ((across > 0 ? 1 - s * 0.9 : 1 + s * 0.9) * width(t)) / 2 / Math.max(0.2, Math.abs(across));
      const len = Math.min((lerp(0.95, 0.7, k) * width(t) + T * 0.12) * lerp(0.75, 1.15, rand()), room + T * 0.03);
      const ex = bx + Math.cos(dir) * len;
      const ey = by + Math.sin(dir) * len;
      const bend = len * 0.16 * (s < 0 ? 1 : -1);
      const mx = (bx + ex) / 2 + Math.cos(dir + Math.PI / 2) * bend;
      const my = (by + ey) / 2 + Math.sin(dir + Math.PI / 2) * bend;
      out += `<path d="M${f(bx)},${f(by)} Q${f(mx)},${f(my)} ${f(ex)},${f(ey)}" stroke-width="${f(T * lerp(0.022, 0.036, rand()))}" opacity="${(lerp(0.5, 0.95, rand()) * opacityScale).toFixed(2)}"/>`;
    }
    return `<g fill="none" stroke="${color}" stroke-linecap="round">${out}</g>`;
  };

  const powder = (strength: number, dots: number) => {
    const gid = `${id}-pw`;
    let stipple = "";
    for (let i = 0; i < dots; i++) {
      const t = rand() ** 0.7;
      const [x, y] = at(t, (rand() * 2 - 1) * 0.95);
      stipple += `<circle cx="${f(x)}" cy="${f(y)}" r="${f(T * lerp(0.012, 0.03, rand()))}" opacity="${(lerp(0.15, 0.5, rand()) * smooth(0, 0.35, t)).toFixed(2)}"/>`;
    }
    return `<defs>${linear(
      gid,
      [
        [0, color, 0.06 * strength],
        [0.22, color, 0.35 * strength],
        [0.55, color, 0.72 * strength],
        [1, color, 0.82 * strength],
      ],
      0,
      0,
      1,
      0,
    )}</defs><path d="${outline}" fill="url(#${gid})" stroke="url(#${gid})" stroke-width="${f(T * 0.08)}" stroke-linejoin="round" opacity="0.9"/><g fill="${color}">${stipple}</g>`;
  };

  switch (kind) {
    case "microblading":
      return `<path d="${outline}" fill="${color}" opacity="0.07"/>${strokes(150, 1)}`;
    case "hibrida":
      return `${powder(0.62, 120)}${strokes(80, 0.9, [0, 0.75])}`;
    case "ombre":
      return powder(1, 320);
    case "natural": {
      let hairs = "";
      for (let i = 0; i < 46; i++) {
        const t = rand() ** 0.8 * 0.92;
        if (t > 0.45 && t < 0.62 && rand() < 0.6) continue; // a sparse patch
        const [bx, by] = at(t, rand() * 2 - 1);
        const [tx, ty] = cubicTan(ctrl, t);
        const dir = Math.atan2(ty, tx) - lerp(1.2, 0.3, smooth(0, 0.3, t)) + (rand() - 0.5) * 0.6;
        const len = T * lerp(0.25, 0.55, rand());
        hairs += `<path d="M${f(bx)},${f(by)} l${f(Math.cos(dir) * len)},${f(Math.sin(dir) * len)}" stroke-width="${f(T * 0.022)}" opacity="${lerp(0.25, 0.6, rand()).toFixed(2)}"/>`;
      }
      return `<path d="${outline}" fill="${color}" opacity="0.1"/><g fill="none" stroke="${color}" stroke-linecap="round">${hairs}</g>`;
    }
    case "antigua": {
      // an old, faded tattoo that turned grey-blue and warm: uneven blotches
      let blotches = "";
      for (let i = 0; i < 26; i++) {
        const t = rand();
        const [x, y] = at(t, (rand() * 2 - 1) * 0.6);
        const r = width(t) * lerp(0.35, 0.7, rand());
        blotches += `<ellipse cx="${f(x)}" cy="${f(y)}" rx="${f(r * 1.4)}" ry="${f(r)}" fill="${rand() < 0.55 ? "#7f7388" : "#a86452"}" opacity="${lerp(0.12, 0.3, rand()).toFixed(2)}"/>`;
      }
      return `<path d="${outline}" fill="#857485" opacity="0.28"/>${blotches}`;
    }
    case "linea":
      return `<path d="${outline}" fill="none" stroke="${color}" stroke-width="${f(T * 0.045)}" stroke-linejoin="round"/>${strokes(40, 0.55, [0.02, 0.9])}`;
  }
}

/** A pair of brows centred at (cx, cy) with the given inner gap. */
function browPair(
  kind: BrowKind,
  cx: number,
  cy: number,
  L: number,
  gap: number,
  rand: Rand,
  id: string,
  color?: string,
) {
  const right = brow(kind, L, rand, `${id}r`, color);
  const left = brow(kind, L, rand, `${id}l`, color);
  return `<g transform="translate(${f(cx + gap / 2)},${f(cy)})">${right}</g><g transform="translate(${f(cx - gap / 2)},${f(cy)}) scale(-1,1)">${left}</g>`;
}

// ---------------------------------------------------------------- lips, eyes, stretch marks

function lips(W: number, id: string, color = "#c0776b", soft = false): string {
  const w = (k: number) => f(W * k);
  const upper = `M${w(-0.5)},0 C${w(-0.36)},${w(-0.07)} ${w(-0.2)},${w(-0.2)} ${w(-0.1)},${w(-0.19)} C${w(-0.05)},${w(-0.185)} ${w(-0.02)},${w(-0.15)} 0,${w(-0.145)} C${w(0.02)},${w(-0.15)} ${w(0.05)},${w(-0.185)} ${w(0.1)},${w(-0.19)} C${w(0.2)},${w(-0.2)} ${w(0.36)},${w(-0.07)} ${w(0.5)},0 C${w(0.3)},${w(0.02)} ${w(0.12)},${w(-0.008)} 0,${w(0.012)} C${w(-0.12)},${w(-0.008)} ${w(-0.3)},${w(0.02)} ${w(-0.5)},0Z`;
  const lower = `M${w(-0.5)},0 C${w(-0.3)},${w(0.02)} ${w(-0.12)},${w(-0.008)} 0,${w(0.012)} C${w(0.12)},${w(-0.008)} ${w(0.3)},${w(0.02)} ${w(0.5)},0 C${w(0.38)},${w(0.13)} ${w(0.2)},${w(0.245)} 0,${w(0.25)} C${w(-0.2)},${w(0.245)} ${w(-0.38)},${w(0.13)} ${w(-0.5)},0Z`;
  const defs =
    linear(`${id}-u`, [
      [0, color, soft ? 0.55 : 0.92],
      [1, shade(color, -0.18), soft ? 0.6 : 1],
    ]) +
    linear(`${id}-d`, [
      [0, shade(color, -0.12), soft ? 0.55 : 1],
      [0.6, color, soft ? 0.5 : 0.95],
      [1, shade(color, 0.12), soft ? 0.45 : 0.9],
    ]);
  let lines = "";
  for (let i = -8; i <= 8; i++) {
    const x = W * 0.05 * i;
    lines += `<path d="M${f(x)},${w(0.03)} q${f(W * 0.005)},${w(0.08)} ${f(i * W * 0.004)},${w(0.17)}" stroke="${shade(color, -0.3)}" stroke-width="${w(0.003)}" opacity="0.18" fill="none"/>`;
  }
  return `<defs>${defs}<clipPath id="${id}-lc"><path d="${lower}"/></clipPath></defs><path d="${upper}" fill="url(#${id}-u)"/><path d="${lower}" fill="url(#${id}-d)"/><g clip-path="url(#${id}-lc)">${lines}</g><ellipse cx="${w(0.04)}" cy="${w(0.125)}" rx="${w(0.13)}" ry="${w(0.03)}" fill="#fff" opacity="${soft ? 0.12 : 0.28}"/><path d="${upper}" fill="none" stroke="${shade(color, -0.25)}" stroke-width="${w(0.004)}" opacity="${soft ? 0.25 : 0.6}"/><path d="${lower}" fill="none" stroke="${shade(color, -0.25)}" stroke-width="${w(0.004)}" opacity="${soft ? 0.25 : 0.6}"/>`;
}

function eye(W: number, id: string, liner: boolean, rand: Rand): string {
  const w = (k: number) => f(W * k);
  const shape = `M${w(-0.5)},0 C${w(-0.25)},${w(-0.33)} ${w(0.22)},${w(-0.35)} ${w(0.5)},${w(-0.03)} C${w(0.25)},${w(0.17)} ${w(-0.25)},${w(0.18)} ${w(-0.5)},0Z`;
  const lid: Pt[] = [
    [-0.5, 0],
    [-0.25, -0.33],
    [0.22, -0.35],
    [0.5, -0.03],
  ];
  let lashes = "";
  for (let i = 0; i < 30; i++) {
    const t = 0.14 + (i / 29) * 0.84 + (rand() - 0.5) * 0.012;
    const [x, y] = cubicAt(lid, t);
    const [tx, ty] = cubicTan(lid, t);
    const out = Math.atan2(-tx, ty) + lerp(-0.35, 0.75, t); // the lid's outer normal, fanning outwards
    const len = lerp(0.05, 0.11, Math.sin(Math.PI * Math.min(1, t * 1.15))) * lerp(0.85, 1.1, rand());
    const ex = x + Math.cos(out) * len;
    const ey = y + Math.sin(out) * len;
    const cx = x + Math.cos(out - 0.35) * len * 0.55;
    const cy = y + Math.sin(out - 0.35) * len * 0.55;
    lashes += `<path d="M${w(x)},${w(y)} Q${w(cx)},${w(cy)} ${w(ex)},${w(ey)}" stroke="${C.ink}" stroke-width="${w(lerp(0.0035, 0.0055, rand()))}" fill="none" stroke-linecap="round"/>`;
  }
  const iris = radial(`${id}-i`, [
    [0, "#6b4a34"],
    [0.6, "#4d3324"],
    [1, "#2b1c14"],
  ]);
  const defs = `${iris}<clipPath id="${id}-c"><path d="${shape}"/></clipPath>`;
  const linerPath = liner
    ? `<path d="M${w(-0.44)},${w(-0.1)} C${w(-0.2)},${w(-0.31)} ${w(0.22)},${w(-0.33)} ${w(0.49)},${w(-0.05)} L${w(0.64)},${w(-0.16)} L${w(0.46)},${w(-0.015)} C${w(0.2)},${w(-0.27)} ${w(-0.2)},${w(-0.27)} ${w(-0.44)},${w(-0.1)}Z" fill="${C.ink}"/>`
    : "";
  return `<defs>${defs}</defs><path d="M${w(-0.52)},${w(-0.08)} C${w(-0.25)},${w(-0.46)} ${w(0.25)},${w(-0.47)} ${w(0.55)},${w(-0.12)}" fill="none" stroke="${C.cocoa}" stroke-width="${w(0.006)}" opacity="0.35"/><path d="${shape}" fill="#fbf4ee"/><g clip-path="url(#${id}-c)"><circle cx="${w(0.02)}" cy="${w(-0.06)}" r="${w(0.165)}" fill="url(#${id}-i)"/><circle cx="${w(0.02)}" cy="${w(-0.06)}" r="${w(0.07)}" fill="#140c08"/><circle cx="${w(0.07)}" cy="${w(-0.11)}" r="${w(0.028)}" fill="#fff" opacity="0.85"/><path d="${shape}" fill="none" stroke="${C.cocoa}" stroke-width="${w(0.02)}" opacity="0.25"/></g>${lashes}<path d="${shape}" fill="none" stroke="${C.ink}" stroke-width="${w(0.008)}"/>${linerPath}`;
}

function stretchMarks(w: number, h: number, rand: Rand, faded: boolean): string {
  let out = "";
  const angle = lerp(-30, -10, rand());
  for (let i = 0; i < 9; i++) {
    const cx = lerp(0.15, 0.85, rand()) * w;
    const cy = lerp(0.15, 0.85, (i + rand()) / 9) * h;
    const len = lerp(0.22, 0.45, rand()) * w;
    const thick = lerp(0.008, 0.022, rand()) * w;
    const wave = (rand() - 0.5) * thick * 3;
    const d = `M${f(-len / 2)},0 Q${f(-len / 4)},${f(-thick + wave)} 0,${f(-thick * 0.9)} T${f(len / 2)},0 Q${f(len / 4)},${f(thick - wave)} 0,${f(thick * 0.7)} T${f(-len / 2)},0Z`;
    out += `<g transform="translate(${f(cx)},${f(cy)}) rotate(${f(angle + (rand() - 0.5) * 14)})"><path d="${d}" fill="#f7e6dc" opacity="${faded ? 0.12 : 0.7}"/><path d="${d}" fill="none" stroke="#c98f7c" stroke-width="1.4" opacity="${faded ? 0.06 : 0.35}"/></g>`;
  }
  return out;
}

function shade(hex: string, amount: number): string {
  const n = Number.parseInt(hex.slice(1), 16);
  const ch = [(n >> 16) & 255, (n >> 8) & 255, n & 255].map((v) =>
    Math.round(amount < 0 ? v * (1 + amount) : v + (255 - v) * amount),
  );
  return `#${ch.map((v) => v.toString(16).padStart(2, "0")).join("")}`;
}

function sprig(x: number, y: number, s: number, rot: number, color: string = C.sage, opacity = 0.8): string {
  let leaves = "";
  for (let i = 0; i < 6; i++) {
    const t = i / 6;
    const side = i % 2 ? 1 : -1;
    leaves += `<ellipse cx="${f(side * s * 0.12)}" cy="${f(-t * s)}" rx="${f(s * 0.1)}" ry="${f(s * 0.045)}" transform="rotate(${side * 35} ${f(side * s * 0.12)} ${f(-t * s)})" fill="${color}"/>`;
  }
  return `<g transform="translate(${f(x)},${f(y)}) rotate(${rot})" opacity="${opacity}"><path d="M0,0 Q${f(s * 0.05)},${f(-s * 0.5)} 0,${f(-s * 1.05)}" stroke="${color}" stroke-width="${f(s * 0.012)}" fill="none"/>${leaves}</g>`;
}

function monogram(cx: number, cy: number, r: number, color: string = C.clay): string {
  return `<circle cx="${f(cx)}" cy="${f(cy)}" r="${f(r)}" fill="none" stroke="${color}" stroke-width="${f(r * 0.03)}"/><circle cx="${f(cx)}" cy="${f(cy)}" r="${f(r * 0.88)}" fill="none" stroke="${color}" stroke-width="${f(r * 0.012)}" opacity="0.6"/>${txt(cx, cy + r * 0.28, "MA", { size: r * 0.8, family: SERIF, fill: color, anchor: "middle", spacing: r * 0.04 })}`;
}

// ---------------------------------------------------------------- themes (what to draw for a subject)

type Theme = "cejas" | "labios" | "estrias" | "ojos" | "neutralizacion" | "maquillaje";

function themeOf(text: string): Theme {
  const s = normalize(text);
  if (/labio|lip/.test(s)) return "labios";
  if (/estria/.test(s)) return "estrias";
  if (/neutraliz|remocion|remover/.test(s)) return "neutralizacion";
  if (/delineado|ojo|pestan/.test(s)) return "ojos";
  if (/maquillaje|makeup|novia/.test(s)) return "maquillaje";
  return "cejas";
}

function normalize(s: string): string {
  return s
    .toLowerCase()
    .normalize("NFD")
    .replace(/[\u0300-\u036f]/g, "");
}

/** The theme's subject, centred at (0,0), about `size` wide. */
function subject(theme: Theme, size: number, rand: Rand, id: string, variant = 0, color: string = C.cocoa): string {
  switch (theme) {
    case "cejas": {
      const kind: BrowKind = (["microblading", "hibrida", "ombre"] as const)[variant % 3]!;
      return `<g transform="translate(${f(-size * 0.48)},${f(size * 0.04)})">${brow(kind, size * 0.96, rand, id, color)}</g>`;
    }
    case "labios":
      return lips(size, id, pick(rand, ["#c0776b", "#c96f6a", "#b86a66", "#d08a7a"]));
    case "ojos":
      return `<g transform="translate(0,${f(size * 0.1)})">${eye(size * 0.9, id, true, rand)}</g>`;
    case "maquillaje":
      return `<g transform="translate(0,${f(size * 0.16)})">${eye(size * 0.78, id, variant % 2 === 0, rand)}</g><g transform="translate(${f(-size * 0.4)},${f(-size * 0.22)})">${brow("hibrida", size * 0.8, rand, `${id}b`)}</g>`;
    case "neutralizacion":
      return `<g transform="translate(${f(-size * 0.48)},${f(size * 0.04)})">${brow(variant % 2 ? "microblading" : "antigua", size * 0.96, rand, id)}</g>`;
    case "estrias":
      return `<g transform="translate(${f(-size / 2)},${f(-size / 2)})">${stretchMarks(size, size, rand, variant % 2 === 1)}</g>`;
  }
}

// ---------------------------------------------------------------- compositions

type Drawing = { width: number; height: number; svg: string };

/** A close-up on skin: the service's subject, watermark, optional caption. */
function skinCloseUp(w: number, h: number, theme: Theme, seed: string, variant: number, caption?: string): Drawing {
  const rand = rng(seed);
  const sk = skin("sk", w, h, rand);
  const size = Math.min(w, h) * (theme === "estrias" ? 1.25 : 0.82);
  let art: string;
  if (theme === "cejas" && w > h) {
    const kind = (["microblading", "hibrida", "ombre"] as const)[variant % 3]!;
    art = browPair(kind, w / 2, h * 0.52, w * 0.34, w * 0.2, rand, "bp");
  } else if (theme === "estrias") {
    art = stretchMarks(w, h, rand, variant % 2 === 1);
  } else {
    const rot = (rand() - 0.5) * 10;
    art = `<g transform="translate(${f(w / 2)},${f(h * 0.5)}) rotate(${f(rot)})">${subject(theme, size, rand, "sub", variant)}</g>`;
  }
  const label = caption
    ? `<rect x="0" y="${f(h - h * 0.1)}" width="${w}" height="${f(h * 0.1)}" fill="${C.ink}" opacity="0.28"/>${txt(w * 0.05, h - h * 0.037, caption, { size: h * 0.034, family: SERIF, fill: C.cream, italic: true })}`
    : "";
  return {
    width: w,
    height: h,
    svg: svgDoc(
      w,
      h,
      sk.defs,
      `${sk.base}${art}${sk.vignette}${label}${txt(w * 0.95, caption ? h - h * 0.04 : h * 0.955, "MICHEL ALVAREZ", { size: Math.min(w, h) * 0.022, family: SANS_LIGHT, fill: C.cream, anchor: "end", spacing: Math.min(w, h) * 0.008, opacity: 0.85 })}`,
    ),
  };
}

/** Antes | después side by side on the same skin. */
function beforeAfter(w: number, h: number, theme: Theme, seed: string): Drawing {
  const rand = rng(seed);
  const sk = skin("sk", w, h, rand);
  const half = w / 2;
  const size = Math.min(half, h) * 0.86;
  const before =
    theme === "cejas"
      ? `<g transform="translate(${f(half * 0.06)},${f(h * 0.52)})">${brow("natural", half * 0.88, rand, "a")}</g>`
      : theme === "neutralizacion"
        ? `<g transform="translate(${f(half * 0.06)},${f(h * 0.52)})">${brow("antigua", half * 0.88, rand, "a")}</g>`
        : theme === "labios"
          ? `<g transform="translate(${f(half / 2)},${f(h / 2)})">${lips(size, "a", "#c99a8e", true)}</g>`
          : theme === "estrias"
            ? `<svg x="0" y="0" width="${f(half)}" height="${h}">${stretchMarks(half, h, rng(`${seed}e`), false)}</svg>`
            : `<g transform="translate(${f(half / 2)},${f(h * 0.55)})">${eye(size * 0.8, "a", false, rand)}</g>`;
  const after =
    theme === "cejas"
      ? `<g transform="translate(${f(half * 1.06)},${f(h * 0.52)})">${brow(pick(rand, ["microblading", "hibrida", "ombre"] as const), half * 0.88, rand, "b")}</g>`
      : theme === "neutralizacion"
        ? `<g transform="translate(${f(half * 1.06)},${f(h * 0.52)})">${brow("natural", half * 0.88, rand, "b", "#6d5448")}</g>`
        : theme === "labios"
          ? `<g transform="translate(${f(half * 1.5)},${f(h / 2)})">${lips(size, "b", "#c0776b")}</g>`
          : theme === "estrias"
            ? `<svg x="${f(half)}" y="0" width="${f(half)}" height="${h}">${stretchMarks(half, h, rng(`${seed}e`), true)}</svg>`
            : `<g transform="translate(${f(half * 1.5)},${f(h * 0.55)})">${eye(size * 0.8, "b", true, rand)}</g>`;
  const tag = (x: number, s: string) =>
    `<rect x="${f(x - w * 0.07)}" y="${f(h * 0.06)}" width="${f(w * 0.14)}" height="${f(h * 0.065)}" rx="${f(h * 0.032)}" fill="${C.cream}" opacity="0.9"/>${txt(x, h * 0.102, s, { size: h * 0.03, family: SANS_MEDIUM, fill: C.cocoa, anchor: "middle", spacing: h * 0.006 })}`;
  return {
    width: w,
    height: h,
    svg: svgDoc(
      w,
      h,
      sk.defs,
      `${sk.base}${before}${after}${sk.vignette}<rect x="${f(half - 2)}" y="0" width="4" height="${h}" fill="${C.cream}" opacity="0.9"/>${tag(half / 2, "ANTES")}${tag(half * 1.5, "DESPUÉS")}`,
    ),
  };
}

/** Framed illustration on blush paper with a caption (gallery variety). */
function framedStudy(w: number, h: number, theme: Theme, seed: string, variant: number, caption: string): Drawing {
  const rand = rng(seed);
  const sk = skin("sk", w, h, rand, variant);
  const m = Math.min(w, h) * 0.08;
  const inner = { x: m, y: m, w: w - 2 * m, h: h - 2 * m - h * 0.1 };
  const size = Math.min(inner.w, inner.h) * 0.8;
  const defs = `${sk.defs}${linear("paper", [
    [0, C.cream],
    [1, C.sand],
  ])}<clipPath id="win"><rect x="${f(inner.x)}" y="${f(inner.y)}" width="${f(inner.w)}" height="${f(inner.h)}" rx="${f(m * 0.3)}"/></clipPath>`;
  return {
    width: w,
    height: h,
    svg: svgDoc(
      w,
      h,
      defs,
      `<rect width="${w}" height="${h}" fill="url(#paper)"/><g clip-path="url(#win)">${sk.base}<g transform="translate(${f(w / 2)},${f(inner.y + inner.h / 2)})">${subject(theme, size, rand, "s", variant)}</g>${sk.vignette}</g><rect x="${f(inner.x)}" y="${f(inner.y)}" width="${f(inner.w)}" height="${f(inner.h)}" rx="${f(m * 0.3)}" fill="none" stroke="${C.clay}" stroke-width="2" opacity="0.5"/>${txt(w / 2, h - m - h * 0.035, caption, { size: h * 0.036, family: SERIF, fill: C.cocoa, anchor: "middle", italic: true })}${txt(w / 2, h - m + h * 0.008, "MICHEL ALVAREZ · GUADALAJARA", { size: h * 0.016, family: SANS_LIGHT, fill: C.clay, anchor: "middle", spacing: h * 0.005 })}`,
    ),
  };
}

/** The three brow techniques (service option blocks). */
function techniqueCard(w: number, h: number, name: string, seed: string): Drawing {
  const rand = rng(seed);
  const kind: BrowKind = /ombr/i.test(name) ? "ombre" : /h[ií]brid/i.test(name) ? "hibrida" : "microblading";
  const sk = skin("sk", w, h, rand, 1);
  return {
    width: w,
    height: h,
    svg: svgDoc(
      w,
      h,
      sk.defs,
      `${sk.base}<g transform="translate(${f(w * 0.1)},${f(h * 0.5)})">${brow(kind, w * 0.8, rand, "t")}</g>${sk.vignette}<rect x="0" y="${f(h * 0.8)}" width="${w}" height="${f(h * 0.2)}" fill="${C.cream}" opacity="0.92"/>${txt(w / 2, h * 0.9, name, { size: h * 0.075, family: SERIF, fill: C.cocoa, anchor: "middle" })}${txt(w / 2, h * 0.95, "TÉCNICA", { size: h * 0.022, family: SANS_LIGHT, fill: C.clay, anchor: "middle", spacing: h * 0.008 })}`,
    ),
  };
}

// ---------------------------------------------------------------- products

type ProductShape =
  | "gotero"
  | "set"
  | "tarro"
  | "tubo"
  | "dosificador"
  | "spray"
  | "dermografo"
  | "cartuchos"
  | "paleta"
  | "labial"
  | "brocha"
  | "lapiz"
  | "polvo"
  | "hilo"
  | "regla";

function productShape(nombre: string, categoria: string): ProductShape {
  const s = normalize(`${nombre} ${categoria}`);
  if (/dermografo|maquina|pen /.test(s)) return "dermografo";
  if (/cartucho|aguja|needle/.test(s)) return "cartuchos";
  if (/hilo|string|mapeo/.test(s)) return "hilo";
  if (/regla|compas|calibrador/.test(s)) return "regla";
  if (/lapiz|delineador|marcador/.test(s)) return "lapiz";
  if (/brocha|pincel|cepillo/.test(s)) return "brocha";
  if (/paleta|sombras/.test(s)) return "paleta";
  if (/labial|gloss|lip/.test(s) && !/pigmento/.test(s)) return "labial";
  if (/polvo|rubor|compacto|iluminador/.test(s)) return "polvo";
  if (/set|kit|coleccion/.test(s)) return "set";
  if (/spray|bruma|fijador/.test(s)) return "spray";
  if (/espuma|limpiador|jabon|gel/.test(s)) return "dosificador";
  if (/crema|anestesi|bloqueador|protector/.test(s)) return "tubo";
  if (/balsamo|mantequilla|vaselina|tarro|mascarilla/.test(s)) return "tarro";
  if (/base/.test(s)) return "gotero";
  return "gotero";
}

const PIGMENT_COLORS: [RegExp, string][] = [
  [/negro|carbon/, "#2a2320"],
  [/gris|ceniza|taupe/, "#6e625c"],
  [/cafe oscuro|espresso|chocolate/, "#4a3026"],
  [/avellana|castano|medio/, "#7a5240"],
  [/miel|rubio|claro|arena|beige/, "#a8805f"],
  [/naranja|corrector|neutraliz/, "#d9824f"],
  [/verde|oliva/, "#7b7a4c"],
  [/cereza|rojo/, "#a3313a"],
  [/coral/, "#e07a66"],
  [/rosa|pink/, "#d48a90"],
  [/nude|durazno|melocoton/, "#d9a08a"],
  [/vino|borgona|frambuesa/, "#7d2f3c"],
  [/canela|terracota|cobre/, "#a65b3f"],
  [/piel|camuflaje|estria/, "#e2bba3"],
  [/blanco|diluyente/, "#efe9e2"],
];

function productColor(nombre: string): string {
  const s = normalize(nombre);
  for (const [re, color] of PIGMENT_COLORS) if (re.test(s)) return color;
  return C.clay;
}

/** Keeps "15 ml", "5 piezas", "0.18 mm" on one line when wrapping. */
function keepUnits(s: string): string {
  return s.replace(/(\d)\s+(ml|g|m|mm|piezas|pzas|tonos)\b/g, "$1\u00a0$2");
}

/** Lines and font size that best fill a w×h box (Cormorant is ~0.47 em per character). */
function fitLines(s: string, w: number, h: number, maxSize: number, maxLines = 4): { lines: string[]; size: number } {
  let best = { lines: [s], size: 0 };
  for (let n = 1; n <= maxLines; n++) {
    const lines = wrap(s, Math.ceil(s.length / n) + 3, n);
    const longest = Math.max(...lines.map((l) => l.length), 4);
    const size = Math.min(maxSize, w / (longest * 0.47), h / (lines.length * 1.12));
    if (size > best.size * 1.04) best = { lines, size };
  }
  return best;
}

/** The label: brand in spaced capitals, name in the serif. */
function label(cx: number, top: number, w: number, h: number, brand: string, name: string, dark = false): string {
  const fg = dark ? C.cream : C.cocoa;
  let out = `<rect x="${f(cx - w / 2)}" y="${f(top)}" width="${f(w)}" height="${f(h)}" rx="${f(Math.min(w, h) * 0.06)}" fill="${dark ? C.cocoa : C.cream}"/>`;
  out += `<rect x="${f(cx - w / 2 + w * 0.05)}" y="${f(top + h * 0.06)}" width="${f(w * 0.9)}" height="${f(h * 0.88)}" rx="${f(Math.min(w, h) * 0.04)}" fill="none" stroke="${dark ? C.gold : C.clay}" stroke-width="${f(Math.max(1, w * 0.006))}" opacity="0.7"/>`;
  out += txt(cx, top + h * 0.22, brand.toUpperCase(), {
    size: Math.min(h * 0.075, (w * 0.8) / Math.max(brand.length, 8) / 0.75),
    family: SANS_MEDIUM,
    fill: dark ? C.gold : C.clay,
    anchor: "middle",
    spacing: w * 0.01,
  });
  const box = { top: top + h * 0.3, height: h * 0.56 };
  const { lines, size } = fitLines(keepUnits(name), w * 0.8, box.height, h * 0.16);
  const first = box.top + (box.height - lines.length * size * 1.12) / 2 + size * 0.85;
  lines.forEach((line, i) => {
    out += txt(cx, first + i * size * 1.12, line, { size, family: SERIF_BOLD, fill: fg, anchor: "middle" });
  });
  return out;
}

/** The product's name under an object that carries no label (pen, brush, palette...). */
function caption(cx: number, y: number, name: string, H: number): string {
  const { lines, size } = fitLines(keepUnits(name), H * 1.3, H * 0.2, H * 0.085, 2);
  return lines
    .map((line, i) => txt(cx, y + i * size * 1.12, line, { size, family: SERIF_BOLD, fill: C.cocoa, anchor: "middle" }))
    .join("");
}

/** A product drawn standing on the floor line `floor`, centred at cx, about H tall. */
function productObject(
  shape: ProductShape,
  cx: number,
  floor: number,
  H: number,
  brand: string,
  name: string,
  color: string,
  id: string,
): string {
  const glass = `${id}-g`;
  const metal = `${id}-m`;
  const defs = `<defs>${linear(
    glass,
    [
      [0, shade(color, -0.25)],
      [0.35, color],
      [0.5, shade(color, 0.25)],
      [0.62, color],
      [1, shade(color, -0.35)],
    ],
    0,
    0,
    1,
    0,
  )}${linear(
    metal,
    [
      [0, "#8a7466"],
      [0.3, "#e9dccf"],
      [0.5, "#fffaf4"],
      [0.7, "#cdb9a8"],
      [1, "#7a6558"],
    ],
    0,
    0,
    1,
    0,
  )}${linear(
    `${id}-w`,
    [
      [0, "#e9e1d8"],
      [0.4, "#fffdfa"],
      [1, "#d9cfc4"],
    ],
    0,
    0,
    1,
    0,
  )}${linear(
    `${id}-k`,
    [
      [0, "#2b211d"],
      [0.4, "#5a4640"],
      [1, "#1e1714"],
    ],
    0,
    0,
    1,
    0,
  )}</defs>`;
  const shadow = (w: number) =>
    `<ellipse cx="${f(cx)}" cy="${f(floor)}" rx="${f(w * 0.62)}" ry="${f(w * 0.09)}" fill="${C.ink}" opacity="0.16"/>`;
  const hi = (x: number, y: number, w: number, h: number) =>
    `<rect x="${f(x)}" y="${f(y)}" width="${f(w)}" height="${f(h)}" rx="${f(w / 2)}" fill="#fff" opacity="0.32"/>`;
  switch (shape) {
    case "gotero": {
      const bw = H * 0.42;
      const bh = H * 0.58;
      const top = floor - bh;
      return `${defs}${shadow(bw)}<rect x="${f(cx - bw / 2)}" y="${f(top)}" width="${f(bw)}" height="${f(bh)}" rx="${f(bw * 0.16)}" fill="url(#${glass})"/><rect x="${f(cx - bw * 0.22)}" y="${f(top - H * 0.08)}" width="${f(bw * 0.44)}" height="${f(H * 0.09)}" fill="url(#${metal})"/><rect x="${f(cx - bw * 0.18)}" y="${f(top - H * 0.34)}" width="${f(bw * 0.36)}" height="${f(H * 0.27)}" rx="${f(bw * 0.18)}" fill="url(#${id}-k)"/>${hi(cx - bw * 0.36, top + bh * 0.08, bw * 0.07, bh * 0.75)}${label(cx, top + bh * 0.2, bw * 0.84, bh * 0.56, brand, name)}`;
    }
    case "set": {
      const bw = H * 0.95;
      const bh = H * 0.42;
      const top = floor - bh;
      let bottles = "";
      for (let i = 0; i < 5; i++) {
        const x = cx - bw * 0.36 + i * bw * 0.18;
        const c = shade(color, (i - 2) * 0.12);
        bottles += `<rect x="${f(x - bw * 0.055)}" y="${f(top - H * 0.2)}" width="${f(bw * 0.11)}" height="${f(H * 0.24)}" rx="${f(bw * 0.02)}" fill="${c}"/><rect x="${f(x - bw * 0.035)}" y="${f(top - H * 0.3)}" width="${f(bw * 0.07)}" height="${f(H * 0.11)}" rx="${f(bw * 0.03)}" fill="url(#${id}-k)"/>`;
      }
      return `${defs}${shadow(bw)}${bottles}<rect x="${f(cx - bw / 2)}" y="${f(top)}" width="${f(bw)}" height="${f(bh)}" rx="${f(bw * 0.03)}" fill="${C.sand}" stroke="${C.clay}" stroke-width="2"/>${label(cx, top + bh * 0.12, bw * 0.8, bh * 0.76, brand, name)}`;
    }
    case "tarro": {
      const bw = H * 0.78;
      const bh = H * 0.42;
      const top = floor - bh;
      return `${defs}${shadow(bw)}<rect x="${f(cx - bw / 2)}" y="${f(top)}" width="${f(bw)}" height="${f(bh)}" rx="${f(bw * 0.08)}" fill="url(#${id}-w)"/><rect x="${f(cx - bw * 0.52)}" y="${f(top - H * 0.16)}" width="${f(bw * 1.04)}" height="${f(H * 0.18)}" rx="${f(bw * 0.05)}" fill="url(#${glass})"/>${hi(cx - bw * 0.42, top - H * 0.13, bw * 0.05, H * 0.12)}${label(cx, top + bh * 0.14, bw * 0.8, bh * 0.74, brand, name)}`;
    }
    case "tubo": {
      const bw = H * 0.4;
      const bh = H * 0.82;
      const top = floor - bh;
      return `${defs}${shadow(bw)}<path d="M${f(cx - bw / 2)},${f(floor - H * 0.1)} L${f(cx - bw * 0.58)},${f(top + bh * 0.06)} L${f(cx + bw * 0.58)},${f(top + bh * 0.06)} L${f(cx + bw / 2)},${f(floor - H * 0.1)}Z" fill="url(#${id}-w)"/><rect x="${f(cx - bw * 0.6)}" y="${f(top)}" width="${f(bw * 1.2)}" height="${f(bh * 0.07)}" rx="3" fill="${shade(color, 0.2)}"/><rect x="${f(cx - bw * 0.3)}" y="${f(floor - H * 0.12)}" width="${f(bw * 0.6)}" height="${f(H * 0.12)}" rx="${f(bw * 0.05)}" fill="url(#${glass})"/>${label(cx, top + bh * 0.18, bw * 0.95, bh * 0.55, brand, name)}`;
    }
    case "dosificador":
    case "spray": {
      const bw = H * 0.4;
      const bh = H * 0.62;
      const top = floor - bh;
      const head =
        shape === "spray"
          ? `<rect x="${f(cx - bw * 0.18)}" y="${f(top - H * 0.2)}" width="${f(bw * 0.36)}" height="${f(H * 0.2)}" rx="${f(bw * 0.08)}" fill="url(#${metal})"/><rect x="${f(cx - bw * 0.12)}" y="${f(top - H * 0.28)}" width="${f(bw * 0.24)}" height="${f(H * 0.1)}" rx="${f(bw * 0.05)}" fill="url(#${id}-w)"/>`
          : `<rect x="${f(cx - bw * 0.16)}" y="${f(top - H * 0.12)}" width="${f(bw * 0.32)}" height="${f(H * 0.12)}" fill="url(#${metal})"/><rect x="${f(cx - bw * 0.05)}" y="${f(top - H * 0.27)}" width="${f(bw * 0.1)}" height="${f(H * 0.16)}" fill="url(#${id}-w)"/><rect x="${f(cx - bw * 0.08)}" y="${f(top - H * 0.3)}" width="${f(bw * 0.55)}" height="${f(H * 0.06)}" rx="${f(H * 0.02)}" fill="url(#${id}-w)"/>`;
      return `${defs}${shadow(bw)}${head}<rect x="${f(cx - bw / 2)}" y="${f(top)}" width="${f(bw)}" height="${f(bh)}" rx="${f(bw * 0.22)}" fill="url(#${glass})" opacity="0.95"/>${hi(cx - bw * 0.34, top + bh * 0.1, bw * 0.07, bh * 0.7)}${label(cx, top + bh * 0.22, bw * 0.84, bh * 0.52, brand, name)}`;
    }
    case "dermografo": {
      const len = H * 1.25;
      return `${defs}<ellipse cx="${f(cx)}" cy="${f(floor)}" rx="${f(len * 0.5)}" ry="${f(H * 0.05)}" fill="${C.ink}" opacity="0.16"/><g transform="translate(${f(cx)},${f(floor - H * 0.3)}) rotate(-28)"><rect x="${f(-len / 2)}" y="${f(-H * 0.09)}" width="${f(len * 0.72)}" height="${f(H * 0.18)}" rx="${f(H * 0.09)}" fill="url(#${id}-k)"/><rect x="${f(-len / 2 + len * 0.08)}" y="${f(-H * 0.092)}" width="${f(len * 0.05)}" height="${f(H * 0.184)}" fill="${C.gold}"/><path d="M${f(len * 0.22)},${f(-H * 0.08)} L${f(len * 0.42)},${f(-H * 0.03)} L${f(len * 0.42)},${f(H * 0.03)} L${f(len * 0.22)},${f(H * 0.08)}Z" fill="url(#${metal})"/><path d="M${f(len * 0.42)},${f(-H * 0.012)} L${f(len * 0.5)},0 L${f(len * 0.42)},${f(H * 0.012)}Z" fill="#6d625c"/>${txt(-len * 0.1, H * 0.035, brand.toUpperCase(), { size: H * 0.07, family: SANS_MEDIUM, fill: C.gold, anchor: "middle", spacing: H * 0.01 })}</g>${caption(cx, floor + H * 0.2, name, H)}`;
    }
    case "cartuchos": {
      const bw = H * 0.85;
      const bh = H * 0.6;
      const top = floor - bh;
      let cart = "";
      for (let i = 0; i < 3; i++) {
        const x = cx + bw * 0.58 + i * H * 0.09;
        cart += `<rect x="${f(x)}" y="${f(floor - H * 0.42)}" width="${f(H * 0.07)}" height="${f(H * 0.42)}" rx="${f(H * 0.02)}" fill="${shade(color, 0.55)}" opacity="0.9"/><rect x="${f(x)}" y="${f(floor - H * 0.42)}" width="${f(H * 0.07)}" height="${f(H * 0.08)}" rx="${f(H * 0.02)}" fill="${color}"/>`;
      }
      return `${defs}${shadow(bw * 1.3)}<path d="M${f(cx - bw / 2)},${f(top)} l${f(bw * 0.12)},${f(-bh * 0.12)} h${f(bw)} l${f(-bw * 0.12)},${f(bh * 0.12)}Z" fill="${shade(color, 0.35)}"/><rect x="${f(cx - bw / 2)}" y="${f(top)}" width="${f(bw)}" height="${f(bh)}" fill="${shade(color, 0.1)}"/><path d="M${f(cx + bw / 2)},${f(top)} l${f(bw * 0.12)},${f(-bh * 0.12)} v${f(bh)} l${f(-bw * 0.12)},${f(bh * 0.12)}Z" fill="${shade(color, -0.2)}"/>${cart}${label(cx, top + bh * 0.14, bw * 0.84, bh * 0.72, brand, name)}`;
    }
    case "paleta": {
      const bw = H * 1.05;
      const bh = H * 0.7;
      const top = floor - bh;
      const pans = ["#e8c4b0", "#d9a28c", "#b97c66", "#8f5a46", "#caa07e", "#6e4a3c", "#e3b3a6", "#a8665a", "#4a3630"];
      let grid = "";
      pans.forEach((c, i) => {
        const x = cx - bw * 0.33 + (i % 3) * bw * 0.22;
        const y = top + bh * 0.2 + Math.floor(i / 3) * bh * 0.2;
        grid += `<circle cx="${f(x)}" cy="${f(y)}" r="${f(bh * 0.08)}" fill="${c}"/><circle cx="${f(x - bh * 0.02)}" cy="${f(y - bh * 0.025)}" r="${f(bh * 0.025)}" fill="#fff" opacity="0.25"/>`;
      });
      return `${defs}${shadow(bw)}<rect x="${f(cx - bw / 2)}" y="${f(top)}" width="${f(bw)}" height="${f(bh)}" rx="${f(bh * 0.06)}" fill="${C.cocoa}"/><rect x="${f(cx - bw / 2 + bh * 0.04)}" y="${f(top + bh * 0.04)}" width="${f(bw - bh * 0.08)}" height="${f(bh * 0.66)}" rx="${f(bh * 0.04)}" fill="${C.ink}"/>${grid}${txt(cx, top + bh * 0.86, brand.toUpperCase(), { size: bh * 0.06, family: SANS_MEDIUM, fill: C.gold, anchor: "middle", spacing: bh * 0.02 })}${caption(cx, floor + H * 0.16, name, H)}`;
    }
    case "labial": {
      const bw = H * 0.22;
      return `${defs}${shadow(bw * 2.4)}<rect x="${f(cx - bw * 1.2)}" y="${f(floor - H * 0.5)}" width="${f(bw)}" height="${f(H * 0.5)}" rx="${f(bw * 0.1)}" fill="url(#${id}-k)"/><rect x="${f(cx - bw * 1.2)}" y="${f(floor - H * 0.54)}" width="${f(bw)}" height="${f(H * 0.04)}" fill="url(#${metal})"/>${txt(cx - bw * 0.7, floor - H * 0.2, brand.slice(0, 1).toUpperCase(), { size: bw * 0.6, family: SERIF, fill: C.gold, anchor: "middle" })}<rect x="${f(cx + bw * 0.2)}" y="${f(floor - H * 0.4)}" width="${f(bw)}" height="${f(H * 0.4)}" rx="${f(bw * 0.1)}" fill="url(#${metal})"/><rect x="${f(cx + bw * 0.3)}" y="${f(floor - H * 0.55)}" width="${f(bw * 0.8)}" height="${f(H * 0.16)}" fill="url(#${metal})"/><path d="M${f(cx + bw * 0.36)},${f(floor - H * 0.55)} L${f(cx + bw * 0.36)},${f(floor - H * 0.72)} L${f(cx + bw * 1.04)},${f(floor - H * 0.8)} L${f(cx + bw * 1.04)},${f(floor - H * 0.55)}Z" fill="${color}"/>${caption(cx, floor + H * 0.16, name, H)}`;
    }
    case "brocha": {
      return `${defs}<ellipse cx="${f(cx)}" cy="${f(floor)}" rx="${f(H * 0.5)}" ry="${f(H * 0.05)}" fill="${C.ink}" opacity="0.14"/><g transform="translate(${f(cx)},${f(floor - H * 0.4)}) rotate(-35)"><rect x="${f(-H * 0.6)}" y="${f(-H * 0.035)}" width="${f(H * 0.7)}" height="${f(H * 0.07)}" rx="${f(H * 0.035)}" fill="url(#${id}-k)"/><rect x="${f(H * 0.08)}" y="${f(-H * 0.05)}" width="${f(H * 0.18)}" height="${f(H * 0.1)}" fill="url(#${metal})"/><path d="M${f(H * 0.26)},${f(-H * 0.05)} C${f(H * 0.42)},${f(-H * 0.12)} ${f(H * 0.56)},${f(-H * 0.08)} ${f(H * 0.6)},0 C${f(H * 0.56)},${f(H * 0.08)} ${f(H * 0.42)},${f(H * 0.12)} ${f(H * 0.26)},${f(H * 0.05)}Z" fill="${C.blush}"/><path d="M${f(H * 0.45)},${f(-H * 0.07)} C${f(H * 0.55)},${f(-H * 0.06)} ${f(H * 0.6)},0 ${f(H * 0.6)},0 C${f(H * 0.58)},${f(H * 0.06)} ${f(H * 0.52)},${f(H * 0.08)} ${f(H * 0.45)},${f(H * 0.08)}Z" fill="${color}" opacity="0.7"/>${txt(-H * 0.28, H * 0.02, brand.toUpperCase(), { size: H * 0.035, family: SANS_MEDIUM, fill: C.gold, anchor: "middle", spacing: H * 0.006 })}</g>${caption(cx, floor + H * 0.18, name, H)}`;
    }
    case "lapiz": {
      let pencils = "";
      for (let i = 0; i < 3; i++) {
        const y = -H * 0.12 + i * H * 0.11;
        const c = shade(color, (i - 1) * 0.18);
        pencils += `<g transform="translate(0,${f(y)})"><rect x="${f(-H * 0.6)}" y="${f(-H * 0.035)}" width="${f(H * 0.95)}" height="${f(H * 0.07)}" fill="${i === 1 ? C.cocoa : C.sand}"/><path d="M${f(H * 0.35)},${f(-H * 0.035)} L${f(H * 0.5)},0 L${f(H * 0.35)},${f(H * 0.035)}Z" fill="#e6c9a8"/><path d="M${f(H * 0.45)},${f(-H * 0.012)} L${f(H * 0.5)},0 L${f(H * 0.45)},${f(H * 0.012)}Z" fill="${c}"/><rect x="${f(-H * 0.6)}" y="${f(-H * 0.035)}" width="${f(H * 0.07)}" height="${f(H * 0.07)}" fill="${c}"/></g>`;
      }
      return `${defs}<ellipse cx="${f(cx)}" cy="${f(floor)}" rx="${f(H * 0.55)}" ry="${f(H * 0.05)}" fill="${C.ink}" opacity="0.14"/><g transform="translate(${f(cx)},${f(floor - H * 0.32)}) rotate(-12)">${pencils}</g>${txt(cx, floor + H * 0.1, brand.toUpperCase(), { size: H * 0.045, family: SANS_MEDIUM, fill: C.clay, anchor: "middle", spacing: H * 0.012 })}${caption(cx, floor + H * 0.22, name, H)}`;
    }
    case "polvo": {
      const r = H * 0.42;
      return `${defs}${shadow(r * 2)}<ellipse cx="${f(cx)}" cy="${f(floor - r * 0.3)}" rx="${f(r)}" ry="${f(r * 0.34)}" fill="${C.cocoa}"/><ellipse cx="${f(cx)}" cy="${f(floor - r * 0.36)}" rx="${f(r * 0.86)}" ry="${f(r * 0.28)}" fill="${color}"/><ellipse cx="${f(cx - r * 0.25)}" cy="${f(floor - r * 0.42)}" rx="${f(r * 0.3)}" ry="${f(r * 0.08)}" fill="#fff" opacity="0.25"/><g transform="translate(${f(cx)},${f(floor - r * 0.62)}) rotate(-14)"><ellipse cx="0" cy="${f(-r * 0.5)}" rx="${f(r)}" ry="${f(r * 0.7)}" fill="url(#${metal})"/><ellipse cx="0" cy="${f(-r * 0.5)}" rx="${f(r * 0.82)}" ry="${f(r * 0.56)}" fill="${C.cocoa}"/>${txt(0, -r * 0.52, brand, { size: r * 0.22, family: SERIF, fill: C.gold, anchor: "middle" })}${txt(0, -r * 0.3, "PARIS · GDL", { size: r * 0.07, family: SANS_LIGHT, fill: C.gold, anchor: "middle", spacing: r * 0.03 })}</g>${caption(cx, floor + H * 0.18, name, H)}`;
    }
    case "hilo": {
      const r = H * 0.3;
      let turns = "";
      for (let i = 0; i < 9; i++)
        turns += `<line x1="${f(cx - r)}" y1="${f(floor - r * 1.6 + i * r * 0.14)}" x2="${f(cx + r)}" y2="${f(floor - r * 1.55 + i * r * 0.14)}" stroke="${shade(color, -0.2)}" stroke-width="1.4" opacity="0.5"/>`;
      return `${defs}${shadow(r * 2.2)}<rect x="${f(cx - r * 1.1)}" y="${f(floor - r * 2.05)}" width="${f(r * 2.2)}" height="${f(r * 0.2)}" rx="4" fill="${C.cocoa}"/><rect x="${f(cx - r)}" y="${f(floor - r * 1.85)}" width="${f(r * 2)}" height="${f(r * 1.6)}" fill="${color}"/>${turns}<rect x="${f(cx - r * 1.1)}" y="${f(floor - r * 0.25)}" width="${f(r * 2.2)}" height="${f(r * 0.25)}" rx="4" fill="${C.cocoa}"/><path d="M${f(cx + r)},${f(floor - r)} C${f(cx + r * 2)},${f(floor - r * 0.6)} ${f(cx + r * 2.4)},${f(floor - r * 1.8)} ${f(cx + r * 3)},${f(floor - r * 1.2)}" stroke="${color}" stroke-width="2.5" fill="none"/>${txt(cx, floor + H * 0.1, brand.toUpperCase(), { size: H * 0.045, family: SANS_MEDIUM, fill: C.clay, anchor: "middle", spacing: H * 0.012 })}${caption(cx, floor + H * 0.22, name, H)}`;
    }
    case "regla": {
      let ticks = "";
      for (let i = 0; i <= 20; i++)
        ticks += `<line x1="${f(-H * 0.55 + i * H * 0.055)}" y1="${f(-H * 0.06)}" x2="${f(-H * 0.55 + i * H * 0.055)}" y2="${f(-H * 0.06 + (i % 5 ? H * 0.03 : H * 0.055))}" stroke="${C.cocoa}" stroke-width="1.5"/>`;
      return `${defs}<ellipse cx="${f(cx)}" cy="${f(floor)}" rx="${f(H * 0.6)}" ry="${f(H * 0.05)}" fill="${C.ink}" opacity="0.14"/><g transform="translate(${f(cx)},${f(floor - H * 0.35)}) rotate(-8)"><rect x="${f(-H * 0.6)}" y="${f(-H * 0.07)}" width="${f(H * 1.2)}" height="${f(H * 0.14)}" rx="${f(H * 0.02)}" fill="url(#${metal})"/>${ticks}<path d="M${f(-H * 0.1)},${f(H * 0.07)} C${f(0)},${f(-H * 0.02)} ${f(H * 0.2)},${f(-H * 0.02)} ${f(H * 0.3)},${f(H * 0.07)}" stroke="${C.clay}" stroke-width="2" fill="none"/></g>${txt(cx, floor + H * 0.1, brand.toUpperCase(), { size: H * 0.045, family: SANS_MEDIUM, fill: C.clay, anchor: "middle", spacing: H * 0.012 })}${caption(cx, floor + H * 0.22, name, H)}`;
    }
  }
}

const PRODUCT_BACKDROPS: [string, string][] = [
  [C.cream, C.sand],
  [C.sand, C.blush],
  ["#f6ece3", "#e4cfc0"],
  [C.blush, "#d9b4a4"],
];

function shortName(nombre: string, marca: string): string {
  let s = nombre;
  if (marca && s.toLowerCase().startsWith(marca.toLowerCase())) s = s.slice(marca.length).trim();
  return s.replace(/\s+/g, " ");
}

/** 800×800 product shots: hero (0), in context with a swatch (1), label close-up (2). */
function productImage(p: { id: string; nombre: string; marca: string; categoria: string }, variant: number): Drawing {
  const W = 800;
  const shape = productShape(p.nombre, p.categoria);
  const color = productColor(p.nombre);
  const name = shortName(p.nombre, p.marca);
  const [bgTop, bgBottom] = PRODUCT_BACKDROPS[(hash(p.id) + variant) % PRODUCT_BACKDROPS.length]!;
  const defs = `${linear("bg", [
    [0, bgTop],
    [1, bgBottom],
  ])}${radial("sun", [
    [0, "#fff", 0.7],
    [1, "#fff", 0],
  ])}${linear("floor", [
    [0, shade(bgBottom, -0.04)],
    [1, shade(bgBottom, -0.12)],
  ])}`;
  const base = `<rect width="${W}" height="${W}" fill="url(#bg)"/><rect y="${W * 0.74}" width="${W}" height="${W * 0.26}" fill="url(#floor)"/>`;
  let body: string;
  if (variant === 0) {
    body = `${base}<circle cx="${W / 2}" cy="${W * 0.42}" r="${W * 0.34}" fill="url(#sun)"/><circle cx="${W / 2}" cy="${W * 0.42}" r="${W * 0.3}" fill="none" stroke="${C.clay}" stroke-width="1.5" opacity="0.35"/>${productObject(shape, W / 2, W * 0.78, W * 0.55, p.marca, name, color, "p")}`;
  } else if (variant === 1) {
    const swatch = `<path d="M${W * 0.68},${W * 0.9} C${W * 0.74},${W * 0.85} ${W * 0.84},${W * 0.87} ${W * 0.93},${W * 0.82}" stroke="${color}" stroke-width="${W * 0.05}" stroke-linecap="round" fill="none" opacity="0.85"/><circle cx="${W * 0.9}" cy="${W * 0.93}" r="${W * 0.025}" fill="${color}" opacity="0.9"/>`;
    const captioned = !["gotero", "set", "tarro", "tubo", "dosificador", "spray", "cartuchos"].includes(shape);
    body = `${base}${sprig(W * 0.85, W * 0.74, W * 0.42, 8, C.sage, 0.55)}${sprig(W * 0.12, W * 0.74, W * 0.3, -12, C.clay, 0.35)}${captioned ? "" : swatch}${productObject(shape, W * 0.42, W * 0.8, W * 0.5, p.marca, name, color, "p")}`;
  } else {
    body = `${base}<g transform="translate(${W / 2},${W * 0.62}) scale(1.7) translate(${-W / 2},${-W * 0.5})">${productObject(shape, W / 2, W * 0.78, W * 0.55, p.marca, name, color, "p")}</g><rect width="${W}" height="${W}" fill="none" stroke="${C.cream}" stroke-width="${W * 0.04}"/>${txt(W * 0.06, W * 0.1, p.marca.toUpperCase(), { size: W * 0.026, family: SANS_MEDIUM, fill: C.cocoa, spacing: W * 0.008, opacity: 0.7 })}`;
  }
  return { width: W, height: W, svg: svgDoc(W, W, defs, body) };
}

function hash(s: string): number {
  let h = 0;
  for (let i = 0; i < s.length; i++) h = (h * 31 + s.charCodeAt(i)) >>> 0;
  return h;
}

// ---------------------------------------------------------------- courses

function courseCard(
  w: number,
  h: number,
  c: { id: string; titulo: string; online: boolean },
  interior: boolean,
): Drawing {
  const rand = rng(`${c.id}-${interior ? "i" : "e"}`);
  const theme = themeOf(`${c.id} ${c.titulo}`);
  const sk = skin("sk", w, h, rand);
  const r = h * (interior ? 0.42 : 0.36);
  const cx = w * (interior ? 0.7 : 0.72);
  const cy = h * 0.5;
  const defs = `${sk.defs}${linear(
    "bg",
    [
      [0, C.cream],
      [1, C.blush],
    ],
    0,
    0,
    1,
    1,
  )}<clipPath id="medal"><circle cx="${f(cx)}" cy="${f(cy)}" r="${f(r)}"/></clipPath>`;
  const kicker = c.online ? "CURSO ONLINE" : "CURSO PRESENCIAL";
  const lines = wrap(c.titulo, interior ? 22 : 16, 3);
  const size = h * (interior ? 0.075 : 0.085);
  let title = "";
  lines.forEach((line, i) => {
    title += txt(w * 0.07, h * 0.42 + i * size * 1.1, line, { size, family: SERIF_BOLD, fill: C.cocoa });
  });
  const body = `<rect width="${w}" height="${h}" fill="url(#bg)"/><circle cx="${f(cx)}" cy="${f(cy)}" r="${f(r * 1.08)}" fill="none" stroke="${C.clay}" stroke-width="1.5" opacity="0.5"/><g clip-path="url(#medal)">${sk.base}<g transform="translate(${f(cx)},${f(cy)})">${subject(theme, r * 1.5, rand, "s", hash(c.id) % 3)}</g></g>${sprig(w * 0.93, h * 0.98, h * 0.4, -6, C.sage, 0.5)}${txt(w * 0.07, h * 0.3, kicker, { size: h * 0.03, family: SANS_MEDIUM, fill: C.clay, spacing: h * 0.01 })}${title}${txt(w * 0.07, h * 0.42 + lines.length * size * 1.1 + h * 0.04, "Academia Michel Alvarez", { size: h * 0.04, family: SERIF, fill: C.muted, italic: true })}`;
  return { width: w, height: h, svg: svgDoc(w, h, defs, body) };
}

function certificate(w: number, h: number, courseTitle: string): Drawing {
  const u = w / 1754;
  const defs = `${radial(
    "glow",
    [
      [0, "#fffdf9"],
      [1, C.sand],
    ],
    0.5,
    0.45,
    0.8,
  )}${linear(
    "foil",
    [
      [0, "#a8825c"],
      [0.5, "#e2c9a3"],
      [1, "#a8825c"],
    ],
    0,
    0,
    1,
    1,
  )}`;
  const corner = (x: number, y: number, sx: number, sy: number) =>
    `<g transform="translate(${f(x)},${f(y)}) scale(${sx * u},${sy * u})"><path d="M0,0 C60,0 90,20 120,60 M0,0 C0,60 20,90 60,120" stroke="url(#foil)" stroke-width="3" fill="none"/><circle cx="0" cy="0" r="9" fill="url(#foil)"/><path d="M22,22 C52,32 72,52 82,82" stroke="url(#foil)" stroke-width="1.5" fill="none"/></g>`;
  const lines = wrap(courseTitle, 46, 2);
  let course = "";
  lines.forEach((line, i) => {
    course += txt(w / 2, h * 0.67 + i * 54 * u, line, {
      size: 48 * u,
      family: SERIF_BOLD,
      fill: C.cocoa,
      anchor: "middle",
    });
  });
  const body = `<rect width="${w}" height="${h}" fill="url(#glow)"/><rect x="${f(46 * u)}" y="${f(46 * u)}" width="${f(w - 92 * u)}" height="${f(h - 92 * u)}" fill="none" stroke="url(#foil)" stroke-width="${f(7 * u)}"/><rect x="${f(68 * u)}" y="${f(68 * u)}" width="${f(w - 136 * u)}" height="${f(h - 136 * u)}" fill="none" stroke="${C.clay}" stroke-width="${f(1.5 * u)}" opacity="0.7"/>${corner(68 * u, 68 * u, 1, 1)}${corner(w - 68 * u, 68 * u, -1, 1)}${corner(68 * u, h - 68 * u, 1, -1)}${corner(w - 68 * u, h - 68 * u, -1, -1)}<g transform="translate(${f(w - 330 * u)},${f(150 * u)}) scale(${f(u)})" opacity="0.5">${brow("linea", 220, rng("cert"), "cb", C.clay)}</g><g transform="translate(${f(330 * u)},${f(150 * u)}) scale(${f(-u)},${f(u)})" opacity="0.5">${brow("linea", 220, rng("cert2"), "cb2", C.clay)}</g>${monogram(w / 2, 175 * u, 62 * u, C.clay)}${txt(w / 2, 295 * u, "MICHEL ALVAREZ · ACADEMIA DE MICROPIGMENTACIÓN", { size: 22 * u, family: SANS_MEDIUM, fill: C.clay, anchor: "middle", spacing: 7 * u })}${txt(w / 2, 420 * u, "Diploma", { size: 130 * u, family: SERIF, fill: C.cocoa, anchor: "middle", italic: true })}${txt(w / 2, 500 * u, "Se otorga el presente reconocimiento a", { size: 34 * u, family: SERIF, fill: C.muted, anchor: "middle", italic: true })}<line x1="${f(w * 0.22)}" y1="${f(h * 0.545)}" x2="${f(w * 0.78)}" y2="${f(h * 0.545)}" stroke="${C.clay}" stroke-width="${f(1.5 * u)}" opacity="0.6"/>${txt(w / 2, h * 0.615, "por haber concluido satisfactoriamente el curso", { size: 32 * u, family: SERIF, fill: C.muted, anchor: "middle", italic: true })}${course}<line x1="${f(w * 0.17)}" y1="${f(h * 0.84)}" x2="${f(w * 0.37)}" y2="${f(h * 0.84)}" stroke="${C.cocoa}" stroke-width="${f(1.2 * u)}"/><path d="M${f(w * 0.19)},${f(h * 0.825)} c${f(30 * u)},${f(-50 * u)} ${f(50 * u)},${f(-20 * u)} ${f(60 * u)},${f(-5 * u)} s${f(40 * u)},${f(-30 * u)} ${f(70 * u)},${f(-10 * u)} s${f(50 * u)},${f(10 * u)} ${f(90 * u)},${f(-15 * u)}" stroke="${C.cocoa}" stroke-width="${f(2.2 * u)}" fill="none" opacity="0.8"/>${txt(w * 0.27, h * 0.872, "Michel Alvarez", { size: 30 * u, family: SERIF_BOLD, fill: C.cocoa, anchor: "middle" })}${txt(w * 0.27, h * 0.9, "DIRECTORA ACADÉMICA", { size: 16 * u, family: SANS_LIGHT, fill: C.muted, anchor: "middle", spacing: 4 * u })}<line x1="${f(w * 0.63)}" y1="${f(h * 0.84)}" x2="${f(w * 0.83)}" y2="${f(h * 0.84)}" stroke="${C.cocoa}" stroke-width="${f(1.2 * u)}"/>${txt(w * 0.73, h * 0.872, "Fecha", { size: 30 * u, family: SERIF_BOLD, fill: C.cocoa, anchor: "middle" })}${txt(w * 0.73, h * 0.9, "GUADALAJARA, JALISCO", { size: 16 * u, family: SANS_LIGHT, fill: C.muted, anchor: "middle", spacing: 4 * u })}<circle cx="${f(w / 2)}" cy="${f(h * 0.845)}" r="${f(62 * u)}" fill="url(#foil)" opacity="0.9"/><circle cx="${f(w / 2)}" cy="${f(h * 0.845)}" r="${f(52 * u)}" fill="none" stroke="${C.cream}" stroke-width="${f(1.5 * u)}"/>${txt(w / 2, h * 0.845 + 12 * u, "MA", { size: 36 * u, family: SERIF_BOLD, fill: C.cream, anchor: "middle" })}`;
  return { width: w, height: h, svg: svgDoc(w, h, defs, body) };
}

function lessonPoster(w: number, h: number, kicker: string, title: string, course: string, seed: string): Drawing {
  const rand = rng(seed);
  const theme = themeOf(`${course} ${title}`);
  const defs = `${linear(
    "bg",
    [
      [0, C.cocoa],
      [1, C.ink],
    ],
    0,
    0,
    1,
    1,
  )}${radial("glow", [
    [0, C.clay, 0.45],
    [1, C.clay, 0],
  ])}`;
  const lines = wrap(title, 26, 2);
  let t = "";
  lines.forEach((line, i) => {
    t += txt(w * 0.08, h * 0.5 + i * h * 0.095, line, { size: h * 0.085, family: SERIF, fill: C.cream });
  });
  const art =
    theme === "estrias"
      ? `<svg x="${f(w * 0.5)}" y="0" width="${f(w * 0.5)}" height="${h}" opacity="0.5">${stretchMarks(w * 0.5, h, rand, false)}</svg>`
      : `<g transform="translate(${f(w * 0.74)},${f(h * 0.46)})" opacity="0.6">${subject(theme, h * 0.72, rand, "a", 0, C.blush)}</g>`;
  const body = `<rect width="${w}" height="${h}" fill="url(#bg)"/><circle cx="${f(w * 0.74)}" cy="${f(h * 0.46)}" r="${f(h * 0.5)}" fill="url(#glow)"/>${art}${txt(w * 0.08, h * 0.36, kicker.toUpperCase(), { size: h * 0.035, family: SANS_MEDIUM, fill: C.blush, spacing: h * 0.01 })}${t}${txt(w * 0.08, h * 0.5 + lines.length * h * 0.095 + h * 0.02, course, { size: h * 0.04, family: SERIF, fill: C.blush, italic: true, opacity: 0.85 })}<circle cx="${f(w * 0.74)}" cy="${f(h * 0.46)}" r="${f(h * 0.1)}" fill="${C.cream}" opacity="0.92"/><path d="M${f(w * 0.74 - h * 0.03)},${f(h * 0.46 - h * 0.045)} L${f(w * 0.74 + h * 0.05)},${f(h * 0.46)} L${f(w * 0.74 - h * 0.03)},${f(h * 0.46 + h * 0.045)}Z" fill="${C.cocoa}"/>${txt(w * 0.92, h * 0.92, "MICHEL ALVAREZ", { size: h * 0.026, family: SANS_LIGHT, fill: C.blush, anchor: "end", spacing: h * 0.008, opacity: 0.7 })}`;
  return { width: w, height: h, svg: svgDoc(w, h, defs, body) };
}

// ---------------------------------------------------------------- site: hero, studio video poster, facilities

function hero(w: number, h: number): Drawing {
  const rand = rng("hero");
  const defs = `${linear(
    "bg",
    [
      [0, C.cream],
      [0.55, "#f5ebe2"],
      [1, C.blush],
    ],
    0,
    0,
    1,
    1,
  )}${radial("sun", [
    [0, "#fff", 0.85],
    [1, "#fff", 0],
  ])}`;
  const body = `<rect width="${w}" height="${h}" fill="url(#bg)"/><circle cx="${f(w * 0.7)}" cy="${f(h * 0.48)}" r="${f(h * 0.46)}" fill="${C.sand}" opacity="0.7"/><circle cx="${f(w * 0.7)}" cy="${f(h * 0.48)}" r="${f(h * 0.5)}" fill="none" stroke="${C.clay}" stroke-width="1.5" opacity="0.35"/><circle cx="${f(w * 0.62)}" cy="${f(h * 0.36)}" r="${f(h * 0.4)}" fill="url(#sun)"/><g transform="translate(${f(w * 0.46)},${f(h * 0.52)})">${brow("microblading", w * 0.44, rand, "h1", C.cocoa, 0.19)}</g><path d="M${f(w * 0.44)},${f(h * 0.68)} C${f(w * 0.55)},${f(h * 0.6)} ${f(w * 0.75)},${f(h * 0.6)} ${f(w * 0.92)},${f(h * 0.7)}" stroke="${C.clay}" stroke-width="1.4" fill="none" opacity="0.5"/>${sprig(w * 0.93, h * 0.98, h * 0.5, -10, C.sage, 0.55)}${sprig(w * 0.42, h * 1.02, h * 0.3, 18, C.clay, 0.35)}${monogram(w * 0.9, h * 0.13, h * 0.055, C.clay)}`;
  return { width: w, height: h, svg: svgDoc(w, h, defs, body) };
}

/** The studio video's poster: its last frame (same overlay, title and subtitle). */
function videoPoster(w: number, h: number): Drawing {
  const defs = linear(
    "bg",
    [
      [0, C.cream],
      [0.6, "#f5e7de"],
      [1, C.blush],
    ],
    0,
    0,
    1,
    1,
  );
  const overlay = videoOverlaySvg("estudio")
    .replace(/^<svg[^>]*><defs><\/defs>/, "")
    .replace(/<\/svg>$/, "");
  const body = `<rect width="${w}" height="${h}" fill="url(#bg)"/><g transform="scale(${f(w / 960)})">${overlay}${txt(480, 540 * 0.56 + 66, "Michel Alvarez", { size: 84, family: SERIF, fill: C.cocoa, anchor: "middle" })}${txt(480, 540 * 0.76 + 14, "MICROPIGMENTACIÓN  ·  MAQUILLAJE  ·  GUADALAJARA", { size: 18, family: SANS_LIGHT, fill: C.clayDark, anchor: "middle" })}</g>`;
  return { width: w, height: h, svg: svgDoc(w, h, defs, body) };
}

type Room = { wall: [string, string]; floor: string; body: (w: number, h: number, rand: Rand) => string };

function archWindow(x: number, y: number, ww: number, wh: number): string {
  return `<path d="M${f(x)},${f(y + wh)} V${f(y + ww / 2)} A${f(ww / 2)},${f(ww / 2)} 0 0 1 ${f(x + ww)},${f(y + ww / 2)} V${f(y + wh)}Z" fill="url(#sky)" stroke="${C.cream}" stroke-width="${f(ww * 0.04)}"/><line x1="${f(x + ww / 2)}" y1="${f(y)}" x2="${f(x + ww / 2)}" y2="${f(y + wh)}" stroke="${C.cream}" stroke-width="${f(ww * 0.025)}"/><line x1="${f(x)}" y1="${f(y + wh * 0.55)}" x2="${f(x + ww)}" y2="${f(y + wh * 0.55)}" stroke="${C.cream}" stroke-width="${f(ww * 0.025)}"/><path d="M${f(x)},${f(y + wh)} L${f(x + ww)},${f(y + wh)} L${f(x + ww * 1.9)},${f(y + wh * 1.9)} L${f(x - ww * 0.3)},${f(y + wh * 1.9)}Z" fill="#fff" opacity="0.16"/>`;
}

function plant(x: number, floor: number, s: number, rand: Rand): string {
  let leaves = "";
  for (let i = 0; i < 9; i++) {
    const a = lerp(-70, 70, i / 8) + (rand() - 0.5) * 12;
    const len = s * lerp(0.5, 0.85, rand());
    leaves += `<ellipse cx="0" cy="${f(-len / 2)}" rx="${f(s * 0.09)}" ry="${f(len / 2)}" transform="translate(${f(x)},${f(floor - s * 0.35)}) rotate(${f(a)})" fill="${i % 2 ? C.sage : shade(C.sage, -0.18)}"/>`;
  }
  return `${leaves}<path d="M${f(x - s * 0.2)},${f(floor - s * 0.38)} L${f(x + s * 0.2)},${f(floor - s * 0.38)} L${f(x + s * 0.15)},${f(floor)} L${f(x - s * 0.15)},${f(floor)}Z" fill="${C.clay}"/>`;
}

function pendant(x: number, y: number, s: number): string {
  return `<line x1="${f(x)}" y1="0" x2="${f(x)}" y2="${f(y)}" stroke="${C.cocoa}" stroke-width="2"/><path d="M${f(x - s)},${f(y + s * 0.6)} A${f(s)},${f(s * 0.8)} 0 0 1 ${f(x + s)},${f(y + s * 0.6)}Z" fill="${C.clay}"/><ellipse cx="${f(x)}" cy="${f(y + s * 0.62)}" rx="${f(s * 0.5)}" ry="${f(s * 0.12)}" fill="#fff3d6"/><path d="M${f(x - s * 0.5)},${f(y + s * 0.62)} L${f(x - s * 2)},${f(y + s * 6)} L${f(x + s * 2)},${f(y + s * 6)} L${f(x + s * 0.5)},${f(y + s * 0.62)}Z" fill="#fff6dd" opacity="0.12"/>`;
}

function frame(x: number, y: number, w: number, h: number, art: string): string {
  return `<rect x="${f(x)}" y="${f(y)}" width="${f(w)}" height="${f(h)}" fill="${C.cream}" stroke="${C.gold}" stroke-width="${f(w * 0.04)}"/><g transform="translate(${f(x + w / 2)},${f(y + h / 2)})">${art}</g>`;
}

function bed(x: number, floor: number, w: number): string {
  const h = w * 0.16;
  return `<rect x="${f(x + w * 0.1)}" y="${f(floor - h * 1.8)}" width="${f(w * 0.05)}" height="${f(h * 1.8)}" fill="${C.cocoa}"/><rect x="${f(x + w * 0.85)}" y="${f(floor - h * 1.8)}" width="${f(w * 0.05)}" height="${f(h * 1.8)}" fill="${C.cocoa}"/><rect x="${f(x)}" y="${f(floor - h * 2.6)}" width="${f(w)}" height="${f(h)}" rx="${f(h * 0.45)}" fill="${C.cream}" stroke="${shade(C.sand, -0.1)}" stroke-width="2"/><path d="M${f(x)},${f(floor - h * 2.25)} L${f(x - w * 0.02)},${f(floor - h * 3.6)} L${f(x + w * 0.22)},${f(floor - h * 2.6)}Z" fill="${C.cream}" stroke="${shade(C.sand, -0.1)}" stroke-width="2"/><ellipse cx="${f(x + w * 0.08)}" cy="${f(floor - h * 3.1)}" rx="${f(w * 0.08)}" ry="${f(h * 0.3)}" fill="${C.blush}"/><rect x="${f(x + w * 0.3)}" y="${f(floor - h * 2.75)}" width="${f(w * 0.6)}" height="${f(h * 0.3)}" rx="${f(h * 0.15)}" fill="${C.blush}" opacity="0.8"/>`;
}

function armLamp(x: number, floor: number, s: number): string {
  return `<rect x="${f(x - s * 0.15)}" y="${f(floor - s * 0.05)}" width="${f(s * 0.3)}" height="${f(s * 0.05)}" fill="${C.cocoa}"/><line x1="${f(x)}" y1="${f(floor)}" x2="${f(x)}" y2="${f(floor - s * 1.4)}" stroke="${C.cocoa}" stroke-width="${f(s * 0.025)}"/><path d="M${f(x)},${f(floor - s * 1.4)} Q${f(x + s * 0.3)},${f(floor - s * 1.9)} ${f(x + s * 0.7)},${f(floor - s * 1.6)}" stroke="${C.cocoa}" stroke-width="${f(s * 0.025)}" fill="none"/><circle cx="${f(x + s * 0.75)}" cy="${f(floor - s * 1.55)}" r="${f(s * 0.16)}" fill="${C.cream}" stroke="${C.cocoa}" stroke-width="${f(s * 0.02)}"/><circle cx="${f(x + s * 0.75)}" cy="${f(floor - s * 1.55)}" r="${f(s * 0.09)}" fill="#fff3d6"/>`;
}

function shelves(x: number, y: number, w: number, rows: number, gap: number, rand: Rand): string {
  let out = "";
  for (let r = 0; r < rows; r++) {
    const sy = y + r * gap;
    out += `<rect x="${f(x)}" y="${f(sy)}" width="${f(w)}" height="${f(w * 0.025)}" fill="${C.clayDark}"/>`;
    let cx = x + w * 0.05;
    while (cx < x + w * 0.9) {
      const kind = rand();
      const c = pick(rand, [C.clay, C.cream, C.cocoa, C.blush, "#d9a08a", C.gold]);
      if (kind < 0.4) {
        const bh = w * lerp(0.1, 0.2, rand());
        out += `<rect x="${f(cx)}" y="${f(sy - bh)}" width="${f(w * 0.05)}" height="${f(bh)}" rx="${f(w * 0.01)}" fill="${c}"/>`;
        cx += w * 0.08;
      } else if (kind < 0.75) {
        out += `<rect x="${f(cx)}" y="${f(sy - w * 0.07)}" width="${f(w * 0.1)}" height="${f(w * 0.07)}" rx="${f(w * 0.012)}" fill="${c}"/><rect x="${f(cx - w * 0.005)}" y="${f(sy - w * 0.085)}" width="${f(w * 0.11)}" height="${f(w * 0.02)}" rx="3" fill="${C.cocoa}"/>`;
        cx += w * 0.14;
      } else {
        out += `<rect x="${f(cx)}" y="${f(sy - w * 0.2)}" width="${f(w * 0.03)}" height="${f(w * 0.2)}" fill="${c}"/><rect x="${f(cx + w * 0.035)}" y="${f(sy - w * 0.18)}" width="${f(w * 0.03)}" height="${f(w * 0.18)}" fill="${pick(rand, [C.sand, C.clay, C.sage])}"/>`;
        cx += w * 0.1;
      }
    }
  }
  return out;
}

function chair(x: number, floor: number, s: number, color: string = C.blush): string {
  return `<rect x="${f(x - s * 0.3)}" y="${f(floor - s * 1.05)}" width="${f(s * 0.6)}" height="${f(s * 0.55)}" rx="${f(s * 0.25)}" fill="${color}"/><rect x="${f(x - s * 0.35)}" y="${f(floor - s * 0.55)}" width="${f(s * 0.7)}" height="${f(s * 0.16)}" rx="${f(s * 0.08)}" fill="${shade(color, -0.08)}"/><line x1="${f(x - s * 0.25)}" y1="${f(floor - s * 0.4)}" x2="${f(x - s * 0.3)}" y2="${f(floor)}" stroke="${C.cocoa}" stroke-width="${f(s * 0.04)}"/><line x1="${f(x + s * 0.25)}" y1="${f(floor - s * 0.4)}" x2="${f(x + s * 0.3)}" y2="${f(floor)}" stroke="${C.cocoa}" stroke-width="${f(s * 0.04)}"/>`;
}

const ROOMS: Record<string, Room> = {
  recepcion: {
    wall: [C.cream, C.sand],
    floor: "#d8c1aa",
    body: (w, h, rand) =>
      `${archWindow(w * 0.08, h * 0.14, w * 0.16, h * 0.5)}${pendant(w * 0.5, h * 0.12, w * 0.03)}${pendant(w * 0.62, h * 0.1, w * 0.03)}<rect x="${f(w * 0.36)}" y="${f(h * 0.52)}" width="${f(w * 0.4)}" height="${f(h * 0.22)}" rx="${f(h * 0.02)}" fill="${C.clay}"/><rect x="${f(w * 0.35)}" y="${f(h * 0.5)}" width="${f(w * 0.42)}" height="${f(h * 0.03)}" rx="4" fill="${C.cocoa}"/>${monogram(w * 0.56, h * 0.63, h * 0.055, C.cream)}<rect x="${f(w * 0.43)}" y="${f(h * 0.2)}" width="${f(w * 0.26)}" height="${f(h * 0.12)}" fill="none"/>${txt(w * 0.56, h * 0.28, "Michel Alvarez", { size: h * 0.065, family: SERIF, fill: C.cocoa, anchor: "middle" })}${txt(w * 0.56, h * 0.33, "STUDIO", { size: h * 0.02, family: SANS_LIGHT, fill: C.clay, anchor: "middle", spacing: h * 0.012 })}${plant(w * 0.86, h * 0.74, h * 0.38, rand)}<rect x="${f(w * 0.47)}" y="${f(h * 0.44)}" width="${f(w * 0.05)}" height="${f(h * 0.06)}" rx="3" fill="${C.cream}"/><path d="M${f(w * 0.6)},${f(h * 0.5)} q${f(w * 0.02)},${f(-h * 0.08)} ${f(w * 0.04)},0" fill="${C.sage}"/>`,
  },
  cabina: {
    wall: ["#f7eee6", C.blush],
    floor: "#d9c4b0",
    body: (w, h, rand) =>
      `${archWindow(w * 0.72, h * 0.12, w * 0.16, h * 0.5)}${frame(w * 0.12, h * 0.16, w * 0.16, h * 0.2, `<g transform="translate(${f(-w * 0.06)},${f(h * 0.02)})">${brow("linea", w * 0.12, rand, "fr", C.clay)}</g>`)}${bed(w * 0.22, h * 0.76, w * 0.46)}${armLamp(w * 0.66, h * 0.76, h * 0.26)}<rect x="${f(w * 0.06)}" y="${f(h * 0.52)}" width="${f(w * 0.12)}" height="${f(h * 0.22)}" rx="6" fill="${C.cream}" stroke="${shade(C.sand, -0.12)}" stroke-width="2"/><rect x="${f(w * 0.075)}" y="${f(h * 0.47)}" width="${f(w * 0.02)}" height="${f(h * 0.05)}" fill="${C.clay}"/><rect x="${f(w * 0.1)}" y="${f(h * 0.48)}" width="${f(w * 0.02)}" height="${f(h * 0.04)}" fill="${C.cocoa}"/><rect x="${f(w * 0.13)}" y="${f(h * 0.475)}" width="${f(w * 0.03)}" height="${f(h * 0.045)}" rx="4" fill="${C.sand}"/>`,
  },
  tocador: {
    wall: [C.sand, "#e6d3c5"],
    floor: "#cdb39c",
    body: (w, h, rand) => {
      let bulbs = "";
      const mx = w * 0.3;
      const my = h * 0.12;
      const mw = w * 0.4;
      const mh = h * 0.42;
      for (let i = 0; i < 6; i++) {
        bulbs += `<circle cx="${f(mx - w * 0.018)}" cy="${f(my + (i + 0.5) * (mh / 6))}" r="${f(h * 0.014)}" fill="#fff3d6"/><circle cx="${f(mx + mw + w * 0.018)}" cy="${f(my + (i + 0.5) * (mh / 6))}" r="${f(h * 0.014)}" fill="#fff3d6"/>`;
      }
      for (let i = 0; i < 7; i++)
        bulbs += `<circle cx="${f(mx + (i + 0.5) * (mw / 7))}" cy="${f(my - h * 0.025)}" r="${f(h * 0.014)}" fill="#fff3d6"/>`;
      return `<rect x="${f(mx)}" y="${f(my)}" width="${f(mw)}" height="${f(mh)}" rx="8" fill="url(#mirror)" stroke="${C.gold}" stroke-width="5"/>${bulbs}<rect x="${f(w * 0.24)}" y="${f(h * 0.56)}" width="${f(w * 0.52)}" height="${f(h * 0.04)}" fill="${C.cocoa}"/><rect x="${f(w * 0.26)}" y="${f(h * 0.6)}" width="${f(w * 0.48)}" height="${f(h * 0.14)}" fill="${C.cream}" stroke="${shade(C.sand, -0.12)}" stroke-width="2"/><line x1="${f(w * 0.5)}" y1="${f(h * 0.6)}" x2="${f(w * 0.5)}" y2="${f(h * 0.74)}" stroke="${shade(C.sand, -0.12)}" stroke-width="2"/>${productObject("paleta", w * 0.36, h * 0.56, h * 0.1, "MA", "", C.clay, "tp")}${productObject("labial", w * 0.6, h * 0.56, h * 0.12, "MA", "", "#c0776b", "tl")}${chair(w * 0.5, h * 0.82, h * 0.3)}${plant(w * 0.88, h * 0.74, h * 0.3, rand)}${pendant(w * 0.1, h * 0.15, w * 0.025)}`;
    },
  },
  aula: {
    wall: [C.cream, "#efe2d6"],
    floor: "#d5bfa8",
    body: (w, h, rand) => {
      let chairs = "";
      for (let i = 0; i < 4; i++) chairs += chair(w * (0.22 + i * 0.17), h * 0.86, h * 0.22, i % 2 ? C.blush : C.sand);
      return `<rect x="${f(w * 0.25)}" y="${f(h * 0.12)}" width="${f(w * 0.5)}" height="${f(h * 0.3)}" rx="6" fill="#fffdf9" stroke="${C.cocoa}" stroke-width="4"/><g transform="translate(${f(w * 0.33)},${f(h * 0.3)})">${brow("linea", w * 0.16, rand, "a1", C.clay)}</g><g transform="translate(${f(w * 0.67)},${f(h * 0.3)}) scale(-1,1)">${brow("linea", w * 0.16, rand, "a2", C.clay)}</g><line x1="${f(w * 0.5)}" y1="${f(h * 0.16)}" x2="${f(w * 0.5)}" y2="${f(h * 0.38)}" stroke="${C.clay}" stroke-width="1.5" stroke-dasharray="6 6"/><rect x="${f(w * 0.14)}" y="${f(h * 0.56)}" width="${f(w * 0.72)}" height="${f(h * 0.035)}" fill="${C.clayDark}"/><line x1="${f(w * 0.18)}" y1="${f(h * 0.595)}" x2="${f(w * 0.18)}" y2="${f(h * 0.76)}" stroke="${C.cocoa}" stroke-width="5"/><line x1="${f(w * 0.82)}" y1="${f(h * 0.595)}" x2="${f(w * 0.82)}" y2="${f(h * 0.76)}" stroke="${C.cocoa}" stroke-width="5"/>${[0.25, 0.45, 0.65].map((k) => `<ellipse cx="${f(w * k)}" cy="${f(h * 0.5)}" rx="${f(h * 0.04)}" ry="${f(h * 0.055)}" fill="#e7c4ad"/><rect x="${f(w * k - h * 0.02)}" y="${f(h * 0.54)}" width="${f(h * 0.04)}" height="${f(h * 0.02)}" fill="#e7c4ad"/>`).join("")}${productObject("gotero", w * 0.75, h * 0.56, h * 0.1, "MA", "", C.cocoa, "ag")}${chairs}${pendant(w * 0.2, h * 0.05, w * 0.025)}${pendant(w * 0.8, h * 0.05, w * 0.025)}`;
    },
  },
  esterilizacion: {
    wall: ["#f8f3ee", "#e9ddd2"],
    floor: "#d2c0ae",
    body: (w, h, rand) =>
      `<rect x="${f(w * 0.1)}" y="${f(h * 0.12)}" width="${f(w * 0.8)}" height="${f(h * 0.2)}" fill="${C.cream}" stroke="${shade(C.sand, -0.15)}" stroke-width="2"/>${[0.3, 0.5, 0.7].map((k) => `<line x1="${f(w * k)}" y1="${f(h * 0.12)}" x2="${f(w * k)}" y2="${f(h * 0.32)}" stroke="${shade(C.sand, -0.15)}" stroke-width="2"/>`).join("")}<rect x="${f(w * 0.08)}" y="${f(h * 0.5)}" width="${f(w * 0.84)}" height="${f(h * 0.035)}" fill="${C.cocoa}"/><rect x="${f(w * 0.1)}" y="${f(h * 0.535)}" width="${f(w * 0.8)}" height="${f(h * 0.205)}" fill="${C.sand}" stroke="${shade(C.sand, -0.15)}" stroke-width="2"/><rect x="${f(w * 0.16)}" y="${f(h * 0.34)}" width="${f(w * 0.24)}" height="${f(h * 0.16)}" rx="10" fill="#f4f1ee" stroke="#b8aea6" stroke-width="3"/><circle cx="${f(w * 0.25)}" cy="${f(h * 0.42)}" r="${f(h * 0.05)}" fill="#ddd6d0" stroke="#9d938b" stroke-width="3"/><rect x="${f(w * 0.32)}" y="${f(h * 0.38)}" width="${f(w * 0.05)}" height="${f(h * 0.025)}" rx="3" fill="${C.sage}"/>${txt(w * 0.345, h * 0.45, "121°", { size: h * 0.025, family: SANS, fill: C.cocoa, anchor: "middle" })}<rect x="${f(w * 0.48)}" y="${f(h * 0.46)}" width="${f(w * 0.22)}" height="${f(h * 0.04)}" rx="6" fill="#d9d2cc"/>${[0, 1, 2, 3, 4].map((i) => `<rect x="${f(w * (0.5 + i * 0.04))}" y="${f(h * 0.44)}" width="${f(w * 0.02)}" height="${f(h * 0.03)}" rx="2" fill="${pick(rand, [C.clay, C.sage, C.gold])}"/>`).join("")}${productObject("dosificador", w * 0.8, h * 0.5, h * 0.16, "MA", "", C.sage, "es")}<rect x="${f(w * 0.13)}" y="${f(h * 0.02)}" width="${f(w * 0.74)}" height="${f(h * 0.06)}" fill="#fffaf0" opacity="0.8"/>`,
  },
  espera: {
    wall: [C.blush, "#dfc2b4"],
    floor: "#cfb49c",
    body: (w, h, rand) =>
      `${frame(w * 0.22, h * 0.14, w * 0.14, h * 0.18, lips(w * 0.09, "fl", "#c0776b"))}${frame(w * 0.4, h * 0.1, w * 0.2, h * 0.24, `<g transform="translate(${f(-w * 0.08)},${f(h * 0.02)})">${brow("linea", w * 0.16, rand, "fb", C.clay)}</g>`)}${frame(w * 0.64, h * 0.14, w * 0.14, h * 0.18, `<g transform="translate(0,${f(h * 0.02)})">${eye(w * 0.1, "fe", true, rand)}</g>`)}<rect x="${f(w * 0.2)}" y="${f(h * 0.5)}" width="${f(w * 0.6)}" height="${f(h * 0.14)}" rx="${f(h * 0.06)}" fill="${C.cream}"/><rect x="${f(w * 0.18)}" y="${f(h * 0.6)}" width="${f(w * 0.64)}" height="${f(h * 0.1)}" rx="${f(h * 0.04)}" fill="${C.sand}"/><rect x="${f(w * 0.16)}" y="${f(h * 0.52)}" width="${f(w * 0.06)}" height="${f(h * 0.18)}" rx="${f(h * 0.03)}" fill="${C.cream}"/><rect x="${f(w * 0.78)}" y="${f(h * 0.52)}" width="${f(w * 0.06)}" height="${f(h * 0.18)}" rx="${f(h * 0.03)}" fill="${C.cream}"/><ellipse cx="${f(w * 0.36)}" cy="${f(h * 0.57)}" rx="${f(w * 0.06)}" ry="${f(h * 0.04)}" fill="${C.clay}"/><ellipse cx="${f(w * 0.62)}" cy="${f(h * 0.57)}" rx="${f(w * 0.06)}" ry="${f(h * 0.04)}" fill="${C.sage}" opacity="0.8"/><ellipse cx="${f(w * 0.5)}" cy="${f(h * 0.88)}" rx="${f(w * 0.34)}" ry="${f(h * 0.06)}" fill="${C.cream}" opacity="0.6"/>${plant(w * 0.08, h * 0.74, h * 0.4, rand)}${plant(w * 0.92, h * 0.74, h * 0.34, rand)}`,
  },
  tienda: {
    wall: [C.cream, C.sand],
    floor: "#d6bfa7",
    body: (w, h, rand) =>
      `<rect x="${f(w * 0.12)}" y="${f(h * 0.1)}" width="${f(w * 0.76)}" height="${f(h * 0.62)}" fill="${shade(C.sand, -0.04)}" stroke="${C.clayDark}" stroke-width="4"/>${shelves(w * 0.14, h * 0.28, w * 0.72, 3, h * 0.2, rand)}${txt(w * 0.5, h * 0.07, "TIENDA PROFESIONAL", { size: h * 0.025, family: SANS_MEDIUM, fill: C.clay, anchor: "middle", spacing: h * 0.012 })}<rect x="${f(w * 0.35)}" y="${f(h * 0.78)}" width="${f(w * 0.3)}" height="${f(h * 0.12)}" rx="6" fill="${C.cream}" stroke="${shade(C.sand, -0.12)}" stroke-width="2"/>${productObject("set", w * 0.5, h * 0.78, h * 0.1, "MA", "", C.clay, "ts")}`,
  },
  fachada: {
    wall: ["#f3e7dc", "#e4cdbd"],
    floor: "#bfa48d",
    body: (w, h, rand) =>
      `<rect x="${f(w * 0.12)}" y="${f(h * 0.08)}" width="${f(w * 0.76)}" height="${f(h * 0.66)}" fill="${C.cream}" stroke="${shade(C.sand, -0.12)}" stroke-width="3"/><path d="M${f(w * 0.42)},${f(h * 0.74)} V${f(h * 0.42)} A${f(w * 0.08)},${f(w * 0.08)} 0 0 1 ${f(w * 0.58)},${f(h * 0.42)} V${f(h * 0.74)}Z" fill="${C.cocoa}"/><path d="M${f(w * 0.435)},${f(h * 0.74)} V${f(h * 0.43)} A${f(w * 0.065)},${f(w * 0.065)} 0 0 1 ${f(w * 0.565)},${f(h * 0.43)} V${f(h * 0.74)}Z" fill="url(#sky)" opacity="0.55"/>${archWindow(w * 0.18, h * 0.3, w * 0.14, h * 0.36)}${archWindow(w * 0.68, h * 0.3, w * 0.14, h * 0.36)}<path d="M${f(w * 0.1)},${f(h * 0.2)} H${f(w * 0.9)} L${f(w * 0.86)},${f(h * 0.27)} H${f(w * 0.14)}Z" fill="${C.clay}"/>${[...Array(10)].map((_, i) => `<path d="M${f(w * (0.14 + i * 0.072))},${f(h * 0.27)} q${f(w * 0.036)},${f(h * 0.03)} ${f(w * 0.072)},0" fill="${C.clay}"/>`).join("")}${txt(w * 0.5, h * 0.165, "Michel Alvarez", { size: h * 0.07, family: SERIF, fill: C.cocoa, anchor: "middle" })}${plant(w * 0.37, h * 0.76, h * 0.24, rand)}${plant(w * 0.63, h * 0.76, h * 0.24, rand)}<rect x="0" y="${f(h * 0.76)}" width="${w}" height="${f(h * 0.04)}" fill="#e9dccf"/>`,
  },
};

function facility(w: number, h: number, room: string, seed: string): Drawing {
  const rand = rng(seed);
  const r = ROOMS[room] ?? ROOMS.recepcion!;
  const defs = `${linear("wall", [
    [0, r.wall[0]],
    [1, r.wall[1]],
  ])}${linear("floor", [
    [0, r.floor],
    [1, shade(r.floor, -0.12)],
  ])}${linear("sky", [
    [0, "#fffaf2"],
    [1, "#f1dcc9"],
  ])}${linear(
    "mirror",
    [
      [0, "#f6f1ec"],
      [0.5, "#e7ddd5"],
      [1, "#fbf8f5"],
    ],
    0,
    0,
    1,
    1,
  )}${radial(
    "v",
    [
      [0.6, C.ink, 0],
      [1, C.ink, 0.18],
    ],
    0.5,
    0.5,
    0.8,
  )}`;
  let boards = "";
  for (let i = 0; i < 12; i++)
    boards += `<line x1="${f(w * (i / 11) * 1.6 - w * 0.3)}" y1="${f(h)}" x2="${f(w * 0.5 + (i / 11 - 0.5) * w * 0.6)}" y2="${f(h * 0.74)}" stroke="${shade(r.floor, -0.15)}" stroke-width="1.5" opacity="0.5"/>`;
  const body = `<rect width="${w}" height="${h}" fill="url(#wall)"/><rect y="${f(h * 0.74)}" width="${w}" height="${f(h * 0.26)}" fill="url(#floor)"/>${boards}<rect y="${f(h * 0.735)}" width="${w}" height="${f(h * 0.012)}" fill="${C.cream}"/>${r.body(w, h, rand)}<rect width="${w}" height="${h}" fill="url(#v)"/>`;
  return { width: w, height: h, svg: svgDoc(w, h, defs, body) };
}

/** Transparent overlays for seed/video/make-videos.sh (the videos are committed files). */
export function videoOverlaySvg(kind: "estudio" | "clase" | "punto"): string {
  const w = 960;
  const h = 540;
  if (kind === "punto")
    return `<svg xmlns="http://www.w3.org/2000/svg" width="18" height="18"><circle cx="9" cy="9" r="7" fill="${C.clay}"/></svg>`;
  if (kind === "estudio") {
    return svgDoc(
      w,
      h,
      "",
      `<g transform="translate(${f(w * 0.34)},${f(h * 0.4)})">${brow("microblading", w * 0.32, rng("video"), "ve", C.clayDark)}</g>${sprig(w * 0.9, h * 1.02, h * 0.42, -8, C.sage, 0.5)}${sprig(w * 0.1, h * 1.04, h * 0.3, 12, C.clay, 0.35)}`,
    );
  }
  return svgDoc(
    w,
    h,
    "",
    `<g transform="translate(${f(w * 0.66)},${f(h * 0.5)})" opacity="0.55">${brow("microblading", w * 0.28, rng("clase"), "vc", C.blush)}</g><rect x="${f(w * 0.08)}" y="${f(h * 0.86)}" width="${f(w * 0.84)}" height="2" fill="${C.blush}" fill-opacity="0.3"/>`,
  );
}

// ---------------------------------------------------------------- the jobs, from demo.json

export type Job = { file: string; render: () => Promise<Buffer> };

type Loose = Record<string, unknown>;
const obj = (v: unknown): Loose => (v && typeof v === "object" && !Array.isArray(v) ? (v as Loose) : {});
const list = (v: unknown): unknown[] => (Array.isArray(v) ? v : []);
const str = (v: unknown): string => (typeof v === "string" ? v : "");

const DEMO_PREFIX = "/media/demo/";
/** Private demo files (visit photos, the course manual): only routes that check access serve them. */
const PRIVATE_DEMO_PREFIX = "private:demo/";

/**
 * librsvg draws every element that has `opacity` through an offscreen layer of the whole
 * canvas; a shape's own fill/stroke opacity costs nothing. Hundreds of pores and hair
 * strokes make that the difference between 500 ms and 50 ms an image.
 */
function cheapOpacity(svg: string): string {
  return svg.replace(
    /(<(?:path|circle|ellipse|rect|line|text)\b[^>]*?) opacity="([\d.]+)"/g,
    '$1 fill-opacity="$2" stroke-opacity="$2"',
  );
}

async function encode(d: Drawing, file: string, quality = 80): Promise<Buffer> {
  const img = sharp(Buffer.from(cheapOpacity(d.svg)), { density: 72 }).resize(d.width, d.height, { fit: "fill" });
  if (file.endsWith(".webp")) return img.webp({ quality }).toBuffer();
  if (file.endsWith(".png")) return img.png({ compressionLevel: 6 }).toBuffer();
  return img.flatten({ background: C.cream }).jpeg({ quality }).toBuffer();
}

/**
 * Every file demo.json references, each with a way to draw it: public ones
 * (`/media/demo/...` → `<uploadsDir>/demo/...`) and private ones (`private:demo/...` →
 * `<privateDir>/demo/...`: visit photos show clients, the manual is for enrolled students).
 */
export function planDemoMedia(demo: Loose, uploadsDir: string, privateDir: string): Job[] {
  const jobs = new Map<string, Job>();
  const add = (url: string, draw: () => Drawing | Promise<Buffer>) => {
    let root: string;
    let rel: string;
    if (url.startsWith(DEMO_PREFIX)) [root, rel] = [uploadsDir, url.slice("/media/".length)];
    else if (url.startsWith(PRIVATE_DEMO_PREFIX)) [root, rel] = [privateDir, url.slice("private:".length)];
    else return;
    const file = path.resolve(root, rel);
    if (!file.startsWith(path.resolve(root) + path.sep)) return; // never outside its folder
    if (jobs.has(file) || /\.(webm|mp4)$/.test(file)) return;
    jobs.set(file, {
      file,
      render: async () => {
        const out = draw();
        return out instanceof Promise ? out : encode(out, file);
      },
    });
  };
  const stem = (url: string) => path.basename(url).replace(/\.[a-z]+$/, "");

  const categorias = new Map(list(demo.categoria).map((c) => [str(obj(c).id), str(obj(c).nombre)]));
  for (const raw of list(demo.producto)) {
    const p = obj(raw);
    const info = {
      id: str(p.id),
      nombre: str(p.nombre),
      marca: str(p.marca),
      categoria: categorias.get(str(p.categoria)) ?? str(p.categoria),
    };
    const urls = list(p.galeria).map((g) => str(obj(g).url));
    if (str(p.urlImagen) && !urls.includes(str(p.urlImagen))) urls.unshift(str(p.urlImagen));
    urls.forEach((url, i) => {
      add(url, () => productImage(info, i % 3));
    });
  }

  for (const raw of list(demo.servicios)) {
    const s = obj(raw);
    const theme = themeOf(`${str(s.id)} ${str(s.nombre)}`);
    add(str(s.urlImagen), () => skinCloseUp(900, 900, theme, `${str(s.id)}-portada`, 0));
    ["url1", "url2", "url3"].forEach((key, i) => {
      const names = ["Microblading", "Híbridas", "Ombré"];
      add(str(s[key]), () => techniqueCard(800, 800, names[i]!, `${str(s.id)}-${key}`));
    });
    list(s.galeria).forEach((g, i) => {
      const img = obj(g);
      const w = typeof img.width === "number" ? img.width : 900;
      const h = typeof img.height === "number" ? img.height : 1200;
      const seed = `${str(s.id)}-${i}`;
      const caption = str(img.name) || str(s.nombre);
      add(str(img.url), () =>
        i % 4 === 1
          ? beforeAfter(w, h, theme, seed)
          : i % 4 === 3
            ? framedStudy(w, h, theme, seed, i, caption)
            : skinCloseUp(w, h, theme, seed, i, i % 4 === 2 ? caption : undefined),
      );
    });
  }

  const cursoTitulos = new Map<string, string>();
  for (const raw of list(demo.cursos)) {
    const c = obj(raw);
    const online = c.tipo === "online" || (c.tipo === undefined && typeof c.descripcion_secundaria === "string");
    const info = { id: str(c.id), titulo: str(c.titulo_exterior) || str(c.titulo), online };
    cursoTitulos.set(info.id, info.titulo);
    const imagenes = obj(c.imagenes);
    add(str(imagenes.imagenExterior), () => courseCard(1200, 900, info, false));
    add(str(imagenes.imagenInterior), () => courseCard(1600, 900, info, true));
    list(imagenes.galeria).forEach((g, i) => {
      add(str(obj(g).url), () => skinCloseUp(1200, 900, themeOf(info.id), `${info.id}-g${i}`, i));
    });
    add(str(c.certificadoUrl), () => certificate(1754, 1240, str(c.titulo)));
    add(str(c.urlKit), () => manualPdf(str(c.titulo), str(c.descripcion)));
  }

  for (const raw of list(demo.unidades)) {
    const u = obj(raw);
    const course = cursoTitulos.get(str(u.curso_id)) ?? "";
    list(u.videos).forEach((v, i) => {
      const video = obj(v);
      add(str(video.poster), () =>
        lessonPoster(
          960,
          540,
          `Unidad ${Number(u.posicion) || 1} · Video ${i + 1}`,
          str(video.titulo) || str(u.nombre),
          course,
          stem(str(video.poster)),
        ),
      );
    });
  }

  for (const raw of list(demo.codigosVisitas)) {
    const v = obj(raw);
    const imagenes = obj(v.imagenes);
    // the theme comes from the file name (…/cejas-antes-1.jpg, …/labios-despues-2.jpg)
    list(imagenes.antes).forEach((url, i) => {
      add(str(url), () => visitPhoto(str(v.id), themeOf(stem(str(url))), false, i));
    });
    list(imagenes.despues).forEach((url, i) => {
      add(str(url), () => visitPhoto(str(v.id), themeOf(stem(str(url))), true, i));
    });
  }

  const sitio = obj(demo._sitio);
  add(str(sitio.hero), () => hero(1600, 1000));
  add(str(sitio.poster), () => videoPoster(960, 540));
  list(sitio.instalaciones).forEach((item, i) => {
    const url = typeof item === "string" ? item : str(obj(item).url);
    const room = stem(url).replace(/^\d+-/, "");
    add(url, () => facility(1200, 900, ROOMS[room] ? room : Object.keys(ROOMS)[i % 8]!, `inst-${i}`));
  });

  // anything else under /media/demo: a tasteful generic card, never a broken image
  const walk = (v: unknown) => {
    if (typeof v === "string") {
      if (/\.(jpe?g|webp|png)$/.test(v)) add(v, () => skinCloseUp(900, 900, themeOf(v), v, 0));
    } else if (Array.isArray(v)) v.forEach(walk);
    else if (v && typeof v === "object") Object.values(v).forEach(walk);
  };
  walk(demo);
  return [...jobs.values()];
}

function visitPhoto(id: string, theme: Theme, after: boolean, index: number): Drawing {
  const w = 900;
  const h = 1200;
  const rand = rng(`${id}-${after ? "d" : "a"}-${index}`);
  const sk = skin("sk", w, h, rng(id), hash(id) % SKIN_TONES.length);
  let art: string;
  const rot = (index ? 4 : -3) + (rand() - 0.5) * 3;
  if (theme === "labios") {
    art = `<g transform="translate(${w / 2},${h * 0.5}) rotate(${f(rot)}) scale(${index ? 1.15 : 1})">${lips(w * 0.8, "v", after ? "#c4736a" : "#cfa196", !after)}</g>`;
  } else {
    const kind: BrowKind = after ? (hash(id) % 2 ? "microblading" : "hibrida") : "natural";
    art = `<g transform="translate(${w * 0.08},${h * 0.55}) rotate(${f(rot)}) scale(${index ? 1.1 : 1})">${brow(kind, w * 0.84, rand, "v")}</g>`;
  }
  return {
    width: w,
    height: h,
    svg: svgDoc(
      w,
      h,
      sk.defs,
      `${sk.base}${art}${sk.vignette}${txt(w * 0.95, h * 0.96, "MICHEL ALVAREZ", { size: 18, family: SANS_LIGHT, fill: C.cream, anchor: "end", spacing: 6, opacity: 0.85 })}`,
    ),
  };
}

// ---------------------------------------------------------------- course manual (PDF)

async function manualPdf(title: string, description: string): Promise<Buffer> {
  const pdf = await PDFDocument.create();
  pdf.setTitle(`Manual · ${title}`);
  pdf.setAuthor("Michel Alvarez");
  const serif = await pdf.embedFont(StandardFonts.TimesRoman);
  const serifItalic = await pdf.embedFont(StandardFonts.TimesRomanItalic);
  const sans = await pdf.embedFont(StandardFonts.Helvetica);
  const clay = rgb(0xb4 / 255, 0x7a / 255, 0x63 / 255);
  const cocoa = rgb(0x4a / 255, 0x36 / 255, 0x30 / 255);
  const cream = rgb(0xfb / 255, 0xf7 / 255, 0xf2 / 255);
  const [W, H] = [595.28, 841.89];

  const cover = pdf.addPage([W, H]);
  cover.drawRectangle({ x: 0, y: 0, width: W, height: H, color: cream });
  cover.drawRectangle({ x: 30, y: 30, width: W - 60, height: H - 60, borderColor: clay, borderWidth: 1.5 });
  centered(cover, "MICHEL ALVAREZ · ACADEMIA", H - 140, sans, 11, clay);
  centered(cover, "Manual de la alumna", H - 300, serifItalic, 22, cocoa);
  wrap(title, 28, 3).forEach((line, i) => {
    centered(cover, line, H - 350 - i * 40, serif, 34, cocoa);
  });
  centered(cover, "Guadalajara, Jalisco", 90, serifItalic, 13, clay);

  const chapters: [string, string][] = [
    ["Bienvenida", description || "Gracias por formar parte de la academia."],
    [
      "Bioseguridad",
      "Trabaja siempre con material estéril y desechable: cartuchos nuevos por clienta, barreras de film en la máquina y en la lámpara, guantes de nitrilo y desinfección de superficies antes y después de cada servicio.",
    ],
    [
      "Diseño y visagismo",
      "Mide con hilo de mapeo o compás el inicio, el arco y la cola de la ceja. Respeta la estructura ósea de la clienta y valida el diseño con ella frente al espejo antes de comenzar.",
    ],
    [
      "Colorimetría",
      "Elige el pigmento según el fototipo y el subtono de la piel. En pieles cálidas evita tonos con base roja; en pieles con subtono frío utiliza modificadores cálidos para que el color sane neutro.",
    ],
    [
      "Cuidados posteriores",
      "Indica a la clienta limpiar la zona con agua y jabón neutro, aplicar una capa muy fina de bálsamo y evitar sol, sauna, alberca y maquillaje durante diez días. El retoque se agenda entre 30 y 45 días después.",
    ],
  ];
  const page = pdf.addPage([W, H]);
  page.drawRectangle({ x: 0, y: 0, width: W, height: H, color: cream });
  let y = H - 90;
  page.drawText("Contenido", { x: 60, y, size: 28, font: serif, color: cocoa });
  y -= 40;
  for (const [heading, body] of chapters) {
    page.drawText(heading, { x: 60, y, size: 16, font: serif, color: clay });
    y -= 22;
    for (const line of wrap(body, 80, 12)) {
      page.drawText(line, { x: 60, y, size: 11, font: sans, color: cocoa });
      y -= 16;
    }
    y -= 18;
  }
  return Buffer.from(await pdf.save());
}

function centered(page: PDFPage, s: string, y: number, font: PDFFont, size: number, color: ReturnType<typeof rgb>) {
  const width = font.widthOfTextAtSize(s, size);
  page.drawText(s, { x: (page.getWidth() - width) / 2, y, size, font, color });
}

// ---------------------------------------------------------------- entry point

export type DemoMediaReport = { written: number; skipped: number; ms: number };

/**
 * Writes every image (and the manual PDF) demo.json references under `<uploadsDir>/demo/`,
 * copies the studio video there, and the lesson video to `<privateDir>/videos/`. Files that
 * exist are left alone, so calling it on every start is cheap.
 */
export async function generateDemoMedia(
  uploadsDir: string,
  privateDir: string,
  demo?: unknown,
): Promise<DemoMediaReport> {
  const started = Date.now();
  const data = obj(demo ?? JSON.parse(await fsp.readFile(path.join(process.cwd(), "seed", "demo.json"), "utf8")));
  const jobs = planDemoMedia(data, uploadsDir, privateDir).filter((job) => !nonEmptyFile(job.file));
  let written = 0;

  const videoDir = path.join(process.cwd(), "seed", "video");
  const copies: [string, string][] = [
    [path.join(videoDir, "estudio.webm"), path.join(uploadsDir, "demo", "video", "estudio.webm")],
    [path.join(videoDir, "clase.webm"), path.join(privateDir, "videos", "clase.webm")],
  ];
  for (const [from, to] of copies) {
    if (nonEmptyFile(to) || !fs.existsSync(from)) continue;
    fs.mkdirSync(path.dirname(to), { recursive: true });
    writeAtomic(to, fs.readFileSync(from));
    written++;
  }

  if (jobs.length > 0) {
    prepareFonts();
    // Process-wide: each drawing (and, later, each upload) is rendered once, so libvips'
    // operation cache only holds memory (cold-boot RSS 1,073 → 709 MiB).
    sharp.cache(false);
    const queue = [...jobs];
    const workers = Math.max(2, Math.min(4, os.availableParallelism?.() ?? 2));
    await Promise.all(
      Array.from({ length: workers }, async () => {
        for (let job = queue.shift(); job; job = queue.shift()) {
          const data = await job.render();
          await fsp.mkdir(path.dirname(job.file), { recursive: true });
          const tmp = `${job.file}.${process.pid}.tmp`;
          await fsp.writeFile(tmp, data);
          await fsp.rename(tmp, job.file);
          written++;
        }
      }),
    );
  }
  const total = planDemoMedia(data, uploadsDir, privateDir).length + copies.length;
  return { written, skipped: total - written, ms: Date.now() - started };
}

function nonEmptyFile(file: string): boolean {
  try {
    return fs.statSync(file).size > 0;
  } catch {
    return false;
  }
}

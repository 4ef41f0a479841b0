/**
 * Drawing primitives of the demo media: every image is an SVG document built as a string,
 * from deterministic randomness (the same file always looks the same), a little geometry,
 * text, gradients and two small ornaments (a sprig, the studio's monogram).
 */
import { PALETTE as C, SERIF } from "./style";

/** An image to encode: its size and its SVG. */
export type Drawing = { width: number; height: number; svg: string };

export type Rand = () => number;
export type Pt = [number, number];

/** Deterministic PRNG (mulberry32) seeded from a text: the same file always looks the same. */
export function rng(seed: string): Rand {
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

export const lerp = (a: number, b: number, t: number) => a + (b - a) * t;
export const smooth = (e0: number, e1: number, x: number) => {
  const t = Math.min(1, Math.max(0, (x - e0) / (e1 - e0)));
  return t * t * (3 - 2 * t);
};
/** A coordinate with one decimal: keeps the SVG text short. */
export const f = (n: number) => (Math.round(n * 10) / 10).toString();
export const pick = <T>(rand: Rand, list: readonly T[]): T => list[Math.floor(rand() * list.length)]!;

function esc(s: string): string {
  return s.replace(/[&<>"']/g, (c) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&apos;" })[c]!);
}

export type TextOpts = {
  size: number;
  family?: string;
  fill?: string;
  anchor?: "start" | "middle" | "end";
  spacing?: number;
  opacity?: number;
  italic?: boolean;
};

/** A <text> element: (x, y) is the baseline start, centre or end per `anchor`. */
export function txt(x: number, y: number, s: string, o: TextOpts): string {
  return `<text x="${f(x)}" y="${f(y)}" font-family="${o.family ?? SERIF}" font-size="${f(o.size)}" fill="${o.fill ?? C.cocoa}" text-anchor="${o.anchor ?? "start"}"${o.spacing ? ` letter-spacing="${f(o.spacing)}"` : ""}${o.opacity !== undefined ? ` opacity="${o.opacity}"` : ""}${o.italic ? ` font-style="italic"` : ""}>${esc(s)}</text>`;
}

/** Greedy word wrap by an estimated character budget (no font metrics in SVG). */
export function wrap(s: string, maxChars: number, maxLines = 3): string[] {
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

/** A whole SVG document of w × h pixels. */
export function svgDoc(w: number, h: number, defs: string, body: string): string {
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${w}" height="${h}" viewBox="0 0 ${w} ${h}"><defs>${defs}</defs>${body}</svg>`;
}

/** Gradient definitions; stops are [offset, colour, opacity?]. */
export function linear(id: string, stops: [number, string, number?][], x1 = 0, y1 = 0, x2 = 0, y2 = 1): string {
  return `<linearGradient id="${id}" x1="${x1}" y1="${y1}" x2="${x2}" y2="${y2}">${stops
    .map(([o, c, a]) => `<stop offset="${o}" stop-color="${c}"${a !== undefined ? ` stop-opacity="${a}"` : ""}/>`)
    .join("")}</linearGradient>`;
}

export function radial(id: string, stops: [number, string, number?][], cx = 0.5, cy = 0.5, r = 0.5): string {
  return `<radialGradient id="${id}" cx="${cx}" cy="${cy}" r="${r}">${stops
    .map(([o, c, a]) => `<stop offset="${o}" stop-color="${c}"${a !== undefined ? ` stop-opacity="${a}"` : ""}/>`)
    .join("")}</radialGradient>`;
}

/** A point on a cubic Bézier curve (four control points) at t ∈ [0, 1]. */
export function cubicAt(p: Pt[], t: number): Pt {
  const u = 1 - t;
  const [a, b, c, d] = p as [Pt, Pt, Pt, Pt];
  return [
    u * u * u * a[0] + 3 * u * u * t * b[0] + 3 * u * t * t * c[0] + t * t * t * d[0],
    u * u * u * a[1] + 3 * u * u * t * b[1] + 3 * u * t * t * c[1] + t * t * t * d[1],
  ];
}

/** The unit tangent of the same curve at t. */
export function cubicTan(p: Pt[], t: number): Pt {
  const u = 1 - t;
  const [a, b, c, d] = p as [Pt, Pt, Pt, Pt];
  const x = 3 * u * u * (b[0] - a[0]) + 6 * u * t * (c[0] - b[0]) + 3 * t * t * (d[0] - c[0]);
  const y = 3 * u * u * (b[1] - a[1]) + 6 * u * t * (c[1] - b[1]) + 3 * t * t * (d[1] - c[1]);
  const len = Math.hypot(x, y) || 1;
  return [x / len, y / len];
}

/** A colour darkened (amount < 0) or lightened (amount > 0) by a fraction. */
export function shade(hex: string, amount: number): string {
  const n = Number.parseInt(hex.slice(1), 16);
  const ch = [(n >> 16) & 255, (n >> 8) & 255, n & 255].map((v) =>
    Math.round(amount < 0 ? v * (1 + amount) : v + (255 - v) * amount),
  );
  return `#${ch.map((v) => v.toString(16).padStart(2, "0")).join("")}`;
}

/** A stable number from a text: picks a backdrop or a skin tone for an id. */
export function hash(s: string): number {
  let h = 0;
  for (let i = 0; i < s.length; i++) h = (h * 31 + s.charCodeAt(i)) >>> 0;
  return h;
}

/** Lower case without accents, for matching words in names. */
export function normalize(s: string): string {
  return s
    .toLowerCase()
    .normalize("NFD")
    .replace(/[\u0300-\u036f]/g, "");
}

// ---------------------------------------------------------------- ornaments

/** A sprig of leaves standing at (x, y), s tall, rotated by rot degrees. */
export function sprig(x: number, y: number, s: number, rot: number, color: string = C.sage, opacity = 0.8): string {
  let leaves = "";
  for (let i = 0; i < 6; i++) {
    const t = i / 6;
    const side = i % 2 ? 1 : -1;
    leaves += `<ellipse cx="${f(side * s * 0.12)}" cy="${f(-t * s)}" rx="${f(s * 0.1)}" ry="${f(s * 0.045)}" transform="rotate(${side * 35} ${f(side * s * 0.12)} ${f(-t * s)})" fill="${color}"/>`;
  }
  return `<g transform="translate(${f(x)},${f(y)}) rotate(${rot})" opacity="${opacity}"><path d="M0,0 Q${f(s * 0.05)},${f(-s * 0.5)} 0,${f(-s * 1.05)}" stroke="${color}" stroke-width="${f(s * 0.012)}" fill="none"/>${leaves}</g>`;
}

/** The studio's "MA" monogram in a double ring. */
export function monogram(cx: number, cy: number, r: number, color: string = C.clay): string {
  return `<circle cx="${f(cx)}" cy="${f(cy)}" r="${f(r)}" fill="none" stroke="${color}" stroke-width="${f(r * 0.03)}"/><circle cx="${f(cx)}" cy="${f(cy)}" r="${f(r * 0.88)}" fill="none" stroke="${color}" stroke-width="${f(r * 0.012)}" opacity="0.6"/>${txt(cx, cy + r * 0.28, "MA", { size: r * 0.8, family: SERIF, fill: color, anchor: "middle", spacing: r * 0.04 })}`;
}

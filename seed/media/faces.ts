/**
 * Faces of the demo media: skin seen close up, brows (every technique the studio offers,
 * before and after), lips, eyes and stretch marks, and which of them a subject is about
 * (its theme, read from a service's, course's or file's name).
 */
import { PALETTE as C } from "./style";
import { cubicAt, cubicTan, f, lerp, linear, normalize, pick, type Pt, radial, type Rand, shade, smooth } from "./draw";

// ---------------------------------------------------------------- skin

/** Light, mid and deep shades of four skin tones. */
export const SKIN_TONES = [
  ["#f6e1d3", "#ecc9b4", "#d8a88d"],
  ["#f0d3bf", "#e0b397", "#c48f72"],
  ["#e8c2a6", "#d19f80", "#b07a5d"],
  ["#dcb293", "#c28d6d", "#9a6a50"],
] as const;

/** A close-up skin surface: soft radial light, pores, a vignette. */
export function skin(id: string, w: number, h: number, rand: Rand, tone = Math.floor(rand() * SKIN_TONES.length)) {
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

export type BrowKind = "microblading" | "hibrida" | "ombre" | "natural" | "antigua" | "linea";

/**
 * One brow, head at (0,0), tail near (L,0), arch above (negative y). Drawn as hair strokes
 * (microblading), powder shading (ombré), both (híbrida), sparse natural hairs (antes),
 * faded old pigment (before a neutralisation) or a single elegant line (illustration).
 */
export function brow(kind: BrowKind, L: number, rand: Rand, id: string, color: string = C.cocoa, arch = 0.2): string {
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
export function browPair(
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

/** Lips centred at (0,0), W wide: upper and lower lip with light; `soft` for a faded "before". */
export function lips(W: number, id: string, color = "#c0776b", soft = false): string {
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

/** An eye centred at (0,0), W wide, with lashes and, when `liner`, an eyeliner wing. */
export function eye(W: number, id: string, liner: boolean, rand: Rand): string {
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

/** Stretch marks across a w × h patch of skin; `faded` after the camouflage. */
export function stretchMarks(w: number, h: number, rand: Rand, faded: boolean): string {
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

// ---------------------------------------------------------------- themes (what to draw for a subject)

/** The subjects the studio works on; every drawing is about one of them. */
export type Theme = "cejas" | "labios" | "estrias" | "ojos" | "neutralizacion" | "maquillaje";

/** What a service, course or file is about, from the words in its name. */
export function themeOf(text: string): Theme {
  const s = normalize(text);
  if (/labio|lip/.test(s)) return "labios";
  if (/estria/.test(s)) return "estrias";
  if (/neutraliz|remocion|remover/.test(s)) return "neutralizacion";
  if (/delineado|ojo|pestan/.test(s)) return "ojos";
  if (/maquillaje|makeup|novia/.test(s)) return "maquillaje";
  return "cejas";
}

/** The theme's subject, centred at (0,0), about `size` wide. */
export function subject(
  theme: Theme,
  size: number,
  rand: Rand,
  id: string,
  variant = 0,
  color: string = C.cocoa,
): string {
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

/**
 * Service images of the demo media: the service pages' cover, technique cards and gallery
 * (close-ups, before/after pairs, framed studies) and the private visit photos a client
 * sees on her visit page.
 */
import { PALETTE as C, SANS_LIGHT, SANS_MEDIUM, SERIF } from "./style";
import { type Drawing, f, hash, linear, pick, rng, svgDoc, txt } from "./draw";
import { type BrowKind, brow, browPair, eye, lips, SKIN_TONES, skin, stretchMarks, subject, type Theme } from "./faces";

/** A close-up on skin: the service's subject, watermark, optional caption. */
export function skinCloseUp(
  w: number,
  h: number,
  theme: Theme,
  seed: string,
  variant: number,
  caption?: string,
): Drawing {
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
export function beforeAfter(w: number, h: number, theme: Theme, seed: string): Drawing {
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
export function framedStudy(
  w: number,
  h: number,
  theme: Theme,
  seed: string,
  variant: number,
  caption: string,
): Drawing {
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
export function techniqueCard(w: number, h: number, name: string, seed: string): Drawing {
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

/** A client's visit photo (private): her brows or lips before or after, watermarked. */
export function visitPhoto(id: string, theme: Theme, after: boolean, index: number): Drawing {
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

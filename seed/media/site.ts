/**
 * Site images of the demo media: the home page hero, the studio video's poster (and the
 * overlays its video was made with, seed/video/make-videos.sh) and the facilities photos,
 * one room of the studio each.
 */
import { PALETTE as C, SANS, SANS_LIGHT, SANS_MEDIUM, SERIF } from "./style";
import {
  type Drawing,
  f,
  lerp,
  linear,
  monogram,
  pick,
  radial,
  type Rand,
  rng,
  shade,
  sprig,
  svgDoc,
  txt,
} from "./draw";
import { brow, eye, lips } from "./faces";
import { productObject } from "./products";

/** The home page hero: a brow drawn on warm paper, sprigs and the monogram. */
export function hero(w: number, h: number): Drawing {
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
export function videoPoster(w: number, h: number): Drawing {
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

/** A room of the studio (the "Nosotros" facilities photos): wall, floor, furniture, vignette. */
export function facility(w: number, h: number, room: string, seed: string): Drawing {
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

/** The studio's rooms by the name the facilities photos carry (…/1-recepcion.jpg). */
export const ROOMS: Record<string, Room> = {
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

/** A room: its wall gradient, its floor and what stands in it. */
type Room = { wall: [string, string]; floor: string; body: (w: number, h: number, rand: Rand) => string };

// ---------------------------------------------------------------- furniture

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

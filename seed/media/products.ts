/**
 * Product shots of the demo media: each product drawn as what its name says it is (a
 * pigment dropper, a tattoo pen, a palette, a jar...), in a colour read from its name, with
 * its brand and name on the label, on one of four warm backdrops.
 */
import { PALETTE as C, SANS_LIGHT, SANS_MEDIUM, SERIF, SERIF_BOLD } from "./style";
import { type Drawing, f, hash, linear, normalize, radial, shade, sprig, svgDoc, txt, wrap } from "./draw";

/** 800×800 product shots: hero (0), in context with a swatch (1), label close-up (2). */
export function productImage(
  p: { id: string; nombre: string; marca: string; categoria: string },
  variant: number,
): Drawing {
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

/** Backdrops (top and bottom of the gradient), one per product and shot. */
const PRODUCT_BACKDROPS: [string, string][] = [
  [C.cream, C.sand],
  [C.sand, C.blush],
  ["#f6ece3", "#e4cfc0"],
  [C.blush, "#d9b4a4"],
];

/** The name without the brand it starts with (the label prints the brand apart). */
function shortName(nombre: string, marca: string): string {
  let s = nombre;
  if (marca && s.toLowerCase().startsWith(marca.toLowerCase())) s = s.slice(marca.length).trim();
  return s.replace(/\s+/g, " ");
}

/** A product drawn standing on the floor line `floor`, centred at cx, about H tall. */
export function productObject(
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

/** What a product can look like. */
export type ProductShape =
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

/** The shape a product is drawn as, from words in its name and category. */
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

/** A pigment's colour by the words of its name; clay when none matches. */
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

/** Keeps "15 ml", "5 piezas", "0.18 mm" on one line when wrapping. */
function keepUnits(s: string): string {
  return s.replace(/(\d)\s+(ml|g|m|mm|piezas|pzas|tonos)\b/g, "$1\u00a0$2");
}

/**
 * Course images of the demo media: the course cards (outside and inside), the lesson video
 * posters, the certificate artwork the diploma is printed on, and the course manual (a
 * small PDF kit for enrolled students).
 */
import { PDFDocument, type PDFFont, type PDFPage, rgb, StandardFonts } from "pdf-lib";
import { CERTIFICATE, type CertificateColor, type CertificateText } from "../../app/config/certificate";
import { PALETTE as C, SANS_LIGHT, SANS_MEDIUM, SERIF, SERIF_BOLD } from "./style";
import { type Drawing, f, hash, linear, monogram, radial, rng, sprig, svgDoc, txt, wrap } from "./draw";
import { brow, skin, stretchMarks, subject, themeOf } from "./faces";

/** A course's card: its title beside a medallion of its subject; wider inside the course. */
export function courseCard(
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

/** A lesson video's poster: the unit, the video's title and the course on cocoa. */
export function lessonPoster(
  w: number,
  h: number,
  kicker: string,
  title: string,
  course: string,
  seed: string,
): Drawing {
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

/**
 * The certificate artwork of a course (A4 landscape at 150 dpi): the texts, rules and frames
 * of app/config/certificate.ts, where the diploma PDF expects them, dressed in foil, corner
 * flourishes, brows, the monogram, a signature and a seal. The name line and the date are
 * left empty: the PDF prints them.
 */
export function certificate(w: number, h: number, courseTitle: string): Drawing {
  const u = w / 1754; // ornaments are drawn for 1754 px
  const pt = w / CERTIFICATE.page.width; // the certificate's places are in PDF points
  const ink = (color: CertificateColor) => CERTIFICATE.colors[color];
  const write = (text: string, at: Omit<CertificateText, "text">, dy = 0) =>
    txt(w * at.x, h * at.y + dy, text, {
      size: at.size * pt,
      family: at.face === "sans" ? SANS_MEDIUM : at.face === "serif" ? SERIF_BOLD : SERIF,
      italic: at.face === "italic",
      spacing: at.face === "sans" ? at.size * pt * 0.3 : undefined,
      fill: ink(at.color),
      anchor: "middle",
    });
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
  const [outer, inner] = CERTIFICATE.frames.map(({ inset, weight }) => ({ inset: inset * pt, weight: weight * pt }));
  const frames = `<rect x="${f(outer.inset)}" y="${f(outer.inset)}" width="${f(w - 2 * outer.inset)}" height="${f(h - 2 * outer.inset)}" fill="none" stroke="url(#foil)" stroke-width="${f(outer.weight)}"/><rect x="${f(inner.inset)}" y="${f(inner.inset)}" width="${f(w - 2 * inner.inset)}" height="${f(h - 2 * inner.inset)}" fill="none" stroke="${C.clay}" stroke-width="${f(inner.weight)}" opacity="0.7"/>`;
  const corner = (x: number, y: number, sx: number, sy: number) =>
    `<g transform="translate(${f(x)},${f(y)}) scale(${sx * u},${sy * u})"><path d="M0,0 C60,0 90,20 120,60 M0,0 C0,60 20,90 60,120" stroke="url(#foil)" stroke-width="3" fill="none"/><circle cx="0" cy="0" r="9" fill="url(#foil)"/><path d="M22,22 C52,32 72,52 82,82" stroke="url(#foil)" stroke-width="1.5" fill="none"/></g>`;
  const c = inner.inset;
  const corners = `${corner(c, c, 1, 1)}${corner(w - c, c, -1, 1)}${corner(c, h - c, 1, -1)}${corner(w - c, h - c, -1, -1)}`;
  const brows = `<g transform="translate(${f(w - 330 * u)},${f(150 * u)}) scale(${f(u)})" opacity="0.5">${brow("linea", 220, rng("cert"), "cb", C.clay)}</g><g transform="translate(${f(330 * u)},${f(150 * u)}) scale(${f(-u)},${f(u)})" opacity="0.5">${brow("linea", 220, rng("cert2"), "cb2", C.clay)}</g>`;
  const texts = CERTIFICATE.texts.map((text) => write(text.text, text)).join("");
  const rules = CERTIFICATE.rules
    .map(
      (rule) =>
        `<line x1="${f(w * rule.from)}" y1="${f(h * rule.y)}" x2="${f(w * rule.to)}" y2="${f(h * rule.y)}" stroke="${ink(rule.color)}" stroke-width="${f(rule.weight * pt)}"/>`,
    )
    .join("");
  const course = CERTIFICATE.fields.course;
  const courseLines = wrap(courseTitle, 46, 2)
    .map((line, i) => write(line, course, i * course.size * pt * 1.15))
    .join("");
  const signature = `<path d="M${f(w * 0.19)},${f(h * 0.825)} c${f(30 * u)},${f(-50 * u)} ${f(50 * u)},${f(-20 * u)} ${f(60 * u)},${f(-5 * u)} s${f(40 * u)},${f(-30 * u)} ${f(70 * u)},${f(-10 * u)} s${f(50 * u)},${f(10 * u)} ${f(90 * u)},${f(-15 * u)}" stroke="${C.cocoa}" stroke-width="${f(2.2 * u)}" fill="none" opacity="0.8"/>`;
  const seal = `<circle cx="${f(w / 2)}" cy="${f(h * 0.845)}" r="${f(62 * u)}" fill="url(#foil)" opacity="0.9"/><circle cx="${f(w / 2)}" cy="${f(h * 0.845)}" r="${f(52 * u)}" fill="none" stroke="${C.cream}" stroke-width="${f(1.5 * u)}"/>${txt(w / 2, h * 0.845 + 12 * u, "MA", { size: 36 * u, family: SERIF_BOLD, fill: C.cream, anchor: "middle" })}`;
  const body = `<rect width="${w}" height="${h}" fill="url(#glow)"/>${frames}${corners}${brows}${monogram(w / 2, 175 * u, 62 * u, C.clay)}${texts}${rules}${courseLines}${signature}${seal}`;
  return { width: w, height: h, svg: svgDoc(w, h, defs, body) };
}

/** The course manual: a cover and one page of chapters (a PDF in the student's kit). */
export async function manualPdf(title: string, description: string): Promise<Buffer> {
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

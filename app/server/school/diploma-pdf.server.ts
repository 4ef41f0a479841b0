/**
 * The diploma PDF (SPEC §9 'Diploma'): landscape A4 on the course's certificate image, with
 * the student's name and the date in Spanish, and the verification code with its address.
 * A course without artwork gets the certificate of app/config/certificate.ts drawn instead.
 * Standard fonts keep the text selectable and searchable. Who may have a diploma is decided
 * in diploma.server.ts; this module only draws.
 */
import { PDFDocument, type PDFFont, type PDFPage, rgb, StandardFonts } from "pdf-lib";
import QRCode from "qrcode";
import { CERTIFICATE, type CertificateColor, type CertificateFace } from "~/config/certificate";
import { formatSpanishDate } from "~/domain/dates";
import { env } from "../env.server";
import { loadSharp } from "../images.server";
import { readRef } from "../storage/index.server";
import { logError } from "../log.server";

/** Landscape A4 in PDF points. */
export const DIPLOMA_PAGE = [CERTIFICATE.page.width, CERTIFICATE.page.height] as const;

export type CertificateImage = { bytes: Uint8Array; type: "jpg" | "png" };

export type DiplomaContent = {
  nombre: string;
  curso: string;
  fecha: Date;
  codigo: string;
  imagen: CertificateImage | null;
};

/**
 * The course's certificate image (cursos.certificado_url: a /media/... path or a stored
 * reference) as JPEG or PNG bytes pdf-lib can embed; null when there is none or it cannot
 * be read (the PDF then draws its own certificate).
 */
export async function loadCertificateImage(ref: string): Promise<CertificateImage | null> {
  if (!ref) return null;
  try {
    const stored = await readRef(ref);
    if (!stored) return null;
    const sharp = await loadSharp();
    const image = sharp(stored.bytes);
    const { format, hasAlpha } = await image.metadata();
    if (format === "jpeg") return { bytes: stored.bytes, type: "jpg" };
    if (format === "png") return { bytes: stored.bytes, type: "png" };
    // WebP, AVIF, ...: pdf-lib embeds only JPEG and PNG.
    return hasAlpha
      ? { bytes: await image.png().toBuffer(), type: "png" }
      : { bytes: await image.jpeg({ quality: 90 }).toBuffer(), type: "jpg" };
  } catch (error) {
    logError(`No se pudo leer el certificado ${ref}`, error);
    return null;
  }
}

/**
 * The certificate image filling the page (or the drawn certificate when the course has
 * none), the student's name and the date in their places, and the verification line.
 */
export async function renderDiplomaPdf(content: DiplomaContent): Promise<Uint8Array> {
  const pdf = await PDFDocument.create();
  pdf.setTitle(`Diploma: ${content.curso}`);
  pdf.setAuthor("Michel Alvarez");
  pdf.setSubject(`Diploma de ${content.nombre}`);
  pdf.setLanguage("es-MX");
  const page = pdf.addPage([...DIPLOMA_PAGE]);
  const write = await writer(pdf, page);

  if (content.imagen) await drawArtwork(pdf, page, content.imagen);
  else drawPlainCertificate(page, write, content.curso);

  write(content.nombre, CERTIFICATE.fields.name);
  write(formatSpanishDate(content.fecha), CERTIFICATE.fields.date);
  const link = diplomaVerificationUrl(content.codigo);
  drawQr(page, link);
  write(`Folio: ${content.codigo} · ${link}`, {
    x: 0.5,
    y: 1 - 44 / CERTIFICATE.page.height,
    size: 7.5,
    face: "sans",
    color: "muted",
  });
  return pdf.save();
}

/** The public check of a folio: the absolute address the QR and the printed line carry. */
export function diplomaVerificationUrl(folio: string): string {
  return `${env.publicUrl.replace(/\/$/, "")}/diploma/${folio}`;
}

/** The QR side on the page, in points (about 2.5 cm: a phone reads it from arm's length). */
export const QR_SIZE = 72;
/** Its distance from the right and bottom edges: inside the drawn certificate's frames. */
const QR_MARGIN = 44;

/**
 * The verification address as a QR, drawn as vector squares in the bottom-right corner on a
 * white quiet zone (so any artwork behind it cannot confuse a reader).
 */
function drawQr(page: PDFPage, text: string) {
  const qr = QRCode.create(text, { errorCorrectionLevel: "M" });
  const n = qr.modules.size;
  const quiet = 4;
  const cell = QR_SIZE / (n + 2 * quiet);
  const { width } = page.getSize();
  const innerFrame = Math.max(0, ...CERTIFICATE.frames.map((f) => f.inset + f.weight));
  const x0 = width - Math.max(QR_MARGIN, innerFrame + 6) - QR_SIZE;
  const y0 = Math.max(QR_MARGIN, innerFrame + 6);
  page.drawRectangle({ x: x0, y: y0, width: QR_SIZE, height: QR_SIZE, color: rgb(1, 1, 1) });
  const dark = rgb(0, 0, 0);
  for (let row = 0; row < n; row++) {
    for (let col = 0; col < n; col++) {
      if (!qr.modules.get(row, col)) continue;
      page.drawRectangle({
        x: x0 + (quiet + col) * cell,
        // PDF y grows upwards; QR rows go down
        y: y0 + QR_SIZE - (quiet + row + 1) * cell,
        width: cell,
        height: cell,
        color: dark,
      });
    }
  }
}

/** Artwork drawn for A4 landscape fits exactly; anything else covers the page, centred. */
async function drawArtwork(pdf: PDFDocument, page: PDFPage, artwork: CertificateImage) {
  const { width, height } = page.getSize();
  const image = artwork.type === "jpg" ? await pdf.embedJpg(artwork.bytes) : await pdf.embedPng(artwork.bytes);
  const scale = Math.max(width / image.width, height / image.height);
  const w = image.width * scale;
  const h = image.height * scale;
  page.drawImage(image, { x: (width - w) / 2, y: (height - h) / 2, width: w, height: h });
}

/** A certificate for a course without artwork: paper, two frames, the texts and rules. */
function drawPlainCertificate(page: PDFPage, write: Write, curso: string) {
  const { width, height } = page.getSize();
  page.drawRectangle({ x: 0, y: 0, width, height, color: color("paper") });
  for (const { inset, weight } of CERTIFICATE.frames) {
    page.drawRectangle({
      x: inset,
      y: inset,
      width: width - 2 * inset,
      height: height - 2 * inset,
      borderColor: color("accent"),
      borderWidth: weight,
    });
  }
  for (const text of CERTIFICATE.texts) write(text.text, text);
  for (const rule of CERTIFICATE.rules) {
    page.drawLine({
      start: { x: width * rule.from, y: height * (1 - rule.y) },
      end: { x: width * rule.to, y: height * (1 - rule.y) },
      thickness: rule.weight,
      color: color(rule.color),
    });
  }
  write(curso, CERTIFICATE.fields.course);
}

type Placement = {
  x: number;
  y: number;
  size: number;
  face: CertificateFace;
  color: CertificateColor;
  /** fraction of the page width; the text shrinks to fit (80 % when not given) */
  maxWidth?: number;
};

type Write = (text: string, at: Placement) => void;

/** Writes text centred on its place, in the standard font of its face, shrunk to fit. */
async function writer(pdf: PDFDocument, page: PDFPage): Promise<Write> {
  const fonts: Record<CertificateFace, PDFFont> = {
    italic: await pdf.embedFont(StandardFonts.TimesRomanItalic),
    serif: await pdf.embedFont(StandardFonts.TimesRoman),
    sans: await pdf.embedFont(StandardFonts.Helvetica),
  };
  const { width, height } = page.getSize();
  return (text, at) => {
    const font = fonts[at.face];
    const safe = printable(text, font);
    const maxWidth = width * (at.maxWidth ?? 0.8);
    let size = at.size;
    while (size > 8 && font.widthOfTextAtSize(safe, size) > maxWidth) size -= 1;
    page.drawText(safe, {
      x: width * at.x - font.widthOfTextAtSize(safe, size) / 2,
      y: height * (1 - at.y),
      size,
      font,
      color: color(at.color),
    });
  };
}

function color(name: CertificateColor) {
  const n = Number.parseInt(CERTIFICATE.colors[name].slice(1), 16);
  return rgb(((n >> 16) & 255) / 255, ((n >> 8) & 255) / 255, (n & 255) / 255);
}

/**
 * Standard PDF fonts speak WinAnsi (Latin-1: every Spanish letter). Anything else in a
 * name is spelled without its accent, or dropped, instead of failing the download.
 */
function printable(text: string, font: PDFFont): string {
  const supported = new Set(font.getCharacterSet());
  return [...text.normalize("NFC")]
    .map((ch) => {
      if (supported.has(ch.codePointAt(0)!)) return ch;
      const plain = ch.normalize("NFD").replace(/\p{M}/gu, "");
      return [...plain].every((c) => supported.has(c.codePointAt(0)!)) ? plain : "";
    })
    .join("")
    .trim();
}

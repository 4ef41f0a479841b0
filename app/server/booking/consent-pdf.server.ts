/**
 * The client's PDF copy of a signed consent (issue 30): the exact text of the version she
 * signed (title, questions, declaration), her answers, her signature (the drawing, and the
 * typed name), when and from which IP, the record's hash and, once given, the artist's
 * countersignature. A4 portrait, pdf-lib's standard fonts (as the diploma): selectable text.
 */
import { PDFDocument, type PDFFont, type PDFPage, StandardFonts, rgb } from "pdf-lib";
import { SIGNATURE_BOX } from "~/domain/consent";
import { formatSpanishDateTime } from "~/domain/dates";
import type { ConsentView } from "./consent.server";

const PAGE = { width: 595.28, height: 841.89, margin: 56 } as const;
const INK = rgb(0.17, 0.13, 0.11);
const MUTED = rgb(0.45, 0.4, 0.37);

/** The characters the standard fonts (WinAnsi) can write; anything else becomes "?". */
const WIN_ANSI_EXTRA = new Set([..."€‚ƒ„…†‡ˆ‰Š‹ŒŽ‘’“”•–—˜™š›œžŸ"]);
export function winAnsi(text: string): string {
  return [...text.normalize("NFC")]
    .map((c) => {
      const code = c.codePointAt(0) ?? 0;
      if (c === "\t") return " ";
      if ((code >= 0x20 && code < 0x7f) || (code >= 0xa0 && code <= 0xff) || WIN_ANSI_EXTRA.has(c)) return c;
      return "?";
    })
    .join("");
}

/** The declaration's Markdown HTML as paragraphs of plain text. */
export function htmlToParagraphs(html: string): string[] {
  return html
    .split(/<\/(?:p|li|h\d)>/i)
    .map((part) =>
      part
        .replace(/<[^>]*>/g, "")
        .replace(/&nbsp;/g, " ")
        .replace(/&lt;/g, "<")
        .replace(/&gt;/g, ">")
        .replace(/&quot;/g, '"')
        .replace(/&#39;/g, "'")
        .replace(/&amp;/g, "&")
        .replace(/\s+/g, " ")
        .trim(),
    )
    .filter(Boolean);
}

class Writer {
  private page: PDFPage;
  private y: number;
  constructor(
    private readonly pdf: PDFDocument,
    private readonly regular: PDFFont,
    private readonly bold: PDFFont,
  ) {
    this.page = pdf.addPage([PAGE.width, PAGE.height]);
    this.y = PAGE.height - PAGE.margin;
  }

  get current() {
    return { page: this.page, y: this.y };
  }

  /** Room for `height` points on this page, or a new page. */
  need(height: number) {
    if (this.y - height < PAGE.margin) {
      this.page = this.pdf.addPage([PAGE.width, PAGE.height]);
      this.y = PAGE.height - PAGE.margin;
    }
  }

  gap(points: number) {
    this.y -= points;
  }

  text(
    value: string,
    { size = 10, bold = false, color = INK }: { size?: number; bold?: boolean; color?: typeof INK } = {},
  ) {
    const font = bold ? this.bold : this.regular;
    const width = PAGE.width - 2 * PAGE.margin;
    for (const line of wrap(winAnsi(value), font, size, width)) {
      this.need(size * 1.4);
      this.page.drawText(line, { x: PAGE.margin, y: this.y - size, size, font, color });
      this.y -= size * 1.4;
    }
  }

  /** The drawn signature in a box `height` points high. */
  drawing(path: string, height: number) {
    this.need(height + 8);
    const scale = height / SIGNATURE_BOX.height;
    const top = this.y;
    this.page.drawRectangle({
      x: PAGE.margin,
      y: top - height,
      width: SIGNATURE_BOX.width * scale,
      height,
      borderColor: MUTED,
      borderWidth: 0.5,
    });
    this.page.drawSvgPath(path, { x: PAGE.margin, y: top, scale, borderColor: INK, borderWidth: 1.6 / scale });
    this.y -= height + 8;
  }
}

function wrap(text: string, font: PDFFont, size: number, width: number): string[] {
  const lines: string[] = [];
  let line = "";
  for (const word of text.split(/\s+/).filter(Boolean)) {
    const candidate = line ? `${line} ${word}` : word;
    if (font.widthOfTextAtSize(candidate, size) <= width || !line) line = candidate;
    else {
      lines.push(line);
      line = word;
    }
  }
  if (line) lines.push(line);
  return lines.length > 0 ? lines : [""];
}

export async function renderConsentPdf(record: ConsentView): Promise<Uint8Array> {
  const pdf = await PDFDocument.create();
  pdf.setTitle(winAnsi(`${record.version.titulo} (versión ${record.version.version})`));
  pdf.setAuthor("Michel Alvarez");
  pdf.setSubject(winAnsi(`Consentimiento firmado por ${record.nombre}`));
  pdf.setLanguage("es-MX");
  const regular = await pdf.embedFont(StandardFonts.Helvetica);
  const bold = await pdf.embedFont(StandardFonts.HelveticaBold);
  const w = new Writer(pdf, regular, bold);

  w.text("Michel Alvarez · Copia de tu consentimiento firmado", { size: 9, color: MUTED });
  w.gap(6);
  w.text(record.version.titulo, { size: 16, bold: true });
  w.text(`Versión ${record.version.version}`, { size: 9, color: MUTED });
  w.gap(10);

  const answers = new Map(record.respuestas.map((r) => [r.id, r]));
  for (const r of record.respuestas) {
    w.text(r.pregunta, { bold: true });
    w.text(`${r.respuesta === "si" ? "Sí" : "No"}${r.detalle ? `: ${r.detalle}` : ""}`);
    w.gap(4);
  }
  if (answers.size === 0) w.text("Sin preguntas para este tratamiento.", { color: MUTED });
  w.gap(8);
  for (const paragraph of htmlToParagraphs(record.version.declaracionHtml)) {
    w.text(paragraph);
    w.gap(4);
  }
  w.gap(10);

  w.text("Firma de la clienta", { bold: true });
  if (record.firmaTrazo) w.drawing(record.firmaTrazo, 70);
  w.text(`Nombre: ${record.firmaNombre}`);
  w.text(
    `Firmado el ${formatSpanishDateTime(record.firmadoEn)} (hora del centro de México)${record.ip ? ` desde la IP ${record.ip}` : ""}`,
  );
  w.gap(8);
  w.text("Firma de la especialista", { bold: true });
  w.text(
    record.contrafirmadoEn && record.especialistaNombre
      ? `${record.especialistaNombre}, el ${formatSpanishDateTime(record.contrafirmadoEn)}`
      : "Pendiente: la especialista firma el día de tu cita.",
  );
  w.gap(12);
  w.text(`Huella del documento (SHA-256): ${record.hash}`, { size: 8, color: MUTED });
  w.text(`Huella del texto de la versión: ${record.version.hash}`, { size: 8, color: MUTED });
  return pdf.save();
}

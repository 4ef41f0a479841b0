/**
 * Diplomas: who earned one, the row that proves it, and the PDF (SPEC §4, §9).
 *
 * A diploma exists only once earned — a perfect exam, or, for a course without exam,
 * reaching its last unit — and its id is the short verification code printed on the PDF
 * and looked up by /diploma/{codigo}. The PDF is drawn on every download from that row,
 * so nothing is stored but the fact.
 */
import { randomInt } from "node:crypto";
import { and, eq } from "drizzle-orm";
import { PDFDocument, type PDFFont, type PDFPage, StandardFonts, rgb } from "pdf-lib";
import sharp from "sharp";
import { formatSpanishDate } from "~/domain/dates";
import { type Curso, type DbOrTx, lastUnitId, requireEnrolment } from "./courses.server";
import { getDb } from "./db/index.server";
import { cursos, diplomas, user as users } from "./db/schema";
import { env } from "./env.server";
import { readRef } from "./storage/index.server";

export type Diploma = typeof diplomas.$inferSelect;

export const DIPLOMA_FILENAME = "certificado_michel.pdf";

/** Landscape A4 in PDF points. */
export const DIPLOMA_PAGE = [841.89, 595.28] as const;

export const DIPLOMA_NOT_EARNED = {
  exam: "Para obtener tu diploma es necesario obtener una calificacion perfecta.",
  units: "Termina todas las unidades del curso para obtener tu diploma.",
} as const;

// No 0/O, 1/I/L: the code is read off paper and typed by hand.
const CODE_ALPHABET = "ABCDEFGHJKMNPQRSTUVWXYZ23456789";
const CODE_LENGTH = 8;

export function newDiplomaCode(): string {
  let code = "";
  for (let i = 0; i < CODE_LENGTH; i++) code += CODE_ALPHABET[randomInt(CODE_ALPHABET.length)];
  return code;
}

export async function findDiploma(userId: string, cursoId: string, db: DbOrTx = getDb()): Promise<Diploma | null> {
  const [row] = await db
    .select()
    .from(diplomas)
    .where(and(eq(diplomas.userId, userId), eq(diplomas.cursoId, cursoId)))
    .limit(1);
  return row ?? null;
}

/** Records an earned diploma; earning it again keeps the first one (and its code and date). */
export async function issueDiploma(
  db: DbOrTx,
  earned: { userId: string; cursoId: string; nombre: string },
): Promise<Diploma> {
  const [created] = await db
    .insert(diplomas)
    .values({ id: newDiplomaCode(), ...earned })
    .onConflictDoNothing({ target: [diplomas.userId, diplomas.cursoId] })
    .returning();
  if (created) return created;
  const existing = await findDiploma(earned.userId, earned.cursoId, db);
  if (!existing) throw new Error("No se pudo registrar el diploma.");
  return existing;
}

/**
 * A course without exam is completed by reaching its last unit: the viewer calls this
 * whenever a unit is opened, and the diploma is issued on the last one.
 */
export async function noteUnitReached(
  user: { id: string; name: string },
  curso: Pick<Curso, "id" | "examen">,
  unidadId: string,
): Promise<Diploma | null> {
  if (curso.examen) return null;
  if ((await lastUnitId(curso.id)) !== unidadId) return null;
  return issueDiploma(getDb(), { userId: user.id, cursoId: curso.id, nombre: user.name });
}

/**
 * Guard of the diploma download: enrolled (else redirect home) and earned (else 403 with
 * the spec's reason). Returns what the PDF needs.
 */
export async function requireEarnedDiploma(request: Request, cursoId: string) {
  const { user, curso, ultimaUnidadId } = await requireEnrolment(request, cursoId);
  let diploma = await findDiploma(user.id, cursoId);
  if (!diploma && !curso.examen && ultimaUnidadId) {
    diploma = await noteUnitReached(user, curso, ultimaUnidadId);
  }
  if (!diploma) {
    throw new Response(curso.examen ? DIPLOMA_NOT_EARNED.exam : DIPLOMA_NOT_EARNED.units, {
      status: 403,
      headers: { "Content-Type": "text/plain; charset=utf-8" },
    });
  }
  return { user, curso, diploma };
}

/** The public verification page's data: name, course and date of a code, or null. */
export async function verifyDiploma(codigo: string) {
  const code = codigo.trim().toUpperCase();
  if (!/^[A-Z0-9]{4,16}$/.test(code)) return null;
  const [row] = await getDb()
    .select({
      codigo: diplomas.id,
      nombre: users.name,
      curso: cursos.titulo,
      emitidoEn: diplomas.emitidoEn,
    })
    .from(diplomas)
    .innerJoin(cursos, eq(cursos.id, diplomas.cursoId))
    .innerJoin(users, eq(users.id, diplomas.userId))
    .where(eq(diplomas.id, code))
    .limit(1);
  return row ?? null;
}

/** The PDF download response of an earned diploma, with the user's current name. */
export async function diplomaResponse(diploma: Diploma, curso: Curso, nombre: string): Promise<Response> {
  if (diploma.nombre !== nombre) {
    // The name printed is the student's current one; the row follows so the verification page agrees.
    await getDb().update(diplomas).set({ nombre }).where(eq(diplomas.id, diploma.id));
  }
  const pdf = await renderDiplomaPdf({
    nombre,
    curso: curso.titulo,
    fecha: diploma.emitidoEn,
    codigo: diploma.id,
    imagen: await loadCertificateImage(curso.certificadoUrl),
  });
  return new Response(Buffer.from(pdf), {
    headers: {
      "Content-Type": "application/pdf",
      "Content-Disposition": `attachment; filename="${DIPLOMA_FILENAME}"`,
      "Cache-Control": "private, no-store",
    },
  });
}

// ---------------------------------------------------------------- the PDF

/**
 * The course's certificate image (cursos.certificado_url: a /media/... path or a stored
 * reference) as JPEG or PNG bytes pdf-lib can embed; null when there is none or it cannot
 * be read (the PDF then draws its own certificate).
 */
export async function loadCertificateImage(ref: string): Promise<{ bytes: Uint8Array; type: "jpg" | "png" } | null> {
  if (!ref) return null;
  try {
    const stored = await readRef(ref);
    if (!stored) return null;
    const image = sharp(stored.bytes);
    const { format, hasAlpha } = await image.metadata();
    if (format === "jpeg") return { bytes: stored.bytes, type: "jpg" };
    if (format === "png") return { bytes: stored.bytes, type: "png" };
    // WebP, AVIF, ...: pdf-lib embeds only JPEG and PNG.
    return hasAlpha
      ? { bytes: await image.png().toBuffer(), type: "png" }
      : { bytes: await image.jpeg({ quality: 90 }).toBuffer(), type: "jpg" };
  } catch (error) {
    console.error(`No se pudo leer el certificado ${ref}:`, error);
    return null;
  }
}

const COCOA = rgb(0x4a / 255, 0x36 / 255, 0x30 / 255);
const CLAY = rgb(0xb4 / 255, 0x7a / 255, 0x63 / 255);
const MUTED = rgb(0x7a / 255, 0x6a / 255, 0x62 / 255);
const CREAM = rgb(0xfb / 255, 0xf7 / 255, 0xf2 / 255);

/**
 * Where the studio's certificate artwork leaves room for the name and the date: centres
 * as fractions of the page, measured from the top-left corner (the artwork already
 * carries the heading, the course title and the signatures).
 */
export const CERTIFICATE_LAYOUT = {
  name: { x: 0.5, y: 0.505, maxWidth: 0.62 },
  date: { x: 0.73, y: 0.822 },
} as const;

export type DiplomaContent = {
  nombre: string;
  curso: string;
  fecha: Date;
  codigo: string;
  imagen: { bytes: Uint8Array; type: "jpg" | "png" } | null;
};

/**
 * Landscape A4: the certificate image filling the page (or a drawn one when the course has
 * none), the student's name in Times italic, the date in Spanish and the verification code
 * with its address. Standard fonts keep the text selectable and searchable.
 */
export async function renderDiplomaPdf(content: DiplomaContent): Promise<Uint8Array> {
  const pdf = await PDFDocument.create();
  pdf.setTitle(`Diploma: ${content.curso}`);
  pdf.setAuthor("Michel Alvarez");
  pdf.setSubject(`Diploma de ${content.nombre}`);
  pdf.setLanguage("es-MX");
  const page = pdf.addPage([...DIPLOMA_PAGE]);
  const [width, height] = DIPLOMA_PAGE;
  const fonts = {
    italic: await pdf.embedFont(StandardFonts.TimesRomanItalic),
    serif: await pdf.embedFont(StandardFonts.TimesRoman),
    sans: await pdf.embedFont(StandardFonts.Helvetica),
  };
  /** Draws text centred on (x, y from the top), shrinking it to fit maxWidth. */
  const centred = (
    text: string,
    font: PDFFont,
    size: number,
    x: number,
    top: number,
    color = COCOA,
    maxWidth = width * 0.8,
  ) => {
    const safe = printable(text, font);
    let s = size;
    while (s > 8 && font.widthOfTextAtSize(safe, s) > maxWidth) s -= 1;
    page.drawText(safe, { x: x - font.widthOfTextAtSize(safe, s) / 2, y: height - top, size: s, font, color });
  };

  if (content.imagen) {
    const image =
      content.imagen.type === "jpg"
        ? await pdf.embedJpg(content.imagen.bytes)
        : await pdf.embedPng(content.imagen.bytes);
    // Cover the page, centred: artwork drawn for A4 landscape fits exactly.
    const scale = Math.max(width / image.width, height / image.height);
    const w = image.width * scale;
    const h = image.height * scale;
    page.drawImage(image, { x: (width - w) / 2, y: (height - h) / 2, width: w, height: h });
  } else {
    drawPlainCertificate(page, fonts, content.curso, centred);
  }

  const { name, date } = CERTIFICATE_LAYOUT;
  centred(content.nombre, fonts.italic, 44, width * name.x, height * name.y, COCOA, width * name.maxWidth);
  centred(formatSpanishDate(content.fecha), fonts.serif, 15, width * date.x, height * date.y, COCOA, width * 0.2);
  const link = `${env.publicUrl.replace(/\/$/, "")}/diploma/${content.codigo}`;
  centred(`Código de verificación: ${content.codigo} · ${link}`, fonts.sans, 7.5, width / 2, height - 44, MUTED);
  return pdf.save();
}

type Centred = (
  text: string,
  font: PDFFont,
  size: number,
  x: number,
  top: number,
  color?: ReturnType<typeof rgb>,
) => void;

/** A certificate for a course without artwork: cream paper, a clay frame, the same layout. */
function drawPlainCertificate(
  page: PDFPage,
  fonts: { italic: PDFFont; serif: PDFFont; sans: PDFFont },
  curso: string,
  centred: Centred,
) {
  const { width, height } = page.getSize();
  page.drawRectangle({ x: 0, y: 0, width, height, color: CREAM });
  page.drawRectangle({ x: 22, y: 22, width: width - 44, height: height - 44, borderColor: CLAY, borderWidth: 2.5 });
  page.drawRectangle({ x: 33, y: 33, width: width - 66, height: height - 66, borderColor: CLAY, borderWidth: 0.6 });
  centred("MICHEL ALVAREZ · ACADEMIA DE MICROPIGMENTACIÓN", fonts.sans, 10, width / 2, height * 0.24, CLAY);
  centred("Diploma", fonts.italic, 60, width / 2, height * 0.34);
  centred("Se otorga el presente reconocimiento a", fonts.italic, 16, width / 2, height * 0.405, MUTED);
  page.drawLine({
    start: { x: width * 0.22, y: height * (1 - 0.545) },
    end: { x: width * 0.78, y: height * (1 - 0.545) },
    thickness: 0.8,
    color: CLAY,
  });
  centred("por haber concluido satisfactoriamente el curso", fonts.italic, 15, width / 2, height * 0.615, MUTED);
  centred(curso, fonts.serif, 22, width / 2, height * 0.675);
  for (const x of [0.27, 0.73]) {
    page.drawLine({
      start: { x: width * (x - 0.1), y: height * (1 - 0.84) },
      end: { x: width * (x + 0.1), y: height * (1 - 0.84) },
      thickness: 0.8,
      color: COCOA,
    });
  }
  centred("Michel Alvarez", fonts.serif, 14, width * 0.27, height * 0.872);
  centred("DIRECTORA ACADÉMICA", fonts.sans, 7, width * 0.27, height * 0.9, MUTED);
  centred("Fecha", fonts.serif, 14, width * 0.73, height * 0.872);
  centred("GUADALAJARA, JALISCO", fonts.sans, 7, width * 0.73, height * 0.9, MUTED);
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

/**
 * The course certificate, in one place: the page, its texts and where each one sits. Two
 * drawings read it and nothing else decides it:
 *
 * - the diploma PDF (app/server/school/diploma-pdf.server.ts) draws this certificate for a course
 *   without artwork, and prints the student's name and the date at `name` and `date` on
 *   every certificate, artwork or not;
 * - the demo catalogue's certificate artwork (seed/media/courses.ts) is drawn from the same
 *   texts and places, so that the name and the date land on its empty line and by its
 *   'Fecha'. The studio's own artwork must leave room at the same places.
 *
 * Places are fractions of the page measured from its top-left corner: `x` is a text's centre,
 * `y` its baseline. Sizes and weights are PDF points on the A4 page.
 */

/** Landscape A4 in PDF points. The demo artwork is drawn at 150 dpi: 1754 × 1240 px. */
const PAGE = { width: 841.89, height: 595.28 } as const;

const COLORS = {
  ink: "#4a3630",
  accent: "#b47a63",
  muted: "#7a6a62",
  paper: "#fbf7f2",
} as const;

export type CertificateColor = keyof typeof COLORS;

/** serif: the title face; italic: its italic; sans: small capitals. */
export type CertificateFace = "serif" | "italic" | "sans";

export type CertificateText = {
  text: string;
  x: number;
  y: number;
  size: number;
  face: CertificateFace;
  color: CertificateColor;
};

/** Every text printed on every certificate, top to bottom. */
const TEXTS: readonly CertificateText[] = [
  {
    text: "MICHEL ALVAREZ · ACADEMIA DE MICROPIGMENTACIÓN",
    x: 0.5,
    y: 0.24,
    size: 10,
    face: "sans",
    color: "accent",
  },
  { text: "Diploma", x: 0.5, y: 0.34, size: 60, face: "italic", color: "ink" },
  { text: "Se otorga el presente reconocimiento a", x: 0.5, y: 0.405, size: 16, face: "italic", color: "muted" },
  {
    text: "por haber concluido satisfactoriamente el curso",
    x: 0.5,
    y: 0.615,
    size: 15,
    face: "italic",
    color: "muted",
  },
  { text: "Michel Alvarez", x: 0.27, y: 0.872, size: 14, face: "serif", color: "ink" },
  { text: "DIRECTORA ACADÉMICA", x: 0.27, y: 0.9, size: 7, face: "sans", color: "muted" },
  { text: "Fecha", x: 0.73, y: 0.872, size: 14, face: "serif", color: "ink" },
  { text: "GUADALAJARA, JALISCO", x: 0.73, y: 0.9, size: 7, face: "sans", color: "muted" },
];

export type CertificateRule = { from: number; to: number; y: number; weight: number; color: CertificateColor };

/** The line the name is written above, and the two signature lines. */
const RULES: readonly CertificateRule[] = [
  { from: 0.22, to: 0.78, y: 0.545, weight: 0.8, color: "accent" },
  { from: 0.17, to: 0.37, y: 0.84, weight: 0.8, color: "ink" },
  { from: 0.63, to: 0.83, y: 0.84, weight: 0.8, color: "ink" },
];

/** Two frames inside the page edge: `inset` points in, `weight` points thick. */
const FRAMES = [
  { inset: 22, weight: 2.5 },
  { inset: 33, weight: 0.6 },
] as const;

/** What changes from one certificate to the next: the course title, the name, the date. */
const FIELDS: Record<"course" | "name" | "date", Omit<CertificateText, "text"> & { maxWidth: number }> = {
  course: { x: 0.5, y: 0.675, size: 22, maxWidth: 0.8, face: "serif", color: "ink" },
  name: { x: 0.5, y: 0.505, size: 44, maxWidth: 0.62, face: "italic", color: "ink" },
  date: { x: 0.73, y: 0.822, size: 15, maxWidth: 0.2, face: "serif", color: "ink" },
};

export const CERTIFICATE = {
  page: PAGE,
  colors: COLORS,
  texts: TEXTS,
  rules: RULES,
  frames: FRAMES,
  fields: FIELDS,
} as const;

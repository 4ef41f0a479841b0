/**
 * The signed consent (issue 30, deliverable 3), pure: the drawn signature's format and its
 * check, when a returning client signs again, and the canonical text the record's hash is
 * taken over. The server (booking/consent.server.ts) stores, hashes and mails; the browser's
 * pad (components/booking/signature-pad.tsx) draws in the same format.
 *
 * A drawing is a compact SVG path on a SIGNATURE_BOX canvas: each stroke an absolute move
 * then relative integer lines, `M120 45l3 2 4 1 -2 3M300 80l…`. Nothing else is accepted:
 * no curves, no letters but M and l, every point inside the box, size-limited.
 */

/** The signature canvas, in its own units (the pad scales to the screen). */
export const SIGNATURE_BOX = { width: 600, height: 200 } as const;
/** Longest drawing accepted (characters of the path): a full signature takes 1–3 KB. */
export const SIGNATURE_PATH_MAX = 6000;
export const SIGNATURE_MAX_STROKES = 60;
export const SIGNATURE_MAX_POINTS = 1200;

/** A consent is valid this many months after it was signed. */
export const CONSENT_VALID_MONTHS = 12;

export type DrawnSignatureResult = { ok: true; trazo: string | null } | { ok: false; error: string };

const STROKE = /^M(\d{1,3}) (\d{1,3})((?:l-?\d{1,3} -?\d{1,3}(?: -?\d{1,3} -?\d{1,3})*)?)$/;

export const drawnSignatureErrors = {
  tooBig: "La firma dibujada es demasiado grande. Bórrala y fírmala de nuevo, más sencilla, o escribe tu nombre.",
  invalid: "La firma dibujada no es válida. Bórrala y vuelve a dibujarla, o escribe tu nombre.",
  tooShort: "La firma dibujada está casi vacía. Dibújala de nuevo o bórrala y escribe tu nombre.",
};

/**
 * The drawn signature of a form (`trazo`): absent or empty is no drawing (the typed name
 * signs); otherwise it must be a path of the format above, inside the box and the limits.
 */
export function parseDrawnSignature(value: unknown): DrawnSignatureResult {
  if (value === null || value === undefined || value === "") return { ok: true, trazo: null };
  if (typeof value !== "string") return { ok: false, error: drawnSignatureErrors.invalid };
  if (value.length > SIGNATURE_PATH_MAX) return { ok: false, error: drawnSignatureErrors.tooBig };
  const strokes = value.trim().split(/(?=M)/);
  if (strokes.length > SIGNATURE_MAX_STROKES) return { ok: false, error: drawnSignatureErrors.tooBig };
  let points = 0;
  let length = 0;
  for (const stroke of strokes) {
    const match = STROKE.exec(stroke);
    if (!match) return { ok: false, error: drawnSignatureErrors.invalid };
    let x = Number(match[1]);
    let y = Number(match[2]);
    if (!inside(x, y)) return { ok: false, error: drawnSignatureErrors.invalid };
    points += 1;
    const deltas = match[3] ? match[3].slice(1).split(" ").map(Number) : [];
    for (let i = 0; i < deltas.length; i += 2) {
      x += deltas[i];
      y += deltas[i + 1];
      if (!inside(x, y)) return { ok: false, error: drawnSignatureErrors.invalid };
      length += Math.abs(deltas[i]) + Math.abs(deltas[i + 1]);
      points += 1;
    }
  }
  if (points > SIGNATURE_MAX_POINTS) return { ok: false, error: drawnSignatureErrors.tooBig };
  // a tap or a dot is not a signature
  if (length < 20) return { ok: false, error: drawnSignatureErrors.tooShort };
  return { ok: true, trazo: strokes.join("") };
}

const inside = (x: number, y: number) => x >= 0 && y >= 0 && x <= SIGNATURE_BOX.width && y <= SIGNATURE_BOX.height;

/** Points (canvas units) as the compact path: one stroke per array, rounded, repeats dropped. */
export function strokesToPath(strokes: { x: number; y: number }[][]): string {
  let path = "";
  for (const stroke of strokes) {
    if (stroke.length === 0) continue;
    const clamp = (v: number, max: number) => Math.min(max, Math.max(0, Math.round(v)));
    let x = clamp(stroke[0].x, SIGNATURE_BOX.width);
    let y = clamp(stroke[0].y, SIGNATURE_BOX.height);
    path += `M${x} ${y}`;
    const deltas: string[] = [];
    for (const p of stroke.slice(1)) {
      const nx = clamp(p.x, SIGNATURE_BOX.width);
      const ny = clamp(p.y, SIGNATURE_BOX.height);
      if (nx === x && ny === y) continue;
      deltas.push(`${nx - x} ${ny - y}`);
      x = nx;
      y = ny;
    }
    if (deltas.length > 0) path += `l${deltas.join(" ")}`;
  }
  return path;
}

/** A signed record as the screens show it (components/booking/consent-record.tsx). */
export type ConsentDisplay = {
  id: string;
  titulo: string;
  version: string;
  versionHash: string;
  declaracionHtml: string;
  respuestas: { id: string; pregunta: string; respuesta: "si" | "no"; detalle: string }[];
  firmaNombre: string;
  firmaTrazo: string | null;
  /** "22 de noviembre de 2026, 14:05" */
  firmadoEn: string;
  ip: string | null;
  hash: string;
  /** whether the stored record still gives its hash */
  integro: boolean;
  /** "Michel Alvarez, el 1 de diciembre de 2026, 09:05", or null: not countersigned yet */
  contrafirma: string | null;
};

// ---------------------------------------------------------------- re-signing

/** What the last signature of a client says about signing again. */
export type ConsentStanding =
  | { vigente: true }
  | { vigente: false; motivo: "sin-firma" | "nueva-version" | "vencido" | "preguntas" };

/** `date` plus `months` calendar months (the last day of a shorter month when it has no such day). */
export function addMonths(date: Date, months: number): Date {
  const result = new Date(date.getTime());
  const day = result.getUTCDate();
  result.setUTCDate(1);
  result.setUTCMonth(result.getUTCMonth() + months);
  const last = new Date(Date.UTC(result.getUTCFullYear(), result.getUTCMonth() + 1, 0)).getUTCDate();
  result.setUTCDate(Math.min(day, last));
  return result;
}

/**
 * Whether a client's last signed consent still stands for a booking: signed on the version
 * shown today (same text hash), less than CONSENT_VALID_MONTHS ago, and answering every
 * question this treatment asks (a lips treatment asks one more than brows).
 */
export function consentStanding(
  last: { versionHash: string; firmadoEn: Date; preguntas: string[] } | null,
  current: { hash: string; preguntas: string[] },
  now: Date,
): ConsentStanding {
  if (!last) return { vigente: false, motivo: "sin-firma" };
  if (last.versionHash !== current.hash) return { vigente: false, motivo: "nueva-version" };
  if (addMonths(last.firmadoEn, CONSENT_VALID_MONTHS).getTime() <= now.getTime())
    return { vigente: false, motivo: "vencido" };
  const answered = new Set(last.preguntas);
  if (!current.preguntas.every((id) => answered.has(id))) return { vigente: false, motivo: "preguntas" };
  return { vigente: true };
}

// ---------------------------------------------------------------- the hash's text

/**
 * JSON with object keys sorted at every level: the same data always gives the same text,
 * whatever order it was built in (the hash of a version and of a signed record).
 */
export function canonicalJson(value: unknown): string {
  if (value === null || typeof value !== "object") return JSON.stringify(value ?? null);
  if (Array.isArray(value)) return `[${value.map(canonicalJson).join(",")}]`;
  const entries = Object.entries(value as Record<string, unknown>)
    .filter(([, v]) => v !== undefined)
    .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
  return `{${entries.map(([k, v]) => `${JSON.stringify(k)}:${canonicalJson(v)}`).join(",")}}`;
}

/** What a version's hash covers: exactly what is stored of it and shown with a signature. */
export function versionHashText(version: {
  version: string;
  titulo: string;
  preguntas: { id: string; texto: string; solo?: string }[];
  declaracionHtml: string;
}): string {
  return canonicalJson({
    version: version.version,
    titulo: version.titulo,
    preguntas: version.preguntas.map((q) => ({ id: q.id, texto: q.texto, solo: q.solo ?? null })),
    declaracionHtml: version.declaracionHtml,
  });
}

/** What a signed record's hash covers: the version's hash, the answers, the signature and its instant. */
export function recordHashText(record: {
  versionHash: string;
  respuestas: { id: string; pregunta: string; respuesta: string; detalle: string }[];
  firmaNombre: string;
  firmaTrazo: string | null;
  firmadoEn: Date;
}): string {
  return canonicalJson({
    versionHash: record.versionHash,
    respuestas: record.respuestas.map((r) => ({
      id: r.id,
      pregunta: r.pregunta,
      respuesta: r.respuesta,
      detalle: r.detalle,
    })),
    firma: { nombre: record.firmaNombre, trazo: record.firmaTrazo },
    firmadoEn: record.firmadoEn.toISOString(),
  });
}

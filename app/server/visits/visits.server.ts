/**
 * Client visits (the spec's codigosVisitas): a page with her before and after photos,
 * reached by a code the studio sends by WhatsApp. The photos show faces, so:
 *  - the visit id (in the URL) is 16 random bytes and the code 8 random characters; neither
 *    is sequential or derived from the name;
 *  - code lookups are rate-limited per client IP in the database (every instance counts);
 *  - pages and photos are noindex and never stored by shared caches (see the routes).
 */
import { randomBytes, randomInt } from "node:crypto";
import { and, asc, eq, sql } from "drizzle-orm";
import { TEXT_LIMITS, withoutNul } from "~/domain/limits";
import { type AlertMessage, messages } from "~/domain/messages";
import type { Db } from "../db/index.server";
import { citas, visitaFotos, visitas } from "../db/schema";
import { hitRateLimit } from "../rate-limit.server";

export const VISIT_PATH_PREFIX = "tu-visita-con-";

/** No 0/O, 1/I/L: a code read aloud or copied by hand from a phone stays unambiguous. */
export const CODE_ALPHABET = "ABCDEFGHJKMNPQRSTUVWXYZ23456789";
export const CODE_LENGTH = 8;

/** 10 code lookups per 10 minutes per IP: plenty for a client, hopeless for guessing 31^8 codes. */
export const CODE_LOOKUP_LIMIT = { max: 10, windowMs: 10 * 60 * 1000 };

export const tooManyCodeLookups = {
  icon: "error",
  title: "Demasiados intentos",
  text: "Has probado demasiados códigos. Espera unos minutos e inténtalo de nuevo.",
} as const satisfies AlertMessage;

export type FotoTipo = "antes" | "despues";
export const FOTO_TIPOS: readonly FotoTipo[] = ["antes", "despues"];

export function newVisitId(): string {
  return randomBytes(16).toString("base64url");
}

export function newVisitCode(): string {
  let code = "";
  for (let i = 0; i < CODE_LENGTH; i++) code += CODE_ALPHABET[randomInt(CODE_ALPHABET.length)];
  return code;
}

/** What the client typed, as we compare it: no spaces or dashes, upper case. */
export function normalizeCode(input: string): string {
  return withoutNul(input)
    .replace(/[\s-]+/g, "")
    .toUpperCase();
}

/** 'María José' → 'maria-jose' (the name part of the URL and of downloaded files). */
export function clientSlug(clienta: string): string {
  const slug = clienta
    .normalize("NFD")
    .replace(/[\u0300-\u036f]/g, "")
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, "-")
    .replace(/^-+|-+$/g, "")
    .slice(0, 60)
    .replace(/-+$/, "");
  return slug || "clienta";
}

export function visitPath(visita: { id: string; clienta: string }): string {
  return `/${VISIT_PATH_PREFIX}${clientSlug(visita.clienta)}/${visita.id}`;
}

/** The photo's URL on the visit page: `.webp` to show, `.png` to download. */
export function visitPhotoPath(
  visita: { id: string; clienta: string },
  tipo: FotoTipo,
  n: number,
  ext: "webp" | "png",
) {
  return `${visitPath(visita)}/foto/${tipo}/${n}.${ext}`;
}

/** 'maria-antes-1.png' */
export function photoFileName(clienta: string, tipo: FotoTipo, n: number): string {
  return `${clientSlug(clienta)}-${tipo}-${n}.png`;
}

export type CodeLookup =
  | { ok: true; url: string }
  | { ok: false; message: AlertMessage; status: 400 | 404 | 429; retryAfterSeconds?: number };

/**
 * The visit-code view's check: empty → 'Codigo Faltante'; too many tries from this IP →
 * 429; unknown → 'Codigo Inexistente'; found → the visit page's URL.
 */
export async function lookupVisitCode(db: Db, code: string, clientIp: string): Promise<CodeLookup> {
  const normalized = normalizeCode(code ?? "");
  if (!normalized) return { ok: false, message: messages.visitCodeMissing, status: 400 };
  // Longer than any code: unknown, without a query.
  if (normalized.length > TEXT_LIMITS.codigo) return { ok: false, message: messages.visitCodeUnknown, status: 400 };

  const limit = await hitRateLimit(db, `visita-codigo|${clientIp}`, CODE_LOOKUP_LIMIT);
  if (!limit.allowed) {
    return { ok: false, message: tooManyCodeLookups, status: 429, retryAfterSeconds: limit.retryAfterSeconds };
  }
  // Codes of imported visits may carry lower case or dashes: compare them normalized too.
  const [visita] = await db
    .select({ id: visitas.id, clienta: visitas.clienta })
    .from(visitas)
    .where(sql`upper(regexp_replace(${visitas.codigo}, '[[:space:]-]+', '', 'g')) = ${normalized}`)
    .limit(1);
  if (!visita) return { ok: false, message: messages.visitCodeUnknown, status: 404 };
  return { ok: true, url: visitPath(visita) };
}

export type Visit = {
  id: string;
  clienta: string;
  createdAt: Date;
  /** the day of the visit: its appointment's start, or (not linked) the row's creation */
  fecha: Date;
  /** photo references (public URL or 'private:key'), in order */
  antes: string[];
  despues: string[];
};

export async function findVisit(db: Db, id: string): Promise<Visit | null> {
  const [row] = await db
    .select({ visita: visitas, inicio: citas.inicio })
    .from(visitas)
    .leftJoin(citas, eq(citas.id, visitas.citaId))
    .where(eq(visitas.id, id))
    .limit(1);
  if (!row) return null;
  const visita = row.visita;
  const fotos = await db
    .select({ tipo: visitaFotos.tipo, url: visitaFotos.url })
    .from(visitaFotos)
    .where(eq(visitaFotos.visitaId, id))
    .orderBy(asc(visitaFotos.posicion), asc(visitaFotos.id));
  return {
    id: visita.id,
    // composed accents: 'o' + U+0301 from a pasted name renders apart in the serif font
    clienta: visita.clienta.normalize("NFC"),
    createdAt: visita.createdAt,
    // dated by its appointment (the client record, ADR 041); an unlinked one by its creation
    fecha: row.inicio ?? visita.createdAt,
    antes: fotos.filter((f) => f.tipo === "antes").map((f) => f.url),
    despues: fotos.filter((f) => f.tipo === "despues").map((f) => f.url),
  };
}

/** The reference of the n-th (1-based) photo of a kind, or null. */
export async function findVisitPhoto(db: Db, id: string, tipo: FotoTipo, n: number): Promise<string | null> {
  if (!Number.isInteger(n) || n < 1) return null;
  const [foto] = await db
    .select({ url: visitaFotos.url })
    .from(visitaFotos)
    .where(and(eq(visitaFotos.visitaId, id), eq(visitaFotos.tipo, tipo)))
    .orderBy(asc(visitaFotos.posicion), asc(visitaFotos.id))
    .offset(n - 1)
    .limit(1);
  return foto?.url ?? null;
}

export type NewVisit = { clienta: string; antes?: string[]; despues?: string[] };

/**
 * Creates a visit with its photo references (already stored, e.g. by the upload API) and
 * answers its id, code and path, ready to send by WhatsApp.
 */
export async function createVisit(db: Db, input: NewVisit): Promise<{ id: string; codigo: string; path: string }> {
  const clienta = input.clienta.trim();
  if (!clienta) throw new Error("El nombre de la clienta es obligatorio.");
  for (let attempt = 0; ; attempt++) {
    const id = newVisitId();
    const codigo = newVisitCode();
    try {
      await db.transaction(async (tx) => {
        await tx.insert(visitas).values({ id, codigo, clienta });
        const fotos = [
          ...(input.antes ?? []).map((url, posicion) => ({ visitaId: id, tipo: "antes", url, posicion })),
          ...(input.despues ?? []).map((url, posicion) => ({ visitaId: id, tipo: "despues", url, posicion })),
        ];
        if (fotos.length > 0) await tx.insert(visitaFotos).values(fotos);
      });
      return { id, codigo, path: visitPath({ id, clienta }) };
    } catch (error) {
      // A code collision (1 in ~10^12 per existing visit) is retried with a new code.
      if (attempt < 3 && isUniqueViolation(error)) continue;
      throw error;
    }
  }
}

function isUniqueViolation(error: unknown): boolean {
  for (let e: unknown = error; e; e = (e as { cause?: unknown }).cause) {
    if ((e as { code?: string }).code === "23505") return true;
  }
  return false;
}

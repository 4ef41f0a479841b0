/**
 * What a search box sends, checked and cut into words before any query is built (ADR 037).
 * Pure: the SQL lives in app/server/search/search.server.ts, the one owner of search.
 */

/** The longest search accepted (characters); longer ones are refused with a Spanish message. */
export const SEARCH_MAX_LENGTH = 100;
/** Words past these are ignored: nobody types more, and each one costs the query. */
export const SEARCH_MAX_WORDS = 8;
const WORD_MAX_LENGTH = 40;

/** Results per page of /buscar (a grid of 4 by 3 on a wide screen, 2 by 6 on a phone). */
export const SEARCH_PER_PAGE = 12;
/** Results per kind on /admin/buscar (the lists themselves hold the rest). */
export const ADMIN_SEARCH_PER_KIND = 8;

export const searchMessages = {
  tooLong: `La búsqueda es demasiado larga: escribe hasta ${SEARCH_MAX_LENGTH} caracteres.`,
  invalid: "La búsqueda tiene caracteres no válidos: escribe solo letras, números y signos comunes.",
} as const;

export type SearchQuery = {
  /** what was typed, trimmed, spaces collapsed (shown back in the box and the title) */
  text: string;
  /** the words: lower case, letters and digits only (accents kept; the database removes them) */
  words: string[];
  /** the same words with only their digits (a phone or an order's folio), for the admin */
  digits: string;
};

export type ParsedSearch = { ok: true; query: SearchQuery | null } | { ok: false; message: string };

/** C0 and C1 control characters and DEL; a tab or a newline pasted in is only a space. */
function hasControl(text: string): boolean {
  for (let i = 0; i < text.length; i++) {
    const code = text.charCodeAt(i);
    if (code === 0x09 || code === 0x0a || code === 0x0d) continue;
    if (code < 0x20 || (code >= 0x7f && code <= 0x9f)) return true;
  }
  return false;
}
const WORD = /[\p{L}\p{N}]+/gu;

/**
 * Reads `?q=`: null (nothing to search) for a missing or blank one, a refusal for one that is
 * too long or carries control characters, else the query and its words.
 */
export function parseSearch(raw: string | null | undefined): ParsedSearch {
  if (raw === null || raw === undefined) return { ok: true, query: null };
  if (raw.length > SEARCH_MAX_LENGTH * 4) return { ok: false, message: searchMessages.tooLong };
  if (hasControl(raw)) return { ok: false, message: searchMessages.invalid };
  const text = raw.normalize("NFC").replace(/\s+/g, " ").trim();
  if (text.length > SEARCH_MAX_LENGTH) return { ok: false, message: searchMessages.tooLong };
  const words = (text.toLocaleLowerCase("es-MX").match(WORD) ?? [])
    .map((w) => w.slice(0, WORD_MAX_LENGTH))
    .slice(0, SEARCH_MAX_WORDS);
  if (words.length === 0) return { ok: true, query: null };
  return { ok: true, query: { text, words, digits: text.replace(/\D/g, "") } };
}

/**
 * The words as a tsquery: each a prefix ('labia' finds 'labiales'), all required. Only
 * letters and digits reach it, each quoted, so nothing typed is tsquery syntax.
 */
export function prefixTsquery(words: readonly string[]): string {
  return words.map((w) => `'${w}':*`).join(" & ");
}

/** What a search result is: a product, a course or a service, in one shape for the results page. */
export type SearchResult = {
  tipo: "producto" | "curso" | "servicio";
  id: string;
  titulo: string;
  /** a product's brand, a course's subtitle, a service's slogan */
  detalle: string;
  urlImagen: string;
  href: string;
  /** centavos; null for a service (priced at the studio) */
  precio: number | null;
  /** the price before a sale, crossed out; null when there is none */
  precioAntes: number | null;
  /** a product's stock (0 shows 'Agotado'); null for the rest */
  cantidad: number | null;
};

/** "Resultados para “pigmento”": the page's heading text. */
export function searchTitle(query: SearchQuery | null): string {
  return query ? `Resultados para “${query.text}”` : "Buscar";
}

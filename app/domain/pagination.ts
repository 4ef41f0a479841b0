/** Page sizes from SPEC §9. */
export const PRODUCTS_PER_PAGE = 8;
export const GALLERY_PAGE_SIZE = 6;

export type Page = {
  /** Current page, 1-based, clamped to the pages that exist (1 when there are none). */
  page: number;
  /** Number of pages: ceil(total / perPage), 0 when there is nothing to show. */
  pages: number;
  /** 1-based position of the first and last item on this page ("X a Y"); 0 and 0 when empty. */
  from: number;
  to: number;
  /** Items to skip before this page, for a query's OFFSET. */
  offset: number;
};

/**
 * Works out which slice of `total` items page `page` shows. An out-of-range page (an old
 * link after items were removed, a hand-edited URL) is clamped instead of showing an
 * empty page.
 */
export function paginate(total: number, page: number, perPage: number): Page {
  if (!Number.isSafeInteger(perPage) || perPage < 1) {
    throw new RangeError(`perPage must be a positive integer, got ${perPage}`);
  }
  if (!Number.isSafeInteger(total) || total < 0) {
    throw new RangeError(`total must be a non-negative integer, got ${total}`);
  }
  const pages = Math.ceil(total / perPage);
  if (pages === 0) return { page: 1, pages: 0, from: 0, to: 0, offset: 0 };

  const requested = Number.isFinite(page) ? Math.trunc(page) : 1;
  const current = Math.min(Math.max(requested, 1), pages);
  const offset = (current - 1) * perPage;
  return {
    page: current,
    pages,
    from: offset + 1,
    to: Math.min(offset + perPage, total),
    offset,
  };
}

/** The listing counter, e.g. "9 a 16 de 20 resultados" (SPEC §2 'X a Y de N resultados'). */
export function resultsLabel(p: Pick<Page, "from" | "to">, total: number): string {
  return `${p.from} a ${p.to} de ${total} resultados`;
}

/**
 * Reads a `?page=` search parameter. Anything that is not a plain positive whole number
 * ("", "abc", "0", "-2", "2.5", "1e3") means page 1; paginate() then clamps the top end.
 */
export function parsePage(value: string | null): number {
  if (value === null) return 1;
  const trimmed = value.trim();
  if (!/^\d+$/.test(trimmed)) return 1;
  const page = Number(trimmed);
  return Number.isSafeInteger(page) && page >= 1 ? page : 1;
}

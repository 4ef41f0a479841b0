/** Review ratings are whole stars from 1 to 5 (SPEC §5, §9). */
export function isValidRating(n: unknown): n is number {
  return typeof n === "number" && Number.isInteger(n) && n >= 1 && n <= 5;
}

/**
 * Reads a rating as submitted by the star buttons or stored as text ("4") in old reviews.
 * Returns null for anything that is not a whole number from 1 to 5.
 */
export function parseRating(value: unknown): number | null {
  const n = typeof value === "string" && /^\s*\d+\s*$/.test(value) ? Number(value) : value;
  return isValidRating(n) ? n : null;
}

/**
 * Average star rating, rounded UP to a whole star (SPEC §9): [4, 5] → 5, [4, 4, 4] → 4.
 * Invalid entries (imported data with a blank or out-of-range rating) are skipped rather
 * than dragging the average down; no valid ratings → 0 stars.
 */
export function averageRating(ratings: number[]): number {
  const valid = ratings.filter(isValidRating);
  if (valid.length === 0) return 0;
  const sum = valid.reduce((acc, r) => acc + r, 0);
  // sum and count are small integers, so an exact integer mean is computed exactly and
  // ceil never bumps it by float error.
  return Math.ceil(sum / valid.length);
}

/**
 * The same mean from a sum and a count the database added up (every stored rating is 1..5,
 * a check constraint): what a page shows without reading every review.
 */
export function meanRating(sum: number, count: number): number {
  if (count <= 0) return 0;
  return Math.ceil(sum / count);
}

/** A review as the screens show it (SPEC §3 comentario). */
export type Review = {
  id: number;
  nombre: string;
  comentarios: string;
  calificacion: number;
  /** ISO date; show it with formatSpanishDate */
  fecha: string;
};

export type ReviewsData = { reviews: Review[]; average: number; count: number };

export type ReviewResult = { ok: true; review: Review } | { ok: false; message: import("./messages").AlertMessage };

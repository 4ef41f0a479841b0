/** The final exam uses only the first 6 questions of a course (SPEC §9). */
export const EXAM_QUESTION_COUNT = 6;

/** Only a perfect score earns the diploma (SPEC §4, §5). */
export const PERFECT_SCORE = 100;

/**
 * Percentage of correct answers rounded to 2 decimals: 5 of 6 → 83.33, 2 of 3 → 66.67.
 * Computed in hundredths of a percent (integers) so the rounding cannot be skewed by
 * float error.
 */
export function scoreExam(correct: number, total: number): number {
  if (!Number.isInteger(total) || total < 1) {
    throw new RangeError(`An exam needs at least one question, got ${total}`);
  }
  if (!Number.isInteger(correct) || correct < 0 || correct > total) {
    throw new RangeError(`Correct answers must be an integer from 0 to ${total}, got ${correct}`);
  }
  return Math.round((correct * 10_000) / total) / 100;
}

/** Score as shown to the student, always with 2 decimals: "83.33", "100.00", "0.00". */
export function formatScore(score: number): string {
  return score.toFixed(2);
}

export function isPerfect(score: number): boolean {
  return score >= PERFECT_SCORE;
}

/**
 * Fisher–Yates shuffle into a new array (the input is left alone), used to mix the order
 * of each question's answers. `random` is injectable so tests can be deterministic.
 */
export function shuffle<T>(items: readonly T[], random: () => number = Math.random): T[] {
  const result = [...items];
  for (let i = result.length - 1; i > 0; i--) {
    // Clamp so a random() that returns exactly 1 cannot index past i.
    const j = Math.min(Math.floor(random() * (i + 1)), i);
    [result[i], result[j]] = [result[j], result[i]];
  }
  return result;
}

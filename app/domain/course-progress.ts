/**
 * A student's progress in a course, without I/O (school/progress.server.ts reads the rows):
 * the percentage of units done and the unit "Continuar" opens.
 */

/** Whole percent of units done; 0 for a course without units. */
export function progressPercent(done: number, total: number): number {
  if (total <= 0) return 0;
  return Math.min(100, Math.floor((Math.min(done, total) * 100) / total));
}

/**
 * The unit "Continuar" opens (ADR 044): the unit she was on last, unless she finished it —
 * then the next unfinished unit after it (or, past the end, the first unfinished one); with
 * every unit done, the one she was on. Without a unit opened yet: the first unfinished one.
 * Null for a course without units.
 */
export function resumeUnit(
  unitIds: readonly string[],
  done: ReadonlySet<string>,
  lastId: string | null,
): string | null {
  if (unitIds.length === 0) return null;
  const lastIndex = lastId ? unitIds.indexOf(lastId) : -1;
  if (lastIndex >= 0 && !done.has(unitIds[lastIndex])) return unitIds[lastIndex];
  const after = unitIds.slice(lastIndex + 1).find((id) => !done.has(id));
  const firstOpen = after ?? unitIds.find((id) => !done.has(id));
  return firstOpen ?? (lastIndex >= 0 ? unitIds[lastIndex] : unitIds[0]);
}

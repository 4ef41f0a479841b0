/**
 * What the importer reports: a problem names the collection, the document and the field
 * (in the export's own words) and says in Spanish what is wrong. Any problem refuses the
 * whole import; notes are things worth knowing that did not stop it.
 */

/** One problem in the export: which collection, which document, which field, what is wrong. */
export type ImportIssue = { collection: string; id: string; field: string; message: string };

export class ImportError extends Error {
  readonly errors: ImportIssue[];
  constructor(errors: ImportIssue[]) {
    const shown = errors.slice(0, 10).map(formatIssue).join("\n");
    const more = errors.length > 10 ? `\n… y ${errors.length - 10} más` : "";
    super(
      `La exportación tiene ${errors.length} ${errors.length === 1 ? "error" : "errores"}; no se importó nada.\n${shown}${more}`,
    );
    this.name = "ImportError";
    this.errors = errors;
  }
}

/** `producto "pig-01", campo "precio": debe ser un número mayor o igual a 0` */
export function formatIssue(issue: ImportIssue): string {
  const where = [
    issue.collection && (issue.id ? `${issue.collection} "${issue.id}"` : issue.collection),
    issue.field && `campo "${issue.field}"`,
  ].filter(Boolean);
  return where.length ? `${where.join(", ")}: ${issue.message}` : issue.message;
}

/**
 * Backup names and retention (ADR 029), pure. A backup is one named unit,
 * `2026-11-27T0900Z-diaria`: its UTC time to the minute and its label. The daily job labels
 * Sunday's copy 'semanal' and the others 'diaria'; `npm run backup` labels its copies
 * 'manual'. Retention keeps the newest 7 'diaria' and the newest 4 'semanal'; a 'manual'
 * copy (or anything else in the folder) is never pruned.
 */

export type BackupLabel = "diaria" | "semanal" | "manual";

export const KEEP_DAILY = 7;
export const KEEP_WEEKLY = 4;

const NAME = /^(\d{4})-(\d{2})-(\d{2})T(\d{2})(\d{2})Z-(diaria|semanal|manual)(?:-(\d+))?$/;

const pad = (n: number) => String(n).padStart(2, "0");

/** `2026-11-27T0900Z-diaria`; `sequence` (2, 3, ...) tells apart two copies made in one minute. */
export function backupName(at: Date, label: BackupLabel, sequence?: number): string {
  const stamp =
    `${at.getUTCFullYear()}-${pad(at.getUTCMonth() + 1)}-${pad(at.getUTCDate())}` +
    `T${pad(at.getUTCHours())}${pad(at.getUTCMinutes())}Z`;
  return `${stamp}-${label}${sequence && sequence > 1 ? `-${sequence}` : ""}`;
}

/** The time and label of a backup's name; null for a name that is not one. */
export function parseBackupName(name: string): { at: Date; label: BackupLabel } | null {
  const match = NAME.exec(name);
  if (!match) return null;
  const [, y, mo, d, h, mi, label] = match;
  const at = new Date(Date.UTC(Number(y), Number(mo) - 1, Number(d), Number(h), Number(mi)));
  // a date that does not exist (month 13, 25 o'clock) rolls over in Date.UTC: not a name
  if (Number.isNaN(at.getTime()) || !name.startsWith(backupName(at, label as BackupLabel).slice(0, 16))) return null;
  return { at, label: label as BackupLabel };
}

/** A name is safe to use as a folder or key: only what backupName writes. */
export const isBackupName = (name: string) => parseBackupName(name) !== null;

/** The daily job's label for a copy made at `at`: Sunday's (UTC) is the week's. */
export function scheduledLabel(at: Date): BackupLabel {
  return at.getUTCDay() === 0 ? "semanal" : "diaria";
}

/**
 * The backups to delete among `names`: every 'diaria' but the newest KEEP_DAILY and every
 * 'semanal' but the newest KEEP_WEEKLY. Manual copies and unknown names are kept.
 */
export function backupsToPrune(names: readonly string[]): string[] {
  const byLabel = (label: BackupLabel) =>
    names
      .map((name) => ({ name, parsed: parseBackupName(name) }))
      .filter((entry) => entry.parsed?.label === label)
      .sort((a, b) => (b.parsed?.at.getTime() ?? 0) - (a.parsed?.at.getTime() ?? 0) || (a.name < b.name ? 1 : -1))
      .map((entry) => entry.name);
  return [...byLabel("diaria").slice(KEEP_DAILY), ...byLabel("semanal").slice(KEEP_WEEKLY)];
}

/** When the daily backup runs: 09:00 UTC (03:00 in Guadalajara), the next one after `now`. */
export const BACKUP_HOUR_UTC = 9;

export function nextBackupTime(now: Date): Date {
  const next = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate(), BACKUP_HOUR_UTC));
  if (next.getTime() <= now.getTime()) next.setUTCDate(next.getUTCDate() + 1);
  return next;
}

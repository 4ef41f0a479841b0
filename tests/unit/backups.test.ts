/** Backup names and retention (app/domain/backups.ts, ADR 029). */
import { describe, expect, it } from "vitest";
import {
  backupName,
  backupsToPrune,
  isBackupName,
  nextBackupTime,
  parseBackupName,
  scheduledLabel,
} from "~/domain/backups";

const DAY = 86_400_000;

describe("backup names", () => {
  it("name a copy by its UTC minute and label, and read it back", () => {
    const at = new Date("2026-11-27T03:00:41Z");
    expect(backupName(at, "diaria")).toBe("2026-11-27T0300Z-diaria");
    expect(backupName(at, "manual", 2)).toBe("2026-11-27T0300Z-manual-2");
    expect(parseBackupName("2026-11-27T0300Z-diaria")).toEqual({
      at: new Date("2026-11-27T03:00:00Z"),
      label: "diaria",
    });
    for (const bad of [
      "../etc",
      "2026-11-27T0300Z-otra",
      "2026-11-27T0300Z-diaria/..",
      "descriptor.json",
      "2026-13-45T9999Z-diaria",
    ]) {
      expect(isBackupName(bad), bad).toBe(false);
    }
  });

  it("the daily job's copy is the week's on Sunday (UTC), and runs at the next 09:00 UTC", () => {
    expect(scheduledLabel(new Date("2026-11-29T09:00:00Z"))).toBe("semanal");
    expect(scheduledLabel(new Date("2026-11-30T09:00:00Z"))).toBe("diaria");
    expect(nextBackupTime(new Date("2026-11-27T08:59:59Z"))).toEqual(new Date("2026-11-27T09:00:00Z"));
    expect(nextBackupTime(new Date("2026-11-27T09:00:00Z"))).toEqual(new Date("2026-11-28T09:00:00Z"));
    expect(nextBackupTime(new Date("2026-12-31T22:00:00Z"))).toEqual(new Date("2027-01-01T09:00:00Z"));
  });
});

describe("retention", () => {
  it("after any run of daily copies keeps exactly the newest 7 daily and 4 weekly, and every manual one", () => {
    const first = new Date("2026-01-01T09:00:00Z");
    let kept: string[] = ["2026-01-03T1500Z-manual"];
    for (let day = 0; day < 120; day++) {
      const at = new Date(first.getTime() + day * DAY);
      kept.push(backupName(at, scheduledLabel(at)));
      const pruned = backupsToPrune(kept);
      kept = kept.filter((name) => !pruned.includes(name));
      const daily = kept.filter((n) => n.endsWith("-diaria"));
      const weekly = kept.filter((n) => n.endsWith("-semanal"));
      expect(daily.length).toBeLessThanOrEqual(7);
      expect(weekly.length).toBeLessThanOrEqual(4);
      if (day >= 40) {
        expect(daily).toHaveLength(7);
        expect(weekly).toHaveLength(4);
        // the newest daily is today's (or yesterday's on a Sunday); the weeklies are the last four Sundays
        const sundays = weekly.map((n) => parseBackupName(n)!.at);
        expect(sundays.every((d) => d.getUTCDay() === 0)).toBe(true);
        expect(at.getTime() - sundays[0]!.getTime()).toBeLessThan(35 * DAY);
      }
    }
    expect(kept).toContain("2026-01-03T1500Z-manual");
    expect(kept).toHaveLength(12);
  });

  it("prunes the oldest first and leaves unknown names alone", () => {
    const names = Array.from({ length: 9 }, (_, i) => `2026-11-${String(i + 1).padStart(2, "0")}T0900Z-diaria`);
    expect(backupsToPrune([...names, "copia-vieja", "2026-11-05T0900Z-manual"])).toEqual([
      "2026-11-02T0900Z-diaria",
      "2026-11-01T0900Z-diaria",
    ]);
  });
});

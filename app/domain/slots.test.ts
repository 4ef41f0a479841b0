import { describe, expect, it } from "vitest";
import {
  type SlotInput,
  type SlotRules,
  addDays,
  freeSlots,
  freeStartsOn,
  isFreeStart,
  weekday,
  zonedDate,
  zonedInstant,
  zonedTime,
} from "./slots";

const TZ = "America/Mexico_City";
const h = (hh: number, mm = 0) => hh * 60 + mm;

const rules: SlotRules = {
  timeZone: TZ,
  hours: [
    null,
    { opens: h(9), closes: h(19) },
    { opens: h(9), closes: h(19) },
    { opens: h(9), closes: h(19) },
    { opens: h(9), closes: h(19) },
    { opens: h(9), closes: h(19) },
    { opens: h(9), closes: h(18) },
  ],
  bufferMinutes: 15,
  leadMinutes: 120,
  horizonDays: 60,
  stepMinutes: 30,
};

// Monday 2026-11-30; "now" the Friday before at noon studio time (no lead-time effect on Monday).
const MONDAY = "2026-11-30";
const SATURDAY = "2026-12-05";
const SUNDAY = "2026-12-06";
const at = (fecha: string, hora: string) => zonedInstant(fecha, hora, TZ);
const base = (over: Partial<SlotInput> = {}): SlotInput => ({
  now: at("2026-11-27", "12:00"),
  durationMinutes: 120,
  booked: [],
  blocked: [],
  rules,
  ...over,
});
const hours = (fecha: string, input: SlotInput) => freeStartsOn(fecha, input).map((s) => s.hora);

describe("the studio's time zone", () => {
  it("turns wall-clock times into instants with the zone's own offset (-06:00 since 2022)", () => {
    expect(at(MONDAY, "09:00").toISOString()).toBe("2026-11-30T15:00:00.000Z");
    expect(zonedTime(new Date("2026-11-30T15:00:00Z"), TZ)).toBe("09:00");
  });

  it("follows the zone's rules, not a fixed offset: summer 2021 Mexico City was -05:00", () => {
    expect(zonedInstant("2021-07-01", "09:00", TZ).toISOString()).toBe("2021-07-01T14:00:00.000Z");
    expect(zonedInstant("2021-12-01", "09:00", TZ).toISOString()).toBe("2021-12-01T15:00:00.000Z");
  });

  it("handles a zone with daylight saving on both sides of its change", () => {
    // New York: 2026-03-08 02:00 → 03:00. 09:00 the day before is -05:00, the day of -04:00.
    expect(zonedInstant("2026-03-07", "09:00", "America/New_York").toISOString()).toBe("2026-03-07T14:00:00.000Z");
    expect(zonedInstant("2026-03-08", "09:00", "America/New_York").toISOString()).toBe("2026-03-08T13:00:00.000Z");
  });

  it("offers each wall-clock time at its own offset on a day whose clocks change during opening hours", () => {
    // A studio open all night (00:00–06:00) in New York on 2026-03-08: 02:00 → 03:00.
    const night: SlotRules = {
      ...rules,
      timeZone: "America/New_York",
      hours: Array(7).fill({ opens: 0, closes: h(6) }),
    };
    const input = { ...base(), rules: night, durationMinutes: 30, now: new Date("2026-03-01T00:00:00Z") };
    const starts = freeStartsOn("2026-03-08", input);
    expect(starts.find((s) => s.hora === "01:30")?.inicio).toBe("2026-03-08T06:30:00.000Z");
    expect(starts.find((s) => s.hora === "03:00")?.inicio).toBe("2026-03-08T07:00:00.000Z");
    expect(starts.find((s) => s.hora === "05:00")?.inicio).toBe("2026-03-08T09:00:00.000Z");
  });

  it("dates by the studio's calendar: 23:30 in Mexico is already tomorrow in UTC", () => {
    expect(zonedDate(new Date("2026-12-01T05:30:00Z"), TZ)).toBe("2026-11-30");
    expect(weekday(MONDAY)).toBe(1);
    expect(addDays("2026-12-31", 1)).toBe("2027-01-01");
  });

  it("offers the same studio hours whatever zone the server runs in (instants, not local time)", () => {
    const first = freeStartsOn(MONDAY, base())[0];
    expect(first).toEqual({ inicio: "2026-11-30T15:00:00.000Z", hora: "09:00" });
  });
});

describe("opening and closing times", () => {
  it("starts at opening, every 30 minutes, and the last session ends exactly at closing", () => {
    const list = hours(MONDAY, base());
    expect(list[0]).toBe("09:00");
    expect(list.at(-1)).toBe("17:00"); // 17:00 + 2 h = 19:00
    expect(list).toHaveLength(17);
    expect(list).not.toContain("17:30");
  });

  it("a session may not run past closing, whatever its length", () => {
    expect(hours(MONDAY, base({ durationMinutes: 150 })).at(-1)).toBe("16:30");
    expect(hours(MONDAY, base({ durationMinutes: 600 }))).toEqual(["09:00"]);
    expect(hours(MONDAY, base({ durationMinutes: 601 }))).toEqual([]);
  });

  it("Saturday closes at 18:00", () => {
    expect(hours(SATURDAY, base()).at(-1)).toBe("16:00");
  });

  it("Sunday is closed", () => {
    expect(hours(SUNDAY, base())).toEqual([]);
    expect(freeSlots(base()).some((d) => weekday(d.fecha) === 0)).toBe(false);
  });
});

describe("lead time and horizon", () => {
  it("nothing sooner than the lead time (2 h): at 10:10 the first start is 12:30", () => {
    const input = base({ now: at(MONDAY, "10:10") });
    expect(hours(MONDAY, input)[0]).toBe("12:30");
  });

  it("a start exactly at now + lead time is offered", () => {
    expect(hours(MONDAY, base({ now: at(MONDAY, "10:00") }))[0]).toBe("12:00");
  });

  it("after closing today the calendar starts tomorrow; 60 days, today included", () => {
    const days = freeSlots(base({ now: at(MONDAY, "20:00") }));
    expect(days[0].fecha).toBe("2026-12-01");
    expect(days.at(-1)?.fecha).toBe(addDays(MONDAY, 59));
    expect(isFreeStart(at(addDays(MONDAY, 60), "10:00"), base({ now: at(MONDAY, "20:00") }))).toBe(false);
  });
});

describe("bookings and buffers", () => {
  // A 2 h booking 11:00–13:00 occupies until 13:15 (buffer).
  const booking = { inicio: at(MONDAY, "11:00"), fin: at(MONDAY, "13:15") };

  it("a new session must end (with its buffer) before a booking starts", () => {
    // 09:00–11:00 plus its 15 min buffer ends at 11:15: it would overlap the 11:00 booking.
    const list = hours(MONDAY, base({ booked: [booking] }));
    expect(list).not.toContain("09:00");
    expect(list[0]).toBe("13:30");
    // A 1 h 30 session at 09:00 ends with its buffer at 10:45: fine.
    expect(hours(MONDAY, base({ booked: [booking], durationMinutes: 90 }))[0]).toBe("09:00");
  });

  it("the buffer after a booking keeps the next start at its end or later (13:15 → 13:30)", () => {
    const list = hours(MONDAY, base({ booked: [booking] }));
    expect(list).not.toContain("13:00");
    expect(list).toContain("13:30");
  });

  it("a session ending exactly when the buffer would start a booking's time is allowed (half-open ranges)", () => {
    // 1 h session at 09:45 + 15 min buffer = 11:00: touches, does not overlap.
    const input = base({ durationMinutes: 60, booked: [booking], rules: { ...rules, stepMinutes: 15 } });
    expect(hours(MONDAY, input)).toContain("09:45");
    expect(hours(MONDAY, input)).not.toContain("10:00");
  });

  it("a booking crossing midnight or a day boundary blocks both days' affected times", () => {
    const crossing = { inicio: at(MONDAY, "18:30"), fin: at("2026-12-01", "09:45") };
    expect(hours("2026-12-01", base({ booked: [crossing] }))[0]).toBe("10:00");
    expect(hours(MONDAY, base({ booked: [crossing], durationMinutes: 60 })).at(-1)).toBe("17:00");
  });
});

describe("block-outs and holidays", () => {
  it("a holiday blocks the whole day", () => {
    const holiday = { inicio: at(MONDAY, "00:00"), fin: at("2026-12-01", "00:00") };
    expect(hours(MONDAY, base({ blocked: [holiday] }))).toEqual([]);
    expect(hours("2026-12-01", base({ blocked: [holiday] }))[0]).toBe("09:00");
  });

  it("a lunch break forbids sessions that overlap it, not ones that touch it", () => {
    const lunch = { inicio: at(MONDAY, "14:00"), fin: at(MONDAY, "15:00") };
    const list = hours(MONDAY, base({ blocked: [lunch] }));
    expect(list).toContain("12:00"); // 12:00–14:00 touches the break
    expect(list).not.toContain("12:30");
    expect(list).not.toContain("14:30");
    expect(list).toContain("15:00");
  });

  it("a block-out crossing opening time moves the first start", () => {
    const morning = { inicio: at(MONDAY, "06:00"), fin: at(MONDAY, "10:20") };
    expect(hours(MONDAY, base({ blocked: [morning] }))[0]).toBe("10:30");
  });
});

describe("isFreeStart: the server's check of a chosen time", () => {
  it("accepts an offered start and refuses one off the grid, in the past, or taken", () => {
    expect(isFreeStart(at(MONDAY, "09:00"), base())).toBe(true);
    expect(isFreeStart(at(MONDAY, "09:10"), base())).toBe(false);
    expect(isFreeStart(at(SUNDAY, "10:00"), base())).toBe(false);
    expect(isFreeStart(at("2026-11-20", "10:00"), base())).toBe(false);
    const taken = { inicio: at(MONDAY, "09:00"), fin: at(MONDAY, "11:15") };
    expect(isFreeStart(at(MONDAY, "09:00"), base({ booked: [taken] }))).toBe(false);
  });
});

import { describe, expect, it } from "vitest";
import {
  datesInRange,
  dayZone,
  formatWall,
  instantToHumanLocal,
  instantToUtcIso,
  localDateOf,
  instantToLocalString,
  instantToWall,
  isValidTimeZone,
  parseLocalDate,
  parseLocalDateTime,
  wallDayStart,
  wallToInstant,
  weekdayOf,
} from "../../../src/domain/time";

const wall = (iso: string) => Date.parse(`${iso}Z`);

describe("parseLocalDate", () => {
  it.each(["2026-03-08", "2024-02-29", "2026-12-31"])("accepts the real day %s", (s) => {
    const d = parseLocalDate(s)!;
    expect(d).not.toBeNull();
    expect(`${d.year}-${String(d.month).padStart(2, "0")}-${String(d.day).padStart(2, "0")}`).toBe(s);
  });

  it.each(["2026-02-30", "2025-02-29", "2026-13-01", "2026-00-10", "2026-3-8", "20260308", "2026-03-08T10:00", "", "tomorrow"])(
    "refuses %j",
    (s) => expect(parseLocalDate(s)).toBeNull(),
  );
});

describe("parseLocalDateTime", () => {
  it.each([
    ["2026-03-08T10:30", 630, 0],
    ["2026-03-08T10:30:00", 630, 0],
    ["2026-03-08T10:30:15", 630, 15],
    ["2026-03-08T10:30:00Z", 630, 0],
    ["2026-03-08T10:30:00.000Z", 630, 0],
    ["2026-03-08T10:30:00+05:30", 630, 0],
    ["2026-03-08T10:30:00-0800", 630, 0],
    ["2026-03-08T10:30:00-04:00[America/New_York]", 630, 0],
    ["2026-03-08 00:00", 0, 0],
  ])("reads %s as the wall time it spells, ignoring any offset", (s, minute, second) => {
    expect(parseLocalDateTime(s)).toEqual({ date: { year: 2026, month: 3, day: 8 }, minuteOfDay: minute, second });
  });

  it.each(["2026-03-08", "2026-03-08T24:00", "2026-03-08T10:60", "2026-02-30T10:00", "2026-03-08T10:00foo", "2026-03-08T1000", "soon"])(
    "refuses %j",
    (s) => expect(parseLocalDateTime(s)).toBeNull(),
  );
});

describe("calendar helpers", () => {
  it("numbers weekdays like staff_hours (0 = Sunday)", () => {
    expect(weekdayOf(parseLocalDate("2026-03-08")!)).toBe(0);
    expect(weekdayOf(parseLocalDate("2026-03-14")!)).toBe(6);
  });

  it("counts the dates of a range with both ends, across month ends and leap days", () => {
    const d = (s: string) => parseLocalDate(s)!;
    expect(datesInRange(d("2028-02-27"), d("2028-03-01"))).toBe(4);
    expect(datesInRange(d("2031-03-01"), d("2031-03-01"))).toBe(1);
    expect(datesInRange(d("2031-03-02"), d("2031-03-01"))).toBe(0);
  });

  it("knows real time zones from made-up ones", () => {
    expect(isValidTimeZone("Europe/London")).toBe(true);
    expect(isValidTimeZone("Mars/Olympus_Mons")).toBe(false);
  });
});

describe("DayZone mapping", () => {
  it("maps an ordinary day with one offset", () => {
    const z = dayZone("America/New_York", parseLocalDate("2026-03-10")!);
    expect(wallToInstant(z, wall("2026-03-10T09:00:00"), "reject")).toBe(Date.parse("2026-03-10T13:00:00Z"));
    expect(formatWall(instantToWall(z, Date.parse("2026-03-10T13:00:00Z")), z)).toBe("2026-03-10T09:00:00");
  });

  it("has no instant for a wall time in the spring-forward gap, unless clamped to the jump", () => {
    const z = dayZone("America/New_York", parseLocalDate("2026-03-08")!);
    expect(wallToInstant(z, wall("2026-03-08T02:30:00"), "reject")).toBeNaN();
    expect(wallToInstant(z, wall("2026-03-08T02:30:00"), "clamp")).toBe(Date.parse("2026-03-08T07:00:00Z"));
    expect(wallToInstant(z, wall("2026-03-08T03:00:00"), "reject")).toBe(Date.parse("2026-03-08T07:00:00Z"));
    expect(wallToInstant(z, wall("2026-03-08T01:59:00"), "reject")).toBe(Date.parse("2026-03-08T06:59:00Z"));
  });

  it("resolves a repeated fall-back wall time to its earlier instant", () => {
    const z = dayZone("America/New_York", parseLocalDate("2026-11-01")!);
    expect(wallToInstant(z, wall("2026-11-01T01:30:00"), "reject")).toBe(Date.parse("2026-11-01T05:30:00Z"));
    // Both instants of 01:30 read back as the same wall time.
    expect(formatWall(instantToWall(z, Date.parse("2026-11-01T05:30:00Z")), z)).toBe("2026-11-01T01:30:00");
    expect(formatWall(instantToWall(z, Date.parse("2026-11-01T06:30:00Z")), z)).toBe("2026-11-01T01:30:00");
  });

  it("handles Europe/London's transitions at 01:00 local", () => {
    const spring = dayZone("Europe/London", parseLocalDate("2026-03-29")!);
    expect(wallToInstant(spring, wall("2026-03-29T01:30:00"), "reject")).toBeNaN();
    expect(wallToInstant(spring, wall("2026-03-29T02:00:00"), "reject")).toBe(Date.parse("2026-03-29T01:00:00Z"));
    const autumn = dayZone("Europe/London", parseLocalDate("2026-10-25")!);
    expect(wallToInstant(autumn, wall("2026-10-25T01:30:00"), "reject")).toBe(Date.parse("2026-10-25T00:30:00Z"));
  });

  it("formats the next day's midnight from the same zone", () => {
    const z = dayZone("UTC", parseLocalDate("2026-12-31")!);
    expect(formatWall(wallDayStart(z.date) + 86_400_000, z)).toBe("2027-01-01T00:00:00");
  });
});

describe("one-off formatting", () => {
  it("renders instants tenant-local without offset", () => {
    expect(instantToLocalString("America/New_York", Date.parse("2026-03-08T07:30:00Z"))).toBe("2026-03-08T03:30:00");
    expect(instantToLocalString("Asia/Kolkata", Date.parse("2026-03-08T07:30:00Z"))).toBe("2026-03-08T13:00:00");
  });

  it("renders a human line for e-mails", () => {
    expect(instantToHumanLocal("Europe/London", Date.parse("2026-03-03T09:30:00Z"))).toBe("Tue 3 Mar 2026, 09:30");
  });
});

describe("instantToUtcIso", () => {
  it("writes what Date#toISOString writes, on and off the minute, before 1970 too", () => {
    for (const iso of [
      "2031-03-09T06:00:00.000Z",
      "2031-12-31T23:59:00.000Z",
      "2026-11-01T05:45:00.000Z",
      "2031-03-09T06:00:30.500Z",
      "1969-12-31T23:00:00.000Z",
    ]) {
      expect(instantToUtcIso(Date.parse(iso))).toBe(iso);
    }
  });
});

describe("localDateOf", () => {
  it("is the tenant-local date of an instant, also when UTC is already on the next day or around a DST change", () => {
    expect(localDateOf("America/New_York", Date.parse("2031-06-11T02:30:00Z"))).toEqual({ year: 2031, month: 6, day: 10 });
    expect(localDateOf("Pacific/Kiritimati", Date.parse("2031-06-10T10:30:00Z"))).toEqual({ year: 2031, month: 6, day: 11 });
    expect(localDateOf("America/New_York", Date.parse("2031-03-09T06:59:00Z"))).toEqual({ year: 2031, month: 3, day: 9 });
    expect(localDateOf("Europe/London", Date.parse("2031-10-26T00:30:00Z"))).toEqual({ year: 2031, month: 10, day: 26 });
    expect(localDateOf("UTC", Date.parse("2031-12-31T23:59:59Z"))).toEqual({ year: 2031, month: 12, day: 31 });
  });
});

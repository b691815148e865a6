import { describe, expect, it } from "vitest";
import { computeSlots, dateStartInstant, findSlot, slotLocalTimes, type StaffDay, unaffectedByClock } from "../../../src/domain/slots";
import { dayZone, parseLocalDate } from "../../../src/domain/time";
import { NEW_YORK_SPRING_FORWARD_STARTS } from "../../helpers/daylight-saving";

const hm = (s: string) => Number(s.slice(0, 2)) * 60 + Number(s.slice(3, 5));
const hours = (...ranges: [string, string][]) => ranges.map(([a, b]) => ({ startMinute: hm(a), endMinute: hm(b) }));
const at = (iso: string) => Date.parse(iso);
const LONG_AGO = 0;

function local(tz: string, date: string, durationMinutes: number, staff: StaffDay[], nowMs = LONG_AGO) {
  const zone = dayZone(tz, parseLocalDate(date)!);
  return computeSlots({ zone, durationMinutes, staff, nowMs }).map((s) => ({ staff: s.staffIndex, ...slotLocalTimes(zone, s) }));
}
const starts = (slots: { startTime: string }[]) => slots.map((s) => s.startTime.slice(11, 16));

describe("computeSlots on an ordinary day", () => {
  it("offers every quarter-hour where the whole service fits inside working hours", () => {
    const slots = local("America/New_York", "2026-03-10", 60, [{ intervals: hours(["09:00", "11:00"]), busy: [] }]);
    expect(starts(slots)).toEqual(["09:00", "09:15", "09:30", "09:45", "10:00"]);
    expect(slots[4]).toEqual({ staff: 0, startTime: "2026-03-10T10:00:00", endTime: "2026-03-10T11:00:00" });
  });

  it("starts on the first quarter-hour inside an interval that begins off the grid", () => {
    const slots = local("UTC", "2026-03-10", 15, [{ intervals: hours(["09:10", "10:00"]), busy: [] }]);
    expect(starts(slots)).toEqual(["09:15", "09:30", "09:45"]);
  });

  it("skips times that overlap a booking or time off, while touching ends are fine", () => {
    const busy = [
      { startMs: at("2026-03-10T10:00:00Z"), endMs: at("2026-03-10T10:30:00Z") }, // booking
      { startMs: at("2026-03-10T11:45:00Z"), endMs: at("2026-03-11T00:00:00Z") }, // time off for the rest of the day
    ];
    const slots = local("UTC", "2026-03-10", 30, [{ intervals: hours(["09:00", "13:00"]), busy }]);
    expect(starts(slots)).toEqual(["09:00", "09:15", "09:30", "10:30", "10:45", "11:00", "11:15"]);
  });

  it("offers only starts strictly after now", () => {
    const slots = local("UTC", "2026-03-10", 30, [{ intervals: hours(["09:00", "11:00"]), busy: [] }], at("2026-03-10T09:30:00Z"));
    expect(starts(slots)).toEqual(["09:45", "10:00", "10:15", "10:30"]);
  });

  it("offers nothing on a past day or when the service is longer than the interval", () => {
    expect(local("UTC", "2026-03-10", 30, [{ intervals: hours(["09:00", "17:00"]), busy: [] }], at("2026-03-11T00:00:00Z"))).toEqual([]);
    expect(local("UTC", "2026-03-10", 90, [{ intervals: hours(["09:00", "10:00"]), busy: [] }])).toEqual([]);
  });

  it("sorts by start time, then by staff order, and never repeats a time within overlapping intervals", () => {
    const slots = local("UTC", "2026-03-10", 30, [
      { intervals: hours(["10:00", "11:00"], ["09:30", "10:30"]), busy: [] },
      { intervals: hours(["09:00", "10:00"]), busy: [] },
    ]);
    expect(slots.map((s) => `${s.startTime.slice(11, 16)}#${s.staff}`)).toEqual([
      "09:00#1",
      "09:15#1",
      "09:30#0",
      "09:30#1",
      "09:45#0",
      "10:00#0",
      "10:15#0",
      "10:30#0",
    ]);
  });

  it("handles several intervals a day (a lunch break) and zones with half-hour offsets", () => {
    const slots = local("Asia/Kolkata", "2026-03-10", 60, [{ intervals: hours(["09:00", "10:00"], ["13:00", "14:30"]), busy: [] }]);
    expect(starts(slots)).toEqual(["09:00", "13:00", "13:15", "13:30"]);
    expect(slots[0].endTime).toBe("2026-03-10T10:00:00");
  });

  it("accepts busy intervals in any order", () => {
    const busy = [
      { startMs: at("2026-03-10T10:00:00Z"), endMs: at("2026-03-10T10:15:00Z") },
      { startMs: at("2026-03-10T09:00:00Z"), endMs: at("2026-03-10T09:45:00Z") },
      { startMs: at("2026-03-10T09:30:00Z"), endMs: at("2026-03-10T09:50:00Z") },
    ];
    expect(starts(local("UTC", "2026-03-10", 15, [{ intervals: hours(["09:00", "10:30"]), busy }]))).toEqual(["10:15"]);
  });
});

describe("computeSlots across daylight-saving transitions", () => {
  it("America/New_York spring forward (2026-03-08): no slot in the gap, ends by real elapsed time", () => {
    const slots = local("America/New_York", "2026-03-08", 60, [{ intervals: hours(["00:00", "05:00"]), busy: [] }]);
    expect(starts(slots)).toEqual(NEW_YORK_SPRING_FORWARD_STARTS);
    const at0130 = slots.find((s) => s.startTime === "2026-03-08T01:30:00")!;
    expect(at0130.endTime).toBe("2026-03-08T03:30:00");
  });

  it("America/New_York spring forward: a working day starting inside the gap starts when the clock jumps", () => {
    const slots = local("America/New_York", "2026-03-08", 30, [{ intervals: hours(["02:30", "04:00"]), busy: [] }]);
    expect(starts(slots)).toEqual(["03:00", "03:15", "03:30"]);
  });

  it("America/New_York fall back (2026-11-01): each wall time once, at its earlier instant", () => {
    const zone = dayZone("America/New_York", parseLocalDate("2026-11-01")!);
    const slots = computeSlots({ zone, durationMinutes: 30, staff: [{ intervals: hours(["00:00", "03:00"]), busy: [] }], nowMs: 0 });
    const walls = slots.map((s) => slotLocalTimes(zone, s).startTime.slice(11, 16));
    expect(walls).toEqual(["00:00", "00:15", "00:30", "00:45", "01:00", "01:15", "01:30", "01:45", "02:00", "02:15", "02:30"]);
    expect(new Set(walls).size).toBe(walls.length);
    const s0100 = slots[4];
    expect(s0100.startMs).toBe(at("2026-11-01T05:00:00Z")); // 01:00 EDT, not 01:00 EST
    // 01:45 EDT + 30 real minutes = 01:15 EST.
    expect(slotLocalTimes(zone, slots[7]).endTime).toBe("2026-11-01T01:15:00");
    // The interval 00:00-03:00 is four real hours long: 02:30 EST + 30 min = 03:00 EST fits.
    expect(slotLocalTimes(zone, slots[10]).endTime).toBe("2026-11-01T03:00:00");
  });

  it("America/New_York fall back: a booking on the earlier 01:00 removes that wall time; one on the later 01:00 does not", () => {
    const day = (startIso: string): StaffDay => ({
      intervals: hours(["00:30", "02:30"]),
      busy: [{ startMs: at(startIso), endMs: at(startIso) + 30 * 60_000 }],
    });
    const earlier = local("America/New_York", "2026-11-01", 30, [day("2026-11-01T05:00:00Z")]);
    expect(starts(earlier)).not.toContain("01:00");
    const later = local("America/New_York", "2026-11-01", 30, [day("2026-11-01T06:00:00Z")]);
    expect(starts(later)).toContain("01:00");
    // 01:45 EDT runs into 01:00-01:30 EST, so it is gone.
    expect(starts(later)).not.toContain("01:45");
  });

  it("Europe/London spring forward (2026-03-29): 01:00-01:45 do not exist", () => {
    const slots = local("Europe/London", "2026-03-29", 60, [{ intervals: hours(["00:00", "03:00"]), busy: [] }]);
    expect(starts(slots)).toEqual(["00:00", "00:15", "00:30", "00:45", "02:00"]);
    expect(slots.find((s) => s.startTime.endsWith("00:30:00"))!.endTime).toBe("2026-03-29T02:30:00");
  });

  it("Europe/London fall back (2026-10-25): the repeated hour is offered once", () => {
    const zone = dayZone("Europe/London", parseLocalDate("2026-10-25")!);
    const slots = computeSlots({ zone, durationMinutes: 60, staff: [{ intervals: hours(["00:30", "02:00"]), busy: [] }], nowMs: 0 });
    const view = slots.map((s) => slotLocalTimes(zone, s));
    // 00:30-02:00 lasts 2.5 real hours: starts up to 01:00 GMT fit, each wall time once.
    expect(view.map((v) => v.startTime.slice(11, 16))).toEqual(["00:30", "00:45", "01:00", "01:15", "01:30", "01:45"]);
    expect(view[0].endTime).toBe("2026-10-25T01:30:00"); // 00:30 BST + 60 = 01:30 BST
    expect(slots[2].startMs).toBe(at("2026-10-25T00:00:00Z")); // 01:00 BST
    expect(view[5].endTime).toBe("2026-10-25T01:45:00"); // 01:45 BST + 60 = 01:45 GMT
  });
});

describe("findSlot", () => {
  const zone = dayZone("America/New_York", parseLocalDate("2026-03-08")!);
  const staff = { intervals: hours(["00:00", "05:00"]), busy: [] };

  it("finds an offered slot with its real instants", () => {
    const slot = findSlot({ zone, durationMinutes: 60, staff, nowMs: 0 }, hm("01:30"))!;
    expect(slot.startMs).toBe(at("2026-03-08T06:30:00Z"));
    expect(slot.endMs).toBe(at("2026-03-08T07:30:00Z"));
  });

  it("refuses a time in the gap, off the grid, or outside the day", () => {
    expect(findSlot({ zone, durationMinutes: 60, staff, nowMs: 0 }, hm("02:30"))).toBeNull();
    expect(findSlot({ zone, durationMinutes: 60, staff, nowMs: 0 }, hm("01:10"))).toBeNull();
    expect(findSlot({ zone, durationMinutes: 60, staff, nowMs: 0 }, 1440)).toBeNull();
  });
});

describe("unaffectedByClock", () => {
  const instant = (iso: string) => new Date(iso).getTime();

  it("holds only while the date's first instant is past both now and the notice limit", () => {
    const zone = dayZone("America/New_York", parseLocalDate("2031-03-04")!); // 00:00 EST = 05:00Z
    expect(unaffectedByClock(dateStartInstant(zone), instant("2031-03-04T04:59:59.998Z"))).toBe(true);
    // Starts must lie strictly after now: at 00:00 itself the 00:00 start is already gone.
    expect(unaffectedByClock(dateStartInstant(zone), instant("2031-03-04T05:00:00Z"))).toBe(false);
    expect(unaffectedByClock(dateStartInstant(zone), instant("2031-03-03T12:00:00Z"), instant("2031-03-04T05:00:00Z"))).toBe(true);
    expect(unaffectedByClock(dateStartInstant(zone), instant("2031-03-03T12:00:00Z"), instant("2031-03-04T05:00:00.001Z"))).toBe(false);
  });

  it("takes the moment the clock jumps as the first instant of a date whose midnight does not exist", () => {
    // Santiago springs forward at 24:00 on 2031-09-06: 2031-09-07 begins at 01:00 (-03), 04:00Z.
    const zone = dayZone("America/Santiago", parseLocalDate("2031-09-07")!);
    const first = computeSlots({
      zone,
      durationMinutes: 15,
      staff: [{ intervals: [{ startMinute: 0, endMinute: 120 }], busy: [] }],
      nowMs: 0,
    })[0];
    expect(new Date(first.startMs).toISOString()).toBe("2031-09-07T04:00:00.000Z");
    expect(dateStartInstant(zone)).toBe(first.startMs);
    expect(unaffectedByClock(dateStartInstant(zone), first.startMs - 1)).toBe(true);
    expect(unaffectedByClock(dateStartInstant(zone), first.startMs)).toBe(false);
  });
});

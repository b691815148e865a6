import { describe, expect, it } from "vitest";
import { activeIntervals, activeShape, type BusyInterval, mergeBusy, processingOf } from "../../../src/domain/busy";
import { computeSlots, findSlot, slotLocalTimes, type StaffDay } from "../../../src/domain/slots";
import { dayZone, formatWall, instantToWall, parseLocalDate } from "../../../src/domain/time";
import { computeVisitSlots, findVisitSlot, summarizeVisitDay, type VisitItemQuery, visitFitsAt } from "../../../src/domain/visit-slots";

// design.md §26: processing windows, resources and visits in the pure engines.

const hm = (s: string) => Number(s.slice(0, 2)) * 60 + Number(s.slice(3, 5));
const hours = (...ranges: [string, string][]) => ranges.map(([a, b]) => ({ startMinute: hm(a), endMinute: hm(b) }));
const at = (iso: string) => Date.parse(iso);
const MIN = 60_000;
const UTC_DAY = "2031-03-10";
const zoneOf = (tz: string, date: string) => dayZone(tz, parseLocalDate(date)!);

/** What an existing booking blocks for its staff member (active parts with its own buffers). */
function booked(startIso: string, minutes: number, opts: { offset?: number; processing?: number; before?: number; after?: number } = {}) {
  const shape = activeShape(
    minutes,
    opts.before ?? 0,
    opts.after ?? 0,
    processingOf(minutes, opts.offset ?? null, opts.processing ?? null),
  );
  return activeIntervals(shape, at(startIso));
}

function starts(
  tz: string,
  date: string,
  q: { duration: number; before?: number; after?: number; offset?: number; processing?: number },
  staff: StaffDay[],
  resources?: BusyInterval[][][],
) {
  const zone = zoneOf(tz, date);
  return computeSlots({
    zone,
    durationMinutes: q.duration,
    bufferBeforeMinutes: q.before,
    bufferAfterMinutes: q.after,
    processing: processingOf(q.duration, q.offset ?? null, q.processing ?? null),
    resources: resources?.map((type) => type.map(mergeBusy)),
    staff,
    nowMs: 0,
  }).map((s) => slotLocalTimes(zone, s).startTime.slice(11, 16));
}

describe("processing windows (one service)", () => {
  it("a colour's processing window lets a short service in with the same staff member", () => {
    // Colour 10:00-11:30, developing 10:30-11:10: the stylist is busy 10:00-10:30 and 11:10-11:30.
    const busy = booked("2031-03-10T10:00:00Z", 90, { offset: 30, processing: 40 });
    const day = { intervals: hours(["09:00", "13:00"]), busy };
    expect(starts("UTC", UTC_DAY, { duration: 30 }, [day])).toEqual([
      "09:00",
      "09:15",
      "09:30",
      "10:30", // inside the window: 10:30-11:00
      "11:30",
      "11:45",
      "12:00",
      "12:15",
      "12:30",
    ]);
    // 45 minutes no longer fit in the 40-minute window.
    expect(starts("UTC", UTC_DAY, { duration: 45 }, [day])).not.toContain("10:30");
  });

  it("a buffer applies at the processing edges: the window shrinks by the booking's and the candidate's buffers", () => {
    // The booking keeps 10 minutes after its first active part and before its second one.
    const busy = booked("2031-03-10T10:00:00Z", 90, { offset: 30, processing: 40, before: 10, after: 10 });
    expect(busy).toEqual([
      { startMs: at("2031-03-10T09:50:00Z"), endMs: at("2031-03-10T10:40:00Z") },
      { startMs: at("2031-03-10T11:00:00Z"), endMs: at("2031-03-10T11:40:00Z") },
    ]);
    const day = { intervals: hours(["09:00", "13:00"]), busy };
    // A 15-minute service fits 10:45-11:00 only without buffers of its own.
    expect(starts("UTC", UTC_DAY, { duration: 15 }, [day])).toContain("10:45");
    expect(starts("UTC", UTC_DAY, { duration: 15, after: 5 }, [day])).not.toContain("10:45");
    // Buffers that close the gap make the booking one block.
    const closed = booked("2031-03-10T10:00:00Z", 90, { offset: 30, processing: 40, before: 20, after: 20 });
    expect(closed).toEqual([{ startMs: at("2031-03-10T09:40:00Z"), endMs: at("2031-03-10T11:50:00Z") }]);
  });

  it("the candidate's own processing window may hold another booking of the staff member", () => {
    // A booking 10:30-11:00; a 90-minute colour from 10:00 with its window 10:30-11:10 fits around it.
    const day = { intervals: hours(["09:00", "13:00"]), busy: booked("2031-03-10T10:30:00Z", 30) };
    const colour = { duration: 90, offset: 30, processing: 40 };
    expect(starts("UTC", UTC_DAY, colour, [day])).toContain("10:00");
    expect(starts("UTC", UTC_DAY, { duration: 90 }, [day])).not.toContain("10:00");
  });

  it("a window that does not fit inside the appointment is no window", () => {
    expect(processingOf(60, 30, 30)).toBeNull();
    expect(processingOf(60, 0, 20)).toBeNull();
    expect(processingOf(60, null, null)).toBeNull();
    expect(processingOf(60, 20, 20)).toEqual({ offsetMinutes: 20, minutes: 20 });
  });
});

describe("resources (one service)", () => {
  const free = { intervals: hours(["09:00", "12:00"]), busy: [] };

  it("needs one free resource of each type for the whole appointment, buffers included", () => {
    const roomA = [
      { startMs: at("2031-03-10T09:00:00Z"), endMs: at("2031-03-10T10:00:00Z") },
      { startMs: at("2031-03-10T11:10:00Z"), endMs: at("2031-03-10T12:00:00Z") },
    ];
    const roomB = [{ startMs: at("2031-03-10T09:30:00Z"), endMs: at("2031-03-10T10:30:00Z") }];
    // Without buffers room A takes 10:00-11:00; with 15 minutes after, a room must be free over [t, t + 75).
    expect(starts("UTC", UTC_DAY, { duration: 60 }, [free], [[roomA, roomB]])).toEqual(["10:00", "10:30", "10:45", "11:00"]);
    expect(starts("UTC", UTC_DAY, { duration: 60, after: 15 }, [free], [[roomA, roomB]])).toEqual(["10:30", "10:45", "11:00"]);
    // A second type with a busy basin removes what it covers.
    const basin = [{ startMs: at("2031-03-10T10:30:00Z"), endMs: at("2031-03-10T10:45:00Z") }];
    expect(starts("UTC", UTC_DAY, { duration: 60, after: 15 }, [free], [[roomA, roomB], [basin]])).toEqual(["10:45", "11:00"]);
  });

  it("a type with no resource means no slots", () => {
    expect(starts("UTC", UTC_DAY, { duration: 30 }, [free], [[]])).toEqual([]);
  });

  it("a resource freed by a cancellation is offered again", () => {
    const held = [{ startMs: at("2031-03-10T09:00:00Z"), endMs: at("2031-03-10T12:00:00Z") }];
    expect(starts("UTC", UTC_DAY, { duration: 60 }, [free], [[held]])).toEqual([]);
    // The cancelled booking no longer counts in the resource's busy time (status <> 'cancelled').
    expect(starts("UTC", UTC_DAY, { duration: 60 }, [free], [[[]]])).toHaveLength(9);
  });

  it("findSlot agrees with the list", () => {
    const zone = zoneOf("UTC", UTC_DAY);
    const room = [mergeBusy([{ startMs: at("2031-03-10T09:00:00Z"), endMs: at("2031-03-10T10:00:00Z") }])];
    const q = { zone, durationMinutes: 30, resources: [room], staff: free, nowMs: 0 };
    expect(findSlot(q, hm("09:30"))).toBeNull();
    expect(findSlot(q, hm("10:00"))?.startMs).toBe(at("2031-03-10T10:00:00Z"));
  });
});

const item = (durationMinutes: number, staff: number[], extra: Partial<VisitItemQuery> = {}): VisitItemQuery => ({
  durationMinutes,
  bufferBeforeMinutes: 0,
  bufferAfterMinutes: 0,
  processing: null,
  resources: [],
  staff,
  ...extra,
});

function visitStarts(tz: string, date: string, staff: StaffDay[], items: VisitItemQuery[], nowMs = 0) {
  const zone = zoneOf(tz, date);
  return computeVisitSlots({ zone, staff, items, nowMs }).map((v) => ({
    start: formatWall(zone.wallStartMs + v.startMinute * MIN, zone).slice(11, 16),
    items: v.items.map((i) => `${formatWall(instantToWall(zone, i.startMs), zone).slice(11, 16)}#${i.staffIndex}`),
  }));
}

describe("visits", () => {
  it("runs the services back to back, keeping the same staff member while free", () => {
    const kim = { intervals: hours(["09:00", "11:00"]), busy: [] };
    const lee = { intervals: hours(["09:00", "11:00"]), busy: [] };
    const slots = visitStarts("UTC", UTC_DAY, [kim, lee], [item(30, [0, 1]), item(45, [0, 1])]);
    expect(slots[0]).toEqual({ start: "09:00", items: ["09:00#0", "09:30#0"] });
    expect(slots.map((s) => s.start)).toEqual(["09:00", "09:15", "09:30", "09:45"]);
  });

  it("a second item that needs another staff member gets one", () => {
    // Kim is busy 09:30-10:00, so the cut with Kim at 09:00 is followed by a colour with Lee.
    const kim = { intervals: hours(["09:00", "12:00"]), busy: booked("2031-03-10T09:30:00Z", 30) };
    const lee = { intervals: hours(["09:00", "12:00"]), busy: [] };
    const [first] = visitStarts("UTC", UTC_DAY, [kim, lee], [item(30, [0]), item(30, [0, 1])]);
    expect(first).toEqual({ start: "09:00", items: ["09:00#0", "09:30#1"] });
    // With only Kim allowed for the second item, 09:00 is not offered at all.
    expect(visitStarts("UTC", UTC_DAY, [kim, lee], [item(30, [0]), item(30, [0])])[0].start).toBe("10:00");
  });

  it("prefers the staff member who can do the longest run of the next items", () => {
    const kim = { intervals: hours(["09:00", "09:30"]), busy: [] };
    const lee = { intervals: hours(["09:00", "12:00"]), busy: [] };
    const [first] = visitStarts("UTC", UTC_DAY, [kim, lee], [item(30, [0, 1]), item(30, [0, 1])]);
    expect(first).toEqual({ start: "09:00", items: ["09:00#1", "09:30#1"] });
  });

  it("an item's staff member is free during its processing window, and the next item follows the whole item", () => {
    // Colour 09:00-10:30 developing 09:30-10:10; Kim has another client 09:30-10:00.
    const kim = { intervals: hours(["09:00", "12:00"]), busy: booked("2031-03-10T09:30:00Z", 30) };
    const slots = visitStarts("UTC", UTC_DAY, [kim], [item(90, [0], { processing: { offsetMinutes: 30, minutes: 40 } }), item(30, [0])]);
    expect(slots[0]).toEqual({ start: "09:00", items: ["09:00#0", "10:30#0"] });
  });

  it("needs each item's resources for that item only, and items of the visit do not block each other", () => {
    const kim = { intervals: hours(["09:00", "12:00"]), busy: [] };
    const room = mergeBusy([{ startMs: at("2031-03-10T09:30:00Z"), endMs: at("2031-03-10T10:00:00Z") }]);
    // The massage (second) needs the room, busy 09:30-10:00; the consultation before it does not.
    const items = [item(30, [0]), item(60, [0], { resources: [[room]], bufferAfterMinutes: 10 })];
    expect(visitStarts("UTC", UTC_DAY, [kim], items).map((s) => s.start)[0]).toBe("09:30");
    // Buffers between two items of the same visit do not apply: back to back with the same staff member.
    const buffered = [item(30, [0], { bufferAfterMinutes: 15 }), item(30, [0], { bufferBeforeMinutes: 15 })];
    expect(visitStarts("UTC", UTC_DAY, [kim], buffered)[0]).toEqual({ start: "09:00", items: ["09:00#0", "09:30#0"] });
  });

  it("across a spring-forward night the items follow in real elapsed time and the hours are real instants", () => {
    // New York, 2031-03-09: 02:00 jumps to 03:00. Working 00:00-06:00.
    const night = { intervals: hours(["00:00", "06:00"]), busy: [] };
    const zone = zoneOf("America/New_York", "2031-03-09");
    const slots = computeVisitSlots({ zone, staff: [night], items: [item(60, [0]), item(60, [0])], nowMs: 0 });
    const local = (ms: number) => formatWall(instantToWall(zone, ms), zone).slice(11, 16);
    const at0130 = slots.find((s) => s.startMinute === hm("01:30"))!;
    expect(at0130.items.map((i) => local(i.startMs))).toEqual(["01:30", "03:30"]);
    expect(local(at0130.endMs)).toBe("04:30");
    // No visit starts in the gap; the last start still ends by 06:00 local (4 real hours after 01:00).
    expect(slots.some((s) => s.startMinute === hm("02:15"))).toBe(false);
    expect(local(slots[slots.length - 1].startMs)).toBe("04:00");
  });

  it("on a fall-back night a visit over the repeated hour lasts its real minutes", () => {
    // New York, 2031-11-02: 02:00 falls back to 01:00.
    const night = { intervals: hours(["00:00", "04:00"]), busy: [] };
    const zone = zoneOf("America/New_York", "2031-11-02");
    const [first] = computeVisitSlots({ zone, staff: [night], items: [item(60, [0]), item(60, [0])], nowMs: 0 });
    expect(first.endMs - first.startMs).toBe(120 * MIN);
    const local = (ms: number) => formatWall(instantToWall(zone, ms), zone).slice(11, 16);
    // 00:00 + 2 real hours = the second 01:00.
    expect(local(first.endMs)).toBe("01:00");
  });

  it("findVisitSlot, the days summary and the front-desk check agree with the list", () => {
    const kim = { intervals: hours(["09:00", "10:00"]), busy: [] };
    const zone = zoneOf("UTC", UTC_DAY);
    const q = { zone, staff: [kim], items: [item(15, [0]), item(15, [0])], nowMs: 0 };
    expect(computeVisitSlots(q).map((s) => s.startMinute)).toEqual([hm("09:00"), hm("09:15"), hm("09:30")]);
    expect(findVisitSlot(q, hm("09:30"))?.items[1].startMs).toBe(at("2031-03-10T09:45:00Z"));
    expect(findVisitSlot(q, hm("09:45"))).toBeNull();
    expect(summarizeVisitDay(q)).toEqual({ count: 3, firstStartMinute: hm("09:00"), firstStartMs: at("2031-03-10T09:00:00Z") });
    // Outside hours on a 5-minute step: only the override's check accepts it.
    expect(visitFitsAt(q, at("2031-03-10T17:05:00Z"))?.endMs).toBe(at("2031-03-10T17:35:00Z"));
    expect(visitFitsAt({ ...q, staff: [{ ...kim, busy: booked("2031-03-10T17:20:00Z", 10) }] }, at("2031-03-10T17:05:00Z"))).toBeNull();
  });
});

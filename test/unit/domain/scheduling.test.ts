import { describe, expect, it } from "vitest";
import {
  bookingLimits,
  type ClosureRow,
  type DayRules,
  dayQueryFor,
  emptyPlan,
  isClosed,
  performers,
  type StaffPlan,
  staffPlans,
} from "../../../src/domain/schedule";
import { type BusyInterval, computeSlots, findSlot, mergeBusy, slotLocalTimes, summarizeDay } from "../../../src/domain/slots";
import { addDays, dayZone, formatLocalDate, type LocalDate, parseLocalDate } from "../../../src/domain/time";

// design.md §16 in the engine: buffers, overrides, closures, notice, horizon and who performs a
// service, each alone and combined. Every instant below is written out in UTC with its offset.

const hm = (s: string) => Number(s.slice(0, 2)) * 60 + Number(s.slice(3, 5));
const hours = (...ranges: [string, string][]) => ranges.map(([a, b]) => ({ startMinute: hm(a), endMinute: hm(b) }));
const at = (iso: string) => Date.parse(iso);
const d = (s: string) => parseLocalDate(s) as LocalDate;
const LONG_AGO = 0;
const NO_LIMITS = { earliestMs: Number.NEGATIVE_INFINITY, lastDate: null };

/** A plan working `week` every weekday, with optional overrides and busy time. */
function plan(week: [string, string][], extra: { overrides?: Record<string, [string, string][]>; busy?: BusyInterval[] } = {}): StaffPlan {
  const p = emptyPlan();
  for (let w = 0; w < 7; w++) p.weekly[w] = hours(...week);
  for (const [date, ranges] of Object.entries(extra.overrides ?? {})) p.overrides.set(date, hours(...ranges));
  p.busy = extra.busy ?? [];
  return p;
}

function rules(over: Partial<DayRules> & { duration?: number; before?: number; after?: number } = {}): DayRules {
  return {
    timeZone: over.timeZone ?? "UTC",
    service: { durationMinutes: over.duration ?? 60, bufferBeforeMinutes: over.before ?? 0, bufferAfterMinutes: over.after ?? 0 },
    closures: over.closures ?? [],
    limits: over.limits ?? NO_LIMITS,
    nowMs: over.nowMs ?? LONG_AGO,
  };
}

/** Local start times ("HH:MM") offered on `date`, per staff index when several. */
function starts(r: DayRules, plans: StaffPlan[], date: string): string[] {
  const q = dayQueryFor(
    r,
    plans.map((p) => ({ plan: p, busy: p.busy })),
    d(date),
  );
  if (!q) return [];
  return computeSlots(q).map((s) => slotLocalTimes(q.zone, s).startTime.slice(11, 16));
}

function summary(r: DayRules, plans: StaffPlan[], date: string) {
  const q = dayQueryFor(
    r,
    plans.map((p) => ({ plan: p, busy: mergeBusy(p.busy) })),
    d(date),
  );
  return q ? summarizeDay(q) : { count: 0, firstStartMinute: null, firstStartMs: null };
}

describe("buffers (design.md §16)", () => {
  it("a booking blocks its own buffered interval: nothing may start inside its clean-up time", () => {
    // 10:00-11:00 booked with 15 minutes after it: blocked until 11:15.
    const busy = [{ startMs: at("2031-03-11T10:00:00Z"), endMs: at("2031-03-11T11:15:00Z") }];
    expect(starts(rules({ duration: 30 }), [plan([["09:00", "13:00"]], { busy })], "2031-03-11")).toEqual([
      "09:00",
      "09:15",
      "09:30",
      "11:15",
      "11:30",
      "11:45",
      "12:00",
      "12:15",
      "12:30",
    ]);
  });

  it("the candidate's own buffers must not overlap another booking either (before and after)", () => {
    const busy = [{ startMs: at("2031-03-11T11:00:00Z"), endMs: at("2031-03-11T12:00:00Z") }];
    // 30 minutes with 15 before and 15 after: needs [start - 15, start + 45) free.
    expect(starts(rules({ duration: 30, before: 15, after: 15 }), [plan([["09:00", "14:00"]], { busy })], "2031-03-11")).toEqual([
      "09:00",
      "09:15",
      "09:30",
      "09:45",
      "10:00",
      "10:15", // ends 10:45, its buffer touches 11:00: fine
      "12:15", // its buffer starts 12:00, touching the booking's end: fine
      "12:30",
      "12:45",
      "13:00",
      "13:15",
      "13:30",
    ]);
  });

  it("buffers may lie outside working hours; the appointment itself may not", () => {
    const r = rules({ duration: 60, before: 30, after: 30 });
    expect(starts(r, [plan([["09:00", "12:00"]])], "2031-03-11")).toEqual([
      "09:00",
      "09:15",
      "09:30",
      "09:45",
      "10:00",
      "10:15",
      "10:30",
      "10:45",
      "11:00",
    ]);
  });

  it("two buffered intervals that only touch do not overlap; one minute more does", () => {
    // The existing booking 09:00-10:00 carries 10 minutes after it: busy until 10:10.
    const busy = [{ startMs: at("2031-03-11T09:00:00Z"), endMs: at("2031-03-11T10:10:00Z") }];
    const p = [plan([["09:00", "12:00"]], { busy })];
    // A service with 10 minutes before: 10:15 blocks from 10:05 (overlap), 10:30 from 10:20.
    expect(starts(rules({ duration: 60, before: 10 }), p, "2031-03-11")[0]).toBe("10:30");
    // With 5 minutes before, 10:15 blocks from 10:10: touching, offered.
    expect(starts(rules({ duration: 60, before: 5 }), p, "2031-03-11")[0]).toBe("10:15");
  });

  it("time off counts against the candidate's buffered interval too", () => {
    const busy = [{ startMs: at("2031-03-11T12:00:00Z"), endMs: at("2031-03-11T13:00:00Z") }];
    const list = starts(rules({ duration: 60, after: 15 }), [plan([["09:00", "14:00"]], { busy })], "2031-03-11");
    expect(list).toContain("10:45"); // ends 11:45, clean-up until 12:00
    expect(list).not.toContain("11:00");
    expect(list).toContain("13:00");
  });

  it("buffers at a working-hours edge next to a booking: the first slot after the booking waits for both buffers", () => {
    // Hours 09:00-11:00; a booking 08:30-09:00 (before hours) with 15 minutes after it.
    const busy = [{ startMs: at("2031-03-11T08:30:00Z"), endMs: at("2031-03-11T09:15:00Z") }];
    const r = rules({ duration: 30, before: 15 });
    expect(starts(r, [plan([["09:00", "11:00"]], { busy })], "2031-03-11")[0]).toBe("09:30");
  });
});

describe("date overrides (design.md §16)", () => {
  it("replace the weekly hours of that date only; [] closes the date", () => {
    const p = plan([["09:00", "17:00"]], { overrides: { "2031-03-13": [["18:00", "20:00"]], "2031-03-14": [] } });
    const r = rules({ duration: 60 });
    expect(starts(r, [p], "2031-03-12")[0]).toBe("09:00");
    expect(starts(r, [p], "2031-03-13")).toEqual(["18:00", "18:15", "18:30", "18:45", "19:00"]);
    expect(starts(r, [p], "2031-03-14")).toEqual([]);
  });

  it("an override of 01:00-04:00 on a spring-forward night is 2 real hours", () => {
    // America/New_York 2031-03-09: 02:00 EST jumps to 03:00 EDT.
    const p = plan([["09:00", "17:00"]], { overrides: { "2031-03-09": [["01:00", "04:00"]] } });
    const r = rules({ timeZone: "America/New_York", duration: 60 });
    const q = dayQueryFor(r, [{ plan: p, busy: [] }], d("2031-03-09"))!;
    const slots = computeSlots(q);
    expect(slots.map((s) => slotLocalTimes(q.zone, s))).toEqual([
      { startTime: "2031-03-09T01:00:00", endTime: "2031-03-09T03:00:00" },
      { startTime: "2031-03-09T01:15:00", endTime: "2031-03-09T03:15:00" },
      { startTime: "2031-03-09T01:30:00", endTime: "2031-03-09T03:30:00" },
      { startTime: "2031-03-09T01:45:00", endTime: "2031-03-09T03:45:00" },
      { startTime: "2031-03-09T03:00:00", endTime: "2031-03-09T04:00:00" },
    ]);
    // 01:00 EST = 06:00Z, 04:00 EDT = 08:00Z: the override spans two real hours.
    expect(slots[0].startMs).toBe(at("2031-03-09T06:00:00Z"));
    expect(slots.at(-1)!.endMs).toBe(at("2031-03-09T08:00:00Z"));
  });

  it("an override of 01:00-02:00 on a fall-back night is 2 real hours, each wall time offered once", () => {
    // America/New_York 2031-11-02: 02:00 EDT falls back to 01:00 EST.
    const p = plan([["09:00", "17:00"]], { overrides: { "2031-11-02": [["01:00", "02:00"]] } });
    const q = dayQueryFor(rules({ timeZone: "America/New_York", duration: 60 }), [{ plan: p, busy: [] }], d("2031-11-02"))!;
    const slots = computeSlots(q);
    expect(slots.map((s) => slotLocalTimes(q.zone, s).startTime.slice(11, 16))).toEqual(["01:00", "01:15", "01:30", "01:45"]);
    expect(slots[0].startMs).toBe(at("2031-11-02T05:00:00Z")); // the earlier 01:00 (EDT)
    expect(slots[3].endMs).toBe(at("2031-11-02T06:45:00Z")); // 01:45 EST, inside 02:00 EST = 07:00Z
  });
});

describe("business closures (design.md §16)", () => {
  it("a closure across a month boundary leaves nobody with slots on each of its dates, inclusive", () => {
    const closures: ClosureRow[] = [{ startDate: "2031-01-30", endDate: "2031-02-02" }];
    const r = rules({ duration: 60, closures });
    const plans = [plan([["09:00", "17:00"]]), plan([["10:00", "12:00"]], { overrides: { "2031-01-31": [["09:00", "12:00"]] } })];
    const counts = ["2031-01-29", "2031-01-30", "2031-01-31", "2031-02-01", "2031-02-02", "2031-02-03"].map(
      (date) => summary(r, plans, date).count,
    );
    expect(counts).toEqual([29, 0, 0, 0, 0, 29]);
    expect(isClosed("2031-02-01", closures)).toBe(true);
    expect(isClosed("2031-02-03", closures)).toBe(false);
  });

  it("wins over an override that opens a closed date", () => {
    const p = plan([], { overrides: { "2031-12-25": [["09:00", "12:00"]] } });
    const r = rules({ duration: 60, closures: [{ startDate: "2031-12-25", endDate: "2031-12-25" }] });
    expect(starts(r, [p], "2031-12-25")).toEqual([]);
    expect(starts(rules({ duration: 60 }), [p], "2031-12-25")).toHaveLength(9);
  });
});

describe("minimum notice and horizon (design.md §16)", () => {
  // 2031-06-10 22:30 in New York (EDT, UTC-4) is already 2031-06-11 in UTC.
  const NOW = at("2031-06-11T02:30:00Z");
  const allDay = plan([["00:00", "24:00"]]);
  const ny = (limits: ReturnType<typeof bookingLimits>) => rules({ timeZone: "America/New_York", duration: 30, limits, nowMs: NOW });

  it("without notice, the first slot is the next quarter-hour after now", () => {
    const limits = bookingLimits("America/New_York", NOW, { minNoticeMinutes: 0, maxAdvanceDays: 365 });
    expect(starts(ny(limits), [allDay], "2031-06-10")).toEqual(["22:45", "23:00", "23:15", "23:30"]);
  });

  it("notice across midnight in the tenant's zone: 3 hours from 22:30 starts tomorrow at 01:30", () => {
    const limits = bookingLimits("America/New_York", NOW, { minNoticeMinutes: 180, maxAdvanceDays: 365 });
    expect(limits.earliestMs).toBe(at("2031-06-11T05:30:00Z"));
    expect(starts(ny(limits), [allDay], "2031-06-10")).toEqual([]);
    expect(starts(ny(limits), [allDay], "2031-06-11")[0]).toBe("01:30");
    // Exactly at the limit is allowed: notice is "at or after".
    const q = dayQueryFor(ny(limits), [{ plan: allDay, busy: [] }], d("2031-06-11"))!;
    expect(findSlot({ ...q, staff: q.staff[0] }, hm("01:30"))?.startMs).toBe(limits.earliestMs);
    expect(findSlot({ ...q, staff: q.staff[0] }, hm("01:15"))).toBeNull();
  });

  it("the horizon counts from today in the tenant's zone, and today + maxAdvanceDays is still bookable", () => {
    const limits = bookingLimits("America/New_York", NOW, { minNoticeMinutes: 0, maxAdvanceDays: 30 });
    // Today in New York is 2031-06-10 (in UTC it is already the 11th).
    expect(limits.lastDate).toBe("2031-07-10");
    expect(starts(ny(limits), [allDay], "2031-07-10")).toHaveLength(95);
    expect(dayQueryFor(ny(limits), [{ plan: allDay, busy: [] }], d("2031-07-11"))).toBeNull();
    expect(summary(ny(limits), [allDay], "2031-07-11").count).toBe(0);
  });

  it("owners are held to neither (null rules): only 'after now' applies", () => {
    const limits = bookingLimits("America/New_York", NOW, null);
    expect(limits).toEqual({ earliestMs: Number.NEGATIVE_INFINITY, lastDate: null });
    expect(starts(ny(limits), [allDay], "2031-06-10")[0]).toBe("22:45");
    expect(starts(ny(limits), [allDay], "2035-06-10")).toHaveLength(95);
  });
});

describe("who performs a service (design.md §16)", () => {
  const staff = [{ id: "a" }, { id: "b" }, { id: "c" }];
  it("null = every staff member, a list = those (display order kept), [] = nobody", () => {
    expect(performers(staff, null)).toEqual(staff);
    expect(performers(staff, ["c", "a"])).toEqual([{ id: "a" }, { id: "c" }]);
    expect(performers(staff, [])).toEqual([]);
    expect(performers(staff, ["zzz"])).toEqual([]);
  });

  it("rows become plans per staff id; rows of other ids are ignored", () => {
    const plans = staffPlans(["a", "b"], {
      weekly: [
        { staffId: "a", weekday: 2, startMinute: 540, endMinute: 600 },
        { staffId: "x", weekday: 2, startMinute: 0, endMinute: 60 },
      ],
      overrides: [{ staffId: "b", date: "2031-03-11", intervals: [] }],
      busy: [{ staffId: "a", spans: [{ startMs: 1, endMs: 2 }] }],
    });
    expect(plans[0].weekly[2]).toEqual([{ startMinute: 540, endMinute: 600 }]);
    expect(plans[0].busy).toEqual([{ startMs: 1, endMs: 2 }]);
    expect(plans[1].overrides.get("2031-03-11")).toEqual([]);
  });
});

describe("summarizeDay (the days range)", () => {
  it("counts distinct start times across staff and names the first", () => {
    const plans = [plan([["10:00", "12:00"]]), plan([["09:30", "11:00"]])];
    const s = summary(rules({ duration: 60 }), plans, "2031-03-11");
    // 09:30..10:00 (second), 10:00..11:00 (first): distinct 09:30,09:45,10:00,10:15,10:30,10:45,11:00.
    expect(s.count).toBe(7);
    expect(s.firstStartMinute).toBe(hm("09:30"));
    expect(s.firstStartMs).toBe(at("2031-03-11T09:30:00Z"));
  });

  it("agrees with computeSlots on every rule combined (seeded random days)", () => {
    let seed = 42;
    const rnd = (n: number) => {
      seed = (seed * 1103515245 + 12345) % 2147483648;
      return seed % n;
    };
    for (let round = 0; round < 300; round++) {
      const date = formatLocalDate(addDays(d("2031-03-01"), rnd(300)));
      const zone = dayZone("Europe/London", d(date));
      const plans = Array.from({ length: 1 + rnd(4) }, () => {
        const s = rnd(60) * 15;
        const p = plan([[`${String(Math.floor(s / 60)).padStart(2, "0")}:${String(s % 60).padStart(2, "0")}`, "24:00"]]);
        if (rnd(3) === 0) p.overrides.set(date, hours(["08:00", "12:00"], ["13:00", "18:00"]));
        for (let b = rnd(6); b > 0; b--) {
          const start = zone.wallStartMs + rnd(96) * 15 * 60_000 - 3_600_000;
          p.busy.push({ startMs: start - rnd(4) * 5 * 60_000, endMs: start + (1 + rnd(8)) * 15 * 60_000 });
        }
        return p;
      });
      const r = rules({
        timeZone: "Europe/London",
        duration: (1 + rnd(8)) * 15,
        before: rnd(4) * 5,
        after: rnd(4) * 5,
        closures: rnd(5) === 0 ? [{ startDate: date, endDate: date }] : [],
        nowMs: zone.wallStartMs + (rnd(3) - 1) * 43_200_000,
        limits: { earliestMs: zone.wallStartMs + rnd(48) * 1_800_000, lastDate: null },
      });
      const q = dayQueryFor(
        r,
        plans.map((p) => ({ plan: p, busy: p.busy })),
        d(date),
      )!;
      const slots = computeSlots(q);
      const distinct = [...new Set(slots.map((s) => s.startMinute))];
      const sum = summary(r, plans, date);
      expect(sum.count).toBe(distinct.length);
      expect(sum.firstStartMinute).toBe(distinct[0] ?? null);
      expect(sum.firstStartMs).toBe(slots[0]?.startMs ?? null);
    }
  });
});

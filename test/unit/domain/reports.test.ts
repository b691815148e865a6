import { describe, expect, it } from "vitest";
import {
  availableMinutes,
  cancellationRate,
  isMoneyTaken,
  isoWeek,
  moneyTakenKinds,
  noShowRate,
  PAYMENT_KIND_IS_MONEY_TAKEN,
  periodOf,
  rangeDays,
  seriesOf,
  topServices,
  utilizationRatio,
} from "../../../src/domain/reports";
import { PAYMENT_KINDS } from "../../../src/domain/payments";
import { emptyPlan, type StaffPlan } from "../../../src/domain/schedule";
import { type LocalDate, parseLocalDate, rangeOffsets, wallToInstant } from "../../../src/domain/time";

// design.md §29's counting rules, pure: money taken by kind, rates, ISO weeks and periods, the
// series fold, and a staff member's available minutes by the scheduling rules in real time.

const d = (s: string) => parseLocalDate(s) as LocalDate;
const hm = (s: string) => Number(s.slice(0, 2)) * 60 + Number(s.slice(3, 5));

function weekPlan(from: string, to: string, weekdays = [0, 1, 2, 3, 4, 5, 6]): StaffPlan {
  const p = emptyPlan();
  for (const w of weekdays) p.weekly[w] = [{ startMinute: hm(from), endMinute: hm(to) }];
  return p;
}

describe("money taken, by payment kind", () => {
  it("counts deposits, prepayments, fees and sales, never a gift-card redemption or an unknown kind", () => {
    for (const kind of ["deposit", "full", "no_show_fee", "late_cancel_fee", "gift_card_sale", "package_sale"])
      expect(isMoneyTaken(kind)).toBe(true);
    expect(isMoneyTaken("gift_card_redemption")).toBe(false);
    expect(isMoneyTaken("package_credit")).toBe(false);
    expect(isMoneyTaken("constructor")).toBe(false);
    expect(isMoneyTaken("toString")).toBe(false);
    expect(moneyTakenKinds()).not.toContain("gift_card_redemption");
  });

  it("classifies every kind a payment row can carry today", () => {
    for (const kind of PAYMENT_KINDS) expect(Object.hasOwn(PAYMENT_KIND_IS_MONEY_TAKEN, kind)).toBe(true);
  });
});

describe("rates", () => {
  it("no-show rate = no-shows of completed + no-shows; cancellation rate = cancelled of all bookings; null with nothing to divide", () => {
    expect(noShowRate({ bookings: 10, completed: 6, noShows: 2, cancelled: 2 })).toBe(2 / 8);
    expect(cancellationRate({ bookings: 10, completed: 6, noShows: 2, cancelled: 2 })).toBe(2 / 10);
    expect(noShowRate({ bookings: 3, completed: 0, noShows: 0, cancelled: 3 })).toBeNull();
    expect(cancellationRate({ bookings: 0, completed: 0, noShows: 0, cancelled: 0 })).toBeNull();
    expect(utilizationRatio(300, 240)).toBe(1.25);
    expect(utilizationRatio(30, 0)).toBeNull();
  });
});

describe("periods", () => {
  it("numbers ISO weeks from Monday, the year's first Thursday in week 1", () => {
    expect(isoWeek(d("2031-03-01"))).toEqual({ year: 2031, week: 9 }); // a Saturday
    expect(isoWeek(d("2031-03-03"))).toEqual({ year: 2031, week: 10 }); // the Monday after
    expect(isoWeek(d("2026-12-31"))).toEqual({ year: 2026, week: 53 });
    expect(isoWeek(d("2027-01-03"))).toEqual({ year: 2026, week: 53 }); // a Sunday still in 2026's last week
    expect(isoWeek(d("2030-12-30"))).toEqual({ year: 2031, week: 1 }); // a Monday already in 2031's first week
  });

  it("names a date's day, week and month", () => {
    expect(periodOf(d("2031-03-09"), "day")).toBe("2031-03-09");
    expect(periodOf(d("2031-03-09"), "week")).toBe("2031-W10");
    expect(periodOf(d("2031-03-09"), "month")).toBe("2031-03");
  });

  it("folds dates into every period of the range in order, empty periods included", () => {
    const byDay = new Map([
      [0, { bookings: 2, revenue: 100, noShows: 1 }],
      [1, { bookings: 1, revenue: 50, noShows: 0 }],
      [9, { bookings: 4, revenue: 10, noShows: 2 }],
    ]);
    // Saturday 1 March 2031 to Tuesday 11 March: weeks 9 (1–2), 10 (3–9) and 11 (10–11).
    expect(seriesOf(rangeDays(d("2031-03-01"), 11), "week", byDay)).toEqual([
      { period: "2031-W09", bookings: 3, revenue: 150, noShows: 1 },
      { period: "2031-W10", bookings: 0, revenue: 0, noShows: 0 },
      { period: "2031-W11", bookings: 4, revenue: 10, noShows: 2 },
    ]);
    expect(seriesOf(rangeDays(d("2031-01-30"), 3), "month", new Map([[2, { bookings: 1, revenue: 5, noShows: 0 }]]))).toEqual([
      { period: "2031-01", bookings: 0, revenue: 0, noShows: 0 },
      { period: "2031-02", bookings: 1, revenue: 5, noShows: 0 },
    ]);
    expect(seriesOf(rangeDays(d("2031-03-01"), 3), "day", new Map()).map((p) => p.period)).toEqual([
      "2031-03-01",
      "2031-03-02",
      "2031-03-03",
    ]);
  });
});

describe("available minutes", () => {
  const NY = "America/New_York";
  const range = (from: string, to: string, closures: { startDate: string; endDate: string }[] = []) => {
    const days = Math.round((Date.parse(to) - Date.parse(from)) / 86_400_000) + 1;
    return { days: rangeDays(d(from), days, closures), offsets: rangeOffsets(NY, d(from), d(to)) };
  };

  it("adds each date's hours in real time: the spring-forward day of a 00:00-06:00 shift has five hours", () => {
    const spring = range("2031-03-08", "2031-03-10");
    expect(availableMinutes(weekPlan("00:00", "06:00"), spring.days, spring.offsets, [])).toBe(360 + 300 + 360);
    // The fall-back night has seven.
    const autumn = range("2031-11-02", "2031-11-02");
    expect(availableMinutes(weekPlan("00:00", "06:00"), autumn.days, autumn.offsets, [])).toBe(420);
  });

  it("takes a date's override over its weekday, nothing on a closed date, and subtracts time off once", () => {
    const p = weekPlan("09:00", "17:00");
    p.overrides.set("2031-03-11", [{ startMinute: hm("10:00"), endMinute: hm("12:00") }]);
    p.overrides.set("2031-03-12", []);
    const r = range("2031-03-10", "2031-03-14", [{ startDate: "2031-03-13", endDate: "2031-03-13" }]);
    const at = (wall: string) => wallToInstant(r.offsets, Date.parse(`${wall}:00Z`), "clamp");
    // Two overlapping time-off spans on the 14th, 12:00-14:00 and 13:00-15:00: three hours off, not four.
    const off = [
      { startMs: at("2031-03-14T13:00"), endMs: at("2031-03-14T15:00") },
      { startMs: at("2031-03-14T12:00"), endMs: at("2031-03-14T14:00") },
      { startMs: at("2031-03-20T12:00"), endMs: at("2031-03-20T14:00") }, // another week: no effect
    ];
    expect(availableMinutes(p, r.days, r.offsets, off)).toBe(480 + 120 + 0 + 0 + (480 - 180));
  });

  it("works the range's dates out once: keys, weekdays and closures", () => {
    const r = rangeDays(d("2031-12-30"), 4, [{ startDate: "2032-01-01", endDate: "2032-01-01" }]);
    expect(r.keys).toEqual(["2031-12-30", "2031-12-31", "2032-01-01", "2032-01-02"]);
    expect(r.weekdays).toEqual([2, 3, 4, 5]);
    expect(r.closed).toEqual([false, false, true, false]);
  });
});

describe("top services", () => {
  it("orders by net revenue, then bookings, then name, and keeps at most ten", () => {
    const rows = Array.from({ length: 12 }, (_, i) => ({
      serviceId: `s${i}`,
      name: `Service ${i}`,
      bookings: i % 3,
      revenue: i < 4 ? 100 : 0,
    }));
    const top = topServices(rows);
    expect(top).toHaveLength(10);
    expect(top.slice(0, 4).map((s) => s.serviceId)).toEqual(["s2", "s1", "s0", "s3"]);
    expect(top[4].bookings).toBe(2);
  });
});

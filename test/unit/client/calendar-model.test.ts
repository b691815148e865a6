import "./booking-messages";
import { describe, expect, it } from "vitest";
import {
  addMonths,
  addMonthsToDate,
  type DayInfo,
  dayLabel,
  dayMessage,
  keyTarget,
  monthEnd,
  monthGrid,
  monthLabel,
  monthRange,
  SEARCH_MONTHS,
  searchFrom,
} from "../../../src/client/booking/calendar-model";

/** A days endpoint answering per month from a table of free dates, recording the months asked. */
function daysApi(free: Record<string, number>) {
  const asked: string[] = [];
  const loadMonth = async (month: string) => {
    asked.push(month);
    const days: DayInfo[] = [];
    for (let d = `${month}-01`; d <= monthEnd(month); d = nextDay(d)) days.push({ date: d, slots: free[d] ?? 0, firstStartTime: null });
    return { days };
  };
  return { asked, loadMonth };
}
const nextDay = (d: string) => new Date(Date.parse(`${d}T00:00:00Z`) + 86_400_000).toISOString().slice(0, 10);

describe("month arithmetic", () => {
  it("adds months across years and knows each month's length", () => {
    expect(addMonths("2031-11", 3)).toBe("2032-02");
    expect(addMonths("2031-01", -1)).toBe("2030-12");
    expect(monthEnd("2032-02")).toBe("2032-02-29");
    expect(monthEnd("2031-02")).toBe("2031-02-28");
    expect(addMonthsToDate("2031-01-31", 1)).toBe("2031-02-28");
    expect(monthLabel("2031-06")).toBe("June 2031");
  });

  it("asks the days endpoint about a month from today on, never about past dates", () => {
    expect(monthRange("2031-06", "2031-06-17")).toEqual({ from: "2031-06-17", to: "2031-06-30" });
    expect(monthRange("2031-07", "2031-06-17")).toEqual({ from: "2031-07-01", to: "2031-07-31" });
    expect(monthRange("2031-05", "2031-06-17")).toBeNull();
  });

  it("lays a month out in weeks starting on Sunday or Monday", () => {
    // June 2031 starts on a Sunday.
    const sunday = monthGrid("2031-06", 0);
    expect(sunday[0]).toEqual(["2031-06-01", "2031-06-02", "2031-06-03", "2031-06-04", "2031-06-05", "2031-06-06", "2031-06-07"]);
    expect(sunday).toHaveLength(5);
    const monday = monthGrid("2031-06", 1);
    expect(monday[0]).toEqual([null, null, null, null, null, null, "2031-06-01"]);
    expect(monday.at(-1)).toEqual(["2031-06-30", null, null, null, null, null, null]);
    expect(monday.flat().filter(Boolean)).toHaveLength(30);
  });
});

describe("keyboard", () => {
  it("moves by day, week, to the week's ends and by month (a year with Shift)", () => {
    // 2031-06-04 is a Wednesday.
    expect(keyTarget("2031-06-04", "ArrowLeft", false, 1)).toBe("2031-06-03");
    expect(keyTarget("2031-06-30", "ArrowRight", false, 1)).toBe("2031-07-01");
    expect(keyTarget("2031-06-04", "ArrowUp", false, 1)).toBe("2031-05-28");
    expect(keyTarget("2031-06-04", "ArrowDown", false, 1)).toBe("2031-06-11");
    expect(keyTarget("2031-06-04", "Home", false, 1)).toBe("2031-06-02");
    expect(keyTarget("2031-06-04", "End", false, 1)).toBe("2031-06-08");
    expect(keyTarget("2031-06-04", "Home", false, 0)).toBe("2031-06-01");
    expect(keyTarget("2031-06-04", "End", false, 0)).toBe("2031-06-07");
    expect(keyTarget("2031-03-31", "PageDown", false, 1)).toBe("2031-04-30");
    expect(keyTarget("2031-06-04", "PageUp", true, 1)).toBe("2030-06-04");
    expect(keyTarget("2031-06-04", "Enter", false, 1)).toBeNull();
  });

  it("labels each day for screen readers with what the days endpoint said", () => {
    expect(dayLabel("2031-06-04", { date: "2031-06-04", slots: 13, firstStartTime: null }, "known")).toBe(
      "Wednesday, June 4, 2031, 13 times available",
    );
    expect(dayLabel("2031-06-04", { date: "2031-06-04", slots: 0, firstStartTime: null }, "known")).toBe(
      "Wednesday, June 4, 2031, no free times",
    );
    expect(dayLabel("2031-06-04", undefined, "past")).toBe("Wednesday, June 4, 2031, not bookable");
  });
});

describe("the next date with free times", () => {
  it("finds the chosen date itself with one request for its month", async () => {
    const { asked, loadMonth } = daysApi({ "2031-06-02": 4 });
    const r = await searchFrom("2031-06-02", true, loadMonth, () => true);
    expect(r).toMatchObject({ kind: "found", day: { date: "2031-06-02" } });
    expect(asked).toEqual(["2031-06"]);
  });

  it("finds a later date of the same month, or of a later month, one request per month", async () => {
    const { asked, loadMonth } = daysApi({ "2031-06-04": 2, "2031-08-12": 1 });
    expect(await searchFrom("2031-06-02", true, loadMonth, () => true)).toMatchObject({ kind: "found", day: { date: "2031-06-04" } });
    expect(await searchFrom("2031-06-04", false, loadMonth, () => true)).toMatchObject({ kind: "found", day: { date: "2031-08-12" } });
    expect(asked).toEqual(["2031-06", "2031-06", "2031-07", "2031-08"]);
  });

  it("gives up after SEARCH_MONTHS months, naming the last date searched", async () => {
    const { asked, loadMonth } = daysApi({});
    const r = await searchFrom("2031-06-10", true, loadMonth, () => true);
    expect(r).toEqual({ kind: "none", through: monthEnd(addMonths("2031-06", SEARCH_MONTHS - 1)) });
    expect(asked).toHaveLength(SEARCH_MONTHS);
  });

  it("stops when the customer moved on, and reports a failed request", async () => {
    let live = true;
    const { loadMonth } = daysApi({});
    const slow = async (m: string) => {
      live = false;
      return loadMonth(m);
    };
    expect(await searchFrom("2031-06-10", true, slow, () => live)).toEqual({ kind: "superseded" });
    const failing = async () => ({ error: "429" });
    expect(await searchFrom("2031-06-10", true, failing, () => true)).toEqual({ kind: "error", error: "429" });
  });

  it("says what it found in plain words", () => {
    expect(dayMessage({ kind: "times", date: "2031-06-02", count: 2 })).toBe("2 times available on Mon, Jun 2, 2031.");
    expect(dayMessage({ kind: "next", chosen: "2031-06-02", date: "2031-06-04", count: 1 }, "Sorry.")).toBe(
      "Sorry. No free times left on Mon, Jun 2, 2031. Showing the next date with free times: Wed, Jun 4, 2031 (1 time available).",
    );
    expect(dayMessage({ kind: "first", date: "2031-06-04", count: 3 })).toBe(
      "The first date with free times is Wed, Jun 4, 2031 (3 times available).",
    );
    expect(dayMessage({ kind: "none", chosen: "2031-06-02", through: "2031-11-30" })).toBe(
      "No free times from Mon, Jun 2, 2031 to Sun, Nov 30, 2031. Please try another service or staff member, or contact the business.",
    );
  });

  it("says when no time fits all of a visit's services (design.md §26)", () => {
    expect(dayMessage({ kind: "none", chosen: "2031-06-02", through: "2031-11-30" }, "", 3)).toBe(
      "No time fits all three services from Mon, Jun 2, 2031 to Sun, Nov 30, 2031. Please try fewer services or another staff member, or contact the business.",
    );
    expect(dayMessage({ kind: "next", chosen: "2031-06-02", date: "2031-06-04", count: 2 }, "", 2)).toBe(
      "No time fits both services on Mon, Jun 2, 2031. Showing the next date where they fit: Wed, Jun 4, 2031 (2 times available).",
    );
    // A visit's day with times reads like a single service's.
    expect(dayMessage({ kind: "times", date: "2031-06-02", count: 2 }, "", 2)).toBe("2 times available on Mon, Jun 2, 2031.");
  });
});

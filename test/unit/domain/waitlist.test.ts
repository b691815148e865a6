import { describe, expect, it } from "vitest";
import { bookingLimits } from "../../../src/domain/schedule";
import { chooseOffers, type FreeTime, fitsEntry, type WaitingEntry, windowInstants, windowProblem } from "../../../src/domain/waitlist";

const H = 3_600_000;
const T0 = Date.parse("2031-03-10T14:00:00Z");

const entry = (id: string, over: Partial<WaitingEntry> = {}): WaitingEntry => ({
  id,
  serviceId: "svc_cut",
  staffId: null,
  windows: [{ startAt: T0, endAt: T0 + H }],
  ...over,
});
const time = (startAt: number, staffId = "stf_sam"): FreeTime => ({ staffId, startAt, endAt: startAt + H });

describe("waitlist windows", () => {
  it("turns tenant-local windows into instants across a DST change", () => {
    const date = { year: 2031, month: 3, day: 9 };
    // 2031-03-09 02:00 does not exist in New York: a bound in the gap is the jump itself (03:00 EDT = 07:00Z).
    expect(windowInstants("America/New_York", { date, fromMinute: 120, toMinute: 240 })).toEqual({
      date: "2031-03-09",
      startAt: Date.parse("2031-03-09T07:00:00Z"),
      endAt: Date.parse("2031-03-09T08:00:00Z"),
    });
  });

  it("refuses a window that is over or past the horizon, and accepts one still running", () => {
    const now = Date.parse("2031-03-03T12:00:00Z");
    const limits = bookingLimits("America/New_York", now, { minNoticeMinutes: 0, maxAdvanceDays: 7 });
    expect(windowProblem({ date: "2031-03-11", startAt: T0, endAt: T0 + H }, limits, now)).toMatch(/beyond/);
    expect(windowProblem({ date: "2031-03-03", startAt: now - 2 * H, endAt: now - H }, limits, now)).toMatch(/over/);
    expect(windowProblem({ date: "2031-03-03", startAt: now - H, endAt: now + H }, limits, now)).toBeNull();
  });
});

describe("who is offered a freed time", () => {
  it("fits only a time wholly inside a window, with the staff member asked for", () => {
    expect(fitsEntry(entry("a"), time(T0))).toBe(true);
    expect(fitsEntry(entry("a"), time(T0 + 15 * 60_000))).toBe(false);
    expect(fitsEntry(entry("a", { staffId: "stf_kim" }), time(T0))).toBe(false);
    expect(fitsEntry(entry("a", { staffId: "stf_kim" }), time(T0, "stf_kim"))).toBe(true);
  });

  it("takes the oldest five that fit, each the earliest fitting time of its service, and says more are waiting", () => {
    const entries = ["a", "b", "c", "d", "e", "f", "g"].map((id) => entry(id, { windows: [{ startAt: T0, endAt: T0 + 3 * H }] }));
    entries[1] = entry("b", { serviceId: "svc_colour" });
    const free = (serviceId: string) => (serviceId === "svc_cut" ? [time(T0 + H), time(T0)] : []);
    const { offers, more } = chooseOffers(entries, free, new Set(["c"]));
    expect(offers.map((o) => [o.entryId, o.time.startAt])).toEqual([
      ["a", T0],
      ["d", T0],
      ["e", T0],
      ["f", T0],
      ["g", T0],
    ]);
    expect(more).toBe(false);
    expect(chooseOffers([...entries, entry("h")], free, new Set()).more).toBe(true);
  });
});

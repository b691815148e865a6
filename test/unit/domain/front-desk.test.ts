import { describe, expect, it } from "vitest";
import { customerKey, normalizePhone, overrideStart } from "../../../src/domain/front-desk";
import { dayZone, parseLocalDate } from "../../../src/domain/time";

const at = (iso: string) => Date.parse(iso);
const hm = (s: string) => Number(s.slice(0, 2)) * 60 + Number(s.slice(3, 5));

function start(
  tz: string,
  date: string,
  time: string,
  opts: { second?: number; busy?: { startMs: number; endMs: number }[]; earliestMs?: number } = {},
) {
  return overrideStart({
    zone: dayZone(tz, parseLocalDate(date)!),
    minuteOfDay: hm(time),
    second: opts.second ?? 0,
    durationMinutes: 60,
    busy: opts.busy ?? [],
    earliestMs: opts.earliestMs ?? 0,
  });
}

describe("overrideStart (design.md §15)", () => {
  it("takes any 5-minute step of the day, working hours or not", () => {
    expect(start("America/New_York", "2031-03-11", "06:05")).toEqual({
      ok: true,
      startMs: at("2031-03-11T10:05:00Z"),
      endMs: at("2031-03-11T11:05:00Z"),
    });
    expect(start("UTC", "2031-03-11", "23:55")).toMatchObject({ ok: true, endMs: at("2031-03-12T00:55:00Z") });
  });

  it("refuses off-step times, seconds, and busy ranges (touching is fine)", () => {
    expect(start("UTC", "2031-03-11", "10:07")).toEqual({ ok: false, problem: "off_step" });
    expect(start("UTC", "2031-03-11", "10:05", { second: 30 })).toEqual({ ok: false, problem: "off_step" });
    const busy = [{ startMs: at("2031-03-11T11:00:00Z"), endMs: at("2031-03-11T12:00:00Z") }];
    expect(start("UTC", "2031-03-11", "10:05", { busy })).toEqual({ ok: false, problem: "busy" });
    expect(start("UTC", "2031-03-11", "11:55", { busy })).toEqual({ ok: false, problem: "busy" });
    expect(start("UTC", "2031-03-11", "10:00", { busy }).ok).toBe(true);
    expect(start("UTC", "2031-03-11", "12:00", { busy }).ok).toBe(true);
  });

  it("refuses a start before the earliest instant and a wall time the clocks skip; a repeated hour means its first instant", () => {
    expect(start("UTC", "2031-03-11", "08:00", { earliestMs: at("2031-03-11T08:05:00Z") })).toEqual({ ok: false, problem: "too_early" });
    expect(start("America/New_York", "2031-03-09", "02:30")).toEqual({ ok: false, problem: "no_such_time" });
    // 2031-11-02 01:30 happens twice in New York: EDT (05:30Z) first.
    expect(start("America/New_York", "2031-11-02", "01:30")).toMatchObject({ ok: true, startMs: at("2031-11-02T05:30:00Z") });
  });
});

describe("customer keys of walk-ins", () => {
  it("prefers the e-mail, then the phone's digits, else a record of its own", () => {
    expect(customerKey({ email: " Ada@Example.test ", phone: "555 1234", recordId: "cst_1" })).toBe("ada@example.test");
    expect(customerKey({ email: "", phone: "+1 (555) 010-2030", recordId: "cst_1" })).toBe("tel:+15550102030");
    expect(customerKey({ phone: "0555-010 2030", recordId: "cst_1" })).toBe("tel:05550102030");
    expect(customerKey({ phone: "n/a", recordId: "cst_1" })).toBe("anon:cst_1");
    expect(customerKey({ recordId: "cst_2" })).toBe("anon:cst_2");
    expect(normalizePhone("12")).toBe("");
  });
});

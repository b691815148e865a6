import { describe, expect, it } from "vitest";
import { parseSpans, scheduleWindow } from "../../../src/services/schedule-data";
import { parseLocalDate } from "../../../src/domain/time";

describe("busy spans as the schedule query sends them", () => {
  it("parses 's,e,s,e' whole seconds after the window start into millisecond intervals", () => {
    expect(parseSpans("0,1800,3600,5400", 1_000_000)).toEqual([
      { startMs: 1_000_000, endMs: 2_800_000 },
      { startMs: 4_600_000, endMs: 6_400_000 },
    ]);
    expect(parseSpans("", 0)).toEqual([]);
  });

  it("reads a window from a day before the first date to two days after the last", () => {
    const { lo, hi } = scheduleWindow(parseLocalDate("2031-03-01")!, parseLocalDate("2031-03-02")!);
    expect(new Date(lo).toISOString()).toBe("2031-02-28T00:00:00.000Z");
    expect(new Date(hi).toISOString()).toBe("2031-03-04T00:00:00.000Z");
  });
});

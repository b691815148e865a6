import { describe, expect, it } from "vitest";
import { addDays, followingDates, isLocalDate } from "../../../src/shared/local-date";

describe("local calendar dates", () => {
  it("recognises real YYYY-MM-DD dates only", () => {
    expect(isLocalDate("2028-02-29")).toBe(true);
    expect(isLocalDate("2027-02-29")).toBe(false);
    expect(isLocalDate("2027-13-01")).toBe(false);
    expect(isLocalDate("2027-1-01")).toBe(false);
    expect(isLocalDate("2027-01-01T00:00:00")).toBe(false);
  });

  it("adds calendar days across month, year and DST boundaries", () => {
    expect(addDays("2026-03-07", 1)).toBe("2026-03-08");
    expect(addDays("2026-03-08", 1)).toBe("2026-03-09");
    expect(addDays("2026-10-31", 1)).toBe("2026-11-01");
    expect(addDays("2026-12-31", 1)).toBe("2027-01-01");
    expect(addDays("2028-02-28", 1)).toBe("2028-02-29");
    expect(addDays("2026-01-01", -1)).toBe("2025-12-31");
  });

  it("lists the dates to try after a date, nearest first", () => {
    expect(followingDates("2026-12-30", 3)).toEqual(["2026-12-31", "2027-01-01", "2027-01-02"]);
    expect(followingDates("2026-12-30", 0)).toEqual([]);
  });
});

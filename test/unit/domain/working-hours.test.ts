import { describe, expect, it } from "vitest";
import { parseHhmm, toWorkingIntervals, validateWeek } from "../../../src/domain/working-hours";

describe("working hours", () => {
  it("parses HH:MM and accepts 24:00 as an end", () => {
    expect(parseHhmm("09:30")).toBe(570);
    expect(parseHhmm("24:00")).toBe(1440);
    expect(parseHhmm("9:30")).toBeNull();
    expect(parseHhmm("25:00")).toBeNull();
  });

  it("accepts several intervals per day, touching ones included", () => {
    const { errors, stored } = validateWeek([
      { dayOfWeek: 1, start: "13:00", end: "17:00" },
      { dayOfWeek: 1, start: "09:00", end: "13:00" },
      { dayOfWeek: 0, start: "10:00", end: "24:00" },
    ]);
    expect(errors).toEqual({});
    expect(toWorkingIntervals(stored)).toEqual([
      { dayOfWeek: 0, start: "10:00", end: "24:00" },
      { dayOfWeek: 1, start: "09:00", end: "13:00" },
      { dayOfWeek: 1, start: "13:00", end: "17:00" },
    ]);
  });

  it("rejects inverted, malformed and overlapping intervals by index", () => {
    const { errors } = validateWeek([
      { dayOfWeek: 2, start: "09:00", end: "12:00" },
      { dayOfWeek: 2, start: "11:00", end: "14:00" },
      { dayOfWeek: 3, start: "17:00", end: "09:00" },
      { dayOfWeek: 7, start: "9am", end: "10:00" },
    ]);
    expect(Object.keys(errors).sort()).toEqual(["1", "2", "3"]);
    expect(errors["1"][0]).toMatch(/overlaps 09:00-12:00/);
    expect(errors["2"]).toEqual(["end must be after start"]);
    expect(errors["3"]).toContain("dayOfWeek must be 0 (Sunday) to 6");
  });

  it("finds an overlap with an earlier long interval even when a short one sits between", () => {
    const { errors } = validateWeek([
      { dayOfWeek: 4, start: "09:00", end: "17:00" },
      { dayOfWeek: 4, start: "10:00", end: "11:00" },
      { dayOfWeek: 4, start: "12:00", end: "13:00" },
      { dayOfWeek: 5, start: "12:00", end: "13:00" },
    ]);
    expect(Object.keys(errors).sort()).toEqual(["1", "2"]);
    expect(errors["2"][0]).toMatch(/overlaps 09:00-17:00/);
  });

  it("flags an exact duplicate once, on the later entry", () => {
    const { errors } = validateWeek([
      { dayOfWeek: 1, start: "09:00", end: "12:00" },
      { dayOfWeek: 1, start: "09:00", end: "12:00" },
    ]);
    expect(Object.keys(errors)).toEqual(["1"]);
  });
});

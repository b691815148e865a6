import { describe, expect, it } from "vitest";
import { decideSlidingLog, retryAfterSeconds } from "../../../src/domain/rate-limit";

const WINDOW = 60_000;

describe("decideSlidingLog", () => {
  it("allows up to the limit within the window and records each allowed request", () => {
    let log: number[] = [];
    for (let i = 0; i < 3; i++) {
      const d = decideSlidingLog(log, 1_000 + i, 3, WINDOW);
      expect(d.allowed).toBe(true);
      expect(d.remaining).toBe(2 - i);
      log = d.timestamps;
    }
    const refused = decideSlidingLog(log, 1_010, 3, WINDOW);
    expect(refused).toMatchObject({ allowed: false, remaining: 0 });
    expect(refused.timestamps).toEqual(log); // a refused request is not recorded
  });

  it("counts Retry-After from the oldest counted request, rounded up, at least 1", () => {
    const log = [10_000, 20_000];
    expect(decideSlidingLog(log, 30_000, 2, WINDOW).retryAfterSeconds).toBe(40);
    expect(decideSlidingLog(log, 69_999.5, 2, WINDOW).retryAfterSeconds).toBe(1);
    expect(retryAfterSeconds(undefined, 0, WINDOW)).toBe(1);
  });

  it("slides: requests older than the window stop counting", () => {
    const log = [0, 1_000, 2_000];
    expect(decideSlidingLog(log, 59_999, 3, WINDOW).allowed).toBe(false);
    const later = decideSlidingLog(log, 60_000, 3, WINDOW);
    expect(later.allowed).toBe(true);
    expect(later.timestamps).toEqual([1_000, 2_000, 60_000]);
  });

  it("ignores garbage in the stored log", () => {
    const d = decideSlidingLog([Number.NaN, 5_000] as number[], 6_000, 2, WINDOW);
    expect(d.timestamps).toEqual([5_000, 6_000]);
  });
});

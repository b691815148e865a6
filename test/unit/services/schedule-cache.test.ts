import { describe, expect, it } from "vitest";
import { emptyPlan } from "../../../src/domain/schedule";
import { type CachedSchedule, MEMO_BYTES_PER_DATE, ScheduleCache, scheduleWeight } from "../../../src/services/schedule-cache";

function copy(tenantId: string, busySpans = 0): CachedSchedule {
  const planned = [{ plan: emptyPlan(), busy: { starts: new Array(busySpans).fill(0), ends: new Array(busySpans).fill(1) } }];
  return {
    tenantId,
    version: 1,
    check: { sql: "SELECT 1", params: [] },
    service: {
      id: "svc",
      name: "Cut",
      durationMinutes: 30,
      price: 0,
      depositPercent: 0,
      bufferBeforeMinutes: 0,
      bufferAfterMinutes: 0,
      staffIds: null,
      processingOffsetMinutes: null,
      processingMinutes: null,
      resourceTypes: "[]",
    },
    staff: [{ id: "stf", displayName: "Sam" }],
    planned,
    resources: [],
    closures: [],
    memo: new Map(),
    weight: scheduleWeight(planned, 1),
  };
}

describe("ScheduleCache", () => {
  it("weighs a copy by its busy spans and the dates it covers", () => {
    expect(copy("t", 1000).weight - copy("t", 0).weight).toBe(16_000);
    expect(scheduleWeight([], 42) - scheduleWeight([], 1)).toBe(41 * MEMO_BYTES_PER_DATE);
  });

  it("drops the least recently used copy first when the byte budget is exceeded", () => {
    const one = copy("a").weight;
    const cache = new ScheduleCache(3 * one, 100);
    cache.set("a", copy("a"));
    cache.set("b", copy("b"));
    cache.set("c", copy("c"));
    expect(cache.get("a")?.tenantId).toBe("a"); // a is now the most recently used
    cache.set("d", copy("d"));
    expect(cache.size).toBe(3);
    expect(cache.get("b")).toBeUndefined();
    expect(["a", "c", "d"].map((k) => cache.get(k)?.tenantId)).toEqual(["a", "c", "d"]);
  });

  it("keeps at most its number of entries, and replacing a key does not count it twice", () => {
    const cache = new ScheduleCache(Number.POSITIVE_INFINITY, 2);
    cache.set("a", copy("a"));
    cache.set("a", copy("a2"));
    cache.set("b", copy("b"));
    expect(cache.size).toBe(2);
    expect(cache.get("a")?.tenantId).toBe("a2");
    cache.set("c", copy("c"));
    expect(cache.get("b")).toBeUndefined();
    expect(cache.size).toBe(2);
  });

  it("keeps one copy even when it alone is over the budget (a read always has its own)", () => {
    const cache = new ScheduleCache(1, 10);
    cache.set("big", copy("big", 10_000));
    expect(cache.get("big")?.tenantId).toBe("big");
    cache.set("next", copy("next"));
    expect(cache.get("big")).toBeUndefined();
    expect(cache.size).toBe(1);
  });
});

import { afterEach, describe, expect, inject, it, vi } from "vitest";
import { wallClock } from "../../src/lib/clock";

describe("the Worker's wall clock (src/lib/clock.ts)", () => {
  afterEach(() => {
    vi.useRealTimers();
  });

  it("is Date's clock without TEST_NOW", () => {
    const before = Date.now();
    const now = wallClock(undefined).getTime();
    expect(now).toBeGreaterThanOrEqual(before);
    expect(now).toBeLessThanOrEqual(Date.now());
  });

  it("starts at TEST_NOW and runs on in real time from there", () => {
    vi.useFakeTimers({ toFake: ["Date"], now: new Date("2026-05-01T10:00:00Z") });
    expect(wallClock("2027-03-14T04:30:00Z").toISOString()).toBe("2027-03-14T04:30:00.000Z");
    vi.setSystemTime(new Date("2026-05-01T10:01:30Z"));
    expect(wallClock("2027-03-14T04:30:00Z").toISOString()).toBe("2027-03-14T04:31:30.000Z");
    // Another instant re-anchors (a dev server restarted with a new TEST_NOW).
    expect(wallClock("2027-03-27T23:30:00+00:00").toISOString()).toBe("2027-03-27T23:30:00.000Z");
  });
});

describe("the suite's clock (TEST_NOW=<instant> npm test)", () => {
  it("is what new Date() says in every test: TEST_NOW plus the time since the run started", () => {
    const offset = inject("testClockOffsetMs");
    const skew = Date.now() - (vi.getRealSystemTime() + (offset ?? 0));
    // The fake Date is re-synced from the real clock every few milliseconds.
    expect(Math.abs(skew)).toBeLessThan(1_000);
  });
});

import { afterEach, describe, expect, inject, it, vi } from "vitest";
import { wallClock } from "../../src/lib/clock";
import { realNow } from "../setup/clock";

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

  it("with TEST_NOW_AT is TEST_NOW at that real instant, however late the isolate first asks", () => {
    const at = Date.parse("2026-05-01T10:00:00Z");
    vi.useFakeTimers({ toFake: ["Date"], now: new Date("2026-05-01T10:00:42Z") });
    // A row the stack writes 42 s into the run is stamped 42 s after the suite's start, like a test's own rows.
    expect(wallClock("2027-01-15T23:30:00-05:00", at).toISOString()).toBe("2027-01-16T04:30:42.000Z");
  });
});

describe("the suite's clock (TEST_NOW=<instant> npm test)", () => {
  it("is what new Date() and Date.now() say in every test: real time plus the run's offset, to the millisecond", () => {
    const offset = inject("testClockOffsetMs") ?? 0;
    const before = realNow() + offset;
    // `new Date()` (what factories stamp rows with) and Date.now() both read it.
    const a = Date.parse(new Date().toISOString());
    const b = Date.now();
    const after = realNow() + offset;
    expect(a).toBeGreaterThanOrEqual(before);
    expect(b).toBeGreaterThanOrEqual(a);
    expect(after).toBeGreaterThanOrEqual(b);
  });

  it("keeps every other use of Date as it was", () => {
    expect(new Date("2027-03-14T04:30:00Z").toISOString()).toBe("2027-03-14T04:30:00.000Z");
    expect(new Date(0).getTime()).toBe(0);
    expect(Date.UTC(2027, 2, 14)).toBe(Date.parse("2027-03-14T00:00:00Z"));
    expect(new Date() instanceof Date).toBe(true);
    expect(typeof Date()).toBe("string");
    class Later extends Date {}
    expect(new Later(5).getTime()).toBe(5);
  });
});

import { describe, expect, it } from "vitest";
import { type ReliabilityEvent, RELIABILITY_WINDOW_MS, reliabilityRecord, reliabilityStep } from "../../../src/domain/reliability";

const NOW = Date.parse("2031-05-01T12:00:00Z");
const day = 86_400_000;
const ev = (kind: ReliabilityEvent["kind"], daysAgo: number): ReliabilityEvent => ({ kind, at: NOW - daysAgo * day });

describe("reliabilityRecord", () => {
  it("counts no-shows and late cancellations, and each completed booking takes back one strike made before it", () => {
    expect(reliabilityRecord([ev("no_show", 50), ev("late_cancel", 40), ev("completed", 30)], NOW, null)).toEqual({
      noShows: 1,
      lateCancellations: 1,
      strikes: 1,
    });
  });

  it("banks nothing: completed bookings before any strike take none back", () => {
    expect(reliabilityRecord([ev("completed", 60), ev("completed", 55), ev("no_show", 10)], NOW, null).strikes).toBe(1);
  });

  it("looks back 12 months and not before the owner's reset", () => {
    const old = { kind: "no_show" as const, at: NOW - RELIABILITY_WINDOW_MS - 1 };
    expect(reliabilityRecord([old, ev("no_show", 5)], NOW, null)).toMatchObject({ noShows: 1, strikes: 1 });
    expect(reliabilityRecord([ev("no_show", 20), ev("no_show", 5)], NOW, NOW - 10 * day)).toMatchObject({ noShows: 1, strikes: 1 });
  });
});

describe("reliabilityStep", () => {
  const policy = { cardAfter: 1, depositAfter: 2, depositPercent: 30, blockAfter: 3 };
  it("is the strictest step reached, from its count on", () => {
    expect([0, 1, 2, 3, 9].map((s) => reliabilityStep(policy, s, false))).toEqual(["none", "card", "deposit", "blocked", "blocked"]);
  });
  it("is none without a policy, for a trusted customer, and for a step set to never", () => {
    expect(reliabilityStep(null, 5, false)).toBe("none");
    expect(reliabilityStep(policy, 5, true)).toBe("none");
    expect(reliabilityStep({ ...policy, blockAfter: null }, 5, false)).toBe("deposit");
  });
});

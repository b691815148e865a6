import { describe, expect, it } from "vitest";
import { decideRetry, MAX_DELAY_SECONDS, retryDelaySeconds, RETRY_WINDOW_MS } from "../../../src/domain/webhook-retry";

describe("webhook retry policy", () => {
  it("backs off exponentially from 30 s and caps at an hour", () => {
    expect([1, 2, 3, 4, 5].map(retryDelaySeconds)).toEqual([30, 60, 120, 240, 480]);
    expect(retryDelaySeconds(8)).toBe(MAX_DELAY_SECONDS);
    expect(retryDelaySeconds(50)).toBe(MAX_DELAY_SECONDS);
  });

  it("retries while the next try falls inside 24 h of the event, then gives up", () => {
    const created = new Date("2026-03-01T00:00:00Z");
    const early = decideRetry(created, 1, new Date(created.getTime() + 1000));
    expect(early).toEqual({ kind: "retry", delaySeconds: 30, nextAttemptAt: new Date(created.getTime() + 31_000) });
    const late = new Date(created.getTime() + RETRY_WINDOW_MS - 10 * 60_000);
    expect(decideRetry(created, 20, late)).toEqual({ kind: "give_up" });
    expect(decideRetry(created, 2, new Date(created.getTime() + RETRY_WINDOW_MS + 1))).toEqual({ kind: "give_up" });
  });

  it("keeps trying for a full day: about 30 attempts before giving up", () => {
    const created = new Date("2026-03-01T00:00:00Z");
    let now = created;
    let attempts = 0;
    for (;;) {
      attempts += 1;
      const d = decideRetry(created, attempts, now);
      if (d.kind === "give_up") break;
      now = d.nextAttemptAt;
    }
    expect(now.getTime() - created.getTime()).toBeGreaterThan(RETRY_WINDOW_MS - 3600_000);
    expect(attempts).toBeGreaterThan(25);
    expect(attempts).toBeLessThan(40);
  });
});

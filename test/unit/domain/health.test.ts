import { describe, expect, it } from "vitest";
import { alertConditions, cronAlive, cronCheck, jobsCheck, overallStatus } from "../../../src/domain/health";

// design.md §24: the health's rules, pure.

const NOW = new Date("2031-06-02T08:00:00.000Z");
const ago = (s: number) => new Date(NOW.getTime() - s * 1000).toISOString();
const stats = (o: Partial<Parameters<typeof jobsCheck>[0]> = {}) => ({
  pending: 0,
  oldestDueAt: null,
  failedLast24h: 0,
  failedLastHour: 0,
  ...o,
});

describe("the cron check", () => {
  it("is on time under 180 s, alive for /healthz up to 10 minutes, and neither without a run", () => {
    expect(cronCheck(ago(179), NOW)).toEqual({ ok: true, lastRunAt: ago(179), lagSeconds: 179 });
    expect(cronCheck(ago(180), NOW).ok).toBe(false);
    expect(cronAlive(cronCheck(ago(600), NOW))).toBe(true);
    expect(cronAlive(cronCheck(ago(601), NOW))).toBe(false);
    expect(cronCheck(null, NOW)).toEqual({ ok: false, lastRunAt: null, lagSeconds: null });
    expect(cronAlive(cronCheck(null, NOW))).toBe(false);
    // A run stamped by a clock slightly ahead is not a negative lag.
    expect(cronCheck(ago(-5), NOW).lagSeconds).toBe(0);
  });
});

describe("the jobs check and the status", () => {
  it("counts the backlog from when the oldest waiting job was due; over 10 minutes it is degraded", () => {
    expect(jobsCheck(stats({ pending: 3, oldestDueAt: ago(600), failedLast24h: 2 }), NOW)).toEqual({
      ok: true,
      pending: 3,
      oldestPendingSeconds: 600,
      failedLast24h: 2,
    });
    const late = jobsCheck(stats({ pending: 1, oldestDueAt: ago(601) }), NOW);
    expect(late.ok).toBe(false);
    expect(overallStatus(late, { ok: true })).toBe("degraded");
    expect(overallStatus({ ok: true }, { ok: false })).toBe("degraded");
    expect(overallStatus({ ok: true }, { ok: true })).toBe("ok");
  });
});

describe("alert conditions", () => {
  it("failures above (not at) the threshold, a backlog over 10 minutes, each its own condition", () => {
    expect(alertConditions(stats({ failedLastHour: 20 }), NOW, 20)).toEqual([]);
    expect(alertConditions(stats({ failedLastHour: 21, oldestDueAt: ago(601) }), NOW, 20)).toEqual([
      { condition: "failed_jobs", value: 21, threshold: 20 },
      { condition: "job_backlog", value: 601, threshold: 600 },
    ]);
  });
});

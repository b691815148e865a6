import { describe, expect, it } from "vitest";
import type { Db } from "../../../src/db/client";
import { ApiError } from "../../../src/errors";
import { checkHealth, deployedVersion } from "../../../src/services/admin/health";
import type { RateLimiter } from "../../../src/services/rate-limit";

// The probe logic around a database and a session store that answer, fail or hang. The database
// stand-in answers the health's one batch (the cron's last run, the jobs' statistics); the SQL
// itself is exercised against the real engine in test/integration/ops/health.test.ts.

const NOW = new Date("2031-05-01T12:00:00.000Z");
const batchOf = (lastRunAt: string | null) => async () => [
  [{ startedAt: lastRunAt }],
  [{ pending: 0, oldest: null, failed24: 0, failed1: 0 }],
];
// `all` only builds the statements the batch runs.
const statement = () => ({});
const okDb = { all: statement, batch: batchOf("2031-05-01T11:59:30.000Z") } as unknown as Db;
const hungDb = { all: statement, batch: () => new Promise(() => {}) } as unknown as Db;
const check = async () => ({ allowed: true, remaining: 1, retryAfterSeconds: 0 });
const limiter = (ok: boolean): RateLimiter => ({
  check,
  peek: check,
  checkAndPeek: async () => ({ check: await check(), budget: await check() }),
  record: async () => {},
  probe: async () => ({ ok, latencyMs: 1 }),
});
const kv = (fail: boolean) =>
  ({
    get: async () => {
      if (fail) throw new Error("kv down");
      return null;
    },
  }) as unknown as KVNamespace;
const deps = { now: NOW, version: "abc123" };

async function failure(p: Promise<unknown>): Promise<ApiError> {
  try {
    await p;
  } catch (err) {
    return err as ApiError;
  }
  throw new Error("expected checkHealth to fail");
}

describe("checkHealth", () => {
  it("reports both probes, the cron and the jobs when they answer", async () => {
    const report = await checkHealth({ db: okDb, limiter: limiter(true), ...deps });
    expect(report.status).toBe("ok");
    expect(report.version).toBe("abc123");
    expect(report.checks.database.ok).toBe(true);
    expect(report.checks.sessionStore.ok).toBe(true);
    expect(report.checks.cron).toEqual({ ok: true, lastRunAt: "2031-05-01T11:59:30.000Z", lagSeconds: 30 });
    expect(report.checks.jobs).toEqual({ ok: true, pending: 0, oldestPendingSeconds: 0, failedLast24h: 0 });
  });

  it("is degraded, not unhealthy, when the cron never ran", async () => {
    const report = await checkHealth({ db: { all: statement, batch: batchOf(null) } as unknown as Db, limiter: limiter(true), ...deps });
    expect(report.status).toBe("degraded");
    expect(report.checks.cron).toEqual({ ok: false, lastRunAt: null, lagSeconds: null });
  });

  it("counts a database that never answers as failed after the timeout", async () => {
    const err = await failure(checkHealth({ db: hungDb, limiter: limiter(true), ...deps }, 20));
    expect(err).toBeInstanceOf(ApiError);
    expect(err.code).toBe("unhealthy");
    expect(err.message).toBe("Health probe failed: database");
  });

  it("names every failed probe, using the limiter's own probe when it has one", async () => {
    const err = await failure(checkHealth({ db: hungDb, limiter: limiter(false), ...deps }, 20));
    expect(err.message).toBe("Health probe failed: database, sessionStore");
  });

  it("falls back to a KV read when the limiter has no probe()", async () => {
    const bare = { check } as unknown as RateLimiter;
    expect((await checkHealth({ db: okDb, limiter: bare, kv: kv(false), ...deps })).checks.sessionStore.ok).toBe(true);
    const err = await failure(checkHealth({ db: okDb, limiter: bare, kv: kv(true), ...deps }));
    expect(err.message).toBe("Health probe failed: sessionStore");
  });
});

describe("deployedVersion", () => {
  it("is the VERSION var, else the Worker version's tag, else its id", () => {
    expect(deployedVersion("3f2c1ab", { id: "v-id", tag: "v-tag" })).toBe("3f2c1ab");
    expect(deployedVersion(undefined, { id: "v-id", tag: "v-tag" })).toBe("v-tag");
    expect(deployedVersion(undefined, { id: "v-id", tag: "" })).toBe("v-id");
    expect(deployedVersion(undefined, undefined)).toBe("unknown");
  });
});

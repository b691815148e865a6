import { describe, expect, it } from "vitest";
import type { Db } from "../../../src/db/client";
import { ApiError } from "../../../src/errors";
import { checkHealth } from "../../../src/services/admin/health";
import type { RateLimiter } from "../../../src/services/rate-limit";

const okDb = { run: async () => ({ rows: [] }) } as unknown as Db;
const hungDb = { run: () => new Promise(() => {}) } as unknown as Db;
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

async function failure(p: Promise<unknown>): Promise<ApiError> {
  try {
    await p;
  } catch (err) {
    return err as ApiError;
  }
  throw new Error("expected checkHealth to fail");
}

describe("checkHealth", () => {
  it("reports both probes when they answer", async () => {
    const report = await checkHealth({ db: okDb, limiter: limiter(true) });
    expect(report.status).toBe("ok");
    expect(report.checks.database.ok).toBe(true);
    expect(report.checks.sessionStore.ok).toBe(true);
  });

  it("counts a database that never answers as failed after the timeout", async () => {
    const err = await failure(checkHealth({ db: hungDb, limiter: limiter(true) }, 20));
    expect(err).toBeInstanceOf(ApiError);
    expect(err.code).toBe("unhealthy");
    expect(err.message).toBe("Health probe failed: database");
  });

  it("names every failed probe, using the limiter's own probe when it has one", async () => {
    const err = await failure(checkHealth({ db: hungDb, limiter: limiter(false) }, 20));
    expect(err.message).toBe("Health probe failed: database, sessionStore");
  });

  it("falls back to a KV read when the limiter has no probe()", async () => {
    const bare = { check } as unknown as RateLimiter;
    expect((await checkHealth({ db: okDb, limiter: bare, kv: kv(false) })).checks.sessionStore.ok).toBe(true);
    const err = await failure(checkHealth({ db: okDb, limiter: bare, kv: kv(true) }));
    expect(err.message).toBe("Health probe failed: sessionStore");
  });
});

import { Redis } from "@upstash/redis";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startRedis, startUpstashServer } from "../../tools/upstash-server/server.mjs";
import { createUpstashLimiter, RateLimitStoreError } from "../../src/services/rate-limit";

// The production limiter path against a real redis-server behind the Upstash REST protocol.
const TOKEN = "limiter-test-token";
let redis: { port: number; close(): Promise<void> };
let upstash: { url: string; close(): Promise<void> };

beforeAll(async () => {
  redis = await startRedis();
  upstash = await startUpstashServer({ redisPort: redis.port, token: TOKEN });
});
afterAll(async () => {
  await upstash?.close();
  await redis?.close();
});

const WINDOW = 60_000;
const key = () => `rl:test:${crypto.randomUUID()}`;

describe("Upstash sliding-window limiter", () => {
  it("allows exactly the limit out of 200 concurrent checks for one key", async () => {
    // 200 checks at once queue up in one redis-server on a busy 2-core machine: the production bound
    // (300 ms per call) is tested on its own below; this test is about atomicity, so it waits longer.
    const limiter = createUpstashLimiter(upstash.url, TOKEN, 10_000);
    const k = key();
    const now = Date.now();
    const results = await Promise.all(Array.from({ length: 200 }, () => limiter.check(k, 30, WINDOW, now)));
    expect(results.filter((r) => r.allowed)).toHaveLength(30);
    expect(results.filter((r) => !r.allowed)).toHaveLength(170);
    const stored = await new Redis({ url: upstash.url, token: TOKEN }).zcard(k);
    expect(stored).toBe(30); // refused checks were not recorded
  });

  it("slides with the injected clock and reports Retry-After from the oldest counted request", async () => {
    const limiter = createUpstashLimiter(upstash.url, TOKEN);
    const k = key();
    const t0 = 1_800_000_000_000;
    await limiter.check(k, 2, WINDOW, t0);
    await limiter.check(k, 2, WINDOW, t0 + 20_000);
    const refused = await limiter.check(k, 2, WINDOW, t0 + 30_000);
    expect(refused).toEqual({ allowed: false, remaining: 0, retryAfterSeconds: 30 });
    expect((await limiter.check(k, 2, WINDOW, t0 + 60_001)).allowed).toBe(true); // t0 left the window
    expect((await limiter.check(k, 2, WINDOW, t0 + 60_002)).allowed).toBe(false); // t0+20s still counts
  });

  it("peek counts without recording; record adds one entry; both slide with the clock", async () => {
    const limiter = createUpstashLimiter(upstash.url, TOKEN);
    const k = key();
    const t0 = 1_800_000_000_000;
    expect(await limiter.peek(k, 2, WINDOW, t0)).toEqual({ allowed: true, remaining: 2, retryAfterSeconds: 0 });
    await limiter.record(k, WINDOW, t0);
    await limiter.record(k, WINDOW, t0 + 10_000);
    expect(await limiter.peek(k, 2, WINDOW, t0 + 15_000)).toEqual({ allowed: false, remaining: 0, retryAfterSeconds: 45 });
    expect(await limiter.peek(k, 2, WINDOW, t0 + 15_000)).toEqual({ allowed: false, remaining: 0, retryAfterSeconds: 45 });
    expect(await new Redis({ url: upstash.url, token: TOKEN }).zcard(k)).toBe(2); // peeks recorded nothing
    expect((await limiter.peek(k, 2, WINDOW, t0 + 60_001)).allowed).toBe(true); // t0 left the window
  });

  it("checkAndPeek: one call counts the group's request and reads the budget without recording in it", async () => {
    const limiter = createUpstashLimiter(upstash.url, TOKEN);
    const group = key();
    const budget = { key: key(), limit: 2, windowMs: 3_600_000 };
    const t0 = 1_800_000_000_000;
    await limiter.record(budget.key, budget.windowMs, t0);
    expect(await limiter.checkAndPeek(group, 2, WINDOW, budget, t0 + 1_000)).toEqual({
      check: { allowed: true, remaining: 1, retryAfterSeconds: 0 },
      budget: { allowed: true, remaining: 1, retryAfterSeconds: 0 },
    });
    await limiter.record(budget.key, budget.windowMs, t0 + 2_000);
    // The budget is spent: its oldest entry (t0) leaves the hour 3,597 s after t0 + 3 s.
    expect(await limiter.checkAndPeek(group, 2, WINDOW, budget, t0 + 3_000)).toEqual({
      check: { allowed: true, remaining: 0, retryAfterSeconds: 0 },
      budget: { allowed: false, remaining: 0, retryAfterSeconds: 3597 },
    });
    // The group's limit is reached: refused, not recorded, and the budget is not read.
    expect(await limiter.checkAndPeek(group, 2, WINDOW, budget, t0 + 4_000)).toEqual({
      check: { allowed: false, remaining: 0, retryAfterSeconds: 57 },
      budget: null,
    });
    const direct = new Redis({ url: upstash.url, token: TOKEN });
    expect(await direct.zcard(group)).toBe(2);
    expect(await direct.zcard(budget.key)).toBe(2);
  });

  it("one limiter serves many callers at once, exactly (createRateLimiter keeps one per isolate)", async () => {
    const limiter = createUpstashLimiter(upstash.url, TOKEN, 10_000);
    const keys = [key(), key(), key()];
    const now = Date.now();
    const results = await Promise.all(keys.flatMap((k) => Array.from({ length: 15 }, () => limiter.check(k, 10, WINDOW, now))));
    expect(results.filter((r) => r.allowed)).toHaveLength(30);
  });

  it("reports an unreachable store as RateLimitStoreError (the caller decides open or closed); the probe says so", async () => {
    const limiter = createUpstashLimiter("http://127.0.0.1:9", TOKEN);
    await expect(limiter.check(key(), 1, WINDOW, Date.now())).rejects.toBeInstanceOf(RateLimitStoreError);
    await expect(limiter.peek(key(), 1, WINDOW, Date.now())).rejects.toBeInstanceOf(RateLimitStoreError);
    await expect(limiter.record(key(), WINDOW, Date.now())).rejects.toBeInstanceOf(RateLimitStoreError);
    await expect(limiter.checkAndPeek(key(), 1, WINDOW, { key: key(), limit: 1, windowMs: WINDOW }, Date.now())).rejects.toBeInstanceOf(
      RateLimitStoreError,
    );
    expect((await limiter.probe()).ok).toBe(false);
    expect((await createUpstashLimiter(upstash.url, TOKEN).probe()).ok).toBe(true);
  });

  it("gives up on a store that does not answer within the budget", async () => {
    // A TCP server that accepts and never answers.
    const { createServer } = await import("node:net");
    const silent = createServer(() => {});
    await new Promise<void>((r) => silent.listen(0, "127.0.0.1", () => r()));
    const port = (silent.address() as { port: number }).port;
    try {
      const limiter = createUpstashLimiter(`http://127.0.0.1:${port}`, TOKEN, 300);
      const started = Date.now();
      await expect(limiter.check(key(), 1, WINDOW, Date.now())).rejects.toBeInstanceOf(RateLimitStoreError);
      const elapsed = Date.now() - started;
      expect(elapsed).toBeGreaterThanOrEqual(290);
      expect(elapsed).toBeLessThan(1000);
    } finally {
      silent.close();
    }
  });
});

import { Redis } from "@upstash/redis";
import { checkAndPeekScript, peekScript, recordScript, slidingLog } from "./rate-limit-lua";
import { decideSlidingLog, retryAfterSeconds } from "../domain/rate-limit";
import type { Config, Env } from "../config";

export type RateLimitResult = { allowed: boolean; remaining: number; retryAfterSeconds: number };
export type ProbeResult = { ok: boolean; latencyMs: number };
export type Bucket = { key: string; limit: number; windowMs: number };
export type CheckAndPeek = { check: RateLimitResult; budget: RateLimitResult | null };

class TimeoutError extends Error {}

/**
 * The store could not answer within the call budget (down, slow, or refused us). The caller
 * decides: the rate-limit middleware fails closed for the credential groups and open for reads.
 */
export class RateLimitStoreError extends Error {
  constructor(readonly cause: unknown) {
    // The message names the kind of failure only: a store client's own message may quote the
    // command, and with it the key and the client's address.
    super(
      `rate limit store unavailable (${cause instanceof TimeoutError ? cause.message : cause instanceof Error ? cause.name : "error"})`,
    );
  }
}

export interface RateLimiter {
  /** Counts the request when allowed (a refused one is not recorded). Throws RateLimitStoreError. */
  check(key: string, limit: number, windowMs: number, nowMs: number): Promise<RateLimitResult>;
  /** Like check, without recording anything: "would one more be allowed?". Throws RateLimitStoreError. */
  peek(key: string, limit: number, windowMs: number, nowMs: number): Promise<RateLimitResult>;
  /**
   * check() on `key`, then — only when that is allowed — peek() on `budget.key`, in ONE store
   * round trip (a confirmation-code request pays its group's check and the failed-lookup budget
   * at once). `budget` is null when the check refused. Throws RateLimitStoreError.
   */
  checkAndPeek(key: string, limit: number, windowMs: number, budget: Bucket, nowMs: number): Promise<CheckAndPeek>;
  /** Records one event under `key` (e.g. a failed code lookup). Throws RateLimitStoreError. */
  record(key: string, windowMs: number, nowMs: number): Promise<void>;
  /** Reachability of the store, for the health endpoint (its own, longer, time budget). */
  probe(): Promise<ProbeResult>;
}

/**
 * Every limiter call on the request path is bounded: a slow store must cost a request at most
 * this much, never hang it. The Upstash REST round trip from an edge is ~1-30 ms.
 */
export const STORE_TIMEOUT_MS = 300;

async function timed(fn: () => Promise<unknown>): Promise<ProbeResult> {
  const started = Date.now();
  try {
    await fn();
    return { ok: true, latencyMs: Date.now() - started };
  } catch {
    return { ok: false, latencyMs: Date.now() - started };
  }
}

/** Runs a store call within `ms`; a timeout or any failure becomes RateLimitStoreError. */
export async function bounded<T>(ms: number, fn: () => Promise<T>): Promise<T> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new TimeoutError(`no answer within ${ms} ms`)), ms);
  });
  try {
    return await Promise.race([fn(), timeout]);
  } catch (err) {
    throw new RateLimitStoreError(err);
  } finally {
    clearTimeout(timer);
  }
}

function decided(count: number, oldest: number, limit: number, windowMs: number, nowMs: number): RateLimitResult {
  return count < limit
    ? { allowed: true, remaining: limit - count, retryAfterSeconds: 0 }
    : { allowed: false, remaining: 0, retryAfterSeconds: retryAfterSeconds(oldest, nowMs, windowMs) };
}

/**
 * Production store: exact under concurrency (one Lua script per call). The object holds
 * configuration only — no auto-pipelining (which would put one request's command into another
 * request's HTTP call) and no read-your-writes token — so one instance may serve every request of
 * an isolate (createRateLimiter).
 */
export function createUpstashLimiter(url: string, token: string, timeoutMs = STORE_TIMEOUT_MS): RateLimiter {
  const options = { url, token, retry: false, enableTelemetry: false, enableAutoPipelining: false, readYourWrites: false } as const;
  // Each HTTP request carries its own deadline, so a timed-out call is also cancelled.
  const redis = new Redis({ ...options, signal: () => AbortSignal.timeout(timeoutMs) });
  const probeClient = new Redis(options);
  const member = (nowMs: number) => `${nowMs}-${crypto.randomUUID()}`;
  return {
    check: (key, limit, windowMs, nowMs) =>
      bounded(timeoutMs, async () => {
        const [allowed, count, oldest] = await slidingLog.exec(
          redis,
          [key],
          [String(nowMs), String(windowMs), String(limit), member(nowMs)],
        );
        return allowed === 1
          ? { allowed: true, remaining: Math.max(0, limit - count), retryAfterSeconds: 0 }
          : { allowed: false, remaining: 0, retryAfterSeconds: retryAfterSeconds(oldest, nowMs, windowMs) };
      }),
    peek: (key, limit, windowMs, nowMs) =>
      bounded(timeoutMs, async () => {
        const [count, oldest] = await peekScript.exec(redis, [key], [String(nowMs), String(windowMs)]);
        return decided(count, oldest, limit, windowMs, nowMs);
      }),
    checkAndPeek: (key, limit, windowMs, budget, nowMs) =>
      bounded(timeoutMs, async () => {
        const [allowed, count, oldest, budgetCount, budgetOldest] = await checkAndPeekScript.exec(
          redis,
          [key, budget.key],
          [String(nowMs), String(windowMs), String(limit), member(nowMs), String(budget.windowMs)],
        );
        return allowed === 1
          ? {
              check: { allowed: true, remaining: Math.max(0, limit - count), retryAfterSeconds: 0 },
              budget: decided(budgetCount, budgetOldest, budget.limit, budget.windowMs, nowMs),
            }
          : { check: { allowed: false, remaining: 0, retryAfterSeconds: retryAfterSeconds(oldest, nowMs, windowMs) }, budget: null };
      }),
    record: (key, windowMs, nowMs) =>
      bounded(timeoutMs, async () => {
        await recordScript.exec(redis, [key], [String(nowMs), String(windowMs), member(nowMs)]);
      }),
    probe: () => timed(() => probeClient.ping()),
  };
}

/**
 * Local default: the same sliding log as a JSON array in Workers KV. Approximate under
 * concurrency: KV is eventually consistent and has no compare-and-set, so simultaneous requests
 * from one IP can each read the same log and all pass. Production sets Upstash.
 */
export function createKvLimiter(kv: KVNamespace, timeoutMs = STORE_TIMEOUT_MS): RateLimiter {
  const limiter = kvLimiter(kv, timeoutMs);
  return {
    ...limiter,
    // Two KV steps: KV has no transaction (and this store is approximate anyway).
    checkAndPeek: async (key, limit, windowMs, budget, nowMs) => {
      const check = await limiter.check(key, limit, windowMs, nowMs);
      return { check, budget: check.allowed ? await limiter.peek(budget.key, budget.limit, budget.windowMs, nowMs) : null };
    },
  };
}

function kvLimiter(kv: KVNamespace, timeoutMs: number): Omit<RateLimiter, "checkAndPeek"> {
  const read = async (key: string) => {
    const stored = await kv.get<number[]>(key, "json");
    return Array.isArray(stored) ? stored : [];
  };
  const write = (key: string, timestamps: number[], windowMs: number) =>
    kv.put(key, JSON.stringify(timestamps), { expirationTtl: Math.max(60, Math.ceil(windowMs / 1000) + 1) });
  return {
    check: (key, limit, windowMs, nowMs) =>
      bounded(timeoutMs, async () => {
        const decision = decideSlidingLog(await read(key), nowMs, limit, windowMs);
        if (decision.allowed) await write(key, decision.timestamps, windowMs);
        return { allowed: decision.allowed, remaining: decision.remaining, retryAfterSeconds: decision.retryAfterSeconds };
      }),
    peek: (key, limit, windowMs, nowMs) =>
      bounded(timeoutMs, async () => {
        const inWindow = (await read(key)).filter((t) => Number.isFinite(t) && t > nowMs - windowMs).sort((a, b) => a - b);
        return decided(inWindow.length, inWindow[0] ?? nowMs, limit, windowMs, nowMs);
      }),
    record: (key, windowMs, nowMs) =>
      bounded(timeoutMs, async () => {
        const inWindow = (await read(key)).filter((t) => Number.isFinite(t) && t > nowMs - windowMs);
        await write(key, [...inWindow, nowMs], windowMs);
      }),
    probe: () => timed(() => kv.get("health:probe")),
  };
}

// Upstash limiters by URL and token, built once per isolate: building one (two clients with a few
// hundred command closures each) cost 0.6-0.8 ms of CPU per request (docs/benchmarks.md, "Where
// the time goes"). They hold configuration only (see createUpstashLimiter). Bounded, for tests
// that point every request at another store.
const upstashLimiters = new Map<string, RateLimiter>();

/**
 * Upstash when both of its settings are present, unless RATE_LIMIT_STORE=kv asks for KV on
 * purpose; otherwise the KV binding (production refuses to start without Upstash unless
 * RATE_LIMIT_STORE=kv: see config.ts).
 */
export function createRateLimiter(
  env: Env,
  config: Pick<Config, "UPSTASH_REDIS_REST_URL" | "UPSTASH_REDIS_REST_TOKEN" | "RATE_LIMIT_STORE">,
): RateLimiter {
  const url = config.UPSTASH_REDIS_REST_URL;
  const token = config.UPSTASH_REDIS_REST_TOKEN;
  if (config.RATE_LIMIT_STORE === "kv" || !url || !token) return createKvLimiter(env.RATE_LIMIT_KV);
  const key = `${url} ${token}`;
  let limiter = upstashLimiters.get(key);
  if (!limiter) {
    if (upstashLimiters.size >= 16) upstashLimiters.clear();
    limiter = createUpstashLimiter(url, token);
    upstashLimiters.set(key, limiter);
  }
  return limiter;
}

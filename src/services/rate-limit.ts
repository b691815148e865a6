import { Redis } from "@upstash/redis";
import { decideSlidingLog, retryAfterSeconds } from "../domain/rate-limit";
import type { Config, Env } from "../env";

export type RateLimitResult = { allowed: boolean; remaining: number; retryAfterSeconds: number };
export type ProbeResult = { ok: boolean; latencyMs: number };

export interface RateLimiter {
  check(key: string, limit: number, windowMs: number, nowMs: number): Promise<RateLimitResult>;
  /** Reachability of the store, for the health endpoint. */
  probe(): Promise<ProbeResult>;
}

// One atomic step in Redis: trim the window, count, record only when allowed.
// Returns { allowed (0|1), count after, oldest counted timestamp }.
const SLIDING_LOG_LUA = `
local key = KEYS[1]
local now = tonumber(ARGV[1])
local window = tonumber(ARGV[2])
local limit = tonumber(ARGV[3])
redis.call('ZREMRANGEBYSCORE', key, '-inf', now - window)
local count = redis.call('ZCARD', key)
local allowed = 0
if count < limit then
  redis.call('ZADD', key, now, ARGV[4])
  redis.call('PEXPIRE', key, window)
  count = count + 1
  allowed = 1
end
local oldest = redis.call('ZRANGE', key, 0, 0, 'WITHSCORES')
return { allowed, count, tonumber(oldest[2] or now) }
`;

async function timed(fn: () => Promise<unknown>): Promise<ProbeResult> {
  const started = Date.now();
  try {
    await fn();
    return { ok: true, latencyMs: Date.now() - started };
  } catch {
    return { ok: false, latencyMs: Date.now() - started };
  }
}

function failOpen(key: string, limit: number, err: unknown): RateLimitResult {
  // Keep serving when the store is down; log the group only (never the token or the full key).
  console.error("rate limiter store unreachable; allowing request", key.split(":").slice(0, 2).join(":"), String(err));
  return { allowed: true, remaining: limit, retryAfterSeconds: 0 };
}

/** Production store: exact under concurrency (one Lua script per check). */
export function createUpstashLimiter(url: string, token: string): RateLimiter {
  const redis = new Redis({ url, token, retry: false, enableTelemetry: false });
  const script = redis.createScript<[number, number, number]>(SLIDING_LOG_LUA);
  return {
    async check(key, limit, windowMs, nowMs) {
      try {
        const member = `${nowMs}-${crypto.randomUUID()}`;
        const [allowed, count, oldest] = await script.exec([key], [String(nowMs), String(windowMs), String(limit), member]);
        return allowed === 1
          ? { allowed: true, remaining: Math.max(0, limit - count), retryAfterSeconds: 0 }
          : { allowed: false, remaining: 0, retryAfterSeconds: retryAfterSeconds(oldest, nowMs, windowMs) };
      } catch (err) {
        return failOpen(key, limit, err);
      }
    },
    probe: () => timed(() => redis.ping()),
  };
}

/**
 * Local default: the same sliding log as a JSON array in Workers KV. Approximate under
 * concurrency: KV is eventually consistent and has no compare-and-set, so simultaneous requests
 * from one IP can each read the same log and all pass. Production sets Upstash.
 */
export function createKvLimiter(kv: KVNamespace): RateLimiter {
  return {
    async check(key, limit, windowMs, nowMs) {
      try {
        const stored = (await kv.get<number[]>(key, "json")) ?? [];
        const decision = decideSlidingLog(Array.isArray(stored) ? stored : [], nowMs, limit, windowMs);
        if (decision.allowed) {
          await kv.put(key, JSON.stringify(decision.timestamps), { expirationTtl: Math.max(60, Math.ceil(windowMs / 1000) + 1) });
        }
        return { allowed: decision.allowed, remaining: decision.remaining, retryAfterSeconds: decision.retryAfterSeconds };
      } catch (err) {
        return failOpen(key, limit, err);
      }
    },
    probe: () => timed(() => kv.get("health:probe")),
  };
}

export function createRateLimiter(env: Env, config: Pick<Config, "UPSTASH_REDIS_REST_URL" | "UPSTASH_REDIS_REST_TOKEN">): RateLimiter {
  if (config.UPSTASH_REDIS_REST_URL && config.UPSTASH_REDIS_REST_TOKEN) {
    return createUpstashLimiter(config.UPSTASH_REDIS_REST_URL, config.UPSTASH_REDIS_REST_TOKEN);
  }
  return createKvLimiter(env.RATE_LIMIT_KV);
}

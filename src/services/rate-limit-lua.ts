import type { Redis } from "@upstash/redis";

// The Upstash limiter's Lua scripts (src/services/rate-limit.ts): each call is one atomic step in
// Redis and one HTTP round trip.

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

// The same count without recording: { count in window, oldest counted timestamp }.
const PEEK_LUA = `
local key = KEYS[1]
local now = tonumber(ARGV[1])
local window = tonumber(ARGV[2])
local count = redis.call('ZCOUNT', key, '(' .. (now - window), '+inf')
local oldest = redis.call('ZRANGEBYSCORE', key, '(' .. (now - window), '+inf', 'WITHSCORES', 'LIMIT', 0, 1)
return { count, tonumber(oldest[2] or now) }
`;

// SLIDING_LOG_LUA on KEYS[1], then PEEK_LUA on KEYS[2] (window ARGV[5]) only when allowed:
// { allowed, count, oldest, budget count, budget oldest } (the last two 0 when refused).
const CHECK_AND_PEEK_LUA = `
local now = tonumber(ARGV[1])
local window = tonumber(ARGV[2])
local limit = tonumber(ARGV[3])
redis.call('ZREMRANGEBYSCORE', KEYS[1], '-inf', now - window)
local count = redis.call('ZCARD', KEYS[1])
if count >= limit then
  local oldest = redis.call('ZRANGE', KEYS[1], 0, 0, 'WITHSCORES')
  return { 0, count, tonumber(oldest[2] or now), 0, 0 }
end
redis.call('ZADD', KEYS[1], now, ARGV[4])
redis.call('PEXPIRE', KEYS[1], window)
local oldest = redis.call('ZRANGE', KEYS[1], 0, 0, 'WITHSCORES')
local since = '(' .. (now - tonumber(ARGV[5]))
local budgetCount = redis.call('ZCOUNT', KEYS[2], since, '+inf')
local budgetOldest = redis.call('ZRANGEBYSCORE', KEYS[2], since, '+inf', 'WITHSCORES', 'LIMIT', 0, 1)
return { 1, count + 1, tonumber(oldest[2] or now), budgetCount, tonumber(budgetOldest[2] or now) }
`;

const RECORD_LUA = `
local key = KEYS[1]
local now = tonumber(ARGV[1])
local window = tonumber(ARGV[2])
redis.call('ZREMRANGEBYSCORE', key, '-inf', now - window)
redis.call('ZADD', key, now, ARGV[3])
redis.call('PEXPIRE', key, window)
return 1
`;

/**
 * A Lua script sent as EVALSHA (EVAL once Redis answers NOSCRIPT). Its SHA-1 is learnt by the first
 * call in an isolate and kept as a plain string: never a shared promise, which a later request
 * would await across request contexts.
 */
class LuaScript<T> {
  private sha: string | undefined;
  constructor(private readonly source: string) {}

  async exec(redis: Redis, keys: string[], args: string[]): Promise<T> {
    if (this.sha === undefined) {
      const digest = new Uint8Array(await crypto.subtle.digest("SHA-1", new TextEncoder().encode(this.source)));
      this.sha = Array.from(digest, (b) => b.toString(16).padStart(2, "0")).join("");
    }
    try {
      return await redis.evalsha<string[], T>(this.sha, keys, args);
    } catch (err) {
      if (!(err instanceof Error && err.message.toLowerCase().includes("noscript"))) throw err;
      return await redis.eval<string[], T>(this.source, keys, args);
    }
  }
}

export const slidingLog = new LuaScript<[number, number, number]>(SLIDING_LOG_LUA);
export const peekScript = new LuaScript<[number, number]>(PEEK_LUA);
export const recordScript = new LuaScript<number>(RECORD_LUA);
export const checkAndPeekScript = new LuaScript<[number, number, number, number, number]>(CHECK_AND_PEEK_LUA);

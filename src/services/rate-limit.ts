import type { Config, Env } from "../env";

export type RateLimitResult = { allowed: boolean; remaining: number; retryAfterSeconds: number };

export interface RateLimiter {
  check(key: string, limit: number, windowMs: number, nowMs: number): Promise<RateLimitResult>;
}

// Placeholder until the limiter stores land (issue: sliding-window rate limits): allows everything.
export function createRateLimiter(_env: Env, _config: Config): RateLimiter {
  return { check: async (_k, limit) => ({ allowed: true, remaining: limit, retryAfterSeconds: 0 }) };
}
